//! Byte-level text helpers shared by every tier and the writer: line structure, folding with
//! an offset map back to the original bytes, and the file's style (line endings, indentation).

pub(crate) mod bounded_diff;
pub(crate) mod common;
pub(crate) mod encoding;
pub(crate) mod fold;
pub(crate) mod lines;
pub(crate) mod subsequence;
pub(crate) mod unified_diff;

use serde::Serialize;

/// A line-ending style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Eol {
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
    /// A lone `\r`.
    Cr,
}

impl Eol {
    /// The line ending's bytes.
    pub fn as_str(self) -> &'static str {
        match self {
            Eol::Lf => "\n",
            Eol::CrLf => "\r\n",
            Eol::Cr => "\r",
        }
    }

    /// The line ending spelled `ending` (`None` for anything else, the empty end of a last
    /// line included).
    pub(crate) fn of(ending: &str) -> Option<Eol> {
        match ending {
            "\n" => Some(Eol::Lf),
            "\r\n" => Some(Eol::CrLf),
            "\r" => Some(Eol::Cr),
            _ => None,
        }
    }
}

/// Whether `text[range]` is cut out of a word: a word character on each side of its start
/// or of its end (`count` inside `retry_count`, `al = 1` inside `total = 1`). No tier lands
/// such a piece: a model that meant the longer word would have said it.
pub(crate) fn splits_word(text: &str, range: std::ops::Range<usize>) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let piece = &text[range.clone()];
    (word(text[..range.start].chars().next_back()) && word(piece.chars().next()))
        || (word(text[range.end..].chars().next()) && word(piece.chars().next_back()))
}

/// Columns a tab counts for when indentation widths are compared.
const TAB_WIDTH: usize = 4;

/// Width of an indentation string in columns.
pub(crate) fn indent_width(indent: &str) -> usize {
    indent
        .chars()
        .map(|c| if c == '\t' { TAB_WIDTH } else { 1 })
        .sum()
}

/// How a file writes what it writes more than once: its dominant line ending and one level
/// of indentation. New lines the writer creates follow this style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    /// The most frequent line ending.
    pub eol: Eol,
    /// One level of indentation (`\t`, or spaces).
    pub indent_unit: String,
}

impl Style {
    /// Reads the style off a text: the most frequent line ending (LF when there is none) and
    /// the most frequent indentation step between consecutive lines (tabs when most indented
    /// lines start with a tab; four spaces when nothing is indented).
    pub fn detect(text: &str) -> Style {
        Style::of_lines(text, &lines::split_lines(text))
    }

    /// [`Style::detect`] on a text already split into `lines`.
    pub fn of_lines(text: &str, lines: &[lines::Line]) -> Style {
        let mut eols = [0usize; 3];
        for line in lines {
            if let Some(e) = Eol::of(line.eol(text)) {
                eols[e as usize] += 1;
            }
        }
        let eol = [Eol::Lf, Eol::CrLf, Eol::Cr]
            .into_iter()
            .max_by_key(|e| (eols[*e as usize], *e == Eol::Lf))
            .unwrap_or(Eol::Lf);
        let indents = lines.iter().filter_map(|l| {
            let line = l.content(text);
            let indent = lines::indentation(line);
            // The common case decided on one byte; anything else as `teaches_indentation`.
            let teaches = match line.as_bytes().get(indent.len()) {
                None => false,
                Some(&b) if b.is_ascii() && !b.is_ascii_whitespace() => b != b'*',
                Some(_) => teaches_indentation(line),
            };
            teaches.then_some(indent)
        });
        Style {
            eol,
            indent_unit: indent_unit(indents),
        }
    }
}

/// Whether a line's indentation says how the text indents: not a blank line, and not the
/// continuation of a block comment (` * text`, ` */`), which sits one column past its `/**`.
pub(crate) fn teaches_indentation(line: &str) -> bool {
    let body = line.trim_start();
    !body.is_empty() && !body.starts_with('*')
}

/// The most common indentation step among consecutive non-blank lines, as a string.
pub(crate) fn indent_unit<'a>(indents: impl Iterator<Item = &'a str>) -> String {
    // Steps up to `SMALL` columns (nearly all of them) are counted in an array, the rest in
    // a map: the answer is the same, without hashing on every line of a large file.
    const SMALL: usize = 64;
    let mut tabs = 0usize;
    let mut spaces = 0usize;
    let mut small = [0usize; SMALL];
    let mut steps = std::collections::HashMap::<usize, usize>::new();
    let mut prev = 0usize;
    for indent in indents {
        match indent.as_bytes().first() {
            Some(b'\t') => tabs += 1,
            Some(_) => spaces += 1,
            None => {}
        }
        let w = indent_width(indent);
        if w > prev && !indent.starts_with('\t') {
            match small.get_mut(w - prev) {
                Some(count) => *count += 1,
                None => *steps.entry(w - prev).or_default() += 1,
            }
        }
        prev = w;
    }
    if tabs > spaces {
        return "\t".to_string();
    }
    let counted = small.iter().enumerate().filter(|&(_, &count)| count > 0);
    let step = counted
        .map(|(step, &count)| (step, count))
        .chain(steps)
        .max_by_key(|&(step, count)| (count, std::cmp::Reverse(step)))
        .map_or(4, |(step, _)| step);
    " ".repeat(step)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_crlf_and_tabs() {
        let s = Style::detect("a {\r\n\tb {\r\n\t\tc\r\n\t}\r\n}\r\n");
        assert_eq!(s.eol, Eol::CrLf);
        assert_eq!(s.indent_unit, "\t");
    }

    #[test]
    fn detects_two_space_indentation() {
        let s = Style::detect("a:\n  b:\n    c\n  d\ne\n");
        assert_eq!(s.eol, Eol::Lf);
        assert_eq!(s.indent_unit, "  ");
    }

    #[test]
    fn block_comment_continuations_teach_nothing() {
        let s = Style::detect("/**\n * Doc.\n */\nfunction f() {\n\treturn 1;\n}\n");
        assert_eq!(s.indent_unit, "\t");
        let s = Style::detect("/**\n * Doc.\n */\nfunction f() {\n  return 1;\n}\n");
        assert_eq!(s.indent_unit, "  ");
    }

    #[test]
    fn defaults_without_evidence() {
        let s = Style::detect("one line");
        assert_eq!(s.eol, Eol::Lf);
        assert_eq!(s.indent_unit, "    ");
    }
}
