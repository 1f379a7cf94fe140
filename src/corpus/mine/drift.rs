//! Drifts of the file on disk, applied to a mined edit: the file the edit is sent against
//! and the file it must come to, each derived from first principles (corpus/README.md,
//! "Text drifts"): `crlf` (the whole file CRLF), `tabs` (the file indented with tabs — or,
//! for a tab-indented file, `old`/`new` sent with 4 spaces), `trailing-ws` (trailing spaces
//! on the context lines, which `new` leaves unchanged, kept in the expected file), `dedent`
//! (`old`/`new` sent without their common indentation). `stale` and the formatter are not
//! text transforms: the miner builds them from the revisions (see `mine::cases`).

use super::edit::MinedEdit;

/// A drift chosen by `--drift`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Drift {
    /// The file as it was before the edit.
    Exact,
    /// CRLF line endings.
    Crlf,
    /// Tab indentation (or spaces in `old`/`new` for a tab-indented file).
    Tabs,
    /// Trailing whitespace on the unchanged lines of the region.
    TrailingWs,
    /// `old`/`new` without their common indentation.
    Dedent,
    /// The file is the later revision with just this hunk reverted.
    Stale,
    /// The file is the formatter's output (`--formatter`).
    Formatter,
}

/// Every drift `--drift` names, in the order the miner cycles through them.
pub const ALL: [Drift; 6] = [
    Drift::Exact,
    Drift::Crlf,
    Drift::Tabs,
    Drift::TrailingWs,
    Drift::Dedent,
    Drift::Stale,
];

impl Drift {
    /// The name `--drift` takes and `case.toml` records (the formatter's drift is named by
    /// its command, see `formatter_name`).
    pub fn name(self) -> &'static str {
        match self {
            Drift::Exact => "exact",
            Drift::Crlf => "crlf",
            Drift::Tabs => "tabs",
            Drift::TrailingWs => "trailing-ws",
            Drift::Dedent => "dedent",
            Drift::Stale => "stale",
            Drift::Formatter => "formatter",
        }
    }

    /// The drift named `name` (`formatter` is chosen by `--formatter`, not by name).
    pub fn from_name(name: &str) -> Option<Drift> {
        ALL.into_iter().find(|d| d.name() == name.trim())
    }
}

/// The drift name of a formatter command: its program's file name (`prettier`, `black`).
pub(super) fn formatter_name(command: &str) -> String {
    let program = command.split_whitespace().next().unwrap_or("formatter");
    program.rsplit('/').next().unwrap_or(program).to_string()
}

/// What a text drift makes of an edit: the file sent against, the file expected, and the
/// edit's texts as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Drifted {
    /// The file on disk.
    pub file: String,
    /// The whole file after the edit.
    pub expected: String,
    /// `old` as sent.
    pub old: String,
    /// `new` as sent.
    pub new: String,
}

/// `drift` applied to `edit` on `base` (whose intended result is `intended`), or `None`
/// when the drift does not apply to it (nothing to drift, or an answer that would not be
/// certain).
pub(super) fn apply(
    drift: Drift,
    base: &[&str],
    intended: &str,
    edit: &MinedEdit,
) -> Option<Drifted> {
    let plain = || Drifted {
        file: base.concat(),
        expected: intended.to_string(),
        old: edit.old.clone(),
        new: edit.new.clone(),
    };
    match drift {
        Drift::Exact | Drift::Stale => Some(plain()),
        Drift::Crlf => {
            let crlf = |s: &str| s.replace('\n', "\r\n");
            let d = plain();
            Some(Drifted {
                file: crlf(&d.file),
                expected: crlf(&d.expected),
                ..d
            })
        }
        Drift::Tabs => tabs(plain()),
        Drift::TrailingWs => trailing_ws(base, intended, edit),
        Drift::Dedent => dedent(plain(), edit),
        Drift::Formatter => None,
    }
}

/// Leading whitespace of a line.
fn indentation(line: &str) -> &str {
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// Each line of `text` with its leading indentation rewritten by `rewrite`.
fn reindent(text: &str, rewrite: impl Fn(&str) -> String) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            let indent = indentation(line);
            format!("{}{}", rewrite(indent), &line[indent.len()..])
        })
        .collect()
}

