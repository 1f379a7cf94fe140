//! The structural tier's budget: what `old` may be for the tier to compare it. Tree-sitter
//! finds a node's parent by walking down from the root, so the tier's and the writer's
//! per-token walks up the tree cost the nesting depth each: `f(f(f(…)))` nested 5,000 deep
//! took 30 s to apply. Past [`MAX_NESTING`] open brackets `old` is refused as
//! [`crate::Code::TooComplex`] before it is parsed; within it a walk up costs at most that.

/// The most brackets (`(`, `[`, `{`) `old` may hold open at once. Code written by people
/// nests a few dozen deep at most.
pub const MAX_NESTING: usize = 256;

/// Why the structural tier does not compare `old`, when it is past the budget.
pub fn over_budget(old: &str) -> Option<String> {
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
