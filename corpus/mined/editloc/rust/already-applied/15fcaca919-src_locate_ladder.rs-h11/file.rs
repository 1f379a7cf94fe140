//! The ladder: each tier tried in order (exact, normalized, structural), the first to find a
//! place deciding. One place is the answer; several are an ambiguity unless the caller's line
//! hint singles one out, or — for `replace_all` — the set to replace; none is a miss with the
//! closest candidate.

use crate::error::LocateError;
use crate::locate::exact;
use crate::locate::haystack::{Haystack, MAX_SYNTAX_BYTES};
use crate::locate::hint;
use crate::locate::query::{Found, Place, Query, Want};
use crate::locate::repair::markers;
use crate::locate::scope;
use crate::locate::structural;
use crate::options::Options;
use crate::outcome::Tier;
use crate::report::{self, LineRange, Report, TierOutcome};
use std::ops::Range;

/// The ladder: each tier in order; the first to find a place wins. With `Want::One`, a
/// tier that finds several stops with ambiguity — unless a hint singles one out; with
/// `Want::All` it returns them all.
///
/// An `anchor` (apply_patch's `@@` lines, outermost first) keeps only the places inside
/// the scopes it names ([`crate::locate::scope`]); the rest of the rule (unique or refused) is
/// unchanged.
pub(crate) fn ladder(h: &Haystack, q: &Query<'_>, options: &Options) -> Result<Found, LocateError> {
    let old = q.old;
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
            outcomes.push(TierOutcome::new(
                tier,
                format!("skipped (max tier is {})", options.max_tier.name()),
            ));
            continue;
        }
        let mut found: Vec<Place> = match tier {
            Tier::Exact => exact::find(h.text(), h.index(), old)
                .into_iter()
                .map(Place::Text)
                .collect(),
            Tier::Normalized => h.normalized(old).into_iter().map(Place::Text).collect(),
            Tier::Structural => match structural(h, old) {
                Ok(found) => found,
                Err(outcome) => {
                    outcomes.push(TierOutcome::new(tier, outcome));
                    continue;
                }
            },
        };
        if tier == Tier::Exact && q.want == Want::All {
            // `replace_all` of `count` leaves `account` and `counter` alone.
            found.retain(|m| !matches!(m, Place::Text(m) if exact::inside_word(h.text(), m)));
        }
        if let [Place::Text(m)] = found.as_slice()
            && tier == Tier::Exact
            && exact::inside_word(h.text(), m)
        {
            outcomes.push(TierOutcome::new(
                tier,
                format!(
                    "1 occurrence, inside a longer word at {} (not taken)",
                    h.line_range(&m.range).phrase()
                ),
            ));
            continue;
        }
        let all = found.len();
        found.retain(|m| inside(&m.range()));
        match found.len() {
            0 if all > 0 => outcomes.push(TierOutcome::new(
                tier,
                format!("{all} occurrences, none inside the `@@` scope"),
            )),
            0 => outcomes.push(TierOutcome::new(tier, "0 occurrences".to_string())),
            1 => return Ok(Found::plain(tier, found)),
            _ if q.want == Want::All => return Ok(Found::plain(tier, found)),
            _ => {
                let candidates: Vec<LineRange> =
                    found.iter().map(|m| h.line_range(&m.range())).collect();
                let decision = q.hint.map(|h| {
                    if found.iter().any(|m| matches!(m, Place::Equivalent(_))) {
                        Err(h.cannot_choose_structural())
                    } else {
                        h.pick(&candidates)
                    }
                });
                if let (Some(h), Some(Ok(i))) = (q.hint, &decision) {
                    let mut chosen = Found::plain(tier, vec![found.swap_remove(*i)]);
                    chosen.hint_decided = h.source == hint::Source::Caller;
                    chosen.notes.push(h.decided(candidates[*i], &candidates));
                    return Ok(chosen);
                }
                outcomes.push(TierOutcome::new(
                    tier,
                    format!(
                        "{} places ({})",
                        candidates.len(),
                        report::list_lines(&candidates)
                    ),
                ));
                let mut report = Report::ambiguous(outcomes, candidates);
                if let Some(Err(why)) = decision {
                    report.hint.push_str(&format!("; {why}"));
                }
                return Err(LocateError::Ambiguous(Box::new(report)));
            }
        }
    }
    let closest = if q.closest {
        report::closest(h.text(), h.index(), h.folded(), old)
    } else {
        None
    };
    Err(LocateError::NotFound(Box::new(Report::not_found(
        outcomes, closest,
    ))))
}

/// The structural tier's places for `old`, or why it has none (as the report words it).
/// Equivalent places beyond the first are returned without a token alignment: they serve
/// to report ambiguity, which is all a second place can lead to.
pub(crate) fn structural(h: &Haystack, old: &str) -> Result<Vec<Place>, String> {
    if markers::reading(old, h.language()) == markers::Reading::Markers {
        // The structural tier reads `// ...` as a comment and would match the parts
        // around it as if they were adjacent; an elision is the elision repair's to place.
        return Err(
            "skipped: `old` has an elision marker line (`...`, `// ...`); see the elision repair"
                .to_string(),
        );
    }
    if let Some(language) = h.language().filter(|l| !l.is_built()) {
        return Err(format!("skipped: {}", language.not_built()));
    }
    if h.language().is_some() && h.text().len() > MAX_SYNTAX_BYTES {
        return Err(format!(
            "skipped: the file is larger than {} MiB",
            MAX_SYNTAX_BYTES >> 20
        ));
    }
    let Some(syntax) = h.syntax() else {
        return Err(format!(
            "skipped: no grammar for `{}` (known: .ts .mts .cts .tsx .js .mjs .cjs .jsx .py .pyi .go .rs; or give a language)",
            h.name()
        ));
    };
    match structural::locate(syntax, h.text(), old) {
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
