//! Outcomes as types: the one enum of codes every failure carries, and what each code means
//! for a caller (refused, retry, or bad input) and for the command's exit status.
//!
//! The same snake_case spelling is used by the library's errors, the CLI's JSON `code`
//! field, the MCP server and the bindings, so an agent can branch on it without reading the
//! English message next to it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A rung of the ladder, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// Byte-for-byte.
    Exact,
    /// Line endings, indentation, trailing whitespace, blank lines and typographic
    /// characters folded.
    Normalized,
    /// Tree-sitter token equivalence, ignoring formatting.
    Structural,
}

impl Tier {
    /// The tier's name: `exact`, `normalized` or `structural`.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Exact => "exact",
            Tier::Normalized => "normalized",
            Tier::Structural => "structural",
        }
    }
}

impl std::str::FromStr for Tier {
    type Err = String;
    fn from_str(s: &str) -> Result<Tier, String> {
        match s {
            "exact" => Ok(Tier::Exact),
            "normalized" => Ok(Tier::Normalized),
            "structural" => Ok(Tier::Structural),
            _ => Err(format!(
                "unknown tier `{s}` (expected exact, normalized or structural)"
            )),
        }
    }
}

/// A repair of a garbled edit, as the result names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repair {
    /// `old` was a JSON string body: literal `\n`, `\t`, `\"`, `\\` decoded.
    DoubleEncoded,
    /// Line-number prefixes of a read tool (`cat -n`, `12 | `, `12│`, `L12: `) stripped.
    LineNumbers,
    /// `&lt;` `&gt;` `&amp;` `&quot;` `&#39;` decoded.
    HtmlEntities,
    /// Lines of `old` that are only `...` (or `// ...` and the like) stood for elided lines.
    Elision,
}

impl Repair {
    /// Every repair, in the order a combination applies them.
    pub const ALL: [Repair; 4] = [
        Repair::DoubleEncoded,
        Repair::LineNumbers,
        Repair::HtmlEntities,
        Repair::Elision,
    ];

    /// The repair's name, as results and reports give it (`line-numbers`).
    pub fn name(self) -> &'static str {
        match self {
            Repair::DoubleEncoded => "double-encoded",
            Repair::LineNumbers => "line-numbers",
            Repair::HtmlEntities => "html-entities",
            Repair::Elision => "elision",
        }
    }
}

impl std::fmt::Display for Repair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a result was found: the tier, the repairs `old` needed, whether the caller's line hint
/// chose the place, and what a repair or the hint established. Flattened into [`crate::Match`],
/// [`crate::Applied`] and each landed edit of a batch (in JSON too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Provenance {
    /// The tier that found the place.
    pub tier: Tier,
    /// The repairs `old` needed to be found (empty for a plain match), e.g. `line-numbers`.
    pub repairs: Vec<Repair>,
    /// [`crate::Options::line_hint`] chose this place among several equal ones.
    pub hint_decided: bool,
    /// What a repair or the hint established (line numbers that agree, the place a hint
    /// chose among which).
    pub notes: Vec<String>,
    /// The named writer rules that wrote the edit, in the order they fired (the manual's
    /// "Writing rules" page lists them all); empty for a place only located.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<&'static str>,
}

impl Provenance {
    /// Found by `tier`, plainly (no repair, no hint, no note).
    pub fn plain(tier: Tier) -> Provenance {
        Provenance {
            tier,
            repairs: Vec::new(),
            hint_decided: false,
            notes: Vec::new(),
            rules: Vec::new(),
        }
    }
}

