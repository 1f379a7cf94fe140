//! The exact tier's write: the file with `old`'s occurrence replaced by `new`, nothing else.
//!
//! `old` occurs byte for byte, so the model saw the file as it is: every byte of `new` is
//! written as sent — a whitespace-only change (tabs to spaces, trailing spaces removed) is the
//! edit itself. One thing `old` cannot show is how lines end when it has no line break of its
//! own: then `new`'s line breaks are written the way the line it lands on ends (a CRLF line
//! gets CRLF lines), as the neighbours' ending, not the file's majority.  

use crate::locate::text_match::TextMatch;
use std::ops::Range; 

/// The bytes replacing `m.range` (the occurrence `hit`, widened to whole lines).
///
/// When `old` starts after a line's indentation and `new` starts with a line break or is
/// empty (the model deleted that first line's content), the indentation goes with it: no line
/// of spaces is left where code was.
pub fn write(text: &str, m: &TextMatch, hit: &Range<usize>, old: &str, new: &str) -> String {
    let new = if old.contains(['\n', '\r']) {
        std::borrow::Cow::Borrowed(new)
    } else {
        with_line_ending(new, line_ending_at(text, hit))
    };
    let new = with_final_break_of(old, new);
    let ls = text[..hit.start].rfind('\n').map_or(0, |i| i + 1);
    let indented = ls < hit.start && text[ls..hit.start].trim().is_empty();
    let emptied = new.is_empty() || new.starts_with(['\n', '\r']);
    let start = if indented && emptied && ls >= m.range.start {
        ls
    } else {
        hit.start
    };
    let mut out = String::with_capacity(m.range.len() + new.len());
    out.push_str(&text[m.range.start..start]);
    out.push_str(&new);
    out.push_str(&text[hit.end..m.range.end]);
    out
}

/// `new` ending as `old` ends: with `old`'s final line break when `old` has one and `new`
/// (not empty) lacks it, without its own when `old` has none. A model that sends one with a
/// final newline and the other without does not mean to join or split the lines around the
/// edit (`m10.Xvar _ = m2.X`).
fn with_final_break_of<'a>(old: &str, new: std::borrow::Cow<'a, str>) -> std::borrow::Cow<'a, str> {
    fn break_of(s: &str) -> &str {
        let body = s.trim_end_matches(['\n', '\r']);
        let tail = &s[body.len()..];
        // One line break: `\r\n`, or the last `\n`/`\r`.
        if tail.ends_with("\r\n") {
            &tail[tail.len() - 2..]
        } else {
            &tail[tail.len().saturating_sub(1)..]
        }
    }
    let (ob, nb) = (break_of(old), break_of(&new));
    match (ob.is_empty(), nb.is_empty()) {
        (false, true) if !new.is_empty() => format!("{new}{ob}").into(),
        (true, false) => new[..new.len() - nb.len()].to_string().into(),
        _ => new,
    }
}

/// The line ending of the line holding `hit` (or, on a last line without one, of the line
/// before it); `None` in a text without line breaks.
fn line_ending_at(text: &str, hit: &Range<usize>) -> Option<&'static str> {
    let of = |nl: usize| {
        if nl > 0 && text.as_bytes()[nl - 1] == b'\r' {
            "\r\n"
        } else {
            "\n"
        }
    };
    if let Some(i) = text[hit.end..].find('\n') {
        return Some(of(hit.end + i));
    }
    text[..hit.start].rfind('\n').map(of)
}

/// `new` with every line break spelled `eol`.
fn with_line_ending<'a>(new: &'a str, eol: Option<&str>) -> std::borrow::Cow<'a, str> {
    let Some(eol) = eol else {
        return new.into();
    };
    if !new.contains(['\n', '\r']) {
        return new.into();
    }
    let lines = crate::text::lines::split_lines(new);
    let mut out = String::with_capacity(new.len() + lines.len());
    for line in &lines {
        out.push_str(line.content(new));
        if line.has_eol() {
            out.push_str(eol);
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lines::LineIndex;
    use crate::tier::exact;

    fn run(text: &str, old: &str, new: &str) -> String {
        let [m] = &exact::find(text, &LineIndex::new(text), old)[..] else {
            panic!("not unique")
        };
        let hit = m.exact.clone().expect("exact");
        let with = write(text, m, &hit, old, new);
        format!("{}{with}{}", &text[..m.range.start], &text[m.range.end..])
    }

    #[test]
    fn whitespace_only_changes_are_written() {
        assert_eq!(
            run(
                "f {\n\tconst a = 1;\n}\n",
                "\tconst a = 1;",
                "    const a = 1;"
            ),
            "f {\n    const a = 1;\n}\n"
        );
        assert_eq!(
            run("x = 1   \ny = 2\n", "x = 1   ", "x = 1"),
            "x = 1\ny = 2\n"
        );
    }

    #[test]
    fn a_first_line_new_empties_takes_its_indentation_along() {
        let text = "def f():\n    a = 1\n\n    b = 2\n";
        assert_eq!(
            run(text, "a = 1\n\n    b = 2", "\n    b = 2"),
            "def f():\n\n    b = 2\n"
        );
        assert_eq!(run(text, "a = 1", ""), "def f():\n\n\n    b = 2\n");
    }

    #[test]
    fn new_ends_as_old_ends() {
        let text = "a = 1\nb = 2\n";
        assert_eq!(
            run(text, "a = 1\n", "a = 1\nc = 3"),
            "a = 1\nc = 3\nb = 2\n"
        );
        assert_eq!(
            run(text, "a = 1", "a = 1\nc = 3\n"),
            "a = 1\nc = 3\nb = 2\n"
        );
        assert_eq!(run(text, "a = 1\n", ""), "b = 2\n");
    }

    #[test]
    fn old_starting_after_the_indentation() {
        let text = "def f():\n    x = 1\n    y = 2\n    return x + y\n";
        assert_eq!(
            run(text, "x = 1\n    y = 2", "x = 5\n    y = 2"),
            "def f():\n    x = 5\n    y = 2\n    return x + y\n"
        );
    }

    #[test]
    fn new_lines_take_the_ending_of_the_line_they_land_on() {
        let text = "a();\nb();\r\nc();\n";
        assert_eq!(
            run(text, "b();", "b();\nb2();"),
            "a();\nb();\r\nb2();\r\nc();\n"
        );
        // `old` shows its line ending: `new` is written as sent.
        assert_eq!(
            run(text, "a();\n", "a();\nz();\n"),
            "a();\nz();\nb();\r\nc();\n"
        );
    }
}
