//! Tier 1: byte-for-byte. Every occurrence is returned, overlapping ones included, so that two
//! or more is ambiguity, never "the first".

use super::{TextMatch, region_lines, widen};
use crate::text::lines::LineIndex;
use memchr::memmem;

pub fn find(text: &str, index: &LineIndex, old: &str) -> Vec<TextMatch> {
    if old.is_empty() {
        return Vec::new();
    }
    let finder = memmem::Finder::new(old.as_bytes());
    let bytes = text.as_bytes();
    let mut hits = Vec::new();
    let mut from = 0;
    while let Some(pos) = finder.find(&bytes[from..]) {
        hits.push(from + pos..from + pos + old.len());
        from += pos + 1;
    }
    hits.into_iter()
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

/// Every occurrence of `needle` (overlapping ones too) that lies inside `window` of `text`
/// (clamped to the text), in order.
pub fn occurrences(text: &str, needle: &str, window: Range<usize>) -> Vec<Range<usize>> {
    let end = window.end.min(text.len());
    if needle.is_empty() || window.start >= end {
        return Vec::new();
    }
    let finder = memmem::Finder::new(needle.as_bytes());
    let bytes = &text.as_bytes()[..end];
    let mut hits = Vec::new();
    let mut from = window.start;
    while let Some(pos) = finder.find(&bytes[from..]) {
        hits.push(from + pos..from + pos + needle.len());
        from += pos + 1;
    }
    hits
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
