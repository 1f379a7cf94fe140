//! Where `old`, `new`, a patch or an edit object comes from: a file, standard input (`-`, at
//! most one of them) or the command line itself.

use super::output::Problem;
use editloc::{Code, InputError};
use serde::Deserialize;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A text argument's source.
pub enum Source {
    File(PathBuf),
    Stdin,
    Inline(String),
}

impl Source {
    /// `--X PATH` (`-` for standard input) or `--X-text TEXT`; clap makes sure at most one is
    /// given.
    pub fn of(path: Option<PathBuf>, inline: Option<String>) -> Option<Source> {
        match (path, inline) {
            (_, Some(text)) => Some(Source::Inline(text)),
            (Some(p), None) if p == Path::new("-") => Some(Source::Stdin),
            (Some(p), None) => Some(Source::File(p)),
            (None, None) => None,
        }
    }

    pub fn is_stdin(&self) -> bool {
        matches!(self, Source::Stdin)
    }

    /// The text, which must be UTF-8; `what` names it in errors.
    pub fn read(self, what: &'static str) -> Result<String, Problem> {
        let bytes = match self {
            Source::Inline(text) => return Ok(text),
            Source::Stdin => {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf).map_err(|e| {
                    Problem::new(Code::Io, format!("reading {what} from standard input: {e}"))
                })?;
                buf
            }
            Source::File(path) => std::fs::read(&path).map_err(|e| {
                let code = match e.kind() {
                    std::io::ErrorKind::NotFound => Code::FileNotFound,
                    std::io::ErrorKind::PermissionDenied => Code::PermissionDenied,
                    _ => Code::Io,
                };
                Problem::new(code, format!("{} ({what}): {e}", path.display()))
            })?,
        };
        String::from_utf8(bytes).map_err(|e| {
            let err = InputError::TextNotUtf8 {
                what,
                offset: e.utf8_error().valid_up_to(),
            };
            Problem::new(err.code(), err.to_string())
        })
    }
}

/// Refuses two texts read from standard input.
pub fn one_stdin(sources: &[&Source]) -> Result<(), Problem> {
    if sources.iter().filter(|s| s.is_stdin()).count() > 1 {
        return Err(Problem::new(
            Code::BadArguments,
            "only one of --old, --new, --patch and --edit-json can be read from standard input",
        ));
    }
    Ok(())
}

/// The object of `--edit-json`: the shape of Claude Code's Edit tool.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditObject {
    pub old_string: String,
    pub new_string: String,
    #[serde(default)]
    pub replace_all: bool,
    #[serde(default)]
    pub file_path: Option<PathBuf>,
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

impl EditObject {
    /// Parses `--edit-json`'s text.
    pub fn parse(text: &str) -> Result<EditObject, Problem> {
        let object: EditObject = serde_json::from_str(text).map_err(|e| {
            Problem::new(
                Code::BadArguments,
                format!(
                    "--edit-json: {e} (expected {{\"old_string\": ..., \"new_string\": ..., \"replace_all\": false}})"
                ),
            )
        })?;
        if let Some(hash) = &object.expected_sha256
            && !editloc::fs::is_sha256_hex(hash.trim())
        {
            return Err(Problem::new(
                Code::BadArguments,
                format!("--edit-json: expected_sha256 `{hash}` is not 64 hex digits"),
            ));
        }
        Ok(object)
    }
}
