//! `editloc mcp [--root DIR]...`: the MCP server over standard input and output
//! ([`editloc::mcp`]). Its answers are MCP messages, so nothing is printed here but a startup
//! failure. `editloc mcp config CLIENT [--root DIR]...` prints a client's snippet instead
//! ([`editloc::mcp::clients`]).

use super::args::{McpAction, McpArgs};
use super::output::{Message, emit};
use editloc::Code;
use editloc::mcp::clients;

/// Serves until the client closes the connection; 0 then, 2 if the server cannot start.
/// With `config`: prints the snippet; 0, or 2 when the binary's path is unknown.
pub fn run(args: McpArgs) -> u8 {
    if let Some(McpAction::Config(config)) = args.action {
        return print_config(config.client.0, &args.roots);
    }
    match editloc::mcp::serve(&args.roots) {
        Ok(()) => 0,
        Err(e) => emit(&Message::problem(Code::Io, e.to_string()), false),
    }
}

/// The snippet on standard output, where it goes on standard error.
fn print_config(client: clients::Client, roots: &[std::path::PathBuf]) -> u8 {
    let located = std::env::current_exe()
        .and_then(|binary| Ok((binary.canonicalize()?, std::env::current_dir()?)));
    let (binary, current_dir) = match located {
        Ok(found) => found,
        Err(e) => {
            let message = format!("cannot tell where this editloc is: {e}");
            return emit(&Message::problem(Code::Io, message), false);
        }
    };
    let args = clients::server_arguments(roots, &current_dir);
    eprintln!("# {}: put this in {}", client.name(), client.destination());
    print!("{}", clients::snippet(client, &binary, &args));
    0
}
