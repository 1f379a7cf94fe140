//! The `editloc` command line, kept thin: [`args`] defines the arguments, one module per
//! command turns them into library calls and a typed answer ([`output::Message`],
//! [`patch::PatchAnswer`]), and [`output`] renders it as JSON or text and prints it.
//!
//! Adding a command (such as `mcp`): a variant in [`args::Command`], a module beside these
//! with `run(args) -> u8` (the exit status), and its line in [`dispatch`].
//!
//! Exit status: 0 applied or found, 1 refused (the edit is wrong for the file), 3 retryable
//! (the file changed or is locked: re-read and retry), 2 bad input or I/O — whether or not
//! the answer could be printed. Under `--json` every answer, argument errors included, is one
//! JSON object on standard output with a `status`, and a `code` and `message` when it is not
//! applied or found.

mod apply;
mod args;
mod check;
mod corpus;
mod input;
#[cfg(feature = "mcp")]
mod mcp;
mod output;
mod patch;

use clap::Parser;
use clap::error::ErrorKind;
use editloc::Code;
use output::{Message, emit};
use std::process::ExitCode;

/// Parses the arguments, runs the command, prints its answer; returns the exit status.
pub fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return ExitCode::from(argument_error(&e)),
    };
    ExitCode::from(dispatch(cli.command))
}

fn dispatch(command: args::Command) -> u8 {
    match command {
        args::Command::Check(a) => check::run(a),
        args::Command::Apply(a) => apply::run(a),
        args::Command::Corpus(a) => corpus::run(a),
        #[cfg(feature = "mcp")]
        args::Command::Mcp(a) => mcp::run(a),
    }
}

/// clap's answer to bad arguments (or to `--help`/`--version`); as JSON with the code
/// `bad_arguments` when `--json` is among the arguments.
fn argument_error(e: &clap::Error) -> u8 {
    let asked_json = std::env::args_os().any(|a| a == "--json");
    let informational = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if informational || !asked_json {
        let _ = e.print();
        return e.exit_code() as u8;
    }
    let rendered = e.render().to_string();
    let message = rendered.trim().trim_start_matches("error: ");
    emit(&Message::problem(Code::BadArguments, message), true)
}
