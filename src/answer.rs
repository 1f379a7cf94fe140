//! The one serialised shape of a patch's outcome: what `editloc apply --patch --json` prints,
//! what the MCP server's `apply_patch` answers, what the Python and Node bindings return (and
//! carry as the report of a refused patch), and what `serde_json::to_value(&PatchOutcome)`
//! gives. Every surface builds a [`PatchAnswer`]; no surface spells the outcome's fields.
//!
//! An answer is bounded by its [`AnswerLimits`]: how many edits each file lists (the failed
//! ones first, the others counted), how many text edits, how many lines of each diff.

use crate::batch::{BatchApplied, BatchError, EditError, EditOutcome, MAX_LISTED_EDITS};
use crate::batch::{edit_counts, listed_edits};
use crate::edits::TextEdit;
use crate::error::LocateError;
use crate::fs::FileError;
use crate::outcome::{Class, Code, Convention, Repair, Tier};
use crate::patch::{Action, FileOutcome, PatchOutcome, WriteFailure};
use crate::report::{LineRange, MAX_LISTED, Report, clip};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Text edits an answer lists by default; the others are counted (`text_edits_omitted`).
pub const MAX_TEXT_EDITS: usize = 1000;

/// How much of an outcome an answer carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerLimits {
    /// Edits each file lists (the failed ones first); the others are counted
    /// (`edits_omitted`) and tallied in `edit_counts`.
    pub listed_edits: usize,
    /// Text edits each file lists (the others counted in `text_edits_omitted`); `None`
    /// leaves the text edits out of the answer.
    pub text_edits: Option<usize>,
    /// Lines of each diff (the file's and a report's closest candidate's), the rest counted;
    /// `None`: whole.
    pub diff_lines: Option<usize>,
}

impl Default for AnswerLimits {
    /// The command line's limits: [`MAX_LISTED_EDITS`] edits, [`MAX_TEXT_EDITS`] text
    /// edits, whole diffs.
    fn default() -> Self {
        AnswerLimits {
            listed_edits: MAX_LISTED_EDITS,
            text_edits: Some(MAX_TEXT_EDITS),
            diff_lines: None,
        }
    }
}

impl AnswerLimits {
    /// `text` cut to [`AnswerLimits::diff_lines`].
    fn diff<'a>(&self, text: &'a str) -> Cow<'a, str> {
        match self.diff_lines {
            Some(max) => match bounded_lines(text, max) {
                Some(cut) => Cow::Owned(cut),
                None => Cow::Borrowed(text),
            },
            None => Cow::Borrowed(text),
        }
    }
}

impl AnswerLimits {
    /// `report` with its closest candidate's diff cut to the limits.
    pub fn report<'a>(&self, report: &'a Report) -> Cow<'a, Report> {
        let Some(closest) = &report.closest else {
            return Cow::Borrowed(report);
        };
        match self.diff(&closest.diff) {
            Cow::Owned(cut) => {
                let mut bounded = report.clone();
                if let Some(c) = bounded.closest.as_mut() {
                    c.diff = cut;
                }
                Cow::Owned(bounded)
            }
            Cow::Borrowed(_) => Cow::Borrowed(report),
        }
    }
}

/// `text` cut to at most `max_lines` lines, the rest counted; `None` when it has no more.
pub fn bounded_lines(text: &str, max_lines: usize) -> Option<String> {
    let total = text.lines().count();
    if total <= max_lines {
        return None;
    }
    let mut out: String = text.split_inclusive('\n').take(max_lines).collect();
    out.push_str(&format!("… ({} more lines)\n", total - max_lines));
    Some(out)
}

/// What became of a patch, as one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AnswerStatus {
    /// Every file and edit applied and was written.
    Applied,
    /// Every file and edit would apply (a dry run): nothing was written.
    WouldApply,
    /// Some files or edits applied ([`crate::Mode::Partial`]), the others are reported.
    Partial,
    /// Nothing was written: a file or edit failed, or the patch as a whole.
    Refused,
    /// A write found a file changed or locked: the written files were restored; retry.
    Retry,
    /// A write failed, or the patch could not be applied (a file to add exists): the
    /// written files were restored (`restored`).
    Error,
}

