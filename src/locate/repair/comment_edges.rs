//! Comment edges: `old` copied from the middle of a block comment or a Python docstring — it
//! starts inside one (its first lines end it: ` */`, ` * Invokes …`, `    \"\"\"`) or ends inside
//! one (its last lines open it, `/**`, `\"\"\"Deserialize…`, and stop) — and `new` repeats those
//! lines unchanged. The partial comment
//! reads as code to a tokenizer (`*/` as operators, `/**` as the start of a regex or an
//! unterminated comment), so no tier finds `old`. The repair strips those lines from both
//! `old` and `new` (the edit is the same without them) and keeps them as evidence: the located
//! place must have them right next to it in the file (`Edges::check`), or the attempt finds
//! nothing.

use super::text::{Edges, Text};

/// `old` and `new` without the partial comment lines at `old`'s edges that `new` repeats, or
/// why the repair does not apply.
pub(crate) fn apply(text: &Text) -> Result<Text, String> {
    let new = text.new.as_deref().unwrap_or(&text.old);
    let old_lines: Vec<&str> = text.old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let head = comment_tail_lines(&old_lines).max(string_tail_lines(&old_lines));
    let tail = comment_head_lines(&old_lines[head..]).max(string_head_lines(&old_lines[head..]));
    if head == 0 && tail == 0 {
        return Err(
            "`old` neither starts inside a block comment or triple-quoted string nor ends in one"
                .to_string(),
        );
    }
    let same = |a: &str, b: &str| a.trim_end() == b.trim_end();
    let kept_before =
        head <= new_lines.len() && (0..head).all(|i| same(old_lines[i], new_lines[i]));
    let kept_after = tail <= new_lines.len().saturating_sub(head)
        && (1..=tail).all(|i| {
            same(
                old_lines[old_lines.len() - i],
                new_lines[new_lines.len() - i],
            )
        });
    if !kept_before || !kept_after {
        return Err("`new` changes the partial comment lines at `old`'s edges".to_string());
    }
    let rest = |lines: &[&str], from: usize, to: usize| -> String {
        let body: String = lines[from..to].concat();
        // The line break before a stripped tail belongs to the comment's line, not to `old`.
        match tail > 0 {
            true => body
                .strip_suffix('\n')
                .map(|b| b.strip_suffix('\r').unwrap_or(b))
                .unwrap_or(&body)
                .to_string(),
            false => body,
        }
    };
    let old = rest(&old_lines, head, old_lines.len() - tail);
    if old.trim().is_empty() {
        return Err("`old` is only the partial comment".to_string());
    }
    let stripped = |lines: &[&str]| lines.iter().map(|l| l.trim().to_string()).collect();
    Ok(Text {
        old,
        new: text
            .new
            .as_ref()
            .map(|_| rest(&new_lines, head, new_lines.len() - tail)),
        numbers: text.numbers,
        edges: Some(Edges {
            before: stripped(&old_lines[..head]),
            after: stripped(&old_lines[old_lines.len() - tail..]),
        }),
    })
}

/// The triple quote a line holds once (`"""` or `\'\'\'`), if any.
fn lone_triple(line: &str) -> Option<&'static str> {
    ["\"\"\"", "\'\'\'"]
        .into_iter()
        .find(|q| line.matches(q).count() == 1)
}

/// How many of `lines` from the start end a Python triple-quoted string (a docstring) opened
/// before them: up to and including the first line holding a triple quote, when that line
/// holds it once and ends with it, and no line before holds one.
fn string_tail_lines(lines: &[&str]) -> usize {
    let Some(at) = lines
        .iter()
        .position(|l| l.contains("\"\"\"") || l.contains("\'\'\'"))
    else {
        return 0;
    };
    let closer = lone_triple(lines[at]).is_some_and(|q| lines[at].trim_end().ends_with(q));
    if closer { at + 1 } else { 0 }
}

/// How many of `lines` at the end open a triple-quoted string `old` does not close: from the
/// last line holding a triple quote (once, not at the line's end) to the end.
fn string_head_lines(lines: &[&str]) -> usize {
    let Some(at) = lines
        .iter()
        .rposition(|l| l.contains("\"\"\"") || l.contains("\'\'\'"))
    else {
        return 0;
    };
    let opener = lone_triple(lines[at])
        .is_some_and(|q| !lines[at].trim_end().ends_with(q) || lines[at].trim() == q);
    let odd = lines
        .iter()
        .map(|l| l.matches("\"\"\"").count() + l.matches("\'\'\'").count())
        .sum::<usize>()
        % 2
        == 1;
    if opener && odd && at > 0 {
        lines.len() - at
    } else {
        0
    }
}

