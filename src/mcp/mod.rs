//! `editloc mcp`: a Model Context Protocol server over stdio, so that any agent (Claude Code,
//! Cursor, Zed, Continue, Cline, opencode…) can call editloc as its edit tool.
//!
//! Tools: `edit`, `multi_edit`, `apply_patch`, `check` and `read` ([`Server`]). They run the
//! library's ladder, repairs and writers exactly as the CLI does, and answer briefly
//! ([`answer`]): applied (tier, lines, a bounded diff, repairs, warnings, the new `sha256`)
//! or refused (`code`, message, the closest candidate with its lines and a bounded diff, the
//! hint).
//!
//! Contract:
//! - **Roots.** Only files under the folders the server was started with (default: the
//!   current folder) are read or written; any other path — including one a symlink leads out
//!   through — is refused with `outside_root` ([`roots`]).
//! - **Stale views.** `read` gives the file's `sha256`; an `edit` or `multi_edit` that passes
//!   it as `expected_sha256` after the file changed is refused with `stale_view` and nothing
//!   is written.
//! - **Writes** go through the library's safe write (atomic, permission-keeping, refusing a
//!   file that changed since it was read), in one place (`Server::edit_file`).
//! - **Warm documents.** A [`Document`] is kept per file and reused while the file's bytes
//!   are unchanged. After the server's own edit, the next version is
//!   [`Document::edited`]: when the edited document had its whole syntax tree, the next one's
//!   is re-parsed incrementally (only what the edit changed); an edited file's tree is parsed
//!   in the background between calls, so a session of edits on one file parses it once.
//!
//! - **isError** is true exactly when the answer's text begins with `refused`. `check` is
//!   there to ask, so a miss (`not_found`, `ambiguous`, `already_applied`) is its answer, not
//!   a failed call: its text begins with the outcome (`not found (not_found) in …`) and
//!   `isError` is false; bad arguments and unreadable files are refusals there as well.
//! - **Schemas.** Each tool declares an `outputSchema` (`schema.rs`) its `structuredContent`
//!   conforms to, and every annotation (`readOnlyHint`, `destructiveHint`,
//!   `idempotentHint`, `openWorldHint`: only `check` and `read` are read-only; no tool
//!   reaches outside the roots).
//!
//! The handlers are plain functions returning an [`Answer`]; the rmcp tool methods wrap them,
//! so they can be tested without a transport.

pub mod answer;
pub mod clients;
mod envelope;
pub mod framing;
pub mod roots;
mod schema;

use crate::batch::{Mode, apply_edits, apply_edits_sequential};
use crate::document::Document;
use crate::fs::{self, FileError, Place};
use crate::options::Options;
use crate::outcome::{Code, Refusal};
use crate::patch::{PatchOptions, apply_patch_beneath};
pub use answer::Answer;
use editloc_formats::{self as formats, Edit, FileOp};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock};
use rmcp::{ErrorData, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
pub use roots::Roots;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many documents are kept warm; beyond it the cache starts over.
const WARM_DOCUMENTS: usize = 64;

/// Lines `read` returns when no `limit` is given.
const READ_LIMIT: usize = 2000;
/// Characters of one line `read` shows before cutting it.
const LINE_CHARS: usize = 2000;
/// Characters `read` returns in all (after the first line).
const READ_CHARS: usize = answer::MAX_CHARS * 8;

/// `edit`'s arguments (Claude Code's Edit tool shape).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EditParams {
    /// The file to edit: absolute, or relative to the server's first root.
    pub file_path: String,
    /// The text to replace, as you remember it. It does not need to match byte for byte:
    /// line endings, indentation, trailing spaces, typographic quotes and (for TS/JS/Python/
    /// Go/Rust) formatting and comments may differ. It must denote one place; include a few
    /// more lines if it is not unique. Empty only to create a missing or empty file.
    pub old_string: String,
    /// The replacement text, in the same style as `old_string`: editloc carries the file's
    /// own line endings, indentation and quotes over to the lines you did not change.
    pub new_string: String,
    /// Replace every occurrence instead of requiring one (default false).
    #[serde(default)]
    pub replace_all: Option<bool>,
    /// The `sha256` that `read` returned: if the file changed since, the edit is refused
    /// with `stale_view` and you should read it again.
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

/// One edit of `multi_edit`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EditItem {
    /// The text to replace (see `edit`).
    pub old_string: String,
    /// The replacement text.
    pub new_string: String,
    /// Replace every occurrence (default false).
    #[serde(default)]
    pub replace_all: Option<bool>,
}

