//! Deterministic sampling: every choice the miner makes (context lines, shapes, drift) is
//! drawn from a generator seeded by `--seed` and the place the choice is about (the commit,
//! the file, the hunk), so a run gives the same cases whatever else the range holds and a
//! resumed run continues with the same choices.

use sha2::{Digest, Sha256};

/// A small generator (SplitMix64) seeded from a seed and a key.
pub(super) struct Sampler {
    state: u64,
}

impl Sampler {
    /// The generator for `key` under `seed`.
    pub(super) fn new(seed: u64, key: &str) -> Sampler {
        let digest = Sha256::new()
            .chain_update(seed.to_le_bytes())
            .chain_update(key.as_bytes())
            .finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        Sampler {
            state: u64::from_le_bytes(first),
        }
    }

    /// The next 64 random bits.
    pub(super) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// True one time in `n`.
    pub(super) fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::Sampler;

    #[test]
    fn the_same_seed_and_key_draw_the_same_numbers() {
        let draw = |seed, key| {
            let mut s = Sampler::new(seed, key);
            (0..5).map(|_| s.below(100)).collect::<Vec<_>>()
        };
        assert_eq!(draw(1, "a"), draw(1, "a"));
        assert_ne!(draw(1, "a"), draw(2, "a"));
        assert_ne!(draw(1, "a"), draw(1, "b"));
    }
}
