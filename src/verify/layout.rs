//! The layout of what was written: line breaks the model kept stay where the file has them,
//! and every line the model wrote stands at the depth `new` gives it.
//!
//! How `new`'s indentation reads (a **reading**):
//! - on the exact tier (the model saw the file as it is) as written: the literal replacement;
//! - elsewhere through the **frame** the lines `old` and the place share teach (a line of
//!   `old` starting with a token the file also starts a line with): the model's width to the
//!   file's indentation, a width not seen reached by whole levels (the model's unit, learned
//!   from `old` and `new`, to the file's).
//!
//! A one-line `old` copied from after its indentation teaches nothing, and `new`'s further
//! lines can be read two ways: **as placed** (their widths are the file's columns: on the
//! exact tier the literal replacement, elsewhere by levels from column 0) or **remembered**
//! (relative to the depth the model gave the line `old` stands for, read off `new`: the
//! closing line of a block the first line opens, else a further line saying what `old` says,
//! else the first further line). As placed is possible only where it keeps the depths `new`'s lines
//! have among themselves as written (deeper stays deeper), or where they have none a language
//! allows (Python lines in no block); remembered only where they have. On the exact tier the
//! literal reading wins where possible, unless a further line of `new` repeats `old` (then
//! that line's width is the model's depth of `old`'s line: remembered); elsewhere two
//! possible readings that differ are ambiguous and refused.

use super::blocks;
use super::fit::WrittenFrom;
use super::lexer::{LexemeClass, Token};
use super::template::{Origin, Tokens};
use std::collections::HashMap;

/// What the layout checks read.
pub(crate) struct Layout<'a> {
    /// The whole file (its indentation unit is read from it).
    pub file: &'a str,
    pub region: &'a Tokens<'a>,
    pub written: &'a Tokens<'a>,
    pub old: &'a Tokens<'a>,
    pub new: &'a Tokens<'a>,
    pub sources: &'a [WrittenFrom],
    /// For each token of `old`, the region's token it stands for.
    pub file_of_old: &'a [Option<usize>],
    /// For each token of `new`, the token of `old` it keeps.
    pub old_of_new: &'a [Option<usize>],
    /// The place starts after something on its line (its indentation at least).
    pub mid_line: bool,
    /// Where the place starts and ends in the region.
    pub place_start: usize,
    pub place_end: usize,
    /// The model saw the file as it is (the exact tier).
    pub exact: bool,
    /// Line breaks may move (a declared width convention).
    pub reflowed: bool,
    /// Indentation is syntax (Python).
    pub blocks: bool,
}

/// A layout fault: the written line (0-based, in the written region) and what is wrong.
#[derive(Debug, Clone)]
pub(crate) struct Fault {
    pub line: usize,
    pub what: String,
}

/// How `new`'s indentation is read.
#[derive(Debug, Clone)]
enum Reading {
    /// As `new` writes it.
    Literal,
    /// Through a frame.
    Framed(Frame),
}

/// The first fault, if any.
fn first(faults: Vec<Fault>) -> Result<(), Fault> {
    match faults.into_iter().next() {
        Some(fault) => Err(fault),
        None => Ok(()),
    }
}

