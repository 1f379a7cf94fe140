//! Insert rules: a run of `new`'s tokens the file lacks, placed as whole lines (before or
//! after a kept line) or inside a line (leaning on the neighbour it belongs to), a block
//! closer on a line of its own.

use std::ops::Range;

use crate::syntax::FileToken;
use crate::text::lines::{indentation, line_start, starts_line};

use super::shared::content_end;
use super::shared::relined;
use crate::write::rule::{RuleFamily, WriterRule};

use super::shared::bracket_depth;
use super::writer::{Inline, Inserted, Insertion, RegionEdit, TokenWriter};

/// Whole lines inserted before a kept line ([`TokenWriter::lines_before_kept`]).
pub(crate) const LINES_BEFORE_KEPT: WriterRule = WriterRule {
    name: "lines_before_kept",
    family: RuleFamily::Insert,
    summary: "inserted whole lines go before the next kept line, re-indented, ending as the line before them",
};

/// Whole lines inserted after a kept line ([`TokenWriter::lines_after_kept`]).
pub(crate) const LINES_AFTER_KEPT: WriterRule = WriterRule {
    name: "lines_after_kept",
    family: RuleFamily::Insert,
    summary: "inserted whole lines go after the previous kept line when the next kept token shares a line",
};

/// Inserted lines kept above the file's blank line ([`TokenWriter::insert_lines`]).
pub(crate) const ABOVE_BLANK_LINE: WriterRule = WriterRule {
    name: "above_blank_line",
    family: RuleFamily::Insert,
    summary: "lines `new` puts right under a kept line with a blank line after them go above the file's blank line",
};

/// A block closer on its own line ([`TokenWriter::close_on_own_line`]).
pub(crate) const CLOSER_ON_OWN_LINE: WriterRule = WriterRule {
    name: "closer_on_own_line",
    family: RuleFamily::Insert,
    summary: "an inserted block closer goes on a line of its own at the opener's indentation, never glued (`start(); };`)",
};

/// An inline run after the previous kept token ([`TokenWriter::inline_place`]).
pub(crate) const INLINE_AFTER_PREVIOUS: WriterRule = WriterRule {
    name: "inline_after_previous",
    family: RuleFamily::Insert,
    summary: "a run that closes or continues (`)`, `, 1)`, `.trim()`) goes right after the previous kept token, with `new`'s spacing",
};

/// An inline run before the next kept token ([`TokenWriter::inline_place`]).
pub(crate) const INLINE_BEFORE_NEXT: WriterRule = WriterRule {
    name: "inline_before_next",
    family: RuleFamily::Insert,
    summary: "a run that opens more than it closes (`Math.min(`) goes right before the next kept token",
};

