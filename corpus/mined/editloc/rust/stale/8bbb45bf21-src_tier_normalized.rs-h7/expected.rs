//! Tier 2: locate with the invisible differences folded away — line endings, indentation
//! (width, tabs vs spaces), trailing whitespace, blank lines and typographic characters.
//!
//! Both sides are reduced to their non-blank folded lines; `old`'s folded lines must equal a
//! run of the file's folded lines (the first may be a suffix of a file line and the last a
//! prefix when `old` starts or ends mid-line). The match is mapped back through each line's
//! offset map, so the result is a range of the original bytes and the writer can copy them.

use super::{TextMatch, region_lines, widen};
use crate::text::fold::{Dashes, FoldedLines, fold_line_with};
use crate::text::lines::{LineIndex, model_lines};
use crate::text::splits_word;
use memchr::memmem;

mod local;
pub use local::{around, find_near};

/// How `old`'s first and last folded lines may meet the file's lines.
struct Ends {
    /// `old` may start mid-line: its first line may be a suffix of a file line.
    suffix: bool,
    /// `old` may end mid-line: its last line may be a prefix of a file line.
    prefix: bool,
}

/// A candidate: index into the folded file lines, where the match starts in the first
/// folded line and ends in the last one (folded byte offsets).
struct Hit {
    at: usize,
    start: usize,
    end: usize,
}

/// Every place of `old` among `file`'s folded lines, with the em dash read as `dashes` says
/// (`file` must have been folded the same way): on the whole text's folded lines, every place
/// in the file; on a run of them ([`find_near`]), the places inside it.
pub fn find_with(
    text: &str,
    index: &LineIndex,
    file: &FoldedLines,
    old: &str,
    dashes: Dashes,
) -> Vec<TextMatch> {
    match Pattern::new(old, dashes) {
        Some(pattern) => pattern.matches(text, index, file),
        None => Vec::new(),
    }
}

/// `old` as the normalized tier compares it: its lines, and its non-blank ones folded.
struct Pattern<'a> {
    old_lines: Vec<&'a str>,
    old_nl: bool,
    /// (index in `old_lines`, folded text) of each non-blank line.
    folded: Vec<(usize, String)>,
    ends: Ends,
}

