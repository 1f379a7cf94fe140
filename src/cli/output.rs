//! Typed output: every answer of `check` and `apply` is one [`Message`] (JSON: tagged by
//! `status`, every non-applied one with a `code` and a `message`), rendered as JSON or text,
//! and printed so that a closed standard output never turns into a crash: the exit status
//! tells what happened to the file, whether or not the answer could be printed.

use editloc::Convention;
use editloc::{Class, Code};
use editloc::{LineRange, LocateError, Match, Repair, Report, Tier};
use serde::Serialize;
use std::io::Write;
use std::ops::Range;

/// What a command answers: JSON for programs, text for people, and the exit status.
pub trait Render: Serialize {
    /// 0 applied or found, 1 refused, 3 retryable, 2 bad input or I/O.
    fn exit(&self) -> u8;
    /// The answer for people.
    fn text(&self) -> String;
}

/// One answer of `check` or `apply`.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Message<'a> {
    Found(&'a Match),
    Applied(Edited<'a>),
    /// A dry run's answer (`--dry-run`), otherwise as `applied`.
    WouldApply(Edited<'a>),
    NotFound(Failed<'a>),
    Ambiguous(Failed<'a>),
    AlreadyApplied(Failed<'a>),
    Refused(Failed<'a>),
    /// Nothing is wrong with the edit: re-read the file and send it again.
    Retry(Problem),
    /// Bad input or an I/O error.
    Error(Problem),
}

/// An edit that landed (or would, in a dry run).
#[derive(Serialize)]
pub struct Edited<'a> {
    pub dry_run: bool,
    pub stale_view: bool,
    pub tier: Tier,
    /// The byte range replaced (one place).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<Range<usize>>,
    /// The lines replaced (one place).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<LineRange>,
    /// The places replaced (`--replace-all`), the first 20 of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<LineRange>,
    #[serde(skip_serializing_if = "is_zero")]
    pub more_places: usize,
    /// The whole new content, only with `--content`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<&'a str>,
    pub diff: &'a str,
    pub fallback: bool,
    pub warnings: &'a [String],
    pub repairs: &'a [Repair],
    pub hint_decided: bool,
    pub notes: &'a [String],
    /// The named writer rules that wrote the edit, in the order they fired.
    pub rules: &'a [&'static str],
    /// The text answer lists `rules` with what each does (`--explain`).
    #[serde(skip)]
    pub explain: bool,
    /// The file's conventions what was written from `new` was adapted to.
    pub adapted: &'a [Convention],
    pub elapsed_ms: f64,
}

/// An edit refused as wrong for the file.
#[derive(Serialize)]
pub struct Failed<'a> {
    pub code: Code,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lines: Option<LineRange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<&'a Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stale_view: Option<bool>,
    /// The text answer.
    #[serde(skip)]
    text: String,
}

/// A failure that is not about the edit: a retryable one or an error.
#[derive(Serialize)]
pub struct Problem {
    pub code: Code,
    pub message: String,
}

impl Problem {
    pub fn new(code: Code, message: impl Into<String>) -> Problem {
        Problem {
            code,
            message: message.into(),
        }
    }
}

impl From<Problem> for Message<'_> {
    fn from(p: Problem) -> Self {
        Message::problem(p.code, p.message)
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl<'a> Message<'a> {
    /// The answer for `code` with `message`, by the code's class.
    pub fn problem(code: Code, message: impl Into<String>) -> Message<'a> {
        let message = message.into();
        match code.class() {
            Class::Refused => Message::Refused(Failed {
                code,
                text: format!("refused: {message}"),
                message,
                tier: None,
                lines: None,
                report: None,
                stale_view: None,
            }),
            Class::Retryable => Message::Retry(Problem { code, message }),
            _ => Message::Error(Problem { code, message }),
        }
    }

    /// The answer for a failed locate or apply; `stale_view` when `--expect-sha256` was given.
    pub fn failure(e: &'a LocateError, stale_view: Option<bool>) -> Message<'a> {
        let mut failed = Failed {
            code: e.code(),
            message: e.to_string(),
            tier: None,
            lines: None,
            report: e.report(),
            stale_view,
            text: String::new(),
        };
        failed.text = match e {
            LocateError::Input(_) => return Message::problem(e.code(), e.to_string()),
            LocateError::Refused {
                tier,
                lines,
                reason,
                ..
            } => {
                (failed.tier, failed.lines) = (Some(*tier), Some(*lines));
                format!(
                    "refused: `old` found at {} ({} tier), but {reason}; nothing was written",
                    lines.phrase(),
                    tier.name()
                )
            }
            _ => format!(
                "{}:\n{}",
                e.status().replace('_', " "),
                e.report().expect("a report")
            ),
        };
        if stale_view == Some(true) {
            failed.text.push_str(STALE_NOTE);
        }
        match e {
            LocateError::NotFound(_) => Message::NotFound(failed),
            LocateError::Ambiguous(_) => Message::Ambiguous(failed),
            LocateError::AlreadyApplied(_) => Message::AlreadyApplied(failed),
            _ => Message::Refused(failed),
        }
    }
}

/// The text note on a stale view.
pub const STALE_NOTE: &str = "\nnote: stale view: the file is not the version the edit was made for (its sha256 is not --expect-sha256); it was located in the current content";

impl Render for Message<'_> {
    fn exit(&self) -> u8 {
        match self {
            Message::Found(_) | Message::Applied(_) | Message::WouldApply(_) => 0,
            Message::Retry(_) => 3,
            Message::Error(_) => 2,
            _ => 1,
        }
    }

    fn text(&self) -> String {
        match self {
            Message::Found(m) => format!(
                "found at {} ({} tier{}), bytes {}..{}{}",
                m.lines.phrase(),
                m.provenance.tier.name(),
                repaired(&m.provenance.repairs),
                m.range.start,
                m.range.end,
                notes(&m.provenance.notes)
            ),
            Message::Applied(e) => e.text("applied"),
            Message::WouldApply(e) => e.text("would apply"),
            Message::NotFound(f)
            | Message::Ambiguous(f)
            | Message::AlreadyApplied(f)
            | Message::Refused(f) => f.text.clone(),
            Message::Retry(p) => format!("retry: {}", p.message),
            Message::Error(p) => format!("error: {}", p.message),
        }
    }
}

impl Edited<'_> {
    fn text(&self, verb: &str) -> String {
        let place = match (self.lines, self.places.as_slice()) {
            (Some(lines), _) => lines.phrase(),
            (None, places) => format!(
                "{} place(s), {}",
                places.len() + self.more_places,
                editloc::phrase_lines(places)
            ),
        };
        let fallback = if self.fallback {
            ", whole range rewritten from `new`: the change could not be mapped token by token"
        } else {
            ""
        };
        let mut text = format!(
            "{}{verb} at {place} ({} tier{}{fallback}){}",
            self.diff,
            self.tier.name(),
            repaired(self.repairs),
            notes(self.notes)
        );
        for w in self.warnings {
            text.push_str(&format!("\nwarning: {w}"));
        }
        if self.explain {
            text.push_str(&explained(self.rules));
        }
        if self.stale_view {
            text.push_str(STALE_NOTE);
        }
        text
    }
}

/// The writer rules `rules` (names from [`editloc::WRITER_RULES`]), one line each with its
/// family and what it does, after a line saying what follows.
fn explained(rules: &[&str]) -> String {
    let mut text = String::from("\nwritten by these rules (see the manual's Writing rules page):");
    for name in rules {
        match editloc::find_writer_rule(name) {
            Some(rule) => text.push_str(&format!("\n  {rule}")),
            None => text.push_str(&format!("\n  {name}")),
        }
    }
    text
}

/// `, repairs: line-numbers` for a result that needed repairs, otherwise empty.
pub fn repaired(repairs: &[Repair]) -> String {
    if repairs.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = repairs.iter().map(|r| r.name()).collect();
    format!(", repairs: {}", names.join("+"))
}

/// The notes of a result, one `note:` line each.
pub fn notes(notes: &[String]) -> String {
    notes.iter().map(|n| format!("\nnote: {n}")).collect()
}

/// Prints `answer` as JSON (on standard output) or as text (on standard error for exit 2 and
/// 3), and returns its exit status. A closed pipe (`| head -c 1`) or any other failure to
/// print stops the printing and changes nothing else.
pub fn emit(answer: &impl Render, json: bool) -> u8 {
    let exit = answer.exit();
    let body = if json {
        serde_json::to_string(answer).expect("answers serialize")
    } else {
        answer.text()
    };
    let _ = if !json && exit >= 2 {
        write_line(&mut std::io::stderr().lock(), &body)
    } else {
        write_line(&mut std::io::stdout().lock(), &body)
    };
    exit
}

fn write_line(out: &mut impl Write, body: &str) -> std::io::Result<()> {
    out.write_all(body.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}
