//! Edits that change only what the structural comparison folds: a `;` added or dropped,
//! quotes changed, redundant parentheses removed, lines re-wrapped or re-indented. The
//! token-level writer sees no change in them (and the file's conventions would respell what
//! it wrote back), so such an edit is written line by line instead, as a three-way merge of
//! lines: base = `old`, ours = the file's lines `old`'s tokens stand on, theirs = `new`.
//!
//! Each run of lines `new` changes is written where the file's lines say what `old`'s say
//! (byte for byte after the indentation, else modulo trailing whitespace), in `new`'s
//! spelling, re-indented into the file's indentation when the file indents `old`'s lines
//! differently; a run whose file lines already say what `new`'s say is left alone (all
//! left alone: the region is returned unchanged, which the caller reports as
//! `already_applied`). A run whose file lines say neither, or that the file interrupts with
//! lines `old` lacks, is refused: the edit is exactly what differs, so nothing there may be
//! guessed. Lines `new` keeps are copied from the file, comments and blank lines included.

use crate::write::rule::{RuleFamily, WriterRule};
use std::ops::Range;

use similar::{Algorithm, DiffOp, capture_diff_slices};

use crate::outcome::{Code, Refusal};
use crate::syntax::FileToken;
use crate::syntax::token::{SyntaxToken, TokenClass};
use crate::text::lines::{LineIndex, indentation, line_start, model_lines, starts_line};
use crate::write::indent::IndentMap;

/// An edit of spelling only, written line by line ([`spelling_only`], [`Lines::write`]).
pub(crate) const SPELLING_ONLY: WriterRule = WriterRule {
    name: "spelling_only",
    family: RuleFamily::Spelling,
    summary: "an edit of spelling or layout only (`;`, quotes, parentheses, wrapping) is written line by line in `new`'s spelling",
};

/// `old` and `new` differ, but not in their significant tokens nor their comments: the
/// edit is one of spelling or layout only.
pub(super) fn spelling_only(
    old: &str,
    new: &str,
    o: (&[SyntaxToken], &[Range<usize>]),
    n: (&[SyntaxToken], &[Range<usize>]),
) -> bool {
    let keys = |toks: &[SyntaxToken]| -> Vec<(TokenClass, String)> {
        toks.iter()
            .map(|t| (t.class, t.key("").to_string()))
            .collect()
    };
    let comments = |src: &str, cs: &[Range<usize>]| -> Vec<String> {
        cs.iter()
            .map(|c| src[c.clone()].trim().to_string())
            .collect()
    };
    old != new && keys(o.0) == keys(n.0) && comments(old, o.1) == comments(new, n.1)
}

/// What the line writer needs of the file and the edit.
pub(super) struct Lines<'a> {
    /// The whole file.
    pub text: &'a str,
    /// The located region (`old`'s place).
    pub range: Range<usize>,
    pub old: &'a str,
    pub new: &'a str,
    /// `old`'s tokens and the file tokens they are aligned with, one to one.
    pub o_tokens: &'a [SyntaxToken],
    pub file: &'a [FileToken],
    /// The file's indentation unit and the columns of one level of `new`'s.
    pub unit: &'a str,
    pub new_unit: usize,
    /// The file's line ending, for a line written where the file has none.
    pub eol: &'a str,
}

/// One file line standing for one of `old`'s lines: where it starts (or where the region
/// starts, when that is later on the line: `clipped`), where its content ends, and where the
/// line ends (after its line break).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FileLine {
    start: usize,
    content_end: usize,
    end: usize,
    clipped: bool,
}

/// The file lines one of `old`'s lines stands on (one, unless the file wraps it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    first: FileLine,
    last: FileLine,
    /// The old line's first token starts its file line: the two lines' indentations
    /// correspond.
    starts: bool,
}

impl FileLine {
    /// The line from after its indentation (`old`'s first line was copied from there).
    fn after_indentation(self, text: &str) -> FileLine {
        let line = &text[self.start..self.content_end];
        let start = self.start + indentation(line).len();
        FileLine {
            start,
            clipped: self.clipped || start > self.start,
            ..self
        }
    }
}

/// `old`'s first line was copied from after its indentation: it has none while a later
/// line has some.
fn copied_first(old_lines: &[&str]) -> bool {
    old_lines
        .first()
        .is_some_and(|l| !l.trim().is_empty() && indentation(l).is_empty())
        && old_lines[1..]
            .iter()
            .any(|l| !l.trim().is_empty() && !indentation(l).is_empty())
}

