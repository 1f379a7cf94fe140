//! Unified diffs, as `diff -u`, `git diff` and models write them:
//!
//! ```text
//! --- a/src/app.py
//! +++ b/src/app.py
//! @@ -12,3 +12,3 @@ def total(xs):
//!      s = 0
//! -    return sum(xs)
//! +    return sum(xs) * tax
//! ```
//!
//! Rules:
//! - A file starts at `--- path` directly followed by `+++ path` (`a/` and `b/` prefixes and
//!   a tab-separated timestamp are dropped); `diff --git`, `index`, mode and similarity lines
//!   before it are skipped. `--- /dev/null` adds the file, `+++ /dev/null` deletes it; git's
//!   `rename from` / `rename to` (or different `---`/`+++` paths) move it.
//! - Each hunk (`@@ -l[,n] +l[,n] @@`) becomes one [`Edit`]: `old` = its context and `-`
//!   lines, `new` = its context and `+` lines. The line numbers are a hint only
//!   ([`Edit::line_hint`]: they break a tie between equal places near line `l`) and the counts
//!   are not checked: models miscount, and the text decides. Text after the closing `@@` is
//!   ignored (it is `diff -p`'s function name, not a constraint).
//! - An empty line inside a hunk is an empty context line; empty lines ending it are dropped.
//!   `\ No newline at end of file` removes the line ending of the line before it.
//! - Hunks before any file header (`@@ …` first, as models often send a diff) are edits
//!   of the file given on the command line.
//! - Malformed: a `---` without `+++`, a bad `@@` header, a hunk line without ` `, `-` or `+`,
//!   a file with no hunk, a hunk with nothing to locate it by (only `+` lines) in an existing
//!   file — each a [`FormatError`] naming its line.

use super::hunk;
use super::lines::{Line, first_non_blank, lines, quote};
use super::model::{Edit, FileOp, FilePatch, FormatError, Patch};
use std::path::PathBuf;

