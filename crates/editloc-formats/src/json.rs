//! MultiEdit-style JSON edits.
//!
//! Accepted shapes:
//! - a list of edits: `[{"old_string": "…", "new_string": "…", "replace_all": false}, …]`
//! - an object with a list: `{"file_path": "…", "edits": [ … ]}`
//! - a single edit object (Claude's Edit tool): `{"file_path": "…", "old_string": "…", "new_string": "…"}`
//!
//! `replace_all` defaults to false and `file_path` is optional everywhere; an
//! edit's own `file_path` wins over the top-level one. Edits are grouped per
//! file in order of first appearance; edits with no path get path `None`.
//! Unknown fields are refused, so a misspelled `replaceAll` cannot be
//! silently ignored. Strings are taken as decoded by JSON, with no newline
//! rule applied.
//!
//! An object with a `command` field (or a list of them) is a
//! `str_replace_based_edit_tool` command instead ([`super::commands`]), which
//! [`super::parse_as`] sends there before this parser sees it.

use std::path::PathBuf;

use serde::Deserialize;

use super::model::{Edit, FormatError, Patch, group_updates};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonEdit {
    old_string: String,
    new_string: String,
    #[serde(default)]
    replace_all: bool,
    file_path: Option<PathBuf>,
}

/// Top-level object: either `edits` or a single edit's fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonObject {
    file_path: Option<PathBuf>,
    edits: Option<Vec<JsonEdit>>,
    old_string: Option<String>,
    new_string: Option<String>,
    replace_all: Option<bool>,
}

/// Parses a JSON edit list (see the module docs for the accepted shapes).
pub(super) fn parse(text: &str) -> Result<Patch, FormatError> {
    let (default_path, edits) = if text.trim_start().starts_with('[') {
        (
            None,
            serde_json::from_str::<Vec<JsonEdit>>(text).map_err(from_serde)?,
        )
    } else {
        let object: JsonObject = serde_json::from_str(text).map_err(from_serde)?;
        (object.file_path.clone(), edits_of(object)?)
    };
    if edits.is_empty() {
        return Err(FormatError::new(
            1,
            "at least one edit",
            "an empty edit list",
        ));
    }
    Ok(group_updates(edits.into_iter().map(|edit| {
        (
            edit.file_path.or_else(|| default_path.clone()),
            Edit {
                old: edit.old_string,
                new: edit.new_string,
                replace_all: edit.replace_all,
                ..Edit::default()
            },
        )
    })))
}

/// The edits of a top-level object, which must hold `edits` or one edit's
/// fields but not both.
fn edits_of(object: JsonObject) -> Result<Vec<JsonEdit>, FormatError> {
    let shape_error = |found: &str| {
        FormatError::new(1, "an `edits` list or `old_string` and `new_string`", found)
    };
    match object {
        JsonObject {
            edits: Some(edits),
            old_string: None,
            new_string: None,
            replace_all: None,
            ..
        } => Ok(edits),
        JsonObject { edits: Some(_), .. } => Err(shape_error("both")),
        JsonObject {
            old_string: Some(old_string),
            new_string: Some(new_string),
            replace_all,
            ..
        } => Ok(vec![JsonEdit {
            old_string,
            new_string,
            replace_all: replace_all.unwrap_or(false),
            file_path: None,
        }]),
        JsonObject {
            old_string: Some(_),
            ..
        } => Err(shape_error("`old_string` without `new_string`")),
        _ => Err(shape_error("neither")),
    }
}

/// What a JSON patch must look like, for error messages.
const SHAPE: &str = "JSON edits (`old_string`, `new_string`, optional `replace_all`, `file_path`)";