impl AnswerStatus {
    /// The status of a refusal or failure of `code`, by its class.
    fn of_failure(code: Code) -> AnswerStatus {
        match code.class() {
            Class::Retryable => AnswerStatus::Retry,
            Class::Error => AnswerStatus::Error,
            _ => AnswerStatus::Refused,
        }
    }

    /// The answer's status name (`applied`, `would_apply`, ...).
    pub fn name(self) -> &'static str {
        match self {
            AnswerStatus::Applied => "applied",
            AnswerStatus::WouldApply => "would_apply",
            AnswerStatus::Partial => "partial",
            AnswerStatus::Refused => "refused",
            AnswerStatus::Retry => "retry",
            AnswerStatus::Error => "error",
        }
    }
}

/// A patch's outcome as every surface answers it.
#[derive(Debug, Clone, Serialize)]
pub struct PatchAnswer<'a> {
    /// What became of the patch.
    pub status: AnswerStatus,
    /// The code of the first failure (or of the write that failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    /// The first failure in words (or the write's failure).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Nothing was to be written.
    pub dry_run: bool,
    /// The changes are on disk.
    pub written: bool,
    /// Every file's share, in patch order.
    pub files: Vec<FileAnswer<'a>>,
    /// Sections of the patch for other files, left out by the caller.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
    /// The files written before a failed write, put back as they were read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restored: Option<&'a [PathBuf]>,
    /// The files a failed write could not put back, and why.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub not_restored: &'a [FileError],
}

