//! The ladder: each tier tried in order (exact, normalized, structural), the first to find a
//! place deciding. One place is the answer; several are an ambiguity unless the caller's line
//! hint singles one out, or — for `replace_all` — the set to replace; none is a miss with the
//! closest candidate.

use crate::error::LocateError;
use crate::lang::Language;
use crate::locate::exact;
use crate::locate::haystack::{Haystack, MAX_SYNTAX_BYTES};
use crate::locate::hint;
use crate::locate::normalized;
use crate::locate::query::{Found, Place, Query, Want};
use crate::locate::scope;
use crate::locate::structural;
use crate::options::Options;
use crate::outcome::{Code, Tier};
use crate::report::{self, LineRange, Report, TierOutcome, TierResult};
use crate::syntax::markers;
use std::ops::Range;

/// The ladder: each tier in order; the first to find a place wins. With `Want::One`, a
/// tier that finds several stops with ambiguity — unless a hint singles one out; with
/// `Want::All` it returns them all.
///
/// An `anchor` (apply_patch's `@@` lines, outermost first) keeps only the places inside
/// the scopes it names ([`crate::locate::scope`]); the rest of the rule (unique or refused) is
/// unchanged.
pub(crate) fn ladder(h: &Haystack, q: &Query<'_>, options: &Options) -> Result<Found, LocateError> {
    let scopes = match q.anchor {
        None => None,
        Some(anchor) => Some(scope::resolve(h, anchor).map_err(|missing| {
            LocateError::NotFound(Box::new(Report::anchor_missing(missing.trim())))
        })?),
    };
    let inside = |r: &Range<usize>| {
        scopes
            .as_ref()
            .is_none_or(|s| s.iter().any(|s| s.start <= r.start && r.end <= s.end))
    };
    let mut outcomes = Vec::new();
    for tier in [Tier::Exact, Tier::Normalized, Tier::Structural] {
        if tier > options.max_tier {
            let reason = format!("the max tier is {}", options.max_tier.name());
            outcomes.push(TierOutcome::new(tier, TierResult::Skipped { reason }));
            continue;
        }
        let mut found = match places(h, q, tier) {
            Ok(found) => found,
            Err(result) => {
                outcomes.push(TierOutcome::new(tier, result));
                continue;
            }
        };
        let all = found.len();
        found.retain(|m| inside(&m.range()));
        match found.len() {
            0 => outcomes.push(TierOutcome::new(tier, missed(tier, all))),
            1 => {
                return sibling_refusal(h, q.old, tier, &found[0])
                    .map_or(Ok(Found::plain(tier, found)), Err);
            }
            _ if q.want == Want::All => return Ok(Found::plain(tier, found)),
            _ => {
                let indented = (tier == Tier::Normalized)
                    .then(|| normalized::as_indented(h.text(), q.old, &found))
                    .flatten();
                return match indented {
                    Some(one) => Ok(Found::plain(tier, vec![found.swap_remove(one)])),
                    None => choose(h, q, tier, found, outcomes),
                };
            }
        }
    }
    let closest = if q.closest {
        crate::locate::closest::closest(
            h.text(),
            h.index(),
            h.folded(),
            q.old,
            q.hint.map(|h| h.line),
        )
    } else {
        None
    };
    let too_complex = outcomes.iter().find_map(|o| match &o.result {
        TierResult::TooComplex { reason } => Some(reason.clone()),
        _ => None,
    });
    Err(match too_complex {
        Some(reason) => {
            LocateError::TooComplex(Box::new(Report::too_complex(outcomes, closest, &reason)))
        }
        None => LocateError::NotFound(Box::new(Report::not_found(outcomes, closest))),
    })
}

