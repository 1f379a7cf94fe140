//! Writing: turn a located region and the model's `old`/`new` into the region's new bytes.
//!
//! A three-way merge with base = `old`, ours = the file region, theirs = `new`. Lines and
//! characters that `new` leaves as `old` had them are copied from the file (its indentation,
//! tabs, trailing spaces, typographic characters, line endings); only what `new` really
//! changes is written, re-indented into the file's style. Lines the file has and `old` lacks
//! (blank lines the tier folded) stay; lines `old` has and the file lacks are not brought back.

use super::indent::{self, IndentMap};
use crate::locate::text_match::TextMatch;
use crate::outcome::{Code, Refusal};
use crate::text::Style;
use crate::text::fold::{Dashes, fold_char_with, fold_line, fold_line_with};
use crate::text::indent_width;
use crate::text::lines::{Line, indentation, model_lines};
use crate::write::rule::{RuleFamily, WriterRule};
use similar::{Algorithm, DiffOp, capture_diff_slices};
use std::borrow::Cow;
use std::ops::Range;

/// The text tiers merge `new` into the located lines ([`merge`]).
pub(crate) const TEXT_MERGE: WriterRule = WriterRule {
    name: "text_merge",
    family: RuleFamily::Text,
    summary: "a three-way merge of lines: the lines `new` keeps stay the file's, the rest re-indented",
};

/// The new bytes for `m.range`. With `indentation_is_syntax` (a language whose grammar data
/// says so: Python) an `old` whose relative indentation disagrees with the file's is refused
/// outright: the model places some line in another block than the file does. Elsewhere only
/// the lines that need the indentation map are refused when it is inconsistent.
pub(crate) fn merge(
    text: &str,
    m: &TextMatch,
    old: &str,
    new: &str,
    style: &Style,
    indentation_is_syntax: bool,
) -> Result<String, Refusal> {
    let (old_lines, old_nl) = model_lines(old);
    let (new_lines, _) = model_lines(new);
    let (old_lines, new_lines) = with_first_line_indent(text, m, old_lines, new_lines, style)?;
    let old_lines: Vec<&str> = old_lines.iter().map(|l| l.as_ref()).collect();
    let new_lines: Vec<&str> = new_lines.iter().map(|l| l.as_ref()).collect();
    let unit = indent::local_unit(text, m.range.clone(), &style.indent_unit);
    let indents = learn_indents(text, m, &old_lines, &new_lines, &unit, false);
    if indentation_is_syntax && let Some(why) = indents.inconsistency() {
        return Err(Refusal::new(
            Code::IndentInconsistent,
            format!("{why}; re-read the region and send `old` as the file has it"),
        ));
    }
    let mut out = Output::new(text, m, style);
    // `old` and `new` both come from the model: any difference between them, a curly quote
    // or a trailing space included, is a change it asked for.
    for op in capture_diff_slices(Algorithm::Myers, &old_lines, &new_lines) {
        out.apply(op, &old_lines, &new_lines, &indents)?;
    }
    out.keep_until(m.lines.len(), true);
    let merged = out.finish(old_nl);
    verify(&merged, new)?;
    Ok(merged)
}

/// `old`'s and `new`'s lines, ready to compare with the file's: when the model copied `old`
/// from after its first line's indentation ([`first_line_indent`]), `old`'s first line gets
/// the indentation it stands for, and so does `new`'s when it is unindented too (sent the same
/// way). Otherwise the lines are returned as they are.
fn with_first_line_indent<'a>(
    text: &str,
    m: &TextMatch,
    old_lines: Vec<&'a str>,
    new_lines: Vec<&'a str>,
    style: &Style,
) -> Result<FramedLines<'a>, Refusal> {
    let mut old_lines: Vec<Cow<str>> = old_lines.into_iter().map(Cow::Borrowed).collect();
    let mut new_lines: Vec<Cow<str>> = new_lines.into_iter().map(Cow::Borrowed).collect();
    let frame = || one_line_frame(text, m, &old_lines, &new_lines);
    if let Some(v) = first_line_indent(text, m, &old_lines, &new_lines, style).or_else(frame) {
        old_lines[0] = Cow::Owned(format!("{v}{}", old_lines[0]));
        match new_lines.first() {
            Some(first) if indentation(first).is_empty() => {
                new_lines[0] = Cow::Owned(format!("{v}{first}"));
            }
            Some(first) if !first.trim().is_empty() && !v.is_empty() => {
                return Err(first_line_depth_unknown());
            }
            _ => {}
        }
    }
    Ok((old_lines, new_lines))
}

/// `old`'s and `new`'s lines as [`with_first_line_indent`] frames them.
type FramedLines<'a> = (Vec<Cow<'a, str>>, Vec<Cow<'a, str>>);

