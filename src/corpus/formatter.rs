//! Running a user's formatter: any shell command that reads a file on standard input and
//! writes it formatted on standard output (`prettier --stdin-filepath {file}`, `black -q -`,
//! `rustfmt --emit stdout`, `gofmt`). `{file}` in the command is replaced by `file.<ext>`,
//! so one command serves files of several languages (Prettier picks its parser by it).
//!
//! The generated corpus names its formatter as a table (`{ tool = "prettier", printWidth =
//! 60 }`); [`command_of`] turns such a table into the command line, so `editloc corpus
//! judge` judges those cases as `corpus/generate --judge` did.

use std::io::Write;
use std::process::{Command, Stdio};

/// A formatter command line, run through `sh -c`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formatter {
    /// The command line (`{file}` stands for `file.<ext>`).
    pub command: String,
}

impl Formatter {
    /// The formatter run by `command`.
    pub fn new(command: impl Into<String>) -> Formatter {
        Formatter {
            command: command.into(),
        }
    }

    /// `text` formatted as a file with extension `ext`, or why the formatter refused it
    /// (a syntax error, a failed command).
    pub fn format(&self, text: &str, ext: &str) -> Result<String, String> {
        let command = self.command.replace("{file}", &format!("file.{ext}"));
        let mut child = Command::new("sh")
            .args(["-c", &command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("`{command}`: {e}"))?;
        let mut stdin = child.stdin.take().ok_or("no standard input")?;
        let input = text.to_string();
        // Written from a thread: a formatter may write before it has read everything.
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child
            .wait_with_output()
            .map_err(|e| format!("`{command}`: {e}"))?;
        let _ = writer.join();
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let first = stderr.lines().next().unwrap_or("").trim();
            return Err(format!("`{command}` failed ({}): {first}", output.status));
        }
        String::from_utf8(output.stdout).map_err(|_| format!("`{command}` wrote no UTF-8"))
    }
}

/// The command line of a case's `formatter` table: its `command`, or the command the
/// generated corpus's `tool` and options stand for (`None` for an unknown tool).
pub fn command_of(table: &toml::Table) -> Option<String> {
    if let Some(command) = table.get("command").and_then(|c| c.as_str()) {
        return Some(command.to_string());
    }
    let int = |key: &str| table.get(key).and_then(|v| v.as_integer());
    let on = |key: &str| table.get(key).and_then(|v| v.as_bool()) == Some(true);
    let text = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let mut command = match table.get("tool")?.as_str()? {
        "prettier" => {
            let semi_off = table.get("semi").and_then(|v| v.as_bool()) == Some(false);
            prettier_command(int, on, text, semi_off)
        }
        "black" => {
            let mut c = format!("black -q -l {}", int("line_length").unwrap_or(88));
            if on("S") {
                c.push_str(" -S");
            }
            c
        }
        "rustfmt" => {
            let mut c = "rustfmt --edition 2021 --emit stdout".to_string();
            if let Some(width) = int("max_width") {
                c.push_str(&format!(" --config max_width={width}"));
            }
            c
        }
        "gofmt" => "gofmt".to_string(),
        _ => return None,
    };
    if command.starts_with("black") {
        command.push_str(" -");
    }
    Some(command)
}

/// Prettier's command line for the generated corpus's option names.
fn prettier_command(
    int: impl Fn(&str) -> Option<i64>,
    on: impl Fn(&str) -> bool,
    text: impl Fn(&str) -> Option<String>,
    semi_off: bool,
) -> String {
    let mut c = "prettier --stdin-filepath {file}".to_string();
    if let Some(width) = int("printWidth") {
        c.push_str(&format!(" --print-width {width}"));
    }
    if on("singleQuote") {
        c.push_str(" --single-quote");
    }
    if on("useTabs") {
        c.push_str(" --use-tabs");
    }
    if semi_off {
        c.push_str(" --no-semi");
    }
    for (key, flag) in [
        ("trailingComma", "trailing-comma"),
        ("arrowParens", "arrow-parens"),
    ] {
        if let Some(value) = text(key) {
            c.push_str(&format!(" --{flag} {value}"));
        }
    }
    c
}
