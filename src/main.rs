//! The `editloc` command: parses arguments, calls the library, prints. Exit codes: 0 found or
//! applied, 1 not found / ambiguous / already applied / refused (for a patch: any edit or
//! file that did not apply, even with `--partial`), 2 bad input (a malformed patch) or I/O.

use clap::{ArgGroup, Args, Parser, Subcommand};
use editloc::batch::EditError;
use editloc::formats;
use editloc::fs::{FileError, is_stale, read_document, write_atomic};
use editloc::lang::Language;
use editloc::patch::{FileOutcome, PatchError, PatchOptions, PatchOutcome, apply_patch};
use editloc::{Document, LocateError, Mode, Options, Tier};
use serde_json::{Value, json};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "editloc",
    version,
    about = "Make AI code edits land: locate `old` in a file and replace it by `new`, keeping the file's formatting"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Locate OLD in FILE and report where (or why not); writes nothing.
    Check {
        file: PathBuf,
        /// File holding the text to find, or `-` for standard input.
        #[arg(long)]
        old: PathBuf,
        #[command(flatten)]
        common: Common,
    },
    /// Replace OLD by NEW in FILE, or apply a patch (SEARCH/REPLACE blocks, a `*** Begin
    /// Patch` envelope or a JSON edit list): to FILE when given (sections naming no file or
    /// naming FILE; others are ignored and listed), otherwise to every file the patch names,
    /// relative to the current directory. All or nothing unless --partial.
    #[command(group(ArgGroup::new("input").required(true).args(["old", "patch"])))]
    Apply {
        /// The file to edit (required with --old/--new and --expect-sha256).
        #[arg(required_unless_present = "patch")]
        file: Option<PathBuf>,
        /// File holding the text to replace, or `-` for standard input.
        #[arg(long, requires = "new")]
        old: Option<PathBuf>,
        /// File holding the replacement, or `-` for standard input.
        #[arg(long, requires = "old")]
        new: Option<PathBuf>,
        /// File holding a patch, or `-` for standard input.
        #[arg(long, conflicts_with_all = ["old", "new"])]
        patch: Option<PathBuf>,
        /// Apply the edits and files that succeed, report the others (exit 1 if any failed).
        #[arg(long, requires = "patch")]
        partial: bool,
        /// SHA-256 of the content the model saw; a different current hash is reported as
        /// `stale_view` (the edit is still located in the current content).
        #[arg(long, requires = "file", value_name = "HASH")]
        expect_sha256: Option<String>,
        /// With --expect-sha256: refuse a stale view (exit 1) instead of only reporting it.
        #[arg(long, requires = "expect_sha256")]
        refuse_stale: bool,
        /// Compute and print the result, write nothing.
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Serve the MCP tools (edit, multi_edit, apply_patch, check, read) over stdio.
    #[cfg(feature = "mcp")]
    Mcp {
        /// A folder the server may edit (repeatable; default: the current folder).
        #[arg(long = "root", value_name = "DIR")]
        roots: Vec<PathBuf>,
    },
    /// Run every case of a corpus folder and print the table; exit 1 if any case misses.
    Corpus {
        dir: PathBuf,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Args)]
struct Common {
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The last tier to try: exact, normalized or structural.
    #[arg(long, default_value = "structural")]
    max_tier: Tier,
    /// Parse the file as this language (typescript, tsx, javascript, python, go, rust)
    /// instead of guessing from its extension.
    #[arg(long, value_parser = parse_language)]
    lang: Option<Language>,
    /// Refuse an edit whose result parses with more syntax errors than the original.
    #[arg(long)]
    require_clean_parse: bool,
    /// A line near `old` (1-based): when `old` fits several places equally, choose the one
    /// strictly nearest to it, within 100 lines (otherwise still ambiguous).
    #[arg(long = "line", value_name = "N")]
    line_hint: Option<usize>,
    /// Do not try the repairs of garbled edits (line-number prefixes, HTML entities, double
    /// encoding, elision) when the tiers miss.
    #[arg(long)]
    no_repairs: bool,
}

impl Common {
    fn options(&self) -> Options {
        Options {
            max_tier: self.max_tier,
            require_clean_parse: self.require_clean_parse,
            line_hint: self.line_hint,
            repairs: !self.no_repairs,
        }
    }

