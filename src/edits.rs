//! Editor results: the minimal text edits that turn an old buffer into the new one.
//!
//! An editor applies an edit to its buffer rather than replacing the file, so that cursors,
//! undo history, folds and marks survive. Every result that produces new content
//! ([`crate::Applied`], [`crate::BatchApplied`], a patch's file outcome) therefore also
//! carries `[TextEdit]`: non-overlapping ranges of the **old** content, in order, each with
//! the text that replaces it. Applying them from last to first (or first to last while
//! shifting offsets) gives exactly the new content.
//!
//! A [`Position`] is given in every coordinate an integration may use: the byte `offset`,
//! the 0-based `line`, and the 0-based column in UTF-8 bytes (`utf8`) and in UTF-16 code
//! units (`utf16`, the Language Server Protocol's default `character`). Lines end at `\n`,
//! `\r\n` or a lone `\r`, as in the LSP. Positions are in the content exactly as editloc holds
//! it: a UTF-8 byte-order mark, when there is one, is part of the first line (one UTF-16 unit).
//!
//! The edits are computed from the writer's splices, each trimmed to the bytes that really
//! change (the common prefix and suffix of the old region and its replacement are dropped,
//! never splitting a character or a `\r\n` pair). A splice that changes nothing gives no edit;
//! one whose change spans several lines is split where lines in the middle are unchanged (a
//! line diff, for regions of up to [`MAX_SPLIT_LINES`] lines on each side).

use crate::report::LineRange;
use crate::text::common::{common_prefix_str, common_suffix_str};
use crate::text::lines::LineIndex;
use serde::Serialize;
use std::ops::Range;

/// Regions with more lines than this (on either side) are not split by a line diff: one
/// trimmed edit is still correct, and the diff's cost grows with the product of the sides.
pub(crate) const MAX_SPLIT_LINES: usize = 2000;

/// A place in a text, in bytes, lines and both UTF encodings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Position {
    /// Byte offset from the start of the content.
    pub offset: usize,
    /// 0-based line.
    pub line: usize,
    /// 0-based column in UTF-8 bytes.
    pub utf8: usize,
    /// 0-based column in UTF-16 code units (LSP's default `character`).
    pub utf16: usize,
}

/// A range of the old content: `start` inclusive, `end` exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct TextRange {
    /// The first position of the range.
    pub start: Position,
    /// The position just after the range (equal to `start` for an insertion).
    pub end: Position,
}

/// Replace `range` of the old content by `new_text`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextEdit {
    /// The range of the old content replaced.
    pub range: TextRange,
    /// The text that replaces it (empty for a deletion).
    pub new_text: String,
    /// The 1-based lines of the old content the range touches (for an insertion, the line it
    /// is inserted on).
    pub lines: LineRange,
}

impl TextEdit {
    /// The byte range of the old content this edit replaces.
    pub fn byte_range(&self) -> Range<usize> {
        self.range.start.offset..self.range.end.offset
    }
}

/// Applies `edits` (non-overlapping, in order, as editloc returns them) to `old`.
pub fn apply_text_edits(old: &str, edits: &[TextEdit]) -> String {
    let mut out = String::with_capacity(old.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&old[at..e.range.start.offset]);
        out.push_str(&e.new_text);
        at = e.range.end.offset;
    }
    out.push_str(&old[at..]);
    out
}

/// The text edits for `splices` (byte ranges of `old` with their replacements, in order and
/// non-overlapping), each trimmed to the bytes that change.
pub(crate) fn from_splices<'a>(
    old: &str,
    splices: impl IntoIterator<Item = (Range<usize>, &'a str)>,
) -> Vec<TextEdit> {
    from_splices_indexed(old, None, splices)
}

