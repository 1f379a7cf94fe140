//! The token alignment the structural writer follows: `old`'s tokens (one for one the file's)
//! against `new`'s.
//!
//! A diff is one alignment among several equally short ones; which one is taken decides what
//! the writer removes. Deleting `import { b } …; import {` instead of `import { b } …;` takes
//! the comment and blank lines between two imports along. So after the diff, every pure
//! deletion and pure insertion is slid, over equal neighbours, to the position that best
//! keeps statement boundaries: it starts after a statement end (or at a line start) and ends
//! at a statement end (or before a line start) — the same choice git's diff heuristics make
//! for lines, made here for tokens.

use similar::{Algorithm, DiffOp, capture_diff_slices};

use crate::syntax::Fragment;
use crate::syntax::token::{SyntaxToken, TokenClass};

/// One side of the alignment: the comparison keys, and for each token whether a statement
/// ends right after it and whether it starts a line.
pub(crate) struct Side<'a, K> {
    pub keys: &'a [K],
    pub ends: Vec<bool>,
    pub starts_line: Vec<bool>,
    /// The line each token is on (any numbering that is equal for tokens of one line).
    pub line: Vec<usize>,
}

impl<K> Side<'_, K> {
    /// How well a run of tokens `a..b` keeps statement boundaries (higher is better).
    fn boundary_score(&self, a: usize, b: usize) -> u32 {
        let mut score = 0;
        if a == 0 || self.ends[a - 1] {
            score += 2;
        }
        if self.starts_line.get(a).copied().unwrap_or(true) {
            score += 1;
        }
        if b > 0 && self.ends[b - 1] {
            score += 2;
        }
        if self.starts_line.get(b).copied().unwrap_or(true) {
            score += 1;
        }
        score
    }
}

/// The diff of `old` against `new`, pure deletions and insertions slid to statement
/// boundaries.
pub(crate) fn diff<K: Eq + std::hash::Hash + Ord>(
    old: &Side<'_, K>,
    new: &Side<'_, K>,
) -> Vec<DiffOp> {
    let mut ops = capture_diff_slices(Algorithm::Myers, old.keys, new.keys);
    for i in 1..ops.len() {
        let (before, after) = (i.checked_sub(1), i + 1);
        if before.is_none_or(|b| !is_equal(&ops[b])) {
            continue;
        }
        if ops.get(after).is_some_and(|op| !is_equal(op)) {
            continue;
        }
        match ops[i] {
            DiffOp::Delete { .. } => slide(&mut ops, i, old, Axis::Old),
            DiffOp::Insert { .. } => slide(&mut ops, i, new, Axis::New),
            _ => {}
        }
    }
    ops.retain(|op| !matches!(op, DiffOp::Equal { len: 0, .. }));
    merge_lone_equals(ops, old, new)
}

/// A single kept token between two changes on one line (`(a, b)` → `(b, a)` aligned on `a`)
/// makes the writer splice around it and lose the spacing of the phrase; the three are
/// written as one change instead, as a person would read the edit.
fn merge_lone_equals<K>(ops: Vec<DiffOp>, old: &Side<'_, K>, new: &Side<'_, K>) -> Vec<DiffOp> {
    let mut out: Vec<DiffOp> = Vec::with_capacity(ops.len());
    let mut i = 0;
    while i < ops.len() {
        let lone = matches!(ops[i], DiffOp::Equal { len: 1, .. })
            && out.last().is_some_and(|p| !is_equal(p))
            && ops.get(i + 1).is_some_and(|n| !is_equal(n));
        if !lone {
            out.push(ops[i]);
            i += 1;
            continue;
        }
        let prev = out.pop().expect("a change before");
        let next = ops[i + 1];
        let (o, n) = (
            prev.old_range().start..next.old_range().end,
            prev.new_range().start..next.new_range().end,
        );
        if one_line(old, &o) && one_line(new, &n) {
            out.push(DiffOp::Replace {
                old_index: o.start,
                old_len: o.len(),
                new_index: n.start,
                new_len: n.len(),
            });
            i += 2;
        } else {
            out.push(prev);
            out.push(ops[i]);
            i += 1;
        }
    }
    out
}

/// The tokens of `run` (which may be empty) are all on one line.
fn one_line<K>(side: &Side<'_, K>, run: &std::ops::Range<usize>) -> bool {
    side.line
        .get(run.clone())
        .is_some_and(|l| l.windows(2).all(|w| w[0] == w[1]))
}

fn is_equal(op: &DiffOp) -> bool {
    matches!(op, DiffOp::Equal { .. })
}

#[derive(Clone, Copy)]
enum Axis {
    Old,
    New,
}

