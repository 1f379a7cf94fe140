//! What a text tier (exact or normalized) finds: a byte range of the file with the line
//! alignment the text writer needs.

use crate::text::lines::{Line, LineIndex};
use std::ops::Range;

/// A region located by a text tier, with the line alignment the writer needs.
///
/// `lines` are the file's lines inside `range` (the first may start mid-line, the last may end
/// mid-line); `align[i]` is the index in `lines` of the file line that `old`'s line `i`
/// corresponds to, or `None` for an `old` line the file does not have (a folded blank line).
#[derive(Debug, Clone)]
pub(crate) struct TextMatch {
    pub range: Range<usize>,
    pub lines: Vec<Line>,
    pub align: Vec<Option<usize>>,
    /// The region starts in the middle of a line after non-blank text, so its first line's
    /// indentation says nothing about the model's.
    pub first_partial: bool,
    /// The exact tier's occurrence of `old`, byte for byte (inside `range`, which is widened
    /// to whole lines). The exact tier's write replaces exactly these bytes.
    pub exact: Option<Range<usize>>,
}

/// Widens a located byte range to whole lines where only whitespace separates it from the
/// line's start or the line's content end, and never splits a CRLF.
pub(crate) fn widen(text: &str, index: &LineIndex, range: Range<usize>) -> (Range<usize>, bool) {
    let lines = index.lines();
    let bytes = text.as_bytes();
    let mut start = range.start;
    let mut end = range.end;
    let mut first_partial = false;
    if let Some(first) = lines.get(index.line_of(start)) {
        if text[first.start..start]
            .trim_matches([' ', '\t'])
            .is_empty()
        {
            start = first.start;
        } else {
            first_partial = true;
        }
    }
    if start > 0 && bytes[start - 1] == b'\r' && bytes.get(start) == Some(&b'\n') {
        start -= 1;
    }
    if end > 0 && bytes.get(end - 1) == Some(&b'\r') && bytes.get(end) == Some(&b'\n') {
        end += 1;
    }
    if end > start && !matches!(bytes[end - 1], b'\n' | b'\r') {
        let last = &lines[index.line_of(end - 1)];
        if end <= last.content_end
            && text[end..last.content_end]
                .trim_matches([' ', '\t'])
                .is_empty()
        {
            end = last.content_end;
        }
    }
    (start..end, first_partial)
}

/// The file's lines clipped to `range`.
pub(crate) fn region_lines(index: &LineIndex, range: &Range<usize>) -> Vec<Line> {
    if range.is_empty() {
        return Vec::new();
    }
    let first = index.line_of(range.start);
    let last = index.line_of(range.end - 1);
    index.lines()[first..=last]
        .iter()
        .map(|l| {
            let (start, end) = (l.start.max(range.start), l.end.min(range.end));
            Line {
                start,
                content_end: l.content_end.clamp(start, end),
                end,
            }
        })
        .collect()
}
