//! Edit-format parsers: turn what an agent sent into [`Patch`]es.
//!
//! Parsing is kept apart from locating so that every format is reduced to the
//! same small vocabulary ([`Edit`]: "find `old`, put `new`") before any file is
//! touched. Nothing here reads files or searches them; a format's own hints
//! about *where* an edit goes are carried as data ([`Edit::anchor`]) for the
//! locator to use.
//!
//! Text rule shared by every line-based format: an edit's `old`/`new` text is
//! the sequence of its lines, **each followed by its own line terminator**
//! exactly as it appears in the patch (`\n`, or `\r\n` in a CRLF patch; a last
//! line of the input that has no terminator gets `\n`). So an empty section is
//! `""`, and a non-empty one always ends with a newline.

mod apply_patch;
mod commands;
mod json;
mod search_replace;
mod unified;

pub use search_replace::parse_search_replace_partial;

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
    /// search is narrowed to the scope each names inside the one before ([`crate::locate::scope`]).
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
    Delete,
    /// Rename the file to `to` (apply_patch's `*** Move to:`, a git diff's `rename to`),
    /// applying `edits` (possibly none) to its content on the way.
    Move { to: PathBuf, edits: Vec<Edit> },
    /// Show lines `start..=end` (1-based; `end` `None`: to the end) of the file, changing
    /// nothing (`str_replace_based_edit_tool`'s `view`).
    View { start: usize, end: Option<usize> },
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
    pub fn code(&self) -> crate::Code {
        crate::Code::BadPatch
    }

    fn new(line: usize, expected: impl Into<String>, found: impl Into<String>) -> Self {
        FormatError {
            line,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// The edit formats editloc understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Cline (`------- SEARCH` / `=======` / `+++++++ REPLACE`) or Aider
    /// (`<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE`) blocks.
    SearchReplace,
    /// Codex `*** Begin Patch` envelope.
    ApplyPatch,
    /// MultiEdit-style JSON (`old_string` / `new_string` / `replace_all`), or
    /// `str_replace_based_edit_tool` command objects (`{"command": "str_replace", …}`).
    Json,
    /// A unified diff (`--- a/x` / `+++ b/x` / `@@ -l,n +l,n @@`), as `diff -u` and `git diff`
    /// write it; its line numbers are hints only.
    UnifiedDiff,
}

/// Guesses the format of `text`, or `None` when it looks like none of them.
///
/// JSON is recognized by its first non-blank character (`[` or `{`), which
/// neither line format can start with. Otherwise the first line that is a
/// SEARCH marker, `*** Begin Patch` or a unified diff's file header (`diff --git`,
/// or `--- ` directly followed by `+++ `) decides, so a SEARCH/REPLACE block
/// whose text mentions `*** Begin Patch` (or the reverse) is not misread.
pub fn detect(text: &str) -> Option<Format> {
    if text.trim_start().starts_with(['[', '{']) {
        return Some(Format::Json);
    }
    let all: Vec<Line<'_>> = lines(text).collect();
    all.iter().enumerate().find_map(|(i, line)| {
        if apply_patch::is_begin(line.text) {
            Some(Format::ApplyPatch)
        } else if search_replace::is_search_marker(line.text) {
            Some(Format::SearchReplace)
        } else if unified::is_file_header(&all[i..]) {
            Some(Format::UnifiedDiff)
        } else {
            None
        }
    })
}

/// Parses `text`, detecting its format first.
pub fn parse(text: &str) -> Result<Patch, FormatError> {
    match detect(text) {
        Some(format) => parse_as(format, text),
        None => Err(FormatError::new(
            1,
            "a SEARCH/REPLACE block, a `*** Begin Patch` envelope, a unified diff or a JSON edit list",
            first_non_blank(text),
        )),
    }
}

/// Parses `text` as the given format, for callers that know it (no guessing).
pub fn parse_as(format: Format, text: &str) -> Result<Patch, FormatError> {
    match format {
        Format::SearchReplace => search_replace::parse(text),
        Format::ApplyPatch => apply_patch::parse(text),
        Format::Json => json::parse(text),
        Format::UnifiedDiff => unified::parse(text),
    }
}

/// One line of a patch text.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    /// 1-based line number.
    no: usize,
    /// The line without its terminator (`\n` or `\r\n`).
    text: &'a str,
    /// The line with its terminator; a final unterminated line gets none.
    raw: &'a str,
}

