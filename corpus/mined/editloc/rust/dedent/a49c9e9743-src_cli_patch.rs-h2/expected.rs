//! `editloc apply [FILE] --patch PATCH`: parse the patch, keep FILE's sections when FILE is
//! given, apply it with [`editloc::patch::apply_patch`] (all files locked, all or nothing) and
//! answer with a [`PatchAnswer`].

use super::args::ApplyArgs;
use super::input::Source;
use super::output::{Message, Problem, Render, STALE_NOTE, emit, notes};
use editloc::batch::{EditError, EditOutcome};
use editloc::patch::{Action, FileOutcome, PatchError, PatchOptions, PatchOutcome, apply_patch};
use editloc::report::{LineRange, MAX_LISTED, list_lines};
use editloc::structural::Convention;
use editloc::{Class, Code, LocateError, Mode, Repair, Report, Tier, formats};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Runs `apply --patch` and returns its exit status.
pub fn run(args: ApplyArgs, patch: &Path) -> u8 {
    let json = args.common.json;
    let file = args.file.clone();
    let options = options(&args);
    if args.refuse_stale && args.expect_sha256.is_none() {
        let bad = Message::problem(Code::BadArguments, "--refuse-stale needs --expect-sha256");
        return emit(&bad, json);
    }
    let source = Source::of(Some(patch.to_path_buf()), None).expect("a path");
    let parsed = match source.read("patch").and_then(|text| {
        editloc::parse_patch(&text)
            .map_err(|e| Problem::new(Code::BadPatch, format!("malformed patch: {e}")))
    }) {
        Ok(parsed) => parsed,
        Err(problem) => return emit(&Message::from(problem), json),
    };
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
    match apply_patch(Path::new(""), &patch, file.as_deref(), &options) {
        Ok(outcome) => emit(
            &PatchAnswer::of(&outcome, None, ignored, options.dry_run),
            json,
        ),
        Err(PatchError::Refused(outcome)) => emit(
            &PatchAnswer::of(&outcome, None, ignored, options.dry_run),
            json,
        ),
        Err(PatchError::Write(failure)) => {
            let error = Some((failure.error.code(), failure.to_string(), &failure.restored));
            emit(
                &PatchAnswer::of(&failure.outcome, error, ignored, options.dry_run),
                json,
            )
        }
        Err(e) => emit(&Message::problem(e.code(), e.to_string()), json),
    }
}

fn options(args: &ApplyArgs) -> PatchOptions {
    PatchOptions {
        locate: args.common.options(),
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
    pub edits: Vec<EditAnswer<'a>>,
    pub diff: &'a str,
    pub warnings: &'a [String],
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
            PatchAnswer::Refused(_) => "refused".into(),
        });
        text.join("\n")
    }
}

/// A file's status: `refused` for a refused file or, all-or-nothing, a failed edit; `partial`
/// when some edits were left out; otherwise `applied` or `would_apply`.
fn file_status(f: &FileOutcome, written: bool) -> &'static str {
    let produced = f.refusal.is_none() && f.edits.iter().any(|e| e.result.is_ok());
    match (f.refusal.is_some(), f.complete(), written) {
        (true, _, _) => "refused",
        (false, true, true) => "applied",
        (false, true, false) => "would_apply",
        (false, false, _) if produced && written => "partial",
        _ => "refused",
    }
}

impl<'a> FileAnswer<'a> {
    fn of(f: &'a FileOutcome, written: bool) -> FileAnswer<'a> {
        let status = file_status(f, written);
        FileAnswer {
            path: &f.path,
            action: f.action,
            status,
            code: f.code(),
            message: f.refusal.as_ref().map(|r| r.message.as_str()),
            stale_view: f.stale_view,
            edits: f.edits.iter().map(|e| EditAnswer::of(e, written)).collect(),
            diff: &f.diff,
            warnings: &f.warnings,
            text: file_text(f, status, written),
        }
    }
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
            adapted: None,
            report: None,
        };
        match &e.result {
            Ok(l) => {
                answer.tier = Some(l.tier);
                answer.lines = Some(l.lines.iter().take(MAX_LISTED).copied().collect());
                answer.more_lines =
                    (l.lines.len() > MAX_LISTED).then(|| l.lines.len() - MAX_LISTED);
                answer.repairs = Some(&l.repairs);
                answer.hint_decided = Some(l.hint_decided);
                answer.notes = Some(&l.notes);
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

fn file_text(f: &FileOutcome, status: &str, written: bool) -> String {
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
    for e in &f.edits {
        lines.push(match &e.result {
            Ok(l) => format!(
                "  edit {}: {} at lines {} ({} tier{}){}",
                e.index,
                e.status(written).replace('_', " "),
                list_lines(&l.lines),
                l.tier.name(),
                l.repaired(),
                notes(&l.notes).replace('\n', "\n  ")
            ),
            Err(err) => match err.report() {
                Some(report) => format!("  edit {}: {err}\n{report}", e.index),
                None => format!("  edit {}: {err}", e.index),
            },
        });
    }
    if f.complete() || written {
        format!("{}{}", f.diff, lines.join("\n"))
    } else {
        lines.join("\n")
    }
}