/// The indentation of the line of `text` holding byte `at`.
fn indent_of(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Columns of an indentation, a tab counted as `tab`.
fn columns(indent: &str, tab: usize) -> usize {
    indent.chars().fold(0, |w, c| {
        if c == '\t' {
            (w / tab + 1) * tab
        } else {
            w + 1
        }
    })
}

/// The model's width of an indentation (a tab as 4 columns, as a model reads one).
fn model_width(indent: &str) -> usize {
    columns(indent, 4)
}

/// Whether two indentations are the same depth: the same columns with a tab as 4 and as 8
/// (`"    \t"` is not `"\t"`).
fn same_depth(a: &str, b: &str) -> bool {
    a == b || (columns(a, 4) == columns(b, 4) && columns(a, 8) == columns(b, 8))
}

impl Layout<'_> {
    /// Every check; the first fault.
    pub(crate) fn check(&self) -> Result<(), Fault> {
        if !self.reflowed {
            self.breaks_kept()?;
        }
        self.trailing_comments_stay()?;
        self.comment_lines_stay()?;
        self.first_indent_kept()?;
        self.file_lines_kept()?;
        self.depths()
    }

    /// A line of the file's outside the place that is written again (the rest of the lines a
    /// write touches) keeps its indentation.
    fn file_lines_kept(&self) -> Result<(), Fault> {
        for (w, source) in self.sources.iter().enumerate() {
            let WrittenFrom::Item(Origin::File(r)) = *source else {
                continue;
            };
            let (file, written) = (&self.region.tokens[r], &self.written.tokens[w]);
            let outside = file.start < self.place_start || file.start >= self.place_end;
            let code = !matches!(file.class, LexemeClass::Comment | LexemeClass::Blank);
            if !(outside && code && file.first_on_line && written.first_on_line) {
                continue;
            }
            let (a, b) = (
                indent_of(self.region.source, file.start),
                indent_of(self.written.source, written.start),
            );
            if !same_depth(a, b) {
                return Err(Fault {
                    line: written.line,
                    what: format!(
                        "`{}`, outside the place, was re-indented",
                        written.text(self.written.source)
                    ),
                });
            }
        }
        Ok(())
    }

    /// A place whose first line `old` gives without the file's indentation (copied from after
    /// it, or sent without it) leaves that line's indentation as the file has it, unless
    /// `new` starts with one of its own.
    fn first_indent_kept(&self) -> Result<(), Fault> {
        let prefix = self.first_indent();
        let model_wrote = |s: &WrittenFrom| {
            matches!(s, WrittenFrom::Item(Origin::New(_) | Origin::Anchor { .. }))
        };
        let first = self.written.tokens.first().zip(self.sources.first());
        let writes_line = first
            .is_some_and(|(t, s)| t.line == 0 && t.class != LexemeClass::Blank && model_wrote(s));
        let code_before = !self.region.source[..self.place_start].trim().is_empty();
        let new_indented = self.new.source.starts_with([' ', '\t']);
        if !self.mid_line || code_before || new_indented || !writes_line {
            return Ok(());
        }
        let got = indent_of(self.written.source, 0);
        if got == prefix {
            return Ok(());
        }
        Err(Fault {
            line: 0,
            what: format!(
                "the first line's indentation changed ({} columns, the file's {})",
                columns(got, 4),
                columns(prefix, 4)
            ),
        })
    }

    /// A comment of the file's on a line of its own stays right above what followed it in the
    /// file (the code it is about, or a blank line), while that is written; and at its own
    /// depth or the depth of the line below it.
    fn comment_lines_stay(&self) -> Result<(), Fault> {
        let region = &self.region.tokens;
        for (w, source) in self.sources.iter().enumerate() {
            let WrittenFrom::Item(Origin::File(r)) = *source else {
                continue;
            };
            if region[r].class != LexemeClass::Comment || !region[r].first_on_line {
                continue;
            }
            let fault = |what: String| Fault {
                line: self.written.tokens[w].line,
                what,
            };
            let text = self.written.tokens[w].text(self.written.source);
            if !self.comment_followed_as_in_file(w, r) {
                return Err(fault(format!(
                    "the comment `{text}` left the line it stood above"
                )));
            }
            if !self.comment_depth_kept(w, r) {
                return Err(fault(format!("the comment `{text}` was re-indented")));
            }
        }
        Ok(())
    }

    /// Whether the written comment `w` (the file's `r`) is followed by what followed it in
    /// the file, when that is written (past copies of the same comment: which of two like
    /// comments is the model's cannot be told).
    fn comment_followed_as_in_file(&self, w: usize, r: usize) -> bool {
        let next = r + 1;
        if self
            .region
            .tokens
            .get(next)
            .is_none_or(|t| t.class == LexemeClass::Comment)
        {
            // Above another comment: where an insertion among comments goes is not told.
            return true;
        }
        let key = &self.region.tokens[r].key;
        let stands_for = |s: &WrittenFrom| matches!(*s, WrittenFrom::Item(Origin::File(k)) | WrittenFrom::Item(Origin::Anchor { r: k, .. }) if k == next);
        if !self.sources.iter().any(stands_for) {
            return true;
        }
        let Some(at) = self.sources.iter().position(stands_for) else {
            return true;
        };
        if at < w {
            // The code it stood above moved up, away from it: it stays where it was.
            return true;
        }
        // Lines `new` adds right above that code may come between (a block opened around it).
        (w + 1..at).all(|k| {
            let t = &self.written.tokens[k];
            t.key == *key
                || t.class == LexemeClass::Blank
                || matches!(self.sources[k], WrittenFrom::Item(Origin::New(n)) if self.old_of_new[n].is_none())
        })
    }

    /// Whether the written comment `w` (the file's `r`) is at its own depth or at the depth of
    /// the next written line of code.
    fn comment_depth_kept(&self, w: usize, r: usize) -> bool {
        let written = self.written;
        let got = indent_of(written.source, written.tokens[w].start);
        let own = indent_of(self.region.source, self.region.tokens[r].start);
        let below = written.tokens[w + 1..]
            .iter()
            .find(|t| !matches!(t.class, LexemeClass::Comment | LexemeClass::Blank))
            .map(|t| indent_of(written.source, t.start));
        same_depth(got, own) || below.is_some_and(|b| same_depth(got, b))
    }

    /// A comment of the file's at the end of a line stays at the end of the line of the code
    /// before it, while that code is written before it.
    fn trailing_comments_stay(&self) -> Result<(), Fault> {
        for (w, source) in self.sources.iter().enumerate().skip(1) {
            let WrittenFrom::Item(Origin::File(r)) = *source else {
                continue;
            };
            let follows = match self.sources[w - 1] {
                WrittenFrom::Item(Origin::Anchor { r: before, .. } | Origin::File(before)) => {
                    before + 1 == r
                }
                _ => false,
            };
            let (file, written) = (&self.region.tokens[r], &self.written.tokens[w]);
            if follows
                && file.class == LexemeClass::Comment
                && !file.first_on_line
                && written.first_on_line
            {
                return Err(Fault {
                    line: written.line,
                    what: format!(
                        "the comment `{}` left the line it annotates",
                        written.text(self.written.source)
                    ),
                });
            }
        }
        Ok(())
    }

    /// A line break between two tokens the model kept side by side is where the file has it
    /// (or not), unless the model moved it.
    fn breaks_kept(&self) -> Result<(), Fault> {
        for (w, source) in self.sources.iter().enumerate().skip(1) {
            let WrittenFrom::Item(Origin::Anchor { o, r, n }) = *source else {
                continue;
            };
            let side_by_side = matches!(
                self.sources[w - 1],
                WrittenFrom::Item(Origin::Anchor { o: po, r: pr, n: pn })
                    if po + 1 == o && pr + 1 == r && pn + 1 == n
            );
            if !side_by_side {
                continue;
            }
            let (ot, nt) = (&self.old.tokens[o], &self.new.tokens[n]);
            let model_kept = ot.first_on_line == nt.first_on_line;
            let (file, written) = (&self.region.tokens[r], &self.written.tokens[w]);
            if model_kept && !ot.first_on_line && file.first_on_line && written.first_on_line {
                // A line of the file's wrapping the model did not see keeps its indentation.
                let (a, b) = (
                    indent_of(self.region.source, file.start),
                    indent_of(self.written.source, written.start),
                );
                if !same_depth(a, b) {
                    return Err(Fault {
                        line: written.line,
                        what: format!(
                            "`{}` was re-indented ({} columns, the file's {}) though the edit keeps its line",
                            written.text(self.written.source),
                            columns(b, 4),
                            columns(a, 4)
                        ),
                    });
                }
            }
            if model_kept && file.first_on_line != written.first_on_line {
                let verb = if file.first_on_line {
                    "joined"
                } else {
                    "broken"
                };
                return Err(Fault {
                    line: written.line,
                    what: format!(
                        "the line was {verb} before `{}`, which the edit keeps where it was",
                        written.text(self.written.source)
                    ),
                });
            }
        }
        Ok(())
    }

    /// The lines the model wrote: (written token, `new` token) for each written line whose
    /// first token is a `new` token starting a line of `new` (but its first, when the place
    /// starts mid-line).
    fn model_lines(&self) -> Vec<(usize, usize)> {
        let mut lines = Vec::new();
        for (w, t) in self.written.tokens.iter().enumerate() {
            if !t.first_on_line || t.class == LexemeClass::Blank {
                continue;
            }
            let n = match self.sources[w] {
                WrittenFrom::Item(Origin::New(n)) | WrittenFrom::Item(Origin::Anchor { n, .. }) => {
                    n
                }
                _ => continue,
            };
            let nt = &self.new.tokens[n];
            if nt.first_on_line && !(self.mid_line && nt.line == 0) {
                lines.push((w, n));
            }
        }
        lines
    }

    /// Every line the model wrote stands at the depth its reading gives it.
    fn depths(&self) -> Result<(), Fault> {
        let one_line = self.one_line();
        let mut lines = self.model_lines();
        if one_line {
            // `new`'s first line stands where `old`'s stood.
            lines.retain(|&(_, n)| self.new.tokens[n].line > 0);
        }
        if lines.is_empty() {
            return Ok(());
        }
        if !one_line {
            let reading = match (self.exact, Frame::learn(self)) {
                (true, _) => Reading::Literal,
                (false, Some(frame)) => Reading::Framed(frame),
                (false, None) => Reading::Framed(self.remembered()),
            };
            return first(self.misplaced(&lines, &reading));
        }
        self.one_line_depths(&lines)
    }

    /// Whether `old` is one line that gives no depth of its own: copied from after the
    /// indentation of its line, or without the file's indentation.
    fn one_line(&self) -> bool {
        let single = self.old.tokens.iter().all(|t| t.line == 0);
        let own = self
            .old
            .tokens
            .first()
            .map_or(0, |t| model_width(indent_of(self.old.source, t.start)));
        single && (self.mid_line || own != model_width(self.first_indent()))
    }

    /// The depths after a one-line `old` copied from after its indentation (module docs).
    fn one_line_depths(&self, lines: &[(usize, usize)]) -> Result<(), Fault> {
        if self.maybe_top_level() {
            return Err(Fault {
                line: self.written.tokens[lines[0].0].line,
                what: "`new` puts two blank lines before a line no deeper than its first, which \
                       the file does only before unindented lines: it may be meant at the \
                       file's top level; send `old` with its indentation"
                    .into(),
            });
        }
        let written_valid = !self.blocks || blocks::fragment_break(self.new.source).is_none();
        let placed = match self.exact {
            true => Reading::Literal,
            false => Reading::Framed(self.placed_frame()),
        };
        let placed_possible = !written_valid || self.keeps_order(&placed);
        let remembered = Reading::Framed(self.remembered());
        let candidates: Vec<&Reading> = match (placed_possible, written_valid) {
            // `new` repeats `old` on a further line: that line's width is where the model
            // thinks `old`'s line stands, and the literal reading would keep the model's
            // spaces in a file indented otherwise.
            _ if self.exact && self.repeats_old() => vec![&remembered],
            (true, _) if self.exact => vec![&placed],
            (true, true) => vec![&placed, &remembered],
            (true, false) => vec![&placed],
            (false, _) => vec![&remembered],
        };
        let faults: Vec<Vec<Fault>> = candidates
            .iter()
            .map(|r| self.misplaced(lines, r))
            .collect();
        match faults.as_slice() {
            [one] => first(one.clone()),
            [a, b] if a.is_empty() && b.is_empty() => Ok(()),
            [a, b] if a.is_empty() || b.is_empty() => Err(Fault {
                line: self.written.tokens[lines[0].0].line,
                what: "`new`'s lines can be read at two depths here (as placed after the \
                       copied first line, or relative to it); send `old` with its indentation"
                    .into(),
            }),
            [a, _] => first(a.clone()),
            _ => Ok(()),
        }
    }

    /// Whether `new`, after a one-line `old` copied from an indented line without its
    /// indentation, puts two or more blank lines before a further line no deeper than its
    /// first, while the file has two blank lines only before unindented lines: such a line
    /// reads as the file's top level as well as `old`'s depth (a test function added after
    /// the last statement of the one before).
    fn maybe_top_level(&self) -> bool {
        if self.first_indent().is_empty() {
            return false;
        }
        let width = |line: &str| model_width(indent_of(line, 0));
        let mut new_lines = self.new.source.lines();
        let Some(first) = new_lines.next() else {
            return false;
        };
        let first_width = width(first);
        let (mut blanks, mut spaced_out) = (0, false);
        for line in new_lines {
            if line.trim().is_empty() {
                blanks += 1;
                continue;
            }
            spaced_out |= blanks >= 2 && width(line) <= first_width;
            blanks = 0;
        }
        spaced_out && !indented_after_two_blank_lines(self.file)
    }

    /// The lines of `lines` not where `reading` puts them.
    fn misplaced(&self, lines: &[(usize, usize)], reading: &Reading) -> Vec<Fault> {
        let mut faults = Vec::new();
        for &(w, n) in lines {
            let wt = &self.written.tokens[w];
            let got = indent_of(self.written.source, wt.start);
            let model = indent_of(self.new.source, self.new.tokens[n].start);
            let want = match reading {
                Reading::Literal => Some(model.to_string()),
                Reading::Framed(frame) => self
                    .kept_indent(n)
                    .or_else(|| frame.map(model_width(model))),
            };
            // `new` respelling a line's indentation at the same depth (a tab for four spaces)
            // is the model's edit.
            let respelled =
                got == model && model_width(got) == want.as_deref().map_or(0, model_width);
            if let Some(want) = want.filter(|want| !same_depth(want, got) && !respelled) {
                faults.push(Fault {
                    line: wt.line,
                    what: format!(
                        "`{}` is indented by {} columns where the edit puts it at {}",
                        wt.text(self.written.source),
                        columns(got, 4),
                        columns(&want, 4)
                    ),
                });
            }
        }
        faults
    }

    /// A line of `new` that stands for a line of `old` (it keeps a token of it) at the same
    /// width keeps the indentation of the file's line `old`'s line stands for.
    fn kept_indent(&self, n: usize) -> Option<String> {
        let new = self.new;
        let line = new.tokens[n].line;
        let o = new
            .tokens
            .iter()
            .enumerate()
            .filter(|(_, t)| t.line == line)
            .find_map(|(k, _)| self.old_of_new[k])?;
        let old_line = self.old.tokens[o].line;
        let first = self.old.tokens.iter().position(|t| t.line == old_line)?;
        let (ot, r) = (&self.old.tokens[first], self.file_of_old[first]?);
        let rt = &self.region.tokens[r];
        let unchanged = model_width(indent_of(self.old.source, ot.start))
            == model_width(indent_of(new.source, new.tokens[n].start));
        let copied_after = self.mid_line && ot.line == 0;
        (ot.first_on_line && rt.first_on_line && unchanged && !copied_after)
            .then(|| indent_of(self.region.source, rt.start).to_string())
    }

    /// The file's indentation of the line the place starts on.
    fn first_indent(&self) -> &str {
        indent_of(self.region.source, 0)
    }

    /// The remembered reading: `new`'s first line at the depth the model gave it, read off
    /// `new` (module docs), standing where the place starts.
    fn remembered(&self) -> Frame {
        Frame::from_pairs(
            vec![(self.remembered_width(), self.first_indent().to_string())],
            self,
        )
    }

    /// The width the model gave `new`'s first line, read off its further lines.
    fn remembered_width(&self) -> usize {
        let new = self.new;
        let starts: Vec<&Token> = new
            .tokens
            .iter()
            .filter(|t| t.first_on_line && t.line > 0 && t.class != LexemeClass::Blank)
            .collect();
        let width = |t: &Token| model_width(indent_of(new.source, t.start));
        let line_text = |t: &Token| new.source[t.start..].lines().next().unwrap_or("").trim();
        let old_text = self.old.source.trim();
        if let Some(closer) = self.closing_line(&starts) {
            return width(closer);
        }
        if let Some(same) = starts.iter().find(|t| line_text(t) == old_text) {
            return width(same);
        }
        starts.first().map_or(0, |t| width(t))
    }

    /// Whether a further line of `new` (not its first) says what the one-line `old` says,
    /// and `new`'s first line opens no block (which would hold that line deeper).
    fn repeats_old(&self) -> bool {
        let new = self.new;
        let old_text = self.old.source.trim();
        let first = new.source.lines().next().unwrap_or("").trim_end();
        if first.ends_with(['{', ':', '(', '[']) {
            return false;
        }
        new.tokens
            .iter()
            .filter(|t| t.first_on_line && t.line > 0)
            .any(|t| new.source[t.start..].lines().next().unwrap_or("").trim() == old_text)
    }

    /// The line closing a block `new`'s first line opens (a brace language's `}`).
    fn closing_line<'t>(&self, starts: &[&'t Token]) -> Option<&'t Token> {
        let mut depth = 0isize;
        for t in &self.new.tokens {
            if t.line == 0 {
                depth += bracket_step(t);
                continue;
            }
            if depth <= 0 {
                return None;
            }
            if t.first_on_line && t.class == LexemeClass::Close && depth == 1 {
                return starts.iter().copied().find(|s| s.start == t.start);
            }
            depth += bracket_step(t);
        }
        None
    }

    /// The as-placed reading elsewhere than the exact tier: `new`'s widths as the file's
    /// columns, by levels from column 0.
    fn placed_frame(&self) -> Frame {
        Frame::from_pairs(vec![(0, String::new())], self)
    }

    /// Whether `reading` keeps the depths `new`'s lines have among themselves as written:
    /// a further line deeper (or not) than the first as written is deeper (or not) than the
    /// line the place starts on.
    fn keeps_order(&self, reading: &Reading) -> bool {
        let new = self.new;
        let first = new
            .tokens
            .first()
            .map_or(0, |t| model_width(indent_of(new.source, t.start)));
        let anchor = model_width(self.first_indent());
        new.tokens
            .iter()
            .filter(|t| t.first_on_line && t.line > 0 && t.class != LexemeClass::Blank)
            .all(|t| {
                let model = indent_of(new.source, t.start);
                let target = match reading {
                    Reading::Literal => Some(model_width(model)),
                    Reading::Framed(frame) => {
                        frame.map(model_width(model)).map(|s| model_width(&s))
                    }
                };
                target.is_none_or(|at| model_width(model).cmp(&first) == at.cmp(&anchor))
            })
    }
}