/// `multi_edit`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MultiEditParams {
    /// The file to edit: absolute, or relative to the server's first root.
    pub file_path: String,
    /// The edits. By default each is located in the file as it is now (as you read it), in
    /// any order, and two edits may not overlap.
    pub edits: Vec<EditItem>,
    /// Locate each edit in the result of the edits before it (Claude Code's MultiEdit), so a
    /// later edit may change text an earlier one wrote. Default false.
    #[serde(default)]
    pub sequential: Option<bool>,
    /// The `sha256` that `read` returned (see `edit`).
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

/// `apply_patch`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PatchParams {
    /// The patch, in any of these formats (detected): a `*** Begin Patch` envelope (Update/
    /// Add/Delete File, `*** Move to:`, `@@ def name` scope lines), SEARCH/REPLACE blocks after
    /// a file-name line, a unified diff (`--- a/x` / `+++ b/x` / `@@ -l,n +l,n @@`), MultiEdit
    /// JSON with `file_path`, or str_replace_based_edit_tool command objects. Paths are
    /// relative to the server's first root.
    pub patch: String,
}

/// `check`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CheckParams {
    /// The file to search.
    pub file_path: String,
    /// The text to locate (see `edit`).
    pub old_string: String,
}

/// `read`'s arguments.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReadParams {
    /// The file to read.
    pub file_path: String,
    /// The first line to return, 1-based (default 1).
    #[serde(default)]
    pub offset: Option<usize>,
    /// How many lines to return (default 2000).
    #[serde(default)]
    pub limit: Option<usize>,
}

/// The server: its roots and its warm documents.
#[derive(Clone)]
pub struct Server {
    roots: Arc<Roots>,
    warm: Arc<Mutex<HashMap<PathBuf, Arc<Document>>>>,
    tool_router: ToolRouter<Server>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("roots", &self.roots)
            .finish()
    }
}

/// Serves the MCP tools over stdin/stdout until the client closes the connection. `roots`
/// are the folders that may be edited (the current folder when empty).
pub fn serve(roots: &[PathBuf]) -> Result<(), Box<dyn std::error::Error>> {
    let server = Server::new(Roots::new(roots)?);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let (transport, writer) = framing::stdio();
    let served: Result<(), Box<dyn std::error::Error>> = runtime.block_on(async move {
        let running = server.serve(transport).await?;
        running.waiting().await?;
        Ok(())
    });
    // Every answer written before the process ends.
    let _ = writer.join();
    served
}

/// A file the server has just edited will likely be edited again: its document's whole tree
/// is parsed on a thread of its own, between the calls, so that the next edits reuse it
/// (`Document::edited` re-parses only what each edit changes). A call arriving meanwhile
/// does not wait for it: it parses windows around `old` as on any cold document.
fn warm_up(doc: &Arc<Document>) {
    let doc = doc.clone();
    let _ = std::thread::Builder::new()
        .name("editloc-warm".into())
        .spawn(move || doc.parse_syntax());
}

/// A file's content as the server saw it: the document and its hash.
struct Seen {
    doc: Arc<Document>,
    sha256: String,
}

impl Server {
    /// A server confined to `roots`.
    pub fn new(roots: Roots) -> Server {
        Server {
            roots: Arc::new(roots),
            warm: Arc::new(Mutex::new(HashMap::new())),
            tool_router: Self::tool_router(),
        }
    }