impl<'a> Pattern<'a> {
    /// `None` when `old` has no non-blank line.
    fn new(old: &'a str, dashes: Dashes) -> Option<Pattern<'a>> {
        let (old_lines, old_nl) = model_lines(old);
        let folded: Vec<(usize, String)> = old_lines
            .iter()
            .enumerate()
            .map(|(i, l)| (i, fold_line_with(l, dashes)))
            .filter(|(_, f)| !f.is_empty())
            .collect();
        let (first_old, last_old) = (folded.first()?.0, folded.last()?.0);
        let ends = Ends {
            suffix: first_old == 0 && !old_lines[0].starts_with([' ', '\t']),
            prefix: !old_nl && last_old == old_lines.len() - 1,
        };
        Some(Pattern {
            old_lines,
            old_nl,
            folded,
            ends,
        })
    }

    fn pats(&self) -> Vec<&str> {
        self.folded.iter().map(|(_, f)| f.as_str()).collect()
    }

    /// Every place among `file`'s folded lines (all of the text's, or a run of them).
    fn matches(&self, text: &str, index: &LineIndex, file: &FoldedLines) -> Vec<TextMatch> {
        let pats = self.pats();
        let hits = if pats.len() == 1 {
            single_line_hits(file, pats[0], &self.ends)
        } else {
            multi_line_hits(file, &pats, &self.ends)
        };
        hits.iter()
            .map(|hit| self.to_match(text, index, file, hit))
            .collect()
    }

    fn to_match(&self, text: &str, index: &LineIndex, file: &FoldedLines, hit: &Hit) -> TextMatch {
        let old_lines = &self.old_lines;
        let last = hit.at + self.folded.len() - 1;
        let first_line = index.lines()[file.line(hit.at)];
        let last_line = index.lines()[file.line(last)];
        let start = first_line.start + file.original(hit.at, hit.start);
        let end = if hit.end < file.text(last).len() {
            // Folding dropped `old`'s trailing whitespace; mid-line it is part of what `old`
            // denotes (`"x", ` deleted from `call("x", y)` takes its space along).
            let end = last_line.start + file.original(last, hit.end);
            let wanted = old_lines.last().map_or(0, |l| {
                l.chars().rev().take_while(|c| c.is_whitespace()).count()
            });
            let line_rest = &text[end..last_line.content_end];
            end + line_rest
                .chars()
                .take(wanted)
                .take_while(|c| c.is_whitespace())
                .map(char::len_utf8)
                .sum::<usize>()
        } else if self.old_nl {
            last_line.end
        } else {
            last_line.content_end
        };
        let (range, first_partial) = widen(text, index, start..end);
        let lines = region_lines(index, &range);
        let first_line = file.line(hit.at);
        let mut align = vec![None; old_lines.len()];
        for (k, (old_i, _)) in self.folded.iter().enumerate() {
            align[*old_i] = Some(file.line(hit.at + k) - first_line);
        }
        align_blank_lines(text, &lines, old_lines, &mut align);
        TextMatch {
            range,
            lines,
            align,
            first_partial,
            exact: None,
        }
    }
}

/// Pairs `old`'s blank lines with the file's blank lines between the same two aligned lines,
/// in order: an insertion after a blank line of `old` then lands after the file's blank line,
/// not above it. Blank lines of `old` the file does not have stay unaligned.
fn align_blank_lines(
    text: &str,
    lines: &[crate::text::lines::Line],
    old_lines: &[&str],
    align: &mut [Option<usize>],
) {
    let mut prev: Option<(usize, usize)> = None;
    for i in 0..old_lines.len() {
        let Some(r) = align[i] else { continue };
        if let Some((pi, pr)) = prev {
            let olds = (pi + 1..i).filter(|&j| old_lines[j].trim().is_empty());
            let files = (pr + 1..r).filter(|&k| lines[k].content(text).trim().is_empty());
            for (j, k) in olds.zip(files) {
                align[j] = Some(k);
            }
        }
        prev = Some((i, r));
    }
}

fn single_line_hits(file: &FoldedLines, pat: &str, ends: &Ends) -> Vec<Hit> {
    let mut hits = Vec::new();
    if ends.suffix && ends.prefix {
        let finder = memmem::Finder::new(pat.as_bytes());
        for at in 0..file.len() {
            let bytes = file.text(at).as_bytes();
            let mut from = 0;
            let line = file.text(at);
            while let Some(pos) = finder.find(&bytes[from..]) {
                let start = from + pos;
                let end = start + pat.len();
                if !splits_word(line, start..end) {
                    hits.push(Hit { at, start, end });
                }
                from = start + 1;
            }
        }
        return hits;
    }
    for at in 0..file.len() {
        let text = file.text(at);
        if let Some(start) = fits_first(text, pat, ends.suffix) {
            hits.push(Hit {
                at,
                start,
                end: text.len(),
            });
        } else if let Some(end) = fits_last(text, pat, ends.prefix) {
            hits.push(Hit { at, start: 0, end });
        }
    }
    hits
}

fn multi_line_hits(file: &FoldedLines, pats: &[&str], ends: &Ends) -> Vec<Hit> {
    let k = pats.len();
    let mut hits = Vec::new();
    if file.len() < k {
        return hits;
    }
    for at in 0..=file.len() - k {
        let middle_equal = (1..k - 1).all(|i| file.text(at + i) == pats[i]);
        if !middle_equal {
            continue;
        }
        let Some(start) = fits_first(file.text(at), pats[0], ends.suffix) else {
            continue;
        };
        let Some(end) = fits_last(file.text(at + k - 1), pats[k - 1], ends.prefix) else {
            continue;
        };
        hits.push(Hit { at, start, end });
    }
    hits
}

/// Where `pat` starts in `line` if it is the whole line or (when allowed) a suffix that does
/// not start in the middle of a word.
fn fits_first(line: &str, pat: &str, suffix: bool) -> Option<usize> {
    if line == pat {
        return Some(0);
    }
    if !suffix || !line.ends_with(pat) {
        return None;
    }
    let start = line.len() - pat.len();
    (!splits_word(line, start..line.len())).then_some(start)
}

/// Where `pat` ends in `line` if it is the whole line or (when allowed) a prefix that does
/// not end in the middle of a word.
fn fits_last(line: &str, pat: &str, prefix: bool) -> Option<usize> {
    if line == pat {
        return Some(line.len());
    }
    if !prefix || !line.starts_with(pat) {
        return None;
    }
    (!splits_word(line, 0..pat.len())).then_some(pat.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, old: &str) -> Vec<TextMatch> {
        let index = LineIndex::new(text);
        let folded = FoldedLines::new(text, &index);
        find_with(text, &index, &folded, old, Dashes::One)
    }

    #[test]
    fn crlf_file_lf_old() {
        let text = "a\r\nb\r\nc\r\nd";
        let [m] = &run(text, "b\nc\n")[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "b\r\nc\r\n");
        assert_eq!(m.align, vec![Some(0), Some(1)]);
    }

    #[test]
    fn part_of_a_crlf_line() {
        let text = "line one\r\nfoo bar\r\nline three";
        let [m] = &run(text, "foo  bar".replace("  ", " ").as_str())[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "foo bar");
    }

    #[test]
    fn tabs_blank_lines_and_quotes_fold() {
        let text = "fn a() {\n\tlet s = \u{201C}x\u{201D};\n\n\treturn s;\n}\n";
        let [m] = &run(text, "    let s = \"x\";\n    return s;\n")[..] else {
            panic!()
        };
        assert_eq!(
            &text[m.range.clone()],
            "\tlet s = \u{201C}x\u{201D};\n\n\treturn s;\n"
        );
        assert_eq!(m.align, vec![Some(0), Some(2)]);
    }

    #[test]
    fn two_places_are_ambiguous() {
        let text = "if x:\n    y()\nif x:\n        y()\n";
        assert_eq!(run(text, "if x:\n  y()\n").len(), 2);
    }

    #[test]
    fn suffix_must_not_split_a_word() {
        let text = "let total = 1;\nreturn total;\n";
        assert!(run(text, "al = 1;\nreturn total;").is_empty());
        let [m] = &run(text, "total = 1;\nreturn total;")[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "total = 1;\nreturn total;");
    }
}
