//! editloc: make AI code edits land.
//!
//! An agent sends `old` and `new` text. editloc finds the one place in the file that `old`
//! denotes — even when the file differs from what the model remembers — and writes `new`
//! there while keeping the file's own formatting. When it cannot be sure, it refuses with a
//! [`Report`] that says why and where the nearest candidate is.
//!
//! The search is a ladder of tiers, tried in order ([`Tier`]): exact, normalized (line
//! endings, indentation, trailing whitespace, blank lines and typographic characters folded
//! for locating only) and structural. Two or more places is ambiguity, never "the first".
//!
//! ```
//! use editloc::{Document, Tier};
//!
//! let doc = Document::new("fn main() {\r\n\tlet x = 1;\r\n}\r\n");
//! let applied = doc.apply("    let x = 1;\n", "    let x = 2;\n").unwrap();
//! assert_eq!(applied.provenance.tier, Tier::Normalized);
//! assert_eq!(applied.content, "fn main() {\r\n\tlet x = 2;\r\n}\r\n");
//! ```

#![deny(missing_docs)]
#![warn(unreachable_pub)]

mod answer;
mod batch;
#[cfg(feature = "cli")]
pub mod corpus;
mod document;
mod edits;
mod error;
mod fs;
mod lang;
mod locate;
#[cfg(feature = "mcp")]
pub mod mcp;
mod options;
mod outcome;
mod patch;
mod report;
mod syntax;
mod text;
mod verify;
mod write;

pub use answer::{
    AnswerLimits, AnswerStatus, EditAnswer, FileAnswer, MAX_TEXT_EDITS, PatchAnswer, bounded_lines,
};
pub use batch::{
    BatchApplied, BatchError, EditError, EditOutcome, Landed, MAX_LISTED_EDITS, Mode, apply_edits,
    apply_edits_sequential, edit_counts, listed_edits, preview,
};
pub use document::{Applied, Document, Match};
pub use editloc_formats as formats;
pub use edits::{Position, TextEdit, TextRange, apply_text_edits, diff_edits};
pub use error::{InputError, LocateError};
pub use formats::{
    Edit, FileOp, FilePatch, Format, FormatError, Patch, detect as detect_format,
    parse as parse_patch, parse_as as parse_patch_as, parse_search_replace_partial,
};
pub use fs::{
    EditFailure, FileError, FileOptions, LOCK_TIMEOUT, MAX_SIZE, NewContent, create_atomic,
    edit_file, is_sha256_hex, is_stale, read_document, read_document_with, remove_checked,
    sha256_hex, write_atomic,
};
pub use lang::{ALL as LANGUAGES, Language};
pub use locate::haystack::MAX_SYNTAX_BYTES;
pub use options::Options;
pub use outcome::{Class, Code, Provenance, Refusal, Repair, Tier};
pub use patch::{
    Action, FileOutcome, PatchError, PatchOptions, PatchOutcome, WriteFailure, apply_patch,
};
pub use report::{
    Closest, Difference, LineRange, MAX_LISTED, RepairOutcome, Report, TierOutcome, TierResult,
    list_lines, phrase_lines,
};
pub use text::{Eol, Style};
pub use write::rule::{RuleFamily, WriterRule};
pub use write::rule_list::{RULES as WRITER_RULES, find as find_writer_rule};
pub use write::structural::conventions::Convention;

/// The post-edit syntax check on its own (for the cost benchmark).
#[doc(hidden)]
pub use write::parse_check;

/// The README's Rust examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