    /// The file at `place` as a warm document: the cached one while the bytes are unchanged,
    /// else freshly read (and cached). Read through the lock's handle when `lock` is given,
    /// through the place's folder handle otherwise. `Ok(None)`: the file does not exist.
    fn document(&self, place: &Place, lock: Option<&fs::FileLock>) -> Result<Option<Seen>, Answer> {
        // A regular file only: a FIFO is refused, not opened for a read that never ends.
        let bytes = match lock {
            Some(lock) => fs::locked_bytes(lock, fs::MAX_SIZE),
            None => fs::place_bytes(place, fs::MAX_SIZE),
        };
        let bytes = match bytes {
            Ok(Some(b)) => b,
            Ok(None) => return Ok(None),
            Err(e) => return Err(file_error(&e)),
        };
        let shown = place.shown().display().to_string();
        let real = place.real();
        let sha256 = fs::sha256_hex(&bytes);
        let mut warm = self.warm.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(doc) = warm.get(&real).filter(|d| d.content().as_bytes() == bytes) {
            return Ok(Some(Seen {
                doc: doc.clone(),
                sha256,
            }));
        }
        let doc = Document::from_bytes(bytes)
            .map_err(|e| Answer::refused(e.code(), format!("{shown}: {e}")))?
            .with_name(shown);
        let doc = Arc::new(doc);
        if warm.len() >= WARM_DOCUMENTS {
            warm.clear();
        }
        warm.insert(real, doc.clone());
        Ok(Some(Seen { doc, sha256 }))
    }

    /// The tools as `tools/list` gives them (name, schemas, annotations).
    pub fn tool_list() -> Vec<rmcp::model::Tool> {
        Self::tool_router().list_all()
    }

    /// Whether the warm cache holds this exact document for `path` (for tests).
    pub fn is_warm(&self, path: &Path, doc: &Document) -> bool {
        let warm = self.warm.lock().unwrap_or_else(|p| p.into_inner());
        std::fs::canonicalize(path)
            .ok()
            .and_then(|p| warm.get(&p).cloned())
            .is_some_and(|d| std::ptr::eq(d.as_ref(), doc))
    }

    /// The warm document of `path`, as the next call would get it (for tests).
    pub fn warm_document(&self, path: &Path) -> Option<Arc<Document>> {
        let place = self.roots.place(&path.to_string_lossy()).ok()?;
        self.document(&place, None).ok().flatten().map(|s| s.doc)
    }

    /// Read → apply → write, the one place a tool writes a file: takes the file's lock (as
    /// every editloc writer does, so concurrent agents are serialised, not lost), reads
    /// `path` (warm), refuses a stale view, runs `apply` on the document (an empty document
    /// for a missing file when `create` allows it) and writes the content it returns through
    /// the library's safe write, still under the lock. `apply` returns the new content and
    /// the answer to give once it is written.
    fn edit_file(
        &self,
        file_path: &str,
        expected_sha256: Option<&str>,
        create: bool,
        apply: impl FnOnce(&Document, &str) -> Result<(String, Box<dyn FnOnce(&str) -> Answer>), Answer>,
    ) -> Answer {
        let run = || -> Result<Answer, Answer> {
            let expected = expected_sha256.map(valid_sha256).transpose()?;
            let place = self.roots.place(file_path)?;
            let shown = &place.shown().display().to_string();
            let lock = fs::FileLock::acquire(&place, fs::LOCK_TIMEOUT, create)
                .map_err(|e| file_error(&e))?;
            let seen = self.document(&place, Some(&lock))?;
            if let (Some(expected), Some(seen)) = (expected, &seen) {
                refuse_stale(shown, &seen.sha256, expected)?;
            }
            let (doc, existed) = match seen {
                Some(s) => (s.doc, true),
                None if create => (Arc::new(Document::new("").with_name(shown)), false),
                None => {
                    return Err(Answer::refused(
                        Code::FileNotFound,
                        format!("{shown} does not exist (an empty `old_string` creates it)"),
                    ));
                }
            };
            let (content, answer) = apply(&doc, shown)?;
            let written = if existed {
                fs::replace_locked(&lock, doc.content().as_bytes(), content.as_bytes())
            } else {
                fs::create_locked(&lock, content.as_bytes())
            };
            written.map_err(|e| file_error(&e))?;
            drop(lock);
            let sha256 = fs::sha256_hex(content.as_bytes());
            let next = Arc::new(doc.edited(content));
            warm_up(&next);
            let mut warm = self.warm.lock().unwrap_or_else(|p| p.into_inner());
            warm.insert(place.real(), next);
            Ok(answer(&sha256))
        };
        run().unwrap_or_else(|refusal| refusal)
    }

