//! Locating: where in a document the model's `old` is — the ladder of tiers (exact,
//! normalized, structural), then the repairs of garbled edits, the caller's line hint and
//! scope anchors. Locating never writes: it answers with places and the alignment a writer
//! needs ([`crate::write`]).

pub(crate) mod applied;
pub(crate) mod closest;
pub(crate) mod exact;
pub(crate) mod find;
pub(crate) mod haystack;
pub(crate) mod hint;
pub(crate) mod ladder;
pub(crate) mod normalized;
pub(crate) mod query;
pub(crate) mod repair;
pub(crate) mod scope;
pub(crate) mod structural;
pub(crate) mod text_match;
