//! Patch text as lines, each with its terminator kept aside (the text rule of the line
//! formats), and the quoting of a line in an error message.

/// One line of a patch text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Line<'a> {
    /// 1-based line number.
    pub(super) no: usize,
    /// The line without its terminator (`\n` or `\r\n`).
    pub(super) text: &'a str,
    /// The line with its terminator; a final unterminated line gets none.
    pub(super) raw: &'a str,
}

impl Line<'_> {
    /// Whether the line ended with a newline in the input (matters while streaming).
    pub(super) fn terminated(&self) -> bool {
        self.raw.ends_with('\n')
    }

    /// Appends `body` (a slice of this line) plus this line's terminator to
    /// `out`, using `\n` when the input ended without one.
    pub(super) fn push_with_terminator(&self, body: &str, out: &mut String) {
        out.push_str(body);
        out.push_str(&self.raw[self.text.len()..]);
        if !self.terminated() {
            out.push('\n');
        }
    }
}

/// Splits text into lines, keeping terminators aside so exact bytes survive.
pub(super) fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.split_inclusive('\n').enumerate().map(|(index, raw)| {
        let text = raw.strip_suffix('\n').unwrap_or(raw);
        let text = text.strip_suffix('\r').unwrap_or(text);
        Line {
            no: index + 1,
            text,
            raw,
        }
    })
}

/// Quotes a patch line for an error message, shortened so errors stay one line.
pub(super) fn quote(line: &str) -> String {
    const MAX: usize = 60;
    match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("`{}…`", &line[..cut]),
        None => format!("`{line}`"),
    }
}

/// Wording for "the input stopped here".
pub(super) const END_OF_INPUT: &str = "end of input";

/// The first non-blank line quoted, for errors about unrecognizable input.
pub(super) fn first_non_blank(text: &str) -> String {
    lines(text)
        .find(|line| !line.text.trim().is_empty())
        .map_or_else(|| END_OF_INPUT.to_string(), |line| quote(line.text.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_shortens_long_lines_on_char_boundaries() {
        let long = "é".repeat(100);
        assert_eq!(quote(&long), format!("`{}…`", "é".repeat(60)));
        assert_eq!(quote("short"), "`short`");
    }

    #[test]
    fn lines_keep_terminators_aside() {
        let got: Vec<(usize, &str, &str)> = lines("a\r\nb\n\nc")
            .map(|line| (line.no, line.text, line.raw))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, "a", "a\r\n"),
                (2, "b", "b\n"),
                (3, "", "\n"),
                (4, "c", "c")
            ]
        );
    }
}
