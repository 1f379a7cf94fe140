//! The structural tier: locate `old` in a file by comparing significant syntax (tokens
//! from tree-sitter, with layout, comments and optional trivia removed). Writing `new` back
//! token by token is [`crate::write::structural`]'s.
//!
//! One engine for every language: all language knowledge comes from grammars/*.toml.

pub(crate) mod budget;
pub(crate) mod conventions;
pub(crate) mod fragment;
pub(crate) mod incremental;
pub(crate) mod matching;
pub(crate) mod syntax;
pub(crate) mod tokens;
pub(crate) mod windows;

pub(crate) use fragment::{Fragment, is_statement_line};
#[cfg(test)]
pub(crate) use matching::TokenCandidate;
pub use matching::{Outcome, TokenMatch, locate};
pub(crate) use syntax::{FileTok, Syntax, error_count};