/// The refusal of the normalized tier's one place when `old`, at its own indentation, reads
/// as another run of the file that changed since ([`normalized::changed_sibling`]).
fn sibling_refusal(h: &Haystack, old: &str, tier: Tier, place: &Place) -> Option<LocateError> {
    let Place::Text(m) = place else { return None };
    if tier != Tier::Normalized {
        return None;
    }
    let start = normalized::changed_sibling(h.text(), h.index(), old, m)?;
    let lines = h.line_range(&m.range);
    let copied = start + 1;
    Some(LocateError::Refused {
        tier,
        lines,
        code: Code::Ambiguous,
        reason: format!(
            "`old`, with its indentation folded, equals {} at another depth, while at its own \
             indentation it reads as the lines from {copied} on, which changed since: re-read \
             both places and send `old` as the file has it now",
            lines.phrase()
        ),
    })
}

/// The places `tier` finds for `q.old` (anchor scopes not applied yet), or what the tier
/// reports instead: on the exact tier, occurrences inside words are left out when
/// `replace_all` or when some occurrence is not inside a word, and a single occurrence
/// inside a word is reported as such.
fn places(h: &Haystack, q: &Query<'_>, tier: Tier) -> Result<Vec<Place>, TierResult> {
    let old = q.old;
    let mut found: Vec<Place> = match tier {
        Tier::Exact => {
            let comments = h.language().map_or(&[][..], Language::line_comments);
            exact::find(h.text(), h.index(), old, q.new, comments)
        }
        .into_iter()
        .map(Place::Text)
        .collect(),
        Tier::Normalized => h.normalized(old).into_iter().map(Place::Text).collect(),
        Tier::Structural => structural(h, old)?,
    };
    let in_word = |p: &Place| matches!(p, Place::Text(m) if exact::inside_word(h.text(), m));
    if tier == Tier::Exact && (q.want == Want::All || found.iter().any(|p| !in_word(p))) {
        // `replace_all` of `count` leaves `account` and `counter` alone; so does one edit
        // of `count = 0;` where the file also has `retry_count = 0;`.
        found.retain(|p| !in_word(p));
    }
    if let [Place::Text(m)] = found.as_slice()
        && tier == Tier::Exact
        && exact::inside_word(h.text(), m)
    {
        let lines = h.line_range(&m.range);
        return Err(TierResult::InsideWord { lines });
    }
    Ok(found)
}

/// What a tier that found `all` places, none inside the anchor's scopes, reports.
fn missed(tier: Tier, all: usize) -> TierResult {
    match all {
        0 if tier == Tier::Structural => TierResult::NoEquivalent,
        0 => TierResult::NoPlace,
        count => TierResult::OutsideScope { count },
    }
}

/// Several places `found` by `tier` for a `Want::One`: the one the query's hint singles out
/// (noted as decided), or an ambiguity whose report lists them after the tiers tried before
/// (`outcomes`) and says why the hint could not choose.
fn choose(
    h: &Haystack,
    q: &Query<'_>,
    tier: Tier,
    mut found: Vec<Place>,
    mut outcomes: Vec<TierOutcome>,
) -> Result<Found, LocateError> {
    let candidates: Vec<LineRange> = found.iter().map(|m| h.line_range(&m.range())).collect();
    let decision = q.hint.map(|h| {
        if found.iter().any(|m| matches!(m, Place::Equivalent(_))) {
            Err(h.cannot_choose_structural())
        } else {
            h.pick(&candidates)
        }
    });
    if let (Some(h), Some(Ok(i))) = (q.hint, &decision) {
        let mut chosen = Found::plain(tier, vec![found.swap_remove(*i)]);
        chosen.hint_decided = h.source == hint::HintSource::Caller;
        chosen.notes.push(h.decided(candidates[*i], &candidates));
        return Ok(chosen);
    }
    let places = TierResult::Places {
        lines: candidates
            .iter()
            .take(report::MAX_LISTED)
            .copied()
            .collect(),
        count: candidates.len(),
    };
    outcomes.push(TierOutcome::new(tier, places));
    let mut report = Report::ambiguous(outcomes, candidates);
    if let Some(Err(why)) = decision {
        report.hint.push_str(&format!("; {why}"));
    }
    Err(LocateError::Ambiguous(Box::new(report)))
}