/// Why an edit did not land, or why a command could not run.
///
/// Stable: a code, once published, keeps its spelling and meaning. New codes may be added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Code {
    // --- refused: the edit, as sent, is wrong for this file (exit 1) ---
    /// No tier found `old`; the report names the closest candidate.
    NotFound,
    /// `old` fits several places equally; the report lists them.
    Ambiguous,
    /// `old` is not in the file but `new` already stands where it would be, or the located
    /// place already says what `new` says: nothing to write.
    AlreadyApplied,
    /// `old`'s relative indentation disagrees with the file's where indentation is syntax
    /// (Python), or a new line cannot be indented with certainty.
    IndentInconsistent,
    /// The result parses with more syntax errors than the original (`--require-clean-parse`).
    WorseParse,
    /// The file and `new` both add the same text at the place: a three-way conflict.
    Conflict,
    /// The change cannot be mapped onto the file's bytes with certainty.
    Unmappable,
    /// The writer's own check of its output failed; nothing was written (a bug to report).
    InternalCheck,
    /// The independent verifier could not show the written text is the file with `old`'s
    /// place replaced by what `new` says; nothing was written. The message names what failed.
    Unverified,
    /// Two edits of one batch touch overlapping regions.
    Overlap,
    /// The caller's line hint or `old`'s line numbers contradict where `old` is.
    HintContradiction,
    /// An elision marker (`...`, `// ...`) in `old` cannot be paired or placed.
    Elision,
    /// The file's content is not the one the caller saw (`expected_sha256`) and the caller
    /// asked to refuse a stale view.
    StaleView,
    /// The path lies outside the roots this process may edit.
    OutsideRoot,
    /// `old` is past what a tier compares within its stated budget (larger or nested deeper
    /// than the structural tier's, `locate::structural::budget`) and no cheaper tier
    /// found it: nothing was searched further. Send a shorter or exact `old`.
    TooComplex,
    // --- retryable: re-read the file and try again (exit 3) ---
    /// The file changed on disk between reading and writing; nothing was written.
    FileChanged,
    /// Another editloc writer holds the file's lock and did not release it in time.
    Locked,
    // --- bad input or I/O (exit 2) ---
    /// The arguments or the request are malformed.
    BadArguments,
    /// A patch (SEARCH/REPLACE, apply_patch, JSON, unified diff) is malformed.
    BadPatch,
    /// `old` is empty on a non-empty file.
    EmptyOld,
    /// `old` and `new` are identical.
    NoChange,
    /// The file (or `old`/`new`) is not valid UTF-8.
    NotUtf8,
    /// The file is UTF-16 (or UTF-32); convert it to UTF-8.
    Utf16,
    /// The file looks binary (a NUL byte).
    Binary,
    /// `new` holds a NUL byte, which would make a text file binary.
    BinaryNew,
    /// The file (or `old`) is larger than the configured limit.
    TooLarge,
    /// The path is not a regular file (a folder, a FIFO, a device).
    NotAFile,
    /// The file does not exist.
    FileNotFound,
    /// The file or its folder cannot be written (permissions, a read-only file).
    PermissionDenied,
    /// A symbolic link to nothing.
    DanglingLink,
    /// A file to create already exists with content.
    Exists,
    /// The language's grammar is not built into this editloc (a Cargo feature).
    LanguageNotBuilt,
    /// Any other I/O failure (a full disk, a failing device).
    Io,
}

/// What a code tells the caller to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Class {
    /// The edit is wrong for this file: change it (exit 1).
    Refused,
    /// Nothing is wrong with the edit: re-read and try again (exit 3).
    Retryable,
    /// The input could not be processed at all, or the system failed (exit 2).
    Error,
}

