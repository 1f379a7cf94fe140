//! What a tool call answers: a short text for the model and the same facts as JSON
//! (`structuredContent`), bounded so that a failed edit never floods the model's context.
//!
//! Applied: the tier, the lines, the repairs and warnings, a diff of at most
//! [`MAX_DIFF_LINES`] lines, and the file's new `sha256`. Refused: the `code`, the message,
//! the closest candidate (its lines, similarity, differences and a bounded diff) or the
//! candidates of an ambiguity, and the hint — what a model needs for its next attempt.

use crate::answer::{AnswerLimits, EditAnswer, PatchAnswer};
use crate::batch::{BatchApplied, BatchError, EditOutcome};
use crate::document::{Applied, Match};
use crate::error::LocateError;
use crate::outcome::{Code, Refusal};
use crate::patch::{FileOutcome, PatchError, PatchOutcome};
use crate::report::Report;
use serde_json::{Value, json};

/// Lines of a diff shown in an answer; the rest is counted, not shown.
pub const MAX_DIFF_LINES: usize = 60;
/// Characters of any one text block of an answer.
pub const MAX_CHARS: usize = 12_000;

/// Failed edits of a batch whose full report an answer carries; the others are named with
/// their status and code (`reports_omitted` counts them).
pub const MAX_REPORTS: usize = 10;

/// Edits of a refused batch an answer lists at all; the others are counted
/// (`edits_omitted`), so the structured answer stays as bounded as its text.
pub const MAX_LISTED: usize = 100;

/// A tool's answer.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Answer {
    /// The call failed (refused, bad input): MCP's `isError`.
    pub is_error: bool,
    /// What the model reads.
    pub text: String,
    /// The same as JSON.
    pub json: Value,
}

impl Answer {
    /// A successful answer.
    pub fn ok(text: impl Into<String>, json: Value) -> Answer {
        Answer {
            is_error: false,
            text: bounded(&text.into(), MAX_CHARS),
            json,
        }
    }

    /// A refusal with `code` and `message` and nothing else to say.
    pub fn refused(code: Code, message: impl Into<String>) -> Answer {
        let message = message.into();
        Answer {
            is_error: true,
            text: bounded(&format!("refused ({code}): {message}"), MAX_CHARS),
            json: json!({"status": "refused", "code": code, "message": message}),
        }
    }

    /// The code of a refusal, if this is one.
    pub fn code(&self) -> Option<&str> {
        self.json.get("code").and_then(Value::as_str)
    }
}

impl From<Refusal> for Answer {
    fn from(r: Refusal) -> Answer {
        Answer::refused(r.code, r.message)
    }
}

/// `text` cut to at most `max_lines` lines, the rest counted.
pub fn bounded_lines(text: &str, max_lines: usize) -> String {
    crate::answer::bounded_lines(text, max_lines).unwrap_or_else(|| text.to_string())
}

/// What an answer carries of an outcome: [`MAX_LISTED`] edits, no text edits, diffs of
/// [`MAX_DIFF_LINES`] lines.
const LIMITS: AnswerLimits = AnswerLimits {
    listed_edits: MAX_LISTED,
    text_edits: None,
    diff_lines: Some(MAX_DIFF_LINES),
};

/// `text` cut to at most `max` characters on a character boundary, the cut said.
pub fn bounded(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… (cut at {max} characters)", &text[..cut]),
    }
}

fn repairs_phrase(repairs: &[crate::outcome::Repair]) -> String {
    if repairs.is_empty() {
        String::new()
    } else {
        let names: Vec<&str> = repairs.iter().map(|r| r.name()).collect();
        format!("; repairs: {}", names.join("+"))
    }
}

/// A single edit that landed and was written.
pub fn applied(path: &str, a: &Applied, sha256: &str) -> Answer {
    let diff = bounded_lines(&a.diff, MAX_DIFF_LINES);
    let mut text = format!(
        "applied to {path} at {} ({} tier{}{})\n",
        a.lines.phrase(),
        a.provenance.tier.name(),
        repairs_phrase(&a.provenance.repairs),
        if a.fallback {
            "; whole-range rewrite"
        } else {
            ""
        }
    );
    for w in &a.warnings {
        text.push_str(&format!("warning: {w}\n"));
    }
    text.push_str(&diff);
    text.push_str(&format!("sha256: {sha256}"));
    Answer::ok(
        text,
        json!({
            "status": "applied", "path": path, "tier": a.provenance.tier, "lines": a.lines,
            "repairs": a.provenance.repairs, "warnings": a.warnings, "notes": a.provenance.notes,
            "rules": a.provenance.rules, "fallback": a.fallback, "diff": diff, "sha256": sha256,
        }),
    )
}

