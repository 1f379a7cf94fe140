//! The exact tier's write: the file with `old`'s occurrence replaced by `new`, nothing else.
//!
//! `old` occurs byte for byte, so the model saw the file as it is: every byte of `new` is
//! written as sent — a whitespace-only change (tabs to spaces, trailing spaces removed) is the
//! edit itself. Line breaks are not the model's to see: when `old` has none of its own,
//! `new`'s line breaks are written the way the line it lands on ends (a CRLF line gets CRLF
//! lines, a lone-CR line lone-CR ones), as the neighbours' ending, not the file's majority;
//! when `old` spells all its breaks one way (the file's) and `new` all another, `new`'s are
//! spelled as `old`'s.

use crate::locate::text_match::TextMatch;
use crate::write::rule::{RuleFamily, WriterRule};
use std::ops::Range;

/// The exact tier writes `new` over the occurrence of `old` ([`write`]).
pub(crate) const EXACT_OCCURRENCE: WriterRule = WriterRule {
    name: "exact_occurrence",
    family: RuleFamily::Exact,
    summary: "`new` replaces the exact occurrence of `old`, in the line's indentation and line ending",
};

/// A one-line `old` copied after its indentation: `new`'s further lines at the file's depth
/// ([`at_the_file_s_depth`], [`same_width_respelled`]).
pub(crate) const AT_THE_FILE_S_DEPTH: WriterRule = WriterRule {
    name: "at_the_file_s_depth",
    family: RuleFamily::Exact,
    summary: "a one-line `old` copied after its indentation: `new`'s further lines take the file's depth and unit",
};

/// A comment after a one-line `old` stays on the line of `new` that stands for it
/// ([`annotated_line_end`]).
pub(crate) const COMMENT_ON_ITS_LINE: WriterRule = WriterRule {
    name: "comment_on_its_line",
    family: RuleFamily::Exact,
    summary: "a comment after a one-line `old` stays on the line of `new` most like `old`, not on `new`'s last",
};

/// The bytes replacing `m.range` (the occurrence `hit`, widened to whole lines).
///
/// When `old` starts after a line's indentation and `new` starts with a line break or is
/// empty (the model deleted that first line's content), the indentation goes with it: no line
/// of spaces is left where code was.
pub(crate) fn write(
    text: &str,
    m: &TextMatch,
    hit: &Range<usize>,
    (old, new): (&str, &str),
    comments: &[&str],
) -> (String, Vec<&'static str>) {
    let mut rules = vec![EXACT_OCCURRENCE.name];
    let new = match (break_style(old), break_style(new)) {
        _ if !old.contains(['\n', '\r']) => with_line_ending(new, line_ending_at(text, hit)),
        // `old` copied with the file's line breaks, `new` written with other ones: the
        // model cannot see line breaks, so `new`'s are spelled as `old`'s (the file's).
        (Some(o), Some(n)) if o != n => with_line_ending(new, Some(o)),
        _ => std::borrow::Cow::Borrowed(new),
    };
    let new = with_final_break_of(old, new);
    let ls = text[..hit.start].rfind('\n').map_or(0, |i| i + 1);
    let indented = ls < hit.start && text[ls..hit.start].trim().is_empty();
    let new = match indented {
        true => depth_recorded(&text[ls..hit.start], old, new, &mut rules),
        false => new,
    };
    let emptied = new.is_empty() || new.starts_with(['\n', '\r']);
    // What stays of the line after the range (a comment) keeps the line's indentation, and
    // the spaces before it go with what was deleted.
    let rest = &text[m.range.end..];
    let rest_stays = !text[..m.range.end].ends_with(['\n', '\r'])
        && !rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())]
            .trim()
            .is_empty();
    let start = if indented && emptied && ls >= m.range.start && !rest_stays {
        ls
    } else {
        hit.start
    };
    let mut out = String::with_capacity(m.range.len() + new.len());
    out.push_str(&text[m.range.start..start]);
    let tail = match new.is_empty() && rest_stays {
        true => "",
        false => without_orphan_terminator(&text[hit.end..m.range.end], old, &new),
    };
    match annotated_line_end(old, &new, tail).filter(|_| is_comment(tail, comments)) {
        // The comment after `old` on its line stays on the line of `new` that stands for
        // `old`'s, not on `new`'s last line.
        Some(at) => {
            rules.push(COMMENT_ON_ITS_LINE.name);
            out.push_str(&new[..at]);
            out.push_str(tail);
            out.push_str(&new[at..]);
        }
        None => {
            out.push_str(&new);
            out.push_str(tail);
        }
    }
    (out, rules)
}

