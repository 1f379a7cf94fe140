//! Plan rules: which write a region gets. Token by token when every changed run has a
//! certain place; else the line merge ([`crate::write::structural::spelling`]); else the
//! whole region from `new`; each only when the file with it still reads as `new` and parses
//! as well as before. Also the final splice of the planned edits into the region.

use crate::write::Rewrite;

use std::ops::Range;

use similar::DiffOp;

use crate::outcome::{Code, Refusal};
use crate::syntax::Fragment;
use crate::syntax::token::TokenClass;
use crate::text::lines::{line_start, starts_line};

use crate::write::structural::spelling;

use super::shared::balanced;
use super::shared::relined;
use crate::write::rule::{RuleFamily, WriterRule, names};

use super::writer::Layout;
use super::writer::{RegionEdit, TokenWriter, WritePlan};
use crate::locate::structural::TokenMatch;
use crate::syntax::{FileToken, Syntax};
use crate::text::Style as TextStyle;
use crate::write::indent::{local_unit, model_unit};

/// `new` is blank: the region is removed ([`super::rewrite`]).
pub(crate) const EMPTY_NEW: WriterRule = WriterRule {
    name: "empty_new",
    family: RuleFamily::Plan,
    summary: "a blank `new` removes the region (whole lines go with their line ends)",
};

/// A block opened or closed around kept lines is a change of lines: the line merge is tried
/// first ([`TokenWriter::write`]).
pub(crate) const BLOCK_LINES_MERGE: WriterRule = WriterRule {
    name: "block_lines_merge",
    family: RuleFamily::Plan,
    summary: "a block `new` opens or closes around kept lines is written line by line, the kept lines the file's",
};

/// The token-level write: every changed run placed by the rules below ([`TokenWriter::edits`]).
pub(crate) const TOKEN_EDITS: WriterRule = WriterRule {
    name: "token_edits",
    family: RuleFamily::Plan,
    summary: "only the changed tokens are written; every byte between two kept tokens is the file's",
};

/// The line merge when the token-level write has no certain place ([`TokenWriter::write`]).
pub(crate) const LINE_MERGE: WriterRule = WriterRule {
    name: "line_merge",
    family: RuleFamily::Plan,
    summary: "a three-way merge of lines: the lines `new` keeps stay the file's, the rest from `new`",
};

/// The last resort: the whole region from `new`, re-indented ([`TokenWriter::fallback`]).
pub(crate) const WHOLE_REGION: WriterRule = WriterRule {
    name: "whole_region",
    family: RuleFamily::Plan,
    summary: "the whole region rewritten from `new` in the file's indentation (reported as `fallback`)",
};

/// The token-level write kept where `new` itself parses worse
/// ([`TokenWriter::whole_or_tokens`]).
pub(crate) const TOKEN_EDITS_KEPT: WriterRule = WriterRule {
    name: "token_edits_kept",
    family: RuleFamily::Plan,
    summary: "where `new` itself parses worse, the token-level write says it in the file's layout",
};

/// A space where written text meets the file's and two words or operator characters would
/// join ([`TokenWriter::apply`]).
pub(crate) const NO_GLUED_TOKENS: WriterRule = WriterRule {
    name: "no_glued_tokens",
    family: RuleFamily::Plan,
    summary: "a space where written text meets the file's and would glue two words or operators",
};

