//! Where `old`, `new`, a patch or an edit object comes from: a file, standard input (`-`, at
//! most one of them) or the command line itself.
//!
//! Every text is read with the checks FILE gets: a path must name a regular file (a FIFO, a
//! device such as `/dev/zero` or a folder is refused with `not_a_file` before it is opened
//! for reading, and the opened file is checked again), no larger than `--max-size`
//! (`too_large`); standard input is read up to `--max-size` and refused past it. So no input
//! can block the command or make it grow without bound.

use super::output::Problem;
use editloc::{Code, Edit, FileError, FileOp, FilePatch, InputError, Patch};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fs::{File, Metadata};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
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

    /// The text, which must be UTF-8 and at most `limit` bytes (`--max-size`); `what` names
    /// it in errors (`old`, `patch`).
    pub fn read(self, what: &'static str, limit: u64) -> Result<String, Problem> {
        let bytes = match self {
            Source::Inline(text) => return Ok(text),
            Source::Stdin => bounded(std::io::stdin().lock(), limit)
                .map_err(|e| {
                    Problem::new(Code::Io, format!("reading {what} from standard input: {e}"))
                })?
                .ok_or_else(|| {
                    Problem::new(
                        Code::TooLarge,
                        format!(
                            "standard input ({what}) holds more than the limit of {limit} bytes (--max-size); refused, nothing was written"
                        ),
                    )
                })?,
            Source::File(path) => regular_file_bytes(&path, limit)
                .map_err(|e| Problem::new(e.code(), format!("--{what}: {e}")))?,
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

/// At most `limit` bytes of `reader`; `None` when it holds more.
fn bounded(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// The bytes of the regular file at `path`, at most `limit` of them. What is not a regular
/// file is refused before it is opened for reading, and the file opened (without blocking,
/// should the path have become a FIFO meanwhile) is checked again, so no path can block or
/// feed an endless read.
fn regular_file_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    regular(path, &std::fs::metadata(path).map_err(io)?, limit)?;
    let flags = rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY;
    let file = File::options()
        .read(true)
        .custom_flags(flags.bits() as i32)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    regular(path, &meta, limit)?;
    bounded(file, limit)
        .map_err(io)?
        .ok_or(FileError::TooLarge {
            path: path.to_path_buf(),
            size: limit.saturating_add(1),
            limit,
        })
}

/// Refuses what is not a regular file, or is larger than `limit`.
fn regular(path: &Path, meta: &Metadata, limit: u64) -> Result<(), FileError> {
    let t = meta.file_type();
    let kind = match () {
        _ if t.is_file() => None,
        _ if t.is_dir() => Some("folder"),
        _ if t.is_fifo() => Some("FIFO (named pipe)"),
        _ if t.is_socket() => Some("socket"),
        _ if t.is_char_device() => Some("character device"),
        _ if t.is_block_device() => Some("block device"),
        _ => Some("special file"),
    };
    if let Some(kind) = kind {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    if meta.len() > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit,
        });
    }
    Ok(())
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

/// What `--edit-json` holds: one edit (Claude Code's Edit tool shape), or several edits of
/// one file (the MultiEdit shape: a list of edits, or an object with `edits`).
pub enum EditJson {
    One(EditObject),
    Many(EditList),
}

/// One edit of `--edit-json`: the shape of Claude Code's Edit tool.
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

/// One edit of a list.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListedEdit {
    old_string: String,
    new_string: String,
    #[serde(default)]
    replace_all: bool,
    #[serde(default)]
    file_path: Option<PathBuf>,
}

/// The MultiEdit object: the arguments of the MCP tool `multi_edit`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MultiEdit {
    #[serde(default)]
    file_path: Option<PathBuf>,
    edits: Vec<ListedEdit>,
    #[serde(default)]
    sequential: bool,
    #[serde(default)]
    expected_sha256: Option<String>,
}

/// Several edits of one file, all or nothing, as the MCP tool `multi_edit` takes them.
pub struct EditList {
    /// The file every edit names, if any names one.
    pub file_path: Option<PathBuf>,
    pub edits: Vec<Edit>,
    /// Locate each edit in the result of the ones before it.
    pub sequential: bool,
    pub expected_sha256: Option<String>,
}

/// What `--edit-json` must look like, for error messages.
const SHAPES: &str = "expected {\"old_string\": ..., \"new_string\": ..., \"replace_all\": false}, a list of such edits, or {\"file_path\": ..., \"edits\": [...]}";

impl EditJson {
    /// Parses `--edit-json`'s text.
    pub fn parse(text: &str) -> Result<EditJson, Problem> {
        let value: Value = serde_json::from_str(text).map_err(|e| shape_error(&e))?;
        let parsed = match value {
            Value::Array(_) => EditList::of(MultiEdit {
                file_path: None,
                edits: typed(value)?,
                sequential: false,
                expected_sha256: None,
            })?,
            Value::Object(ref map) if map.contains_key("edits") => EditList::of(typed(value)?)?,
            _ => EditJson::One(typed(value)?),
        };
        let hash = match &parsed {
            EditJson::One(o) => &o.expected_sha256,
            EditJson::Many(l) => &l.expected_sha256,
        };
        if let Some(hash) = hash
            && !editloc::is_sha256_hex(hash.trim())
        {
            return Err(bad(format!(
                "--edit-json: expected_sha256 `{hash}` is not 64 hex digits"
            )));
        }
        Ok(parsed)
    }
}

impl EditList {
    /// The list of a MultiEdit object: not empty, every edit naming the same file (or none).
    fn of(multi: MultiEdit) -> Result<EditJson, Problem> {
        if multi.edits.is_empty() {
            return Err(bad("--edit-json: the list of edits is empty"));
        }
        let mut file_path = multi.file_path;
        for named in multi.edits.iter().filter_map(|e| e.file_path.as_ref()) {
            match &file_path {
                Some(f) if f != named => {
                    return Err(bad(format!(
                        "--edit-json: the edits name two files, {} and {}; edit one file at a time (or use --patch)",
                        f.display(),
                        named.display()
                    )));
                }
                _ => file_path = Some(named.clone()),
            }
        }
        let edits = multi
            .edits
            .into_iter()
            .map(|e| Edit {
                replace_all: e.replace_all,
                ..Edit::new(e.old_string, e.new_string)
            })
            .collect();
        Ok(EditJson::Many(EditList {
            file_path,
            edits,
            sequential: multi.sequential,
            expected_sha256: multi.expected_sha256,
        }))
    }

    /// The list as a patch of the file given beside it (its one section names no file, so
    /// the patch applies it to that file wherever it is, as FILE).
    pub fn patch(self) -> Patch {
        Patch {
            files: vec![FilePatch {
                path: None,
                op: FileOp::Update(self.edits),
            }],
        }
    }
}

/// `value` as `T`, or what is wrong with it.
fn typed<T: DeserializeOwned>(value: Value) -> Result<T, Problem> {
    serde_json::from_value(value).map_err(|e| shape_error(&e))
}

fn shape_error(e: &serde_json::Error) -> Problem {
    bad(format!("--edit-json: {e} ({SHAPES})"))
}

fn bad(message: impl Into<String>) -> Problem {
    Problem::new(Code::BadArguments, message)
}
