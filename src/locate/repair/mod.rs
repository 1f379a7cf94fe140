//! Repairs: the predictable ways models garble `old` and `new`, tried only after the plain
//! ladder found nothing.
//!
//! One mechanism: a repair is a transformation of (`old`, `new`) — strip line-number prefixes,
//! decode HTML entities, decode a double-encoded string, strip partial block-comment lines at
//! `old`'s edges ([`comment_edges`]) — and the transformed edit goes
//! through the same ladder, the same writers and the same rules (unique or refused, the
//! file's bytes kept). Elision is the one repair that needs a locate of its own
//! ([`elision`]): the parts around its markers are each located with the ladder.
//!
//! The repairs that apply to an edit are found in one pass ([`Repair::ALL`] order, each
//! tested on the output of the ones before it); then every combination of them is tried,
//! fewest first, and the first that locates (or is ambiguous, or refused) decides. A result
//! names the repairs it needed; a not-found report says why each did not apply or what it
//! found.

pub(crate) mod comment_edges;
pub(crate) mod double_encoded;
pub(crate) mod elision;
pub(crate) mod entities;
pub(crate) mod line_numbers;
mod text;

use crate::error::LocateError;
use crate::locate::haystack::Haystack;
use crate::locate::hint::{Hint, HintSource};
use crate::locate::ladder::ladder;
use crate::locate::query::{Found, Query, RepairedText, Want};
use crate::options::Options;
pub(crate) use crate::outcome::Repair;
use crate::report::{RepairOutcome, Report};
use crate::syntax::markers;
use text::{TOLERANCE, Text};

/// `a+b` for a combination of repairs.
pub(crate) fn names(repairs: &[Repair]) -> String {
    repairs
        .iter()
        .map(|r| r.name())
        .collect::<Vec<_>>()
        .join("+")
}

/// One repair applied to `text`, or why it does not apply.
fn apply(repair: Repair, text: &Text, want: Want) -> Result<Text, String> {
    match repair {
        Repair::DoubleEncoded => double_encoded::apply(text),
        Repair::LineNumbers => line_numbers::apply(text),
        Repair::HtmlEntities => entities::apply(text),
        Repair::CommentEdges => comment_edges::apply(text),
        Repair::Elision if want == Want::All => {
            Err("not with replace_all (every occurrence)".to_string())
        }
        Repair::Elision if !markers::has_marker(&text.old) => {
            Err("no line of `old` is only an elision marker (`...`, `// ...`)".to_string())
        }
        Repair::Elision => Ok(text.clone()),
    }
}

/// A combination of repairs to try and the edit it makes.
struct Attempt {
    repairs: Vec<Repair>,
    text: Text,
}

/// The combinations worth trying, fewest repairs first, and why the other repairs do not apply.
fn attempts(old: &str, new: Option<&str>, want: Want) -> (Vec<Attempt>, Vec<RepairOutcome>) {
    let start = Text::new(old, new);
    let mut outcomes = Vec::new();
    let mut applicable = Vec::new();
    let mut text = start.clone();
    for repair in Repair::ALL {
        match apply(repair, &text, want) {
            Ok(next) => {
                applicable.push(repair);
                text = next;
            }
            Err(why) => outcomes.push(RepairOutcome::new(
                repair.name(),
                format!("not applicable: {why}"),
            )),
        }
    }
    let mut masks: Vec<u32> = (1..1u32 << applicable.len()).collect();
    masks.sort_by_key(|m| (m.count_ones(), *m));
    let attempts = masks
        .into_iter()
        .filter_map(|mask| {
            let repairs: Vec<Repair> = (0..applicable.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| applicable[i])
                .collect();
            let text = repairs
                .iter()
                .try_fold(start.clone(), |t, &r| apply(r, &t, want).ok())?;
            Some(Attempt { repairs, text })
        })
        .collect();
    (attempts, outcomes)
}

/// What the repairs came to.
pub(crate) enum Repaired {
    /// A combination located `old`.
    Found(Found),
    /// None did: why each did not apply or what it found.
    Failed(Vec<RepairOutcome>),
    /// A combination located `old` ambiguously, or where its line numbers contradict: the
    /// answer, as for a plain `old`.
    Stop(LocateError),
}

/// Tries the repairs after the plain ladder found nothing (see the module docs).
pub(crate) fn repair(
    h: &Haystack,
    old: &str,
    new: Option<&str>,
    options: &Options,
    want: Want,
    anchor: Option<&str>,
) -> Repaired {
    let (attempts, mut outcomes) = attempts(old, new, want);
    for attempt in attempts {
        let label = names(&attempt.repairs);
        let query = Query {
            old: &attempt.text.old,
            new: attempt.text.new.as_deref(),
            want,
            anchor,
            hint: attempt.hint(options),
            closest: false,
        };
        let result = if attempt.repairs.contains(&Repair::Elision) {
            elision::elide(h, &query, options)
        } else {
            ladder(h, &query, options)
        };
        match result {
            Ok(found) if !attempt.edges_around(h, &found) => outcomes.push(RepairOutcome::new(
                &label,
                "located `old` where the file lacks the comment lines stripped from its edges"
                    .to_string(),
            )),
            Ok(found) => return attempt.found(h, found, &label),
            Err(LocateError::NotFound(report)) => {
                outcomes.push(RepairOutcome::new(
                    &label,
                    format!("tried: {}", tried(&report)),
                ));
            }
            // The stripped comment lines are part of what `old` denotes: places without
            // them are not `old`'s, so several places are no answer (nor a refusal).
            Err(LocateError::Ambiguous(report)) if attempt.text.edges.is_some() => {
                outcomes.push(RepairOutcome::new(
                    &label,
                    format!(
                        "located what is left of `old` in {} places",
                        report.candidates.len()
                    ),
                ));
            }
            Err(e) => return Repaired::Stop(after_repair(e, &label)),
        }
    }
    Repaired::Failed(outcomes)
}

