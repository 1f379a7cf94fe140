//! The `editloc` command: parses arguments, calls the library, prints. Exit codes: 0 found or
//! applied, 1 not found / ambiguous / already applied / refused, 2 bad input or I/O.

use clap::{Args, Parser, Subcommand};
use editloc::fs::{FileError, read_document, write_atomic};
use editloc::{LocateError, Options, Tier};
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
    /// Locate OLD in FILE and replace it by NEW.
    Apply {
        file: PathBuf,
        /// File holding the text to replace, or `-` for standard input.
        #[arg(long)]
        old: PathBuf,
        /// File holding the replacement, or `-` for standard input.
        #[arg(long)]
        new: PathBuf,
        /// Compute and print the result, write nothing.
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        common: Common,
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
}

/// What a run ends with: a JSON value and the text for people, plus the exit code.
struct Outcome {
    code: u8,
    json: Value,
    text: String,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let json = match &cli.command {
        Command::Check { common, .. } | Command::Apply { common, .. } => common.json,
        Command::Corpus { json, .. } => *json,
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
        Command::Check { file, old, common } => {
            let doc = read_document(&file).map_err(|e| e.to_string())?;
            let old = read_text(&old, "old")?;
            let options = Options {
                max_tier: common.max_tier,
            };
            Ok(match doc.locate_with(&old, &options) {
                Ok(m) => Outcome {
                    code: 0,
                    text: format!(
                        "found at lines {} ({} tier), bytes {}..{}",
                        m.lines,
                        m.tier.name(),
                        m.range.start,
                        m.range.end
                    ),
                    json: json!({"status": "found", "tier": m.tier, "range": m.range, "lines": m.lines}),
                },
                Err(e) => failure(&e)?,
            })
        }
        Command::Apply {
            file,
            old,
            new,
            dry_run,
            common,
        } => {
            if old == Path::new("-") && new == Path::new("-") {
                return Err("--old and --new cannot both be read from standard input".into());
            }
            let doc = read_document(&file).map_err(|e| e.to_string())?;
            let (old, new) = (read_text(&old, "old")?, read_text(&new, "new")?);
            let options = Options {
                max_tier: common.max_tier,
            };
            let started = Instant::now();
            let applied = match doc.apply_with(&old, &new, &options) {
                Ok(a) => a,
                Err(e) => return failure(&e),
            };
            let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
            if !dry_run {
                write_atomic(&file, doc.content(), &applied.content).map_err(|e| match e {
                    FileError::Changed { .. } => e.to_string(),
                    _ => format!("{e} (the file was left as it was)"),
                })?;
            }
            let verb = if dry_run { "would apply" } else { "applied" };
            Ok(Outcome {
                code: 0,
                text: format!(
                    "{}{verb} at lines {} ({} tier)",
                    applied.diff,
                    applied.lines,
                    applied.tier.name()
                ),
                json: json!({
                    "status": "applied",
                    "dry_run": dry_run,
                    "tier": applied.tier,
                    "range": applied.range,
                    "lines": applied.lines,
                    "content": applied.content,
                    "diff": applied.diff,
                    "elapsed_ms": (elapsed_ms * 1000.0).round() / 1000.0,
                }),
            })
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

/// A failed locate or apply: exit 1 with the report, or exit 2 for bad input.
fn failure(e: &LocateError) -> Result<Outcome, String> {
    if let LocateError::Input(input) = e {
        return Err(input.to_string());
    }
    let mut json = json!({"status": e.status()});
    let text = match e {
        LocateError::Refused {
            reason,
            lines,
            tier,
        } => {
            json["reason"] = json!(reason);
            json["lines"] = json!(lines);
            json["tier"] = json!(tier);
            format!(
                "refused: `old` found at lines {lines} ({} tier), but {reason}; nothing was written",
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