/// The refusal of an indented first line of `new` where `old` starts after its line's
/// indentation: `new`'s first line reads as written at the file's depth (`old` copied
/// without it, `new` with it) and as continuing where `old` starts (that much deeper); both
/// are habits of models, and nothing in the edit tells which.
fn first_line_depth_unknown() -> Refusal {
    Refusal::new(
        Code::IndentInconsistent,
        "`old` starts after its first line's indentation and `new`'s first line is indented: \
         it may stand at the file's depth or that much deeper; send `old` with its first \
         line's indentation"
            .to_string(),
    )
}

/// The indentation map, learned from every aligned pair of non-blank lines (without the
/// first line's, with `skip_first`), counting unseen depths in levels of `unit`.
fn learn_indents(
    text: &str,
    m: &TextMatch,
    old_lines: &[&str],
    new_lines: &[&str],
    unit: &str,
    skip_first: bool,
) -> IndentMap {
    let pairs: Vec<(&str, &str)> = m
        .align
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let r = (*r)?;
            let file = m.lines[r].content(text);
            let partial = r == 0 && (m.first_partial || skip_first);
            (!partial && !file.trim().is_empty())
                .then(|| (indentation(old_lines[i]), indentation(file)))
        })
        .collect();
    // Where every line `old` shares stands at the file's own width (only line breaks or tabs
    // for spaces differ), the model indents as the file does: a step of its unit is one level
    // (`log()` 8 columns under an 8-column `result = flag` is two levels deeper, not one).
    let same_widths = !pairs.is_empty()
        && pairs
            .iter()
            .all(|(o, f)| indent_width(o) == indent_width(f) && indent_width(f) > 0);
    let model_unit = match same_widths {
        true => indent_width(unit).max(1),
        false => indent::model_unit(old_lines.iter().chain(new_lines.iter()).copied()),
    };
    IndentMap::new(pairs, model_unit, unit)
}

/// The indentation `old`'s first line stands for, when the model copied it from after the
/// file line's indentation (`x = 1\n    y = 2`): its first line is unindented, counting it
/// makes the relative indentation inconsistent, and without it the rest agrees. The
/// indentation is the model's (in `old`'s coordinates): that of a line the file indents as it
/// indents the first line, or counted in levels from the nearest one.
fn first_line_indent(
    text: &str,
    m: &TextMatch,
    old_lines: &[Cow<str>],
    new_lines: &[Cow<str>],
    style: &Style,
) -> Option<String> {
    let old: Vec<&str> = old_lines.iter().map(|l| l.as_ref()).collect();
    let new: Vec<&str> = new_lines.iter().map(|l| l.as_ref()).collect();
    // Copied from after the indentation, the other lines keep theirs: some is indented, or
    // the file shifts the first line otherwise than all the others (`ok()\n}` for
    // `    ok()\n}`). A flattened `old` (every line unindented, the file's indented) says
    // nothing of depths.
    let first_unindented = m.align.first() == Some(&Some(0))
        && !m.first_partial
        && old.first().is_some_and(|l| indentation(l).is_empty());
    let others_indented = old
        .iter()
        .skip(1)
        .any(|l| !l.trim().is_empty() && !indentation(l).is_empty());
    let inconsistent = || {
        learn_indents(text, m, &old, &new, &style.indent_unit, false)
            .inconsistency()
            .is_some()
    };
    let shifts = line_shifts(text, m, &old);
    // Where no further line is indented, they must stand at the file's own widths: shifted
    // like the first line or not, unindented lines that the file indents are a flattened
    // `old` (`y = 1\nreturn y` for `        y = 1\n    return y`).
    let framed = shifts.first_differs() && (others_indented || shifts.rest == Some(0));
    if !first_unindented || !(framed || others_indented && inconsistent()) {
        return None;
    }
    // Only the maps' consistency is asked here, which the file's unit does not change.
    let rest = learn_indents(text, m, &old, &new, &style.indent_unit, true);
    if rest.inconsistency().is_some() || rest.is_empty() {
        return None;
    }
    let file_first = indentation(m.lines[0].content(text));
    let spelled = |v: String| {
        // Spelled like `old`'s other lines: tabs when they use tabs.
        if old.iter().skip(1).any(|l| l.starts_with('\t')) {
            "\t".repeat(indent_width(&v) / 4)
        } else {
            v
        }
    };
    // The file indents the other lines by one shift of the model's widths: the first line's
    // width is the file's less that shift.
    let width = match shifts.rest {
        Some(shift) => Some(indent_width(file_first) as isize - shift),
        None => width_by_levels(text, m, (&old, &new), style),
    };
    width
        .filter(|w| *w >= 0)
        .map(|w| spelled(" ".repeat(w as usize)))
}