impl<'a> PatchAnswer<'a> {
    /// The answer for `outcome`.
    pub fn of(outcome: &'a PatchOutcome, limits: &AnswerLimits) -> PatchAnswer<'a> {
        let files = outcome
            .files
            .iter()
            .map(|f| FileAnswer::of(f, outcome.written, limits))
            .collect();
        let code = outcome.code();
        let status = match (code, outcome.status()) {
            (_, "applied") => AnswerStatus::Applied,
            (_, "would_apply") => AnswerStatus::WouldApply,
            (_, "partial") => AnswerStatus::Partial,
            // Refused whole: as the first failure's code says (a file to add that exists is
            // an error, a stale view a refusal).
            (code, _) => AnswerStatus::of_failure(code.unwrap_or(Code::NotFound)),
        };
        PatchAnswer {
            status,
            code,
            message: code.map(|_| first_failure(outcome)),
            dry_run: outcome.dry_run,
            written: outcome.written,
            files,
            ignored: Vec::new(),
            restored: None,
            not_restored: &[],
        }
    }

    /// The answer for a write that failed after the patch was computed: its code and
    /// message, the files restored, every file's outcome as computed.
    pub fn of_write_failure(failure: &'a WriteFailure, limits: &AnswerLimits) -> PatchAnswer<'a> {
        let code = failure.error.code();
        PatchAnswer {
            status: match code.class() {
                Class::Retryable => AnswerStatus::Retry,
                _ => AnswerStatus::Error,
            },
            code: Some(code),
            message: Some(failure.to_string()),
            restored: Some(&failure.restored),
            not_restored: &failure.not_restored,
            ..PatchAnswer::of(&failure.outcome, limits)
        }
    }

    /// The answer for a patch refused as a whole before any file was planned (a path outside
    /// the folder, two sections for one file, a file that cannot be read): the same shape,
    /// with no files.
    pub fn problem(code: Code, message: String, dry_run: bool) -> PatchAnswer<'a> {
        PatchAnswer {
            status: AnswerStatus::of_failure(code),
            code: Some(code),
            message: Some(message),
            dry_run,
            written: false,
            files: Vec::new(),
            ignored: Vec::new(),
            restored: None,
            not_restored: &[],
        }
    }
}

/// The message of the first file or edit that did not apply.
fn first_failure(outcome: &PatchOutcome) -> String {
    for f in &outcome.files {
        if let Some(r) = &f.refusal {
            return format!("{}: {r}", f.path.display());
        }
        if let Some(e) = f.edits.iter().find_map(|e| e.result.as_ref().err()) {
            return format!("{}: {e}", f.path.display());
        }
    }
    String::new()
}

/// One file's share of a [`PatchAnswer`].
#[derive(Debug, Clone, Serialize)]
pub struct FileAnswer<'a> {
    /// The file as the patch names it.
    pub path: &'a Path,
    /// What the patch does to it.
    pub action: Action,
    /// As [`FileOutcome::status`].
    pub status: &'static str,
    /// The code of its first failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    /// Why the file as a whole was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'a str>,
    /// The file's hash is not the one the model saw.
    pub stale_view: bool,
    /// How many edits have each status (`applied`, `not_found`, ...).
    pub edit_counts: BTreeMap<&'static str, usize>,
    /// The edits: all of them, or the first [`AnswerLimits::listed_edits`] with the failed
    /// ones first.
    pub edits: Vec<EditAnswer<'a>>,
    /// How many edits `edits` leaves out.
    #[serde(skip_serializing_if = "is_zero")]
    pub edits_omitted: usize,
    /// The unified diff of the change (empty when refused), cut to the limits.
    pub diff: Cow<'a, str>,
    /// Warnings about the result.
    pub warnings: &'a [String],
    /// Where a moved file went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<&'a Path>,
    /// The lines a `view` command asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a str>,
    /// The minimal text edits from the content read to the content left (UTF-16 positions
    /// as well as bytes; empty when refused or removed), the first
    /// [`AnswerLimits::text_edits`].
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub text_edits: &'a [TextEdit],
    /// How many text edits `text_edits` leaves out (then read the file for its content).
    #[serde(skip_serializing_if = "is_zero")]
    pub text_edits_omitted: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl<'a> FileAnswer<'a> {
    /// `f`'s share; `written` says whether the patch's changes are on disk.
    pub fn of(f: &'a FileOutcome, written: bool, limits: &AnswerLimits) -> FileAnswer<'a> {
        let produced = written && f.complete();
        let (listed, edits_omitted) = listed_edits(&f.edits, limits.listed_edits);
        let text_edits = match limits.text_edits {
            Some(max) => &f.text_edits[..f.text_edits.len().min(max)],
            None => &[],
        };
        let text_edits_omitted = match limits.text_edits {
            Some(_) => f.text_edits.len() - text_edits.len(),
            None => 0,
        };
        FileAnswer {
            path: &f.path,
            action: f.action,
            status: f.status(written),
            code: f.code(),
            message: f.refusal.as_ref().map(|r| r.message.as_str()),
            stale_view: f.stale_view,
            edit_counts: edit_counts(&f.edits, produced),
            edits: listed
                .iter()
                .map(|e| EditAnswer::of(e, produced, limits))
                .collect(),
            edits_omitted,
            diff: limits.diff(&f.diff),
            warnings: &f.warnings,
            moved_to: f.moved_to.as_deref(),
            view: f.view.as_deref(),
            text_edits,
            text_edits_omitted,
        }
    }
}

/// One edit's share: where it landed, or why it did not.
#[derive(Debug, Clone, Serialize)]
pub struct EditAnswer<'a> {
    /// The edit's 1-based position in its file's edits (or the batch).
    pub index: usize,
    /// As [`EditOutcome::status`].
    pub status: &'static str,
    /// Why it failed: the stable code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    /// Why it failed, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The tier that found it (or that refused it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// The places the edit replaces (the first [`MAX_LISTED`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<LineRange>>,
    /// How many places `lines` leaves out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more_lines: Option<usize>,
    /// The repairs `old` needed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repairs: Option<&'a [Repair]>,
    /// The line hint chose this place among several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint_decided: Option<bool>,
    /// What a repair or the hint established.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<&'a [String]>,
    /// The writer rules that wrote the edit, in the order they fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<&'a [&'static str]>,
    /// The file's conventions what it wrote follows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapted: Option<&'a [Convention]>,
    /// Why it did not land and what to do (its closest candidate's diff cut to the limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<Cow<'a, Report>>,
}

impl<'a> EditAnswer<'a> {
    /// `e`'s share; `produced` says whether its content was produced (written, or returned).
    pub fn of(e: &'a EditOutcome, produced: bool, limits: &AnswerLimits) -> EditAnswer<'a> {
        let mut answer = EditAnswer {
            index: e.index,
            status: e.status(produced),
            code: None,
            message: None,
            tier: None,
            lines: None,
            more_lines: None,
            repairs: None,
            hint_decided: None,
            notes: None,
            rules: None,
            adapted: None,
            report: None,
        };
        match &e.result {
            Ok(landed) => {
                answer.tier = Some(landed.provenance.tier);
                answer.lines = Some(landed.lines.iter().take(MAX_LISTED).copied().collect());
                answer.more_lines =
                    (landed.lines.len() > MAX_LISTED).then(|| landed.lines.len() - MAX_LISTED);
                answer.repairs = Some(&landed.provenance.repairs);
                answer.hint_decided = Some(landed.provenance.hint_decided);
                answer.notes = Some(&landed.provenance.notes);
                answer.rules = Some(&landed.provenance.rules);
                answer.adapted = Some(&landed.adapted);
            }
            Err(err) => answer.failed(err, limits),
        }
        answer
    }

    fn failed(&mut self, err: &'a EditError, limits: &AnswerLimits) {
        self.code = Some(err.code());
        self.message = Some(err.to_string());
        self.report = err.report().map(|report| limits.report(report));
        if let EditError::Locate(LocateError::Refused { tier, lines, .. }) = err {
            self.tier = Some(*tier);
            self.lines = Some(vec![*lines]);
        }
    }

    /// The edit named with its status and code only: no report, the message clipped (what an
    /// answer past its bound of full reports lists).
    pub fn brief(self) -> EditAnswer<'a> {
        EditAnswer {
            message: self.message.map(clip),
            report: None,
            ..self
        }
    }
}

impl Serialize for PatchOutcome {
    /// As [`PatchAnswer`] with the default [`AnswerLimits`].
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PatchAnswer::of(self, &AnswerLimits::default()).serialize(s)
    }
}