/// `new`'s first line at the depth it has in the model's frame, when `old` was copied from
/// after its first line's indentation ([`copied_first`]) and `new` the same way (unindented
/// first line, indented further lines) and the two first lines differ: read off `new`'s
/// lines ([`crate::write::indent::first_line_frame`]), so a line it writes first is indented
/// like its neighbours, not at column 0.
fn framed_first(old_lines: &[&str], new_lines: &[&str]) -> Option<String> {
    let (first, rest) = new_lines.split_first()?;
    let rest: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let unindented = !first.trim().is_empty() && indentation(first).is_empty();
    if !copied_first(old_lines)
        || !unindented
        || old_lines.first() == Some(first)
        || rest.is_empty()
        || rest.iter().any(|l| indentation(l).is_empty())
    {
        return None;
    }
    let frame = crate::write::indent::first_line_frame(first, &rest)?;
    Some(format!("{frame}{first}"))
}

/// A replacement of `at` (absolute offsets) by `with`.
struct Replacement {
    at: Range<usize>,
    with: String,
}

impl Lines<'_> {
    /// The replacement for `text[range]`, or why the edit cannot be written with certainty.
    pub(super) fn write(&self) -> Result<String, Refusal> {
        let old_lines = model_lines(self.old).0;
        let new_lines = model_lines(self.new).0;
        let framed = framed_first(&old_lines, &new_lines);
        let new_lines: Vec<&str> = match &framed {
            Some(first) => std::iter::once(first.as_str())
                .chain(new_lines[1..].iter().copied())
                .collect(),
            None => new_lines,
        };
        let mut map = self.file_lines(&old_lines);
        if copied_first(&old_lines)
            && let Some(Some(span)) = map.first_mut()
        {
            span.first = span.first.after_indentation(self.text);
        }
        let indent = self.indentation(&old_lines, &map)?;
        let mut edits = Vec::new();
        for op in capture_diff_slices(Algorithm::Myers, &old_lines, &new_lines) {
            if matches!(op, DiffOp::Equal { .. }) {
                continue;
            }
            let (o, n) = (op.old_range(), op.new_range());
            // As many lines for as many: each on its own, so lines the file has between
            // them (a comment `old` lacks) stay where they are.
            let runs: Vec<(Range<usize>, Range<usize>)> = if o.len() == n.len() {
                o.clone()
                    .zip(n.clone())
                    .map(|(i, j)| (i..i + 1, j..j + 1))
                    .collect()
            } else {
                vec![(o, n)]
            };
            for (o, n) in runs {
                let (old_run, new_run) = (&old_lines[o.clone()], &new_lines[n]);
                if let Some(e) = self.hunk(&map, old_run, o, new_run, &indent)? {
                    edits.push(e);
                }
            }
        }
        let along = self.comments_along(&edits);
        edits.extend(along);
        Ok(self.apply(edits))
    }

    /// Edits re-indenting the comment lines `old` lacks (lines holding no token of the file)
    /// that stand right above a line the edit only re-indents, the first indented as that
    /// line was: the comment moves with the code it describes (`// count` above a loop
    /// re-indented from 2 to 4 spaces goes to 4; a block comment's inner lines keep their
    /// place relative to its first).
    fn comments_along(&self, edits: &[Replacement]) -> Vec<Replacement> {
        let text = self.text;
        // Lines only re-indented: (line start, indentation before, after).
        let moved: Vec<(usize, &str, String)> = edits
            .iter()
            .filter_map(|e| {
                let ls = line_start(text, e.at.start);
                let before = &text[ls..e.at.end];
                let after = format!("{}{}", &text[ls..e.at.start], e.with);
                let same = !before.contains('\n')
                    && !after.contains('\n')
                    && before.trim_start() == after.trim_start()
                    && indentation(before) != indentation(&after);
                same.then(|| (ls, indentation(before), indentation(&after).to_string()))
            })
            .collect();
        let touched = |l: &FileLine| {
            edits
                .iter()
                .any(|e| e.at.start < l.end && l.start < e.at.end)
        };
        let mut along = Vec::new();
        let mut comments: Vec<FileLine> = Vec::new();
        let mut at = self.range.start;
        while at < self.range.end {
            let line = self.line_at(at);
            at = line.end;
            let content = &text[line.start..line.content_end];
            if content.trim().is_empty() {
                continue;
            }
            if !self.holds_token(&line)
                && !touched(&line)
                && line.start == line_start(text, line.start)
            {
                comments.push(line);
                continue;
            }
            if let Some((_, from, to)) = moved.iter().find(|m| m.0 == line.start) {
                // A block comment's inner lines keep their place relative to its first.
                let first = comments
                    .first()
                    .map(|c| indentation(&text[c.start..c.content_end]));
                let shifted = comments
                    .iter()
                    .filter(|c| indentation(&text[c.start..c.content_end]).starts_with(*from));
                for c in shifted.filter(|_| first == Some(*from)) {
                    along.push(Replacement {
                        at: c.start..c.start + from.len(),
                        with: to.clone(),
                    });
                }
            }
            comments.clear();
        }
        along
    }

    /// The file lines each of `old`'s lines stands on: from the line of its first token to
    /// the line of its last, or for a line without tokens (blank, comment) the line after
    /// the previous one's.
    fn file_lines(&self, old_lines: &[&str]) -> Vec<Option<Span>> {
        let index = LineIndex::new(self.old);
        let mut map: Vec<Option<Span>> = vec![None; old_lines.len()];
        for (t, f) in self.o_tokens.iter().zip(self.file) {
            let i = index.line_of(t.range.start);
            let last = self.line_at(f.range.end.saturating_sub(1).max(f.range.start));
            match &mut map[i] {
                Some(span) => span.last = last,
                slot => {
                    *slot = Some(Span {
                        first: self.line_at(f.range.start),
                        last,
                        starts: starts_line(self.text, f.range.start),
                    })
                }
            }
        }
        for i in 1..map.len() {
            if map[i].is_none()
                && let Some(prev) = map[i - 1]
                && prev.last.end < self.range.end
            {
                let line = self.line_at(prev.last.end);
                map[i] = Some(Span {
                    first: line,
                    last: line,
                    starts: false,
                });
            }
        }
        map
    }

    /// Whether one of the file's tokens `old` stands for starts on `l`.
    fn holds_token(&self, l: &FileLine) -> bool {
        self.file
            .iter()
            .any(|f| (l.start..l.end).contains(&f.range.start))
    }

    /// The file line holding `at`, clipped to the region (`at` may fall inside a character:
    /// a token's end less one byte, `résumé`'s `é`).
    fn line_at(&self, at: usize) -> FileLine {
        let text = self.text;
        let at = (0..=at.min(text.len()))
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let ls = line_start(text, at);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let content = text[ls..end].trim_end_matches(['\n', '\r']).len() + ls;
        let start = ls.max(self.range.start);
        FileLine {
            start,
            content_end: content.min(self.range.end.max(start)),
            end,
            clipped: start > ls,
        }
    }

    /// How `new`'s lines are indented in the file: as `new` has them when the file indents
    /// every line `old` has as `old` does, else mapped level by level.
    fn indentation(
        &self,
        old_lines: &[&str],
        map: &[Option<Span>],
    ) -> Result<Option<IndentMap>, Refusal> {
        let pairs: Vec<(&str, &str)> = old_lines
            .iter()
            .zip(map)
            .filter_map(|(l, s)| Some((*l, s.filter(|s| s.starts)?.first)))
            .filter(|(l, f)| !f.clipped && !l.trim().is_empty())
            .map(|(l, f)| {
                (
                    indentation(l),
                    indentation(&self.text[f.start..f.content_end]),
                )
            })
            .collect();
        if pairs.iter().all(|(o, f)| o == f) {
            return Ok(None);
        }
        let m = IndentMap::new(pairs, self.new_unit, self.unit);
        match m.inconsistency() {
            Some(why) => Err(Refusal::new(Code::IndentInconsistent, why)),
            None => Ok(Some(m)),
        }
    }

    /// The edit for one run of lines `new` changes (`old_lines` = `old`'s lines `o`), or
    /// `None` when the file already says what `new` says there.
    fn hunk(
        &self,
        map: &[Option<Span>],
        old_lines: &[&str],
        o: Range<usize>,
        new_lines: &[&str],
        indent: &Option<IndentMap>,
    ) -> Result<Option<Replacement>, Refusal> {
        if o.is_empty() {
            return self.insertion(map, o.start, new_lines, indent);
        }
        let (first, last) = self.run(&map[o.clone()])?;
        let in_file = self.lines_between(first, last);
        let side = side_matching(&in_file, old_lines, new_lines);
        if side.is_none()
            && let Some(carried) = self.carry_comments(first, last, old_lines, new_lines)
        {
            let refs: Vec<&str> = carried.iter().map(String::as_str).collect();
            let with = self.written(&refs, first.clipped, indent, self.eol_of(&first))?;
            return Ok(Some(Replacement {
                at: first.start..last.content_end,
                with,
            }));
        }
        match side {
            Some(Side::New) if self.indented_as(&in_file, new_lines, first.clipped, indent) => {
                Ok(None)
            }
            // The file wraps `old`'s lines otherwise, and the edit keeps `old`'s lines (it
            // changes spelling, not layout): the change goes into the file's layout,
            // character by character.
            Some(Side::Old)
                if !pairwise(&in_file, old_lines, str::trim)
                    && old_lines.len() == new_lines.len() =>
            {
                let at = first.start..last.content_end;
                let with = rewritten_keeping_whitespace(&self.text[at.clone()], &without_whitespace(old_lines), &without_whitespace(new_lines))
                    .ok_or_else(|| {
                        Refusal::new(
                            Code::Unmappable,
                            "the edit changes spelling across the file's line breaks; send `old` as the file has it",
                        )
                    })?;
                Ok(Some(Replacement { at, with }))
            }
            Some(Side::Old) => self.replaced(first, last, new_lines, indent).map(Some),
            Some(Side::New) | None => Err(Refusal::new(
                Code::Unmappable,
                format!(
                    "the edit changes only spelling or layout, and the file's line {} says neither \
                     what `old` nor what `new` says there; send `old` as the file has it",
                    self.text[..first.start].matches('\n').count() + 1
                ),
            )),
        }
    }

    /// The file lines from `first` to `last` (which say what `old`'s say) replaced by
    /// `new_lines` in the file's indentation; none deletes them with their line breaks.
    fn replaced(
        &self,
        first: FileLine,
        last: FileLine,
        new_lines: &[&str],
        indent: &Option<IndentMap>,
    ) -> Result<Replacement, Refusal> {
        let with = self.written(new_lines, first.clipped, indent, self.eol_of(&first))?;
        let at = match new_lines.is_empty() {
            // A deleted last line whose line break lies past the region takes the line
            // break before it along.
            true if last.end > self.range.end && !first.clipped => {
                let before = &self.text[self.range.start..first.start];
                let eol = if before.ends_with("\r\n") {
                    2
                } else {
                    usize::from(before.ends_with('\n'))
                };
                first.start - eol..last.content_end
            }
            true => first.start..last.end.min(self.range.end),
            false => first.start..last.content_end,
        };
        Ok(Replacement { at, with })
    }

    /// The file's lines are indented as `new`'s would be written (where they are as many:
    /// a re-wrapped run's indentation says nothing).
    fn indented_as(
        &self,
        in_file: &[&str],
        new_lines: &[&str],
        clipped: bool,
        indent: &Option<IndentMap>,
    ) -> bool {
        in_file.len() != new_lines.len()
            || in_file
                .iter()
                .zip(new_lines)
                .enumerate()
                .all(|(i, (f, n))| {
                    let want = match indent {
                        _ if n.trim().is_empty() || (i == 0 && clipped) => return true,
                        None => Ok(indentation(n).to_string()),
                        Some(m) => m.map(indentation(n)),
                    };
                    want.is_ok_and(|w| w == indentation(f))
                })
    }

    /// The first and last file line standing for a run of `old`'s lines, which must follow
    /// one another in the file.
    fn run(&self, map: &[Option<Span>]) -> Result<(FileLine, FileLine), Refusal> {
        let spans: Option<Vec<Span>> = map.iter().copied().collect();
        // Lines between them may only be lines without `old`'s tokens (comments).
        let gap_free = |a: usize, b: usize| {
            a <= b && !self.file.iter().any(|f| (a..b).contains(&f.range.start))
        };
        let spans = spans.filter(|ss| {
            ss.windows(2)
                .all(|w| gap_free(w[0].last.end, w[1].first.start))
        });
        match spans.as_deref() {
            Some([first, .., last]) => Ok((first.first, last.last)),
            Some([one]) => Ok((one.first, one.last)),
            _ => Err(Refusal::new(
                Code::Unmappable,
                "the edit changes only spelling or layout, and the file has lines `old` lacks \
                 among the lines it changes; send `old` as the file has it",
            )),
        }
    }

    /// `new_lines` with the comment lines the file has among `old`'s lines (lines holding
    /// none of `old`'s tokens) carried along: each goes above the line of `new` that says what
    /// the `old` line below it says, at that line's indentation. `None` unless the file's
    /// other lines say what `old`'s say and every comment finds its line.
    fn carry_comments(
        &self,
        first: FileLine,
        last: FileLine,
        old_lines: &[&str],
        new_lines: &[&str],
    ) -> Option<Vec<String>> {
        let mut lines = Vec::new();
        let mut at = first.start;
        while at <= last.content_end && at < self.text.len() {
            let line = self.line_at(at);
            lines.push(line);
            at = line.end;
        }
        let text = |l: &FileLine| &self.text[l.start..l.content_end];
        let comment = |l: &FileLine| !self.holds_token(l) && !text(l).trim().is_empty();
        let kept: Vec<&str> = lines.iter().filter(|l| !comment(l)).map(text).collect();
        if !lines.iter().any(comment) || side_matching(&kept, old_lines, &[]) != Some(Side::Old) {
            return None;
        }
        // Each comment goes with the next line of code, found in `new` by its content.
        let mut above: Vec<Vec<&str>> = vec![Vec::new(); new_lines.len()];
        let mut pending = Vec::new();
        for l in &lines {
            if comment(l) {
                pending.push(text(l).trim());
                continue;
            }
            if pending.is_empty() {
                continue;
            }
            let j = new_lines.iter().position(|n| n.trim() == text(l).trim())?;
            above[j].append(&mut pending);
        }
        if !pending.is_empty() {
            return None;
        }
        let mut out = Vec::new();
        for (line, comments) in new_lines.iter().zip(above) {
            let ws = indentation(line);
            out.extend(comments.into_iter().map(|c| format!("{ws}{c}")));
            out.push(line.to_string());
        }
        Some(out)
    }

    /// The contents of the file lines from `first` to `last`.
    fn lines_between(&self, first: FileLine, last: FileLine) -> Vec<&str> {
        let text = &self.text[first.start..last.content_end];
        text.split('\n').map(|l| l.trim_end_matches('\r')).collect()
    }

    /// `new`'s lines inserted before `old`'s line `at` (after its last line at the end).
    fn insertion(
        &self,
        map: &[Option<Span>],
        at: usize,
        new_lines: &[&str],
        indent: &Option<IndentMap>,
    ) -> Result<Option<Replacement>, Refusal> {
        let unplaced = || {
            Refusal::new(
                Code::Unmappable,
                "the edit adds lines where the file's lines do not follow `old`'s; send `old` as \
                 the file has it",
            )
        };
        if at == map.len() {
            let last = map.last().copied().flatten().ok_or_else(unplaced)?.last;
            let eol = self.eol_of(&last);
            let with = self.written(new_lines, false, indent, eol)?;
            let at = last.content_end..last.content_end;
            return Ok(Some(Replacement {
                at,
                with: format!("{eol}{with}"),
            }));
        }
        let next = map[at]
            .map(|s| s.first)
            .filter(|f| !f.clipped)
            .ok_or_else(unplaced)?;
        // Between two of `old`'s lines, the file must hold them next to each other: lines
        // `old` lacks between them leave the place open.
        if at > 0 && map[at - 1].is_none_or(|prev| prev.last.end != next.start) {
            return Err(unplaced());
        }
        let before = self.lines_before(next.start, new_lines.len());
        if side_matching(&before, &[], new_lines) == Some(Side::New) {
            return Ok(None);
        }
        let eol = self.eol_of(&next);
        let with = self.written(new_lines, false, indent, eol)?;
        Ok(Some(Replacement {
            at: next.start..next.start,
            with: format!("{with}{eol}"),
        }))
    }

    /// The contents of the `k` file lines right above the line starting at `at`.
    fn lines_before(&self, at: usize, k: usize) -> Vec<&str> {
        let above: Vec<&str> = self.text[..at].lines().rev().take(k).collect();
        above
            .into_iter()
            .rev()
            .map(|l| l.trim_end_matches('\r'))
            .collect()
    }

    /// `new_lines` in the file's indentation, joined by `eol`; with `clipped` the first
    /// continues a line the file keeps the start of.
    fn written(
        &self,
        new_lines: &[&str],
        clipped: bool,
        indent: &Option<IndentMap>,
        eol: &str,
    ) -> Result<String, Refusal> {
        let mut out = Vec::with_capacity(new_lines.len());
        for (i, line) in new_lines.iter().enumerate() {
            let body = line.trim_start_matches([' ', '\t']);
            let ws = match indent {
                _ if body.is_empty() || (i == 0 && clipped) => String::new(),
                None => indentation(line).to_string(),
                Some(m) => m
                    .map(indentation(line))
                    .map_err(|why| Refusal::new(Code::IndentInconsistent, why))?,
            };
            out.push(format!("{ws}{}", if body.is_empty() { "" } else { body }));
        }
        Ok(out.join(eol))
    }

    /// The line break ending a file line (the file's own where the line has none).
    fn eol_of<'s>(&'s self, line: &FileLine) -> &'s str {
        match &self.text[line.content_end..line.end] {
            "" => self.eol,
            e => e,
        }
    }

    /// The region with the edits applied.
    fn apply(&self, mut edits: Vec<Replacement>) -> String {
        edits.sort_by_key(|e| e.at.start);
        let mut out = String::new();
        let mut at = self.range.start;
        for e in edits {
            out.push_str(&self.text[at..e.at.start]);
            out.push_str(&e.with);
            at = e.at.end;
        }
        out.push_str(&self.text[at..self.range.end]);
        out
    }
}