/// [`at_the_file_s_depth`], recording [`AT_THE_FILE_S_DEPTH`] in `rules` when it changed `new`.
fn depth_recorded<'a>(
    file_indent: &str,
    old: &str,
    new: std::borrow::Cow<'a, str>,
    rules: &mut Vec<&'static str>,
) -> std::borrow::Cow<'a, str> {
    let sent = new.to_string();
    let deeper = at_the_file_s_depth(file_indent, old, new);
    if deeper != sent.as_str() {
        rules.push(AT_THE_FILE_S_DEPTH.name);
    }
    deeper
}

/// `new` re-indented into the file where the model copied a one-line `old` after its
/// indentation and wrote `new`'s further lines at its own depth: `new` repeats `old` on a later
/// line at indentation `mine` (`const b = 2;\n    const a = 1;` for `const a = 1;`), so
/// `mine` is where the model thinks `old`'s line stands, and every further line starting
/// with `mine` has it replaced by the file's indentation of that line (`file_indent`), a
/// deeper part converted from the model's unit to the file's. Unchanged when `new` does not
/// repeat `old` that way, a line is shallower than `mine`, or the units cannot be read.
fn at_the_file_s_depth<'a>(
    file_indent: &str,
    old: &str,
    new: std::borrow::Cow<'a, str>,
) -> std::borrow::Cow<'a, str> {
    let indent_of = |l: &str| l[..l.len() - l.trim_start_matches([' ', '\t']).len()].to_string();
    let one_line = old.trim();
    let lines: Vec<&str> = new.split('\n').collect();
    // A first line that opens a block (`if (ok) {`, `if cond:`) holds the repeat deeper.
    if lines[0].trim_end().ends_with(['{', ':', '(', '[']) {
        return new;
    }
    if old.starts_with([' ', '\t']) || old.trim_end_matches(['\r', '\n']).contains('\n') {
        return new;
    }
    let mine = match lines
        .iter()
        .skip(1)
        .find(|l| l.trim_end_matches('\r').trim() == one_line)
    {
        Some(l) => indent_of(l),
        None => match same_width_respelled(file_indent, &lines[1..]) {
            Some(mine) => mine,
            None => return new,
        },
    };
    if mine.is_empty() || mine == file_indent {
        return new;
    }
    // The model's unit: its indentation is one or more of them (four spaces, two, a tab).
    let unit = match mine.as_str() {
        m if m.chars().all(|c| c == '\t') => "\t".to_string(),
        m if m.len() % 4 == 0 && m.chars().all(|c| c == ' ') => "    ".to_string(),
        m if m.len() % 2 == 0 && m.chars().all(|c| c == ' ') => "  ".to_string(),
        _ => return new,
    };
    let depth = mine.len() / unit.len();
    let file_unit = match file_indent {
        f if f.chars().all(|c| c == '\t') => "\t".to_string(),
        f if f.chars().all(|c| c == ' ') && f.len() % depth == 0 => " ".repeat(f.len() / depth),
        _ => return new,
    };
    let mut out = String::with_capacity(new.len());
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let trimmed = line.trim_start_matches([' ', '\t']);
        if i == 0 || trimmed.trim_end_matches('\r').is_empty() {
            out.push_str(line);
            continue;
        }
        let Some(extra) = line.strip_prefix(mine.as_str()).map(indent_of) else {
            return new;
        };
        if !extra.is_empty() && (extra.len() % unit.len() != 0 || !extra.starts_with(&unit[..1])) {
            return new;
        }
        out.push_str(file_indent);
        out.push_str(&file_unit.repeat(extra.len() / unit.len()));
        out.push_str(trimmed);
    }
    out.into()
}

