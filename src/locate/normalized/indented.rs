//! Several folded places, one of them indented as `old` is: the normalized tier folds
//! indentation so that a re-indented file is still found, but where `old`'s own indentation
//! singles out one place — the function's parameters at four spaces, not the call's
//! arguments at eight — that place is the one the exact tier would have taken had the file
//! kept `old`'s line endings and trailing whitespace (a CRLF copy answers as the LF file does).

use super::super::query::Place;
use super::super::text_match::TextMatch;
use crate::text::lines::indentation;

/// The index in `found` of the one normalized place whose every aligned line has `old`'s
/// line's indentation byte for byte; `None` when none or several do, or a place is not a
/// text match.
pub(crate) fn as_indented(text: &str, old: &str, found: &[Place]) -> Option<usize> {
    let old_lines: Vec<&str> = old.lines().collect();
    let mut indented = found.iter().enumerate().filter(|(_, place)| match place {
        Place::Text(m) => keeps_indentation(text, &old_lines, m),
        _ => false,
    });
    match (indented.next(), indented.next()) {
        (Some((k, _)), None) => Some(k),
        _ => None,
    }
}

/// Whether each non-blank line of `old` stands on a file line of its very indentation (the
/// first line aside when the place starts mid-line or `old` starts after its indentation).
fn keeps_indentation(text: &str, old_lines: &[&str], m: &TextMatch) -> bool {
    let cut_first = m.first_partial || old_lines.first().is_some_and(|l| indentation(l).is_empty());
    let mut compared = 0;
    for (i, line) in old_lines.iter().enumerate() {
        if line.trim().is_empty() || (i == 0 && cut_first) {
            continue;
        }
        let Some(Some(r)) = m.align.get(i) else {
            continue;
        };
        let Some(file) = m.lines.get(*r) else {
            return false;
        };
        if indentation(file.content(text)) != indentation(line) {
            return false;
        }
        compared += 1;
    }
    compared > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fold::{Dashes, FoldedLines};
    use crate::text::lines::LineIndex;

    fn pick(text: &str, old: &str) -> Option<String> {
        let index = LineIndex::new(text);
        let folded = FoldedLines::new(text, &index);
        let found: Vec<Place> = super::super::find_with(text, &index, &folded, old, Dashes::One)
            .into_iter()
            .map(Place::Text)
            .collect();
        as_indented(text, old, &found).map(|k| match &found[k] {
            Place::Text(m) => text[m.range.clone()].to_string(),
            _ => unreachable!(),
        })
    }

    #[test]
    fn the_place_indented_as_old_is_taken_in_a_crlf_copy() {
        let text = "f(\r\n        a,\r\n        b,\r\n)\r\ndef f(\r\n    a,\r\n    b,\r\n):\r\n";
        assert_eq!(
            pick(text, "    a,\n    b,\n").as_deref(),
            Some("    a,\r\n    b,\r\n")
        );
        // Neither place, or both, indented as `old`: no choice.
        assert_eq!(pick(text, "  a,\n  b,\n"), None);
        assert_eq!(pick("x:\n  a\ny:\n  a\n", "  a\n"), None);
    }
}