    /// The `edit` tool's work.
    pub fn do_edit(&self, p: EditParams) -> Answer {
        let (old, new) = (p.old_string, p.new_string);
        let replace_all = p.replace_all.unwrap_or(false);
        self.edit_file(
            &p.file_path,
            p.expected_sha256.as_deref(),
            old.is_empty(),
            |doc, shown| {
                let shown = shown.to_string();
                if replace_all || old.is_empty() {
                    let edit = Edit {
                        replace_all,
                        ..Edit::new(old, new)
                    };
                    return match apply_edits(doc, &[edit], &Options::default(), Mode::AllOrNothing)
                    {
                        Ok(b) => {
                            let content = b.content.clone();
                            Ok((
                                content,
                                Box::new(move |sha: &str| answer::batch_applied(&shown, &b, sha)),
                            ))
                        }
                        Err(e) => Err(answer::batch_refused(&shown, &e)),
                    };
                }
                match doc.apply_with(&old, &new, &Options::default()) {
                    Ok(a) => {
                        let content = a.content.clone();
                        Ok((
                            content,
                            Box::new(move |sha: &str| answer::applied(&shown, &a, sha)),
                        ))
                    }
                    Err(e) => Err(answer::locate_failed(&shown, &e)),
                }
            },
        )
    }

    /// The `multi_edit` tool's work.
    pub fn do_multi_edit(&self, p: MultiEditParams) -> Answer {
        if p.edits.is_empty() {
            return Answer::refused(Code::BadArguments, "`edits` is empty");
        }
        let edits: Vec<Edit> = p
            .edits
            .into_iter()
            .map(|e| Edit {
                replace_all: e.replace_all.unwrap_or(false),
                ..Edit::new(e.old_string, e.new_string)
            })
            .collect();
        let sequential = p.sequential.unwrap_or(false);
        let create = edits[0].old.is_empty();
        self.edit_file(
            &p.file_path,
            p.expected_sha256.as_deref(),
            create,
            |doc, shown| {
                let shown = shown.to_string();
                let options = Options::default();
                let result = if sequential {
                    apply_edits_sequential(doc, &edits, &options, Mode::AllOrNothing)
                } else {
                    apply_edits(doc, &edits, &options, Mode::AllOrNothing)
                };
                match result {
                    Ok(b) => {
                        let content = b.content.clone();
                        Ok((
                            content,
                            Box::new(move |sha: &str| answer::batch_applied(&shown, &b, sha)),
                        ))
                    }
                    Err(e) => Err(answer::batch_refused(&shown, &e)),
                }
            },
        )
    }

    /// The `check` tool's work.
    pub fn do_check(&self, p: CheckParams) -> Answer {
        let run = || -> Result<Answer, Answer> {
            let place = self.roots.place(&p.file_path)?;
            let shown = &place.shown().display().to_string();
            let Some(seen) = self.document(&place, None)? else {
                return Err(Answer::refused(
                    Code::FileNotFound,
                    format!("{shown} does not exist"),
                ));
            };
            Ok(
                match seen.doc.locate_with(&p.old_string, &Options::default()) {
                    Ok(m) => answer::found(shown, &m),
                    Err(e) => answer::check_missed(shown, &e),
                },
            )
        };
        run().unwrap_or_else(|a| a)
    }

    /// The `read` tool's work: numbered lines (`cat -n` style) and the whole file's sha256.
    pub fn do_read(&self, p: ReadParams) -> Answer {
        let run = || -> Result<Answer, Answer> {
            let place = self.roots.place(&p.file_path)?;
            let shown = &place.shown().display().to_string();
            let Some(seen) = self.document(&place, None)? else {
                return Err(Answer::refused(
                    Code::FileNotFound,
                    format!("{shown} does not exist"),
                ));
            };
            Ok(read_answer(
                shown,
                seen.doc.content(),
                &seen.sha256,
                p.offset,
                p.limit,
            ))
        };
        run().unwrap_or_else(|a| a)
    }