/// The model's width of `old`'s first line counted in levels from the aligned line the file
/// indents nearest to it (where the other lines do not share one shift).
fn width_by_levels(
    text: &str,
    m: &TextMatch,
    (old, new): (&[&str], &[&str]),
    style: &Style,
) -> Option<isize> {
    let file_first = indentation(m.lines[0].content(text));
    let unit = indent::model_unit(old.iter().chain(new.iter()).copied());
    let file_unit = indent_width(&style.indent_unit).max(1);
    let (i, f) = m
        .align
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, r)| {
            let f = indentation(m.lines[(*r)?].content(text));
            (!m.lines[(*r)?].content(text).trim().is_empty()).then_some((i, f))
        })
        .min_by_key(|(_, f)| indent_width(f).abs_diff(indent_width(file_first)))?;
    let levels =
        (indent_width(file_first) as isize - indent_width(f) as isize) / file_unit as isize;
    Some(indent_width(indentation(old[i])) as isize + levels * unit as isize)
}

/// How the file shifts the model's widths of `old`'s lines: the first line's shift, and the
/// one shift of all further lines when they agree (`\t\tdesc` as `\t\tdesc`: 0).
struct LineShifts {
    first: Option<isize>,
    rest: Option<isize>,
}

impl LineShifts {
    /// The file shifts the first line otherwise than the others (`}, {` as `\t}, {`): it was
    /// copied from after its indentation even where the widths still map one-to-one.
    fn first_differs(&self) -> bool {
        matches!((self.first, self.rest), (Some(f), Some(r)) if f != r)
    }
}

/// The file's shift (its width less the model's) of each non-blank aligned line of `old`.
fn line_shifts(text: &str, m: &TextMatch, old: &[&str]) -> LineShifts {
    let width = |l: &str| indent_width(indentation(l)) as isize;
    let shifts: Vec<(usize, isize)> = m
        .align
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let file = m.lines[(*r)?].content(text);
            let line = old.get(i)?;
            (!file.trim().is_empty() && !line.trim().is_empty())
                .then(|| (i, width(file) - width(line)))
        })
        .collect();
    let first = shifts.first().filter(|(i, _)| *i == 0).map(|&(_, s)| s);
    let rest: Vec<isize> = shifts
        .iter()
        .filter(|(i, _)| *i > 0)
        .map(|&(_, s)| s)
        .collect();
    let uniform = rest
        .first()
        .filter(|&&s| rest.iter().all(|&r| r == s))
        .copied();
    LineShifts {
        first,
        rest: uniform,
    }
}

/// The indentation a one-line `old` copied from after its line's indentation stands for in
/// the model's frame, read off `new` (unindented first line, indented further lines): the
/// first line opens a block (`if (ok) {`): its closing line's indentation, or the file line's
/// own when the block's first line is deeper than the file line (`new` written at the
/// file's depths); else a further line of `new` saying what `old` says (`log();\n    stop();`
/// for `stop();`): that line's; else the first further line's (the first line's neighbour at
/// its depth). `None` when `old` is not such a line or nothing tells.
fn one_line_frame(
    text: &str,
    m: &TextMatch,
    old_lines: &[Cow<str>],
    new_lines: &[Cow<str>],
) -> Option<String> {
    let [old] = old_lines else { return None };
    let file = m.lines.first()?.content(text);
    let file_indent = indentation(file);
    let unindented = |l: &str| !l.trim().is_empty() && indentation(l).is_empty();
    let (first, rest) = new_lines.split_first()?;
    let rest: Vec<&str> = rest
        .iter()
        .map(|l| l.as_ref())
        .filter(|l| !l.trim().is_empty())
        .collect();
    if m.align.first() != Some(&Some(0))
        || m.first_partial
        || !unindented(old)
        || file_indent.is_empty()
        || !unindented(first)
        || rest.is_empty()
        || rest.iter().any(|l| unindented(l))
    {
        return None;
    }
    let opens = indent::opens_block(first);
    let frame = match indent::first_line_frame(first, &rest) {
        Some(frame) if opens => frame,
        // A block without its closer, its first line deeper than the file line: `new`
        // written at the file's own depths.
        None if opens && indent_width(indentation(rest[0])) > indent_width(file_indent) => {
            file_indent
        }
        None => return None,
        Some(frame) => rest
            .iter()
            .find(|l| l.trim() == old.trim())
            .map_or(frame, |l| indentation(l)),
    };
    Some(frame.to_string())
}

