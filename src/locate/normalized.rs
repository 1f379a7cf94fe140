//! Tier 2: locate with the invisible differences folded away — line endings, indentation
//! (width, tabs vs spaces), trailing whitespace, blank lines and typographic characters.
//!
//! Both sides are reduced to their non-blank folded lines; `old`'s folded lines must equal a
//! run of the file's folded lines (the first may be a suffix of a file line and the last a
//! prefix when `old` starts or ends mid-line). The match is mapped back through each line's
//! offset map, so the result is a range of the original bytes and the writer can copy them.

use super::text_match::TextMatch;
use crate::text::fold::{Dashes, FoldedLines};
use crate::text::lines::LineIndex;

mod indented;
mod local;
mod pattern;
mod sibling;
pub(crate) use indented::as_indented;
pub(crate) use local::{around, find_near};
use pattern::Pattern;
pub(crate) use sibling::changed_sibling;

/// Every place of `old` among `file`'s folded lines, with the em dash read as `dashes` says
/// (`file` must have been folded the same way): on the whole text's folded lines, every place
/// in the file; on a run of them ([`find_near`]), the places inside it.
pub(crate) fn find_with(
    text: &str,
    index: &LineIndex,
    file: &FoldedLines,
    old: &str,
    dashes: Dashes,
) -> Vec<TextMatch> {
    match Pattern::new(old, dashes) {
        Some(pattern) => pattern.matches(text, index, file),
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, old: &str) -> Vec<TextMatch> {
        let index = LineIndex::new(text);
        let folded = FoldedLines::new(text, &index);
        find_with(text, &index, &folded, old, Dashes::One)
    }

    #[test]
    fn crlf_file_lf_old() {
        let text = "a\r\nb\r\nc\r\nd";
        let [m] = &run(text, "b\nc\n")[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "b\r\nc\r\n");
        assert_eq!(m.align, vec![Some(0), Some(1)]);
    }

    #[test]
    fn part_of_a_crlf_line() {
        let text = "line one\r\nfoo bar\r\nline three";
        let [m] = &run(text, "foo  bar".replace("  ", " ").as_str())[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "foo bar");
    }

    #[test]
    fn tabs_blank_lines_and_quotes_fold() {
        let text = "fn a() {\n\tlet s = \u{201C}x\u{201D};\n\n\treturn s;\n}\n";
        let [m] = &run(text, "    let s = \"x\";\n    return s;\n")[..] else {
            panic!()
        };
        assert_eq!(
            &text[m.range.clone()],
            "\tlet s = \u{201C}x\u{201D};\n\n\treturn s;\n"
        );
        assert_eq!(m.align, vec![Some(0), Some(2)]);
    }

    #[test]
    fn two_places_are_ambiguous() {
        let text = "if x:\n    y()\nif x:\n        y()\n";
        assert_eq!(run(text, "if x:\n  y()\n").len(), 2);
    }

    #[test]
    fn suffix_must_not_split_a_word() {
        let text = "let total = 1;\nreturn total;\n";
        assert!(run(text, "al = 1;\nreturn total;").is_empty());
        let [m] = &run(text, "total = 1;\nreturn total;")[..] else {
            panic!()
        };
        assert_eq!(&text[m.range.clone()], "total = 1;\nreturn total;");
    }
}
