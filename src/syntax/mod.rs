//! The syntax layer both sides share: parsing a file with tree-sitter (whole, in windows,
//! or incrementally after an edit), fragments of code parsed on their own, the significant
//! tokens compared and written, and the file's conventions read off its tokens. Locating
//! ([`crate::locate`]) and writing ([`crate::write`]) both build on it and never on each
//! other's internals.
//!
//! One engine for every language: all language knowledge comes from grammars/*.toml.

pub(crate) mod boundaries;
pub(crate) mod conventions;
pub(crate) mod fragment;
pub(crate) mod incremental;
mod items;
mod leaves;
pub(crate) mod literals;
pub(crate) mod markers;
pub(crate) mod parsed;
pub(crate) mod token;
pub(crate) mod tokens;
pub(crate) mod trivia;

pub(crate) use fragment::Fragment;
pub(crate) use parsed::{FileToken, Syntax, error_count};