/// The guard on every text-tier write: what the merge produced must say what `new` says once
/// both are folded as the normalized tier folds (the file's spelling of indentation, line
/// endings, trailing whitespace and typographic characters aside, and blank lines aside).
/// A merge that breaks this is a bug; it is refused rather than written.
fn verify(merged: &str, new: &str) -> Result<(), Refusal> {
    let lines = |s: &str| -> Vec<String> {
        model_lines(s)
            .0
            .into_iter()
            .filter(|l| !fold_line(l).is_empty())
            .map(str::to_string)
            .collect()
    };
    // A line kept from the file may spell `--` as an em dash: either reading counts.
    let same = |g: &String, w: &String| {
        [Dashes::One, Dashes::EmTwo]
            .into_iter()
            .any(|d| fold_line_with(g, d) == fold_line_with(w, d))
    };
    let (got, want) = (lines(merged), lines(new));
    match got.iter().zip(&want).position(|(g, w)| !same(g, w)) {
        None if got.len() == want.len() => Ok(()),
        at => Err(Refusal::new(
            Code::InternalCheck,
            format!(
                "internal check failed: the merged text differs from `new` at its line {} (nothing was written)",
                at.unwrap_or(got.len().min(want.len())) + 1
            ),
        )),
    }
}

/// The region being rebuilt: output lines (content, line ending), the next region line not
/// yet copied or dropped, and whether the last `old` line dealt with was deleted.
struct Output<'a> {
    text: &'a str,
    m: &'a TextMatch,
    next: usize,
    lines: Vec<(String, &'a str)>,
    eol: &'static str,
    prev_deleted: bool,
}

impl<'a> Output<'a> {
    /// An empty rebuild of `m`'s region; new lines with no neighbour end in `style`'s EOL.
    fn new(text: &'a str, m: &'a TextMatch, style: &Style) -> Self {
        Output {
            text,
            m,
            next: 0,
            lines: Vec::new(),
            eol: style.eol.as_str(),
            prev_deleted: false,
        }
    }

