//! `str_replace_based_edit_tool` command objects, one or a list:
//!
//! ```json
//! {"command": "str_replace", "path": "src/a.py", "old_str": "return 1", "new_str": "return 2"}
//! {"command": "insert", "path": "src/a.py", "insert_line": 3, "new_str": "import os\n"}
//! {"command": "create", "path": "src/b.py", "file_text": "print('hi')\n"}
//! {"command": "view", "path": "src/a.py", "view_range": [10, 20]}
//! ```
//!
//! - `str_replace` is an edit like any other (the ladder, the repairs, unique or refused);
//!   `new_str` defaults to empty (a deletion).
//! - `insert` puts its text (`new_str`, or `insert_text` as newer versions of the tool call
//!   it) after line `insert_line` (0: before the first line) as whole lines.
//! - `create` is an added file (refused over a file with content, unlike the original tool,
//!   which overwrites it silently).
//! - `view` changes nothing ([`FileOp::View`]); `view_range` `[start, end]` is 1-based and
//!   inclusive, `end` -1 meaning the end of the file.
//! - `undo_edit` is refused: editloc keeps no history.
//!
//! Each command names its file; commands on one file are grouped into one update, in order.

use super::json::from_serde;
use super::model::{Edit, FileOp, FilePatch, FormatError, Patch};
use serde::Deserialize;
use std::path::PathBuf;

/// One command object.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Command {
    command: String,
    path: PathBuf,
    old_str: Option<String>,
    new_str: Option<String>,
    insert_line: Option<usize>,
    insert_text: Option<String>,
    file_text: Option<String>,
    view_range: Option<Vec<i64>>,
}

/// Whether JSON text is a command object or a list of them (its first object has a
/// `command` field).
pub(super) fn is_command(text: &str) -> bool {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return false;
    };
    let first = match &value {
        serde_json::Value::Array(items) => items.first(),
        other => Some(other),
    };
    first.is_some_and(|v| v.get("command").is_some())
}

/// Parses one command object or a list of them.
pub(super) fn parse(text: &str) -> Result<Patch, FormatError> {
    let commands: Vec<Command> = if text.trim_start().starts_with('[') {
        serde_json::from_str(text).map_err(from_serde)?
    } else {
        vec![serde_json::from_str(text).map_err(from_serde)?]
    };
    if commands.is_empty() {
        return Err(FormatError::new(1, "at least one command", "an empty list"));
    }
    let mut files: Vec<FilePatch> = Vec::new();
    for (i, command) in commands.into_iter().enumerate() {
        let path = command.path.clone();
        match op(command, i + 1)? {
            FileOp::Update(edits) => {
                match files.iter_mut().find(|f| f.path.as_ref() == Some(&path)) {
                    Some(FilePatch {
                        op: FileOp::Update(list),
                        ..
                    }) => list.extend(edits),
                    _ => files.push(FilePatch {
                        path: Some(path),
                        op: FileOp::Update(edits),
                    }),
                }
            }
            other => files.push(FilePatch {
                path: Some(path),
                op: other,
            }),
        }
    }
    Ok(Patch { files })
}

/// What one command (the `n`-th, for errors) asks for its file.
fn op(c: Command, n: usize) -> Result<FileOp, FormatError> {
    let missing = |field: &str| {
        FormatError::new(
            1,
            format!("`{field}` in command {n} (`{}`)", c.command),
            "no such field",
        )
    };
    match c.command.as_str() {
        "str_replace" => Ok(FileOp::Update(vec![Edit::new(
            c.old_str.clone().ok_or_else(|| missing("old_str"))?,
            c.new_str.clone().unwrap_or_default(),
        )])),
        "insert" => {
            let line = c.insert_line.ok_or_else(|| missing("insert_line"))?;
            let text = c
                .insert_text
                .clone()
                .or_else(|| c.new_str.clone())
                .ok_or_else(|| missing("new_str"))?;
            Ok(FileOp::Update(vec![Edit {
                new: text,
                at_line: Some(line),
                ..Edit::default()
            }]))
        }
        "create" => Ok(FileOp::Add(
            c.file_text.clone().ok_or_else(|| missing("file_text"))?,
        )),
        "view" => view(c.view_range.as_deref(), n),
        other => Err(FormatError::new(
            1,
            format!("`str_replace`, `insert`, `create` or `view` as command {n}"),
            format!("`{other}`"),
        )),
    }
}