/// `first`, then `rest` (each once).
fn with_first(first: &WriterRule, rest: Vec<&'static str>) -> Vec<&'static str> {
    names(std::iter::once(first.name).chain(rest))
}

/// Computes the replacement for a structural match, in the file's `style` (line endings
/// and indentation unit, as the document detected them). `Err` means refuse, with the
/// reason.
pub(crate) fn rewrite(
    syntax: &Syntax,
    text: &str,
    found: &TokenMatch,
    old: &str,
    new: &str,
    style: &TextStyle,
) -> Result<Rewrite, Refusal> {
    let lang = syntax.language();
    let o = Fragment::parse(lang, old);
    let file = matched_tokens(syntax, text, found, (&o, old))?;
    if new.trim().is_empty() {
        return Ok(Rewrite::by(String::new(), vec![EMPTY_NEW.name]));
    }
    let n = Fragment::parse(lang, new);
    let n_tokens = crate::write::structural::align::with_kept_parens(&o.tokens, &n, new);
    let unit = local_unit(text, found.range.clone(), &style.indent_unit);
    let lines = spelling::Lines {
        text,
        range: found.range.clone(),
        old,
        new,
        o_tokens: &o.tokens,
        file,
        unit: &unit,
        new_unit: model_unit(new.lines()),
        eol: style.eol.as_str(),
    };
    if spelling::spelling_only(old, new, (&o.tokens, &o.comments), (&n_tokens, &n.comments)) {
        return Ok(Rewrite {
            spelled: true,
            ..Rewrite::by(lines.write()?, vec![spelling::SPELLING_ONLY.name])
        });
    }
    let mut writer = TokenWriter {
        syntax,
        text,
        found,
        file,
        old,
        new,
        o_tokens: &o.tokens,
        o_comments: &o.comments,
        n: &n_tokens,
        n_significant: &n.tokens,
        n_comments: &n.comments,
        style: Layout {
            eol: style.eol.as_str(),
            unit: unit.clone(),
            new_unit: model_unit(new.lines()),
        },
        pairs: Vec::new(),
        fired: std::cell::RefCell::default(),
    };
    writer.pairs = writer.find_pairs(&o.tokens);
    writer.write(&o, &n, &lines)
}

/// The file's tokens of `found`, when they are still `old`'s (parsed as `o`) one for one
/// and the region lies inside `text`; else an internal-check refusal.
fn matched_tokens<'s>(
    syntax: &'s Syntax,
    text: &str,
    found: &TokenMatch,
    (o, old): (&Fragment, &str),
) -> Result<&'s [FileToken], Refusal> {
    let file = syntax.tokens.get(found.tokens.clone()).ok_or_else(|| {
        Refusal::new(
            Code::InternalCheck,
            "the match does not belong to this file",
        )
    })?;
    let aligned = o.tokens.len() == file.len()
        && o.tokens
            .iter()
            .zip(file)
            .all(|(t, f)| syntax.lookup(t.class, t.key(old)) == Some(f.sym));
    if !aligned || text.get(found.range.clone()).is_none() {
        return Err(Refusal::new(
            Code::InternalCheck,
            "`old` no longer matches the located region",
        ));
    }
    Ok(file)
}

