//! Windows of a text bounded by top-level lines: spans widened by a margin of lines, then
//! to the nearest line that can begin a top-level item (a non-blank line at column 0 that
//! does not continue or close something), merged. The structural tier parses only such
//! windows of a large file, and the writer learns conventions around an edit from them.

use std::ops::Range;

/// A window grows at most this many lines on each side looking for a boundary.
pub(crate) const MAX_WINDOW: usize = 2_000;

/// Sorted, overlapping or touching ranges joined.
pub(crate) fn merge(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}

/// `windows` widened by `margin` lines on each side, then to top-level boundaries; merged.
pub(crate) fn widened(
    text: &str,
    windows: &[Range<usize>],
    margin: usize,
) -> Option<Vec<Range<usize>>> {
    self::windows(text, windows, margin)
}

/// Windows around `spans`: each widened by `margin` lines, then to top-level boundaries;
/// merged. `None` when a boundary lies more than [`MAX_WINDOW`] lines away.
pub(crate) fn windows(
    text: &str,
    spans: &[Range<usize>],
    margin: usize,
) -> Option<Vec<Range<usize>>> {
    let mut out = Vec::with_capacity(spans.len());
    for s in spans {
        out.push(boundary_before(text, s.start, margin)?..boundary_after(text, s.end, margin)?);
    }
    Some(merge(out))
}

/// A line that can begin a window: at column 0, not blank, and not the continuation or the
/// end of something above it.
fn is_boundary(line: &str) -> bool {
    let Some(c) = line.chars().next() else {
        return false;
    };
    // `>` closes a type parameter list a line above opened (`> = Builder<`).
    !c.is_whitespace()
        && !matches!(
            c,
            '}' | ')' | ']' | '>' | '.' | ',' | '*' | '?' | ':' | '|' | '&'
        )
}

/// The start of a boundary line at least `margin` lines above the line of `at` (or 0).
pub(crate) fn boundary_before(text: &str, at: usize, margin: usize) -> Option<usize> {
    let mut ls = text[..at].rfind('\n').map_or(0, |i| i + 1);
    for k in 0..margin + MAX_WINDOW {
        if ls == 0 {
            return Some(0);
        }
        if k >= margin && is_boundary(&text[ls..]) {
            return Some(ls);
        }
        ls = text[..ls - 1].rfind('\n').map_or(0, |i| i + 1);
    }
    None
}

/// The start of a boundary line at least `margin` lines below the line of `at` (or the end
/// of the text): where a window holding everything before `at` ends.
pub(crate) fn boundary_after(text: &str, at: usize, margin: usize) -> Option<usize> {
    let Some(mut next) = text[at..].find('\n').map(|i| at + i + 1) else {
        return Some(text.len());
    };
    for k in 0..margin + MAX_WINDOW {
        if next >= text.len() {
            return Some(text.len());
        }
        if k >= margin && is_boundary(&text[next..]) {
            return Some(next);
        }
        match text[next..].find('\n') {
            Some(i) => next += i + 1,
            None => return Some(text.len()),
        }
    }
    None
}
