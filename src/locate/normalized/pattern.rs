//! `old` as the normalized tier compares it (its lines, the non-blank ones folded) and its
//! places among a run of the file's folded lines, mapped back to the file's bytes. A leaf
//! shared by the tier's two searches: on the whole text's folded lines ([`super::find_with`])
//! and in windows around where `old` can be ([`super::find_near`]).

use crate::locate::text_match::{TextMatch, region_lines, widen};
use crate::text::fold::{Dashes, FoldedLines, fold_line_with};
use crate::text::lines::{LineIndex, indentation, model_lines};
use crate::text::splits_word;
use memchr::memmem;

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

/// `old` as the normalized tier compares it: its lines, and its non-blank ones folded.
pub(super) struct Pattern<'a> {
    old_lines: Vec<&'a str>,
    old_nl: bool,
    /// (index in `old_lines`, folded text) of each non-blank line.
    pub(super) folded: Vec<(usize, String)>,
    ends: Ends,
    /// No line of `old` has a letter or digit (`}` and `);` lines): its indentation is all it
    /// says of its place, so a place must have that indentation as `old` spells it.
    punctuation_only: bool,
}

impl<'a> Pattern<'a> {
    /// `None` when `old` has no non-blank line.
    pub(super) fn new(old: &'a str, dashes: Dashes) -> Option<Pattern<'a>> {
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
        let punctuation_only = !folded
            .iter()
            .any(|(_, f)| f.chars().any(char::is_alphanumeric));
        Some(Pattern {
            old_lines,
            old_nl,
            folded,
            ends,
            punctuation_only,
        })
    }

    fn pats(&self) -> Vec<&str> {
        self.folded.iter().map(|(_, f)| f.as_str()).collect()
    }

    /// Every place among `file`'s folded lines (all of the text's, or a run of them).
    pub(super) fn matches(
        &self,
        text: &str,
        index: &LineIndex,
        file: &FoldedLines,
    ) -> Vec<TextMatch> {
        let pats = self.pats();
        let hits = if pats.len() == 1 {
            single_line_hits(file, pats[0], &self.ends)
        } else {
            multi_line_hits(file, &pats, &self.ends)
        };
        hits.iter()
            .filter(|hit| !self.punctuation_only || self.indented_alike(text, index, file, hit))
            .map(|hit| self.to_match(text, index, file, hit))
            .collect()
    }

    fn to_match(&self, text: &str, index: &LineIndex, file: &FoldedLines, hit: &Hit) -> TextMatch {
        let last = hit.at + self.folded.len() - 1;
        let start = index.lines()[file.line(hit.at)].start + file.original(hit.at, hit.start);
        let end = self.end_of(text, index, file, hit);
        let (range, first_partial) = widen(text, index, start..end);
        let (range, edges) = self.with_edge_blank_lines(text, index, range, first_partial);
        let lines = region_lines(index, &range);
        let first_line = file.line(hit.at);
        let mut align = vec![None; self.old_lines.len()];
        for (k, (old_i, _)) in self.folded.iter().enumerate() {
            align[*old_i] = Some(file.line(hit.at + k) - first_line + edges.leading);
        }
        let (first_old, last_old) = (self.folded[0].0, self.folded[self.folded.len() - 1].0);
        for k in 0..edges.leading {
            align[first_old - edges.leading + k] = Some(k);
        }
        let after = file.line(last) - first_line + edges.leading;
        for k in 1..=edges.trailing {
            align[last_old + k] = Some(after + k);
        }
        align_blank_lines(text, &lines, &self.old_lines, &mut align);
        TextMatch {
            range,
            lines,
            align,
            first_partial,
            exact: None,
        }
    }

    /// Each of `old`'s non-blank lines has the indentation of the file's line it meets
    /// (but a first line `old` may start in the middle of).
    fn indented_alike(&self, text: &str, index: &LineIndex, file: &FoldedLines, hit: &Hit) -> bool {
        self.folded.iter().enumerate().all(|(k, (old_i, _))| {
            let line = index.lines()[file.line(hit.at + k)].content(text);
            let model = self.old_lines[*old_i];
            let (at, model_indent) = (indentation(line), indentation(model));
            (k == 0 && self.ends.suffix && model_indent.is_empty()) || at == model_indent
        })
    }

    /// Where the match ends in the file's bytes.
    fn end_of(&self, text: &str, index: &LineIndex, file: &FoldedLines, hit: &Hit) -> usize {
        let last = hit.at + self.folded.len() - 1;
        let last_line = index.lines()[file.line(last)];
        if hit.end < file.text(last).len() {
            // Folding dropped `old`'s trailing whitespace; mid-line it is part of what `old`
            // denotes (`"x", ` deleted from `call("x", y)` takes its space along).
            let end = last_line.start + file.original(last, hit.end);
            let wanted = self.old_lines.last().map_or(0, |l| {
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
        }
    }

    /// Takes into the region the file's blank lines right before and after it, as many as
    /// `old` starts and ends with (whole blank lines only): they are part of what `old`
    /// denotes, so a line `new` adds after `old`'s last blank line lands after the file's,
    /// and a blank line `new` drops goes.
    fn with_edge_blank_lines(
        &self,
        text: &str,
        index: &LineIndex,
        range: std::ops::Range<usize>,
        first_partial: bool,
    ) -> (std::ops::Range<usize>, EdgeBlankLines) {
        let lines = index.lines();
        let blank = |i: usize| lines[i].content(text).trim().is_empty();
        let (first_old, last_old) = (self.folded[0].0, self.folded[self.folded.len() - 1].0);
        let mut edges = EdgeBlankLines::default();
        let (mut start, mut end) = (range.start, range.end);
        let first = index.line_of(start);
        if !first_partial && lines[first].start == start {
            while edges.leading < first_old
                && first > edges.leading
                && blank(first - edges.leading - 1)
            {
                edges.leading += 1;
            }
            start = lines[first - edges.leading].start;
        }
        let whole_after =
            (self.old_lines.len() - 1 - last_old).saturating_sub(usize::from(!self.old_nl));
        if end > start && end == lines[index.line_of(end - 1)].end && text[..end].ends_with('\n') {
            let last = index.line_of(end - 1);
            while edges.trailing < whole_after
                && last + edges.trailing + 1 < lines.len()
                && blank(last + edges.trailing + 1)
                && lines[last + edges.trailing + 1].end
                    > lines[last + edges.trailing + 1].content_end
            {
                edges.trailing += 1;
            }
            end = lines[last + edges.trailing].end;
        }
        (start..end, edges)
    }
}

/// How many of the file's blank lines before and after `old`'s non-blank lines the region
/// takes in (paired with `old`'s leading and trailing blank lines).
#[derive(Default)]
struct EdgeBlankLines {
    leading: usize,
    trailing: usize,
}

/// Pairs `old`'s blank lines with the file's blank lines between the same two aligned lines,
/// from the last up: an insertion after a blank line of `old` then lands after the file's
/// blank line, not above it, and where the file has more blank lines there than `old`, after
/// all of them — right before the line `new` puts it next to (`x\n\ny` → `x\n\nz\ny` in
/// a file holding `x\n\n\ny` gives `x\n\n\nz\ny`). Blank lines of `old` the file does not
/// have stay unaligned.
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
            for (j, k) in olds.rev().zip(files.rev()) {
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
