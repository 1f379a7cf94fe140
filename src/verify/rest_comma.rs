//! A comma after a rest element: `...rest` in a JavaScript/TypeScript parameter list or
//! destructuring pattern, Rust's struct base `..base` and rest pattern `..` must be last in
//! their list, and no trailing comma may follow them (a syntax error: "rest element must be
//! last", "cannot use a comma after the base struct"). A convention that adds the file's
//! trailing commas, or a writer keeping the file's, can put one there; the verifier counts
//! them, read from the tokens alone. So are two commas in a row (`8080, ,`): the file's
//! trailing comma the model did not see and `new`'s comma before what it appends are one.

use super::class::LexemeClass;
use super::template::Tokens;

/// How many `,` in `t` stand right before a closing bracket (comments and blank lines
/// aside) after a list item that starts with `..`.
pub(crate) fn after_rest(t: &Tokens<'_>) -> usize {
    let tokens = &t.tokens;
    let trivia = |c: LexemeClass| matches!(c, LexemeClass::Comment | LexemeClass::Blank);
    (0..tokens.len())
        .filter(|&i| tokens[i].class == LexemeClass::Comma)
        .filter(|&i| {
            tokens[i + 1..]
                .iter()
                .find(|n| !trivia(n.class))
                .is_some_and(|n| n.class == LexemeClass::Close)
        })
        .filter(|&i| item_start(t, i).is_some_and(|s| t.source[s..].starts_with("..")))
        .count()
}

/// How many `,` in `t` follow another `,` with nothing but comments and blank lines between.
pub(crate) fn doubled(t: &Tokens<'_>) -> usize {
    let code: Vec<LexemeClass> = t
        .tokens
        .iter()
        .map(|k| k.class)
        .filter(|c| !matches!(c, LexemeClass::Comment | LexemeClass::Blank))
        .collect();
    code.windows(2)
        .filter(|w| w[0] == LexemeClass::Comma && w[1] == LexemeClass::Comma)
        .count()
}

/// Where the list item ending right before the comma `comma` starts (a byte of `t.source`):
/// after the previous `,` or the opening bracket at the same depth.
fn item_start(t: &Tokens<'_>, comma: usize) -> Option<usize> {
    let tokens = &t.tokens;
    let mut depth = 0usize;
    let mut start = None;
    for k in (0..comma).rev() {
        match tokens[k].class {
            LexemeClass::Close => depth += 1,
            LexemeClass::Open if depth == 0 => return start,
            LexemeClass::Open => depth -= 1,
            LexemeClass::Comma if depth == 0 => return start,
            LexemeClass::Comment | LexemeClass::Blank => continue,
            _ => {}
        }
        start = Some(tokens[k].start);
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;
    use crate::verify::lexer;

    fn count(source: &str, lang: &str) -> usize {
        let tokens = lexer::tokens(source, Language::from_name(lang));
        after_rest(&Tokens { source, tokens })
    }

    #[test]
    fn a_comma_after_a_rest_element_is_counted() {
        assert_eq!(count("f(\n  a,\n  ...rest,\n) {}", "typescript"), 1);
        assert_eq!(count("f(\n  a,\n  ...rest\n) {}", "typescript"), 0);
        assert_eq!(count("const [a, ...more,] = xs", "javascript"), 1);
        assert_eq!(
            count("Config {\n    a: 1,\n    ..Default::default(),\n}", "rust"),
            1
        );
        assert_eq!(count("let Config {\n    port,\n    ..,\n} = c;", "rust"), 1);
        assert_eq!(count("let v = [\n    a,\n    b,\n];", "rust"), 0);
    }

    #[test]
    fn two_commas_in_a_row_are_counted() {
        let doubled_in = |source: &str| {
            let tokens = lexer::tokens(source, Language::from_name("rust"));
            doubled(&Tokens { source, tokens })
        };
        assert_eq!(
            doubled_in("Config {\n    port: 8080, ,\n    ..Default::default()\n}"),
            1
        );
        assert_eq!(doubled_in("Config {\n    port: 8080, // p\n    ,\n}"), 1);
        assert_eq!(
            doubled_in("Config {\n    port: 8080,\n    ..Default::default()\n}"),
            0
        );
    }
}
