//! Tier 1: byte-for-byte. Every occurrence is counted, overlapping ones included: two or more
//! is ambiguity, never "the first".

use super::{Outcome, TextMatch, region_lines, widen};
use crate::text::lines::LineIndex;
use memchr::memmem;

pub fn find(text: &str, index: &LineIndex, old: &str) -> Outcome<TextMatch> {
    let finder = memmem::Finder::new(old.as_bytes());
    let bytes = text.as_bytes();
    let mut hits = Vec::new();
    let mut from = 0;
    while let Some(pos) = finder.find(&bytes[from..]) {
        hits.push(from + pos..from + pos + old.len());
        from += pos + 1;
    }
    match hits.len() {
        0 => Outcome::NotFound,
        1 => {
            let (range, first_partial) = widen(text, index, hits.remove(0));
            let lines = region_lines(index, &range);
            let align = (0..lines.len()).map(Some).collect();
            Outcome::Found(TextMatch {
                range,
                lines,
                align,
                first_partial,
            })
        }
        _ => Outcome::Ambiguous(hits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, old: &str) -> Outcome<TextMatch> {
        find(text, &LineIndex::new(text), old)
    }

    #[test]
    fn unique_hit_widens_to_the_line_start() {
        let Outcome::Found(m) = run("a\n    foo()\nb\n", "foo()\n") else {
            panic!("not found")
        };
        assert_eq!(m.range, 2..12);
        assert!(!m.first_partial);
        assert_eq!(m.align, vec![Some(0)]);
    }

    #[test]
    fn counts_overlapping_occurrences() {
        assert!(matches!(run("aaa", "aa"), Outcome::Ambiguous(h) if h == vec![0..2, 1..3]));
    }

    #[test]
    fn mid_line_stays_partial() {
        let Outcome::Found(m) = run("x = foo(a)\n", "foo(a)") else {
            panic!("not found")
        };
        assert_eq!(m.range, 4..10);
        assert!(m.first_partial);
    }
}
