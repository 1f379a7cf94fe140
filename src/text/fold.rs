//! Folding text for locating: the differences a model cannot see are removed, and every byte
//! of the folded text remembers which byte of the original it came from.
//!
//! Folding is used to *find* a place, never to write it: the writer copies the original bytes
//! back through the offset map.

use crate::text::lines::LineIndex;
use std::ops::Range;

/// How an em dash folds. Models write `—` as `-` or as `--`: the normalized tier tries the
/// second reading only when the file has an em dash and `old` has `--`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dashes {
    /// Every dash folds to `-`.
    One,
    /// An em dash folds to `--`; other dashes to `-`.
    EmTwo,
}

/// The em dash.
pub(crate) const EM_DASH: char = '\u{2014}';

/// What one character folds to when locating: typographic quotes, dashes and Unicode spaces
/// become their ASCII look-alikes, an ellipsis becomes three dots, zero-width characters
/// vanish, and a precomposed letter becomes its canonical decomposition (NFD), so text in
/// another Unicode normalization than the file's (`ï` as one character or as `i` and a
/// combining mark) compares equal. Most characters fold to one character.
pub(crate) fn fold_char(c: char) -> FoldedChar {
    fold_char_with(c, Dashes::One)
}

/// The characters one character folds to (at most four).
#[derive(Debug, Clone)]
pub(crate) struct FoldedChar {
    chars: [char; 4],
    len: u8,
    at: u8,
}

impl FoldedChar {
    fn repeat(c: char, n: u8) -> FoldedChar {
        FoldedChar {
            chars: [c; 4],
            len: n,
            at: 0,
        }
    }

    /// `c`'s canonical decomposition, or `c` itself when it has none (or a longer one).
    fn decomposed(c: char) -> FoldedChar {
        let mut out = FoldedChar::repeat(c, 0);
        let mut too_long = false;
        unicode_normalization::char::decompose_canonical(c, |d| match out.len {
            4 => too_long = true,
            n => {
                out.chars[n as usize] = d;
                out.len += 1;
            }
        });
        match too_long || out.len == 0 {
            true => FoldedChar::repeat(c, 1),
            false => out,
        }
    }
}

impl Iterator for FoldedChar {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        (self.at < self.len).then(|| {
            self.at += 1;
            self.chars[self.at as usize - 1]
        })
    }
}

/// [`fold_char`] with the em dash read as `dashes` says.
pub(crate) fn fold_char_with(c: char, dashes: Dashes) -> FoldedChar {
    if c == EM_DASH && dashes == Dashes::EmTwo {
        return FoldedChar::repeat('-', 2);
    }
    let one = match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        '\u{00A0}'
        | '\u{1680}'
        | '\u{2000}'..='\u{200A}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}' => ' ',
        '\u{2026}' => return FoldedChar::repeat('.', 3),
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' => {
            return FoldedChar::repeat(c, 0);
        }
        c if c.is_ascii() => c,
        c => return FoldedChar::decomposed(c),
    };
    FoldedChar::repeat(one, 1)
}

/// Folded byte → original offset. Most lines fold to themselves minus their indentation,
/// which needs no table: a table costs four bytes per byte of text, and a document keeps the
/// mapping of every line.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mapping {
    /// Original offset = folded offset + the shift (the removed indentation).
    Shift(usize),
    /// `table[i]` for folded byte `i`, then the end of the last folded character.
    Table(Box<[u32]>),
}

impl Mapping {
    fn original(&self, i: usize) -> usize {
        match self {
            Mapping::Shift(shift) => shift + i,
            Mapping::Table(table) => table[i] as usize,
        }
    }
}

/// Folds one line's content (no line ending) for comparison: typographic characters
/// folded, leading and trailing whitespace removed.
pub(crate) fn fold_line(line: &str) -> String {
    fold_line_with(line, Dashes::One)
}

/// [`fold_line`] with the em dash read as `dashes` says.
pub(crate) fn fold_line_with(line: &str, dashes: Dashes) -> String {
    let mut text = String::with_capacity(line.len());
    fold_append(line, &mut text, dashes);
    text
}

/// Appends the folded form of `line` to `out` and returns its mapping (relative to the
/// appended text's start).
fn fold_append(line: &str, out: &mut String, dashes: Dashes) -> Mapping {
    let base = out.len();
    if line.is_ascii() {
        let body = line.trim_start_matches([' ', '\t']);
        out.push_str(body.trim_end_matches([' ', '\t']));
        return Mapping::Shift(line.len() - body.len());
    }
    let mut map = Vec::with_capacity(line.len() + 1);
    for (off, c) in line.char_indices() {
        for f in fold_char_with(c, dashes) {
            if out.len() == base && (f == ' ' || f == '\t') {
                continue;
            }
            let mut buf = [0u8; 4];
            let s = f.encode_utf8(&mut buf);
            out.push_str(s);
            map.extend(std::iter::repeat_n(off as u32, s.len()));
        }
    }
    let trimmed = out[base..].trim_end_matches([' ', '\t']).len();
    out.truncate(base + trimmed);
    map.truncate(trimmed);
    let end = map
        .last()
        .map_or(0, |&off| end_of_char_at(line, off as usize));
    map.push(end as u32);
    Mapping::Table(map.into_boxed_slice())
}

