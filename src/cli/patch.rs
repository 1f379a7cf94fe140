//! `editloc apply [FILE] --patch PATCH`: parse the patch, keep FILE's sections when FILE is
//! given, apply it with [`editloc::apply_patch`] (all files locked, all or nothing) and
//! answer with a [`PatchAnswer`].

use super::args::ApplyArgs;
use super::input::Source;
use super::output::{Message, Problem, Render, STALE_NOTE, emit, notes};
use editloc::Convention;
use editloc::{Action, FileOutcome, PatchError, PatchOptions, PatchOutcome, apply_patch};
use editloc::{Class, Code, LocateError, Mode, Repair, Report, Tier};
use editloc::{EditError, EditOutcome, MAX_LISTED_EDITS, Patch, edit_counts, listed_edits};
use editloc::{LineRange, MAX_LISTED, phrase_lines};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Runs `apply --patch` and returns its exit status.
pub fn run(args: ApplyArgs, patch: &Path) -> u8 {
    let source = Source::of(Some(patch.to_path_buf()), None).expect("a path");
    let parsed = source.read("patch", args.common.max_size).and_then(|text| {
        editloc::parse_patch(&text)
            .map_err(|e| Problem::new(Code::BadPatch, format!("malformed patch: {e}")))
    });
    match parsed {
        Ok(parsed) => apply(&args, parsed),
        Err(problem) => emit(&Message::from(problem), args.common.json),
    }
}

/// Applies a parsed patch (FILE's sections only when FILE is given) and returns the exit
/// status.
pub fn apply(args: &ApplyArgs, parsed: Patch) -> u8 {
    let json = args.common.json;
    let file = args.file.clone();
    let options = options(args);
    if args.refuse_stale && args.expect_sha256.is_none() {
        let bad = Message::problem(Code::BadArguments, "--refuse-stale needs --expect-sha256");
        return emit(&bad, json);
    }
    let (patch, ignored) = match &file {
        Some(file) => parsed.for_file(file),
        None => (parsed, Vec::new()),
    };
    if patch.files.is_empty() {
        let name = file.map_or_else(String::new, |f| f.display().to_string());
        let answer = Message::problem(
            Code::BadPatch,
            format!("the patch has no section for {name}"),
        );
        return emit(&answer, json);
    }
    let ignored: Vec<String> = ignored.iter().map(|p| p.display().to_string()).collect();
    let dry_run = options.dry_run;
    let answer = |outcome, error| PatchAnswer::of(outcome, error, ignored.clone(), dry_run);
    match apply_patch(Path::new(""), &patch, file.as_deref(), &options) {
        Ok(outcome) | Err(PatchError::Refused(outcome)) => emit(&answer(&outcome, None), json),
        Err(PatchError::Write(failure)) => {
            let error = Some((failure.error.code(), failure.to_string(), &failure.restored));
            emit(&answer(&failure.outcome, error), json)
        }
        Err(e) => emit(
            &PatchAnswer::problem(e.code(), e.to_string(), dry_run),
            json,
        ),
    }
}

fn options(args: &ApplyArgs) -> PatchOptions {
    PatchOptions {
        locate: args.options(),
        language: args.common.language(),
        mode: if args.partial {
            Mode::Partial
        } else {
            Mode::AllOrNothing
        },
        expect_sha256: args.expect_sha256.clone(),
        refuse_stale: args.refuse_stale,
        dry_run: args.dry_run,
        sequential: args.sequential,
        lock_timeout: args.lock_timeout,
        max_size: args.common.max_size,
    }
}