/// How many of `lines` from the start end a block comment opened before them: up to and
/// including the first line with `*/`, when no line before it opens one (`/*`). Blank lines
/// count only when the comment ends.
fn comment_tail_lines(lines: &[&str]) -> usize {
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.contains("/*") {
            return 0;
        }
        if t.contains("*/") {
            // Only the comment itself: nothing after its end on that line.
            return if t.ends_with("*/") { i + 1 } else { 0 };
        }
        if !t.starts_with('*') {
            return 0;
        }
    }
    0
}

/// How many of `lines` at the end open a block comment that `old` does not close: from the
/// last line starting with `/*` that has no `*/` after it, to the end (blank lines after the
/// text count as its own).
fn comment_head_lines(lines: &[&str]) -> usize {
    let Some(open) = lines.iter().rposition(|l| l.trim_start().starts_with("/*")) else {
        return 0;
    };
    let rest = &lines[open..];
    if rest.iter().any(|l| l.contains("*/")) || open == 0 {
        return 0;
    }
    let body_ok = rest[1..]
        .iter()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('*'));
    if body_ok { rest.len() } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(old: &str, new: &str) -> Result<Text, String> {
        apply(&Text::new(old, Some(new)))
    }

    #[test]
    fn a_comment_s_closing_line_is_stripped_from_both_sides() {
        let t = edit(" */\nexport const size = 1", " */\nexport const size = 2").unwrap();
        assert_eq!(t.old, "export const size = 1");
        assert_eq!(t.new.as_deref(), Some("export const size = 2"));
        let edges = t.edges.unwrap();
        assert_eq!(edges.before, [" */".trim()]);
        assert!(edges.after.is_empty());
    }

    #[test]
    fn a_comment_s_opening_line_at_the_end_is_stripped() {
        let t = edit(
            "const a = 1;\n\n/**\n",
            "const a = 1;\n\nconst b = 2;\n\n/**\n",
        )
        .unwrap();
        assert_eq!(t.old, "const a = 1;\n");
        assert_eq!(t.new.as_deref(), Some("const a = 1;\n\nconst b = 2;\n"));
        assert_eq!(t.edges.unwrap().after, ["/**"]);
    }

    #[test]
    fn a_docstring_s_closing_and_opening_lines_are_stripped() {
        let t = edit(
            "    \"\"\"\n\n    def __init__(self, app: \"Flask\") -> None:",
            "    \"\"\"\n\n    def __init__(self, app: App) -> None:",
        )
        .unwrap();
        assert_eq!(t.old, "\n    def __init__(self, app: \"Flask\") -> None:");
        assert_eq!(t.edges.unwrap().before, ["\"\"\""]);
        let t = edit(
            "def f(a):\n    \"\"\"Do it.\n",
            "def f(a, b):\n    \"\"\"Do it.\n",
        )
        .unwrap();
        assert_eq!(t.old, "def f(a):");
        assert_eq!(t.edges.unwrap().after, ["\"\"\"Do it."]);
        assert!(
            edit(
                "    \"\"\"One line.\"\"\"\n    x = 1",
                "    \"\"\"One line.\"\"\"\n    x = 2"
            )
            .is_err()
        );
    }

    #[test]
    fn whole_comments_and_changed_edges_are_no_repair() {
        assert!(edit("/** doc */\nlet a = 1", "/** doc */\nlet a = 2").is_err());
        assert!(edit(" */\nlet a = 1", " * changed */\nlet a = 2").is_err());
        assert!(edit("let a = 1 */ 2", "let a = 2 */ 2").is_err());
    }

    #[test]
    fn the_file_must_have_the_stripped_lines_around_the_place() {
        let edges = Edges {
            before: vec!["*/".into()],
            after: vec!["/**".into()],
        };
        let file = "/**\n * doc\n */\nlet a = 1\n\n/**\n * more\n */\n";
        assert!(edges.check(file, 3, 3));
        assert!(!edges.check("let a = 1\n", 0, 0));
    }
}
