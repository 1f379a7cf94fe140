//! `editloc corpus DIR`: run a corpus folder and print its table (or its summary as JSON),
//! with a progress bar on a terminal. The runner is [`editloc::corpus`].

use super::args::CorpusArgs;
use super::output::{Message, emit};
use editloc::Code;
use std::io::{IsTerminal, Write};

/// Runs `corpus` and returns its exit status: 0 when every case meets its expectation.
pub fn run(args: CorpusArgs) -> u8 {
    let failed = |e: std::io::Error| {
        let code = match e.kind() {
            std::io::ErrorKind::NotFound => Code::FileNotFound,
            _ => Code::Io,
        };
        Message::problem(code, format!("{}: {e}", args.dir.display()))
    };
    let bar = if !args.json && std::io::stderr().is_terminal() {
        match editloc::corpus::count(&args.dir) {
            Ok(n) => indicatif::ProgressBar::new(n as u64),
            Err(e) => return emit(&failed(e), args.json),
        }
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = match editloc::corpus::run(&args.dir, &|| bar.inc(1)) {
        Ok(summary) => summary,
        Err(e) => return emit(&failed(e), args.json),
    };
    bar.finish_and_clear();
    let body = if args.json {
        serde_json::to_string(&summary).expect("the summary serializes")
    } else {
        summary.to_string()
    };
    // A closed standard output only stops the printing.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{body}").and_then(|()| out.flush());
    if summary.passed() { 0 } else { 1 }
}