/// A patch's answer, tagged by its status.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PatchAnswer<'a> {
    Applied(Body<'a>),
    WouldApply(Body<'a>),
    /// Some files or edits applied (`--partial`), the others are reported.
    Partial(Body<'a>),
    Refused(Body<'a>),
    /// A write found a file changed or locked: the written files were restored; retry.
    Retry(Body<'a>),
    /// A write failed: the written files were restored (`restored`).
    Error(Body<'a>),
}

#[derive(Serialize)]
pub struct Body<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub dry_run: bool,
    pub files: Vec<FileAnswer<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restored: Option<&'a [PathBuf]>,
}

/// One file's share.
#[derive(Serialize)]
pub struct FileAnswer<'a> {
    pub path: &'a Path,
    pub action: Action,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'a str>,
    pub stale_view: bool,
    /// How many edits have each status (`applied`, `not_found`, ...).
    pub edit_counts: BTreeMap<&'static str, usize>,
    /// The edits: all of them, or the first [`MAX_LISTED_EDITS`] with the failed ones first.
    pub edits: Vec<EditAnswer<'a>>,
    /// How many edits `edits` leaves out.
    #[serde(skip_serializing_if = "is_zero")]
    pub edits_omitted: usize,
    pub diff: &'a str,
    pub warnings: &'a [String],
    /// Where a moved file went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<&'a Path>,
    /// The lines a `view` command asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'a str>,
    /// The minimal text edits from the content read to the content left (UTF-16 positions
    /// as well as bytes; empty when refused or removed), the first [`MAX_TEXT_EDITS`].
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub text_edits: &'a [editloc::TextEdit],
    /// How many text edits `text_edits` leaves out (then read the file for its content).
    #[serde(skip_serializing_if = "is_zero")]
    pub text_edits_omitted: usize,
    /// The text answer.
    #[serde(skip)]
    text: String,
}

/// One edit's share.
#[derive(Serialize)]
pub struct EditAnswer<'a> {
    pub index: usize,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// The places the edit replaces (the first 20).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<LineRange>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub more_lines: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repairs: Option<&'a [Repair]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint_decided: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<&'a [&'static str]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adapted: Option<&'a [Convention]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<&'a Report>,
}

impl<'a> PatchAnswer<'a> {
    /// The answer for `outcome`; `error` is a write failure (code, message, files restored).
    fn of(
        outcome: &'a PatchOutcome,
        error: Option<(Code, String, &'a Vec<PathBuf>)>,
        ignored: Vec<String>,
        dry_run: bool,
    ) -> PatchAnswer<'a> {
        let files = outcome
            .files
            .iter()
            .map(|f| FileAnswer::of(f, outcome.written))
            .collect();
        let (code, message, restored) = match &error {
            Some((code, message, restored)) => (
                Some(*code),
                Some(message.clone()),
                Some(restored.as_slice()),
            ),
            None => (outcome.code(), None, None),
        };
        let message = message.or_else(|| code.map(|_| first_failure(outcome)));
        let body = Body {
            code,
            message,
            dry_run,
            files,
            ignored,
            restored,
        };
        match (error.map(|e| e.0.class()), outcome.status()) {
            (Some(Class::Retryable), _) => PatchAnswer::Retry(body),
            (Some(_), _) => PatchAnswer::Error(body),
            (None, "applied") => PatchAnswer::Applied(body),
            (None, "would_apply") => PatchAnswer::WouldApply(body),
            (None, "partial") => PatchAnswer::Partial(body),
            // Refused whole: as the first failure's code says (a file to add that exists is
            // an error, a stale view a refusal).
            _ => match body.code.map(Code::class) {
                Some(Class::Retryable) => PatchAnswer::Retry(body),
                Some(Class::Error) => PatchAnswer::Error(body),
                _ => PatchAnswer::Refused(body),
            },
        }
    }

    /// The answer for a patch refused as a whole before any file was planned (a path outside
    /// the folder, two sections for one file, a file that cannot be read): the same shape,
    /// with no files.
    fn problem(code: Code, message: String, dry_run: bool) -> PatchAnswer<'a> {
        let body = Body {
            code: Some(code),
            message: Some(message),
            dry_run,
            files: Vec::new(),
            ignored: Vec::new(),
            restored: None,
        };
        match code.class() {
            Class::Retryable => PatchAnswer::Retry(body),
            Class::Error => PatchAnswer::Error(body),
            _ => PatchAnswer::Refused(body),
        }
    }

    fn body(&self) -> &Body<'a> {
        match self {
            PatchAnswer::Applied(b)
            | PatchAnswer::WouldApply(b)
            | PatchAnswer::Partial(b)
            | PatchAnswer::Refused(b)
            | PatchAnswer::Retry(b)
            | PatchAnswer::Error(b) => b,
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

impl Render for PatchAnswer<'_> {
    fn exit(&self) -> u8 {
        match self {
            PatchAnswer::Applied(_) | PatchAnswer::WouldApply(_) => 0,
            PatchAnswer::Partial(_) | PatchAnswer::Refused(_) => 1,
            PatchAnswer::Retry(_) => 3,
            PatchAnswer::Error(_) => 2,
        }
    }

    fn text(&self) -> String {
        let body = self.body();
        let mut text: Vec<String> = body.files.iter().map(|f| f.text.clone()).collect();
        if !body.ignored.is_empty() {
            text.push(format!(
                "ignored sections for other files: {}",
                body.ignored.join(", ")
            ));
        }
        text.push(match self {
            PatchAnswer::Retry(b) => format!("retry: {}", b.message.as_deref().unwrap_or("")),
            PatchAnswer::Error(b) => format!("error: {}", b.message.as_deref().unwrap_or("")),
            PatchAnswer::Applied(_) => "applied".into(),
            PatchAnswer::WouldApply(_) => "would apply".into(),
            PatchAnswer::Partial(_) => "partial".into(),
            PatchAnswer::Refused(b) if b.files.is_empty() => {
                format!("refused: {}", b.message.as_deref().unwrap_or(""))
            }
            PatchAnswer::Refused(_) => "refused".into(),
        });
        text.join("\n")
    }
}

impl<'a> FileAnswer<'a> {
    fn of(f: &'a FileOutcome, written: bool) -> FileAnswer<'a> {
        let status = f.status(written);
        let (listed, edits_omitted) = listed_edits(&f.edits, MAX_LISTED_EDITS);
        let text_edits = &f.text_edits[..f.text_edits.len().min(MAX_TEXT_EDITS)];
        FileAnswer {
            path: &f.path,
            action: f.action,
            status,
            code: f.code(),
            message: f.refusal.as_ref().map(|r| r.message.as_str()),
            stale_view: f.stale_view,
            edit_counts: edit_counts(&f.edits, written),
            text: file_text(f, status, written, &listed, edits_omitted),
            edits: listed.iter().map(|e| EditAnswer::of(e, written)).collect(),
            edits_omitted,
            diff: &f.diff,
            warnings: &f.warnings,
            moved_to: f.moved_to.as_deref(),
            view: f.view.as_deref(),
            text_edits,
            text_edits_omitted: f.text_edits.len() - text_edits.len(),
        }
    }
}

/// Text edits an answer lists; the others are counted (`text_edits_omitted`).
pub const MAX_TEXT_EDITS: usize = 1000;

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl<'a> EditAnswer<'a> {
    fn of(e: &'a EditOutcome, written: bool) -> EditAnswer<'a> {
        let mut answer = EditAnswer {
            index: e.index,
            status: e.status(written),
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
            Ok(l) => {
                answer.tier = Some(l.provenance.tier);
                answer.lines = Some(l.lines.iter().take(MAX_LISTED).copied().collect());
                answer.more_lines =
                    (l.lines.len() > MAX_LISTED).then(|| l.lines.len() - MAX_LISTED);
                answer.repairs = Some(&l.provenance.repairs);
                answer.hint_decided = Some(l.provenance.hint_decided);
                answer.notes = Some(&l.provenance.notes);
                answer.rules = Some(&l.provenance.rules);
                answer.adapted = Some(&l.adapted);
            }
            Err(err) => {
                answer.code = Some(err.code());
                answer.message = Some(err.to_string());
                answer.report = err.report();
                if let EditError::Locate(LocateError::Refused { tier, lines, .. }) = err {
                    answer.tier = Some(*tier);
                    answer.lines = Some(vec![*lines]);
                }
            }
        }
        answer
    }
}

/// A file's text answer: its status, the listed edits (`omitted` more counted) and its diff.
fn file_text(
    f: &FileOutcome,
    status: &str,
    written: bool,
    listed: &[&EditOutcome],
    omitted: usize,
) -> String {
    let mut lines = vec![format!(
        "{}: {} {}",
        f.path.display(),
        f.action.name(),
        status.replace('_', " "),
    )];
    if f.stale_view {
        lines.push(STALE_NOTE.trim_start().to_string());
    }
    if let Some(refusal) = &f.refusal {
        lines.push(format!("  {refusal}"));
    }
    for e in listed {
        lines.push(match &e.result {
            Ok(l) => format!(
                "  edit {}: {} at {} ({} tier{}){}",
                e.index,
                e.status(written).replace('_', " "),
                phrase_lines(&l.lines),
                l.provenance.tier.name(),
                l.repaired(),
                notes(&l.provenance.notes).replace('\n', "\n  ")
            ),
            Err(err) => match err.report() {
                Some(report) => format!("  edit {}: {err}\n{report}", e.index),
                None => format!("  edit {}: {err}", e.index),
            },
        });
    }
    if omitted > 0 {
        let counts: Vec<String> = edit_counts(&f.edits, written)
            .iter()
            .map(|(status, n)| format!("{n} {}", status.replace('_', " ")))
            .collect();
        lines.push(format!(
            "  ({omitted} more edits not listed; in all: {})",
            counts.join(", ")
        ));
    }
    if let Some(view) = &f.view {
        lines.insert(0, view.trim_end_matches('\n').to_string());
    }
    if f.complete() || written {
        format!("{}{}", f.diff, lines.join("\n"))
    } else {
        lines.join("\n")
    }
}