/// A batch (`multi_edit`, `replace_all`) that landed and was written.
pub fn batch_applied(path: &str, b: &BatchApplied, sha256: &str) -> Answer {
    let diff = bounded_lines(&b.diff, MAX_DIFF_LINES);
    let mut text = format!("applied {} edit(s) to {path}\n", b.edits.len());
    for e in &b.edits {
        text.push_str(&format!("  {}\n", edit_line(e, true)));
    }
    for w in &b.warnings {
        text.push_str(&format!("warning: {w}\n"));
    }
    text.push_str(&diff);
    text.push_str(&format!("sha256: {sha256}"));
    let edits: Vec<EditAnswer> = b
        .edits
        .iter()
        .map(|e| EditAnswer::of(e, true, &LIMITS))
        .collect();
    Answer::ok(
        text,
        json!({
            "status": "applied", "path": path, "edits": edits, "warnings": b.warnings,
            "diff": diff, "sha256": sha256,
        }),
    )
}

/// One edit of a batch, in one line.
fn edit_line(e: &EditOutcome, produced: bool) -> String {
    match &e.result {
        Ok(l) => format!(
            "edit {}: {} at {} ({} tier{})",
            e.index,
            e.status(produced).replace('_', " "),
            crate::report::phrase_lines(&l.lines),
            l.provenance.tier.name(),
            repairs_phrase(&l.provenance.repairs)
        ),
        Err(err) => format!("edit {}: {} ({})", e.index, err, err.code()),
    }
}

/// A refused batch: every edit's outcome, the failures with their reports.
pub fn batch_refused(path: &str, b: &BatchError) -> Answer {
    let failed: Vec<&EditOutcome> = b.edits.iter().filter(|e| e.result.is_err()).collect();
    let code = failed
        .first()
        .and_then(|e| e.result.as_ref().err())
        .map_or(Code::NotFound, |e| e.code());
    let mut text = format!(
        "refused ({code}): {} of {} edits to {path} failed, so none was applied\n",
        failed.len(),
        b.edits.len()
    );
    let mut edits = Vec::new();
    let mut reports = 0;
    for e in &b.edits {
        text.push_str(&format!("  {}\n", edit_line(e, false)));
        if edits.len() == MAX_LISTED {
            continue;
        }
        let answer = EditAnswer::of(e, false, &LIMITS);
        match e.result.as_ref().err().and_then(|err| err.report()) {
            Some(report) if reports < MAX_REPORTS => {
                reports += 1;
                text.push_str(&indent(&report_text(report), "    "));
                edits.push(answer);
            }
            // Past the first reports, an edit is named with its status and code only.
            Some(_) => edits.push(answer.brief()),
            None => edits.push(answer),
        }
    }
    let omitted = failed.len().saturating_sub(MAX_REPORTS);
    Answer {
        is_error: true,
        text: bounded(&text, MAX_CHARS),
        json: json!({
            "status": "refused", "code": code, "path": path, "edits": edits,
            "reports_omitted": omitted,
            "edits_omitted": b.edits.len() - edits.len(),
        }),
    }
}

fn indent(text: &str, by: &str) -> String {
    text.lines().map(|l| format!("{by}{l}\n")).collect()
}

/// A report as text: the closest candidate (differences and a bounded diff) or the
/// candidates, and the hint.
fn report_text(r: &Report) -> String {
    let mut text = String::new();
    if !r.tiers.is_empty() {
        let tiers: Vec<String> = r
            .tiers
            .iter()
            .map(|t| format!("{} {}", t.tier.name(), t.outcome()))
            .collect();
        text.push_str(&format!("tiers: {}\n", tiers.join("; ")));
    }
    if let Some(c) = &r.closest {
        text.push_str(&format!(
            "closest: {} (similarity {:.2})\n",
            c.lines.phrase(),
            c.similarity
        ));
        let detail = serde_json::to_value(&c.differences).unwrap_or_default();
        if let Some(list) = detail.as_array().filter(|l| !l.is_empty()) {
            let kinds: Vec<String> = list.iter().map(difference_text).collect();
            text.push_str(&format!("differences: {}\n", kinds.join("; ")));
        }
        text.push_str(&bounded_lines(&c.diff, MAX_DIFF_LINES));
    }
    if !r.candidates.is_empty() {
        text.push_str(&format!(
            "candidates: {}\n",
            crate::report::list_lines(&r.candidates[..r.candidates.len().min(20)])
        ));
    }
    if let Some(at) = r.already_applied {
        text.push_str(&format!("already there: {}\n", at.phrase()));
    }
    text.push_str(&format!("hint: {}\n", r.hint));
    text
}

