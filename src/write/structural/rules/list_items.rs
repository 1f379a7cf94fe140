//! List-item rules: an item inserted into a list (or a sequence of attributes, statements,
//! members) the file lays out one item per line gets a line of its own.

use crate::syntax::FileToken;
use crate::syntax::token::{SyntaxToken, TokenClass};
use crate::text::lines::{indentation, line_start, starts_line};

use crate::write::rule::{RuleFamily, WriterRule};

use super::writer::{Inline, Insertion, TokenWriter};

/// An item appended on its own line ([`TokenWriter::list_item_on_own_line`]).
pub(crate) const LIST_ITEM_APPENDED: WriterRule = WriterRule {
    name: "list_item_appended",
    family: RuleFamily::ListItems,
    summary: "a `, item` appended to a list laid out one item per line gets its own line, indented like the previous item",
};

/// An item inserted between list lines ([`TokenWriter::item_between_lines`]).
pub(crate) const LIST_ITEM_BETWEEN: WriterRule = WriterRule {
    name: "list_item_between",
    family: RuleFamily::ListItems,
    summary: "an item inserted between items laid out one per line gets its own line with its `,`",
};

/// A separator-less item on its own line ([`TokenWriter::item_on_own_line`]).
pub(crate) const ITEM_ON_OWN_LINE: WriterRule = WriterRule {
    name: "item_on_own_line",
    family: RuleFamily::ListItems,
    summary: "an item without separator (JSX attribute, statement, member) between items one per line gets its own line",
};

