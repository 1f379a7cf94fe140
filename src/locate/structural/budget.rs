//! The structural tier's budget: what `old` may be for the tier to compare it, checked in
//! one linear pass before anything is parsed; past it `old` is refused as
//! [`crate::Code::TooComplex`] (the exact and normalized tiers still search it).
//!
//! - Nesting: tree-sitter finds a node's parent by walking down from the root, so the tier's
//!   and the writer's per-token walks up the tree cost the nesting depth each: `f(f(f(…)))`
//!   nested 5,000 deep took 30 s to apply. Within [`MAX_NESTING`] a walk up costs at most that.
//! - Size: the token alignments of the tier and its writer are Myers diffs, whose cost grows
//!   with the square of the tokens that differ: a 50 KB line with its spacing changed took
//!   5 s to apply, 200 KB 77 s, 1 MB past 100 s; a 10,000-line `old` resembling nothing spent
//!   10 s in tree-sitter's error recovery. Within [`MAX_OLD_BYTES`] an apply stays around a
//!   second at worst.

/// The most brackets (`(`, `[`, `{`) `old` may hold open at once. Code written by people
/// nests a few dozen deep at most.
pub(crate) const MAX_NESTING: usize = 256;

/// The largest `old` (in bytes) the structural tier compares.
pub(crate) const MAX_OLD_BYTES: usize = 32 << 10;

/// Why the structural tier does not compare `old`, when it is past the budget.
pub(crate) fn over_budget(old: &str) -> Option<String> {
    if old.len() > MAX_OLD_BYTES {
        return Some(format!(
            "`old` is {} bytes, more than the structural tier's {} KiB",
            old.len(),
            MAX_OLD_BYTES >> 10
        ));
    }
    let deepest = nesting(old);
    (deepest > MAX_NESTING).then(|| {
        format!(
            "`old` nests {deepest} brackets deep, more than the structural tier's {MAX_NESTING}"
        )
    })
}

/// The most brackets `text` holds open at once (a closer without an opener counts nothing;
/// brackets inside strings count too, which can only overstate the depth of odd text).
fn nesting(text: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for b in text.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_old_is_over_the_budget() {
        let old = "x = 1;\n".repeat(MAX_OLD_BYTES / 7);
        assert_eq!(over_budget(&old), None);
        assert_eq!(
            over_budget(&format!("{old}y = 2;\n")).as_deref(),
            Some("`old` is 32774 bytes, more than the structural tier's 32 KiB")
        );
    }

    #[test]
    fn deep_nesting_is_over_the_budget() {
        let nested = |depth: usize| format!("{}x{}", "f(".repeat(depth), ")".repeat(depth));
        assert_eq!(nesting(&nested(3)), 3);
        assert_eq!(nesting("a) (b [c] {d})"), 2);
        assert_eq!(over_budget(&nested(MAX_NESTING)), None);
        assert_eq!(
            over_budget(&nested(MAX_NESTING + 1)).as_deref(),
            Some("`old` nests 257 brackets deep, more than the structural tier's 256")
        );
    }
}
