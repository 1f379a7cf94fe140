//! The significant token: what the structural comparison reads off a leaf of the tree
//! (its class, its range in the text, its normalised key) and the statement end it carries.

use std::ops::Range;

/// What a token's key means; tokens of different classes never compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum TokenClass {
    /// Identifiers and keywords (a keyword may parse as an identifier in a fragment).
    Word,
    /// String literal; key = tag, value-changing prefixes, NUL, decoded value.
    Str,
    /// Number literal; key = normalised spelling.
    Num,
    /// Operators and punctuation.
    Punct,
    /// Synthetic: start of an indentation block.
    Open,
    /// Synthetic: end of an indentation block.
    Close,
}

impl TokenClass {
    pub(crate) const COUNT: usize = 6;

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn is_marker(self) -> bool {
        matches!(self, TokenClass::Open | TokenClass::Close)
    }

    pub(crate) fn is_literal(self) -> bool {
        matches!(self, TokenClass::Str | TokenClass::Num)
    }
}

/// One significant token. `key` is `None` when the source text itself is the key.
#[derive(Debug, Clone)]
pub(crate) struct SyntaxToken {
    pub class: TokenClass,
    /// The leaf is an identifier kind (used to label differences in diagnostics).
    pub ident: bool,
    pub range: Range<usize>,
    pub key: Option<String>,
    /// A comma that is syntax even before a closer (`(a,)` tuples).
    pub(crate) protected: bool,
    /// A statement ends right after this token (`Some(spelled)`): statement ends are
    /// syntax even where their spelling (`;`, a line break) is optional or layout, so
    /// `b;\n(c)` (two statements) never equals `b\n(c)` (one call) once `;` is dropped.
    /// `spelled`: the text says so beyond doubt (a written `;`, or a line end where `;`
    /// is not optional), whatever context the fragment was parsed in.
    pub(crate) end: Option<bool>,
    /// A comma whose list error recovery lost (its parent is an ERROR node): whether it
    /// trails is judged by the token after it instead of by the grammar.
    pub(crate) loose: bool,
}

impl SyntaxToken {
    pub(crate) fn key<'a>(&'a self, text: &'a str) -> &'a str {
        match &self.key {
            Some(k) => k,
            None => text.get(self.range.clone()).unwrap_or(""),
        }
    }
}
