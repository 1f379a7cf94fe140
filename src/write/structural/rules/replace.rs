//! Replace rules: a run of the file's tokens replaced by `new`'s, with `new`'s spacing where
//! the token count changes, and a changed string kept in the file's quotes (a raw string
//! stays raw).

use std::ops::Range;

use crate::lang::StringRule;
use crate::syntax::FileToken;
use crate::syntax::literals::{Spelling, decode_string, spell};
use crate::syntax::token::{SyntaxToken, TokenClass};

use crate::write::rule::{RuleFamily, WriterRule};

use super::writer::{RegionEdit, TokenWriter};

/// A run of the file's tokens replaced by `new`'s ([`TokenWriter::replace`]).
pub(crate) const REPLACE_TOKENS: WriterRule = WriterRule {
    name: "replace_tokens",
    family: RuleFamily::Replace,
    summary: "a changed run of the file's tokens replaced by `new`'s, the text from `new` in the file's indentation",
};

/// `new`'s spacing around a run replaced by another number of tokens ([`TokenWriter::replace`]).
pub(crate) const NEW_SPACING: WriterRule = WriterRule {
    name: "new_spacing",
    family: RuleFamily::Replace,
    summary: "tokens replaced by another number of tokens (`x++` by `x += 1`) bring `new`'s spacing where the file has none, and an opening bracket `new` writes before a kept token no space",
};

/// A changed string in the file's quotes ([`TokenWriter::requote`]).
pub(crate) const FILE_QUOTES_KEPT: WriterRule = WriterRule {
    name: "file_quotes_kept",
    family: RuleFamily::Replace,
    summary: "a changed string keeps the file's quote character where only its content changed",
};

/// A raw string in the file kept raw ([`TokenWriter::requote`]).
pub(crate) const RAW_STRING_KEPT: WriterRule = WriterRule {
    name: "raw_string_kept",
    family: RuleFamily::Replace,
    summary: "a raw string in the file stays raw when `new`'s value can be written in it as is",
};

impl TokenWriter<'_> {
    pub(super) fn replace(
        &self,
        o: Range<usize>,
        n: Range<usize>,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let at = self.file[o.start].range.start..self.file[o.end - 1].range.end;
        let span = self.n[n.start].range.start..self.n[n.end - 1].range.end;
        emitted.push(span.clone());
        self.fire(&REPLACE_TOKENS);
        let with = if o.len() == 1 && n.len() == 1 && self.file[o.start].class == TokenClass::Str {
            self.requote(&self.file[o.start], &self.n[n.start])
        } else {
            None
        };
        let with = match with {
            Some(with) => with,
            None => self.adapt(&self.new[span.clone()], true).ok()?,
        };
        if o.len() == n.len() {
            return Some(RegionEdit { at, with });
        }
        // Tokens replaced by another number of tokens (`x++` by `x += 1`): where the file
        // has no space around them and `new` has, `new`'s spacing comes along.
        let prev_file = o.start.checked_sub(1).map(|p| self.file[p].range.end);
        let prev_new = n.start.checked_sub(1).map(|p| self.n[p].range.end);
        let mut at = at;
        let mut with = with;
        if let (Some(pf), Some(pn)) = (prev_file, prev_new) {
            let (fs, ns) = (&self.text[pf..at.start], &self.new[pn..span.start]);
            if pf >= self.found.range.start && fs.is_empty() && one_line_space(ns) {
                at.start = pf;
                self.fire(&NEW_SPACING);
                with.insert_str(0, ns);
            }
        }
        let next_file = self.file.get(o.end).map(|f| f.range.start);
        let next_new = self.n.get(n.end).map(|t| t.range.start);
        if let (Some(nf), Some(nn)) = (next_file, next_new) {
            let (fs, ns) = (&self.text[at.end..nf], &self.new[span.end..nn]);
            if nf <= self.found.range.end && fs.is_empty() && one_line_space(ns) {
                at.end = nf;
                self.fire(&NEW_SPACING);
                with.push_str(ns);
            } else if nf <= self.found.range.end
                && ns.is_empty()
                && !fs.is_empty()
                && one_line_space(fs)
                && with.ends_with(['(', '['])
            {
                // An opening bracket `new` writes right before a kept token (`[a.x]` for
                // `const b = a.value`): the file's space after what it replaced goes too.
                at.end = nf;
                self.fire(&NEW_SPACING);
            }
        }
        Some(RegionEdit { at, with })
    }

    /// A changed string keeps the file's quote character where only its content
    /// changed (`"foo"` in the file, `'foo'`→`'bar'` in the edit gives `"bar"`), and a
    /// raw string in the file stays raw when `new`'s value can be written in it as is.
    pub(super) fn requote(&self, f: &FileToken, t: &SyntaxToken) -> Option<String> {
        let root = self.syntax.tree.as_ref()?.root_node();
        let node = root.descendant_for_byte_range(f.range.start, f.range.end)?;
        let rule = self.syntax.language().rules().string_rule(node.kind_id())?;
        let fs = spell(rule, self.text.get(f.range.clone())?)?;
        if fs.raw {
            let raw = raw_respelling(rule, &fs, self.text.get(f.range.clone())?, t)?;
            self.fire(&RAW_STRING_KEPT);
            return Some(raw);
        }
        let ns = spell(rule, self.new.get(t.range.clone())?)?;
        if fs.raw
            || ns.raw
            || fs.hashes > 0
            || ns.hashes > 0
            || fs.quote.len() != 1
            || ns.quote.len() != 1
        {
            return None;
        }
        if fs.quote == ns.quote {
            return None;
        }
        let (fq, nq) = (fs.quote.chars().next()?, ns.quote.chars().next()?);
        let mut body = String::with_capacity(ns.body.len() + 2);
        let mut chars = ns.body.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some(e) if e == nq => body.push(e),
                    Some(e) => {
                        body.push('\\');
                        body.push(e);
                    }
                    None => body.push('\\'),
                }
            } else if c == fq {
                // The file's quote would need a new escape: `new`'s spelling stays.
                return None;
            } else {
                body.push(c);
            }
        }
        self.fire(&FILE_QUOTES_KEPT);
        Some(format!("{}{fq}{body}{fq}", ns.prefix))
    }
}