/// Whether `text` has an indented line right after two or more blank lines.
fn indented_after_two_blank_lines(text: &str) -> bool {
    let mut blanks = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blanks += 1;
            continue;
        }
        if blanks >= 2 && line.starts_with([' ', '\t']) {
            return true;
        }
        blanks = 0;
    }
    false
}

fn bracket_step(t: &Token) -> isize {
    match t.class {
        LexemeClass::Open => 1,
        LexemeClass::Close => -1,
        _ => 0,
    }
}

/// The model's indentation (columns, a tab as 4) to the file's.
#[derive(Debug, Clone)]
struct Frame {
    pairs: HashMap<usize, String>,
    model_unit: usize,
    file_unit: Option<String>,
}

impl Frame {
    /// The frame the shared lines of `old` and the place teach; `None` when they teach none.
    /// An unindented first line of `old` in an indented place counts only when no other line
    /// teaches (it may have been copied from after its indentation).
    fn learn(layout: &Layout<'_>) -> Option<Frame> {
        let mut pairs: Vec<(usize, usize, String)> = Vec::new();
        for (o, r) in layout.file_of_old.iter().enumerate() {
            let Some(r) = *r else { continue };
            let (ot, rt) = (&layout.old.tokens[o], &layout.region.tokens[r]);
            // A blank line teaches no depth (it has no indentation of its own).
            let blank = ot.class == LexemeClass::Blank || rt.class == LexemeClass::Blank;
            if ot.first_on_line && rt.first_on_line && !blank && !(layout.mid_line && ot.line == 0)
            {
                let model = model_width(indent_of(layout.old.source, ot.start));
                let file = indent_of(layout.region.source, rt.start).to_string();
                pairs.push((ot.line, model, file));
            }
        }
        // An unindented first line in an indented place: copied from after its indentation.
        let copied_after = |p: &(usize, usize, String)| p.0 == 0 && p.1 == 0 && !p.2.is_empty();
        if pairs.iter().any(|p| p.0 > 0) {
            pairs.retain(|p| !copied_after(p));
        }
        let pairs: Vec<(usize, String)> = pairs.into_iter().map(|(_, m, f)| (m, f)).collect();
        (!pairs.is_empty()).then(|| Frame::from_pairs(pairs, layout))
    }