/// The structural tier's places for `old`, or why it has none (as the report words it).
/// Equivalent places beyond the first are returned without a token alignment: they serve
/// to report ambiguity, which is all a second place can lead to.
pub(crate) fn structural(h: &Haystack, old: &str) -> Result<Vec<Place>, TierResult> {
    let skipped = |reason: String| Err(TierResult::Skipped { reason });
    if markers::reading(old, h.language()) == markers::Reading::Markers {
        // The structural tier reads `// ...` as a comment and would match the parts
        // around it as if they were adjacent; an elision is the elision repair's to place.
        return skipped(
            "`old` has an elision marker line (`...`, `// ...`); see the elision repair".into(),
        );
    }
    if let Some(language) = h.language().filter(|l| !l.is_built()) {
        return skipped(language.not_built());
    }
    if h.language().is_some()
        && let Some(reason) = structural::budget::over_budget(old)
    {
        return Err(TierResult::TooComplex { reason });
    }
    if h.language().is_some() && h.text().len() > MAX_SYNTAX_BYTES {
        return skipped(format!(
            "the file is larger than {} MiB",
            MAX_SYNTAX_BYTES >> 20
        ));
    }
    // Windows around `old`'s rarest token first; the whole file when they cannot decide.
    let windowed = match (h.language(), h.syntax_asked()) {
        (Some(language), false) => structural::windows::locate(language, h.text(), old, h.warm()),
        _ => None,
    };
    let outcome = match windowed {
        Some(outcome) => outcome,
        None => {
            let Some(syntax) = h.syntax() else {
                return skipped(format!(
                    "no grammar for `{}` (known: .ts .mts .cts .tsx .js .mjs .cjs .jsx .py .pyi .go .rs; or give a language)",
                    h.name()
                ));
            };
            structural::locate(syntax, h.text(), old)
        }
    };
    match outcome {
        structural::Outcome::Unique(found) => Ok(vec![Place::Syntax(found)]),
        structural::Outcome::Ambiguous(ranges) => {
            Ok(ranges.into_iter().map(Place::Equivalent).collect())
        }
        structural::Outcome::NotFound(None) => Err(TierResult::NoEquivalent),
        structural::Outcome::NotFound(Some(c)) => Err(TierResult::Closest {
            lines: h.line_range(&c.range),
            similarity: c.similarity,
            identifiers: c.identifiers,
            literals: c.literals,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(old: &str, want: Want) -> Query<'_> {
        Query {
            old,
            new: None,
            want,
            anchor: None,
            hint: None,
            closest: false,
        }
    }

    #[test]
    fn the_exact_tier_keeps_words_whole() {
        let h = Haystack::new("let count = 1;\naccount += count;\n");
        let all = places(&h, &query("count", Want::All), Tier::Exact).unwrap();
        let ranges: Vec<Range<usize>> = all.iter().map(Place::range).collect();
        assert_eq!(ranges, [4..9, 26..31]);
        let inside = places(&h, &query("ccoun", Want::One), Tier::Exact).unwrap_err();
        assert_eq!(
            inside,
            TierResult::InsideWord {
                lines: LineRange { start: 2, end: 2 }
            }
        );
    }

    #[test]
    fn a_tier_s_miss_says_whether_the_scope_left_places_out() {
        assert_eq!(missed(Tier::Exact, 0), TierResult::NoPlace);
        assert_eq!(missed(Tier::Structural, 0), TierResult::NoEquivalent);
        assert_eq!(
            missed(Tier::Normalized, 2),
            TierResult::OutsideScope { count: 2 }
        );
    }

    #[test]
    fn several_places_without_a_hint_are_an_ambiguity() {
        let h = Haystack::new("x = 1\ny = 2\nx = 1\n");
        let err = ladder(&h, &query("x = 1", Want::One), &Options::default()).unwrap_err();
        let LocateError::Ambiguous(report) = err else {
            panic!("{err:?}");
        };
        assert_eq!(
            report.candidates,
            [
                LineRange { start: 1, end: 1 },
                LineRange { start: 3, end: 3 }
            ]
        );
        assert_eq!(
            report.tiers.last().map(|t| &t.result),
            Some(&TierResult::Places {
                lines: report.candidates.clone(),
                count: 2
            })
        );
    }
}