/// Which side of the edit some lines say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Old,
    New,
}

/// Which of `old` and `new` the file's lines say, the strictest comparison deciding: the
/// lines byte for byte, then after their indentation, then modulo trailing whitespace, then
/// with all whitespace removed (the file wraps them otherwise; the tokens are known equal).
fn side_matching(file: &[&str], old: &[&str], new: &[&str]) -> Option<Side> {
    type Cmp = fn(&[&str], &[&str]) -> bool;
    let exact: Cmp = |a, b| a == b;
    let indented: Cmp = |a, b| pairwise(a, b, str::trim_start);
    let trimmed: Cmp = |a, b| pairwise(a, b, str::trim);
    let layout: Cmp = |a, b| without_whitespace(a) == without_whitespace(b);
    // The formatter's trailing commas aside too (black's `mode='rw',\n)`).
    let commas: Cmp = |a, b| {
        without_closing_commas(&without_whitespace(a))
            == without_closing_commas(&without_whitespace(b))
    };
    for cmp in [exact, indented, trimmed, layout, commas] {
        let is_old = !old.is_empty() && cmp(file, old);
        let is_new = !new.is_empty() && cmp(file, new);
        match (is_old, is_new) {
            // The edit is finer than this comparison, and the file matched neither side
            // by a finer one.
            (true, true) => return None,
            (true, false) => return Some(Side::Old),
            (false, true) => return Some(Side::New),
            (false, false) => {}
        }
    }
    None
}