    fn from_pairs(list: Vec<(usize, String)>, layout: &Layout<'_>) -> Frame {
        let mut pairs: HashMap<usize, String> = HashMap::new();
        let mut ambiguous = Vec::new();
        for (model, file) in list {
            match pairs.get(&model) {
                Some(seen) if *seen != file => ambiguous.push(model),
                _ => {
                    pairs.insert(model, file);
                }
            }
        }
        for model in ambiguous {
            pairs.remove(&model);
        }
        let mut model_unit = model_unit(layout);
        let file_unit = file_unit(&pairs, model_unit)
            .or_else(|| whole_file_unit(layout.file, model_steps_evenly(layout, model_unit)));
        // Every shared line at the file's own width: the model indents as the file does, one
        // of the file's steps a level (not the one gap between the model's two widths).
        let same_widths = !pairs.is_empty()
            && pairs
                .iter()
                .all(|(model, file)| *model == model_width(file) && *model > 0);
        if let Some(unit) = file_unit.as_deref().filter(|_| same_widths) {
            model_unit = model_width(unit).max(1);
        }
        Frame {
            file_unit,
            model_unit,
            pairs,
        }
    }

    /// Where the model's width `model` stands in the file; `None` when it cannot be told.
    fn map(&self, model: usize) -> Option<String> {
        if let Some(file) = self.pairs.get(&model) {
            return Some(file.clone());
        }
        let (&from, base) = self
            .pairs
            .iter()
            .min_by_key(|(w, _)| (w.abs_diff(model), **w))?;
        let unit = self.file_unit.as_deref()?;
        if self.model_unit == 0 || model.abs_diff(from) % self.model_unit != 0 {
            return None;
        }
        let levels = model.abs_diff(from) / self.model_unit;
        if model > from {
            Some(format!("{base}{}", unit.repeat(levels)))
        } else {
            let cut = unit.len() * levels;
            (base.len() >= cut && base[base.len() - cut..] == unit.repeat(levels))
                .then(|| base[..base.len() - cut].to_string())
        }
    }
}

