//! The integration tests, through the public API and the CLI, as one test binary (one link
//! instead of one per file; issue 15). Each module is one area; run one with
//! `cargo test --test it MODULE::` (e.g. `cargo test --test it corpus::`).
//!
//! Not here: `tests/large_file.rs`, which reads its own process's peak resident size and so
//! must be a process of its own (see `Cargo.toml`).

mod api;
mod batch;
mod bounds;
mod cli;
mod corpus;
mod doc_examples;
mod formats;
mod formatters;
mod generators;
mod import_cycles;
mod inputs;
mod invariants;
mod layers;
mod mcp;
mod mcp_answers;
mod mine;
mod newcomer;
mod outcomes;
mod properties;
mod real_edits;
mod repairs;
mod safe_writes;
mod warm;
mod writer;