/// A document's non-blank lines, folded, in one buffer: built once per document and shared
/// by the normalized tier and the closest-candidate search.
#[derive(Debug, Clone, Default)]
pub(crate) struct FoldedLines {
    buf: String,
    /// (0-based document line, start of its folded text in `buf`, mapping).
    lines: Vec<(usize, usize, Mapping)>,
}

impl FoldedLines {
    pub(crate) fn new(text: &str, index: &LineIndex) -> FoldedLines {
        FoldedLines::with_dashes(text, index, Dashes::One)
    }

    /// The folded lines with the em dash read as `dashes` says.
    pub(crate) fn with_dashes(text: &str, index: &LineIndex, dashes: Dashes) -> FoldedLines {
        FoldedLines::of_lines(text, index, 0..index.lines().len(), dashes)
    }

    /// The folded lines of the document lines `lines` (0-based) only: the same folded lines,
    /// with the same document line numbers, as the whole text's in that range.
    pub(crate) fn of_lines(
        text: &str,
        index: &LineIndex,
        lines: Range<usize>,
        dashes: Dashes,
    ) -> FoldedLines {
        let all = index.lines();
        let span = match (
            all.get(lines.start),
            lines.end.checked_sub(1).map(|l| all.get(l)),
        ) {
            (Some(first), Some(Some(last))) => last.end.saturating_sub(first.start),
            _ => 0,
        };
        let mut folded = FoldedLines {
            buf: String::with_capacity(span),
            lines: Vec::new(),
        };
        for (i, line) in all.iter().enumerate().take(lines.end).skip(lines.start) {
            let start = folded.buf.len();
            let map = fold_append(line.content(text), &mut folded.buf, dashes);
            if folded.buf.len() > start {
                folded.lines.push((i, start, map));
            }
        }
        folded
    }

    pub(crate) fn len(&self) -> usize {
        self.lines.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The 0-based document line of folded line `i`.
    pub(crate) fn line(&self, i: usize) -> usize {
        self.lines[i].0
    }

    /// The folded text of folded line `i`.
    pub(crate) fn text(&self, i: usize) -> &str {
        let start = self.lines[i].1;
        let end = self.lines.get(i + 1).map_or(self.buf.len(), |l| l.1);
        &self.buf[start..end]
    }

    /// Original offset, relative to its document line's start, of byte `byte` of folded
    /// line `i`.
    pub(crate) fn original(&self, i: usize, byte: usize) -> usize {
        self.lines[i].2.original(byte)
    }
}

fn end_of_char_at(line: &str, off: usize) -> usize {
    off + line[off..].chars().next().map_or(0, char::len_utf8)
}

/// The comparison key of a model or file line: indentation kept as is, the rest folded and
/// trailing whitespace dropped. Two lines with equal keys are "the same line" to the writer.
pub(crate) fn line_key(line: &str) -> String {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    let mut key = String::with_capacity(line.len());
    key.push_str(indent);
    key.extend(body.chars().flat_map(fold_char));
    let end = key.trim_end_matches([' ', '\t']).len();
    key.truncate(end);
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_typographic_and_trims() {
        let line = "\t  say(\u{201C}it\u{2019}s\u{201D})\u{200B} \u{2014} ok\u{00A0} ";
        let text = format!("plain\n\n{line}\n");
        let folded = FoldedLines::new(&text, &LineIndex::new(&text));
        assert_eq!(folded.len(), 2);
        assert_eq!((folded.line(1), folded.text(1)), (2, "say(\"it's\") - ok"));
        assert_eq!(folded.original(1, 0), 3);
        assert_eq!(
            &line[folded.original(1, 4)..folded.original(1, 4) + 3],
            "\u{201C}"
        );
        let end = folded.original(1, folded.text(1).len());
        assert_eq!(&line[end..], "\u{00A0} ");
        assert_eq!((folded.text(0), folded.original(0, 2)), ("plain", 2));
    }

    #[test]
    fn blank_and_zero_width_lines_fold_to_nothing() {
        assert_eq!(fold_line("  \t "), "");
        assert_eq!(fold_line("\u{200B}"), "");
    }

    #[test]
    fn key_keeps_indentation() {
        assert_eq!(line_key("    a \u{2013} b  "), "    a - b");
        assert_ne!(line_key("  x"), line_key("x"));
    }
}
