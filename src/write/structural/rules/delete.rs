//! Delete rules: a run of the file's tokens removed, with its whole lines, its line break,
//! or the spacing around it, so no blank indentation or stray line is left.

use std::ops::Range;

use crate::text::lines::{line_start, starts_line};

use crate::write::rule::{RuleFamily, WriterRule};

use super::shared::content_end;
use super::writer::{RegionEdit, TokenWriter};

/// Whole lines removed ([`TokenWriter::delete`]).
pub(crate) const DELETE_WHOLE_LINES: WriterRule = WriterRule {
    name: "delete_whole_lines",
    family: RuleFamily::Delete,
    summary: "a deleted run standing on whole lines of the region removes those lines with their line ends",
};

/// The region's last line removed with the break before it ([`TokenWriter::delete`]).
pub(crate) const DELETE_LAST_LINE: WriterRule = WriterRule {
    name: "delete_last_line",
    family: RuleFamily::Delete,
    summary: "the region's last line deleted whole goes with the line break before it, leaving no indentation behind",
};

/// A deleted bracket with its line break ([`TokenWriter::bracket_with_its_line_break`]).
pub(crate) const DELETE_BRACKET_LINE_BREAK: WriterRule = WriterRule {
    name: "delete_bracket_line_break",
    family: RuleFamily::Delete,
    summary: "a deleted opening bracket takes its line break and indentation along (unwrapping `f(\\n    a,\\n)` to `a`)",
};

/// A run removed inside a line with its spacing ([`TokenWriter::delete`]).
pub(crate) const DELETE_WITH_SPACING: WriterRule = WriterRule {
    name: "delete_with_spacing",
    family: RuleFamily::Delete,
    summary: "a run deleted inside a line takes the spaces before it (or after it at a line start)",
};

impl TokenWriter<'_> {
    pub(super) fn delete(&self, o: Range<usize>) -> RegionEdit {
        let text = self.text;
        let start = self.file[o.start].range.start;
        let end = self.file[o.end - 1].range.end;
        let ls = line_start(text, start);
        let eol = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
        let next_tok = self.next_token_start(o.end);
        let comment_after = self
            .syntax
            .comments
            .iter()
            .any(|c| c.start >= end && c.start < eol);
        let whole_lines = starts_line(text, start) && next_tok >= eol && !comment_after;
        if whole_lines && ls >= self.found.range.start && eol <= self.found.range.end {
            self.fire(&DELETE_WHOLE_LINES);
            return RegionEdit {
                at: ls..eol,
                with: String::new(),
            };
        }
        // The region's last line (`old` sent without its final newline): the line goes
        // whole with the line break before it, never leaving its indentation behind.
        let line_end = content_end(text, eol);
        if whole_lines && ls > self.found.range.start && line_end <= self.found.range.end {
            self.fire(&DELETE_LAST_LINE);
            let break_start = content_end(text, ls).max(self.found.range.start);
            return RegionEdit {
                at: break_start..line_end,
                with: String::new(),
            };
        }
        if let Some(at) = self.bracket_with_its_line_break(o.clone(), start, end) {
            self.fire(&DELETE_BRACKET_LINE_BREAK);
            return RegionEdit {
                at,
                with: String::new(),
            };
        }
        self.fire(&DELETE_WITH_SPACING);
        let is_blank = |b: u8| b == b' ' || b == b'\t';
        let before = text[..start]
            .bytes()
            .rev()
            .take_while(|b| is_blank(*b))
            .count();
        let after = text[end..].bytes().take_while(|b| is_blank(*b)).count();
        let at = if before > 0
            && !starts_line(text, start)
            && start - before >= self.found.range.start
        {
            start - before..end
        } else {
            start..(end + after).min(self.found.range.end.max(end))
        };
        RegionEdit {
            at,
            with: String::new(),
        }
    }

    /// A deleted run that ends with an opening bracket followed by a line break (or starts
    /// with a closing bracket preceded by one) takes that line break and indentation along:
    /// unwrapping `f(\n    a,\n)` to `a` must not leave `x =\n    a`.
    pub(super) fn bracket_with_its_line_break(
        &self,
        o: Range<usize>,
        start: usize,
        end: usize,
    ) -> Option<Range<usize>> {
        let text = self.text;
        let key = |i: usize| self.o_tokens[i].key("");
        let opens = matches!(key(o.end - 1), "(" | "[" | "{");
        let closes = matches!(key(o.start), ")" | "]" | "}");
        let next = self.next_token_start(o.end).min(self.found.range.end);
        if opens
            && next > end
            && text[end..next].contains('\n')
            && text[end..next].trim().is_empty()
        {
            return Some(start..next);
        }
        let prev = o
            .start
            .checked_sub(1)
            .map_or(self.found.range.start, |p| self.file[p].range.end)
            .max(self.found.range.start);
        if closes
            && prev < start
            && text[prev..start].contains('\n')
            && text[prev..start].trim().is_empty()
        {
            return Some(prev..end);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language::*;

    #[test]
    fn a_statement_goes_with_its_whole_line() {
        let text = "function f() {\n  a(); // first\n  b();\n  c();\n}\n";
        let (out, rules) = written(TypeScript, text, "a()\nb()\nc()\n", "a()\nc()\n");
        assert_eq!(out, "function f() {\n  a(); // first\n  c();\n}\n");
        assert_eq!(rules, ["token_edits", "delete_whole_lines"]);
    }

    #[test]
    fn a_run_inside_a_line_goes_with_its_spacing() {
        let (out, rules) = written(TypeScript, "x = f(a,  b);\n", "x = f(a, b);", "x = f(b);");
        assert_eq!(out, "x = f(b);\n");
        assert_eq!(rules, ["token_edits", "delete_with_spacing"]);
    }
}
