//! Errors. Every failure the library reports is one of these; none of them leaves a file
//! changed.

use crate::outcome::Code;
use crate::outcome::Tier;
use crate::report::{LineRange, Report};

/// Input that cannot be edited at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("`old` is empty: there is nothing to locate")]
    EmptyOld,
    /// `old` and `new` are the same text.
    #[error("`old` and `new` are identical: the edit would change nothing")]
    NoChange,
    /// An empty `old` creates a file; on a file with content it would have to guess where.
    #[error(
        "`old` is empty, which only fills an empty or missing file, and this file is not empty"
    )]
    NotEmpty,
    #[error("the file is not valid UTF-8 (first invalid byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error("the file looks binary (NUL byte at offset {offset})")]
    Binary { offset: usize },
    #[error("`{what}` is not valid UTF-8 (first invalid byte at offset {offset})")]
    TextNotUtf8 { what: &'static str, offset: usize },
    /// The file is UTF-16 or UTF-32 (`encoding` names which, and whether it has a BOM).
    #[error(
        "the file is {encoding}: {} is not supported; convert to UTF-8 (e.g. `iconv -f {} -t UTF-8`)",
        family(encoding),
        family(encoding)
    )]
    Utf16 { encoding: &'static str },
    /// `old` is so much larger than the file that no tier could find it there: refused before
    /// any search, so that a runaway `old` costs neither time nor output.
    #[error(
        "`old` has {old} bytes, more than the file ({file} bytes) could hold in any formatting; re-read the file"
    )]
    OldTooLarge { old: usize, file: usize },
}

/// Whether `old` may be searched for in a file of `file` bytes: at most four times the file
/// plus 16 KiB (a model's `old` may be longer than the file's text when it spells a tab as
/// eight spaces, adds line-number prefixes or entities), so only a runaway `old` is refused.
pub(crate) fn check_old_size(old: &str, file: &str) -> Result<(), InputError> {
    if old.len() > file.len().saturating_mul(4).saturating_add(16 << 10) {
        return Err(InputError::OldTooLarge {
            old: old.len(),
            file: file.len(),
        });
    }
    Ok(())
}

/// `UTF-16` or `UTF-32`, from an encoding's name (`UTF-32LE with a BOM`).
fn family(encoding: &str) -> &'static str {
    if encoding.starts_with("UTF-32") {
        "UTF-32"
    } else {
        "UTF-16"
    }
}

impl InputError {
    /// The stable code of this error (the JSON `code`).
    pub fn code(&self) -> Code {
        match self {
            InputError::EmptyOld | InputError::NotEmpty => Code::EmptyOld,
            InputError::NoChange => Code::NoChange,
            InputError::NotUtf8 { .. } | InputError::TextNotUtf8 { .. } => Code::NotUtf8,
            InputError::Binary { .. } => Code::Binary,
            InputError::Utf16 { .. } => Code::Utf16,
            InputError::OldTooLarge { .. } => Code::TooLarge,
        }
    }
}

/// Why `locate` or `apply` did not produce a result.
#[derive(Debug, thiserror::Error)]
pub enum LocateError {
    #[error(transparent)]
    Input(#[from] InputError),
    /// No tier found `old`; the report names each tier's outcome and the closest candidate.
    #[error("not found: {}", .0.hint)]
    NotFound(Box<Report>),
    /// A tier found `old` in several places; the report lists them.
    #[error("ambiguous: {}", .0.hint)]
    Ambiguous(Box<Report>),
    /// `old` is not in the file but `new` is, where `old` would be: the edit was applied before.
    #[error("already applied: {}", .0.hint)]
    AlreadyApplied(Box<Report>),
    /// `old` was located but the edit cannot be written with certainty.
    #[error("refused at {} ({tier:?} match): {reason}", lines.phrase())]
    Refused {
        tier: Tier,
        lines: LineRange,
        /// Why, as a stable code.
        code: Code,
        reason: String,
    },
}

impl LocateError {
    /// The report behind a not-found, ambiguous or already-applied outcome.
    pub fn report(&self) -> Option<&Report> {
        match self {
            LocateError::NotFound(r)
            | LocateError::Ambiguous(r)
            | LocateError::AlreadyApplied(r) => Some(r),
            _ => None,
        }
    }

    /// The stable code of this error (the JSON `code`).
    pub fn code(&self) -> Code {
        match self {
            LocateError::Input(e) => e.code(),
            LocateError::NotFound(_) => Code::NotFound,
            LocateError::Ambiguous(_) => Code::Ambiguous,
            LocateError::AlreadyApplied(_) => Code::AlreadyApplied,
            LocateError::Refused { code, .. } => *code,
        }
    }

    /// A short machine-readable name: `not_found`, `ambiguous`, `already_applied`, `refused`
    /// or `error` (bad input).
    pub fn status(&self) -> &'static str {
        match self {
            LocateError::Input(_) => "error",
            LocateError::NotFound(_) => "not_found",
            LocateError::Ambiguous(_) => "ambiguous",
            LocateError::AlreadyApplied(_) => "already_applied",
            LocateError::Refused { .. } => "refused",
        }
    }
}

impl serde::Serialize for InputError {
    /// `{"code", "message"}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("InputError", 2)?;
        st.serialize_field("code", &self.code())?;
        st.serialize_field("message", &self.to_string())?;
        st.end()
    }
}

impl serde::Serialize for LocateError {
    /// `{"code", "status", "message"}`, then the `report` of a not-found, ambiguous or
    /// already-applied outcome, or the `tier` and `lines` of a refusal.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("code", &self.code())?;
        map.serialize_entry("status", self.status())?;
        map.serialize_entry("message", &self.to_string())?;
        match self {
            LocateError::Refused { tier, lines, .. } => {
                map.serialize_entry("tier", tier)?;
                map.serialize_entry("lines", lines)?;
            }
            other => {
                if let Some(report) = other.report() {
                    map.serialize_entry("report", report)?;
                }
            }
        }
        map.end()
    }
}
