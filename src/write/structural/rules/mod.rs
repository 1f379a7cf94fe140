//! The structural tier's token-level writer, as named rules: `new` is diffed against `old`
//! token by token; tokens that stay are kept exactly as the file spells them (and every byte
//! between two kept tokens is copied), so only what the edit changes is written, in the
//! file's indentation and line endings. When a change cannot be placed with certainty the
//! whole region is replaced by `new` re-indented, and the result says so.
//!
//! One file per rule family: [`plan`] (the entry, [`rewrite`], and which write is used: token
//! by token, line by line, or the whole region), [`reindent`], [`comments`], [`replace`],
//! [`delete`], [`insert`], [`blank_lines`], [`list_items`], and the read-back [`checks`] every write passes.
//! The writer's state is in [`writer`], small measures the families share in [`shared`];
//! every rule is registered in [`crate::write::rule_list::RULES`].

pub(crate) mod blank_lines;
mod checks;
pub(crate) mod comments;
pub(crate) mod delete;
pub(crate) mod insert;
pub(crate) mod list_items;
pub(crate) mod plan;
pub(crate) mod reindent;
pub(crate) mod replace;
mod shared;
#[cfg(test)]
mod test_support;
mod writer;

pub(crate) use plan::rewrite;
