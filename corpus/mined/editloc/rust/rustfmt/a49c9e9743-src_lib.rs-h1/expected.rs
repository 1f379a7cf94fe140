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
//! assert_eq!(applied.tier, Tier::Normalized);
//! assert_eq!(applied.content, "fn main() {\r\n\tlet x = 2;\r\n}\r\n");
//! ```

mod batch;
#[cfg(feature = "cli")]
pub mod corpus;
mod document;
mod edits;
mod error;
pub mod formats;
pub mod fs;
pub mod lang;
#[cfg(feature = "mcp")]
pub mod mcp;
mod outcome;
pub mod patch;
mod repair;
pub mod report;
mod scope;
pub mod structural;
mod text;
mod tier;
mod write;

pub use batch::{BatchApplied, BatchError, Mode, apply_edits, apply_edits_sequential, preview};
pub use document::{Applied, Document, Match, Options};
pub use edits::{Position, TextEdit, TextRange, apply_text_edits};
pub use error::{InputError, LocateError};
pub use outcome::{Class, Code, Refusal};
pub use repair::Repair;
pub use report::{Closest, Difference, LineRange, RepairOutcome, Report, TierOutcome};
pub use text::{Eol, Style};

/// The README's Rust examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
pub use tier::Tier;
/// The post-edit syntax check on its own (for the cost benchmark).
#[doc(hidden)]
pub use write::verify;