    /// One step of the line diff of `old` against `new`: `old` lines `new` keeps are copied
    /// from the file, deleted ones dropped, inserted ones written re-indented, and a replaced
    /// block rewritten line by line ([`Output::replace`]).
    fn apply(
        &mut self,
        op: DiffOp,
        old_lines: &[&str],
        new_lines: &[&str],
        indents: &IndentMap,
    ) -> Result<(), Refusal> {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                for i in old_index..old_index + len {
                    if let Some(r) = self.m.align[i] {
                        self.keep_until(r, true);
                        self.copy(r);
                    }
                }
                self.prev_deleted = false;
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                for i in old_index..old_index + old_len {
                    self.delete(self.m.align[i]);
                }
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                for line in &new_lines[new_index..new_index + new_len] {
                    self.insert(line, indents)?;
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let olds = old_index..old_index + old_len;
                let news = new_index..new_index + new_len;
                self.replace(old_lines, olds, new_lines, news, indents)?;
            }
        }
        Ok(())
    }

    /// A replaced block, `old_lines[olds]` by `new_lines[news]`, as [`pair_lines`] pairs it:
    /// a pair whose `old` line has a file line is merged into it ([`Output::merge_line`]),
    /// one without is inserted; an unpaired `old` line is deleted, an unpaired `new` line
    /// inserted.
    fn replace(
        &mut self,
        old_lines: &[&str],
        olds: Range<usize>,
        new_lines: &[&str],
        news: Range<usize>,
        indents: &IndentMap,
    ) -> Result<(), Refusal> {
        for step in pair_lines(old_lines, olds, new_lines, news) {
            match step {
                Step::Pair(i, j) => match self.m.align[i] {
                    Some(r) => {
                        self.keep_until(r, true);
                        self.merge_line(r, old_lines[i], new_lines[j], indents)?;
                        self.prev_deleted = false;
                    }
                    None => self.insert(new_lines[j], indents)?,
                },
                Step::Old(i) => self.delete(self.m.align[i]),
                Step::New(j) => self.insert(new_lines[j], indents)?,
            }
        }
        Ok(())
    }

    /// Region lines before `r` that no `old` line stands for (folded blank lines): kept, or
    /// dropped when they sit between two deleted lines.
    fn keep_until(&mut self, r: usize, keep: bool) {
        while self.next < r {
            if keep {
                let line = self.m.lines[self.next];
                self.push_file_line(line);
            }
            self.next += 1;
        }
    }

    fn push_file_line(&mut self, line: Line) {
        self.lines
            .push((line.content(self.text).to_string(), line.eol(self.text)));
    }

    fn copy(&mut self, r: usize) {
        self.push_file_line(self.m.lines[r]);
        self.next = r + 1;
    }

    /// An `old` line the model deleted: its file line `r` (if any) is dropped, and so are the
    /// folded blank lines before it when the previous `old` line was deleted too.
    fn delete(&mut self, r: Option<usize>) {
        if let Some(r) = r {
            self.keep_until(r, !self.prev_deleted);
            self.next = r + 1;
        }
        self.prev_deleted = true;
    }

    fn insert(&mut self, line: &str, indents: &IndentMap) -> Result<(), Refusal> {
        let content = if line.trim().is_empty() {
            String::new()
        } else {
            let indent = indents.map(indentation(line)).map_err(|why| {
                Refusal::new(
                    Code::IndentInconsistent,
                    format!("cannot indent the new line `{}`: {why}", line.trim()),
                )
            })?;
            format!("{indent}{}", line.trim_start_matches([' ', '\t']))
        };
        self.lines.push((content, ""));
        Ok(())
    }

    /// A changed line: indentation from the file when `new` keeps `old`'s, mapped otherwise;
    /// characters `new` keeps from `old` copied from the file line.
    fn merge_line(
        &mut self,
        r: usize,
        old: &str,
        new: &str,
        indents: &IndentMap,
    ) -> Result<(), Refusal> {
        let line = self.m.lines[r];
        let file = line.content(self.text);
        let partial = r == 0 && self.m.first_partial;
        let (old_indent, new_indent) = (indentation(old), indentation(new));
        let file_indent = if partial { "" } else { indentation(file) };
        let indent = if partial {
            new_indent.to_string()
        } else if new.trim().is_empty() {
            String::new()
        } else if old_indent == new_indent {
            file_indent.to_string()
        } else if indent_width(old_indent) == indent_width(new_indent) {
            // The same depth spelled differently (a tab for four spaces): the model's edit.
            new_indent.to_string()
        } else {
            indents.map(new_indent).map_err(|why| {
                Refusal::new(
                    Code::IndentInconsistent,
                    format!("cannot re-indent the changed line `{}`: {why}", new.trim()),
                )
            })?
        };
        let body = merge_chars(
            &old[old_indent.len()..],
            &new[new_indent.len()..],
            &file[file_indent.len()..],
        );
        self.lines
            .push((format!("{indent}{body}"), line.eol(self.text)));
        self.next = r + 1;
        Ok(())
    }

    /// Joins the lines. Every line but the last ends as it did in the file; a new line ends
    /// as its neighbour does (the file line before it, else the one after it, else the
    /// file's majority style); the last ends as the region did, so the text after the region
    /// and the file's final-newline state are untouched.
    fn finish(self, old_nl: bool) -> String {
        let region_end = self.m.lines.last().map_or("", |l| l.eol(self.text));
        // The region ends without a line ending (mid-line, or at the end of a file without a
        // final newline): so does its last output line.
        let open_end = !old_nl || region_end.is_empty();
        let n = self.lines.len();
        let mut s = String::new();
        let mut before: Option<&str> = None;
        for (i, (content, eol)) in self.lines.iter().enumerate() {
            s.push_str(content);
            if i + 1 == n && open_end {
                break;
            }
            if !eol.is_empty() {
                before = Some(eol);
                s.push_str(eol);
                continue;
            }
            let after = || {
                self.lines[i + 1..]
                    .iter()
                    .map(|l| l.1)
                    .find(|e| !e.is_empty())
            };
            s.push_str(before.or_else(after).unwrap_or(self.eol));
        }
        s
    }
}

/// One step of a replaced block: an `old` line paired with the `new` line that rewrites it,
/// or a line only one side has.
enum Step {
    Pair(usize, usize),
    Old(usize),
    New(usize),
}

