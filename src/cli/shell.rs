//! `editloc completions SHELL` and `editloc man`: the completion script and the man page,
//! generated from the argument definitions ([`super::args::Cli`]) so they never drift from
//! them, and printed on standard output.

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::output::{Message, emit};
use clap::CommandFactory;
use editloc::Code;
use std::io::Write;

/// Prints the completion script for the shell asked; 0, or 2 if standard output failed.
pub fn completions(args: CompletionsArgs) -> u8 {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "editloc", &mut script);
    print(&script)
}

/// Prints a man page (roff, section 1): editloc(1), which lists the commands, or
/// editloc-COMMAND(1) with the command's options; 0, 2 for an unknown command or if
/// standard output failed.
pub fn man(args: ManArgs) -> u8 {
    let main = Cli::command();
    let command = match &args.command {
        None => main,
        Some(name) => match main.find_subcommand(name) {
            Some(sub) => sub
                .clone()
                .display_name(format!("editloc-{}", sub.get_name()))
                .bin_name(format!("editloc {}", sub.get_name()))
                .name("editloc")
                .version(env!("CARGO_PKG_VERSION")),
            None => {
                let known: Vec<&str> = main.get_subcommands().map(|c| c.get_name()).collect();
                let message = format!("no command {name:?} (commands: {})", known.join(", "));
                return emit(&Message::problem(Code::BadArguments, message), false);
            }
        },
    };
    let mut page = Vec::new();
    match clap_mangen::Man::new(command).render(&mut page) {
        Ok(()) => print(&page),
        Err(e) => emit(&Message::problem(Code::Io, e.to_string()), false),
    }
}

fn print(bytes: &[u8]) -> u8 {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) => emit(&Message::problem(Code::Io, e.to_string()), false),
    }
}