/// [`from_splices`] with `old`'s line index when the caller has it (a document's), so the
/// positions cost the edit, not a pass over the file.
pub(crate) fn from_splices_indexed<'a>(
    old: &str,
    index: Option<&LineIndex>,
    splices: impl IntoIterator<Item = (Range<usize>, &'a str)>,
) -> Vec<TextEdit> {
    let mut positions: Option<Positions> = None;
    let mut edits = Vec::new();
    let pieces = splices.into_iter().flat_map(|(range, text)| {
        trim(old, range, text)
            .map(|(range, text)| split(old, range, text))
            .unwrap_or_default()
    });
    for (range, text) in pieces {
        let p = positions.get_or_insert_with(|| Positions::new(old, index));
        let (start, end) = (p.at(range.start), p.at(range.end));
        let last = if range.end > range.start && end.utf8 == 0 && end.line > start.line {
            end.line
        } else {
            end.line + 1
        };
        edits.push(TextEdit {
            range: TextRange { start, end },
            new_text: text.to_string(),
            lines: LineRange {
                start: start.line + 1,
                end: last.max(start.line + 1),
            },
        });
    }
    edits
}

/// The text edits that turn `old` into `new` when only one region differs: the common prefix
/// and suffix are kept. For results that were not produced by splices (an added or deleted
/// file, a sequence of batches).
pub fn diff_edits(old: &str, new: &str) -> Vec<TextEdit> {
    from_splices(old, [(0..old.len(), new)])
}

/// `range` of `old` and its replacement with their common prefix and suffix removed, or
/// `None` when they are equal.
fn trim<'a>(old: &str, range: Range<usize>, text: &'a str) -> Option<(Range<usize>, &'a str)> {
    let region = &old[range.clone()];
    if region == text {
        return None;
    }
    let mut prefix = common_prefix_str(region, text);
    if region[..prefix].ends_with('\r') {
        prefix -= 1;
    }
    let (r, t) = (&region[prefix..], &text[prefix..]);
    let mut suffix = common_suffix_str(r, t);
    let kept = &r[r.len() - suffix..];
    let before = &old[..range.start + prefix + r.len() - suffix];
    if kept.starts_with('\n') && before.ends_with('\r') {
        suffix -= 1;
    }
    let start = range.start + prefix;
    let end = range.end - suffix;
    Some((start..end, &t[..t.len() - suffix]))
}

/// A trimmed change split into the runs of lines that differ, each trimmed again.
fn split<'a>(old: &str, range: Range<usize>, text: &'a str) -> Vec<(Range<usize>, &'a str)> {
    let region = &old[range.clone()];
    let (a, b): (Vec<&str>, Vec<&str>) = (
        region.split_inclusive('\n').collect(),
        text.split_inclusive('\n').collect(),
    );
    if a.len() < 3 || b.len() < 3 || a.len() > MAX_SPLIT_LINES || b.len() > MAX_SPLIT_LINES {
        return vec![(range, text)];
    }
    let offsets = |lines: &[&str]| -> Vec<usize> {
        std::iter::once(0)
            .chain(lines.iter().scan(0, |at, l| {
                *at += l.len();
                Some(*at)
            }))
            .collect()
    };
    let (oa, ob) = (offsets(&a), offsets(&b));
    let ops = similar::capture_diff_slices(similar::Algorithm::Myers, &a, &b);
    let mut out = Vec::new();
    // Positions are counted from the ops' lengths: the indices of an insertion after an equal
    // run are not reliable once similar has compacted the ops.
    let (mut i, mut j) = (0, 0);
    for op in ops {
        let (da, db) = (op.old_range().len(), op.new_range().len());
        if !matches!(op, similar::DiffOp::Equal { .. }) {
            let piece = range.start + oa[i]..range.start + oa[i + da];
            out.extend(trim(old, piece, &text[ob[j]..ob[j + db]]));
        }
        i += da;
        j += db;
    }
    out
}

/// Byte offsets → positions, over one text.
struct Positions<'a> {
    text: &'a str,
    index: std::borrow::Cow<'a, LineIndex>,
}

