//! Before writing: does the file already say what `new` says, or do the file and `new` both
//! add the same thing? `new` strictly around `old`'s place, `new` found where `old` is
//! missing, and text `new` puts in front of `old` that the file already has there.

use crate::error::LocateError;
use crate::locate::closest;
use crate::locate::exact;
use crate::locate::haystack::Haystack;
use crate::locate::ladder;
use crate::locate::normalized;
use crate::locate::query::{Place, Query, Want};
use crate::locate::structural;
use crate::options::Options;
use crate::outcome::Tier;
use crate::report::{LineRange, Report, TierResult};
use crate::syntax::markers;
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
        // Only places that can hold `at`: in windows around it.
        Tier::Structural => {
            if markers::reading(new, h.language()) == markers::Reading::Markers {
                return None;
            }
            structural::windows::places_around(
                h.language()?,
                h.text(),
                new,
                &at,
                h.parsed_syntax().or(place.syntax(|| None)),
                h.warm(),
                || h.syntax(),
            )
        }
    };
    // Strictly around: `new` says more than `old` there. The same place means `new`
    // differs from `old` only in what this tier folds (a whitespace-only edit).
    places
        .into_iter()
        .find(|p| p.start <= at.start && at.end <= p.end && *p != at)
}

/// Where `new` already stands, byte for byte, away from the place a folding tier found for
/// `old`, while `old` as the model spelled it reads at least as much like that place as like
/// the one found: the model quotes the text the edit was made on, and the file has the edit
/// made there (a gofmt-aligned twin of the line elsewhere is not what the model saw).
pub(crate) fn new_elsewhere(
    h: &Haystack,
    tier: Tier,
    place: &Range<usize>,
    old: &str,
    new: &str,
) -> Option<Range<usize>> {
    if tier == Tier::Exact || new.trim().is_empty() || only_removes(old, new) {
        return None;
    }
    let text = h.text();
    let [at] = &exact::occurrences(text, new, 0..text.len())[..] else {
        return None;
    };
    let at = at.clone();
    let apart = at.end <= place.start || place.end <= at.start;
    // Bounded as the closest-candidate search is: past its budget, line by line.
    let mut budget = closest::REFINE_BUDGET;
    let mut spelled =
        |p: &Range<usize>| closest::likeness(old.trim(), text[p.clone()].trim(), &mut budget);
    (apart
        && distinctive(text, &at)
        && !keeps_removed(h, old, new, &at)
        && spelled(&at) >= spelled(place))
    .then_some(at)
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

/// How alike `old` must be to a place for it to be where `old` would be: its closest
/// candidate, or `new`'s place.
const MIN_ALIKE: f64 = 0.5;

/// Non-blank characters of `new`'s place that make it distinctive even inside a line.
const MIN_DISTINCT: usize = 8;

/// When `old` is not found, `new` found in one place means the edit was made before — if that
/// place is where `old` would be, and `new` says enough there to prove it.
///
/// "Where `old` would be" is a closest candidate for `old` (the text search's or the
/// structural tier's) that is really like it (similarity at least [`MIN_ALIKE`]) and that
/// `new`'s place overlaps, or a place `old` reads like (at least as much as like its closest
/// candidate, and at least half): `new` found elsewhere, or near a candidate `old` does not
/// resemble, proves nothing about this edit. "Enough" is whole lines of the file with a
/// letter or digit, or [`MIN_DISTINCT`] non-blank characters: a `new` of `x` inside `x = 1`
/// is no sign of anything. With a line hint (`--line`, a unified diff's hunk line), `new`'s
/// place must also be at least as near the hinted line as `old`'s closest candidate is.
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
    let query = Query {
        old: new,
        new: None,
        want: Want::One,
        anchor: None,
        hint: options.line_hint.map(crate::locate::hint::Hint::caller),
        closest: false,
    };
    let found = ladder::ladder(h, &query, options).ok()?;
    let place = found.places[0].range();
    if keeps_removed(h, old, new, &place) || !distinctive(h.text(), &place) {
        return None;
    }
    let at = h.line_range(&place);
    let overlaps = alike_candidates(missed)
        .iter()
        .any(|n| at.start <= n.end && n.start <= at.end);
    // Or `old` reads at least as much like `new`'s place as like its closest candidate.
    let best = missed.closest.as_ref().map_or(0.0, |c| c.similarity);
    let here = similarity(old, &h.text()[place]);
    ((overlaps || here >= best.max(MIN_ALIKE)) && near_hint(options, missed, at))
        .then(|| LocateError::AlreadyApplied(Box::new(Report::already_applied(at))))
}

