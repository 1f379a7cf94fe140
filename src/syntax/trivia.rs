//! Trivia the comparison drops: redundant brackets (paren wrappers whose operand binds
//! tighter than its neighbours, by the grammar's precedence table), and the stream-level
//! trivia that needs lookahead (trailing commas, parens around a single arrow parameter, the
//! block markers a fragment leaves open at its edges).

use std::ops::Range;

use super::token::{SyntaxToken, TokenClass};
use crate::lang::{Assoc, Op, Rules, role};

/// A node being scanned: what its tokens depend on once its children are read.
pub(crate) struct Frame<'t> {
    pub(super) node: tree_sitter::Node<'t>,
    pub(super) role: u64,
    /// This node is a redundant paren wrapper: its own `(`/`)` are trivia.
    pub(super) drop_parens: bool,
    /// Index of the child the cursor is on.
    pub(super) child: usize,
    /// Number of tokens collected before this node's.
    pub(super) first: usize,
}

/// Whether a node's own brackets (its first and last tokens) are layout: a redundant paren
/// wrapper, a bracketed list where the unbracketed one means the same (`x = (a, b)`), or
/// a block that holds only an expression where a bare expression may stand (`0 => { x }`).
pub(super) fn droppable_brackets(
    node: tree_sitter::Node,
    r: u64,
    rules: &Rules,
    parent: Option<&Frame>,
) -> bool {
    let parent_role = parent.map_or(0, |p| p.role);
    if r & role::PAREN_WRAPPER != 0 && redundant_parens(node, rules, parent) {
        return true;
    }
    if r & role::UNBRACKETED_LIST != 0 && parent_role & role::UNBRACKETED_PARENT != 0 {
        let mut c = node.walk();
        return node.children(&mut c).any(|n| n.kind() == ",");
    }
    if r & role::UNWRAP_WRAPPER != 0 && parent_role & role::UNWRAP_PARENT != 0 {
        let mut c = node.walk();
        let mut inner = node
            .named_children(&mut c)
            .filter(|n| rules.role(n.kind_id()) & role::COMMENT == 0);
        return match (inner.next(), inner.next()) {
            (Some(only), None) => rules.role(only.kind_id()) & role::UNWRAP_INNER != 0,
            _ => false,
        };
    }
    false
}

/// Parens of a wrapper are droppable when the wrapper sits in a slot where parens never
/// change meaning, or wraps an atom, or is an operand that binds tighter than the
/// operator(s) next to it; never when the wrapped kind needs them.
fn redundant_parens(node: tree_sitter::Node, rules: &Rules, parent: Option<&Frame>) -> bool {
    let Some(inner) = node.named_child(0) else {
        return false;
    };
    if node.named_child_count() != 1 {
        return false;
    }
    let inner_role = rules.role(inner.kind_id());
    if inner_role & role::PAREN_KEEP_INNER != 0 {
        return false;
    }
    let parent_free = parent.is_some_and(|p| p.role & role::PAREN_FREE_PARENT != 0);
    if parent_free || inner_role & role::PAREN_ATOMIC != 0 {
        return true;
    }
    if parent.is_some_and(|p| p.role & role::PAREN_CLOSED_PARENT != 0) {
        return closed(inner, rules);
    }
    parent.is_some_and(|p| p.role & role::PREC_BINARY != 0) && binds_tighter(node, inner, rules)
}

/// The binary operator next to `sibling` (walking away from the operand, past
/// comments): `Ok(None)` at the edge of the expression, `Err` for anything that is not
/// a listed operator.
fn neighbour_op(
    mut sibling: Option<tree_sitter::Node>,
    backwards: bool,
    rules: &Rules,
) -> Result<Option<Op>, ()> {
    while let Some(n) = sibling {
        if rules.role(n.kind_id()) & role::COMMENT == 0 {
            return if n.is_named() {
                Err(())
            } else {
                rules.binary_op(n.kind_id()).map(Some).ok_or(())
            };
        }
        sibling = if backwards {
            n.prev_sibling()
        } else {
            n.next_sibling()
        };
    }
    Ok(None)
}

/// Operand `node` (a paren wrapper around `inner`) of a binary expression re-parses the
/// same without its parens: every operator of `inner` binds tighter than the operators
/// on either side of the operand, or as tightly with the associativity grouping it on
/// that side; `inner` is closed (no open-ended construct at its edges that would swallow
/// a neighbour, like a closure body); and no `isolated` operator is involved.
fn binds_tighter(node: tree_sitter::Node, inner: tree_sitter::Node, rules: &Rules) -> bool {
    let (Ok(before), Ok(after)) = (
        neighbour_op(node.prev_sibling(), true, rules),
        neighbour_op(node.next_sibling(), false, rules),
    ) else {
        return false;
    };
    // (operator, the operand is on its right)
    let around: Vec<(Op, bool)> = before
        .map(|op| (op, true))
        .into_iter()
        .chain(after.map(|op| (op, false)))
        .collect();
    if around.is_empty() || around.iter().any(|(op, _)| op.isolated) {
        return false;
    }
    let inner_role = rules.role(inner.kind_id());
    if inner_role & role::PREC_TIGHT != 0 {
        return closed(inner, rules);
    }
    let binary = inner_role & role::PREC_BINARY != 0;
    if !binary && inner_role & role::PREC_UNARY == 0 {
        return false;
    }
    let mut ops = Vec::new();
    let mut c = inner.walk();
    for child in inner.children(&mut c) {
        if child.is_named() || rules.role(child.kind_id()) & role::COMMENT != 0 {
            continue;
        }
        let op = if binary {
            rules.binary_op(child.kind_id())
        } else {
            rules.unary_op(child.kind_id())
        };
        match op {
            Some(op) => ops.push(op),
            None => return false,
        }
    }
    if ops.is_empty() {
        return false;
    }
    let grouped = |i: &Op, (p, right_of): &(Op, bool)| {
        if i.isolated {
            return false;
        }
        if i.level != p.level {
            return i.level > p.level;
        }
        binary
            && match p.assoc {
                Assoc::Left => !right_of,
                Assoc::Right => *right_of,
                Assoc::None => false,
            }
    };
    ops.iter().all(|i| around.iter().all(|p| grouped(i, p))) && closed(inner, rules)
}