/// Slides the pure change `ops[i]` (between two equal runs, the second possibly absent) to
/// its best-scoring position on `axis`, keeping the alignment equivalent.
fn slide<K: Eq>(ops: &mut [DiffOp], i: usize, side: &Side<'_, K>, axis: Axis) {
    let run = |op: &DiffOp| match axis {
        Axis::Old => op.old_range(),
        Axis::New => op.new_range(),
    };
    let keys = side.keys;
    let (a, b) = (run(&ops[i]).start, run(&ops[i]).end);
    let before_len = run(&ops[i - 1]).len();
    let after_len = ops.get(i + 1).map_or(0, |op| run(op).len());
    // How far the run can move up (over the equal run before it) and down (after it).
    let mut up = 0;
    while up < before_len && keys[a - up - 1] == keys[b - up - 1] {
        up += 1;
    }
    let mut down = 0;
    while down < after_len && keys[a + down] == keys[b + down] {
        down += 1;
    }
    let original = side.boundary_score(a, b);
    let best = (0..=up + down)
        .map(|k| k as isize - up as isize)
        .max_by_key(|&d| {
            let s = side.boundary_score((a as isize + d) as usize, (b as isize + d) as usize);
            // Ties keep the diff's own choice, then prefer the earlier position.
            (s, d == 0, -d)
        })
        .unwrap_or(0);
    if best == 0 || side.boundary_score(offset(a, best), offset(b, best)) <= original {
        return;
    }
    shift(ops, i, best);
}

fn offset(x: usize, d: isize) -> usize {
    (x as isize + d) as usize
}

/// Moves the change at `ops[i]` by `d` tokens: the equal run before it shrinks or
/// grows by `d`, the one after it the other way.
fn shift(ops: &mut [DiffOp], i: usize, d: isize) {
    if let DiffOp::Equal { len, .. } = &mut ops[i - 1] {
        *len = offset(*len, d);
    }
    match &mut ops[i] {
        DiffOp::Delete {
            old_index,
            new_index,
            ..
        } => {
            *old_index = offset(*old_index, d);
            *new_index = offset(*new_index, d);
        }
        DiffOp::Insert {
            old_index,
            new_index,
            ..
        } => {
            *old_index = offset(*old_index, d);
            *new_index = offset(*new_index, d);
        }
        _ => {}
    }
    if let Some(DiffOp::Equal {
        old_index,
        new_index,
        len,
    }) = ops.get_mut(i + 1)
    {
        *old_index = offset(*old_index, d);
        *new_index = offset(*new_index, d);
        *len = offset(*len, -d);
    }
}

/// `new`'s tokens, plus the parens `new` spells around an expression where `old` has them
/// as significant tokens and `new`'s are redundant (dropped by the comparison):
/// `(a || b) && c` edited to `(a || b) || c`. Without them the writer would see the parens
/// deleted and write `a || b || c`; parens both sides have are kept.
pub(crate) fn with_kept_parens(
    old: &[SyntaxToken],
    new: &Fragment,
    new_text: &str,
) -> Vec<SyntaxToken> {
    let key = |t: &SyntaxToken| (t.class, t.key("").to_string());
    let okeys: Vec<_> = old.iter().map(key).collect();
    let nkeys: Vec<_> = new.tokens.iter().map(key).collect();
    // Old token index → the new token it is aligned to (equal runs only).
    let mut to_new = vec![None; old.len()];
    for op in capture_diff_slices(Algorithm::Myers, &okeys, &nkeys) {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for k in 0..len {
                to_new[old_index + k] = Some(new_index + k);
            }
        }
    }
    let mut inserts: Vec<(usize, SyntaxToken)> = Vec::new();
    for (i, j) in paren_pairs(old) {
        if to_new[i].is_some() || to_new[j].is_some() || j == i + 1 {
            continue;
        }
        let inner: Option<Vec<usize>> = (i + 1..j).map(|x| to_new[x]).collect();
        let Some(inner) = inner else { continue };
        let (k, l) = (inner[0], inner[inner.len() - 1]);
        if inner.windows(2).any(|w| w[1] != w[0] + 1) {
            continue;
        }
        let (first, last) = (&new.tokens[k].range, &new.tokens[l].range);
        let group = new.dropped.iter().find(|g| {
            new_text.get(g.start..g.start + 1) == Some("(")
                && g.end >= 1
                && new_text.get(g.end - 1..g.end) == Some(")")
                && new_text
                    .get(g.start + 1..first.start)
                    .is_some_and(|s| s.trim().is_empty())
                && new_text
                    .get(last.end..g.end - 1)
                    .is_some_and(|s| s.trim().is_empty())
        });
        if let Some(g) = group {
            inserts.push((k, paren(g.start..g.start + 1, "(")));
            inserts.push((l + 1, paren(g.end - 1..g.end, ")")));
        }
    }
    let mut tokens = new.tokens.clone();
    inserts.sort_by_key(|(at, t)| (std::cmp::Reverse(*at), std::cmp::Reverse(t.range.start)));
    for (at, t) in inserts {
        tokens.insert(at, t);
    }
    tokens
}