impl<'a> Positions<'a> {
    /// Positions over `text`, by `index` when given (it must be `text`'s).
    fn new(text: &'a str, index: Option<&'a LineIndex>) -> Positions<'a> {
        Positions {
            text,
            index: index.map_or_else(
                || std::borrow::Cow::Owned(LineIndex::new(text)),
                std::borrow::Cow::Borrowed,
            ),
        }
    }

    fn at(&self, offset: usize) -> Position {
        let lines = self.index.lines();
        let (line, start) = match lines.last() {
            // After a final line ending: the empty line after it.
            Some(last) if offset >= last.end && last.has_eol() => (lines.len(), last.end),
            Some(_) => {
                let i = self.index.line_of(offset);
                (i, lines[i].start)
            }
            None => (0, 0),
        };
        let column = &self.text[start..offset];
        Position {
            offset,
            line,
            utf8: column.len(),
            utf16: column.chars().map(char::len_utf16).sum(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(old: &str, range: Range<usize>, text: &str) -> Vec<TextEdit> {
        from_splices(old, [(range, text)])
    }

    #[test]
    fn trims_to_the_changed_bytes() {
        let old = "fn a() {\n    let x = 1;\n}\n";
        let at = old.find("    let").unwrap();
        let edits = one(old, at..at + 15, "    let x = 2;\n");
        assert_eq!(edits.len(), 1);
        let e = &edits[0];
        assert_eq!(e.new_text, "2");
        assert_eq!(&old[e.byte_range()], "1");
        assert_eq!(
            (e.range.start.line, e.range.start.utf8, e.range.start.utf16),
            (1, 12, 12)
        );
        assert_eq!(e.lines, LineRange { start: 2, end: 2 });
        assert_eq!(
            apply_text_edits(old, &edits),
            "fn a() {\n    let x = 2;\n}\n"
        );
    }

    #[test]
    fn utf16_columns_count_astral_characters_twice_and_cjk_once() {
        // 😀 is 4 UTF-8 bytes and 2 UTF-16 units; 漢字 are 3 bytes and 1 unit each.
        let old = "a\nlet s = \"😀漢字\"; f(1);\n";
        let at = old.find("1)").unwrap();
        let edits = one(old, at..at + 1, "2");
        let start = edits[0].range.start;
        assert_eq!(start.line, 1);
        assert_eq!(start.utf8, "let s = \"😀漢字\"; f(".len());
        assert_eq!(start.utf8, 9 + 4 + 3 + 3 + 5);
        assert_eq!(start.utf16, 9 + 2 + 1 + 1 + 5);
        assert_eq!(start.offset, at);
        assert_eq!(
            apply_text_edits(old, &edits),
            "a\nlet s = \"😀漢字\"; f(2);\n"
        );
    }

    #[test]
    fn never_splits_a_character_or_a_crlf_pair() {
        // é (c3 a9) and è (c3 a8) share their first byte.
        let edits = one("café\n", 0..6, "cafè\n");
        assert_eq!(edits[0].new_text, "è");
        assert_eq!(edits[0].range.start.utf8, 3);
        // Replacing a line ending: the `\r\n` pair goes whole.
        let old = "a\r\nb\r\n";
        let edits = one(old, 0..6, "a\nb\r\n");
        assert_eq!(&old[edits[0].byte_range()], "\r\n");
        assert_eq!(edits[0].new_text, "\n");
        assert_eq!(apply_text_edits(old, &edits), "a\nb\r\n");
        let edits = one(old, 0..6, "a\r\r\nb\r\n");
        assert_eq!(apply_text_edits(old, &edits), "a\r\r\nb\r\n");
    }

    #[test]
    fn lines_count_crlf_and_lone_cr() {
        let old = "a\r\nb\rc\nd";
        let at = old.find('d').unwrap();
        let e = &one(old, at..at + 1, "D")[0];
        assert_eq!((e.range.start.line, e.range.start.utf16), (3, 0));
        let at = old.find('c').unwrap();
        let e = &one(old, at..at + 1, "C")[0];
        assert_eq!(e.range.start.line, 2);
    }

    #[test]
    fn insertion_and_deletion_of_whole_lines() {
        let old = "a\nb\n";
        let edits = diff_edits(old, "a\nx\nb\n");
        assert_eq!(edits[0].range.start, edits[0].range.end);
        assert_eq!(apply_text_edits(old, &edits), "a\nx\nb\n");
        let edits = diff_edits(old, "a\n");
        assert_eq!(&old[edits[0].byte_range()], "b\n");
        assert_eq!(edits[0].lines, LineRange { start: 2, end: 2 });
        assert_eq!(
            (edits[0].range.end.line, edits[0].range.end.utf8),
            (2, 0),
            "the end of a final line ending is the start of the empty line after it"
        );
        assert!(diff_edits(old, old).is_empty());
        let edits = diff_edits("", "new\n");
        assert_eq!(edits[0].range.start.line, 0);
        assert_eq!(apply_text_edits("", &edits), "new\n");
    }

    #[test]
    fn a_region_with_unchanged_lines_in_the_middle_gives_one_edit_per_change() {
        let old = "fn a() {\n    one();\n    two();\n    three();\n}\n";
        let new = "fn a() {\n    uno();\n    two();\n    tres();\n}\n";
        let edits = one(old, 0..old.len(), new);
        let texts: Vec<(&str, &str)> = edits
            .iter()
            .map(|e| (&old[e.byte_range()], e.new_text.as_str()))
            .collect();
        assert_eq!(texts, [("one", "uno"), ("hree", "res")]);
        assert_eq!(edits[1].lines, LineRange { start: 4, end: 4 });
        assert_eq!(apply_text_edits(old, &edits), new);
    }

    proptest::proptest! {
        /// Any pair of texts: the edits rebuild the new text, in order, without overlap, and
        /// every position agrees with the text before it.
        #[test]
        fn edits_rebuild_the_new_text(
            old in "([ab\\t😀漢]|\r\n|\n|\r){0,40}",
            new in "([ab\\t😀漢]|\r\n|\n|\r){0,40}",
        ) {
            let edits = diff_edits(&old, &new);
            proptest::prop_assert_eq!(apply_text_edits(&old, &edits), new);
            let mut at = 0;
            for e in &edits {
                proptest::prop_assert!(at <= e.range.start.offset);
                proptest::prop_assert!(e.range.start.offset <= e.range.end.offset);
                at = e.range.end.offset;
                for p in [e.range.start, e.range.end] {
                    let before = &old[..p.offset];
                    let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
                    let crlf_middle = before.ends_with('\r') && old[p.offset..].starts_with('\n');
                    proptest::prop_assert!(!crlf_middle, "splits a CRLF pair at {}", p.offset);
                    let column = &old[line_start..p.offset];
                    proptest::prop_assert_eq!(p.utf8, column.len());
                    proptest::prop_assert_eq!(p.utf16, column.encode_utf16().count());
                    let breaks = before.matches("\r\n").count()
                        + before.matches('\n').count()
                        + before.matches('\r').count()
                        - 2 * before.matches("\r\n").count();
                    proptest::prop_assert_eq!(p.line, breaks);
                }
            }
        }
    }

    #[test]
    fn several_splices_stay_in_order() {
        let old = "x = 1\ny = 1\nz = 1\n";
        let edits = from_splices(old, [(0..6, "x = 2\n"), (12..18, "z = 3\n")]);
        assert_eq!(edits.len(), 2);
        assert_eq!(apply_text_edits(old, &edits), "x = 2\ny = 1\nz = 3\n");
        assert_eq!(edits[1].lines, LineRange { start: 3, end: 3 });
    }

    #[test]
    fn a_given_line_index_gives_the_same_edits() {
        let old = "a = '😀'\r\nb = 1\nc = 2\r\n";
        let splices = [(12..18, "b = 22\n"), (18..19, "C")];
        let index = LineIndex::new(old);
        assert_eq!(
            from_splices_indexed(old, Some(&index), splices.clone()),
            from_splices(old, splices)
        );
    }
}