/// The model's indentation step: the greatest common divisor of the differences between
/// the widths of `old`'s and `new`'s lines (0: one width only).
fn model_unit(layout: &Layout<'_>) -> usize {
    let mut widths: Vec<usize> = [layout.old, layout.new]
        .iter()
        .flat_map(|t| {
            t.tokens
                .iter()
                .filter(|k| k.first_on_line && k.class != LexemeClass::Blank)
                .map(|k| model_width(indent_of(t.source, k.start)))
        })
        .collect();
    widths.push(0);
    widths.sort_unstable();
    widths.dedup();
    widths.windows(2).fold(0, |g, w| gcd(g, w[1] - w[0]))
}

/// The file's indentation step seen in the frame's pairs: the indentation one pair adds to
/// another's, divided by the model's levels between them (a tab, or spaces).
fn file_unit(pairs: &HashMap<usize, String>, model_unit: usize) -> Option<String> {
    if model_unit == 0 {
        return None;
    }
    let mut by_width: Vec<(&usize, &String)> = pairs.iter().collect();
    by_width.sort();
    by_width.windows(2).find_map(|w| {
        let extra = w[1].1.strip_prefix(w[0].1.as_str())?;
        let levels = (w[1].0 - w[0].0) / model_unit;
        let uniform = extra.chars().all(|c| c == '\t') || extra.chars().all(|c| c == ' ');
        (levels > 0 && !extra.is_empty() && uniform && extra.len() % levels == 0)
            .then(|| extra[..extra.len() / levels].to_string())
    })
}