/// `new`'s string value written in the file's raw spelling (prefix, hashes, quotes), if
/// it needs no escape there: same value-changing prefixes as the file's literal, no
/// closing delimiter, line break or trailing backslash inside. The result is decoded
/// again and must give `new`'s value exactly.
pub(super) fn raw_respelling(
    rule: &StringRule,
    fs: &Spelling,
    file: &str,
    t: &SyntaxToken,
) -> Option<String> {
    if t.class != TokenClass::Str {
        return None;
    }
    let (flags, _) = decode_string(rule, file)?;
    let key = t.key("");
    let value = key.strip_prefix(&format!("{}{flags}\0", rule.tag))?;
    let hashes = "#".repeat(fs.hashes);
    let closing = format!("{}{hashes}", fs.quote);
    if value.contains(&closing) || value.contains(['\n', '\r']) || value.ends_with('\\') {
        return None;
    }
    let out = format!("{}{hashes}{}{value}{closing}", fs.prefix, fs.quote);
    let (again, decoded) = decode_string(rule, &out)?;
    (again == flags && decoded == value).then_some(out)
}

/// Only spaces and tabs (or nothing).
pub(super) fn one_line_space(s: &str) -> bool {
    s.bytes().all(|b| b == b' ' || b == b'\t')
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use super::*;
    use crate::lang::Language;
    use crate::syntax::Fragment;
    use crate::syntax::literals::spell;
    use crate::syntax::token::TokenClass;

    /// `new_literal` (a whole string literal in `lang`) respelled in `file_literal`'s raw
    /// spelling.
    fn respell(lang: Language, file_literal: &str, new_literal: &str) -> Option<String> {
        let rules = lang.rules();
        let tree = lang.parse(file_literal)?;
        let root = tree.root_node();
        let node = root.descendant_for_byte_range(0, file_literal.len())?;
        let mut node = Some(node);
        let rule = loop {
            let n = node?;
            if let Some(rule) = rules.string_rule(n.kind_id())
                && rules.role(n.kind_id()) & crate::lang::role::STRING != 0
            {
                break rule;
            }
            node = n.parent();
        };
        let fs = spell(rule, file_literal)?;
        let frag = Fragment::parse(lang, new_literal);
        let t = frag.tokens.iter().find(|t| t.class == TokenClass::Str)?;
        raw_respelling(rule, &fs, file_literal, t)
    }

    #[test]
    fn raw_strings_take_new_values_without_escapes() {
        use Language::*;
        assert_eq!(
            respell(Python, r#"r"\d+""#, r#""\\d*""#).as_deref(),
            Some(r#"r"\d*""#)
        );
        assert_eq!(
            respell(Python, r#"rb"\d""#, r#"b"\\w""#).as_deref(),
            Some(r#"rb"\w""#)
        );
        // A value-changing prefix differs, a quote, a line break, a final backslash.
        assert_eq!(respell(Python, r#"r"\d""#, r#"b"\\w""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\"b""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\nb""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\\""#), None);
        assert_eq!(
            respell(Rust, r##"r#"a"b"#"##, r#""c\"d""#).as_deref(),
            Some(r##"r#"c"d"#"##)
        );
        assert_eq!(respell(Rust, r#"r"a""#, r#""c\"d""#), None);
        assert_eq!(
            respell(Go, r"`C:\new`", r#""C:\\old""#).as_deref(),
            Some(r"`C:\old`")
        );
        assert_eq!(respell(Go, r"`a`", r#""a`b""#), None);
    }

    #[test]
    fn a_changed_string_keeps_the_file_s_quotes() {
        let text = "const x = {\n  name: \"foo\",\n};\n";
        let (out, rules) = written(Language::TypeScript, text, "name: 'foo'", "name: 'bar'");
        assert_eq!(out, "const x = {\n  name: \"bar\",\n};\n");
        assert_eq!(rules, ["token_edits", "replace_tokens", "file_quotes_kept"]);
    }

    #[test]
    fn tokens_replaced_by_more_tokens_bring_new_s_spacing() {
        let text = "function g() {\n  x++;\n}\n";
        let (out, rules) = written(Language::TypeScript, text, "x++;", "x += 1;");
        assert_eq!(out, "function g() {\n  x += 1;\n}\n");
        assert_eq!(rules, ["token_edits", "replace_tokens", "new_spacing"]);
    }
}