/// The lines of the closest candidates for `old` (the text search's and the structural
/// tier's) that are really like it.
fn alike_candidates(missed: &Report) -> Vec<LineRange> {
    let text = missed.closest.iter().map(|c| (c.lines, c.similarity));
    let structural = missed.tiers.iter().filter_map(|t| match &t.result {
        TierResult::Closest {
            lines, similarity, ..
        } => Some((*lines, *similarity)),
        _ => None,
    });
    text.chain(structural)
        .filter(|(_, similarity)| *similarity >= MIN_ALIKE)
        .map(|(lines, _)| lines)
        .collect()
}

/// The text at `place` says enough to prove something: it is whole lines of the file (only
/// blanks around it on its first and last lines) with a letter or digit, or has at least
/// [`MIN_DISTINCT`] non-blank characters.
fn distinctive(text: &str, place: &Range<usize>) -> bool {
    let found = &text[place.clone()];
    if found.chars().filter(|c| !c.is_whitespace()).count() >= MIN_DISTINCT {
        return true;
    }
    let before = &text[crate::text::lines::line_start(text, place.start)..place.start];
    // The rest of its last line (none when it ends with its line's end).
    let line_end = match found.ends_with('\n') {
        true => place.end,
        false => text[place.end..]
            .find('\n')
            .map_or(text.len(), |i| place.end + i),
    };
    let after = &text[place.end..line_end];
    before.trim().is_empty() && after.trim().is_empty() && found.chars().any(char::is_alphanumeric)
}

/// Without a line hint, any place; with one, `at` must be at least as near the hinted line as
/// `old`'s closest candidate is, and within the hint's window.
fn near_hint(options: &Options, missed: &Report, at: LineRange) -> bool {
    let from_hint = |r: LineRange, line: usize| {
        if line < r.start {
            r.start - line
        } else {
            line.saturating_sub(r.end)
        }
    };
    options.line_hint.is_none_or(|line| {
        let closest = missed
            .closest
            .as_ref()
            .map_or(usize::MAX, |c| from_hint(c.lines, line));
        from_hint(at, line) <= closest.min(crate::locate::hint::WINDOW)
    })
}

/// How alike two texts are, 0..1, by characters once each line is folded (as the miss
/// report's closest candidate is scored) and lower-cased (an edit may change only case).
fn similarity(a: &str, b: &str) -> f64 {
    let fold = |s: &str| -> String {
        crate::text::lines::model_lines(s)
            .0
            .into_iter()
            .map(|l| crate::text::fold::fold_line(l).to_lowercase())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let ratio = similar::TextDiff::from_chars(fold(a).as_str(), fold(b).as_str()).ratio();
    (f64::from(ratio) * 100.0).round() / 100.0
}

/// The lines `old` has and `new` lacks (folded) are still right next to `new`'s `place`
/// (within as many lines on each side): the file says `new` and the rest of `old`, so the
/// edit — which drops that rest — was not made (`setDark(x === 'dark')` found, and the
/// `setDirty(false)` the edit also drops right below it).
fn keeps_removed(h: &Haystack, old: &str, new: &str, place: &Range<usize>) -> bool {
    let (old, new) = (folded(old), folded(new));
    let removed: Vec<&String> = old.iter().filter(|l| !new.contains(l)).collect();
    if removed.is_empty() {
        return false;
    }
    let text = h.text();
    let k = removed.len();
    let near = |lines: Vec<&str>| {
        lines
            .into_iter()
            .map(crate::text::fold::fold_line)
            .filter(|l| !l.is_empty())
            .take(k)
            .any(|l| removed.iter().any(|r| **r == l))
    };
    // Whole lines on each side: a place may start or end inside one.
    let after = match text[..place.end].ends_with('\n') {
        true => place.end,
        false => text[place.end..]
            .find('\n')
            .map_or(text.len(), |i| place.end + i + 1),
    };
    let before = crate::text::lines::line_start(text, place.start);
    near(text[after..].lines().collect()) || near(text[..before].lines().rev().collect())
}

/// `old`'s or `new`'s lines, folded, blank lines aside.
fn folded(s: &str) -> Vec<String> {
    crate::text::lines::model_lines(s)
        .0
        .into_iter()
        .map(crate::text::fold::fold_line)
        .filter(|l| !l.is_empty())
        .collect()
}

/// `new` only removes lines of `old` (its lines, folded, are a subsequence of `old`'s): finding
/// `new` in the file then proves nothing about an earlier application, since the file always
/// had those lines.
fn only_removes(old: &str, new: &str) -> bool {
    let (old, new) = (folded(old), folded(new));
    let mut rest = old.iter();
    new.iter().all(|n| rest.any(|o| o == n))
}
