//! Repairs: the predictable ways models garble `old` and `new`, tried only after the plain
//! ladder found nothing.
//!
//! One mechanism: a repair is a transformation of (`old`, `new`) — strip line-number prefixes,
//! decode HTML entities, decode a double-encoded string — and the transformed edit goes
//! through the same ladder, the same writers and the same rules (unique or refused, the
//! file's bytes kept). Elision is the one repair that needs a locate of its own
//! ([`elision`]): the parts around its markers are each located with the ladder.
//!
//! The repairs that apply to an edit are found in one pass ([`Repair::ALL`] order, each
//! tested on the output of the ones before it); then every combination of them is tried,
//! fewest first, and the first that locates (or is ambiguous, or refused) decides. A result
//! names the repairs it needed; a not-found report says why each did not apply or what it
//! found.

pub(crate) mod double_encoded;
pub(crate) mod elision;
pub(crate) mod entities;
pub(crate) mod line_numbers;
pub(crate) mod markers;

use crate::error::LocateError;
use crate::locate::haystack::Haystack;
use crate::locate::hint::{Hint, Source};
use crate::locate::ladder::ladder;
use crate::locate::query::{Found, Query, RepairedText, Want};
use crate::options::Options;
pub(crate) use crate::outcome::Repair;
use crate::report::RepairOutcome;

/// `a+b` for a combination of repairs.
pub(crate) fn names(repairs: &[Repair]) -> String {
    repairs
        .iter()
        .map(|r| r.name())
        .collect::<Vec<_>>()
        .join("+")
}

/// An edit's text as the repairs so far left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Text {
    pub old: String,
    /// `None` when only locating.
    pub new: Option<String>,
    /// The line numbers stripped from `old`, as evidence of where it is.
    pub numbers: Option<line_numbers::Evidence>,
}

impl Text {
    pub fn new(old: &str, new: Option<&str>) -> Text {
        Text {
            old: old.to_string(),
            new: new.map(str::to_string),
            numbers: None,
        }
    }
}

/// One repair applied to `text`, or why it does not apply.
fn apply(repair: Repair, text: &Text, want: Want) -> Result<Text, String> {
    match repair {
        Repair::DoubleEncoded => double_encoded::apply(text),
        Repair::LineNumbers => line_numbers::apply(text),
        Repair::HtmlEntities => entities::apply(text),
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
        let hint = match attempt.text.numbers {
            Some(e) => Some(Hint {
                line: e.claimed.start,
                window: line_numbers::TOLERANCE,
                source: Source::LineNumbers,
            }),
            None => options.line_hint.map(Hint::caller),
        };
        let query = Query {
            old: &attempt.text.old,
            want,
            anchor,
            hint,
            closest: false,
        };
        let result = if attempt.repairs.contains(&Repair::Elision) {
            elision::elide(h, &query, options)
        } else {
            ladder(h, &query, options)
        };
        match result {
            Ok(mut found) => {
                if let Some(evidence) = attempt.text.numbers {
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
                found.repairs = attempt.repairs;
                found.text = Some(RepairedText {
                    old: attempt.text.old,
                    new: attempt.text.new,
                });
                return Repaired::Found(found);
            }
            Err(LocateError::NotFound(report)) => {
                let outcome = if report.tiers.is_empty() {
                    report.hint.clone()
                } else {
                    report
                        .tiers
                        .iter()
                        .map(|t| format!("{} {}", t.tier.name(), t.outcome))
                        .collect::<Vec<_>>()
                        .join("; ")
                };
                outcomes.push(RepairOutcome::new(&label, format!("tried: {outcome}")));
            }
            Err(mut e) => {
                if let LocateError::Ambiguous(report) = &mut e {
                    report.repairs.push(RepairOutcome::new(
                        &label,
                        format!("located `old` in {} places", report.candidates.len()),
                    ));
                    report.hint = format!("after repair {label}: {}", report.hint);
                }
                return Repaired::Stop(e);
            }
        }
    }
    Repaired::Failed(outcomes)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(outcomes.len(), 2, "{outcomes:?}");
    }
}