impl TokenWriter<'_> {
    /// The region's new bytes: token by token; else line by line (`lines`: lines `new`
    /// keeps stay the file's); else the whole region from `new` — each only when the file
    /// with it still reads as `new` and parses as well as before.
    pub(super) fn write(
        &self,
        o: &Fragment,
        n: &Fragment,
        lines: &spelling::Lines,
    ) -> Result<Rewrite, Refusal> {
        // Parens the file has and the comparison ignored may bind differently once tokens
        // inside them change (`(a * b) + c` edited to `(a + b) * c`): such a write is
        // re-read and must say what `new` says.
        let guarded = self
            .syntax
            .dropped
            .iter()
            .any(|g| g.start < self.found.range.end && g.end > self.found.range.start);
        let region = &self.text[self.found.range.clone()];
        let empty_allowed = empty_statements(region).max(empty_statements(self.new));
        let holds = |r: &String| {
            (!guarded || self.holds_new_tokens(r))
                && self.reads_back_as_new(r, o, n)
                && empty_statements(r) <= empty_allowed
        };
        // Written and checked once, whichever of the two places below asks first.
        let merged = std::cell::OnceCell::new();
        let by_lines = || {
            merged
                .get_or_init(|| {
                    lines.write().ok().filter(|r| {
                        holds(r) && self.keeps_file_comments(r) && self.parses_as_well(r)
                    })
                })
                .clone()
        };
        // A block `new` opens or closes around kept lines is a change of lines: the line
        // merge keeps the file's lines (a comment above the new block stays above it).
        if block_lines(self.old) != block_lines(self.new)
            && let Some(r) = by_lines()
        {
            return Ok(Rewrite::by(r, vec![BLOCK_LINES_MERGE.name]));
        }
        let tokens = self.edits(o, n).filter(holds);
        let token_rules = self.take_fired();
        if let Some(r) = &tokens
            && self.parses_as_well(r)
        {
            return Ok(Rewrite::by(
                r.clone(),
                with_first(&TOKEN_EDITS, token_rules),
            ));
        }
        if let Some(r) = by_lines() {
            return Ok(Rewrite::by(r, vec![LINE_MERGE.name]));
        }
        let tokens = tokens.map(|t| (t, token_rules));
        self.whole_or_tokens(tokens, guarded)
    }

    /// The last resort: the whole region from `new` when the file with it parses as well
    /// as before; else the token-level write `tokens` (when `new` itself parses worse), or
    /// the refusal.
    pub(super) fn whole_or_tokens(
        &self,
        tokens: Option<(String, Vec<&'static str>)>,
        guarded: bool,
    ) -> Result<Rewrite, Refusal> {
        match (tokens, self.fallback(guarded)) {
            (_, Ok(w)) if self.parses_as_well(&w) => Ok(Rewrite {
                fallback: true,
                ..Rewrite::by(w, with_first(&WHOLE_REGION, self.take_fired()))
            }),
            // `new` written whole parses worse too: `new` itself is the cause, and the
            // token-level write says it in the file's layout (the post-edit check will warn).
            (Some((t, rules)), Ok(_)) => Ok(Rewrite::by(t, with_first(&TOKEN_EDITS_KEPT, rules))),
            (None, Ok(_)) | (Some(_), Err(_)) => Err(Refusal::new(
                Code::Unmappable,
                "the change cannot be written token by token, and rewriting the region whole \
                 leaves the code around it unparseable (brackets or continuations the region \
                 shares with its neighbours); send `old` with the whole statement",
            )),
            (None, Err(e)) => Err(e),
        }
    }

    /// The whole region rewritten from `new`, or why it cannot be: it would split a
    /// parenthesised group, drop comments the file has there, or change what `new` means
    /// through the file's parentheses.
    pub(super) fn fallback(&self, guarded: bool) -> Result<String, Refusal> {
        if self.splits_group(&self.found.range) {
            return Err(Refusal::new(
                Code::Unmappable,
                "`old` covers only part of a parenthesised expression the file has; include the \
                 whole expression",
            ));
        }
        let replacement = self.whole()?;
        if !self.keeps_file_comments(&replacement) {
            return Err(Refusal::new(
                Code::Unmappable,
                "the change cannot be written token by token, and rewriting the region whole \
                 would drop comments the file has there that `old` lacks; include them in `old`",
            ));
        }
        if guarded && !self.holds_new_tokens(&replacement) {
            return Err(Refusal::new(
                Code::Unmappable,
                "the file's parentheses would change what `new` means",
            ));
        }
        Ok(replacement)
    }

    /// The whole region rewritten from `new` (the fallback).
    pub(super) fn whole(&self) -> Result<String, Refusal> {
        if let Some(c) = self.unanchored_comments().into_iter().next() {
            return Err(Refusal::new(
                Code::Unmappable,
                format!(
                    "`old`'s comment `{c}` is not next to the matched code in the file, so \
                     where `new`'s lines go around it is unknown; send `old` as the file has it"
                ),
            ));
        }
        let range = &self.found.range;
        let at_line_start = line_start(self.text, range.start) == range.start;
        let body = self.new.trim_end_matches(['\n', '\r']);
        let body = if at_line_start {
            body
        } else {
            body.trim_start()
        };
        let mut out = self
            .adapt(body, !at_line_start)
            .map_err(|why| Refusal::new(Code::IndentInconsistent, why))?;
        if self.text[..range.end].ends_with('\n') {
            out.push_str(self.style.eol);
        }
        Ok(out)
    }

    /// Token-level edits applied to the region, or `None` to fall back: every changed run
    /// placed ([`TokenWriter::plan_change`]), every comment change inside what is written or
    /// removed, moved lines re-indented, no dropped paren group split, and every file
    /// comment that stays still there.
    pub(super) fn edits(&self, o: &Fragment, n: &Fragment) -> Option<String> {
        let ops = self.alignment(o);
        let mut plan = WritePlan::default();
        for (old, new) in changed_runs(&ops) {
            self.plan_change(old, new, &mut plan)?;
        }
        if !self.comments_placed(o, n, &plan.emitted, &plan.removed) {
            return None;
        }
        let mut edits = plan.edits;
        edits.extend(self.reindent_moved(&ops)?);
        edits.extend(self.added_blank_lines(&ops));
        if edits.iter().any(|e| self.splits_group(&e.at)) {
            return None;
        }
        let out = self.apply(edits)?;
        self.keeps_file_comments(&out).then_some(out)
    }

    /// Adds to `plan` the edits for one changed run: the file's run tokens `o` become
    /// `new`'s aligned tokens `n`. `None` when the change cannot be placed token by token:
    /// it touches block structure other than by adding whole balanced blocks, or its
    /// replacement or insertion has no certain place.
    pub(super) fn plan_change(
        &self,
        o: Range<usize>,
        n: Range<usize>,
        plan: &mut WritePlan,
    ) -> Option<()> {
        let touched = self.file[o.clone()]
            .iter()
            .map(|t| t.class)
            .chain(self.n[n.clone()].iter().map(|t| t.class));
        // Block markers may only come in whole, balanced blocks that `new` adds as
        // lines of their own (a new `if …:` with its body); any other change to
        // block structure cannot be placed token by token.
        // At the end of `new`, blocks may stay open: a fragment's trailing block
        // ends are dropped with its edges.
        let whole_block = o.is_empty() && balanced(&self.n[n.clone()], n.end == self.n.len());
        if touched.clone().any(TokenClass::is_marker) && !whole_block {
            return None;
        }
        let span =
            |o: &Range<usize>| self.file[o.start].range.start..self.file[o.end - 1].range.end;
        if !o.is_empty() && n.is_empty() {
            // A deletion goes around the file's comments that stay (one `old` lacks, or
            // one `new` keeps): each stretch between them is deleted on its own.
            for run in self.around_kept_comments(o) {
                plan.removed.push(span(&run));
                plan.edits.push(self.delete(run));
            }
            return Some(());
        }
        let edit = match (!o.is_empty(), !n.is_empty()) {
            (true, true) => self.replace(o.clone(), n, &mut plan.emitted),
            (false, true) => self.insert(o.start, n, &mut plan.emitted),
            _ => None,
        }?;
        if !o.is_empty() {
            plan.removed.push(span(&o));
        }
        plan.edits.push(edit);
        Some(())
    }

    /// `old`'s tokens (the file's, one for one) aligned with `new`'s, changes slid to
    /// statement boundaries.
    pub(super) fn alignment(&self, o: &Fragment) -> Vec<DiffOp> {
        let okeys: Vec<(TokenClass, &str)> =
            o.tokens.iter().map(|t| (t.class, t.key(""))).collect();
        let nkeys: Vec<(TokenClass, &str)> = self.n.iter().map(|t| (t.class, t.key(""))).collect();
        let old = crate::write::structural::align::Side {
            keys: &okeys,
            ends: self.file.iter().map(|f| f.end).collect(),
            starts_line: self
                .file
                .iter()
                .map(|f| starts_line(self.text, f.range.start))
                .collect(),
            line: self
                .file
                .iter()
                .map(|f| line_start(self.text, f.range.start))
                .collect(),
        };
        let new = crate::write::structural::align::Side {
            keys: &nkeys,
            ends: self.n.iter().map(|t| t.end.is_some()).collect(),
            starts_line: self
                .n
                .iter()
                .map(|t| starts_line(self.new, t.range.start))
                .collect(),
            line: self
                .n
                .iter()
                .map(|t| line_start(self.new, t.range.start))
                .collect(),
        };
        crate::write::structural::align::diff(&old, &new)
    }

    pub(super) fn apply(&self, mut edits: Vec<RegionEdit>) -> Option<String> {
        edits.sort_by_key(|e| (e.at.start, e.at.end));
        let range = &self.found.range;
        let mut out = String::with_capacity(range.len() + 64);
        let mut pos = range.start;
        for e in edits {
            if e.at.start < pos || e.at.end > range.end {
                return None;
            }
            out.push_str(self.text.get(pos..e.at.start)?);
            let next = self.text[e.at.end..].chars().next();
            // Where written text meets the file's, two words or two operator characters
            // never touch (`return -a` → `return a`, not `returna`).
            let before = out.chars().next_back();
            if glues(before, e.with.chars().next().or(next))
                && !touching(self.new, before, &e.with, None)
            {
                self.fire(&NO_GLUED_TOKENS);
                out.push(' ');
            }
            // Line breaks written end as the line they are written in (or after) does.
            let with = match e.with.contains('\n') {
                true => relined(&e.with, self.eol_at(e.at.start)),
                false => e.with,
            };
            out.push_str(&with);
            if !with.is_empty()
                && glues(with.chars().next_back(), next)
                && !touching(self.new, None, &with, next)
            {
                self.fire(&NO_GLUED_TOKENS);
                out.push(' ');
            }
            pos = e.at.end;
        }
        out.push_str(self.text.get(pos..range.end)?);
        Some(out)
    }
}

