//! The length of the longest common subsequence of two character sequences, computed 64
//! characters at a time (Hyyrö's bit-parallel form of the Allison–Dix recurrence): about
//! `a.len() × b.len() / 64` word operations whatever the two texts are, where a Myers diff of
//! two unlike texts costs up to the square of their length. A minimal diff keeps exactly a
//! longest common subsequence, so this is the length of the equal runs a Myers diff of the
//! same two sequences gives (`tests` checks both on random texts).

/// The length of the longest common subsequence of `a` and `b`.
pub(crate) fn common_len(a: &[char], b: &[char]) -> usize {
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    let masks = Masks::new(a);
    let words = a.len().div_ceil(64);
    // Bit i of `rows` is 1 while a[i] is not yet counted in the subsequence.
    let mut rows = vec![u64::MAX; words];
    for &c in b {
        let Some(mask) = masks.of(c) else {
            continue;
        };
        let mut carry = false;
        for (row, &m) in rows.iter_mut().zip(mask) {
            let matched = *row & m;
            let (sum, overflow_one) = row.overflowing_add(matched);
            let (sum, overflow_two) = sum.overflowing_add(u64::from(carry));
            carry = overflow_one || overflow_two;
            *row = sum | (*row & !matched);
        }
    }
    // The bits past a's length start at 1 and stay 1: their mask bits are 0, so each update
    // ORs the bit's old value back in. The zeros are a's characters counted.
    rows.iter().map(|r| r.count_zeros() as usize).sum()
}

/// For each character of a text, the bits of the positions holding it.
struct Masks {
    /// The characters, sorted, and their masks (`words` words each, in the same order).
    chars: Vec<char>,
    bits: Vec<u64>,
    words: usize,
}

impl Masks {
    fn new(text: &[char]) -> Masks {
        let mut chars = text.to_vec();
        chars.sort_unstable();
        chars.dedup();
        let words = text.len().div_ceil(64);
        let mut bits = vec![0u64; chars.len() * words];
        for (i, c) in text.iter().enumerate() {
            let slot = chars
                .binary_search(c)
                .expect("every character was collected");
            bits[slot * words + i / 64] |= 1 << (i % 64);
        }
        Masks { chars, bits, words }
    }

    /// The positions holding `c`, or `None` when the text has no `c`.
    fn of(&self, c: char) -> Option<&[u64]> {
        let slot = self.chars.binary_search(&c).ok()?;
        Some(&self.bits[slot * self.words..(slot + 1) * self.words])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use similar::{Algorithm, DiffOp, capture_diff_slices};

    /// What a Myers diff keeps equal.
    fn myers_equal(a: &[char], b: &[char]) -> usize {
        capture_diff_slices(Algorithm::Myers, a, b)
            .iter()
            .map(|op| match op {
                DiffOp::Equal { len, .. } => *len,
                _ => 0,
            })
            .sum()
    }

    /// A deterministic random text of `len` characters drawn from `alphabet`.
    fn text(seed: &mut u64, len: usize, alphabet: &[char]) -> Vec<char> {
        (0..len)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                alphabet[(*seed >> 33) as usize % alphabet.len()]
            })
            .collect()
    }

    #[test]
    fn known_answers() {
        let chars = |s: &str| s.chars().collect::<Vec<char>>();
        assert_eq!(common_len(&chars(""), &chars("abc")), 0);
        assert_eq!(common_len(&chars("abc"), &chars("abc")), 3);
        assert_eq!(common_len(&chars("ABCBDAB"), &chars("BDCABA")), 4);
        assert_eq!(common_len(&chars("x = a + b;"), &chars("x = a - b;")), 9);
        assert_eq!(common_len(&chars("é—ü"), &chars("ü—é")), 1);
    }

    #[test]
    fn equals_what_a_myers_diff_keeps() {
        let mut seed = 7;
        let small = ['a', 'b', 'c', ' ', '\n'];
        let code: Vec<char> = "abcdefghij(){};,. =+-\n\t\"'éü—".chars().collect();
        for round in 0..600 {
            let alphabet: &[char] = if round % 2 == 0 { &small } else { &code };
            let a = text(&mut seed, (round * 7) % 300, alphabet);
            let mut b = a.clone();
            // Some pairs alike (a few edits), some unrelated.
            if round % 3 == 0 {
                b = text(&mut seed, (round * 13) % 310, alphabet);
            } else {
                for _ in 0..(round % 9) {
                    let at = (seed as usize) % (b.len() + 1);
                    let extra = text(&mut seed, 1, alphabet);
                    if round % 2 == 0 && at < b.len() {
                        b.remove(at);
                    } else {
                        b.insert(at, extra[0]);
                    }
                }
            }
            assert_eq!(common_len(&a, &b), myers_equal(&a, &b), "{a:?} {b:?}");
            assert_eq!(common_len(&b, &a), myers_equal(&a, &b), "{a:?} {b:?}");
        }
    }
}