/// A paren token of `new` at `range`.
fn paren(range: std::ops::Range<usize>, key: &str) -> SyntaxToken {
    SyntaxToken {
        class: TokenClass::Punct,
        ident: false,
        range,
        key: Some(key.to_string()),
        protected: false,
        loose: false,
        end: None,
    }
}

/// Matching `(`…`)` pairs among significant tokens (indices), innermost first.
fn paren_pairs(tokens: &[SyntaxToken]) -> Vec<(usize, usize)> {
    let mut open = Vec::new();
    let mut pairs = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        if t.class != TokenClass::Punct {
            continue;
        }
        match t.key("") {
            "(" => open.push(i),
            ")" => {
                if let Some(o) = open.pop() {
                    pairs.push((o, i));
                }
            }
            _ => {}
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side<'a>(keys: &'a [&'a str], ends: &[usize], lines: &[usize]) -> Side<'a, &'a str> {
        Side {
            keys,
            ends: (0..keys.len()).map(|i| ends.contains(&i)).collect(),
            starts_line: (0..keys.len()).map(|i| lines.contains(&i)).collect(),
            line: (0..keys.len())
                .map(|i| lines.iter().filter(|&&l| l <= i).count())
                .collect(),
        }
    }

    #[test]
    fn a_lone_kept_token_between_changes_on_one_line_is_rewritten() {
        let o = ["f", "(", "a", ",", "b", ")"];
        let n = ["f", "(", "b", ",", "a", ")"];
        let (old, new) = (side(&o, &[5], &[0]), side(&n, &[5], &[0]));
        let ops = diff(&old, &new);
        let changed: Vec<_> = ops
            .iter()
            .filter(|op| !is_equal(op))
            .map(|op| (op.old_range().start, op.old_range().end))
            .collect();
        assert!(
            changed == [(2, 5)] || ops.iter().filter(|op| !is_equal(op)).count() == 2,
            "{:?}",
            shape(&ops)
        );
    }

    fn shape(ops: &[DiffOp]) -> Vec<String> {
        ops.iter()
            .map(|op| {
                let (tag, o, n) = op.as_tag_tuple();
                format!("{tag:?} {o:?} {n:?}")
            })
            .collect()
    }

    #[test]
    fn a_deletion_slides_to_whole_statements() {
        // import { a } ; import { b } ; import { d } ;   →   delete the middle statement
        let o = [
            "import", "{", "a", "}", ";", "import", "{", "b", "}", ";", "import", "{", "d", "}",
            ";",
        ];
        let n = ["import", "{", "a", "}", ";", "import", "{", "d", "}", ";"];
        let old = side(&o, &[4, 9, 14], &[0, 5, 10]);
        let new = side(&n, &[4, 9], &[0, 5]);
        let ops = diff(&old, &new);
        let deleted: Vec<_> = ops
            .iter()
            .filter(|op| matches!(op, DiffOp::Delete { .. }))
            .map(|op| (op.old_range().start, op.old_range().end))
            .collect();
        assert_eq!(deleted, [(5, 10)], "{:?}", shape(&ops));
    }

    #[test]
    fn a_deleted_last_statement_takes_its_own_semicolon() {
        // g ( ) ; h ( ) ;  →  g ( ) ;
        let o = ["g", "(", ")", ";", "h", "(", ")", ";"];
        let n = ["g", "(", ")", ";"];
        let old = side(&o, &[3, 7], &[0, 4]);
        let new = side(&n, &[3], &[0]);
        let ops = diff(&old, &new);
        let deleted: Vec<_> = ops
            .iter()
            .filter(|op| matches!(op, DiffOp::Delete { .. }))
            .map(|op| (op.old_range().start, op.old_range().end))
            .collect();
        assert_eq!(deleted, [(4, 8)], "{:?}", shape(&ops));
    }

    #[test]
    fn an_insertion_slides_to_whole_statements() {
        // a ; b ;  →  a ; x ; b ;  written as an insertion of `x ;` after `a ;`
        let o = ["use", "a", ";", "use", "b", ";"];
        let n = ["use", "a", ";", "use", "x", ";", "use", "b", ";"];
        let old = side(&o, &[2, 5], &[0, 3]);
        let new = side(&n, &[2, 5, 8], &[0, 3, 6]);
        let ops = diff(&old, &new);
        let inserted: Vec<_> = ops
            .iter()
            .filter(|op| matches!(op, DiffOp::Insert { .. }))
            .map(|op| (op.new_range().start, op.new_range().end))
            .collect();
        assert!(
            inserted == [(3, 6)] || inserted == [(6, 9)],
            "{:?}",
            shape(&ops)
        );
    }
}