/// One difference in words (`identifiers: orderID/orderId`).
fn difference_text(d: &Value) -> String {
    let kind = d["kind"].as_str().unwrap_or("other").replace('_', " ");
    let pairs = d["pairs"].as_array().map(|p| {
        p.iter()
            .take(5)
            .map(|pair| {
                format!(
                    "`{}`→`{}`",
                    pair[0].as_str().unwrap_or(""),
                    pair[1].as_str().unwrap_or("")
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    });
    match pairs {
        Some(p) => format!("{kind}: {p} (in old → in the file)"),
        None => kind,
    }
}

/// A report as JSON, with its closest candidate's diff bounded.
fn report_json(r: &Report) -> Value {
    serde_json::to_value(LIMITS.report(r)).unwrap_or_default()
}

/// A single edit (or `check`) that did not land.
pub fn locate_failed(path: &str, e: &LocateError) -> Answer {
    let code = e.code();
    let mut text = format!("refused ({code}) in {path}: {e}\n");
    let mut v = json!({"status": "refused", "code": code, "path": path, "message": e.to_string()});
    match e {
        LocateError::Refused { tier, lines, .. } => {
            v["tier"] = json!(tier);
            v["lines"] = json!(lines);
        }
        other => {
            if let Some(report) = other.report() {
                text.push_str(&report_text(report));
                v["report"] = report_json(report);
            }
        }
    }
    Answer {
        is_error: true,
        text: bounded(text.trim_end(), MAX_CHARS),
        json: v,
    }
}

/// What `check` answers when `old` does not denote one place. A miss (not_found, ambiguous,
/// already_applied) is what `check` is for, not a failed call: `isError` false, the status
/// and the text's first words name the outcome, never "refused". An input error or a
/// refusal stays a refusal.
pub fn check_missed(path: &str, e: &LocateError) -> Answer {
    let mut answer = locate_failed(path, e);
    if matches!(e, LocateError::Input(_) | LocateError::Refused { .. }) {
        return answer;
    }
    let code = e.code();
    answer.text = answer.text.replacen(
        &format!("refused ({code})"),
        &format!("{} ({code})", e.status().replace('_', " ")),
        1,
    );
    answer.json["status"] = json!(e.status());
    answer.is_error = false;
    answer
}

/// What `check` found.
pub fn found(path: &str, m: &Match) -> Answer {
    Answer::ok(
        format!(
            "found in {path} at {} ({} tier{}), bytes {}..{}",
            m.lines.phrase(),
            m.provenance.tier.name(),
            repairs_phrase(&m.provenance.repairs),
            m.range.start,
            m.range.end
        ),
        json!({
            "status": "found", "path": path, "tier": m.provenance.tier, "lines": m.lines,
            "range": m.range, "repairs": m.provenance.repairs, "notes": m.provenance.notes,
        }),
    )
}

/// A patch's outcome (applied or refused), file by file: the text for the model, and the
/// outcome's one shape ([`PatchAnswer`]) bounded by `LIMITS`.
pub fn patch(outcome: &PatchOutcome) -> Answer {
    let mut text = format!("patch {}\n", outcome.status().replace('_', " "));
    for f in &outcome.files {
        text.push_str(&file_text(f, outcome.written));
    }
    let answer = PatchAnswer::of(outcome, &LIMITS);
    let complete = outcome.files.iter().all(|f| f.complete());
    if let Some(code) = answer.code.filter(|_| !complete) {
        text.insert_str(0, &format!("refused ({code}): "));
    }
    Answer {
        is_error: !complete,
        text: bounded(text.trim_end(), MAX_CHARS),
        json: serde_json::to_value(&answer).unwrap_or_default(),
    }
}

/// One file of a patch in words: its action, refusal, listed edits (with their reports),
/// view and bounded diff.
fn file_text(f: &FileOutcome, written: bool) -> String {
    let produced = written && f.complete();
    let target = f
        .moved_to
        .as_ref()
        .map(|t| format!(" → {}", t.display()))
        .unwrap_or_default();
    let mut text = format!("{} {}{target}", f.action.name(), f.path.display());
    if let Some(r) = &f.refusal {
        let code = f.code().unwrap_or(Code::NotFound);
        text.push_str(&format!(": refused ({code}): {r}"));
    }
    text.push('\n');
    let (listed, omitted) = crate::batch::listed_edits(&f.edits, MAX_LISTED);
    for e in listed {
        text.push_str(&format!("  {}\n", edit_line(e, produced)));
        if let Some(report) = e.result.as_ref().err().and_then(|err| err.report()) {
            text.push_str(&indent(&report_text(report), "    "));
        }
    }
    if let Some(view) = &f.view {
        text.push_str(&bounded_lines(view, 2000));
    }
    text.push_str(&bounded_lines(&f.diff, MAX_DIFF_LINES));
    if omitted > 0 {
        text.push_str(&format!("  ({omitted} more edits not listed)\n"));
    }
    text
}

/// A patch that could not be applied at all.
pub fn patch_failed(e: &PatchError) -> Answer {
    match e {
        PatchError::Refused(outcome) => patch(outcome),
        other => Answer::refused(other.code(), other.to_string()),
    }
}
