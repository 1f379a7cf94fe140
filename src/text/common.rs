//! The common start and end of two texts: pure byte comparison, shared by the diff, the text
//! edits and the output verifier (it holds no writer's logic, so the verifier sharing it
//! repeats no writer's mistake).

/// The length of the longest common prefix of `a` and `b`, compared a block at a time.
pub(crate) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// The length of the longest common suffix of `a` and `b`, compared a block at a time.
pub(crate) fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 64;
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut i = 0;
    while i + BLOCK <= n && a[n - i - BLOCK..n - i] == b[n - i - BLOCK..n - i] {
        i += BLOCK;
    }
    i + a[..n - i]
        .iter()
        .rev()
        .zip(b[..n - i].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Length in bytes of the longest common prefix of `a` and `b`, on a character boundary of
/// both.
pub(crate) fn common_prefix_str(a: &str, b: &str) -> usize {
    let mut n = common_prefix(a.as_bytes(), b.as_bytes());
    while !a.is_char_boundary(n) || !b.is_char_boundary(n) {
        n -= 1;
    }
    n
}

/// Length in bytes of the longest common suffix of `a` and `b`, on a character boundary of
/// both.
pub(crate) fn common_suffix_str(a: &str, b: &str) -> usize {
    let mut n = common_suffix(a.as_bytes(), b.as_bytes());
    while !a.is_char_boundary(a.len() - n) || !b.is_char_boundary(b.len() - n) {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_ends_stop_on_character_boundaries() {
        // "é" (c3 a9) and "è" (c3 a8) share their first byte, not a character.
        assert_eq!(common_prefix("aé".as_bytes(), "aè".as_bytes()), 2);
        assert_eq!(common_prefix_str("aé", "aè"), 1);
        // "é" and "ɩ" (c9 a9) share their last byte.
        assert_eq!(common_suffix("éz".as_bytes(), "ɩz".as_bytes()), 2);
        assert_eq!(common_suffix_str("éz", "ɩz"), 1);
        let long = "x".repeat(200);
        assert_eq!(
            common_prefix_str(&format!("{long}a"), &format!("{long}b")),
            200
        );
        assert_eq!(
            common_suffix_str(&format!("a{long}"), &format!("bb{long}")),
            200
        );
        assert_eq!(common_prefix_str("", "abc"), 0);
    }
}
