//! `editloc apply [FILE] --patch PATCH`: parse the patch, keep FILE's sections when FILE is
//! given, apply it with [`editloc::apply_patch`] (all files locked, all or nothing) and
//! answer with the outcome's one shape, [`PatchAnswer`].

use super::args::ApplyArgs;
use super::input::Source;
use super::output::{Message, Problem, Render, STALE_NOTE, emit, notes};
use editloc::{AnswerLimits, AnswerStatus, Code, Mode, PatchAnswer, WriteFailure};
use editloc::{FileOutcome, PatchError, PatchOptions, PatchOutcome, apply_patch};
use editloc::{MAX_LISTED_EDITS, Patch, edit_counts, listed_edits, phrase_lines};
use serde::Serialize;
use std::path::Path;

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
    match apply_patch(Path::new(""), &patch, file.as_deref(), &options) {
        Ok(outcome) | Err(PatchError::Refused(outcome)) => {
            emit(&PatchReply::of(&outcome, None, ignored), json)
        }
        Err(PatchError::Write(failure)) => emit(
            &PatchReply::of(&failure.outcome, Some(&failure), ignored),
            json,
        ),
        Err(e) => emit(
            &PatchReply::problem(e.code(), e.to_string(), options.dry_run),
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

/// A patch's answer: the outcome's one shape ([`PatchAnswer`], what `--json` prints) and
/// each file's text for people.
#[derive(Serialize)]
pub struct PatchReply<'a> {
    #[serde(flatten)]
    answer: PatchAnswer<'a>,
    /// Each file's text answer.
    #[serde(skip)]
    texts: Vec<String>,
}

impl<'a> PatchReply<'a> {
    /// The answer for `outcome`; `failure` is a write that failed after it was computed.
    fn of(
        outcome: &'a PatchOutcome,
        failure: Option<&'a WriteFailure>,
        ignored: Vec<String>,
    ) -> PatchReply<'a> {
        let limits = AnswerLimits::default();
        let answer = match failure {
            Some(failure) => PatchAnswer::of_write_failure(failure, &limits),
            None => PatchAnswer::of(outcome, &limits),
        };
        let texts = outcome
            .files
            .iter()
            .map(|f| file_text(f, f.status(outcome.written), outcome.written))
            .collect();
        PatchReply {
            answer: PatchAnswer { ignored, ..answer },
            texts,
        }
    }

    /// The answer for a patch refused as a whole before any file was planned.
    fn problem(code: Code, message: String, dry_run: bool) -> PatchReply<'a> {
        PatchReply {
            answer: PatchAnswer::problem(code, message, dry_run),
            texts: Vec::new(),
        }
    }
}

impl Render for PatchReply<'_> {
    fn exit(&self) -> u8 {
        match self.answer.status {
            AnswerStatus::Applied | AnswerStatus::WouldApply => 0,
            AnswerStatus::Partial | AnswerStatus::Refused => 1,
            AnswerStatus::Retry => 3,
            AnswerStatus::Error => 2,
        }
    }

    fn text(&self) -> String {
        let answer = &self.answer;
        let mut text = self.texts.clone();
        if !answer.ignored.is_empty() {
            text.push(format!(
                "ignored sections for other files: {}",
                answer.ignored.join(", ")
            ));
        }
        let message = answer.message.as_deref().unwrap_or("");
        text.push(match answer.status {
            AnswerStatus::Retry => format!("retry: {message}"),
            AnswerStatus::Error => format!("error: {message}"),
            AnswerStatus::Refused if answer.files.is_empty() => format!("refused: {message}"),
            status => status.name().replace('_', " "),
        });
        text.join("\n")
    }
}

/// A file's text answer: its status, the listed edits (the others counted) and its diff.
fn file_text(f: &FileOutcome, status: &str, written: bool) -> String {
    let (listed, omitted) = listed_edits(&f.edits, MAX_LISTED_EDITS);
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