impl Attempt {
    /// Whether every place `found` has the comment lines the comment-edges repair stripped
    /// right around it (true when that repair is not in the attempt).
    fn edges_around(&self, h: &Haystack, found: &Found) -> bool {
        let Some(edges) = &self.text.edges else {
            return true;
        };
        found.places.iter().all(|p| {
            let lines = h.line_range(&p.range());
            edges.check(h.text(), lines.start - 1, lines.end - 1)
        })
    }

    /// The line hint to locate with: where the stripped line numbers put `old` (within
    /// [`TOLERANCE`] lines), else the caller's.
    fn hint(&self, options: &Options) -> Option<Hint> {
        match self.text.numbers {
            Some(e) => Some(Hint {
                line: e.claimed.start,
                window: TOLERANCE,
                source: HintSource::LineNumbers,
            }),
            None => options.line_hint.map(Hint::caller),
        }
    }

    /// The attempt's result once it located `old` (`label` naming its repairs): `found` with
    /// the repairs and the repaired text, and a note per place on the stripped line numbers —
    /// or the refusal when a place contradicts them.
    fn found(self, h: &Haystack, mut found: Found, label: &str) -> Repaired {
        if let Some(evidence) = self.text.numbers {
            for place in &found.places {
                let lines = h.line_range(&place.range());
                match evidence.check(lines) {
                    Ok(note) => found.notes.push(note),
                    Err(reason) => {
                        return Repaired::Stop(LocateError::Refused {
                            tier: found.tier,
                            lines,
                            code: crate::outcome::Code::HintContradiction,
                            reason: format!("repair {label}: {reason}"),
                        });
                    }
                }
            }
        }
        found.repairs = self.repairs;
        found.text = Some(RepairedText {
            old: self.text.old,
            new: self.text.new,
        });
        Repaired::Found(found)
    }
}

/// What a repaired `old` that was not found came to, as a repair outcome says it: each tier's
/// outcome, or the report's hint when no tier ran.
fn tried(report: &Report) -> String {
    if report.tiers.is_empty() {
        report.hint.clone()
    } else {
        report
            .tiers
            .iter()
            .map(|t| format!("{} {}", t.tier.name(), t.outcome()))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// An error that stops the repairs (`label` naming the repairs that led to it): an
/// ambiguity says which repair found the places.
fn after_repair(mut e: LocateError, label: &str) -> LocateError {
    if let LocateError::Ambiguous(report) = &mut e {
        report.repairs.push(RepairOutcome::new(
            label,
            format!("located `old` in {} places", report.candidates.len()),
        ));
        report.hint = format!("after repair {label}: {}", report.hint);
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_miss_says_what_each_tier_found_and_an_ambiguity_names_the_repairs() {
        use crate::outcome::Tier;
        use crate::report::{LineRange, TierOutcome, TierResult};
        let mut miss = Report::not_found(Vec::new(), None);
        miss.hint = "`old` is only elision markers".to_string();
        assert_eq!(tried(&miss), "`old` is only elision markers");
        let miss = Report::not_found(
            vec![
                TierOutcome::new(Tier::Exact, TierResult::NoPlace),
                TierOutcome::new(Tier::Normalized, TierResult::NoPlace),
            ],
            None,
        );
        assert_eq!(
            tried(&miss),
            "exact 0 occurrences; normalized 0 occurrences"
        );
        let places = vec![
            LineRange { start: 1, end: 2 },
            LineRange { start: 7, end: 8 },
        ];
        let e = LocateError::Ambiguous(Box::new(Report::ambiguous(Vec::new(), places)));
        let LocateError::Ambiguous(report) = after_repair(e, "line-numbers") else {
            panic!("still an ambiguity");
        };
        assert_eq!(report.repairs.len(), 1);
        assert!(
            report
                .hint
                .starts_with("after repair line-numbers: `old` matches 2 places"),
            "{}",
            report.hint
        );
    }

    #[test]
    fn combinations_fewest_first() {
        let (attempts, outcomes) = attempts("  1 | a &lt; b\n", Some("  1 | a > b\n"), Want::One);
        let tried: Vec<String> = attempts.iter().map(|a| names(&a.repairs)).collect();
        assert_eq!(
            tried,
            [
                "line-numbers",
                "html-entities",
                "line-numbers+html-entities"
            ]
        );
        assert_eq!(attempts[2].text.old, "a < b\n");
        assert_eq!(outcomes.len(), 3, "{outcomes:?}");
    }
}