/// Nodes looked at before `closed` gives up (deep chains keep their parens).
pub(super) const CLOSED_BUDGET: usize = 256;

/// `inner` is built only of operators from the precedence table over atoms, tight
/// (postfix) forms and parenthesised expressions, so nothing at its edges extends
/// past the parens once they are gone.
fn closed(inner: tree_sitter::Node, rules: &Rules) -> bool {
    let mut todo = vec![inner];
    let mut budget = CLOSED_BUDGET;
    while let Some(n) = todo.pop() {
        budget = match budget.checked_sub(1) {
            Some(b) => b,
            None => return false,
        };
        let r = rules.role(n.kind_id());
        if n != inner && r & (role::PAREN_ATOMIC | role::PAREN_WRAPPER) != 0 {
            continue;
        }
        if r & role::PREC_TIGHT != 0 {
            continue;
        }
        if r & (role::PREC_BINARY | role::PREC_UNARY) == 0 {
            return false;
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            if rules.role(child.kind_id()) & role::COMMENT == 0 {
                todo.push(child);
            }
        }
    }
    true
}

/// Stream-level trivia that needs lookahead: trailing commas before a closer (or at
/// the end of a fragment), parens around a single arrow parameter, and the block
/// markers a fragment opens or leaves open at its edges. A statement end on a dropped
/// token moves to the token before it. A fragment's last statement end stays only when
/// it is spelled and a line break follows: a fragment may stop inside a statement that
/// goes on in the file, one whose line ends after a written end does not.
pub(super) fn post_pass(
    tokens: &mut Vec<SyntaxToken>,
    text: &str,
    rules: &Rules,
    window: &Range<usize>,
    fragment: bool,
) {
    let mut keep = stream_trivia(tokens, text, rules, fragment);
    if fragment {
        drop_edge_markers(tokens, &mut keep);
    }
    let kept = move_ends(tokens, &keep);
    if fragment && let Some(k) = kept {
        let t = &tokens[k];
        let ends_line = text
            .get(t.range.end..window.end)
            .is_some_and(|rest| rest.contains('\n'));
        if t.end != Some(true) || !ends_line {
            tokens[k].end = None;
        }
    }
    let mut it = keep.iter();
    tokens.retain(|_| it.next().copied().unwrap_or(true));
}

/// Which tokens stay (one flag per token) once trailing commas are dropped (a loose one
/// before a closer, any at the end of a fragment) and the parens around a single arrow
/// parameter (`(x) =>`).
fn stream_trivia(tokens: &[SyntaxToken], text: &str, rules: &Rules, fragment: bool) -> Vec<bool> {
    let n = tokens.len();
    let mut keep = vec![true; n];
    for i in 0..n {
        let t = &tokens[i];
        if t.class == TokenClass::Punct && t.key(text) == "," && !t.protected {
            let next = tokens[i + 1..].iter().find(|t| !t.class.is_marker());
            let closes = match next {
                Some(nx) => {
                    t.loose
                        && nx.class == TokenClass::Punct
                        && rules.any_closer.iter().any(|c| c == nx.key(text))
                }
                None => fragment,
            };
            if closes {
                keep[i] = false;
            }
        }
        if let Some(arrow) = rules.arrow.as_deref()
            && i + 3 < n
            && tokens[i].key(text) == "("
            && tokens[i + 1].class == TokenClass::Word
            && tokens[i + 2].key(text) == ")"
            && tokens[i + 3].key(text) == arrow
        {
            keep[i] = false;
            keep[i + 2] = false;
        }
    }
    keep
}

/// Drops (in `keep`) the block markers a fragment opens at its start or leaves open at its
/// end.
pub(super) fn drop_edge_markers(tokens: &[SyntaxToken], keep: &mut [bool]) {
    for (t, k) in tokens.iter().zip(keep.iter_mut()) {
        if t.class != TokenClass::Open {
            break;
        }
        *k = false;
    }
    for (t, k) in tokens.iter().zip(keep.iter_mut()).rev() {
        if t.class != TokenClass::Close {
            break;
        }
        *k = false;
    }
}

/// Moves the statement end of each dropped token to the kept token before it (a spelled
/// end wins). The index of the last kept token.
pub(super) fn move_ends(tokens: &mut [SyntaxToken], keep: &[bool]) -> Option<usize> {
    let mut kept: Option<usize> = None;
    for i in 0..tokens.len() {
        if keep[i] {
            kept = Some(i);
        } else if let (Some(k), Some(spelled)) = (kept, tokens[i].end) {
            let prev = tokens[k].end;
            tokens[k].end = Some(spelled || prev == Some(true));
        }
    }
    kept
}
