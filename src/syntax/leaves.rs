//! One leaf of a syntax tree turned into significant tokens ([`leaf`]): strings decoded to
//! their value, numbers normalised, JSX text, commas (a trailing one is layout), keywords and
//! operators split at whitespace, the tokens a grammar hides in a parent's text.

use std::ops::Range;

use super::literals::{decode_string, is_identifier, jsx_text, jsx_text_span, normalize_number};
use super::token::{SyntaxToken, TokenClass};
use super::trivia::Frame;
use crate::lang::{Rules, role};

/// Collects the token(s) of one leaf (a string node counts as one; `r` is its role): a
/// literal's normalised key, an identifier, nothing for trivia (redundant brackets, an
/// optional `;`, a trailing comma), else its text split at whitespace.
pub(super) fn leaf(
    tokens: &mut Vec<SyntaxToken>,
    node: tree_sitter::Node,
    r: u64,
    text: &str,
    rules: &Rules,
    parent: Option<&Frame>,
) {
    let range = node.start_byte()..node.end_byte();
    let Some(src) = text.get(range.clone()) else {
        return;
    };
    let leaf = Leaf {
        node,
        role: r,
        range,
        src,
        parent,
    };
    if leaf.parent_role() & role::HIDDEN_TOKEN_PARENT != 0 {
        hidden_token(tokens, node, text);
    }
    if r & role::STRING != 0 {
        tokens.extend(leaf.string(rules));
    } else if r & (role::NUMBER | role::VERBATIM | role::IDENT) != 0 {
        tokens.push(leaf.plain());
    } else if r & role::JSX_TEXT != 0 {
        tokens.extend(leaf.jsx_text());
    } else if leaf.is_trivia(rules) {
        // Layout: no token.
    } else if let (",", Some(p)) = (src, parent) {
        tokens.extend(leaf.comma(p, rules));
    } else {
        // Keywords, operators, punctuation, and the raw text of error leaves, split at
        // whitespace so layout inside them does not matter.
        tokens.extend(pieces(src).into_iter().map(|piece| leaf.piece(piece)));
    }
}

/// One leaf of the tree being scanned, with what its tokens depend on.
struct Leaf<'a, 't> {
    node: tree_sitter::Node<'t>,
    /// Its role bits.
    role: u64,
    range: Range<usize>,
    /// Its text.
    src: &'a str,
    parent: Option<&'a Frame<'t>>,
}

impl Leaf<'_, '_> {
    fn parent_role(&self) -> u64 {
        self.parent.map_or(0, |p| p.role)
    }

    /// A token of `class` with `key` covering the whole leaf.
    fn tok(&self, class: TokenClass, key: Option<String>) -> SyntaxToken {
        SyntaxToken {
            class,
            ident: self.role & role::IDENT != 0,
            range: self.range.clone(),
            key,
            protected: false,
            end: None,
            loose: false,
        }
    }

    /// A string literal's token: its tag, value-changing prefixes and decoded value (an
    /// undecodable one keeps its text, flagged `?`), or a word when it is a quoted key
    /// that may be written unquoted. `None` when the grammar has no rule for the kind.
    fn string(&self, rules: &Rules) -> Option<SyntaxToken> {
        let rule = rules.string_rule(self.node.kind_id())?;
        let (flags, value) = match decode_string(rule, self.src) {
            Some(d) => d,
            None => (String::from("?"), self.src.to_string()),
        };
        let is_key = self.parent_role() & role::QUOTED_KEY_PARENT != 0
            && self
                .parent
                .is_some_and(|p| field_is_key(p, self.node, rules));
        Some(if is_key && flags.is_empty() && is_identifier(&value) {
            self.tok(TokenClass::Word, Some(value))
        } else {
            self.tok(
                TokenClass::Str,
                Some(format!("{}{}\0{}", rule.tag, flags, value)),
            )
        })
    }

    /// The token of a number (normalised), a verbatim literal or an identifier (both
    /// keyed by their text).
    fn plain(&self) -> SyntaxToken {
        if self.role & role::NUMBER != 0 {
            self.tok(TokenClass::Num, Some(normalize_number(self.src)))
        } else if self.role & role::VERBATIM != 0 {
            self.tok(TokenClass::Str, None)
        } else {
            self.tok(TokenClass::Word, None)
        }
    }

    /// A JSX text's token, keyed by the text JSX renders; none when it renders nothing.
    /// The token covers the visible text only: layout JSX drops (whitespace runs with a
    /// line break) stays between tokens, so a rewrite keeps the file's.
    fn jsx_text(&self) -> Option<SyntaxToken> {
        let cleaned = jsx_text(self.src);
        if cleaned.is_empty() {
            return None;
        }
        let shown = jsx_text_span(self.src);
        let mut t = self.tok(TokenClass::Str, Some(cleaned));
        t.range = self.range.start + shown.start..self.range.start + shown.end;
        Some(t)
    }