/// Converts serde_json's error, which knows the line, into a [`FormatError`].
pub(super) fn from_serde(error: serde_json::Error) -> FormatError {
    let location = format!(" at line {} column {}", error.line(), error.column());
    let message = error.to_string();
    let message = message.strip_suffix(&location).unwrap_or(&message);
    FormatError::new(
        error.line().max(1),
        format!("{SHAPE} at column {}", error.column()),
        message,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FileOp, FilePatch};

    fn edit(old: &str, new: &str, replace_all: bool) -> Edit {
        Edit {
            old: old.into(),
            new: new.into(),
            replace_all,
            ..Edit::default()
        }
    }

    fn update(path: Option<&str>, edits: Vec<Edit>) -> FilePatch {
        FilePatch {
            path: path.map(PathBuf::from),
            op: FileOp::Update(edits),
        }
    }

    #[test]
    fn list_of_edits_without_paths() {
        let text = r#"[
            {"old_string": "a\n", "new_string": "b\n"},
            {"old_string": "x", "new_string": "y", "replace_all": true}
        ]"#;
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(
                    None,
                    vec![edit("a\n", "b\n", false), edit("x", "y", true)],
                )],
            }
        );
    }

    #[test]
    fn object_with_edits_groups_by_path_with_per_edit_override() {
        let text = r#"{"file_path": "a.rs", "edits": [
            {"old_string": "1", "new_string": "2"},
            {"old_string": "3", "new_string": "4", "file_path": "b.rs"},
            {"old_string": "5", "new_string": "6", "replace_all": false}
        ]}"#;
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    update(
                        Some("a.rs"),
                        vec![edit("1", "2", false), edit("5", "6", false)],
                    ),
                    update(Some("b.rs"), vec![edit("3", "4", false)]),
                ],
            }
        );
    }

    #[test]
    fn list_edits_may_name_files() {
        let text = r#"[{"old_string": "1", "new_string": "2", "file_path": "a"},
                       {"old_string": "3", "new_string": "4"}]"#;
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    update(Some("a"), vec![edit("1", "2", false)]),
                    update(None, vec![edit("3", "4", false)]),
                ],
            }
        );
    }

    #[test]
    fn single_edit_object() {
        let text = r#"{"file_path": "a", "old_string": "", "new_string": "new file\n", "replace_all": true}"#;
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(Some("a"), vec![edit("", "new file\n", true)])],
            }
        );
    }

    #[test]
    fn syntax_error_reports_line_and_column() {
        let text = "[\n  {\"old_string\": \"a\",\n   \"new_string\": \"b\"\n  \n";
        let error = parse(text).unwrap_err();
        assert_eq!(
            error,
            FormatError::new(
                5,
                format!("{SHAPE} at column 0"),
                "EOF while parsing an object"
            )
        );
    }

    #[test]
    fn missing_and_unknown_fields_are_reported() {
        let missing = parse("[\n{\"old_string\": \"a\"}\n]").unwrap_err();
        assert_eq!(
            missing,
            FormatError::new(
                2,
                format!("{SHAPE} at column 19"),
                "missing field `new_string`"
            )
        );
        let unknown =
            parse("[{\"old_string\": \"a\", \"new_string\": \"b\", \"replaceAll\": true}]")
                .unwrap_err();
        assert_eq!(unknown.line, 1);
        assert!(
            unknown
                .found
                .starts_with("unknown field `replaceAll`, expected one of"),
            "{unknown:?}"
        );
    }

    #[test]
    fn wrong_types_are_reported() {
        let error = parse("[{\"old_string\": 1, \"new_string\": \"b\"}]").unwrap_err();
        assert_eq!(
            error,
            FormatError::new(
                1,
                format!("{SHAPE} at column 17"),
                "invalid type: integer `1`, expected a string"
            )
        );
    }

    #[test]
    fn object_shape_errors_are_reported() {
        let expected = "an `edits` list or `old_string` and `new_string`";
        for (text, found) in [
            (r#"{"file_path": "a"}"#, "neither"),
            (
                r#"{"old_string": "a"}"#,
                "`old_string` without `new_string`",
            ),
            (
                r#"{"edits": [], "old_string": "a", "new_string": "b"}"#,
                "both",
            ),
        ] {
            assert_eq!(
                parse(text).unwrap_err(),
                FormatError::new(1, expected, found),
                "{text}"
            );
        }
    }

    #[test]
    fn empty_lists_are_reported() {
        for text in ["[]", r#"{"edits": []}"#] {
            assert_eq!(
                parse(text).unwrap_err(),
                FormatError::new(1, "at least one edit", "an empty edit list"),
                "{text}"
            );
        }
    }
}
