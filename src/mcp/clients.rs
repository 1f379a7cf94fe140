//! `editloc mcp config CLIENT`: the snippet that registers `editloc mcp` with an MCP client,
//! in the client's own format (JSON, TOML or YAML) and under its own key, with the absolute
//! path of the binary and the roots given. The snippet is built as data and serialised by
//! the format's own serialiser (no text templates), so a path with quotes or backslashes is
//! escaped as the format requires.

use serde_json::json;
use std::path::{Path, PathBuf};

/// The MCP clients `editloc mcp config` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    /// Claude Code: `.mcp.json` at the project root (`mcpServers`).
    ClaudeCode,
    /// Cursor: `.cursor/mcp.json` or `~/.cursor/mcp.json` (`mcpServers`).
    Cursor,
    /// VS Code: `.vscode/mcp.json` (`servers`, with `"type": "stdio"`).
    VsCode,
    /// Codex CLI: `~/.codex/config.toml` (`[mcp_servers.editloc]`).
    Codex,
    /// Zed: its settings file (`context_servers`).
    Zed,
    /// Windsurf: `~/.codeium/windsurf/mcp_config.json` (`mcpServers`).
    Windsurf,
    /// Continue: a YAML block in `.continue/mcpServers/` (`mcpServers` list).
    Continue,
}

impl Client {
    /// Every client, in the order `--help` lists them.
    pub const ALL: [Client; 7] = [
        Client::ClaudeCode,
        Client::Cursor,
        Client::VsCode,
        Client::Codex,
        Client::Zed,
        Client::Windsurf,
        Client::Continue,
    ];

    /// The name on the command line (`claude-code`, `vscode`, …).
    pub fn name(self) -> &'static str {
        match self {
            Client::ClaudeCode => "claude-code",
            Client::Cursor => "cursor",
            Client::VsCode => "vscode",
            Client::Codex => "codex",
            Client::Zed => "zed",
            Client::Windsurf => "windsurf",
            Client::Continue => "continue",
        }
    }

    /// Where the snippet goes, in words.
    pub fn destination(self) -> &'static str {
        match self {
            Client::ClaudeCode => {
                "`.mcp.json` at the project root (merge `mcpServers`), or run `claude mcp add editloc -- COMMAND ARGS...`"
            }
            Client::Cursor => {
                "`.cursor/mcp.json` in the project or `~/.cursor/mcp.json` (merge `mcpServers`)"
            }
            Client::VsCode => "`.vscode/mcp.json` in the workspace (merge `servers`)",
            Client::Codex => "`~/.codex/config.toml` (append the table)",
            Client::Zed => "Zed's settings file, `zed: open settings` (merge `context_servers`)",
            Client::Windsurf => "`~/.codeium/windsurf/mcp_config.json` (merge `mcpServers`)",
            Client::Continue => "a file of its own: `.continue/mcpServers/editloc.yaml`",
        }
    }
}

impl std::str::FromStr for Client {
    type Err = String;

    fn from_str(name: &str) -> Result<Client, String> {
        Client::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| format!("unknown MCP client {name:?}"))
    }
}

/// The server's command line: `binary mcp --root DIR...`, the roots made absolute against
/// `current_dir` (and resolved, when they exist; none: the server edits the folder the
/// client starts it in).
pub fn server_arguments(roots: &[PathBuf], current_dir: &Path) -> Vec<String> {
    let mut args = vec!["mcp".to_string()];
    for root in roots {
        let joined = current_dir.join(root);
        let absolute = std::fs::canonicalize(&joined).unwrap_or(joined);
        args.push("--root".into());
        args.push(absolute.display().to_string());
    }
    args
}

/// The snippet registering `binary` with `args` (from [`server_arguments`]) for `client`,
/// ending in a line break.
pub fn snippet(client: Client, binary: &Path, args: &[String]) -> String {
    let command = binary.display().to_string();
    let server = json!({"command": command, "args": args});
    let document = match client {
        Client::ClaudeCode | Client::Cursor | Client::Windsurf => {
            json!({"mcpServers": {"editloc": server}})
        }
        Client::VsCode => json!({"servers": {"editloc": {
            "type": "stdio", "command": command, "args": args,
        }}}),
        Client::Zed => json!({"context_servers": {"editloc": {
            "command": command, "args": args, "env": {},
        }}}),
        Client::Codex => return codex_toml(&command, args),
        Client::Continue => return continue_yaml(&command, args),
    };
    let mut text = serde_json::to_string_pretty(&document).expect("a JSON value serialises");
    text.push('\n');
    text
}

/// Codex CLI's table, `[mcp_servers.editloc]`, serialised by `toml`.
fn codex_toml(command: &str, args: &[String]) -> String {
    let mut server = toml::Table::new();
    server.insert("command".into(), command.into());
    server.insert(
        "args".into(),
        toml::Value::Array(args.iter().map(|a| a.as_str().into()).collect()),
    );
    let mut servers = toml::Table::new();
    servers.insert("editloc".into(), server.into());
    let mut document = toml::Table::new();
    document.insert("mcp_servers".into(), servers.into());
    toml::to_string(&document).expect("a TOML table serialises")
}

/// Continue's block file. YAML is written by hand here (the crate has no YAML serialiser),
/// every string as a JSON string, which YAML reads as a double-quoted scalar with the same
/// escapes; the test parses it with a YAML parser.
fn continue_yaml(command: &str, args: &[String]) -> String {
    let quoted = |s: &str| serde_json::to_string(s).expect("a string serialises");
    let mut text =
        String::from("name: editloc\nversion: 0.1.0\nschema: v1\nmcpServers:\n  - name: editloc\n");
    text.push_str(&format!("    command: {}\n    args:\n", quoted(command)));
    for arg in args {
        text.push_str(&format!("      - {}\n", quoted(arg)));
    }
    text
}
