//! The classes of the verifier's tokens (a leaf module: the lexer, the grammar data and the
//! value keys all name them).

/// What a token is, as far as the verifier's rules go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LexemeClass {
    /// Code: an identifier, keyword, operator or number.
    Code,
    /// `(`, `[` or `{`.
    Open,
    /// `)`, `]` or `}`.
    Close,
    /// `;`: a statement's end.
    Terminator,
    /// `,`.
    Comma,
    /// A comment, whole.
    Comment,
    /// A string, regex, template or other literal, whole; `plain` when only its value counts
    /// (its quotes and escapes are spelling).
    Literal { plain: bool },
    /// One or more blank lines.
    Blank,
}