/// The file's own indentation step: a tab where its lines start with tabs; else, where
/// `common` (the model's lines step evenly), the most common increase of space indentation
/// from one line to the next — a line indented by an odd amount the model did not show (a
/// docstring's continuation, an aligned argument) does not make the step smaller; else the
/// common divisor of its lines' space indentation, as the model's own odd lines read.
/// A block comment's continuation lines (` * `, one column in from the `/**` line) are not
/// code and do not count.
fn whole_file_unit(text: &str, common: bool) -> Option<String> {
    let (mut tabs, mut spaces, mut g) = (0, 0, 0);
    let mut steps: HashMap<usize, usize> = HashMap::new();
    let mut previous = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let content = line.trim_start_matches([' ', '\t']);
        let indent = &line[..line.len() - content.len()];
        let continuation = content == "*" || content.starts_with("* ") || content.starts_with("*/");
        if indent.starts_with('\t') {
            tabs += 1;
        } else if !continuation {
            if !indent.is_empty() {
                spaces += 1;
                g = gcd(g, indent.len());
            }
            if indent.len() > previous {
                *steps.entry(indent.len() - previous).or_default() += 1;
            }
            previous = indent.len();
        }
    }
    let step = match common {
        true => most_common(steps),
        false => (g > 0).then_some(g),
    };
    match (tabs, step) {
        (t, _) if t > spaces => Some("\t".into()),
        (_, None) => None,
        (_, Some(step)) => Some(" ".repeat(step)),
    }
}

/// The step counted most often (the smaller of equals).
fn most_common(steps: HashMap<usize, usize>) -> Option<usize> {
    steps
        .into_iter()
        .max_by_key(|&(step, count)| (count, std::cmp::Reverse(step)))
        .map(|(step, _)| step)
}

/// Whether the model's lines step evenly: every increase of width from one line of `old` or
/// `new` to the next is a whole number of `unit`s and the smallest is `unit` itself.
fn model_steps_evenly(layout: &Layout<'_>, unit: usize) -> bool {
    let mut smallest = usize::MAX;
    for t in [layout.old, layout.new] {
        let mut previous = 0;
        let lines = t
            .tokens
            .iter()
            .filter(|k| k.first_on_line && k.class != LexemeClass::Blank);
        for k in lines {
            let width = model_width(indent_of(t.source, k.start));
            if width > previous {
                smallest = smallest.min(width - previous);
            }
            previous = width;
        }
    }
    unit > 1 && (smallest == usize::MAX || smallest == unit)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}