/// Where `new` does not repeat `old`: the file's indentation of `old`'s line spelled the other
/// way (tabs as four spaces each, or four spaces as a tab) when `new`'s further lines are
/// indented that way, at least as deep — the model wrote them at `old`'s line's width in its
/// own characters (`\tconst a = 1;` found, `const a = 1;\n    const b = 2;` sent).
fn same_width_respelled(file_indent: &str, further: &[&str]) -> Option<String> {
    let mine = match file_indent {
        f if !f.is_empty() && f.chars().all(|c| c == '\t') => " ".repeat(4 * f.len()),
        f if !f.is_empty() && f.len() % 4 == 0 && f.chars().all(|c| c == ' ') => {
            "\t".repeat(f.len() / 4)
        }
        _ => return None,
    };
    let code: Vec<&&str> = further
        .iter()
        .filter(|l| !l.trim_end_matches('\r').trim().is_empty())
        .collect();
    (!code.is_empty() && code.iter().all(|l| l.starts_with(mine.as_str()))).then_some(mine)
}

/// What follows `old` on its last line, less the `;` that ended `old`'s last statement when
/// `new` no longer has that statement: `new` ends in a comment line (or is empty) where `old`
/// ended in code. The `;` belonged to the statement the model deleted; left behind it would be
/// an empty statement after a comment (`/** doc */;`).
fn without_orphan_terminator<'t>(tail: &'t str, old: &str, new: &str) -> &'t str {
    let last_line = |s: &str| {
        s.trim_end()
            .rsplit(['\n', '\r'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let is_comment = |l: &str| l.starts_with("//") || l.starts_with("/*") || l.ends_with("*/");
    let (old_last, new_last) = (last_line(old), last_line(new));
    let statement_gone = !old_last.is_empty()
        && !is_comment(&old_last)
        && !old_last.ends_with([';', '{', '}', ','])
        && (new.trim().is_empty() || is_comment(&new_last));
    let spaces = tail.len() - tail.trim_start_matches([' ', '\t']).len();
    match tail[spaces..].strip_prefix(';') {
        Some(rest) if statement_gone => rest,
        _ => tail,
    }
}

/// Where in `new` (with several lines) the `tail` that followed the break-less `old` on its
/// line (a comment, trailing spaces) goes: the end of `new`'s line equal to `old` (spaces
/// aside), else of the line most like it. `None` without a tail.
/// Whether what follows `old` on its line is a comment of the file's language (its line
/// comment opener, or `/*` where `//` is one), not code: a `;` after `old` stays where the
/// literal replacement puts it, after `new`.
fn is_comment(tail: &str, comments: &[&str]) -> bool {
    let tail = tail.trim_start_matches([' ', '\t']);
    comments.iter().any(|c| tail.starts_with(c))
        || (comments.contains(&"//") && tail.starts_with("/*"))
}

fn annotated_line_end(old: &str, new: &str, tail: &str) -> Option<usize> {
    if tail.is_empty() || old.contains(['\n', '\r']) {
        return None;
    }
    let lines = crate::text::lines::split_lines(new);
    if lines.len() < 2 {
        return None;
    }
    let likeness = |l: &&crate::text::lines::Line| {
        let content = l.content(new).trim();
        let same = similar::TextDiff::from_chars(old.trim(), content).ratio();
        (content == old.trim(), (same * 1000.0) as u32)
    };
    // The first of the most alike.
    let line = lines.iter().rev().max_by_key(likeness)?;
    Some(line.content_end)
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
/// before it): `\r\n`, `\n` or a lone `\r`; `None` in a text without line breaks.
fn line_ending_at(text: &str, hit: &Range<usize>) -> Option<&'static str> {
    let of = |at: usize| match &text.as_bytes()[at..] {
        [b'\r', b'\n', ..] => "\r\n",
        [b'\r', ..] => "\r",
        _ => "\n",
    };
    if let Some(i) = text[hit.end..].find(['\n', '\r']) {
        return Some(of(hit.end + i));
    }
    let before = text[..hit.start].trim_end_matches(|c| c != '\n' && c != '\r');
    let last = before.len().checked_sub(1)?;
    match (
        before.as_bytes()[last],
        last.checked_sub(1).map(|p| before.as_bytes()[p]),
    ) {
        (b'\n', Some(b'\r')) => Some("\r\n"),
        (b'\n', _) => Some("\n"),
        _ => Some("\r"),
    }
}

/// The one spelling of every line break of `s` (`\r\n`, `\n` or a lone `\r`); `None` when
/// it has none or several.
fn break_style(s: &str) -> Option<&'static str> {
    let mut style = None;
    for line in crate::text::lines::split_lines(s) {
        let Some(eol) = crate::text::Eol::of(line.eol(s)) else {
            continue;
        };
        if style.is_some_and(|st| st != eol) {
            return None;
        }
        style = Some(eol);
    }
    style.map(crate::text::Eol::as_str)
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
    use crate::locate::exact;
    use crate::text::lines::LineIndex;

    fn run(text: &str, old: &str, new: &str) -> String {
        let [m] = &exact::find(text, &LineIndex::new(text), old, Some(new), &[])[..] else {
            panic!("not unique")
        };
        let hit = m.exact.clone().expect("exact");
        let (with, _) = write(text, m, &hit, (old, new), &["//", "#"]);
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
    fn lines_new_adds_at_old_s_width_take_the_file_s_tabs() {
        // `new` does not repeat `old`: its further lines at the width of `old`'s line, in
        // spaces, stand at that line's depth in the file's tabs.
        let text = "function f() {\n\tconst a = 1;\n\treturn a;\n}\n";
        assert_eq!(
            run(
                text,
                "const a = 1;\n",
                "const a = 1;\n    if (a) {\n        g();\n    }\n"
            ),
            "function f() {\n\tconst a = 1;\n\tif (a) {\n\t\tg();\n\t}\n\treturn a;\n}\n"
        );
    }

    #[test]
    fn lines_new_writes_at_the_model_s_depth_take_the_file_s() {
        let text = "function f() {\n\tconst a = 1;\n\treturn a;\n}\n";
        assert_eq!(
            run(text, "const a = 1;", "const b = 2;\n    const a = 1;"),
            "function f() {\n\tconst b = 2;\n\tconst a = 1;\n\treturn a;\n}\n"
        );
        let text = "if (x) {\n  const a = 1;\n}\n";
        assert_eq!(
            run(
                text,
                "const a = 1;",
                "g();\n    if (y) {\n        h();\n    }\n    const a = 1;"
            ),
            "if (x) {\n  g();\n  if (y) {\n    h();\n  }\n  const a = 1;\n}\n"
        );
    }

    #[test]
    fn a_deleted_statement_takes_its_semicolon_along() {
        let text = "const A = 1;\n/** doc */\nexport const f = (v: any) => !!v;\nconst B = 2;\n";
        assert_eq!(
            run(
                text,
                "/** doc */\nexport const f = (v: any) => !!v",
                "/** doc */"
            ),
            "const A = 1;\n/** doc */\nconst B = 2;\n"
        );
        // The statement stays (edited): its `;` stays.
        assert_eq!(
            run(
                text,
                "export const f = (v: any) => !!v",
                "export const f = (v: any) => !v"
            ),
            "const A = 1;\n/** doc */\nexport const f = (v: any) => !v;\nconst B = 2;\n"
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
    fn line_breaks_follow_the_file_not_new() {
        // `old` copied with the file's CRLF, `new` written with LF.
        let text = "a = 1\r\nb = 2\r\nc = 3\r\n";
        assert_eq!(
            run(text, "a = 1\r\nb = 2", "a = 1\nb = 3"),
            "a = 1\r\nb = 3\r\nc = 3\r\n"
        );
        // A lone-CR file: a break-less `old` takes the line's lone CR.
        let text = "a = 1\rb = 2\r";
        assert_eq!(run(text, "b = 2", "b = 2\nc = 3"), "a = 1\rb = 2\rc = 3\r");
        // Mixed breaks in `new` stay as sent.
        let text = "a = 1\r\nb = 2\r\n";
        assert_eq!(
            run(text, "a = 1\r\nb = 2", "a = 1\nx\r\nb = 2"),
            "a = 1\nx\r\nb = 2\r\n"
        );
    }

    #[test]
    fn deleting_what_stands_before_a_comment_keeps_the_comment_at_the_line_s_depth() {
        let text = "config = {\n    \"debug\": True,  # never in prod\n    \"workers\": 4,\n}\n";
        let old = "\"debug\": True,";
        let [m] = &exact::find(text, &LineIndex::new(text), old, Some(""), &[])[..] else {
            panic!("not unique")
        };
        let (with, _) = write(text, m, m.exact.as_ref().unwrap(), (old, ""), &["//", "#"]);
        let out = format!("{}{with}{}", &text[..m.range.start], &text[m.range.end..]);
        assert_eq!(
            out,
            "config = {\n    # never in prod\n    \"workers\": 4,\n}\n"
        );
        // A whole line and the next one's indentation are another matter.
        let text = "match c {\n    // stop\n    A => a(),\n}\n";
        assert_eq!(run(text, "// stop\n    A => a(),\n", ""), "match c {\n}\n");
    }

    #[test]
    fn a_comment_after_old_stays_on_its_line() {
        let comments = ["#"];
        let run = |text: &str, old: &str, new: &str| {
            let [m] = &exact::find(text, &LineIndex::new(text), old, Some(new), &comments)[..]
            else {
                panic!("not unique")
            };
            let (with, _) = write(text, m, m.exact.as_ref().unwrap(), (old, new), &["//", "#"]);
            format!("{}{with}{}", &text[..m.range.start], &text[m.range.end..])
        };
        let text = "x = 1  # the count\nz = 3\n";
        assert_eq!(
            run(text, "x = 1", "x = 1\ny = 2"),
            "x = 1  # the count\ny = 2\nz = 3\n"
        );
        assert_eq!(
            run(text, "x = 1", "w = 0\nx = 1"),
            "w = 0\nx = 1  # the count\nz = 3\n"
        );
        assert_eq!(
            run(text, "x = 1", "x = 2\ny = 2"),
            "x = 2  # the count\ny = 2\nz = 3\n"
        );
        // One line for one line: the exact replacement, comment where it was.
        assert_eq!(run(text, "x = 1", "x = 2"), "x = 2  # the count\nz = 3\n");
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

    #[test]
    fn the_rules_that_wrote_are_named() {
        let written = |text: &str, old: &str, new: &str, comments: &[&str]| {
            let [m] = &exact::find(text, &LineIndex::new(text), old, Some(new), comments)[..]
            else {
                panic!("not unique")
            };
            let (with, rules) = write(text, m, m.exact.as_ref().unwrap(), (old, new), comments);
            let out = format!("{}{with}{}", &text[..m.range.start], &text[m.range.end..]);
            (out, rules)
        };
        let text = "function f() {\n\tconst a = 1;\n\treturn a;\n}\n";
        let (out, rules) = written(text, "const a = 1;", "const b = 2;\n    const a = 1;", &[]);
        assert_eq!(
            out,
            "function f() {\n\tconst b = 2;\n\tconst a = 1;\n\treturn a;\n}\n"
        );
        assert_eq!(rules, ["exact_occurrence", "at_the_file_s_depth"]);
        let text = "x = 1  # the count\nz = 3\n";
        let (out, rules) = written(text, "x = 1", "w = 0\nx = 1", &["#"]);
        assert_eq!(out, "w = 0\nx = 1  # the count\nz = 3\n");
        assert_eq!(rules, ["exact_occurrence", "comment_on_its_line"]);
        let (out, rules) = written("x = 1\nz = 3\n", "x = 1", "x = 2", &[]);
        assert_eq!(out, "x = 2\nz = 3\n");
        assert_eq!(rules, ["exact_occurrence"]);
    }
}