    /// Reads FILE as a document in the chosen language.
    fn read(&self, file: &Path) -> Result<Document, String> {
        read_document(file, self.lang).map_err(|e| e.to_string())
    }
}

fn parse_language(name: &str) -> Result<Language, String> {
    Language::from_name(name).ok_or_else(|| {
        format!("unknown language `{name}` (typescript, tsx, javascript, python, go, rust)")
    })
}

/// What a run ends with: a JSON value and the text for people, plus the exit code.
struct Outcome {
    code: u8,
    json: Value,
    text: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(feature = "mcp")]
    if let Command::Mcp { roots } = &cli.command {
        return match editloc::mcp::serve(roots) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        };
    }
    let json = match &cli.command {
        Command::Check { common, .. } | Command::Apply { common, .. } => common.json,
        Command::Corpus { json, .. } => *json,
        #[cfg(feature = "mcp")]
        Command::Mcp { .. } => false,
    };
    let outcome = run(cli.command).unwrap_or_else(|e| Outcome {
        code: 2,
        json: json!({"status": "error", "error": e}),
        text: format!("error: {e}"),
    });
    if json {
        println!("{}", outcome.json);
    } else if outcome.code == 2 {
        eprintln!("{}", outcome.text);
    } else {
        println!("{}", outcome.text);
    }
    ExitCode::from(outcome.code)
}

fn run(command: Command) -> Result<Outcome, String> {
    match command {
        Command::Corpus { dir, json } => run_corpus(&dir, json),
        #[cfg(feature = "mcp")]
        Command::Mcp { .. } => Err("`mcp` is served by main".to_string()),
        Command::Check { file, old, common } => {
            let doc = common.read(&file)?;
            let old = read_text(&old, "old")?;
            Ok(match doc.locate_with(&old, &common.options()) {
                Ok(m) => Outcome {
                    code: 0,
                    text: format!(
                        "found at {} ({} tier{}), bytes {}..{}{}",
                        m.lines.phrase(),
                        m.tier.name(),
                        repaired(&m.repairs),
                        m.range.start,
                        m.range.end,
                        notes(&m.notes)
                    ),
                    json: json!({
                        "status": "found",
                        "tier": m.tier,
                        "range": m.range,
                        "lines": m.lines,
                        "repairs": m.repairs,
                        "hint_decided": m.hint_decided,
                        "notes": m.notes,
                    }),
                },
                Err(e) => failure(&e)?,
            })
        }
        Command::Apply {
            file,
            old,
            new,
            patch,
            partial,
            expect_sha256,
            refuse_stale,
            dry_run,
            common,
        } => {
            let options = PatchOptions {
                locate: common.options(),
                language: common.lang,
                mode: if partial {
                    Mode::Partial
                } else {
                    Mode::AllOrNothing
                },
                expect_sha256,
                refuse_stale,
                dry_run,
                ..PatchOptions::default()
            };
            match (file, old, new, patch) {
                (file, None, None, Some(patch)) => run_patch(file.as_deref(), &patch, &options),
                (Some(file), Some(old), Some(new), None) => {
                    run_old_new(&file, &old, &new, &options)
                }
                _ => Err("give FILE --old OLD --new NEW, or --patch PATCH".into()),
            }
        }
    }
}