/// `a` and `b` have as many lines, equal once `f` trims them.
fn pairwise(a: &[&str], b: &[&str], f: fn(&str) -> &str) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| f(x) == f(y))
}

/// `file` (whose characters other than whitespace are `old`'s) changed the way `new`
/// changes `old`, keeping the file's whitespace: a character `new` adds that closes
/// something (`;`, `)`, `,`) follows the character before it, any other comes before the
/// character after it. `None` when a change would swallow the file's whitespace.
fn rewritten_keeping_whitespace(file: &str, old: &str, new: &str) -> Option<String> {
    let at: Vec<(usize, char)> = file
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let (o, n): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    // Without whitespace, word characters `new` adds could join the file's words.
    let word = |c: &char| c.is_alphanumeric() || *c == '_';
    if n.iter().filter(|c| word(c)).count() != o.iter().filter(|c| word(c)).count() {
        return None;
    }
    let at = file_chars_of(at, &o)?;
    let end = |k: usize| at[k].0 + at[k].1.len_utf8();
    let mut edits: Vec<(Range<usize>, String)> = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, &o, &n) {
        let (or, nr) = (op.old_range(), op.new_range());
        let with: String = n[nr.clone()].iter().collect();
        match op {
            DiffOp::Equal { .. } => {}
            DiffOp::Insert { .. } => {
                let closes = with
                    .chars()
                    .all(|c| matches!(c, ';' | ')' | ']' | '}' | ',' | ':'));
                let pos = match (or.start, closes) {
                    (0, _) => at.first().map_or(0, |a| a.0),
                    (k, true) => end(k - 1),
                    (k, false) if k < at.len() => at[k].0,
                    (k, false) => end(k - 1),
                };
                edits.push((pos..pos, with));
            }
            _ if or.len() == nr.len() => {
                for (k, c) in or.zip(n[nr].iter()) {
                    edits.push((at[k].0..end(k), c.to_string()));
                }
            }
            _ => {
                let span = at[or.start].0..end(or.end - 1);
                if file[span.clone()].chars().any(char::is_whitespace) {
                    return None;
                }
                edits.push((span, with));
            }
        }
    }
    let mut out = String::with_capacity(file.len());
    let mut from = 0;
    for (span, with) in edits {
        out.push_str(&file[from..span.start]);
        out.push_str(&with);
        from = span.end;
    }
    out.push_str(&file[from..]);
    Some(out)
}