/// Pairs the lines of a replaced block: by position when both sides have as many lines,
/// otherwise by similarity, keeping order (a weighted LCS); very large blocks by position.
/// Pairing is always safe — a pair's file line folds equal to its `old` line, so carrying
/// its characters over never writes anything the file did not have — it only decides how
/// much of the file's spelling survives.
fn pair_lines(old: &[&str], olds: Range<usize>, new: &[&str], news: Range<usize>) -> Vec<Step> {
    let (n, k) = (olds.len(), news.len());
    let mut steps = Vec::with_capacity(n + k);
    if n == k || n * k > 2500 {
        for d in 0..n.max(k) {
            match (d < n, d < k) {
                (true, true) => steps.push(Step::Pair(olds.start + d, news.start + d)),
                (true, false) => steps.push(Step::Old(olds.start + d)),
                _ => steps.push(Step::New(news.start + d)),
            }
        }
        return steps;
    }
    let sim = |i: usize, j: usize| {
        let r =
            similar::TextDiff::from_chars(old[olds.start + i].trim(), new[news.start + j].trim())
                .ratio();
        if r >= 0.5 { r } else { 0.0 }
    };
    let mut score = vec![vec![0f32; k + 1]; n + 1];
    let mut s = vec![vec![0f32; k]; n];
    for i in (0..n).rev() {
        for j in (0..k).rev() {
            s[i][j] = sim(i, j);
            let pair = if s[i][j] > 0.0 {
                s[i][j] + score[i + 1][j + 1]
            } else {
                0.0
            };
            score[i][j] = pair.max(score[i + 1][j]).max(score[i][j + 1]);
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n || j < k {
        if i < n && j < k && s[i][j] > 0.0 && score[i][j] == s[i][j] + score[i + 1][j + 1] {
            steps.push(Step::Pair(olds.start + i, news.start + j));
            i += 1;
            j += 1;
        } else if i < n && (j == k || score[i][j] == score[i + 1][j]) {
            steps.push(Step::Old(olds.start + i));
            i += 1;
        } else {
            steps.push(Step::New(news.start + j));
            j += 1;
        }
    }
    steps
}

/// Rewrites `file` (a line that folds equal to `old`) the way `new` rewrites `old`: tokens
/// (words, whitespace runs, single other characters) that `new` keeps from `old` are copied
/// from `file`, the rest comes from `new`. Diffing tokens rather than characters keeps a
/// changed phrase whole instead of interleaving it with stray file characters, and
/// whitespace between two changes is taken as part of the rewritten phrase. The file's
/// trailing whitespace stays when the end of the line is unchanged.
fn merge_chars(old: &str, new: &str, file: &str) -> String {
    let old_t = old.trim_end_matches([' ', '\t']);
    let new_t = new.trim_end_matches([' ', '\t']);
    let file_t = file.trim_end();
    let map =
        char_map(old_t, file_t, Dashes::One).or_else(|| char_map(old_t, file_t, Dashes::EmTwo));
    let Some(map) = map else {
        return new.to_string();
    };
    let (mut out, end_unchanged) = merge_tokens(&tokens(old_t), &tokens(new_t), &map, file_t);
    // The file's trailing whitespace stays unless the model changed the line's end — its
    // last token, or the trailing whitespace itself (a Markdown hard break added or removed).
    if end_unchanged && old[old_t.len()..] == new[new_t.len()..] {
        out.push_str(&file[file_t.len()..]);
    } else {
        out.push_str(&new[new_t.len()..]);
    }
    out
}

/// A token of a line (see [`tokens`]): first char index, end char index, text.
type Token<'s> = (usize, usize, &'s str);

/// The body of [`merge_chars`]: `new`'s tokens `b`, with each run it keeps of `old`'s tokens
/// `a` spelled as `file` spells it ([`file_spelling`]; `map` is [`char_map`] of `old` onto
/// `file`). A run of whitespace between two changes is left as `new` has it: it belongs to
/// the rewritten phrase. Also says whether the line's end is unchanged: its last token kept
/// (or both lines empty).
fn merge_tokens(a: &[Token], b: &[Token], map: &[(usize, usize)], file: &str) -> (String, bool) {
    let text_of =
        |toks: &[Token]| -> Vec<String> { toks.iter().map(|t| t.2.to_string()).collect() };
    let (a_text, b_text) = (text_of(a), text_of(b));
    let mut out = String::new();
    let mut end_unchanged = a.is_empty() && b.is_empty();
    let ops = capture_diff_slices(Algorithm::Myers, &a_text, &b_text);
    for (i, op) in ops.iter().copied().enumerate() {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                let run = &a[old_index..old_index + len];
                let between_changes = i > 0 && i + 1 < ops.len();
                if between_changes && run.iter().all(|t| t.2.trim().is_empty()) {
                    push_tokens(&mut out, run);
                    continue;
                }
                match file_spelling(run, map, file) {
                    Some(spelled) => out.push_str(spelled),
                    None => push_tokens(&mut out, run),
                }
                end_unchanged = old_index + len == a.len();
            }
            DiffOp::Delete { .. } => end_unchanged = false,
            DiffOp::Insert {
                new_index, new_len, ..
            }
            | DiffOp::Replace {
                new_index, new_len, ..
            } => {
                push_tokens(&mut out, &b[new_index..new_index + new_len]);
                end_unchanged = false;
            }
        }
    }
    (out, end_unchanged)
}

/// The bytes of `file` that a non-empty run of `old`'s tokens folds equal to (`map` is
/// [`char_map`] of `old` onto `file`). `None` when the run holds only part of a file
/// character (an ellipsis of which `new` keeps two dots): that cannot be copied, and the run
/// is written as the model spells it.
fn file_spelling<'f>(run: &[Token], map: &[(usize, usize)], file: &'f str) -> Option<&'f str> {
    let first = run[0].0;
    let last = run[run.len() - 1].1 - 1;
    let whole = (first == 0 || map[first - 1] != map[first])
        && map.get(last + 1).is_none_or(|next| *next != map[last]);
    whole.then(|| &file[map[first].0..map[last].1])
}