impl Line<'_> {
    /// Whether the line ended with a newline in the input (matters while streaming).
    fn terminated(&self) -> bool {
        self.raw.ends_with('\n')
    }

    /// Appends `body` (a slice of this line) plus this line's terminator to
    /// `out`, using `\n` when the input ended without one.
    fn push_with_terminator(&self, body: &str, out: &mut String) {
        out.push_str(body);
        out.push_str(&self.raw[self.text.len()..]);
        if !self.terminated() {
            out.push('\n');
        }
    }
}

/// Splits text into lines, keeping terminators aside so exact bytes survive.
fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
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
fn quote(line: &str) -> String {
    const MAX: usize = 60;
    match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("`{}…`", &line[..cut]),
        None => format!("`{line}`"),
    }
}

/// Wording for "the input stopped here".
const END_OF_INPUT: &str = "end of input";

/// The first non-blank line quoted, for errors about unrecognizable input.
fn first_non_blank(text: &str) -> String {
    lines(text)
        .find(|line| !line.text.trim().is_empty())
        .map_or_else(|| END_OF_INPUT.to_string(), |line| quote(line.text.trim()))
}

/// Groups `(path, edit)` pairs into one [`FilePatch`] per path, in order of
/// first appearance, keeping each file's edits in patch order.
fn group_updates(edits: impl IntoIterator<Item = (Option<PathBuf>, Edit)>) -> Patch {
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
    use proptest::prelude::*;

    #[test]
    fn error_display_names_line_expectation_and_finding() {
        let err = FormatError::new(12, "`=======` after SEARCH text", "`+++++++ REPLACE`");
        assert_eq!(
            err.to_string(),
            "line 12: expected `=======` after SEARCH text, found `+++++++ REPLACE`"
        );
    }

    #[test]
    fn detect_recognizes_each_format() {
        assert_eq!(detect("  [{\"old_string\":\"a\"}]"), Some(Format::Json));
        assert_eq!(detect("{\"edits\": []}"), Some(Format::Json));
        assert_eq!(
            detect("*** Begin Patch\n*** Delete File: a\n*** End Patch\n"),
            Some(Format::ApplyPatch)
        );
        assert_eq!(
            detect("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n"),
            Some(Format::SearchReplace)
        );
        assert_eq!(
            detect("src/a.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n"),
            Some(Format::SearchReplace)
        );
        assert_eq!(detect("just some prose\n"), None);
        assert_eq!(detect(""), None);
    }

    #[test]
    fn detect_uses_the_first_deciding_line() {
        let sr_mentioning_envelope =
            "------- SEARCH\n*** Begin Patch\n=======\nx\n+++++++ REPLACE\n";
        assert_eq!(detect(sr_mentioning_envelope), Some(Format::SearchReplace));
        let envelope_mentioning_sr =
            "*** Begin Patch\n*** Add File: a\n+<<<<<<< SEARCH\n*** End Patch\n";
        assert_eq!(detect(envelope_mentioning_sr), Some(Format::ApplyPatch));
    }

    #[test]
    fn parse_dispatches_on_detected_format() {
        let patch = parse("[{\"old_string\": \"a\", \"new_string\": \"b\"}]").unwrap();
        assert_eq!(
            patch,
            Patch {
                files: vec![FilePatch {
                    path: None,
                    op: FileOp::Update(vec![Edit::new("a", "b")]),
                }],
            }
        );
    }

    #[test]
    fn parse_rejects_unrecognizable_text() {
        assert_eq!(
            parse("\n  hello there\n").unwrap_err(),
            FormatError::new(
                1,
                "a SEARCH/REPLACE block, a `*** Begin Patch` envelope, a unified diff or a JSON edit list",
                "`hello there`",
            )
        );
        assert_eq!(parse("").unwrap_err().found, "end of input");
    }

    #[test]
    fn parse_as_does_not_guess() {
        let err = parse_as(
            Format::ApplyPatch,
            "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n",
        )
        .unwrap_err();
        assert_eq!(err.expected, "`*** Begin Patch`");
    }

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

    const VALID_PATCHES: &[&str] = &[
        "------- SEARCH\nfn a() {}\n=======\nfn b() {}\n+++++++ REPLACE\n\n------- SEARCH\n=======\nx\n+++++++ REPLACE\n",
        "src/a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n",
        "*** Begin Patch\n*** Update File: a.rs\n@@ fn main\n ctx\n-old\n+new\n*** End of File\n*** Add File: b.rs\n+hi\n*** Delete File: c.rs\n*** End Patch\n",
        "{\"file_path\": \"a\", \"edits\": [{\"old_string\": \"x\", \"new_string\": \"y\", \"replace_all\": true}]}",
        "--- a/x.rs\n+++ b/x.rs\n@@ -1,3 +1,3 @@\n ctx\n-old\n+new\n\\ No newline at end of file\n--- /dev/null\n+++ b/n.rs\n@@ -0,0 +1 @@\n+hi\n",
        "[{\"command\": \"str_replace\", \"path\": \"a\", \"old_str\": \"x\", \"new_str\": \"y\"}, {\"command\": \"insert\", \"path\": \"a\", \"insert_line\": 2, \"new_str\": \"z\"}]",
    ];

    /// Mutations a streaming or sloppy model produces: cuts, deletions,
    /// duplications and stray insertions anywhere in a valid patch.
    fn mutated_patch() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("=======".to_string()),
            Just("------- SEARCH".to_string()),
            Just(">>>>>>> REPLACE".to_string()),
            Just("*** End of File".to_string()),
            Just("@@".to_string()),
            Just("--- a/x".to_string()),
            Just("+++ b/x".to_string()),
            Just("@@ -1,2 +1 @@".to_string()),
            Just("\"".to_string()),
            "\\PC{0,8}",
        ];
        (
            prop::sample::select(VALID_PATCHES),
            prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, pieces), 1..6),
        )
            .prop_map(|(base, mutations)| {
                let mut text = base.to_string();
                for (at, kind, piece) in mutations {
                    let boundaries: Vec<usize> = text
                        .char_indices()
                        .map(|(i, _)| i)
                        .chain([text.len()])
                        .collect();
                    let start = boundaries[at.index(boundaries.len())];
                    let end =
                        boundaries[(at.index(boundaries.len()) + 3).min(boundaries.len() - 1)];
                    match kind {
                        0 => text.truncate(start),
                        1 => text.replace_range(start..end, ""),
                        2 => text.insert_str(start, &piece),
                        _ => {
                            let copy = text[start..end].to_string();
                            text.insert_str(end, &copy);
                        }
                    }
                }
                text
            })
    }

    fn exercise_every_parser(text: &str) {
        let _ = parse(text);
        for format in [
            Format::SearchReplace,
            Format::ApplyPatch,
            Format::Json,
            Format::UnifiedDiff,
        ] {
            if let Err(err) = parse_as(format, text) {
                assert!(err.line >= 1, "line numbers are 1-based: {err:?}");
            }
        }
        let _ = parse_search_replace_partial(text);
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "[\\PC\\r\\n]{0,200}") {
            exercise_every_parser(&text);
        }

        /// Text built from the formats' own punctuation reaches deep parser states.
        #[test]
        fn marker_soup_never_panics(text in "[-=<>+@* \\r\\n\\[\\]{}:\"a]{0,20}(SEARCH|REPLACE|Begin Patch|End Patch|Update File: a|old_string)?[-=<>+@* \\r\\n\\[\\]{}:\"a]{0,80}") {
            exercise_every_parser(&text);
        }

        #[test]
        fn mutated_patches_never_panic(text in mutated_patch()) {
            exercise_every_parser(&text);
        }
    }
}