/// Runs a corpus with a progress bar on a terminal (none when piped or for `--json`).
fn run_corpus(dir: &Path, json: bool) -> Result<Outcome, String> {
    use std::io::IsTerminal;
    let err = |e: std::io::Error| format!("{}: {e}", dir.display());
    let bar = if !json && std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(editloc::corpus::count(dir).map_err(err)? as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = editloc::corpus::run(dir, &|| bar.inc(1)).map_err(err)?;
    bar.finish_and_clear();
    Ok(Outcome {
        code: if summary.passed() { 0 } else { 1 },
        json: json!(summary),
        text: summary.to_string(),
    })
}

/// `apply FILE --old OLD --new NEW`.
fn run_old_new(
    file: &Path,
    old: &Path,
    new: &Path,
    options: &PatchOptions,
) -> Result<Outcome, String> {
    let dry_run = options.dry_run;
    if old == Path::new("-") && new == Path::new("-") {
        return Err("--old and --new cannot both be read from standard input".into());
    }
    let doc = read_document(file, options.language).map_err(|e| e.to_string())?;
    let (old, new) = (read_text(old, "old")?, read_text(new, "new")?);
    let stale_view = options
        .expect_sha256
        .as_ref()
        .is_some_and(|h| is_stale(doc.content(), h));
    if stale_view && options.refuse_stale {
        return Ok(Outcome {
                    code: 1,
                    json: json!({"status": "refused", "stale_view": true, "reason": "stale view"}),
                    text: "refused: the file's sha256 is not the one the edit expects (stale view); re-read the file; nothing was written".into(),
                });
    }
    let started = Instant::now();
    let applied = match doc.apply_with(&old, &new, &options.locate) {
        Ok(a) => a,
        Err(e) => return failure(&e),
    };
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    if !dry_run {
        write_atomic(file, doc.content(), &applied.content).map_err(|e| match e {
            FileError::Changed { .. } => e.to_string(),
            _ => format!("{e} (the file was left as it was)"),
        })?;
    }
    let verb = if dry_run { "would apply" } else { "applied" };
    let mut text = format!(
        "{}{verb} at {} ({} tier{}{}){}",
        applied.diff,
        applied.lines.phrase(),
        applied.tier.name(),
        repaired(&applied.repairs),
        if applied.fallback {
            ", whole range rewritten from `new`: the change could not be mapped token by token"
        } else {
            ""
        },
        notes(&applied.notes)
    );
    for w in &applied.warnings {
        text.push_str(&format!("\nwarning: {w}"));
    }
    Ok(Outcome {
        code: 0,
        text,
        json: json!({
            "status": "applied",
            "dry_run": dry_run,
            "stale_view": stale_view,
            "tier": applied.tier,
            "range": applied.range,
            "lines": applied.lines,
            "content": applied.content,
            "diff": applied.diff,
            "fallback": applied.fallback,
            "warnings": applied.warnings,
            "repairs": applied.repairs,
            "hint_decided": applied.hint_decided,
            "notes": applied.notes,
            "elapsed_ms": (elapsed_ms * 1000.0).round() / 1000.0,
        }),
    })
}

/// `apply [FILE] --patch PATCH`: parse, keep FILE's sections when FILE is given, apply.
fn run_patch(file: Option<&Path>, patch: &Path, options: &PatchOptions) -> Result<Outcome, String> {
    let text = read_text(patch, "patch")?;
    let parsed = formats::parse(&text).map_err(|e| format!("malformed patch: {e}"))?;
    let (patch, ignored) = match file {
        Some(file) => parsed.for_file(file),
        None => (parsed, Vec::new()),
    };
    if patch.files.is_empty() {
        return Err(format!(
            "the patch has no section for {}",
            file.map_or_else(String::new, |f| f.display().to_string())
        ));
    }
    let ignored: Vec<String> = ignored.iter().map(|p| p.display().to_string()).collect();
    let report = |outcome: &PatchOutcome, code: u8, error: Option<String>| {
        let mut json = json!({
            "status": if error.is_some() { "error" } else { outcome.status() },
            "dry_run": options.dry_run,
            "files": outcome.files.iter().map(|f| file_json(f, outcome.written)).collect::<Vec<_>>(),
        });
        if !ignored.is_empty() {
            json["ignored"] = json!(ignored);
        }
        let mut text: Vec<String> = outcome
            .files
            .iter()
            .map(|f| file_text(f, outcome.written))
            .collect();
        if !ignored.is_empty() {
            text.push(format!(
                "ignored sections for other files: {}",
                ignored.join(", ")
            ));
        }
        if let Some(error) = &error {
            json["error"] = json!(error);
            text.push(format!("error: {error}"));
        } else {
            text.push(outcome.status().replace('_', " "));
        }
        Outcome {
            code,
            json,
            text: text.join("\n"),
        }
    };
    match apply_patch(Path::new(""), &patch, file, options) {
        Ok(outcome) => {
            let complete = outcome.files.iter().all(FileOutcome::complete);
            Ok(report(&outcome, if complete { 0 } else { 1 }, None))
        }
        Err(PatchError::Refused(outcome)) => Ok(report(&outcome, 1, None)),
        Err(PatchError::Write(failure)) => {
            let mut out = report(&failure.outcome, 2, Some(failure.to_string()));
            out.json["restored"] = json!(failure.restored);
            // Printed on stderr for exit 2: keep the per-file details with the error.
            Ok(out)
        }
        Err(e) => Err(e.to_string()),
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

fn file_json(f: &FileOutcome, written: bool) -> Value {
    let edits: Vec<Value> = f
        .edits
        .iter()
        .map(|e| {
            let mut v = json!({"index": e.index, "status": e.status(written)});
            match &e.result {
                Ok(l) => {
                    v["tier"] = json!(l.tier);
                    v["lines"] = json!(l.lines);
                    v["repairs"] = json!(l.repairs);
                    v["hint_decided"] = json!(l.hint_decided);
                    v["notes"] = json!(l.notes);
                }
                Err(err) => {
                    v["error"] = json!(err.to_string());
                    if let EditError::Locate(LocateError::Refused { tier, lines, .. }) = err {
                        v["tier"] = json!(tier);
                        v["lines"] = json!([lines]);
                    }
                    if let EditError::Locate(le) = err
                        && let Some(report) = le.report()
                    {
                        v["report"] = json!(report);
                    }
                }
            }
            v
        })
        .collect();
    let mut v = json!({
        "path": f.path,
        "action": f.action,
        "status": file_status(f, written),
        "stale_view": f.stale_view,
        "edits": edits,
        "diff": f.diff,
        "warnings": f.warnings,
    });
    if let Some(refusal) = &f.refusal {
        v["refusal"] = json!(refusal);
    }
    v
}

fn file_text(f: &FileOutcome, written: bool) -> String {
    let stale = if f.stale_view {
        " (stale view: the file is not what the model saw)"
    } else {
        ""
    };
    let mut lines = vec![format!(
        "{}: {} {}{stale}",
        f.path.display(),
        f.action.name(),
        file_status(f, written).replace('_', " "),
    )];
    if let Some(refusal) = &f.refusal {
        lines.push(format!("  {refusal}"));
    }
    for e in &f.edits {
        lines.push(match &e.result {
            Ok(l) => format!(
                "  edit {}: {} at lines {} ({} tier{}){}",
                e.index,
                e.status(written).replace('_', " "),
                editloc::report::list_lines(&l.lines),
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

/// `, repairs: line-numbers` for a result that needed repairs, otherwise empty.
fn repaired(repairs: &[editloc::Repair]) -> String {
    if repairs.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = repairs.iter().map(|r| r.name()).collect();
    format!(", repairs: {}", names.join("+"))
}

/// The notes of a result, one `note:` line each.
fn notes(notes: &[String]) -> String {
    notes.iter().map(|n| format!("\nnote: {n}")).collect()
}

/// A failed locate or apply: exit 1 with the report, or exit 2 for bad input.
fn failure(e: &LocateError) -> Result<Outcome, String> {
    if let LocateError::Input(input) = e {
        return Err(input.to_string());
    }
    let mut json = json!({"status": e.status(), "code": e.code()});
    let text = match e {
        LocateError::Refused {
            reason,
            lines,
            tier,
            ..
        } => {
            json["reason"] = json!(reason);
            json["lines"] = json!(lines);
            json["tier"] = json!(tier);
            format!(
                "refused: `old` found at {} ({} tier), but {reason}; nothing was written",
                lines.phrase(),
                tier.name()
            )
        }
        _ => {
            let report = e
                .report()
                .expect("not-found, ambiguous and already-applied carry a report");
            json["report"] = json!(report);
            format!("{}:\n{report}", e.status().replace('_', " "))
        }
    };
    Ok(Outcome {
        code: 1,
        json,
        text,
    })
}

/// Reads `old` or `new` from a file or standard input.
fn read_text(path: &Path, what: &'static str) -> Result<String, String> {
    let bytes = if path == Path::new("-") {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("reading {what} from standard input: {e}"))?;
        buf
    } else {
        std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?
    };
    String::from_utf8(bytes).map_err(|e| {
        editloc::InputError::TextNotUtf8 {
            what,
            offset: e.utf8_error().valid_up_to(),
        }
        .to_string()
    })
}