/// The changed runs of an alignment, in order: each maximal stretch of consecutive
/// non-equal operations as (its range of `old`'s tokens, its range of `new`'s).
pub(super) fn changed_runs(ops: &[DiffOp]) -> Vec<(Range<usize>, Range<usize>)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        if matches!(ops[i], DiffOp::Equal { .. }) {
            i += 1;
            continue;
        }
        let (o1, n1) = (ops[i].old_range().start, ops[i].new_range().start);
        let (mut o2, mut n2) = (o1, n1);
        while i < ops.len() && !matches!(ops[i], DiffOp::Equal { .. }) {
            o2 = ops[i].old_range().end;
            n2 = ops[i].new_range().end;
            i += 1;
        }
        runs.push((o1..o2, n1..n2));
    }
    runs
}

/// `;` right after a `}` or another `;` (whitespace between): an empty statement, which
/// the token comparison cannot see. A write may not have more than the file's region or
/// `new` has (a `;` copied from `new` after a `}` moved up: `  };`).
pub(super) fn empty_statements(text: &str) -> usize {
    let mut last = None;
    let mut count = 0;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c == ';' && matches!(last, Some('}' | ';')) {
            count += 1;
        }
        last = Some(c);
    }
    count
}

/// Lines that open a block (end in `{` or `:`) or close one (a lone `}`), in a text.
pub(super) fn block_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| l.ends_with('{') || l.ends_with(':') || l.starts_with('}'))
        .count()
}

