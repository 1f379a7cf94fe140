//! The structural tier: locate `old` in a file by comparing significant syntax (tokens
//! from tree-sitter, with layout, comments and optional trivia removed; [`crate::syntax`]).
//! Writing `new` back token by token is [`crate::write::structural`]'s.
//!
//! One engine for every language: all language knowledge comes from grammars/*.toml.

pub(crate) mod budget;
pub(crate) mod matching;
pub(crate) mod windows;

#[cfg(test)]
pub(crate) use matching::TokenCandidate;
pub(crate) use matching::{Outcome, TokenMatch, locate};
