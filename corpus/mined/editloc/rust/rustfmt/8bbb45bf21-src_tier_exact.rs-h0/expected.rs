//! Tier 1: byte-for-byte. Every occurrence is returned, overlapping ones included, so that two
//! or more is ambiguity, never "the first".

use super::{TextMatch, region_lines, widen};
use crate::text::lines::LineIndex;
use memchr::memmem;
use std::ops::Range;

pub fn find(text: &str, index: &LineIndex, old: &str) -> Vec<TextMatch> {
    occurrences(text, old, 0..text.len())
        .into_iter()
        .map(|hit| {
            let (range, first_partial) = widen(text, index, hit.clone());
            let lines = region_lines(index, &range);
            let align = (0..lines.len()).map(Some).collect();
            TextMatch {
                range,
                lines,
                align,
                first_partial,
                exact: Some(hit),
            }
        })
        .collect()
}

/// Whether a located occurrence starts or ends inside a word of the file (`count = 0` found
/// in `retry_count = 0`). Such a lone occurrence is not taken: the normalized tier refuses the
/// same split, and a model that meant `retry_count` would have said so.
pub fn inside_word(text: &str, m: &TextMatch) -> bool {
    crate::text::splits_word(text, m.range.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, old: &str) -> Vec<TextMatch> {
        find(text, &LineIndex::new(text), old)
    }

    #[test]
    fn unique_hit_widens_to_the_line_start() {
        let [m] = &run("a\n    foo()\nb\n", "foo()\n")[..] else {
            panic!("not found")
        };
        assert_eq!(m.range, 2..12);
        assert!(!m.first_partial);
        assert_eq!(m.align, vec![Some(0)]);
    }

    #[test]
    fn counts_overlapping_occurrences() {
        let ranges: Vec<_> = run("aaa", "aa").into_iter().map(|m| m.range).collect();
        assert_eq!(ranges, vec![0..2, 1..3]);
    }

    #[test]
    fn mid_line_stays_partial() {
        let [m] = &run("x = foo(a)\n", "foo(a)")[..] else {
            panic!("not found")
        };
        assert_eq!(m.range, 4..10);
        assert!(m.first_partial);
    }
}