/// The file's characters `at` (its non-whitespace ones) that stand for `old`'s, one for
/// one: all of them, or all but the file's trailing commas `old` lacks (they stay the file's,
/// as its whitespace does). `None` when neither reads as `old`.
fn file_chars_of(at: Vec<(usize, char)>, old: &[char]) -> Option<Vec<(usize, char)>> {
    let at = if at.len() == old.len() {
        at
    } else {
        without_trailing_commas(at)
    };
    let same = at.len() == old.len() && at.iter().zip(old).all(|((_, f), c)| f == c);
    same.then_some(at)
}

/// A file's characters `at` (its non-whitespace ones) without the commas standing right
/// before a closing bracket.
fn without_trailing_commas(at: Vec<(usize, char)>) -> Vec<(usize, char)> {
    let next = |k: usize| at.get(k + 1).map(|a| a.1);
    let keep: Vec<bool> = (0..at.len())
        .map(|k| !(at[k].1 == ',' && matches!(next(k), Some(')' | ']' | '}'))))
        .collect();
    at.into_iter()
        .zip(keep)
        .filter_map(|(a, k)| k.then_some(a))
        .collect()
}

/// `s` (squeezed) without the commas standing right before a closing bracket.
fn without_closing_commas(s: &str) -> String {
    without_trailing_commas(s.char_indices().collect())
        .into_iter()
        .map(|(_, c)| c)
        .collect()
}

