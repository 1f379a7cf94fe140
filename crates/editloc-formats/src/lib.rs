//! Edit-format parsers: turn what an agent sent into [`Patch`]es.
//!
//! Parsing is kept apart from locating so that every format is reduced to the
//! same small vocabulary ([`Edit`]: "find `old`, put `new`") before any file is
//! touched. Nothing here reads files or searches them; a format's own hints
//! about *where* an edit goes are carried as data ([`Edit::anchor`]) for the
//! locator to use.
//!
//! Text rule shared by every line-based format: an edit's `old`/`new` text is
//! the sequence of its lines, **each followed by its own line terminator**
//! exactly as it appears in the patch (`\n`, or `\r\n` in a CRLF patch; a last
//! line of the input that has no terminator gets `\n`). So an empty section is
//! `""`, and a non-empty one always ends with a newline.

#![deny(missing_docs)]

mod apply_patch;
mod commands;
mod format;
mod hunk;
mod json;
mod lines;
mod model;
mod search_replace;
mod unified;

pub use format::{Format, detect, parse, parse_as};
pub use model::{Edit, FileOp, FilePatch, FormatError, Patch};
pub use search_replace::parse_search_replace_partial;
