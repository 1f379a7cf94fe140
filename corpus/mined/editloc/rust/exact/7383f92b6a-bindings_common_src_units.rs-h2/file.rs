//! Offsets in the caller's string units. The library counts bytes of UTF-8; Python slices
//! strings by code point and JavaScript by UTF-16 code unit, so a `range` handed to either
//! is re-counted, and text edits carry LSP positions (0-based line, UTF-16 character).

use serde_json::{Value, json};
use std::ops::Range;

/// How a binding's strings are indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// Unicode code points (Python `str`).
    Chars,
    /// UTF-16 code units (JavaScript strings).
    Utf16,
}

impl Units {
    /// The length of `text` in these units.
    pub fn len(self, text: &str) -> usize {
        match self {
            Units::Chars => text.chars().count(),
            Units::Utf16 => text.chars().map(char::len_utf16).sum(),
        }
    }
}

/// Replaces `value["range"]` (bytes of `content`) by the same range in `units`, and keeps the
/// byte offsets as `value["byte_range"]`.
pub(crate) fn recount_range(value: &mut Value, content: &str, range: &Range<usize>, units: Units) {
    let start = units.len(&content[..range.start]);
    let end = start + units.len(&content[range.clone()]);
    value["byte_range"] = json!({"start": range.start, "end": range.end});
    value["range"] = json!({"start": start, "end": end});
}

/// The edit that turns `before` into `after` when they differ only inside `range` (bytes of
/// `before`), narrowed to the bytes that really change, as an LSP text edit:
/// `{"range": {"start": {"line", "character"}, "end": ...}, "new_text"}`.
pub(crate) fn text_edit(before: &str, after: &str, range: &Range<usize>) -> Value {
    let end_after = (range.end + after.len()).saturating_sub(before.len());
    let (old, new) = (&before[range.clone()], &after[range.start..end_after]);
    let mut prefix = common(old.bytes(), new.bytes());
    while !(old.is_char_boundary(prefix) && new.is_char_boundary(prefix)) {
        prefix -= 1;
    }
    let mut suffix = common(old[prefix..].bytes().rev(), new[prefix..].bytes().rev());
    while !(old.is_char_boundary(old.len() - suffix) && new.is_char_boundary(new.len() - suffix)) {
        suffix -= 1;
    }
    let start = range.start + prefix;
    let end = range.end - suffix;
    json!({
        "range": {"start": position(before, start), "end": position(before, end)},
        "new_text": &new[prefix..new.len() - suffix],
    })
}

/// The length of the common prefix of two byte sequences.
fn common(a: impl Iterator<Item = u8>, b: impl Iterator<Item = u8>) -> usize {
    a.zip(b).take_while(|(x, y)| x == y).count()
}

/// The LSP position of byte `at` of `text`: lines end at `\n`, `\r\n` or `\r`; the character
/// is counted in UTF-16 code units from the line's start.
fn position(text: &str, at: usize) -> Value {
    let head = &text[..at];
    let mut line = 0;
    let mut line_start = 0;
    let bytes = head.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let breaks = b == b'\n' || (b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n'));
        if breaks {
            line += 1;
            line_start = i + 1;
        }
    }
    json!({"line": line, "character": Units::Utf16.len(&head[line_start..])})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_count_code_points_and_utf16() {
        assert_eq!(Units::Chars.len("a😀é"), 3);
        assert_eq!(Units::Utf16.len("a😀é"), 4);
    }

    #[test]
    fn text_edit_is_narrowed_and_positioned() {
        let before = "a\r\nb\rc😀 = 1\n";
        let after = "a\r\nb\rc😀 = 22\n";
        let start = before.find('c').unwrap();
        let edit = text_edit(before, after, &(start..before.len() - 1));
        assert_eq!(
            edit,
            json!({"range": {"start": {"line": 2, "character": 6},
                             "end": {"line": 2, "character": 7}},
                   "new_text": "22"})
        );
        // A pure insertion and a deletion.
        let edit = text_edit("ab", "aXb", &(0..2));
        assert_eq!(edit["new_text"], json!("X"));
        assert_eq!(edit["range"]["start"], edit["range"]["end"]);
        let edit = text_edit("aXb", "ab", &(0..3));
        assert_eq!(edit["new_text"], json!(""));
        assert_eq!(edit["range"]["end"]["character"], json!(2));
    }
}
