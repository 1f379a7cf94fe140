//! Lists whose items read as one whatever their order or spelling: adjacent attribute items
//! of one name merged into one list ([`merge_attribute`]), the items of an unordered list put
//! in a canonical order ([`sort_items`]).

use super::token::{SyntaxToken, TokenClass};
use super::trivia::Frame;
use crate::lang::Rules;

/// Adjacent attribute items of one mergeable name read as one list: the `) ] # [ name (`
/// between the previous item's arguments and this one's becomes one synthetic `,` (its
/// range covers them, so deleting it deletes them). Both lists must be non-empty, without
/// a trailing comma, and nothing but layout may lie between the items.
pub(super) fn merge_attribute(
    tokens: &mut Vec<SyntaxToken>,
    frame: &Frame,
    text: &str,
    rules: &Rules,
) {
    let node = frame.node;
    let name = |item: tree_sitter::Node| {
        item.named_child(0)
            .and_then(|attr| attr.named_child(0))
            .and_then(|n| text.get(n.byte_range()))
    };
    let Some(prev) = node.prev_sibling() else {
        return;
    };
    let Some(this) = name(node) else {
        return;
    };
    if prev.kind_id() != node.kind_id()
        || name(prev) != Some(this)
        || !rules.merged_attributes.iter().any(|m| m == this)
    {
        return;
    }
    let first = frame.first;
    let keys: Vec<&str> = tokens.iter().map(|t| t.key(text)).collect();
    let head = [")", "]", "#", "[", this, "("];
    let fits = first >= 3
        && keys.get(first - 2..first + 4) == Some(&head[..])
        && !matches!(keys[first - 3], "(" | ",")
        && keys.get(first + 4).is_some_and(|k| *k != ")");
    if !fits {
        return;
    }
    let range = tokens[first - 2].range.start..tokens[first + 3].range.end;
    let comma = SyntaxToken {
        class: TokenClass::Punct,
        ident: false,
        range,
        key: Some(",".to_string()),
        protected: false,
        end: None,
        loose: false,
    };
    tokens.splice(first - 2..first + 4, [comma]);
}

/// Puts the items of a bracketed list (`{ item , item }`, nested lists already sorted)
/// in a canonical order: the keys move, the ranges stay in text order (a writer never
/// sees them go backwards). Whether the list has two items or more (its keys may then
/// differ from its text).
pub(super) fn sort_items(tokens: &mut [SyntaxToken], text: &str) -> bool {
    let n = tokens.len();
    if n < 3 || tokens[0].key(text) != "{" || tokens[n - 1].key(text) != "}" {
        return false;
    }
    let mut items: Vec<Vec<(TokenClass, bool, String)>> = vec![Vec::new()];
    let mut depth = 0i32;
    for t in &tokens[1..n - 1] {
        let key = t.key(text);
        depth += bracket_step(key);
        if depth == 0 && key == "," {
            items.push(Vec::new());
        } else if let Some(item) = items.last_mut() {
            item.push((t.class, t.ident, key.to_string()));
        }
    }
    if items.iter().any(Vec::is_empty) {
        return false;
    }
    if items.len() < 2 {
        return false;
    }
    let mut sorted = items.clone();
    sorted.sort_by(|a, b| a.iter().map(|t| &t.2).cmp(b.iter().map(|t| &t.2)));
    let comma = (TokenClass::Punct, false, ",".to_string());
    let flat = sorted
        .into_iter()
        .enumerate()
        .flat_map(|(i, item)| (i > 0).then(|| comma.clone()).into_iter().chain(item));
    for (t, (class, ident, key)) in tokens[1..n - 1].iter_mut().zip(flat) {
        t.class = class;
        t.ident = ident;
        t.key = Some(key);
        t.end = None;
        t.protected = false;
    }
    true
}

fn bracket_step(key: &str) -> i32 {
    match key {
        "(" | "[" | "{" => 1,
        ")" | "]" | "}" => -1,
        _ => 0,
    }
}
