//! The `editloc` command: everything is in [`cli`] (arguments, one module per command, typed
//! output).

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