/// Appends the tokens' own text.
fn push_tokens(out: &mut String, toks: &[Token]) {
    for t in toks {
        out.push_str(t.2);
    }
}

/// Splits a line into tokens: runs of word characters, runs of whitespace, and single other
/// characters, each as (first char index, end char index, text).
fn tokens(s: &str) -> Vec<Token<'_>> {
    #[derive(PartialEq)]
    enum Kind {
        Word,
        Space,
        Other,
    }
    let kind = |c: char| {
        if c.is_alphanumeric() || c == '_' {
            Kind::Word
        } else if c.is_whitespace() {
            Kind::Space
        } else {
            Kind::Other
        }
    };
    let mut out: Vec<Token> = Vec::new();
    let mut start: Option<(usize, usize, Kind)> = None;
    for (ci, (bi, c)) in s.char_indices().enumerate() {
        let k = kind(c);
        if let Some((sc, sb, sk)) = &start {
            if *sk == k && k != Kind::Other {
                continue;
            }
            out.push((*sc, ci, &s[*sb..bi]));
        }
        start = Some((ci, bi, k));
    }
    if let Some((sc, sb, _)) = start {
        out.push((sc, s.chars().count(), &s[sb..]));
    }
    out
}

/// For each character of `old`, the byte span of the `file` character it folds equal to.
/// `None` when the two do not fold equal (then nothing can be carried over).
///
/// Folding is not always one character for one: an ellipsis in the file stands for three
/// dots of `old` (each maps to the whole ellipsis), a zero-width character for none.
fn char_map(old: &str, file: &str, dashes: Dashes) -> Option<Vec<(usize, usize)>> {
    let mut file_chars = file
        .char_indices()
        .flat_map(|(o, c)| fold_char_with(c, dashes).map(move |f| (o, o + c.len_utf8(), f)));
    let mut map = Vec::with_capacity(old.len());
    for c in old.chars() {
        let mut span: Option<(usize, usize)> = None;
        for fc in fold_char_with(c, dashes) {
            let (s, e, f) = file_chars.next()?;
            if f != fc {
                return None;
            }
            span = Some(span.map_or((s, e), |(s0, _)| (s0, e)));
        }
        let at = map.last().map_or((0, 0), |&(_, e)| (e, e));
        map.push(span.unwrap_or(at));
    }
    file_chars.next().is_none().then_some(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A match of the whole lines `lines` of `text`, `old`'s line `i` standing for region
    /// line `align[i]`, ending at the last line's content (an `old` without a final newline).
    fn region(text: &str, lines: Range<usize>, align: Vec<Option<usize>>) -> TextMatch {
        let lines = crate::text::lines::split_lines(text)[lines].to_vec();
        TextMatch {
            range: lines[0].start..lines[lines.len() - 1].content_end,
            lines,
            align,
            first_partial: false,
            exact: None,
        }
    }

    #[test]
    fn a_first_line_copied_after_its_indentation_gets_it_back() {
        let text = "def f():\n    x = 1\n    if x:\n        y = 2\n";
        let m = region(text, 1..4, vec![Some(0), Some(1), Some(2)]);
        let old = "x = 1\n    if x:\n        y = 2";
        let new = "x = 2\n    if x:\n        y = 2";
        let style = Style::detect(text);
        let (old_lines, new_lines) =
            with_first_line_indent(text, &m, model_lines(old).0, model_lines(new).0, &style)
                .unwrap();
        assert_eq!(old_lines, ["    x = 1", "    if x:", "        y = 2"]);
        assert_eq!(new_lines, ["    x = 2", "    if x:", "        y = 2"]);
        assert_eq!(
            merge(text, &m, old, new, &style, true).unwrap(),
            "    x = 2\n    if x:\n        y = 2"
        );
    }

    #[test]
    fn folded_blank_lines_go_only_between_two_deleted_lines() {
        let text = "a = 1\n\nb = 2\n\nc = 3\nd = 4\n";
        let m = region(text, 0..5, vec![Some(0), Some(2), Some(4)]);
        let old = "a = 1\nb = 2\nc = 3";
        let style = Style::detect(text);
        assert_eq!(
            merge(text, &m, old, "a = 1\nc = 3", &style, false).unwrap(),
            "a = 1\n\n\nc = 3"
        );
        assert_eq!(
            merge(text, &m, old, "a = 1", &style, false).unwrap(),
            "a = 1\n"
        );
    }

    #[test]
    fn a_replaced_block_merges_its_pair_and_indents_the_new_line() {
        let text = "fn f() {\n\tlet a = \u{201C}x\u{201D};\n\tlet b = 2;\n}\n";
        let m = region(text, 1..3, vec![Some(0), Some(1)]);
        let old = "    let a = \"x\";\n    let b = 2;";
        let new = "    let a = \"x\";\n    let c = 0;\n    let b = 20;";
        assert_eq!(
            merge(text, &m, old, new, &Style::detect(text), false).unwrap(),
            "\tlet a = \u{201C}x\u{201D};\n\tlet c = 0;\n\tlet b = 20;"
        );
    }

    #[test]
    fn merged_line_keeps_curly_quotes_the_model_did_not_touch() {
        let file = "say(\u{2018}hi\u{2019}, 1)";
        assert_eq!(
            merge_chars("say('hi', 1)", "say('hi', 2)", file),
            "say(\u{2018}hi\u{2019}, 2)"
        );
    }

    #[test]
    fn a_changed_phrase_is_written_whole() {
        let file = "err(\"title\u{00A0}is required\")";
        assert_eq!(
            merge_chars(
                "err(\"title is required\")",
                "err(\"title must not be empty\")",
                file
            ),
            "err(\"title\u{00A0}must not be empty\")"
        );
        assert_eq!(
            merge_chars(
                "t('Signing in...')",
                "t('Please wait...')",
                "t('Signing\u{00A0}in...')"
            ),
            "t('Please wait...')"
        );
    }

    #[test]
    fn an_ellipsis_stands_for_three_dots() {
        let file = "t('Loading\u{2026}', 'Save')";
        assert_eq!(
            merge_chars("t('Loading...', 'Save')", "t('Loading...', 'Store')", file),
            "t('Loading\u{2026}', 'Store')"
        );
        assert_eq!(
            merge_chars("t('Loading...', 'Save')", "t('Loading..', 'Save')", file),
            "t('Loading..', 'Save')"
        );
    }

    #[test]
    fn kept_runs_take_the_files_spelling_and_the_end_is_reported() {
        let (old, new, file) = ("a = 1; b", "a = 2; b", "a\u{00A0}= 1;\u{00A0}b");
        let map = char_map(old, file, Dashes::One).unwrap();
        assert_eq!(
            merge_tokens(&tokens(old), &tokens(new), &map, file),
            ("a\u{00A0}= 2;\u{00A0}b".to_string(), true)
        );
        let (new, file) = ("a = 1; c", "a\u{00A0}= 1;\u{00A0}b");
        assert_eq!(
            merge_tokens(&tokens(old), &tokens(new), &map, file),
            ("a\u{00A0}= 1;\u{00A0}c".to_string(), false)
        );
    }

    #[test]
    fn whitespace_between_two_changes_is_the_models() {
        let (old, new, file) = ("a b", "c d", "a\u{00A0}b");
        let map = char_map(old, file, Dashes::One).unwrap();
        assert_eq!(
            merge_tokens(&tokens(old), &tokens(new), &map, file),
            ("c d".to_string(), false)
        );
    }

    #[test]
    fn a_run_holding_part_of_a_file_character_has_no_file_spelling() {
        let (old, file) = ("t('Go...')", "t('Go\u{2026}')");
        let map = char_map(old, file, Dashes::One).unwrap();
        let toks = tokens(old);
        assert_eq!(file_spelling(&toks, &map, file), Some(file));
        assert_eq!(file_spelling(&toks[..4], &map, file), Some("t('Go"));
        assert_eq!(file_spelling(&toks[..5], &map, file), None);
        assert_eq!(file_spelling(&toks[3..7], &map, file), Some("Go\u{2026}"));
    }

    #[test]
    fn trailing_spaces_stay_when_the_end_is_unchanged() {
        assert_eq!(
            merge_chars("a = 1; b", "a = 2; b", "a = 1; b  "),
            "a = 2; b  "
        );
        assert_eq!(merge_chars("a = 1", "a = 2", "a = 1  "), "a = 2");
    }

    #[test]
    fn pairs_similar_lines_across_an_insertion() {
        let old = ["let a = 1;", "let b = 2;"];
        let new = ["let a = 10;", "let x = 0;", "let b = 20;"];
        let steps = pair_lines(&old, 0..2, &new, 0..3);
        let shape: Vec<_> = steps
            .iter()
            .map(|s| match s {
                Step::Pair(i, j) => format!("{i}-{j}"),
                Step::Old(i) => format!("{i}-"),
                Step::New(j) => format!("-{j}"),
            })
            .collect();
        assert_eq!(shape, ["0-0", "-1", "1-2"]);
    }
}