impl TokenWriter<'_> {
    /// The edit that inserts `new`'s tokens `n` before the file's run token `o` (recording
    /// the spans of `new` it writes in `emitted`), or `None` when the run has no certain
    /// place: whole lines in `new` are written as lines ([`TokenWriter::insert_lines`]), any other
    /// run inside a line ([`TokenWriter::insert_inline`]), a block never inside a line.
    pub(super) fn insert(
        &self,
        o: usize,
        n: Range<usize>,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        if self.beside_unanchored_comment(n.clone()) {
            return None;
        }
        // An inserted block (markers inside) is bounded by its real tokens; markers
        // have no text of their own.
        let block = self.n[n.clone()].iter().any(|t| t.class.is_marker());
        let mut real = self.n[n.clone()].iter().filter(|t| !t.class.is_marker());
        let first = real.next()?;
        let last = real.next_back().unwrap_or(first);
        let run = Insertion { o, n, first, last };
        if let Some(inserted) = self.lines_in_new(&run) {
            return self.insert_lines(&run, &inserted, emitted);
        }
        if block {
            // A block's extent is its lines: it is never spliced into a line.
            return None;
        }
        self.insert_inline(&run, emitted)
    }

    /// The lines `run` stands on in `new`, when it has them to itself: it starts a line
    /// and `new`'s next real token (or `new`'s end) lies past the line it ends on. `None`
    /// when it shares a line with a kept token.
    pub(super) fn lines_in_new(&self, run: &Insertion) -> Option<Inserted> {
        let new = self.new;
        let end = run.last.range.end;
        let new_eol = new[end..].find('\n').map_or(new.len(), |i| end + i);
        let next_new = self.n[run.n.end..]
            .iter()
            .find(|t| !t.class.is_marker())
            .map_or(new.len(), |t| t.range.start);
        // Nothing but spaces (and its `;`) after the run: it ends `new` (with or without a final line
        // break). Block markers have no text, so `new`'s text decides, not its tokens.
        // A run that closes a block new keeps (`store.clear();\n  }` moved into it) is not
        // whole lines of its own.
        let run_text = &new[run.first.range.start..end];
        let count = |set: [char; 3]| run_text.chars().filter(|c| set.contains(c)).count();
        let ends_new = new[end..]
            .trim_matches(|c: char| c.is_whitespace() || c == ';')
            .is_empty()
            && count(['}', ')', ']']) <= count(['{', '(', '[']);
        (starts_line(new, run.first.range.start) && (next_new > new_eol || ends_new)).then_some(
            Inserted {
                run_start: run.n.start,
                lines: run.first.range.start..new_eol,
                next: next_new,
            },
        )
    }

    /// `run`'s lines of `new` (`inserted`) re-indented in the file's style and placed as
    /// whole lines: before the next kept token when it starts a file line
    /// ([`TokenWriter::lines_before_kept`]), else after the previous kept token when it ends one
    /// ([`TokenWriter::lines_after_kept`]). The lines count as written (`emitted`) even when
    /// they find no place.
    pub(super) fn insert_lines(
        &self,
        run: &Insertion,
        inserted: &Inserted,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let lines_start = line_start(self.new, run.first.range.start);
        let new_eol = inserted.lines.end;
        let block = self.new[lines_start..new_eol].trim_end_matches('\r');
        emitted.push(lines_start..new_eol);
        let lines = self.adapt(block, false).ok()?;
        if let Some(edit) = self.lines_in_blank_gap(run, inserted, &lines) {
            return Some(edit);
        }
        if self.blank_line_after_only(run, inserted) {
            // `new` puts the lines right under the kept line before them and a blank line
            // after them: they go above the file's blank line, not below it.
            if let Some(edit) = self.lines_after_kept(run.o, &lines) {
                self.fire(&ABOVE_BLANK_LINE);
                return Some(edit);
            }
        }
        let kept_next = self.file.get(run.o).filter(|f| !f.class.is_marker());
        match kept_next.filter(|f| starts_line(self.text, f.range.start)) {
            Some(next) => self.lines_before_kept(run.o, next, &lines, inserted),
            None => self.lines_after_kept(run.o, &lines),
        }
    }

    /// In `new`, a blank line separates the inserted lines from the next kept token and none
    /// from the kept token before them.
    pub(super) fn blank_line_after_only(&self, run: &Insertion, inserted: &Inserted) -> bool {
        let breaks = |s: &str| s.matches('\n').count();
        let Some(prev) = self.n[..run.n.start].iter().rfind(|t| !t.class.is_marker()) else {
            return false;
        };
        let lines_start = line_start(self.new, run.first.range.start);
        let before = self.new.get(prev.range.end..lines_start).unwrap_or("");
        let after = self
            .new
            .get(inserted.lines.end..inserted.next)
            .unwrap_or("");
        inserted.next < self.new.len() && breaks(after) >= 2 && breaks(before) <= 1
    }

    /// Re-indented `lines` placed before the kept file token `next` (run index `o`), which
    /// starts a file line: when that line is in the region, above it and above the comments
    /// that belong to it ([`TokenWriter::above_leading_comments`]); else (the region starts on that
    /// line) right before `next`, the line's indentation moved after the inserted lines.
    /// `None` when `lines` do not start with that indentation.
    pub(super) fn lines_before_kept(
        &self,
        o: usize,
        next: &FileToken,
        lines: &str,
        inserted: &Inserted,
    ) -> Option<RegionEdit> {
        let ls = line_start(self.text, next.range.start);
        if ls >= self.found.range.start {
            let ls = self.above_leading_comments(o, ls, inserted);
            self.fire(&LINES_BEFORE_KEPT);
            let eol = self.eol_before(ls);
            return Some(RegionEdit {
                at: ls..ls,
                with: format!("{}{eol}", relined(lines, eol)),
            });
        }
        let indent = &self.text[ls..next.range.start];
        let eol = self.eol_before(ls);
        let rest = relined(lines, eol);
        let rest = rest.strip_prefix(indent)?;
        self.fire(&LINES_BEFORE_KEPT);
        Some(RegionEdit {
            at: next.range.start..next.range.start,
            with: format!("{rest}{eol}{indent}"),
        })
    }

    /// The line break ending the line text written at `at` continues: the line holding
    /// `at`, or the line before when `at` starts a line; the file's when there is none.
    pub(super) fn eol_at(&self, at: usize) -> &'static str {
        let from = if self.text[..at].ends_with('\n') {
            at - 1
        } else {
            at
        };
        match self.text[from..].find('\n').map(|i| from + i) {
            Some(nl) if self.text[..nl].ends_with('\r') => "\r\n",
            Some(_) => "\n",
            None => self.style.eol,
        }
    }

    /// The line break ending the line before `ls` (a line start), or the file's when there
    /// is none: what a line inserted at `ls` ends with.
    pub(super) fn eol_before(&self, ls: usize) -> &'static str {
        if ls == 0 {
            self.style.eol
        } else {
            self.eol_at(ls)
        }
    }

    /// Re-indented `lines` placed after the previous kept token (run index `o - 1`), when it
    /// ends a file line: after that line's break when the break is in the region, else at the
    /// end of its content with a line break before them. `None` when there is no previous
    /// real token, another token follows it on its line, or the line ends past the region.
    pub(super) fn lines_after_kept(&self, o: usize, lines: &str) -> Option<RegionEdit> {
        let text = self.text;
        let prev = o
            .checked_sub(1)
            .and_then(|p| self.file.get(p))
            .filter(|p| !p.class.is_marker())?;
        let end = prev.range.end;
        let nl = text[end..].find('\n').map(|i| end + i);
        let next_tok = self.next_token_start(o);
        let line_end = nl.map_or(text.len(), |nl| {
            if text[..nl].ends_with('\r') {
                nl - 1
            } else {
                nl
            }
        });
        if next_tok < line_end {
            return None;
        }
        // Inserted lines end as the line before them does.
        let eol = nl.map_or(self.style.eol, |nl| self.eol_before(nl + 1));
        let lines = relined(lines, eol);
        let edit = match nl {
            Some(nl) if nl < self.found.range.end => Some(RegionEdit {
                at: nl + 1..nl + 1,
                with: format!("{lines}{eol}"),
            }),
            _ if line_end <= self.found.range.end => Some(RegionEdit {
                at: line_end..line_end,
                with: format!("{eol}{lines}"),
            }),
            _ => None,
        };
        if edit.is_some() {
            self.fire(&LINES_AFTER_KEPT);
        }
        edit
    }

    /// `run` written inside a line, where [`TokenWriter::inline_place`] puts it, in the file's style;
    /// the span of `new` it writes is recorded in `emitted`. `None` when it has no place or
    /// its text cannot be re-indented.
    pub(super) fn insert_inline(
        &self,
        run: &Insertion,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let (new, first, last) = (self.new, run.first.range.start, run.last.range.end);
        let (at, with) = match self.inline_place(run)? {
            Inline::ListItem {
                at,
                indent,
                item,
                lead,
            } => {
                emitted.push(item.clone());
                let item = self.adapt(&new[item], true).ok()?;
                (at, format!("{lead}{}{indent}{item}", self.style.eol))
            }
            Inline::ItemLine {
                at,
                indent,
                item,
                eol,
                comma,
            } => {
                emitted.push(item.clone());
                let item = self.adapt(&new[item], true).ok()?;
                let comma = if comma { "," } else { "" };
                (at, format!("{indent}{item}{comma}{eol}"))
            }
            Inline::OwnLine(edit) => {
                emitted.push(first..last);
                return Some(edit);
            }
            Inline::AfterPrev { at, from } => {
                self.fire(&INLINE_AFTER_PREVIOUS);
                emitted.push(from..last);
                (at, self.adapt(&new[from..last], true).ok()?)
            }
            Inline::BeforeNext { at } => {
                self.fire(&INLINE_BEFORE_NEXT);
                let to = self.n.get(run.n.end).map_or(last, |t| t.range.start);
                emitted.push(first..to);
                (at, self.adapt(&new[first..to], true).ok()?)
            }
        };
        Some(RegionEdit { at: at..at, with })
    }

    /// Where an inline run goes. The inserted tokens lean on one neighbour: a run that opens
    /// more brackets than it closes (`Math.min(` before `x`) wraps what follows, so it goes
    /// right before the next kept token and the file's spacing stays on its left; a run that
    /// starts by closing or continuing (`)`, `, 1)`, `.trim()`) ends what precedes, so it goes
    /// right after the previous kept token. `new`'s own spacing comes along on the inserted
    /// side. Before those: an item appended to a list laid out one per line, and a block
    /// closer, each on a line of its own. `None` when it would go before a next kept token
    /// the run has none of.
    pub(super) fn inline_place(&self, run: &Insertion) -> Option<Inline<'_>> {
        let next = self.file.get(run.o).filter(|f| !f.class.is_marker());
        let prev = run.o.checked_sub(1).and_then(|p| self.file.get(p));
        if let Some(prev) = prev {
            let spelled: Vec<&str> = self.n[run.n.clone()]
                .iter()
                .filter(|t| !t.class.is_marker())
                .map(|t| &self.new[t.range.clone()])
                .collect();
            let depth: i32 = spelled.iter().map(|t| bracket_depth(t)).sum();
            let leans_left = spelled
                .first()
                .is_some_and(|t| matches!(*t, ")" | "]" | "}" | "," | "." | "?." | ";" | ":"));
            if let Some(item) = self.list_item_on_own_line(run, prev, depth) {
                return Some(item);
            }
            if let Some(item) = self.item_between_lines(run, depth) {
                return Some(item);
            }
            if let Some(item) = self.item_on_own_line(run, prev, depth) {
                return Some(item);
            }
            let span = run.first.range.start..run.last.range.end;
            if let Some(edit) = self.close_on_own_line(run.o, span) {
                return Some(Inline::OwnLine(edit));
            }
            let glued_right = spelled.len() == 1 && next.is_some() && self.glued_right(run);
            if !glued_right && (leans_left || depth <= 0 || next.is_none()) {
                let from = run
                    .n
                    .start
                    .checked_sub(1)
                    .map_or(run.first.range.start, |p| self.n[p].range.end);
                return Some(Inline::AfterPrev {
                    at: prev.range.end,
                    from,
                });
            }
        }
        Some(Inline::BeforeNext {
            at: next?.range.start,
        })
    }

    /// `new` glues `run` to the token after it and not to the one before (`, ...args`,
    /// `= !done`): a prefix (`...`, `!`, `await`) that goes with the following operand. The
    /// next token of `new` must open an operand (not a closer or continuation).
    pub(super) fn glued_right(&self, run: &Insertion) -> bool {
        let new = self.new;
        let gap = |a: usize, b: usize| new.get(a..b).unwrap_or("");
        let prev_new_end = run
            .n
            .start
            .checked_sub(1)
            .map_or(0, |p| self.n[p].range.end);
        let next_new = self.n.get(run.n.end).map(|t| t.range.start);
        let opens_next = next_new
            .and_then(|nn| new[nn..].chars().next())
            .is_some_and(|c| !matches!(c, ')' | ']' | '}' | '>' | ',' | ';' | '.' | ':' | '?'));
        opens_next
            && next_new.is_some_and(|nn| gap(run.last.range.end, nn).is_empty())
            && !gap(prev_new_end, run.first.range.start).is_empty()
    }

    /// An inserted run that starts by closing a block the file lays out over several lines
    /// (`}` moved up so that a call leaves an `if`): the closer goes on a line of its own,
    /// indented as the line that opens the block, after the previous kept line — never
    /// glued to it (`start(); };`).
    pub(super) fn close_on_own_line(&self, o: usize, span: Range<usize>) -> Option<RegionEdit> {
        let text = self.text;
        let piece = self.new.get(span.clone())?;
        if !piece.starts_with(['}', ')', ']']) || piece.contains('\n') {
            return None;
        }
        let prev = self.file.get(o.checked_sub(1)?)?;
        // The file token that opens the block the closer ends.
        let mut depth = 0i32;
        let open = (0..o).rev().find(|&k| {
            depth += bracket_depth(self.o_tokens[k].key(""));
            depth > 0
        })?;
        let opener = &self.file[open];
        if !text[opener.range.end..prev.range.end].contains('\n') {
            return None;
        }
        let eol = text[prev.range.end..]
            .find('\n')
            .map(|i| prev.range.end + i)?;
        let at = content_end(text, eol + 1);
        let rest_of_line = &text[prev.range.end..at];
        if at > self.found.range.end
            || self.next_token_start(o) < at
            || self
                .syntax
                .comments
                .iter()
                .any(|c| c.start >= prev.range.end && c.start < at)
            || rest_of_line.trim().len() > 1
        {
            return None;
        }
        let indent = indentation(&text[line_start(text, opener.range.start)..]);
        self.fire(&CLOSER_ON_OWN_LINE);
        Some(RegionEdit {
            at: at..at,
            with: format!("{}{indent}{piece}", self.style.eol),
        })
    }

    /// Start of the first significant file token at or after run index `o` (the
    /// tokens after the run count: they bound what may be treated as whole lines).
    pub(super) fn next_token_start(&self, o: usize) -> usize {
        self.syntax
            .tokens
            .get(self.found.tokens.start + o..)
            .and_then(|rest| rest.iter().find(|t| !t.class.is_marker()))
            .map_or(self.text.len(), |t| t.range.start)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language::*;

    #[test]
    fn inserted_lines_take_the_file_s_indentation_and_line_ends() {
        let text = "function f() {\r\n\tconst a = 1;\r\n\treturn a;\r\n}\r\n";
        let old = "  const a = 1\n  return a\n";
        let new = "  const a = 1\n  log(a)\n  return a\n";
        let (out, rules) = written(TypeScript, text, old, new);
        assert_eq!(
            out,
            "function f() {\r\n\tconst a = 1;\r\n\tlog(a)\r\n\treturn a;\r\n}\r\n"
        );
        assert_eq!(
            rules,
            ["token_edits", "reindent_lines", "lines_before_kept"]
        );
    }
}
