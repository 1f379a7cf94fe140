//! Small measures of text and tokens the rule families share: line breaks respelled, where a
//! line's content ends, bracket depth, balanced block markers.

use crate::syntax::token::{SyntaxToken, TokenClass};

/// `lines` with every line break written as `eol`.
pub(super) fn relined(lines: &str, eol: &str) -> String {
    lines
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect::<Vec<_>>()
        .join(eol)
}

/// Where the content of the line ending at `eol` (just after its line break, or the end of
/// the text) ends: before `\n` or `\r\n`.
pub(super) fn content_end(text: &str, eol: usize) -> usize {
    let t = &text[..eol];
    let t = t.strip_suffix('\n').unwrap_or(t);
    t.strip_suffix('\r').unwrap_or(t).len()
}

/// +1 for an opening bracket, -1 for a closing one, 0 for any other token.
pub(super) fn bracket_depth(token: &str) -> i32 {
    match token {
        "(" | "[" | "{" => 1,
        ")" | "]" | "}" => -1,
        _ => 0,
    }
}

/// Block markers open and close in order and all close again (or, `at_end`, at least
/// never close a block they did not open).
pub(super) fn balanced(toks: &[SyntaxToken], at_end: bool) -> bool {
    let mut depth = 0usize;
    for t in toks {
        match t.class {
            TokenClass::Open => depth += 1,
            TokenClass::Close => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0 || at_end
}
