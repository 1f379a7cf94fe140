//! Test support for the rule families: one structural edit written by the token-level
//! writer, the whole resulting file and the names of the rules that wrote it.

use crate::lang::Language;
use crate::locate::structural::{Outcome, locate};
use crate::syntax::Syntax;
use crate::text::Style;

/// `old` located in `text` (uniquely, by the structural tier) and rewritten as `new`: the
/// whole new file and the rules that fired, in order.
pub(super) fn written(
    lang: Language,
    text: &str,
    old: &str,
    new: &str,
) -> (String, Vec<&'static str>) {
    let syntax = Syntax::parse(lang, text);
    let found = match locate(&syntax, text, old) {
        Outcome::Unique(found) => found,
        other => panic!("expected a unique match, got {other:?}"),
    };
    let style = Style::detect(text);
    let rewrite = super::plan::rewrite(&syntax, text, &found, old, new, &style).expect("written");
    let mut out = text.to_string();
    out.replace_range(found.range.clone(), &rewrite.replacement);
    (out, rewrite.rules)
}
