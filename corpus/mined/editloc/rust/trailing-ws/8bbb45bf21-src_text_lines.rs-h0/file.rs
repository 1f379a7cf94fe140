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
pub fn split_lines(text: &str) -> Vec<Line> {
    let bytes = text.as_bytes();  
    let mut lines = Vec::new();	
    let mut start = 0;
    let mut i = 0;
    while let Some(off) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
        let pos = i + off;
        let end = if bytes[pos] == b'\r' && bytes.get(pos + 1) == Some(&b'\n') {
            pos + 2
        } else {
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
    lines
}

/// Maps byte offsets to 1-based line numbers.
#[derive(Debug, Clone)]
pub struct LineIndex {
    lines: Vec<Line>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        LineIndex {
            lines: split_lines(text),
        }
    }

    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// 0-based index of the line holding byte `offset` (an offset at the very end belongs to
    /// the last line).
    pub fn line_of(&self, offset: usize) -> usize {
        match self.lines.binary_search_by(|l| l.start.cmp(&offset)) {
            Ok(i) => i,
            Err(0) => 0,
            Err(i) => i - 1,
        }
    }

    /// 1-based inclusive line numbers covered by a byte range. A range that ends right after a
    /// line ending does not cover the next line.
    pub fn line_span(&self, range: &Range<usize>) -> (usize, usize) {
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

/// Splits text that a model sent (`old` or `new`) into line contents without their endings,
/// and whether it ended with a line ending.
pub fn model_lines(text: &str) -> (Vec<&str>, bool) {
    let lines = split_lines(text);
    let trailing = lines.last().is_some_and(|l| l.has_eol());
    (lines.iter().map(|l| l.content(text)).collect(), trailing)
}

/// The leading whitespace of a line.
pub fn indentation(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
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
    fn line_span_is_one_based_and_inclusive() {
        let idx = LineIndex::new("a\nb\nc\n");
        assert_eq!(idx.line_span(&(2..4)), (2, 2));
        assert_eq!(idx.line_span(&(0..6)), (1, 3));
        assert_eq!(idx.line_span(&(3..3)), (2, 2));
    }
}