/// The `tabs` drift (see the module docs).
fn tabs(d: Drifted) -> Option<Drifted> {
    let file_uses_tabs = d.file.lines().any(|l| l.starts_with('\t'));
    if file_uses_tabs {
        let spaces = |indent: &str| indent.replace('\t', "    ");
        if !d.old.lines().any(|l| indentation(l).contains('\t')) {
            return None;
        }
        return Some(Drifted {
            old: reindent(&d.old, spaces),
            new: reindent(&d.new, spaces),
            ..d
        });
    }
    let two = d.file.lines().any(|l| indentation(l).len() % 4 == 2);
    let unit = if two { 2 } else { 4 };
    let tabify = |indent: &str| {
        if indent.contains('\t') {
            return indent.to_string();
        }
        format!(
            "{}{}",
            "\t".repeat(indent.len() / unit),
            " ".repeat(indent.len() % unit)
        )
    };
    if !d.old.lines().any(|l| indentation(l).len() >= unit) {
        return None;
    }
    Some(Drifted {
        file: reindent(&d.file, tabify),
        expected: reindent(&d.expected, tabify),
        ..d
    })
}

/// The `trailing-ws` drift: two spaces (or a tab) at the end of the context lines.
///
/// A context line whose text another line of `old` repeats stays as it is: where `new` keeps
/// one of two equal lines, which of the file's two survives is a choice of the diff that
/// `old` and `new` do not state (`//!`, `//!`, `//!` becoming one `//!`), so padding it would
/// make the expected file depend on that choice.
fn trailing_ws(base: &[&str], intended: &str, edit: &MinedEdit) -> Option<Drifted> {
    let (above, below) = edit.context;
    let span: Vec<&str> = base[edit.span.clone()]
        .iter()
        .map(|l| l.trim_end())
        .collect();
    let repeated = |line: &str| span.iter().filter(|&&l| l == line.trim_end()).count() > 1;
    let new_lines = edit.replacement.split_inclusive('\n').count();
    let file_lines: Vec<usize> = (edit.span.start..edit.span.start + above)
        .chain(edit.span.end - below..edit.span.end)
        .collect();
    let expected_lines: Vec<usize> = (edit.span.start..edit.span.start + above)
        .chain(edit.span.start + new_lines - below..edit.span.start + new_lines)
        .collect();
    let pad = |line: &str, k: usize| -> Option<String> {
        let body = line.trim_end_matches('\n');
        if body.trim().is_empty()
            || body.ends_with('\\')
            || body.ends_with([' ', '\t'])
            || repeated(body)
        {
            return None;
        }
        Some(format!(
            "{body}{}{}",
            ["  ", "\t", " "][k % 3],
            &line[body.len()..]
        ))
    };
    let mut file: Vec<String> = base.iter().map(|l| l.to_string()).collect();
    let mut expected: Vec<String> = intended.split_inclusive('\n').map(str::to_string).collect();
    let mut padded = 0;
    for (k, (&f, &e)) in file_lines.iter().zip(&expected_lines).enumerate() {
        if let (Some(p), true) = (pad(&file[f], k), file[f] == expected[e]) {
            file[f] = p.clone();
            expected[e] = p;
            padded += 1;
        }
    }
    (padded > 0).then(|| Drifted {
        file: file.concat(),
        expected: expected.concat(),
        old: edit.old.clone(),
        new: edit.new.clone(),
    })
}

/// The `dedent` drift: `old`/`new` without the indentation all their lines share.
fn dedent(d: Drifted, edit: &MinedEdit) -> Option<Drifted> {
    if edit.shapes.contains(&"mid-line-start") {
        return None;
    }
    let indents = d
        .old
        .lines()
        .chain(d.new.lines())
        .filter(|l| !l.trim().is_empty())
        .map(indentation);
    let common = indents.reduce(|a, b| {
        let n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
        &a[..n]
    })?;
    if common.is_empty() {
        return None;
    }
    let strip = |text: &str| -> String {
        text.split_inclusive('\n')
            .map(|l| l.strip_prefix(common).unwrap_or(l))
            .collect()
    };
    Some(Drifted {
        old: strip(&d.old),
        new: strip(&d.new),
        ..d
    })
}