/// Whether `rest` starts with a unified diff's file header: `diff --git`, or a `--- ` line
/// directly followed by a `+++ ` line.
pub(super) fn is_file_header(rest: &[Line<'_>]) -> bool {
    match rest {
        [first, ..] if first.text.starts_with("diff --git ") => true,
        [first, second, ..] => first.text.starts_with("--- ") && second.text.starts_with("+++ "),
        _ => false,
    }
}

/// Whether `text` is hunks without a file header: its first non-blank line is a valid
/// `@@ -l,n +l,n @@` header.
pub(super) fn is_headerless(text: &str) -> bool {
    lines(text)
        .find(|l| !l.text.trim().is_empty())
        .is_some_and(|l| l.text.starts_with("@@ -") && range_start(l.text).is_some())
}

/// Parses a unified diff (see the module docs).
pub(super) fn parse(text: &str) -> Result<Patch, FormatError> {
    let all: Vec<Line<'_>> = lines(text).collect();
    let mut at = 0;
    let mut files = Vec::new();
    let mut rename: (Option<PathBuf>, Option<PathBuf>) = (None, None);
    while at < all.len() {
        let line = all[at];
        if let Some(from) = line.text.strip_prefix("rename from ") {
            rename.0 = Some(PathBuf::from(from.trim()));
        } else if let Some(to) = line.text.strip_prefix("rename to ") {
            rename.1 = Some(PathBuf::from(to.trim()));
        }
        if line.text.starts_with("diff --git ") {
            if let Some(file) = pure_rename(&mut rename) {
                files.push(file);
            }
        } else if line.text.starts_with("--- ") {
            let (file, next) = file_section(&all, at)?;
            if rename.0.is_some() && rename.0 != file.path {
                files.extend(pure_rename(&mut rename));
            }
            files.push(file);
            rename = (None, None);
            at = next;
            continue;
        } else if line.text.starts_with("@@") && files.is_empty() {
            // Hunks with no file header (as models often send them): the file given.
            let (edits, next) = hunks(&all, at)?;
            files.push(FilePatch {
                path: None,
                op: FileOp::Update(locatable(edits)?),
            });
            at = next;
            continue;
        } else if line.text.starts_with("@@") {
            return Err(FormatError::new(
                line.no,
                "`--- a/path` and `+++ b/path` before a hunk that follows another file's",
                quote(line.text),
            ));
        }
        at += 1;
    }
    if let Some(file) = pure_rename(&mut rename) {
        files.push(file);
    }
    if files.is_empty() {
        return Err(FormatError::new(
            1,
            "a `--- a/path` line",
            first_non_blank(text),
        ));
    }
    Ok(Patch { files })
}

/// A git rename without content changes (no `---`/`+++` follows it).
fn pure_rename(rename: &mut (Option<PathBuf>, Option<PathBuf>)) -> Option<FilePatch> {
    match std::mem::take(rename) {
        (Some(from), Some(to)) => Some(FilePatch {
            path: Some(from),
            op: FileOp::Move {
                to,
                edits: Vec::new(),
            },
        }),
        _ => None,
    }
}

/// A path of a `---`/`+++` line: `None` for `/dev/null`.
fn header_path(text: &str) -> Option<PathBuf> {
    let path = text[4..].split('\t').next().unwrap_or_default().trim();
    if path == "/dev/null" {
        return None;
    }
    let path = path
        .strip_prefix("a/")
        .or_else(|| path.strip_prefix("b/"))
        .unwrap_or(path);
    Some(PathBuf::from(path))
}

/// One file: its `---`/`+++` headers at `at` and its hunks; returns the index after them.
fn file_section(all: &[Line<'_>], at: usize) -> Result<(FilePatch, usize), FormatError> {
    let minus = all[at];
    let Some(plus) = all.get(at + 1).filter(|l| l.text.starts_with("+++ ")) else {
        let found = all
            .get(at + 1)
            .map_or("end of input".to_string(), |l| quote(l.text));
        return Err(FormatError::new(
            minus.no + 1,
            "`+++ b/path` after `---`",
            found,
        ));
    };
    let (from, to) = (header_path(minus.text), header_path(plus.text));
    let (edits, next) = hunks(all, at + 2)?;
    if edits.is_empty() {
        let found = all
            .get(next)
            .map_or("end of input".to_string(), |l| quote(l.text));
        return Err(FormatError::new(
            plus.no + 1,
            "a `@@ -l,n +l,n @@` hunk",
            found,
        ));
    }
    let op = file_op(from.as_ref(), to.as_ref(), edits, minus)?;
    let path = from.or(to);
    Ok((FilePatch { path, op }, next))
}

/// The hunks starting at `at` (each with the patch line of its `@@` header); returns them
/// and the index after the last.
fn hunks(all: &[Line<'_>], at: usize) -> Result<(Vec<(usize, Edit)>, usize), FormatError> {
    let mut next = at;
    let mut edits = Vec::new();
    while let Some(line) = all.get(next) {
        if !line.text.starts_with("@@") {
            break;
        }
        let (edit, after) = hunk(all, next)?;
        edits.push((line.no, edit));
        next = after;
    }
    Ok((edits, next))
}

/// What a file section does, by its header paths (`None`: `/dev/null`): add, delete,
/// move or update; `minus` is its `---` line, for the error of two `/dev/null`s.
fn file_op(
    from: Option<&PathBuf>,
    to: Option<&PathBuf>,
    edits: Vec<(usize, Edit)>,
    minus: Line<'_>,
) -> Result<FileOp, FormatError> {
    Ok(match (from, to) {
        (None, Some(_)) => FileOp::Add(edits.into_iter().map(|(_, e)| e.new).collect()),
        (Some(_), None) => FileOp::Delete {
            content: Some(edits.into_iter().map(|(_, e)| e.old).collect()),
        },
        (Some(f), Some(t)) if f != t => FileOp::Move {
            to: t.clone(),
            edits: locatable(edits)?,
        },
        (Some(_), Some(_)) => FileOp::Update(locatable(edits)?),
        (None, None) => {
            return Err(FormatError::new(
                minus.no,
                "a path that is not `/dev/null`",
                quote(minus.text),
            ));
        }
    })
}

/// The edits (with the patch line of their `@@` header) when each has something to locate
/// it by.
fn locatable(edits: Vec<(usize, Edit)>) -> Result<Vec<Edit>, FormatError> {
    if let Some((header, _)) = edits.iter().find(|(_, e)| e.old.is_empty()) {
        return Err(FormatError::new(
            *header,
            "a context (` `) or removed (`-`) line in each hunk of an existing file",
            "a hunk of only added (`+`) lines",
        ));
    }
    Ok(edits.into_iter().map(|(_, e)| e).collect())
}

/// One hunk starting at its `@@` header; returns the edit and the index after the hunk.
fn hunk(all: &[Line<'_>], at: usize) -> Result<(Edit, usize), FormatError> {
    let header = all[at];
    let start = range_start(header.text).ok_or_else(|| {
        FormatError::new(
            header.no,
            "a hunk header `@@ -l,n +l,n @@`",
            quote(header.text),
        )
    })?;
    let mut edit = Edit {
        line_hint: Some(start.max(1)),
        ..Edit::default()
    };
    let next = hunk_lines(all, at + 1, &mut edit)?;
    if edit.old.is_empty() && edit.new.is_empty() {
        return Err(FormatError::new(
            header.no,
            "hunk lines starting with ` `, `-` or `+` after the header",
            all.get(next)
                .map_or("end of input".to_string(), |l| quote(l.text)),
        ));
    }
    Ok((edit, next))
}

/// The prefixed lines of a hunk from `at`, appended to `edit`'s `old` (context and `-`) and
/// `new` (context and `+`); returns the index after them (the next header, or the end).
fn hunk_lines(all: &[Line<'_>], at: usize, edit: &mut Edit) -> Result<usize, FormatError> {
    let ends = |rest: &[Line<'_>]| {
        let text = rest[0].text;
        (text.starts_with("@@") || is_file_header(rest) || text.starts_with("diff "))
            .then_some(false)
    };
    Ok(hunk::body(all, at, edit, &ends, true)?.next)
}

/// The old start line of `@@ -l[,n] +l[,n] @@ …`, or `None` when the header is malformed.
fn range_start(header: &str) -> Option<usize> {
    let rest = header.strip_prefix("@@ ")?;
    let (range, _) = rest.split_once(" @@")?;
    let mut parts = range.split_whitespace();
    let number = |part: Option<&str>, sign: char| -> Option<usize> {
        let p = part?.strip_prefix(sign)?;
        let mut nums = p.split(',');
        let first = nums.next()?.parse().ok()?;
        match (nums.next(), nums.next()) {
            (None, None) => Some(first),
            (Some(n), None) if n.parse::<usize>().is_ok() => Some(first),
            _ => None,
        }
    };
    let old = number(parts.next(), '-')?;
    number(parts.next(), '+')?;
    parts.next().is_none().then_some(old)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn update(path: &str, edits: Vec<Edit>) -> FilePatch {
        FilePatch {
            path: Some(PathBuf::from(path)),
            op: FileOp::Update(edits),
        }
    }

    fn hinted(old: &str, new: &str, line: usize) -> Edit {
        Edit {
            line_hint: Some(line),
            ..Edit::new(old, new)
        }
    }

    #[test]
    fn git_diff_with_two_files_and_two_hunks() {
        let text = "diff --git a/src/a.py b/src/a.py\nindex 83db48f..bf269f4 100644\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1,3 +1,3 @@ def f():\n def f():\n-    return 1\n+    return 2\n \n@@ -10,2 +10,3 @@\n x = 1\n+y = 2\n z = 3\n--- b.txt\t2024-01-01 00:00:00\n+++ b.txt\t2024-01-02 00:00:00\n@@ -1 +1 @@\n--- a sql comment\n+-- another\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    update(
                        "src/a.py",
                        vec![
                            hinted(
                                "def f():\n    return 1\n\n",
                                "def f():\n    return 2\n\n",
                                1
                            ),
                            hinted("x = 1\nz = 3\n", "x = 1\ny = 2\nz = 3\n", 10),
                        ]
                    ),
                    update(
                        "b.txt",
                        vec![hinted("-- a sql comment\n", "-- another\n", 1)]
                    ),
                ],
            }
        );
    }

    #[test]
    fn add_delete_and_rename() {
        let text = "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n\\ No newline at end of file\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\ndiff --git a/x.rs b/y.rs\nsimilarity index 100%\nrename from x.rs\nrename to y.rs\n--- a/m.rs\n+++ b/n.rs\n@@ -2 +2 @@\n-a\n+b\n";
        let patch = parse(text).unwrap();
        let ops: Vec<(Option<PathBuf>, FileOp)> =
            patch.files.into_iter().map(|f| (f.path, f.op)).collect();
        assert_eq!(
            ops,
            vec![
                (Some("new.txt".into()), FileOp::Add("one\ntwo".into())),
                (
                    Some("old.txt".into()),
                    FileOp::Delete {
                        content: Some("gone\n".into())
                    }
                ),
                (
                    Some("x.rs".into()),
                    FileOp::Move {
                        to: "y.rs".into(),
                        edits: vec![]
                    }
                ),
                (
                    Some("m.rs".into()),
                    FileOp::Move {
                        to: "n.rs".into(),
                        edits: vec![hinted("a\n", "b\n", 2)]
                    }
                ),
            ]
        );
    }

    #[test]
    fn no_newline_marker_applies_to_the_side_of_the_line_before() {
        let text = "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n keep\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file\n";
        let patch = parse(text).unwrap();
        assert_eq!(
            patch.files[0].op,
            FileOp::Update(vec![hinted("keep\nold", "keep\nnew", 1)])
        );
    }

    #[test]
    fn hunks_without_a_file_header_edit_the_given_file() {
        let text = "@@ -7,3 +7,3 @@\n def f():\n-    b = 2\n+    b = 3\n@@ -20 +20 @@\n-x\n+y\n";
        assert_eq!(
            crate::format::detect(text),
            Some(crate::format::Format::UnifiedDiff)
        );
        let patch = parse(text).unwrap();
        assert_eq!(patch.files.len(), 1);
        assert_eq!(patch.files[0].path, None);
        let FileOp::Update(edits) = &patch.files[0].op else {
            panic!("an update: {:?}", patch.files[0].op)
        };
        assert_eq!(
            edits,
            &[
                hinted("def f():\n    b = 2\n", "def f():\n    b = 3\n", 7),
                hinted("x\n", "y\n", 20)
            ]
        );
    }

    #[test]
    fn malformed_diffs_name_their_line() {
        let cases = [
            ("--- a/f\n@@ -1 +1 @@\n", 2, "`+++ b/path` after `---`"),
            (
                "--- a/f\n+++ b/f\n@@ -x +1 @@\n-a\n",
                3,
                "a hunk header `@@ -l,n +l,n @@`",
            ),
            (
                "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n*b\n",
                5,
                "a hunk line starting with ` `, `-` or `+`",
            ),
            ("--- a/f\n+++ b/f\nhello\n", 3, "a `@@ -l,n +l,n @@` hunk"),
            (
                "--- a/f\n+++ b/f\n@@ -3 +3,2 @@\n+only added\n",
                3,
                "a context (` `) or removed (`-`) line in each hunk of an existing file",
            ),
            (
                "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/g b/g\n@@ -1 +1 @@\n-a\n+b\n",
                7,
                "`--- a/path` and `+++ b/path` before a hunk that follows another file's",
            ),
        ];
        for (text, line, expected) in cases {
            let err = parse(text).unwrap_err();
            assert_eq!(
                (err.line, err.expected.as_str()),
                (line, expected),
                "{text:?}: {err}"
            );
        }
    }

    #[test]
    fn detection_needs_both_headers() {
        let all: Vec<Line<'_>> = lines("--- a/x\n+++ b/x\n").collect();
        assert!(is_file_header(&all));
        let all: Vec<Line<'_>> = lines("--- just a rule\ntext\n").collect();
        assert!(!is_file_header(&all));
    }
}
