//! A place deleted whole. When every writer's replacement for a located place is empty and
//! the place covers whole lines (from a line's start or the end of its indentation to a
//! line's end), the model deleted those lines: they go with their line ends, so no empty line
//! is left where code was — also when `old` was sent without its final newline, the usual
//! shape. Blank lines `old` ends (or begins) with that the place does not hold go too, as
//! many as `old` has and the file has right there. At the end of a file without a final
//! newline, the line end before the deleted lines goes instead (with the blank lines there,
//! which would end the file), and the file still ends without one.
//!
//! Likewise any replacement that reaches the end of a file without a final newline ends
//! without one ([`open_end`]): deleting the file's last lines (`var a = 1\n\nvar b = 2` →
//! `var a = 1`) leaves neither a line break nor a blank line behind.

use std::ops::Range;

/// `range` of `text`, replaced by nothing, widened to the whole lines it empties (see the
/// module docs); `range` itself when it does not cover whole lines.
pub(crate) fn widen(text: &str, range: Range<usize>, old: &str) -> Range<usize> {
    let ls = text[..range.start].rfind('\n').map_or(0, |i| i + 1);
    if !text[ls..range.start].trim().is_empty() {
        return range;
    }
    let mut end = range.end;
    if !ends_line(text, end) {
        let rest = &text[end..];
        let line_end = rest.find(['\r', '\n']).map_or(text.len(), |i| end + i);
        if !text[end..line_end].trim().is_empty() {
            return range;
        }
        end = after_break(text, line_end);
    }
    let (lead, trail) = blank_edges(old);
    let mut start = ls;
    for _ in 0..trail {
        match blank_line_at(text, end) {
            Some(next) => end = next,
            None => break,
        }
    }
    for _ in 0..lead {
        match blank_line_before(text, start) {
            Some(prev) => start = prev,
            None => break,
        }
    }
    if end == text.len() && !text.ends_with(['\n', '\r']) && start > 0 {
        // No final newline: the line break before the deleted lines goes instead, and the
        // blank lines before them, which now end the file.
        let body = text[..start]
            .trim_end_matches([' ', '\t', '\r', '\n'])
            .len();
        start = text[body..start]
            .find(['\r', '\n'])
            .map_or(start, |i| body + i);
    }
    start..end
}

/// `text`, the replacement for `range` of `content`, without the line breaks (and blank
/// lines) it ends with when `range` reaches the end of a `content` that has no final newline.
pub(crate) fn open_end(content: &str, range: &Range<usize>, text: String) -> String {
    if range.end < content.len() || content.ends_with(['\n', '\r']) || content.is_empty() {
        return text;
    }
    let body = text.trim_end_matches([' ', '\t', '\r', '\n']);
    match text[body.len()..].find(['\r', '\n']) {
        Some(i) => text[..body.len() + i].to_string(),
        None => text,
    }
}

/// `at` is the start of a line (after a line break, or the text's start) or the text's end.
fn ends_line(text: &str, at: usize) -> bool {
    at == 0 || at == text.len() || text[..at].ends_with('\n')
}

/// The offset after the line break at `at` (`\r\n`, `\n` or `\r`), or `at` at the text's end.
fn after_break(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    if rest.starts_with("\r\n") {
        at + 2
    } else if rest.starts_with(['\n', '\r']) {
        at + 1
    } else {
        at
    }
}

/// The blank lines `old` begins and ends with, beyond the break ending its last line.
fn blank_edges(old: &str) -> (usize, usize) {
    let lines: Vec<&str> = old.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let blank = |l: &&&str| l.trim().is_empty();
    let lead = lines.iter().take_while(blank).count();
    if lead == lines.len() {
        return (0, 0);
    }
    // The piece after `old`'s last break is not a line of its own.
    let trail = lines
        .iter()
        .rev()
        .take_while(blank)
        .count()
        .saturating_sub(1);
    (lead, trail)
}

/// When a blank line starts at `at`, the offset after it.
fn blank_line_at(text: &str, at: usize) -> Option<usize> {
    let rest = &text[at..];
    let end = rest.find('\n').map(|i| at + i)?;
    text[at..end].trim().is_empty().then_some(end + 1)
}

/// When a blank line ends right before `at` (a line start), its start.
fn blank_line_before(text: &str, at: usize) -> Option<usize> {
    let before = text[..at].strip_suffix('\n')?;
    let ls = before.rfind('\n').map_or(0, |i| i + 1);
    before[ls..].trim().is_empty().then_some(ls)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deleted(text: &str, old_at: &str, old: &str) -> String {
        let start = text.find(old_at).expect("in text");
        let r = widen(text, start..start + old_at.len(), old);
        format!("{}{}", &text[..r.start], &text[r.end..])
    }

    #[test]
    fn a_line_deleted_without_its_newline_goes_whole() {
        let text = "fn f() {\n    let x = 1;\n    let y = 2;\n    let z = 3;\n}\n";
        let out = deleted(text, "let y = 2;", "let y = 2;");
        assert_eq!(out, "fn f() {\n    let x = 1;\n    let z = 3;\n}\n");
        let crlf = text.replace('\n', "\r\n");
        let out = deleted(&crlf, "    let y = 2;", "\tlet y = 2;");
        assert_eq!(out, "fn f() {\r\n    let x = 1;\r\n    let z = 3;\r\n}\r\n");
    }

    #[test]
    fn part_of_a_line_is_not_a_line() {
        let text = "a(); b();\nc();\n";
        assert_eq!(deleted(text, "b();", "b();"), "a(); \nc();\n");
        assert_eq!(deleted(text, "a();", "a();"), " b();\nc();\n");
    }

    #[test]
    fn blank_lines_old_ends_with_go_too() {
        let text = "a\n\nfunc h() {\n}\n\nb\n";
        let out = deleted(text, "func h() {\n}\n", "func h() {\n}\n\n");
        assert_eq!(out, "a\n\nb\n");
        // Without them in `old`, the file's blank lines stay.
        let out = deleted(text, "func h() {\n}\n", "func h() {\n}\n");
        assert_eq!(out, "a\n\n\nb\n");
    }

    #[test]
    fn a_replacement_at_the_end_of_a_file_without_final_newline_ends_without_one() {
        let text = "package main\n\nvar a = 1\n\nvar b = 2";
        let at = text.find("var a").unwrap()..text.len();
        assert_eq!(open_end(text, &at, "var a = 1  \n\n".into()), "var a = 1  ");
        assert_eq!(
            open_end(text, &at, "var a = 1\nvar c".into()),
            "var a = 1\nvar c"
        );
        let with_newline = format!("{text}\n");
        let at = at.start..with_newline.len();
        assert_eq!(open_end(&with_newline, &at, "a\n".into()), "a\n");
    }

    #[test]
    fn at_the_end_of_a_file_without_final_newline_the_break_before_goes() {
        let text = "package main\n\nvar a = 1\nvar b = 2";
        assert_eq!(
            deleted(text, "var b = 2", "var b = 2"),
            "package main\n\nvar a = 1"
        );
        let text = "package main\n\nvar a = 1  \n\n\nvar b = 2";
        assert_eq!(
            deleted(text, "var b = 2", "var b = 2"),
            "package main\n\nvar a = 1  "
        );
    }
}
