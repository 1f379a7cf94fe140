//! The vocabulary every format is reduced to: a [`Patch`] of [`FilePatch`]es, each an
//! operation ([`FileOp`]) on one file, an update being a list of [`Edit`]s; and
//! [`FormatError`], why a text could not be parsed.

use serde::Serialize;
use std::path::PathBuf;

/// One edit: locate `old`, replace by `new`. `replace_all` replaces every occurrence the tier finds.
///
/// `old` may be empty: a SEARCH/REPLACE block with an empty SEARCH section
/// asks to fill an empty or missing file; the caller decides what to do with a
/// non-empty one.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Edit {
    /// Text to find.
    pub old: String,
    /// Text to put in its place.
    pub new: String,
    /// Replace every occurrence instead of requiring a unique one.
    pub replace_all: bool,
    /// A line that must appear before `old` in the file.
    ///
    /// Set from apply_patch `@@ <line>` hunk headers (the text after `@@ `, without a
    /// terminator), one line per header, outermost first (`class A\ndef f():`): the
    /// search is narrowed to the scope each names inside the one before.
    /// `None` for every other format.
    pub anchor: Option<String>,
    /// A 1-based line where the format says `old` starts (a unified diff's `@@ -l,n`): a
    /// hint that breaks a tie between equal places near it, never trusted beyond that.
    pub line_hint: Option<usize>,
    /// Insert `new` after this 1-based line (0: before the first line) instead of locating
    /// `old`, which is then empty (`str_replace_based_edit_tool`'s `insert` command).
    pub at_line: Option<usize>,
}

impl Edit {
    /// An edit replacing the one place `old` denotes by `new`.
    pub fn new(old: impl Into<String>, new: impl Into<String>) -> Edit {
        Edit {
            old: old.into(),
            new: new.into(),
            ..Edit::default()
        }
    }
}

/// What a patch asks for one file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "op", content = "value")]
pub enum FileOp {
    /// Apply these edits, in order, to the existing file.
    Update(Vec<Edit>),
    /// Create the file with this content.
    Add(String),
    /// Remove the file.
    Delete {
        /// The content the patch says the file has (a unified diff's removed lines), checked
        /// before the file is removed; `None`: whatever it has (`*** Delete File:`).
        content: Option<String>,
    },
    /// Rename the file to `to` (apply_patch's `*** Move to:`, a git diff's `rename to`),
    /// applying `edits` (possibly none) to its content on the way.
    Move {
        /// The new path.
        to: PathBuf,
        /// The edits to its content, in order.
        edits: Vec<Edit>,
    },
    /// Show lines `start..=end` (1-based; `end` `None`: to the end) of the file, changing
    /// nothing (`str_replace_based_edit_tool`'s `view`).
    View {
        /// The first line shown, 1-based.
        start: usize,
        /// The last line shown, 1-based and inclusive; `None`: the file's last line.
        end: Option<usize>,
    },
}

/// One file's share of a patch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FilePatch {
    /// `None` means "the file given on the command line": the format did not name one.
    pub path: Option<PathBuf>,
    /// What to do with that file.
    pub op: FileOp,
}

/// Everything one patch text asks for, in the order the patch lists files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Patch {
    /// Per-file operations; a SEARCH/REPLACE or JSON patch names each path at most once.
    pub files: Vec<FilePatch>,
}

impl Patch {
    /// The sections for `file`: those naming no file or naming it (the same path, or one
    /// that resolves to the same file). The other sections' paths are returned so the caller
    /// can say they were ignored rather than drop them silently.
    pub fn for_file(self, file: &std::path::Path) -> (Patch, Vec<PathBuf>) {
        let same = |p: &std::path::Path| {
            p == file
                || std::fs::canonicalize(p)
                    .ok()
                    .is_some_and(|c| std::fs::canonicalize(file).ok() == Some(c))
        };
        let (keep, other): (Vec<_>, Vec<_>) = self
            .files
            .into_iter()
            .partition(|f| f.path.as_deref().is_none_or(same));
        let ignored = other.into_iter().filter_map(|f| f.path).collect();
        (Patch { files: keep }, ignored)
    }
}

/// Why a patch text could not be parsed, phrased so an agent can fix its output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct FormatError {
    /// 1-based line of the patch text where the problem is.
    pub line: usize,
    /// What the parser needed there, e.g. "`=======` after SEARCH text".
    pub expected: String,
    /// What it saw: a quoted (and possibly shortened) line, or `end of input`.
    pub found: String,
}

impl FormatError {
    /// The stable code of a malformed patch.
    pub fn code(&self) -> editloc_codes::Code {
        editloc_codes::Code::BadPatch
    }

    /// An error at 1-based `line`: `expected` is what the parser needed, `found` what it saw.
    pub(super) fn new(line: usize, expected: impl Into<String>, found: impl Into<String>) -> Self {
        FormatError {
            line,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Groups `(path, edit)` pairs into one [`FilePatch`] per path, in order of
/// first appearance, keeping each file's edits in patch order.
pub(super) fn group_updates(edits: impl IntoIterator<Item = (Option<PathBuf>, Edit)>) -> Patch {
    let mut files: Vec<FilePatch> = Vec::new();
    for (path, edit) in edits {
        let existing = files.iter_mut().find(|file| file.path == path);
        match existing {
            Some(FilePatch {
                op: FileOp::Update(list),
                ..
            }) => list.push(edit),
            _ => files.push(FilePatch {
                path,
                op: FileOp::Update(vec![edit]),
            }),
        }
    }
    Patch { files }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_display_names_line_expectation_and_finding() {
        let err = FormatError::new(12, "`=======` after SEARCH text", "`+++++++ REPLACE`");
        assert_eq!(
            err.to_string(),
            "line 12: expected `=======` after SEARCH text, found `+++++++ REPLACE`"
        );
    }
}
