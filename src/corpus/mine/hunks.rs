//! The hunks between two revisions of a file: runs of changed lines (a line diff, Myers as
//! `git diff` uses), nearby hunks merged as a model sends them in one edit, and the hunks a
//! model would not send as an edit (whitespace-only, huge) set aside with the reason.

use similar::{Algorithm, DiffOp, capture_diff_slices};
use std::ops::Range;

/// A run of changed lines: `old` in the earlier revision is replaced by `new` in the later
/// one (line indices, 0-based, end exclusive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hunk {
    /// The lines of the earlier revision.
    pub old: Range<usize>,
    /// The lines of the later revision.
    pub new: Range<usize>,
}

/// The lines of `text`, each with its line ending.
pub(super) fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// The changed runs between `before` and `after`, in order; hunks separated by at most
/// `merge_gap` unchanged lines are merged when `merge(i)` says so for the gap after hunk `i`.
pub(super) fn hunks(
    before: &[&str],
    after: &[&str],
    merge_gap: usize,
    mut merge: impl FnMut(usize) -> bool,
) -> Vec<Hunk> {
    let mut out: Vec<Hunk> = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, before, after) {
        if matches!(op, DiffOp::Equal { .. }) {
            continue;
        }
        let (old, new) = (op.old_range(), op.new_range());
        // An insertion after a deletion may start inside it: no gap.
        let gap = out
            .last()
            .map(|last| old.start.saturating_sub(last.old.end));
        let join = gap == Some(0) || gap.is_some_and(|g| g <= merge_gap) && merge(out.len());
        match out.last_mut() {
            Some(last) if join => {
                last.old.end = last.old.end.max(old.end);
                last.new.end = last.new.end.max(new.end);
            }
            _ => out.push(Hunk { old, new }),
        }
    }
    out
}

/// Why a hunk is not sent as an edit, or `None` when it is.
pub(super) fn set_aside(
    hunk: &Hunk,
    before: &[&str],
    after: &[&str],
    max_lines: usize,
) -> Option<&'static str> {
    if hunk.old.len() > max_lines || hunk.new.len() > max_lines {
        return Some("huge hunk");
    }
    let without_whitespace = |lines: &[&str]| -> String {
        lines
            .concat()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect()
    };
    if without_whitespace(&before[hunk.old.clone()]) == without_whitespace(&after[hunk.new.clone()])
    {
        return Some("whitespace-only hunk");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearby_hunks_merge_when_asked() {
        let before = lines("a\nb\nc\nd\ne\n");
        let after = lines("A\nb\nC\nd\ne\nf\n");
        let apart = hunks(&before, &after, 1, |_| false);
        assert_eq!(apart.len(), 3);
        let merged = hunks(&before, &after, 1, |_| true);
        assert_eq!(
            merged,
            vec![
                Hunk {
                    old: 0..3,
                    new: 0..3
                },
                Hunk {
                    old: 5..5,
                    new: 5..6
                }
            ]
        );
    }

    #[test]
    fn whitespace_only_and_huge_hunks_are_set_aside() {
        let before = lines("a b\nc\n");
        let after = lines("a  b\nc\n");
        let h = &hunks(&before, &after, 0, |_| false)[0];
        assert_eq!(
            set_aside(h, &before, &after, 10),
            Some("whitespace-only hunk")
        );
        assert_eq!(set_aside(h, &before, &after, 0), Some("huge hunk"));
    }
}
