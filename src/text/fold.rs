//! Folding text for locating: the differences a model cannot see are removed, and every byte
//! of the folded text remembers which byte of the original it came from.
//!
//! Folding is used to *find* a place, never to write it: the writer copies the original bytes
//! back through the offset map.

/// What one character folds to when locating: typographic quotes, dashes and Unicode spaces
/// become their ASCII look-alikes, zero-width characters vanish.
pub fn fold_char(c: char) -> Option<char> {
    Some(match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' => '"',
        '\u{2010}'..='\u{2015}' | '\u{2212}' => '-',
        '\u{00A0}'
        | '\u{1680}'
        | '\u{2000}'..='\u{200A}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}' => ' ',
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' => return None,
        c => c,
    })
}

/// A folded line: `text` is the line's content with typographic characters folded and
/// leading and trailing whitespace removed; `map[i]` is the offset in the original line of
/// the character that produced folded byte `i`, and `map[text.len()]` the end of the last one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folded {
    pub text: String,
    map: Vec<usize>,
}

impl Folded {
    /// Original offset (relative to the folded line's start) of folded byte `i`.
    pub fn original(&self, i: usize) -> usize {
        self.map[i]
    }
}

/// Folds one line's content (no line ending) for comparison.
pub fn fold_line(line: &str) -> Folded {
    let mut text = String::with_capacity(line.len());
    let mut map = Vec::with_capacity(line.len() + 1);
    for (off, c) in line.char_indices() {
        let Some(f) = fold_char(c) else { continue };
        if text.is_empty() && (f == ' ' || f == '\t') {
            continue;
        }
        let mut buf = [0u8; 4];
        let s = f.encode_utf8(&mut buf);
        text.push_str(s);
        map.extend(std::iter::repeat_n(off, s.len()));
    }
    let trimmed = text.trim_end_matches([' ', '\t']).len();
    text.truncate(trimmed);
    map.truncate(trimmed);
    let end = map.last().map_or(0, |&off| end_of_char_at(line, off));
    map.push(end);
    Folded { text, map }
}

fn end_of_char_at(line: &str, off: usize) -> usize {
    off + line[off..].chars().next().map_or(0, char::len_utf8)
}

/// The comparison key of a model or file line: indentation kept as is, the rest folded and
/// trailing whitespace dropped. Two lines with equal keys are "the same line" to the writer.
pub fn line_key(line: &str) -> String {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    let mut key = String::with_capacity(line.len());
    key.push_str(indent);
    key.extend(body.chars().filter_map(fold_char));
    let end = key.trim_end_matches([' ', '\t']).len();
    key.truncate(end);
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_typographic_and_trims() {
        let line = "\t  say(\u{201C}it\u{2019}s\u{201D})\u{200B} \u{2014} ok\u{00A0} ";
        let f = fold_line(line);
        assert_eq!(f.text, "say(\"it's\") - ok");
        assert_eq!(f.original(0), 3);
        assert_eq!(&line[f.original(4)..f.original(4) + 3], "\u{201C}");
        let end = f.original(f.text.len());
        assert_eq!(&line[end..], "\u{00A0} ");
    }

    #[test]
    fn blank_and_zero_width_lines_fold_to_nothing() {
        assert_eq!(fold_line("  \t ").text, "");
        assert_eq!(fold_line("\u{200B}").text, "");
    }

    #[test]
    fn key_keeps_indentation() {
        assert_eq!(line_key("    a \u{2013} b  "), "    a - b");
        assert_ne!(line_key("  x"), line_key("x"));
    }
}