impl Code {
    /// Every code, in the order of the manual's table (`docs/src/outcomes.md`).
    pub const ALL: &'static [Code] = &[
        Code::NotFound,
        Code::Ambiguous,
        Code::AlreadyApplied,
        Code::IndentInconsistent,
        Code::WorseParse,
        Code::Conflict,
        Code::Unmappable,
        Code::InternalCheck,
        Code::Unverified,
        Code::Overlap,
        Code::HintContradiction,
        Code::Elision,
        Code::StaleView,
        Code::OutsideRoot,
        Code::TooComplex,
        Code::FileChanged,
        Code::Locked,
        Code::BadArguments,
        Code::BadPatch,
        Code::EmptyOld,
        Code::NoChange,
        Code::NotUtf8,
        Code::Utf16,
        Code::Binary,
        Code::BinaryNew,
        Code::TooLarge,
        Code::NotAFile,
        Code::FileNotFound,
        Code::PermissionDenied,
        Code::DanglingLink,
        Code::Exists,
        Code::LanguageNotBuilt,
        Code::Io,
    ];

    /// The code as it is spelled in JSON (`not_found`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NotFound => "not_found",
            Code::Ambiguous => "ambiguous",
            Code::AlreadyApplied => "already_applied",
            Code::IndentInconsistent => "indent_inconsistent",
            Code::WorseParse => "worse_parse",
            Code::Conflict => "conflict",
            Code::Unmappable => "unmappable",
            Code::InternalCheck => "internal_check",
            Code::Unverified => "unverified",
            Code::Overlap => "overlap",
            Code::HintContradiction => "hint_contradiction",
            Code::Elision => "elision",
            Code::StaleView => "stale_view",
            Code::OutsideRoot => "outside_root",
            Code::TooComplex => "too_complex",
            Code::FileChanged => "file_changed",
            Code::Locked => "locked",
            Code::BadArguments => "bad_arguments",
            Code::BadPatch => "bad_patch",
            Code::EmptyOld => "empty_old",
            Code::NoChange => "no_change",
            Code::NotUtf8 => "not_utf8",
            Code::Utf16 => "utf16",
            Code::Binary => "binary",
            Code::BinaryNew => "binary_new",
            Code::TooLarge => "too_large",
            Code::NotAFile => "not_a_file",
            Code::FileNotFound => "file_not_found",
            Code::PermissionDenied => "permission_denied",
            Code::DanglingLink => "dangling_link",
            Code::Exists => "exists",
            Code::LanguageNotBuilt => "language_not_built",
            Code::Io => "io",
        }
    }

    /// Whether the caller should change the edit, retry it, or fix its input.
    pub fn class(self) -> Class {
        match self {
            Code::NotFound
            | Code::Ambiguous
            | Code::AlreadyApplied
            | Code::IndentInconsistent
            | Code::WorseParse
            | Code::Conflict
            | Code::Unmappable
            | Code::InternalCheck
            | Code::Unverified
            | Code::Overlap
            | Code::HintContradiction
            | Code::Elision
            | Code::StaleView
            | Code::OutsideRoot
            | Code::TooComplex => Class::Refused,
            Code::FileChanged | Code::Locked => Class::Retryable,
            _ => Class::Error,
        }
    }

    /// The command's exit status for this code: 1 refused, 3 retryable, 2 bad input or I/O.
    pub fn exit_code(self) -> u8 {
        match self.class() {
            Class::Refused => 1,
            Class::Retryable => 3,
            Class::Error => 2,
        }
    }

    /// One line on what the code means (the manual's table, `docs/src/outcomes.md`, is made of
    /// these).
    pub fn meaning(self) -> &'static str {
        match self {
            Code::NotFound => "no tier found `old`; the report names the closest candidate",
            Code::Ambiguous => "`old` fits several places; the report lists them",
            Code::AlreadyApplied => "the place already says what `new` says; nothing written",
            Code::IndentInconsistent => {
                "indentation of `old`/`new` disagrees with the file's, or would break its blocks"
            }
            Code::WorseParse => "the result parses worse than the original",
            Code::Conflict => "the file and `new` both add the same text there",
            Code::Unmappable => "the change cannot be mapped onto the file with certainty",
            Code::InternalCheck => "the writer's check of its own output failed (a bug)",
            Code::Unverified => {
                "the verifier could not show the write is `new` in `old`'s place; nothing written"
            }
            Code::Overlap => "two edits of one batch overlap",
            Code::HintContradiction => "a line hint or line numbers contradict the match",
            Code::Elision => "an elision marker in `old` cannot be placed",
            Code::StaleView => "the file is not the version the caller saw",
            Code::OutsideRoot => "the path is outside the roots that may be edited",
            Code::TooComplex => "`old` is past what the tier compares within its budget",
            Code::FileChanged => "the file changed on disk while editing; re-read and retry",
            Code::Locked => "another editloc writer holds the file; retry",
            Code::BadArguments => "malformed arguments or request",
            Code::BadPatch => "malformed patch",
            Code::EmptyOld => "`old` is empty and the file is not",
            Code::NoChange => "`old` and `new` are identical",
            Code::NotUtf8 => "not valid UTF-8",
            Code::Utf16 => "UTF-16/UTF-32 is not supported; convert to UTF-8",
            Code::Binary => "the file looks binary",
            Code::BinaryNew => "`new` holds a NUL byte: it would make the text file binary",
            Code::TooLarge => "larger than the configured limit",
            Code::NotAFile => "not a regular file (folder, FIFO, device)",
            Code::FileNotFound => "the file does not exist",
            Code::PermissionDenied => "the file or its folder cannot be written",
            Code::DanglingLink => "a symbolic link to nothing",
            Code::Exists => "the file to create already exists",
            Code::LanguageNotBuilt => "the language's grammar is not built in",
            Code::Io => "another I/O failure (e.g. a full disk)",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a located edit cannot be written with certainty: a code and the human sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// The stable code.
    pub code: Code,
    /// What went wrong, for a person or a model to act on.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A convention of the file that text written from `new` was adapted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// String quotes.
    Quotes,
    /// Statement-ending semicolons, added or removed.
    Semicolons,
    /// Trailing commas of multi-line lists, added or removed.
    TrailingCommas,
    /// `new`'s lines were written in the file's indentation unit.
    Indentation,
    /// A line the write made wider than the file's print width was broken as the file's
    /// formatter breaks it.
    Width,
    /// Blank lines were put around a definition `new` inserts, as the file spaces its
    /// definitions (black: two around a top-level one).
    BlankLines,
}

impl Convention {
    /// The convention's name, as results give it (`trailing_commas`).
    pub fn name(self) -> &'static str {
        match self {
            Convention::Quotes => "quotes",
            Convention::Semicolons => "semicolons",
            Convention::TrailingCommas => "trailing_commas",
            Convention::Indentation => "indentation",
            Convention::Width => "width",
            Convention::BlankLines => "blank_lines",
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling_matches_serde_and_all_is_complete() {
        for code in Code::ALL {
            let json = serde_json::to_string(code).unwrap();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            let back: Code = serde_json::from_str(&json).unwrap();
            assert_eq!(back, *code);
            assert!(!code.meaning().is_empty());
        }
        let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }

    #[test]
    fn exit_codes_follow_the_class() {
        assert_eq!(Code::NotFound.exit_code(), 1);
        assert_eq!(Code::FileChanged.exit_code(), 3);
        assert_eq!(Code::Locked.exit_code(), 3);
        assert_eq!(Code::Utf16.exit_code(), 2);
        assert_eq!(Code::BadArguments.exit_code(), 2);
    }
}