/// Two characters that, written side by side, would join into one token where the edit
/// means two: word characters, or operator characters.
pub(super) fn glues(a: Option<char>, b: Option<char>) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    match (a, b) {
        (Some(a), Some(b)) => (word(a) && word(b)) || OPERATOR_PAIRS.contains(&[a, b]),
        _ => false,
    }
}

/// `new` itself has `with` between `before` and `after` (either may be absent): the model
/// wrote those characters touching (inside one token, such as a regex `/\s*/`), so no space
/// may part them.
pub(super) fn touching(new: &str, before: Option<char>, with: &str, after: Option<char>) -> bool {
    let joined: String = before
        .into_iter()
        .chain(with.chars())
        .chain(after)
        .collect();
    !with.is_empty() && new.contains(&joined)
}

/// Two operator characters that read as one longer token in some language (`-` `-` is
/// `--`, `<` `-` Go's `<-`, `/` `/` a comment); any other two stay two (`=` `-` in
/// `default=-1`).
#[rustfmt::skip]
pub(super) const OPERATOR_PAIRS: &[[char; 2]] = &[
    ['+', '+'], ['-', '-'], ['+', '='], ['-', '='], ['*', '='], ['/', '='], ['%', '='],
    ['=', '='], ['!', '='], ['<', '='], ['>', '='], ['&', '&'], ['|', '|'], ['<', '<'],
    ['>', '>'], ['*', '*'], ['/', '/'], ['/', '*'], ['*', '/'], ['-', '>'], ['=', '>'],
    [':', ':'], ['.', '.'], ['?', '.'], ['?', '?'], ['&', '='], ['|', '='], ['^', '='],
    [':', '='], ['<', '-'], ['&', '^'], ['@', '='],
];

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use super::*;
    use crate::lang::Language::*;

    #[test]
    fn changed_runs_join_consecutive_changes_between_equal_stretches() {
        let ops = [
            DiffOp::Equal {
                old_index: 0,
                new_index: 0,
                len: 2,
            },
            DiffOp::Delete {
                old_index: 2,
                old_len: 1,
                new_index: 2,
            },
            DiffOp::Insert {
                old_index: 3,
                new_index: 2,
                new_len: 3,
            },
            DiffOp::Equal {
                old_index: 3,
                new_index: 5,
                len: 1,
            },
            DiffOp::Replace {
                old_index: 4,
                old_len: 2,
                new_index: 6,
                new_len: 1,
            },
        ];
        assert_eq!(changed_runs(&ops), vec![(2..3, 2..5), (4..6, 6..7)]);
        assert_eq!(changed_runs(&ops[..1]), vec![]);
        assert_eq!(changed_runs(&ops[2..3]), vec![(3..3, 2..5)]);
    }

    #[test]
    fn a_new_block_around_kept_lines_is_merged_line_by_line() {
        let text = "func f() {\n\tif x {\n\t\tg()\n\t}\n}\n";
        let old = "if x {\n    g()\n}";
        let new = "if x {\n    g()\n} else {\n    h()\n}";
        let (out, rules) = written(Go, text, old, new);
        assert_eq!(
            out,
            "func f() {\n\tif x {\n\t\tg()\n\t} else {\n\t\th()\n\t}\n}\n"
        );
        assert_eq!(rules, ["block_lines_merge"]);
    }

    #[test]
    fn an_unwrapped_call_is_written_whole_from_new() {
        let text = "const y =\n  f(\n    a,\n  );\n";
        let (out, rules) = written(TypeScript, text, "const y = f(a);", "const y = a;");
        assert_eq!(out, "const y = a;\n");
        assert_eq!(rules, ["whole_region"]);
    }

    #[test]
    fn written_text_never_glues_to_the_file_s() {
        let text = "function g() {\n  return -a;\n}\n";
        let (out, rules) = written(TypeScript, text, "return -a;", "return a;");
        assert_eq!(out, "function g() {\n  return a;\n}\n");
        assert_eq!(
            rules,
            ["token_edits", "delete_with_spacing", "no_glued_tokens"]
        );
    }
}