    /// Whether the leaf is layout: a bracket of a droppable wrapper, an optional bracket,
    /// an optional `;`, a leading separator.
    fn is_trivia(&self, rules: &Rules) -> bool {
        let src = self.src;
        if let Some(p) = self.parent
            && p.drop_parens
            && (p.child == 0 || p.child + 1 == p.node.child_count())
        {
            return true;
        }
        if let Some(p) = self.parent
            && let Some((open, close)) = rules.optional_brackets(p.node.kind_id())
            && (src == open || src == close)
        {
            return true;
        }
        if src == ";" && rules.semicolons && self.parent_role() & role::SEMICOLON_KEEP_PARENT == 0 {
            return true;
        }
        rules.leading_separator.as_deref() == Some(src)
            && self
                .parent
                .is_some_and(|p| p.role & role::LEADING_SEPARATOR_PARENT != 0 && p.child == 0)
    }

    /// A comma's token (its parent `p`): none when it terminates or trails its list,
    /// `protected` when it is the one comma that makes a one-item tuple, `loose` when
    /// error recovery lost its list.
    fn comma(&self, p: &Frame, rules: &Rules) -> Option<SyntaxToken> {
        let parent_role = self.parent_role();
        let protected = parent_role & role::SINGLE_COMMA_PARENT != 0 && {
            let mut c = p.node.walk();
            p.node.children(&mut c).filter(|n| n.kind() == ",").count() == 1
        };
        if !protected
            && (parent_role & role::TERMINATOR_COMMA_PARENT != 0
                || trails(self.node, p.node, rules))
        {
            return None;
        }
        let mut t = self.tok(TokenClass::Punct, None);
        t.protected = protected;
        t.loose = p.node.is_error();
        Some(t)
    }

    /// The token of the piece `within` (bytes of the leaf's text): a word when it starts
    /// like one, else punctuation.
    fn piece(&self, within: Range<usize>) -> SyntaxToken {
        let piece = &self.src[within.clone()];
        let class = if piece.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
            TokenClass::Word
        } else {
            TokenClass::Punct
        };
        let mut t = self.tok(class, None);
        t.range = self.range.start + within.start..self.range.start + within.end;
        t
    }
}

/// The runs of `src` between whitespace (byte ranges).
fn pieces(src: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut piece_start: Option<usize> = None;
    for (i, c) in src.char_indices() {
        match (c.is_whitespace(), piece_start) {
            (true, Some(from)) => {
                out.push(from..i);
                piece_start = None;
            }
            (false, None) => piece_start = Some(i),
            _ => {}
        }
    }
    if let Some(from) = piece_start {
        out.push(from..src.len());
    }
    out
}

/// A token the grammar matches by a pattern and keeps out of the tree (the separator of a
/// Rust macro repetition, `$(x),*`) is text between two children: it counts.
fn hidden_token(tokens: &mut Vec<SyntaxToken>, node: tree_sitter::Node, text: &str) {
    let Some(prev) = node.prev_sibling() else {
        return;
    };
    let Some(gap) = text.get(prev.end_byte()..node.start_byte()) else {
        return;
    };
    let body = gap.trim();
    if body.is_empty() {
        return;
    }
    let start = prev.end_byte() + (gap.len() - gap.trim_start().len());
    tokens.push(SyntaxToken {
        class: TokenClass::Punct,
        ident: false,
        range: start..start + body.len(),
        key: None,
        protected: false,
        end: None,
        loose: false,
    });
}

/// The comma `node` (a child of `list`) stands right before a closer of `list` that the
/// grammar allows a trailing comma before (comments in between do not count).
fn trails(node: tree_sitter::Node, list: tree_sitter::Node, rules: &Rules) -> bool {
    let closers = rules.trailing_closers(list.kind_id());
    if closers.is_empty() {
        return false;
    }
    let mut next = node.next_sibling();
    while let Some(n) = next {
        if rules.role(n.kind_id()) & role::COMMENT == 0 {
            return !n.is_named() && closers.iter().any(|c| c == n.kind());
        }
        next = n.next_sibling();
    }
    false
}

fn field_is_key(parent: &Frame, node: tree_sitter::Node, rules: &Rules) -> bool {
    let mut c = parent.node.walk();
    let Some(found) = parent.node.children(&mut c).position(|n| n == node) else {
        return false;
    };
    let Ok(i) = u32::try_from(found) else {
        return false;
    };
    parent
        .node
        .field_name_for_child(i)
        .is_some_and(|f| rules.quoted_key_fields.iter().any(|k| k == f))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaf_text_splits_at_whitespace() {
        assert_eq!(pieces("a  b\n\tc"), vec![0..1, 3..4, 6..7]);
        assert_eq!(pieces(" é+ "), vec![1..4]);
        assert!(pieces(" \n").is_empty());
    }
}