impl TokenWriter<'_> {
    /// A `, item` appended to a list the file lays out one item per line gets a line of its
    /// own after the previous item (`prev`), indented like it: only when the item is whole
    /// (its brackets balance: `depth` 0) and the list's closing bracket follows on a later
    /// line.
    pub(super) fn list_item_on_own_line(
        &self,
        run: &Insertion,
        prev: &FileToken,
        depth: i32,
    ) -> Option<Inline<'_>> {
        let text = self.text;
        // What follows the previous item: the list's closer on a later line, maybe after the
        // file's trailing comma (black's, Prettier's; the closer may be an optional bracket
        // the comparison left out, as black's `from a import (`).
        let after = &text[prev.range.end..];
        let rest = after.strip_prefix(',').unwrap_or(after);
        let gap = rest.len() - rest.trim_start().len();
        let closer_next = rest[gap..].starts_with([')', ']', '}']) && rest[..gap].contains('\n');
        let appends = run.first.class == TokenClass::Punct
            && run.first.key("") == ","
            && run.n.len() > 1
            && depth == 0
            && closer_next;
        if !appends {
            return None;
        }
        self.fire(&LIST_ITEM_APPENDED);
        let item = self.n[run.n.start + 1].range.start..run.last.range.end;
        // A rest element (`...rest`, Rust's `..base`) is last, and no comma may follow it:
        // it goes after the file's trailing comma rather than before it.
        let rest_after_comma = self.new[item.clone()].starts_with("..") && after.starts_with(',');
        let (at, lead) = match rest_after_comma {
            true => (prev.range.end + 1, ""),
            false => (prev.range.end, ","),
        };
        Some(Inline::ListItem {
            at,
            indent: indentation(&text[line_start(text, prev.range.start)..]),
            item,
            lead,
        })
    }

    /// An item inserted before an item of a list the file lays out one item per line
    /// (`item ,` after the file's `,` or opening bracket, or `, item` before its `,`) gets a
    /// line of its own after the line before (and any comment ending that line), indented
    /// like the item after it, with its `,`: `useEffect,` / `useMemo,` / `useState,`, never
    /// `useEffect, useMemo,`. Only a whole item (its brackets balance: `depth` 0), where the
    /// file's `,` or bracket ends its line and the next item starts its own.
    pub(super) fn item_between_lines(&self, run: &Insertion, depth: i32) -> Option<Inline<'_>> {
        let text = self.text;
        let comma = |t: &SyntaxToken| t.class == TokenClass::Punct && t.key("") == ",";
        let file_is = |k: usize, what: &[&str]| {
            self.file
                .get(k)
                .is_some_and(|f| what.contains(&&text[f.range.clone()]))
        };
        let file_comma = |k: usize| file_is(k, &[","]);
        let real: Vec<&SyntaxToken> = self.n[run.n.clone()]
            .iter()
            .filter(|t| !t.class.is_marker())
            .collect();
        if depth != 0 || real.len() < 2 {
            return None;
        }
        let before = run.o.checked_sub(1)?;
        let (sep, item) = if comma(run.last) && file_is(before, &[",", "(", "[", "{"]) {
            let end = real[real.len() - 2].range.end;
            (run.o - 1, run.first.range.start..end)
        } else if comma(run.first) && file_comma(run.o) {
            (run.o, real[1].range.start..run.last.range.end)
        } else {
            return None;
        };
        let sep_end = self.file[sep].range.end;
        let next = self.file.get(sep + 1)?;
        if !text[sep_end..next.range.start].contains('\n') || !starts_line(text, next.range.start) {
            return None;
        }
        let eol_at = sep_end + text[sep_end..].find('\n')?;
        self.fire(&LIST_ITEM_BETWEEN);
        Some(Inline::ItemLine {
            at: eol_at + 1,
            indent: indentation(&text[line_start(text, next.range.start)..]),
            item,
            eol: self.eol_at(eol_at),
            comma: true,
        })
    }

    /// A whole item `new` writes between two items without a separator (a JSX attribute, a
    /// statement ending in `;`, a type member) where the file lays them out one per line:
    /// the next kept token starts a later line than the previous one. The item gets a line
    /// of its own after the previous item's line (and any comment ending it), indented like
    /// the next item — like the previous one when the next token closes the list (`/>`, `}`)
    /// — never `disabled={busy} title="Save"`.
    pub(super) fn item_on_own_line(
        &self,
        run: &Insertion,
        prev: &FileToken,
        depth: i32,
    ) -> Option<Inline<'_>> {
        let (text, new) = (self.text, self.new);
        let next = self.file.get(run.o).filter(|f| !f.class.is_marker())?;
        let gap = text.get(prev.range.end..next.range.start)?;
        let opens_item = matches!(run.first.class, TokenClass::Word | TokenClass::Str)
            || matches!(run.first.key(""), "<" | "@" | "#" | "[");
        let before = run.n.start.checked_sub(1).map(|p| self.n[p].range.end)?;
        let after = self.n.get(run.n.end).map_or(new.len(), |t| t.range.start);
        let apart = |s: &str| !s.is_empty() && s.trim().is_empty() && !s.contains('\n');
        // A statement's `;` (layout to the comparison) goes with it, in the file and in `new`.
        let ended = |s: &str| s.strip_prefix(';').is_some_and(|r| r.trim().is_empty());
        let end = run.last.range.end + usize::from(new[run.last.range.end..].starts_with(';'));
        let piece = new.get(run.first.range.start..end)?;
        let closes = text[next.range.start..].starts_with(['/', '>', '}', ')', ']']);
        let ends = apart(&new[end..after.max(end)]) || piece.ends_with(';') || closes;
        // No file token stands between the two: the gap is layout, `;` and comments.
        let gap_ok = gap.contains('\n');
        let before_ok = apart(&new[before..run.first.range.start])
            || ended(&new[before..run.first.range.start]);
        if depth != 0
            || !opens_item
            || piece.contains(['\n', ','])
            || !gap_ok
            || !starts_line(text, next.range.start)
            || !before_ok
            || !ends
        {
            return None;
        }
        let sibling = if closes {
            prev.range.start
        } else {
            next.range.start
        };
        // After the previous item's line (and any comment ending it).
        let at = prev.range.end + gap.find('\n')? + 1;
        let eol = self.eol_at(at);
        self.fire(&ITEM_ON_OWN_LINE);
        Some(Inline::ItemLine {
            at,
            indent: indentation(&text[line_start(text, sibling)..]),
            item: run.first.range.start..end,
            eol,
            comma: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language::*;

    #[test]
    fn an_appended_argument_gets_its_own_line() {
        let (out, rules) = written(TypeScript, "f(\n  a,\n  b,\n);\n", "f(a, b)", "f(a, b, c)");
        assert_eq!(out, "f(\n  a,\n  b,\n  c,\n);\n");
        assert_eq!(rules, ["token_edits", "list_item_appended"]);
    }

    #[test]
    fn an_item_between_items_gets_its_own_line_with_its_comma() {
        let text = "import {\n  useEffect,\n  useState,\n} from 'react';\n";
        let old = "import { useEffect, useState } from 'react';";
        let new = "import { useEffect, useMemo, useState } from 'react';";
        let (out, rules) = written(TypeScript, text, old, new);
        assert_eq!(
            out,
            "import {\n  useEffect,\n  useMemo,\n  useState,\n} from 'react';\n"
        );
        assert_eq!(rules, ["token_edits", "list_item_between"]);
    }

    #[test]
    fn an_attribute_between_attributes_gets_its_own_line() {
        let text = "const v = (\n  <Button\n    disabled={busy}\n    onClick={save}\n  />\n);\n";
        let old = "<Button disabled={busy} onClick={save} />";
        let new = "<Button disabled={busy} title=\"Save\" onClick={save} />";
        let (out, rules) = written(Tsx, text, old, new);
        assert_eq!(
            out,
            "const v = (\n  <Button\n    disabled={busy}\n    title=\"Save\"\n    onClick={save}\n  />\n);\n"
        );
        assert_eq!(rules, ["token_edits", "item_on_own_line"]);
    }
}
