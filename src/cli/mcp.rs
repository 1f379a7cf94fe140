//! `editloc mcp [--root DIR]...`: the MCP server over standard input and output
//! ([`editloc::mcp`]). Its answers are MCP messages, so nothing is printed here but a startup
//! failure.

use super::args::McpArgs;
use super::output::{Message, emit};
use editloc::Code;

/// Serves until the client closes the connection; 0 then, 2 if the server cannot start.
pub fn run(args: McpArgs) -> u8 {
    match editloc::mcp::serve(&args.roots) {
        Ok(()) => 0,
        Err(e) => emit(&Message::problem(Code::Io, e.to_string()), false),
    }
}
