//! `editloc corpus DIR`: run a corpus folder and print its table (or its summary as JSON),
//! with a progress bar on a terminal. The runner is [`editloc::corpus`]. A folder with an
//! `expected-summary.toml` is gated by it: exit 1 only when a case does worse than recorded
//! (or an output is unjudged); `--write-summary` records the run.

use super::args::{CorpusAction, CorpusArgs};
use super::output::{Message, emit};
use editloc::Code;
use std::io::{IsTerminal, Write};

/// Runs `corpus` and returns its exit status: 0 when every case meets its expectation.
pub fn run(args: CorpusArgs) -> u8 {
    let dir = match (args.action, args.dir) {
        (Some(CorpusAction::Mine(a)), _) => return super::mine::run_mine(*a),
        (Some(CorpusAction::Judge(a)), _) => return super::mine::run_judge(a),
        (None, Some(dir)) => dir,
        (None, None) => {
            let problem = Message::problem(Code::BadArguments, "give a corpus folder");
            return emit(&problem, args.json);
        }
    };
    let failed = |e: std::io::Error| {
        let code = match e.kind() {
            std::io::ErrorKind::NotFound => Code::FileNotFound,
            _ => Code::Io,
        };
        Message::problem(code, format!("{}: {e}", dir.display()))
    };
    let bar = if !args.json && std::io::stderr().is_terminal() {
        match editloc::corpus::count(&dir) {
            Ok(n) => indicatif::ProgressBar::new(n as u64),
            Err(e) => return emit(&failed(e), args.json),
        }
    } else {
        indicatif::ProgressBar::hidden()
    };
    let summary = match editloc::corpus::run(&dir, &|| bar.inc(1)) {
        Ok(summary) => summary,
        Err(e) => return emit(&failed(e), args.json),
    };
    bar.finish_and_clear();
    // With an expected summary (or --write-summary) the exit status follows the comparison.
    let gate = match editloc::corpus::gate(&dir, &summary, args.write_summary) {
        Ok(gate) => gate,
        Err(e) => return emit(&Message::problem(Code::Io, e.to_string()), args.json),
    };
    let ok = gate.as_ref().map_or(summary.passed(), |g| g.ok);
    let body = if args.json {
        let mut json = serde_json::to_value(&summary).expect("the summary serializes");
        if let Some(g) = &gate {
            json["expected_summary"] = serde_json::json!({ "ok": g.ok, "text": g.text });
        }
        json.to_string()
    } else {
        match &gate {
            Some(g) => format!("{summary}\n{}", g.text),
            None => summary.to_string(),
        }
    };
    // A closed standard output only stops the printing.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{body}").and_then(|()| out.flush());
    if ok { 0 } else { 1 }
}