#[cfg(test)]
mod tests {
    use super::super::edit::{Shape, edit_for};
    use super::super::hunks::{Hunk, lines};
    use super::super::sample::Sampler;
    use super::*;

    fn sample_edit(before: &[&str], after: &[&str], hunk: Hunk) -> MinedEdit {
        let shape = Shape {
            no_final_newline: true,
            mid_line_start: false,
        };
        let mut sampler = Sampler::new(7, "drift");
        edit_for(before, after, &hunk, &mut sampler, shape).unwrap()
    }

    #[test]
    fn tabs_and_trailing_whitespace_drift_the_file_and_the_expected_file_alike() {
        let before = lines("fn f() {\n    let a = 1;\n    let b = 2;\n    a + b\n}\n");
        let after = lines("fn f() {\n    let a = 1;\n    let b = 3;\n    a + b\n}\n");
        let edit = sample_edit(
            &before,
            &after,
            Hunk {
                old: 2..3,
                new: 2..3,
            },
        );
        let intended = edit.intended(&before);
        let t = apply(Drift::Tabs, &before, &intended, &edit).unwrap();
        assert_eq!(t.file, "fn f() {\n\tlet a = 1;\n\tlet b = 2;\n\ta + b\n}\n");
        assert_eq!(
            t.expected,
            "fn f() {\n\tlet a = 1;\n\tlet b = 3;\n\ta + b\n}\n"
        );
        let one_line = MinedEdit {
            old: "    let b = 2;".into(),
            new: "    let b = 3;".into(),
            span: 2..3,
            replacement: "    let b = 3;\n".into(),
            context: (0, 0),
            shapes: vec!["no-final-newline"],
        };
        let d = apply(Drift::Dedent, &before, &intended, &one_line).unwrap();
        assert_eq!(
            (d.old.as_str(), d.new.as_str()),
            ("let b = 2;", "let b = 3;")
        );
        assert_eq!((d.file, d.expected), (before.concat(), intended.clone()));
        let crlf = apply(Drift::Crlf, &before, &intended, &edit).unwrap();
        assert_eq!(
            crlf.expected,
            "fn f() {\r\n    let a = 1;\r\n    let b = 3;\r\n    a + b\r\n}\r\n"
        );
    }

    #[test]
    fn trailing_whitespace_goes_on_context_lines_only() {
        let before = lines("a = 1\nb = 2\nc = 3\n");
        let after = lines("a = 1\nb = 5\nc = 3\n");
        let mut edit = sample_edit(
            &before,
            &after,
            Hunk {
                old: 1..2,
                new: 1..2,
            },
        );
        edit.context = (1, 1);
        edit.span = 0..3;
        edit.replacement = "a = 1\nb = 5\nc = 3\n".into();
        let intended = edit.intended(&before);
        let t = apply(Drift::TrailingWs, &before, &intended, &edit).unwrap();
        assert_eq!(t.file, "a = 1  \nb = 2\nc = 3\t\n");
        assert_eq!(t.expected, "a = 1  \nb = 5\nc = 3\t\n");
    }

    #[test]
    fn a_context_line_old_repeats_is_not_padded() {
        let before = lines("a\n//!\nb\n//!\nc\n");
        let after = lines("a\n//!\nc\n");
        let mut edit = sample_edit(
            &before,
            &after,
            Hunk {
                old: 2..4,
                new: 2..2,
            },
        );
        edit.context = (2, 1);
        edit.span = 0..5;
        edit.replacement = "a\n//!\nc\n".into();
        let intended = edit.intended(&before);
        let t = apply(Drift::TrailingWs, &before, &intended, &edit).unwrap();
        assert_eq!(t.file, "a  \n//!\nb\n//!\nc \n");
        assert_eq!(t.expected, "a  \n//!\nc \n");
    }
}
