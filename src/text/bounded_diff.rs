//! A Myers diff with a bounded cost. `similar`'s Myers walks every diagonal from `-d` to `d`
//! for each edit distance `d`, so its cost grows with the square of the items left once the
//! common ends are trimmed (a short `old` against a 1 MB line of 300,000 tokens: minutes).
//! Past [`MAX_DIFF_ITEMS`] such items, the middle is answered as one replacement instead:
//! the common prefix and suffix are still found, in one linear pass.

use similar::{Algorithm, DiffOp, capture_diff_slices};
use std::hash::Hash;

/// The most items (of both sides together, common ends left out) a diff compares item by
/// item: at most about `MAX_DIFF_ITEMS²` steps (4 million, a few milliseconds).
pub(crate) const MAX_DIFF_ITEMS: usize = 2_000;

/// The ops of a Myers diff of `a` against `b` when what differs between their common ends
/// has at most [`MAX_DIFF_ITEMS`] items; otherwise the common prefix, one replacement (or a
/// lone deletion or insertion) of the middle, and the common suffix.
pub(crate) fn bounded_diff<T: Hash + Eq + Ord>(a: &[T], b: &[T]) -> Vec<DiffOp> {
    diff_within(a, b, MAX_DIFF_ITEMS)
}

/// [`bounded_diff`] with its own bound: a Myers diff when what differs between the common
/// ends has at most `max_items` items, else the middle as one replacement. The answer
/// depends on the inputs alone (not on the time a loaded machine takes).
pub(crate) fn diff_within<T: Hash + Eq + Ord>(a: &[T], b: &[T], max_items: usize) -> Vec<DiffOp> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (old_len, new_len) = (a.len() - prefix - suffix, b.len() - prefix - suffix);
    if old_len + new_len <= max_items {
        return capture_diff_slices(Algorithm::Myers, a, b);
    }
    let mut ops = Vec::with_capacity(3);
    if prefix > 0 {
        ops.push(DiffOp::Equal {
            old_index: 0,
            new_index: 0,
            len: prefix,
        });
    }
    let (old_index, new_index) = (prefix, prefix);
    ops.push(match (old_len, new_len) {
        (_, 0) => DiffOp::Delete {
            old_index,
            old_len,
            new_index,
        },
        (0, _) => DiffOp::Insert {
            old_index,
            new_index,
            new_len,
        },
        _ => DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        },
    });
    if suffix > 0 {
        ops.push(DiffOp::Equal {
            old_index: prefix + old_len,
            new_index: prefix + new_len,
            len: suffix,
        });
    }
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_inputs_get_the_myers_diff() {
        let (a, b) = (["x", "a", "y"], ["x", "b", "y", "z"]);
        assert_eq!(
            bounded_diff(&a, &b),
            capture_diff_slices(Algorithm::Myers, &a, &b)
        );
    }

    #[test]
    fn a_large_middle_is_one_replacement_between_the_common_ends() {
        let a: Vec<usize> = (0..3).chain(10_000..12_000).chain(0..2).collect();
        let b: Vec<usize> = (0..3).chain(20_000..20_500).chain(0..2).collect();
        let replace = DiffOp::Replace {
            old_index: 3,
            old_len: 2_000,
            new_index: 3,
            new_len: 500,
        };
        let equal = |old_index, new_index, len| DiffOp::Equal {
            old_index,
            new_index,
            len,
        };
        assert_eq!(
            bounded_diff(&a, &b),
            [equal(0, 0, 3), replace, equal(2_003, 503, 2)]
        );
        let short = ["f", "(", "x", ")"];
        let long: Vec<&str> = std::iter::repeat_n("g", 300_000).collect();
        let started = std::time::Instant::now();
        let ops = bounded_diff(&short, &long);
        assert!(
            started.elapsed().as_millis() < 500,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(
            ops,
            [DiffOp::Replace {
                old_index: 0,
                old_len: 4,
                new_index: 0,
                new_len: 300_000
            }]
        );
    }
}