/// Lines joined, without any whitespace.
fn without_whitespace(lines: &[&str]) -> String {
    lines
        .iter()
        .flat_map(|l| l.chars())
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strictest_comparison_decides_which_side_the_file_says() {
        assert_eq!(
            side_matching(&["\tx = 1"], &["  x = 1"], &["\tx = 1"]),
            Some(Side::New)
        );
        assert_eq!(
            side_matching(&["  x = 1"], &["  x = 1"], &["\tx = 1"]),
            Some(Side::Old)
        );
        // Neither indentation: both sides after it, so nothing can be told.
        assert_eq!(
            side_matching(&["    x = 1"], &["  x = 1"], &["\tx = 1"]),
            None
        );
        assert_eq!(
            side_matching(&["foo(", "  a", ");"], &["foo(a);"], &["foo(a)"]),
            Some(Side::Old)
        );
        assert_eq!(
            side_matching(&["return (x)"], &["return (x);"], &["return x;"]),
            None
        );
        assert_eq!(model_lines("a\r\nb\n").0, ["a", "b"]);
        assert_eq!(
            rewritten_keeping_whitespace(
                "total =\n    (a * b) + c",
                "total=(a*b)+c",
                "total=a*b+c;"
            )
            .as_deref(),
            Some("total =\n    a * b + c;")
        );
        assert_eq!(
            rewritten_keeping_whitespace("pair = label,\n  id", "pair=label,id", "pair=(label,id)")
                .as_deref(),
            Some("pair = (label,\n  id)")
        );
        assert_eq!(
            rewritten_keeping_whitespace("x = 'a'", "x='a'", "x=\"a\"").as_deref(),
            Some("x = \"a\"")
        );
        assert_eq!(LineIndex::new("a\nbc\n").line_of(3), 1);
    }
}
