//! Alignments between two token lists by a key: which token of one stands for which of the
//! other. The verifier aligns `old` with the file's place (by value: what the model
//! remembered with what the file holds) and `old` with `new` (by exact text: what the model
//! changed). Patience diff: unique tokens anchor the alignment first, so a statement deleted
//! among like ones is the one whose own tokens are gone. A run deleted or inserted between two
//! like tokens (`mux := f()\nmux.g()` less its first line) could stand at either; it is
//! slid to where it covers whole lines, or starts after a statement's end, as a reader
//! would put it.

use super::lexer::{LexemeClass, Token};
use similar::{Algorithm, DiffOp, capture_diff_slices};

/// For each token of `a`, the token of `b` it stands for, and back.
#[derive(Debug, Clone)]
pub(crate) struct Alignment {
    pub a_to_b: Vec<Option<usize>>,
    pub b_to_a: Vec<Option<usize>>,
}

/// Aligns `a` with `b` by equal keys.
pub(crate) fn align(a: &[&str], b: &[&str]) -> Alignment {
    let mut a_to_b = vec![None; a.len()];
    let mut b_to_a = vec![None; b.len()];
    for op in capture_diff_slices(Algorithm::Patience, a, b) {
        if let DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = op
        {
            for k in 0..len {
                a_to_b[old_index + k] = Some(new_index + k);
                b_to_a[new_index + k] = Some(old_index + k);
            }
        }
    }
    Alignment { a_to_b, b_to_a }
}

/// `alignment` (of `a` with `b`, by `keys`) with each run that only one side has slid to its
/// best place (module docs).
pub(crate) fn slid(
    mut alignment: Alignment,
    a: (&[Token], &[&str]),
    b: (&[Token], &[&str]),
) -> Alignment {
    slide_side(&mut alignment.a_to_b, &mut alignment.b_to_a, a);
    slide_side(&mut alignment.b_to_a, &mut alignment.a_to_b, b);
    alignment
}

/// Slides the runs of `own` that have no partner (with partners on both sides next to each
/// other in `other`).
fn slide_side(
    own: &mut [Option<usize>],
    other: &mut [Option<usize>],
    (tokens, keys): (&[Token], &[&str]),
) {
    let mut at = 0;
    while at < own.len() {
        if own[at].is_some() {
            at += 1;
            continue;
        }
        let end = (at..own.len())
            .find(|&k| own[k].is_some())
            .unwrap_or(own.len());
        let bounded = at > 0 && end < own.len();
        let adjacent = bounded && own[at - 1].zip(own[end]).is_some_and(|(p, n)| p + 1 == n);
        if adjacent {
            let best = best_shift(at, end, tokens, keys);
            shift(own, other, at, end, best);
        }
        at = end.max(at + 1);
    }
}

/// The shift (negative: up) that puts the run `[start, end)` at its best place.
fn best_shift(start: usize, end: usize, tokens: &[Token], keys: &[&str]) -> isize {
    let len = end - start;
    let mut up = 0;
    while up < len && start > up && keys[start - 1 - up] == keys[end - 1 - up] {
        up += 1;
    }
    let mut down = 0;
    while down < len && end + down < keys.len() && keys[start + down] == keys[end + down] {
        down += 1;
    }
    let score = |s: isize| {
        let (a, b) = ((start as isize + s) as usize, (end as isize + s) as usize);
        let whole_lines = tokens[a].first_on_line && tokens.get(b).is_none_or(|t| t.first_on_line);
        let after_end = a == 0
            || matches!(
                tokens[a - 1].class,
                LexemeClass::Terminator | LexemeClass::Open | LexemeClass::Close
            );
        2 * usize::from(whole_lines) + usize::from(after_end)
    };
    (-(up as isize)..=down as isize)
        .max_by_key(|&s| (score(s), std::cmp::Reverse(s.abs())))
        .unwrap_or(0)
}

/// Moves the unpartnered run `[start, end)` of `own` by `by` (its partners move the other
/// way).
fn shift(
    own: &mut [Option<usize>],
    other: &mut [Option<usize>],
    start: usize,
    end: usize,
    by: isize,
) {
    if by == 0 {
        return;
    }
    let (from, to) = if by < 0 {
        // Up: the tokens just above the run take partners from the run's last tokens.
        let s = (-by) as usize;
        ((start - s)..start, (end - s)..end)
    } else {
        let s = by as usize;
        (end..end + s, start..start + s)
    };
    let moved: Vec<Option<usize>> = from.clone().map(|k| own[k]).collect();
    for (k, partner) in to.clone().zip(moved) {
        own[k] = partner;
        if let Some(p) = partner {
            other[p] = Some(k);
        }
    }
    for k in from {
        if !to.contains(&k) {
            own[k] = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::lexer::tokens;

    #[test]
    fn equal_runs_are_paired_in_order() {
        let a = align(&["x", "=", "1", ";"], &["x", "=", "2", ";"]);
        assert_eq!(a.a_to_b, [Some(0), Some(1), None, Some(3)]);
        assert_eq!(a.b_to_a, [Some(0), Some(1), None, Some(3)]);
    }

    #[test]
    fn a_deleted_line_between_like_ones_is_the_whole_line() {
        let old = "mux := f()\nmux.g()";
        let new = "mux.g()";
        let (ot, nt) = (tokens(old, None), tokens(new, None));
        let ok: Vec<&str> = ot.iter().map(|t| t.text(old)).collect();
        let nk: Vec<&str> = nt.iter().map(|t| t.text(new)).collect();
        let a = slid(align(&ok, &nk), (&ot, &ok), (&nt, &nk));
        // `mux : = f ( )` goes; `mux . g ( )` of the second line is what `new` keeps.
        assert_eq!(
            &a.a_to_b[..],
            &[
                None,
                None,
                None,
                None,
                None,
                None,
                Some(0),
                Some(1),
                Some(2),
                Some(3),
                Some(4)
            ]
        );
    }
}