impl Serialize for EditOutcome {
    /// As [`EditAnswer`] with the default limits, `located` for an edit that located.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut answer = EditAnswer::of(self, true, &AnswerLimits::default());
        if self.result.is_ok() {
            answer.status = "located";
        }
        answer.serialize(s)
    }
}

impl Serialize for BatchApplied {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let limits = AnswerLimits::default();
        let edits: Vec<EditAnswer> = self
            .edits
            .iter()
            .map(|e| EditAnswer::of(e, true, &limits))
            .collect();
        let mut st = s.serialize_struct("BatchApplied", 6)?;
        st.serialize_field("complete", &self.complete())?;
        st.serialize_field("content", &self.content)?;
        st.serialize_field("diff", &self.diff)?;
        st.serialize_field("edits", &edits)?;
        st.serialize_field("warnings", &self.warnings)?;
        st.serialize_field("text_edits", &self.text_edits)?;
        st.end()
    }
}

impl Serialize for BatchError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let limits = AnswerLimits::default();
        let edits: Vec<EditAnswer> = self
            .edits
            .iter()
            .map(|e| EditAnswer::of(e, false, &limits))
            .collect();
        let mut st = s.serialize_struct("BatchError", 2)?;
        st.serialize_field("message", &self.to_string())?;
        st.serialize_field("edits", &edits)?;
        st.end()
    }
}
