//! Before writing: does the file already say what `new` says, or do the file and `new` both
//! add the same thing? `new` strictly around `old`'s place, `new` found where `old` is
//! missing, and text `new` puts in front of `old` that the file already has there.

use crate::error::LocateError;
use crate::locate::exact;
use crate::locate::haystack::Haystack;
use crate::locate::ladder;
use crate::locate::normalized;
use crate::locate::query::{Place, Query, Want};
use crate::options::Options;
use crate::outcome::Tier;
use crate::report::{LineRange, Report, TierResult};
use crate::text::splits_word;
use std::ops::Range;

/// Where `new` already stands around the place found for `old`, by the same tier — `new`
/// adds to `old` (`async ` before a header, a decorator line above it, an import after
/// it) and the file already has the addition: writing again would double it.
pub(crate) fn new_around(
    h: &Haystack,
    tier: Tier,
    place: &Place,
    new: &str,
) -> Option<Range<usize>> {
    if new.trim().is_empty() {
        return None;
    }
    let at = match place {
        Place::Text(m) => m.exact.clone().unwrap_or_else(|| m.range.clone()),
        other => other.range(),
    };
    let places: Vec<Range<usize>> = match tier {
        // Only occurrences that can hold `at` are looked for.
        Tier::Exact => exact::occurrences(
            h.text(),
            new,
            at.end.saturating_sub(new.len())..at.start + new.len(),
        ),
        Tier::Normalized => {
            // A place holding `at` spans no more lines than `new` has.
            let (first, last) = h.index().line_span(&at);
            let height = crate::text::lines::model_lines(new).0.len();
            let within = normalized::around(h.text(), h.index(), first - 1..last, height);
            h.normalized_in(new, within)
                .into_iter()
                .map(|m| m.range)
                .collect()
        }
        Tier::Structural => ladder::structural(h, new)
            .ok()?
            .iter()
            .map(|p| p.range().clone())
            .collect(),
    };
    // Strictly around: `new` says more than `old` there. The same place means `new`
    // differs from `old` only in what this tier folds (a whitespace-only edit).
    places
        .into_iter()
        .find(|p| p.start <= at.start && at.end <= p.end && *p != at)
}

/// Text `new` adds in front of `old` that the file already has in front of the place
/// found (`async ` before `function load(`): writing would double it. Three-way, it is a
/// conflict — the file and `new` both added it — and is refused rather than guessed.
pub(crate) fn doubled_prefix(
    h: &Haystack,
    at: &Range<usize>,
    old: &str,
    new: &str,
) -> Option<String> {
    let (o, n) = (old.trim_start(), new.trim_start());
    let first = o
        .split(|c: char| c.is_whitespace())
        .next()
        .filter(|w| !w.is_empty())?;
    let prefix = n[..n.find(first)?].trim();
    if prefix.is_empty() || o.starts_with(prefix) {
        return None;
    }
    let before = h.text()[..at.start].trim_end();
    let start = before.strip_suffix(prefix)?.len();
    (!splits_word(before, start..before.len())).then(|| prefix.to_string())
}

/// When `old` is not found, `new` found in one place means the edit was made before.
///
/// "Where `old` would be" is where the miss report's closest candidate for `old` is (the text
/// search's or the structural tier's): `new` found elsewhere (or with no candidate for `old` at
/// all) proves nothing about this edit.
pub(crate) fn already_applied(
    h: &Haystack,
    old: &str,
    new: &str,
    options: &Options,
    missed: &Report,
) -> Option<LocateError> {
    if new.trim().is_empty() || only_removes(old, new) {
        return None;
    }
    // The text search's closest candidate and the structural tier's.
    let near: Vec<LineRange> = missed
        .closest
        .iter()
        .map(|c| c.lines)
        .chain(missed.tiers.iter().filter_map(|t| match &t.result {
            TierResult::Closest { lines, .. } => Some(*lines),
            _ => None,
        }))
        .collect();

    let query = Query {
        old: new,
        want: Want::One,
        anchor: None,
        hint: None,
        closest: false,
    };
    let found = ladder::ladder(h, &query, options).ok()?;
    let place = found.places[0].range();
    let at = h.line_range(&place);
    let overlaps = near.iter().any(|n| at.start <= n.end && n.start <= at.end);
    // Or `old` reads at least as much like `new`'s place as like its closest candidate.
    let best = missed.closest.as_ref().map_or(0.0, |c| c.similarity);
    let here = similarity(old, &h.text()[place]);
    (overlaps || here >= best)
        .then(|| LocateError::AlreadyApplied(Box::new(Report::already_applied(at))))
}

/// How alike two texts are, 0..1, by characters once each line is folded (as the miss
/// report's closest candidate is scored).
fn similarity(a: &str, b: &str) -> f64 {
    let fold = |s: &str| -> String {
        crate::text::lines::model_lines(s)
            .0
            .into_iter()
            .map(crate::text::fold::fold_line)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let ratio = similar::TextDiff::from_chars(fold(a).as_str(), fold(b).as_str()).ratio();
    (f64::from(ratio) * 100.0).round() / 100.0
}

/// `new` only removes lines of `old` (its lines, folded, are a subsequence of `old`'s): finding
/// `new` in the file then proves nothing about an earlier application, since the file always
/// had those lines.
fn only_removes(old: &str, new: &str) -> bool {
    let folded = |s: &str| -> Vec<String> {
        crate::text::lines::model_lines(s)
            .0
            .into_iter()
            .map(crate::text::fold::fold_line)
            .filter(|l| !l.is_empty())
            .collect()
    };
    let (old, new) = (folded(old), folded(new));
    let mut rest = old.iter();
    new.iter().all(|n| rest.any(|o| o == n))
}