    /// The `apply_patch` tool's work: every path the patch names is walked beneath the roots
    /// (a relative one from the first) and written through the handles the walk opened.
    pub fn do_apply_patch(&self, p: PatchParams) -> Answer {
        let run = || -> Result<Answer, Answer> {
            let patch = formats::parse(&p.patch)
                .map_err(|e| Answer::refused(Code::BadPatch, format!("malformed patch: {e}")))?;
            if patch.files.iter().any(|f| f.path.is_none()) {
                return Err(Answer::refused(
                    Code::BadArguments,
                    "the patch has a section that names no file; name each file (a file-name line before SEARCH/REPLACE, `file_path` in JSON)",
                ));
            }
            for f in &patch.files {
                let named = f.path.iter().chain(match &f.op {
                    FileOp::Move { to, .. } => Some(to),
                    _ => None,
                });
                for path in named {
                    self.roots.place(&path.to_string_lossy())?;
                }
            }
            let options = PatchOptions::default();
            let roots = self.roots.folders();
            let outcome = apply_patch_beneath(roots, Path::new(""), &patch, None, &options);
            // Written files are no longer what the warm cache holds; it notices by their bytes.
            Ok(match outcome {
                Ok(o) => answer::patch(&o),
                Err(crate::patch::PatchError::Refused(o)) => answer::patch(&o),
                Err(e) => answer::patch_failed(&e),
            })
        };
        run().unwrap_or_else(|a| a)
    }
}

/// `read`'s answer: numbered lines from `offset` (1-based), at most `limit` of them and
/// [`READ_CHARS`] characters in all; a line longer than [`LINE_CHARS`] is cut and says so (at
/// least one line is always shown, so paging with `offset` always moves on). An `offset` past
/// the last line is refused (`bad_arguments`) with the number of lines.
fn read_answer(
    shown: &str,
    content: &str,
    sha256: &str,
    offset: Option<usize>,
    limit: Option<usize>,
) -> Answer {
    // Lines as editloc counts them (`\n`, `\r\n`, a lone `\r`), without a byte-order mark.
    let body = content.strip_prefix('\u{feff}').unwrap_or(content);
    let lines: Vec<&str> = crate::text::lines::split_lines(body)
        .iter()
        .map(|l| l.content(body))
        .collect();
    let total = lines.len();
    let first = offset.unwrap_or(1).max(1);
    if total == 0 {
        return read_json(
            format!("{shown}: empty file\nsha256: {sha256}\n"),
            shown,
            sha256,
            0,
            (1, 0),
            0,
        );
    }
    let last = match read_last(shown, first, total, limit) {
        Ok(last) => last,
        Err(refused) => return refused,
    };
    let (text, shown_last, cut) = numbered_lines(&lines, first, last);
    let header = read_header(shown, sha256, (first, shown_last), total, cut);
    read_json(
        header + &text,
        shown,
        sha256,
        total,
        (first, shown_last),
        cut,
    )
}

/// The last line a read from line `first` (1-based) of a non-empty file of `total` lines
/// may show, `limit` lines at most ([`READ_LIMIT`] when not given); refused
/// (`bad_arguments`) when `first` is past the end or `limit` is 0.
fn read_last(
    shown: &str,
    first: usize,
    total: usize,
    limit: Option<usize>,
) -> Result<usize, Answer> {
    if first > total {
        return Err(Answer::refused(
            Code::BadArguments,
            format!(
                "`offset` {first} is past the end: {shown} has {total} lines (offset 1 to {total})"
            ),
        ));
    }
    let limit = limit.unwrap_or(READ_LIMIT);
    if limit == 0 {
        return Err(Answer::refused(
            Code::BadArguments,
            "`limit` is 0: give how many lines to read (at least 1; default 2000)",
        ));
    }
    Ok((first - 1).saturating_add(limit).min(total))
}

/// The first lines of a read's text: which lines are shown of how many, where to go on
/// when some are left, how many were cut, and the file's SHA-256.
fn read_header(
    shown: &str,
    sha256: &str,
    (first, shown_last): (usize, usize),
    total: usize,
    cut: usize,
) -> String {
    let more = if shown_last < total {
        format!("; more from line {} (pass `offset`)", shown_last + 1)
    } else {
        String::new()
    };
    let cut_note = match cut {
        0 => String::new(),
        n => format!("; {n} long lines cut at {LINE_CHARS} characters"),
    };
    format!("{shown}: lines {first}-{shown_last} of {total}{more}{cut_note}\nsha256: {sha256}\n")
}

