//! `editloc corpus mine` and `editloc corpus judge`: the CLI side of
//! [`editloc::corpus::mine`] and [`editloc::corpus::judge`] — arguments turned into options,
//! a progress bar on a terminal, and the table of what was written.

use super::args::{JudgeArgs, MineArgs};
use super::output::{Message, emit};
use editloc::Code;
use editloc::corpus::mine::{self, MineOptions, Source, Tally};
use editloc::corpus::{Formatter, judge};
use std::collections::BTreeSet;
use std::io::IsTerminal;
use std::path::Path;

/// A progress bar on a terminal, hidden otherwise.
fn bar(len: u64) -> indicatif::ProgressBar {
    if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(len)
    } else {
        indicatif::ProgressBar::hidden()
    }
}

/// The folder's name, for the default label.
fn name_of(path: &Path) -> String {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    path.file_name()
        .map_or("mined".into(), |n| n.to_string_lossy().into_owned())
}

/// The source and the default label `args` name.
fn source_of(args: &MineArgs) -> Option<(Source, String)> {
    match (&args.git, &args.from, &args.to) {
        (Some(repo), _, _) => Some((
            Source::Git {
                repo: repo.clone(),
                range: args.range.clone().unwrap_or_default(),
            },
            name_of(repo),
        )),
        (None, Some(from), Some(to)) => Some((
            Source::Trees {
                from: from.clone(),
                to: to.clone(),
            },
            name_of(to),
        )),
        _ => None,
    }
}

/// The mining options `args` give.
fn options_of(args: &MineArgs, default_label: String) -> MineOptions {
    let mut drifts = if args.drift.is_empty() {
        mine::ALL_DRIFTS.to_vec()
    } else {
        args.drift.clone()
    };
    if args.formatter.is_some() {
        drifts.push(mine::Drift::Formatter);
    }
    MineOptions {
        out: args.out.clone(),
        label: args.label.clone().unwrap_or(default_label),
        seed: args.seed,
        max_cases: args.max_cases,
        drifts,
        cases_per_hunk: args.cases_per_hunk,
        formatter: args.formatter.clone().map(Formatter::new),
        max_file_bytes: args.max_file_bytes,
        max_hunk_lines: args.max_hunk_lines,
        languages: (!args.lang.is_empty()).then(|| args.lang.iter().map(|l| l.0).collect()),
        exclude: args.exclude.clone(),
    }
}

/// Runs `corpus mine`; exit 0 when it finished, 2 on a bad source or output.
pub fn run_mine(args: MineArgs) -> u8 {
    let Some((source, default_label)) = source_of(&args) else {
        let problem = "give --git REPO --range A..B or --from DIR --to DIR";
        return emit(&Message::problem(Code::BadArguments, problem), false);
    };
    let options = options_of(&args, default_label);
    let progress = bar(0);
    let result = mine::mine(
        &source,
        &options,
        &|n| progress.set_length(n as u64),
        &|| progress.inc(1),
    );
    progress.finish_and_clear();
    match result {
        Ok(tally) => {
            println!("{}", table(&tally, &options.out.join(&options.label)));
            0
        }
        Err(e) => {
            let code = match e {
                mine::MineError::Write(..) => Code::Io,
                _ => Code::BadArguments,
            };
            emit(&Message::problem(code, e.to_string()), false)
        }
    }
}

/// The cases written, by drift and language, and what was set aside.
fn table(tally: &Tally, root: &Path) -> String {
    let langs: BTreeSet<&str> = tally.written.keys().map(|(l, _)| l.as_str()).collect();
    let drifts: BTreeSet<&str> = tally.written.keys().map(|(_, d)| d.as_str()).collect();
    let mut out = format!(
        "| drift | {} | total |\n|---|",
        langs.iter().cloned().collect::<Vec<_>>().join(" | ")
    );
    out.push_str(&"---|".repeat(langs.len() + 1));
    out.push('\n');
    for drift in &drifts {
        let row: Vec<usize> = langs
            .iter()
            .map(|l| {
                tally
                    .written
                    .get(&(l.to_string(), drift.to_string()))
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        let cells: Vec<String> = row
            .iter()
            .map(|n| if *n == 0 { ".".into() } else { n.to_string() })
            .collect();
        out.push_str(&format!(
            "| {drift} | {} | {} |\n",
            cells.join(" | "),
            row.iter().sum::<usize>()
        ));
    }
    let written: usize = tally.written.values().sum();
    out.push_str(&format!(
        "\n{written} cases written to {}, {} already there; {} changed files read\n",
        root.display(),
        tally.kept,
        tally.files
    ));
    for (why, n) in &tally.set_aside {
        out.push_str(&format!("set aside: {n} × {why}\n"));
    }
    out
}

/// Runs `corpus judge`; exit 0 when every output judged is met, 1 otherwise.
pub fn run_judge(args: JudgeArgs) -> u8 {
    let formatter = args.formatter.map(Formatter::new);
    let progress = match editloc::corpus::count(&args.dir) {
        Ok(n) => bar(n as u64),
        Err(e) => {
            return emit(
                &Message::problem(Code::FileNotFound, format!("{}: {e}", args.dir.display())),
                false,
            );
        }
    };
    let result = judge(&args.dir, formatter.as_ref(), &|| progress.inc(1));
    progress.finish_and_clear();
    match result {
        Ok(j) => {
            println!(
                "judged {} outputs: {} met, {} wrong",
                j.met + j.wrong,
                j.met,
                j.wrong
            );
            for name in &j.no_formatter {
                println!("no formatter for {name}: pass --formatter CMD");
            }
            u8::from(j.wrong > 0 || !j.no_formatter.is_empty())
        }
        Err(e) => emit(&Message::problem(Code::Io, e.to_string()), false),
    }
}
