//! Line structure of a text: where each line's content and line ending are, in bytes.
//!
//! Every tier and the writer speak in byte offsets of the original text; this module is the
//! single place that knows how `\n`, `\r\n` and a lone `\r` end a line.

use std::ops::Range;

/// One line of a text: `start..content_end` is its content, `content_end..end` its line
/// ending (empty on a last line without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub start: usize,
    pub content_end: usize,
    pub end: usize,
}

impl Line {
    pub fn content<'a>(&self, text: &'a str) -> &'a str {
        &text[self.start..self.content_end]
    }

    pub fn eol<'a>(&self, text: &'a str) -> &'a str {
        &text[self.content_end..self.end]
    }

    pub fn has_eol(&self) -> bool {
        self.end > self.content_end
    }
}

/// Splits `text` into lines. A text ending in a line ending has no empty last line; an empty
/// text has no lines.
pub(crate) fn split_lines(text: &str) -> Vec<Line> {
    split(text).0
}

/// [`split_lines`], and whether a line ends in a lone `\r`.
fn split(text: &str) -> (Vec<Line>, bool) {
    let bytes = text.as_bytes();
    // Sized once (a line a `\n`, and the last): a growing vector would copy itself over and
    // over on a large file.
    let mut lines = Vec::with_capacity(count_byte(bytes, b'\n') + 1);
    let mut lone_cr = false;
    let mut start = 0;
    let mut i = 0;
    while let Some(off) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
        let pos = i + off;
        let end = if bytes[pos] == b'\r' && bytes.get(pos + 1) == Some(&b'\n') {
            pos + 2
        } else {
            lone_cr |= bytes[pos] == b'\r';
            pos + 1
        };
        lines.push(Line {
            start,
            content_end: pos,
            end,
        });
        start = end;
        i = end;
    }
    if start < bytes.len() {
        lines.push(Line {
            start,
            content_end: bytes.len(),
            end: bytes.len(),
        });
    }
    (lines, lone_cr)
}

/// Maps byte offsets to 1-based line numbers.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    lines: Vec<Line>,
    /// Some line ends in a lone `\r` (so not every line break is a `\n`).
    lone_cr: bool,
}

impl LineIndex {
    pub(crate) fn new(text: &str) -> Self {
        let (lines, lone_cr) = split(text);
        LineIndex { lines, lone_cr }
    }

    /// How many `\n` bytes the text has before `offset`, a line start (or the text's end),
    /// when the index can tell without reading the text: no line ends in a lone `\r`.
    pub(crate) fn newlines_before(&self, offset: usize) -> Option<usize> {
        if self.lone_cr {
            return None;
        }
        let ended = self.lines.partition_point(|l| l.end <= offset);
        let open_last = ended > 0 && !self.lines[ended - 1].has_eol();
        Some(ended - usize::from(open_last))
    }

    pub(crate) fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// 0-based index of the line holding byte `offset` (an offset at the very end belongs to
    /// the last line).
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        match self.lines.binary_search_by(|l| l.start.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) => i - 1,
        }
    }

    /// 1-based inclusive line numbers covered by a byte range. A range that ends right after a
    /// line ending does not cover the next line.
    pub(crate) fn line_span(&self, range: &Range<usize>) -> (usize, usize) {
        if self.lines.is_empty() {
            return (1, 1);
        }
        let first = self.line_of(range.start);
        let last = if range.end > range.start {
            self.line_of(range.end - 1)
        } else {
            first
        };
        (first + 1, last + 1)
    }
}

/// How many times `byte` occurs in `hay`: a pass at memory speed (each run of 255 bytes is
/// counted into a `u8`, a reduction the compiler vectorises), where iterating matches would
/// cost a step per occurrence.
pub(crate) fn count_byte(hay: &[u8], byte: u8) -> usize {
    hay.chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |n, &b| n + u8::from(b == byte))))
        .sum()
}

/// Splits text that a model sent (`old` or `new`) into line contents without their endings,
/// and whether it ended with a line ending.
pub(crate) fn model_lines(text: &str) -> (Vec<&str>, bool) {
    let lines = split_lines(text);
    let trailing = lines.last().is_some_and(|l| l.has_eol());
    (lines.iter().map(|l| l.content(text)).collect(), trailing)
}

/// Where the line holding byte `at` starts.
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

/// Only spaces and tabs between the start of its line and `at`.
pub(crate) fn starts_line(text: &str, at: usize) -> bool {
    text[line_start(text, at)..at]
        .bytes()
        .all(|b| b == b' ' || b == b'\t')
}

/// The leading whitespace of a line.
pub(crate) fn indentation(line: &str) -> &str {
    let n = line
        .bytes()
        .position(|b| b != b' ' && b != b'\t')
        .unwrap_or(line.len());
    &line[..n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_line_ending_style() {
        let text = "a\r\nb\nc\rd";
        let lines = split_lines(text);
        let contents: Vec<_> = lines.iter().map(|l| l.content(text)).collect();
        let eols: Vec<_> = lines.iter().map(|l| l.eol(text)).collect();
        assert_eq!(contents, ["a", "b", "c", "d"]);
        assert_eq!(eols, ["\r\n", "\n", "\r", ""]);
    }

    #[test]
    fn trailing_newline_makes_no_empty_line() {
        assert_eq!(split_lines("a\n").len(), 1);
        assert!(split_lines("").is_empty());
        assert_eq!(model_lines("x\ny\n"), (vec!["x", "y"], true));
        assert_eq!(model_lines("x\ny"), (vec!["x", "y"], false));
    }

    #[test]
    fn newlines_before_a_line_start() {
        let text = "a\r\nb\n\nc";
        let idx = LineIndex::new(text);
        for offset in [0, 3, 5, 6, text.len()] {
            let expected = count_byte(&text.as_bytes()[..offset], b'\n');
            assert_eq!(idx.newlines_before(offset), Some(expected), "{offset}");
        }
        assert_eq!(LineIndex::new("a\n").newlines_before(2), Some(1));
        assert_eq!(LineIndex::new("a\rb\n").newlines_before(2), None);
    }

    #[test]
    fn counts_bytes_across_blocks() {
        let text: String = (0..20_000)
            .map(|i| if i % 7 == 0 { '\n' } else { 'x' })
            .collect();
        for end in [0, 1, 254, 255, 256, 8_161, 20_000] {
            let hay = &text.as_bytes()[..end];
            let expected = hay.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count_byte(hay, b'\n'), expected, "{end}");
        }
    }

    #[test]
    fn line_span_is_one_based_and_inclusive() {
        let idx = LineIndex::new("a\nb\nc\n");
        assert_eq!(idx.line_span(&(2..4)), (2, 2));
        assert_eq!(idx.line_span(&(0..6)), (1, 3));
        assert_eq!(idx.line_span(&(3..3)), (2, 2));
    }
}