/// Lines `first..=last` numbered (`     12\tcode`), stopping at [`READ_CHARS`] after at least
/// one line; lines over [`LINE_CHARS`] are cut. Returns the text, the last line shown and how
/// many lines were cut.
fn numbered_lines(lines: &[&str], first: usize, last: usize) -> (String, usize, usize) {
    let (mut text, mut shown_last, mut cut) = (String::new(), first - 1, 0);
    for (i, line) in lines.iter().enumerate().take(last).skip(first - 1) {
        let chars = line.chars().count();
        let numbered = if chars > LINE_CHARS {
            cut += 1;
            let kept: String = line.chars().take(LINE_CHARS).collect();
            format!(
                "{:>6}\t{kept}… ({} more characters)\n",
                i + 1,
                chars - LINE_CHARS
            )
        } else {
            format!("{:>6}\t{line}\n", i + 1)
        };
        if shown_last >= first && text.len() + numbered.len() > READ_CHARS {
            break;
        }
        text.push_str(&numbered);
        shown_last = i + 1;
    }
    (text, shown_last, cut)
}

fn read_json(
    text: String,
    shown: &str,
    sha256: &str,
    total: usize,
    (start, end): (usize, usize),
    cut: usize,
) -> Answer {
    Answer {
        is_error: false,
        text,
        json: json!({
            "status": "read", "path": shown, "sha256": sha256, "total_lines": total,
            "lines": {"start": start, "end": end}, "cut_lines": cut,
        }),
    }
}

/// `expected_sha256` as given, when it is a SHA-256 in hex (64 hex digits, any case).
fn valid_sha256(expected: &str) -> Result<&str, Answer> {
    let trimmed = expected.trim();
    if fs::is_sha256_hex(trimmed) {
        return Ok(trimmed);
    }
    Err(Answer::refused(
        Code::BadArguments,
        format!(
            "`expected_sha256` must be the 64 hex digits `read` gave, not {:?}; nothing was written",
            expected.chars().take(80).collect::<String>()
        ),
    ))
}

/// Refuses with `stale_view` when the file's SHA-256 is not the one the model read.
fn refuse_stale(shown: &str, now: &str, expected: &str) -> Result<(), Answer> {
    if now.eq_ignore_ascii_case(expected) {
        return Ok(());
    }
    Err(Answer::refused(
        Code::StaleView,
        format!(
            "stale view: {shown} changed since you read it (sha256 {now} now, {expected} expected); nothing was written — read it again"
        ),
    ))
}

/// A file error as a refusal with its code.
fn file_error(e: &FileError) -> Answer {
    Answer::refused(e.code(), e.to_string())
}

/// A tool's arguments, or why they are not valid: arguments that do not deserialize (a
/// missing `old_string`, a number where text goes) are answered as a refusal with code
/// `bad_arguments` and the reason, like every other refusal, instead of a bare error text.
/// The schema is the arguments' own.
#[derive(Debug)]
pub struct Checked<T>(Result<T, String>);

impl<T> Checked<T> {
    /// The answer of `work` on valid arguments; `bad_arguments` otherwise. A panic in `work`
    /// (a bug) is answered too, as `internal_check`, rather than leaving the call unanswered.
    fn answer(self, work: impl FnOnce(T) -> Answer) -> Answer {
        match self.0 {
            Ok(args) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(args)))
                .unwrap_or_else(|panic| {
                    let what = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    Answer::refused(
                        Code::InternalCheck,
                        format!(
                            "editloc failed inside (a bug, please report it: {what}); read the file again before retrying"
                        ),
                    )
                }),
            Err(why) => Answer::refused(
                Code::BadArguments,
                format!("invalid arguments: {why}; nothing was done"),
            ),
        }
    }
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Checked<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(Checked(
            serde_json::from_value(value).map_err(|e| e.to_string()),
        ))
    }
}

impl<T: JsonSchema> JsonSchema for Checked<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }

    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