/// A view of the whole file or of `[start, end]` (`end` -1: to the end).
fn view(range: Option<&[i64]>, n: usize) -> Result<FileOp, FormatError> {
    let bad = |found: String| {
        FormatError::new(
            1,
            format!("`view_range` as `[start, end]` (1-based, end -1 for the end) in command {n}"),
            found,
        )
    };
    match range {
        None => Ok(FileOp::View {
            start: 1,
            end: None,
        }),
        Some(&[start, end]) if start >= 1 && (end == -1 || end >= start) => Ok(FileOp::View {
            start: start as usize,
            end: (end != -1).then_some(end as usize),
        }),
        Some(other) => Err(bad(format!("{other:?}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_become_file_operations() {
        let text = r#"[
            {"command": "str_replace", "path": "a.py", "old_str": "x = 1", "new_str": "x = 2"},
            {"command": "insert", "path": "a.py", "insert_line": 0, "insert_text": "import os"},
            {"command": "create", "path": "b.py", "file_text": "hi\n"},
            {"command": "view", "path": "a.py", "view_range": [2, -1]},
            {"command": "str_replace", "path": "c.py", "old_str": "gone\n"}
        ]"#;
        let patch = parse(text).unwrap();
        let ops: Vec<(String, FileOp)> = patch
            .files
            .into_iter()
            .map(|f| (f.path.unwrap().display().to_string(), f.op))
            .collect();
        assert_eq!(
            ops,
            vec![
                (
                    "a.py".to_string(),
                    FileOp::Update(vec![
                        Edit::new("x = 1", "x = 2"),
                        Edit {
                            new: "import os".into(),
                            at_line: Some(0),
                            ..Edit::default()
                        }
                    ])
                ),
                ("b.py".to_string(), FileOp::Add("hi\n".into())),
                (
                    "a.py".to_string(),
                    FileOp::View {
                        start: 2,
                        end: None
                    }
                ),
                (
                    "c.py".to_string(),
                    FileOp::Update(vec![Edit::new("gone\n", "")])
                ),
            ]
        );
    }

    #[test]
    fn one_object_is_detected_and_parsed() {
        let text = r#"{"command": "view", "path": "a", "view_range": [3, 4]}"#;
        assert!(is_command(text));
        assert!(!is_command(r#"{"old_string": "a", "new_string": "b"}"#));
        assert_eq!(
            parse(text).unwrap().files[0].op,
            FileOp::View {
                start: 3,
                end: Some(4)
            }
        );
    }

    #[test]
    fn malformed_commands_are_bad_patches() {
        let err = parse(r#"{"command": "undo_edit", "path": "a"}"#).unwrap_err();
        assert_eq!(err.found, "`undo_edit`");
        let err = parse(r#"{"command": "insert", "path": "a", "new_str": "x"}"#).unwrap_err();
        assert!(err.expected.contains("insert_line"), "{err}");
        let err = parse(r#"{"command": "view", "path": "a", "view_range": [5, 2]}"#).unwrap_err();
        assert!(err.expected.contains("view_range"), "{err}");
        let err = parse("{\"command\": \"str_replace\",\n \"path\": \"a\", \"oldStr\": \"x\"}")
            .unwrap_err();
        assert_eq!(err.line, 2, "{err}");
        assert_eq!(err.code(), editloc_codes::Code::BadPatch);
    }
}