impl From<Answer> for CallToolResult {
    fn from(a: Answer) -> CallToolResult {
        let mut result = if a.is_error {
            CallToolResult::error(vec![ContentBlock::text(a.text)])
        } else {
            CallToolResult::success(vec![ContentBlock::text(a.text)])
        };
        result.structured_content = Some(a.json);
        result
    }
}

impl From<Refusal> for CallToolResult {
    fn from(r: Refusal) -> CallToolResult {
        Answer::from(r).into()
    }
}

#[tool_router]
impl Server {
    /// Replace `old_string` by `new_string` in one file.
    #[tool(
        name = "edit",
        description = "Replace old_string by new_string in a file and write it. old_string may differ from the file in line endings, indentation, trailing spaces, typographic quotes, and (TS/JS/Python/Go/Rust) formatting and comments; line-number prefixes, HTML entities, double-escaped text and `// ... existing code ...` elision lines are repaired. The file keeps its own style. old_string must denote exactly one place (or set replace_all). On failure nothing is written and the answer gives a `code` (not_found, ambiguous, already_applied, stale_view, outside_root, ...), the closest candidate with its lines and a diff, and a hint for the next attempt.",
        output_schema = schema::edit(),
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn edit(
        &self,
        Parameters(p): Parameters<Checked<EditParams>>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(p.answer(|p| self.do_edit(p)).into())
    }

    /// Several edits of one file, all or nothing.
    #[tool(
        name = "multi_edit",
        description = "Apply several edits to one file, all or nothing. By default every edit is located in the file as it is now (in any order; edits may not overlap); with sequential=true each edit is located in the result of the previous ones. Same matching, repairs and answers as `edit`; a refusal lists every edit's outcome.",
        output_schema = schema::edit(),
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn multi_edit(
        &self,
        Parameters(p): Parameters<Checked<MultiEditParams>>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(p.answer(|p| self.do_multi_edit(p)).into())
    }

    /// A patch in any supported format.
    #[tool(
        name = "apply_patch",
        description = "Apply a patch to one or more files, all or nothing: a `*** Begin Patch` envelope (Update/Add/Delete File, `*** Move to:`, `@@ def name` / `@@ class Name` scope lines), SEARCH/REPLACE blocks after a file-name line, a unified diff (line numbers are only hints), MultiEdit JSON with file_path, or str_replace_based_edit_tool commands (str_replace, insert, create, view). Hunks are located like `edit`'s old_string. Paths must lie under the server's folders.",
        output_schema = schema::apply_patch(),
        annotations(read_only_hint = false, destructive_hint = true, idempotent_hint = false, open_world_hint = false)
    )]
    async fn apply_patch(
        &self,
        Parameters(p): Parameters<Checked<PatchParams>>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(p.answer(|p| self.do_apply_patch(p)).into())
    }

    /// Locate only.
    #[tool(
        name = "check",
        description = "Locate old_string in a file without writing: the lines and tier where it is, or why not (not_found with the closest candidate, ambiguous with the candidates) and a hint.",
        output_schema = schema::check(),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false)
    )]
    async fn check(
        &self,
        Parameters(p): Parameters<Checked<CheckParams>>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(p.answer(|p| self.do_check(p)).into())
    }

    /// Read a file with line numbers and its sha256.
    #[tool(
        name = "read",
        description = "Read a file: numbered lines (`     12\\tcode`; the numbers are not part of the text) and the file's sha256. Pass that sha256 as expected_sha256 to edit/multi_edit to be told (stale_view) if the file changed in between. offset is the first line (1-based), limit the number of lines (default 2000).",
        output_schema = schema::read(),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false)
    )]
    async fn read(
        &self,
        Parameters(p): Parameters<Checked<ReadParams>>,
    ) -> Result<CallToolResult, ErrorData> {
        Ok(p.answer(|p| self.do_read(p)).into())
    }
}

#[tool_handler(
    router = self.tool_router,
    name = "editloc",
    instructions = "editloc edits files so that edits land: old_string may be remembered loosely (whitespace, line endings, formatting); the file's own style is kept; ambiguous or unsure edits are refused with the closest candidate and a hint. Read with `read`, edit with `edit`/`multi_edit`/`apply_patch`, and pass `read`'s sha256 as expected_sha256 to detect a stale view."
)]
impl ServerHandler for Server {}

#[cfg(test)]
mod tests;
