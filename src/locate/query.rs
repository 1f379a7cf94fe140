//! What a search asks and what it finds: the query (`old`, one place or all, the anchor, the
//! hint) and the places a tier located, each with the alignment its writer needs.

use crate::locate::hint::Hint;
use crate::locate::structural;
use crate::locate::text_match::TextMatch;
use crate::outcome::{Repair, Tier};
use std::ops::Range;

/// A region a tier located, with the alignment its writer needs: lines for the text
/// tiers, tokens for the structural tier.
#[derive(Debug)]
pub(crate) enum Place {
    Text(TextMatch),
    Syntax(structural::TokenMatch),
    /// One of several structurally equivalent places: enough to report an ambiguity, not
    /// to write (the structural tier aligns tokens only for a unique match).
    Equivalent(Range<usize>),
    /// An `old` with elision markers: its parts (one per stretch between markers; `None` for
    /// an empty stretch), located in order. The bytes between them are the elided lines.
    Elided(Vec<Option<Part>>),
}

impl Place {
    /// The syntax a structural match's tokens index: its windows', or else the whole file's
    /// (`whole`, parsed on demand). `None` for the text tiers' places.
    pub(crate) fn syntax<'a>(
        &'a self,
        whole: impl FnOnce() -> Option<&'a crate::syntax::Syntax>,
    ) -> Option<&'a crate::syntax::Syntax> {
        match self {
            Place::Syntax(f) => f.syntax.as_ref().map(|h| &*h.0).or_else(whole),
            _ => None,
        }
    }

    pub(crate) fn range(&self) -> Range<usize> {
        match self {
            Place::Text(m) => m.range.clone(),
            Place::Syntax(f) => f.range.clone(),
            Place::Equivalent(r) => r.clone(),
            Place::Elided(parts) => {
                let mut located = parts.iter().flatten().map(|p| p.located.range());
                let first = located.next().expect("an elided match has a part");
                let end = located.next_back().map_or(first.end, |r| r.end);
                first.start..end
            }
        }
    }
}

/// Whether the ladder wants the one place `old` denotes or every place a tier finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Want {
    One,
    All,
}

/// One search of the ladder.
pub(crate) struct Query<'a> {
    pub old: &'a str,
    /// What replaces `old`, when known: an exact occurrence of a one-line `old` inside a
    /// line's indentation is left to the normalized tier when `new` has several lines.
    pub new: Option<&'a str>,
    pub want: Want,
    /// apply_patch's `@@ line`: only places after it count.
    pub anchor: Option<&'a str>,
    /// Chooses among several places (for `Want::One`).
    pub hint: Option<Hint>,
    /// Whether a miss searches for the closest candidate (the repairs' misses do not).
    pub closest: bool,
}

/// `old` and `new` as the repairs left them.
#[derive(Debug, Clone)]
pub(crate) struct RepairedText {
    pub old: String,
    /// `None` when only locating.
    pub new: Option<String>,
}

/// What a search found: the tier, the places, and how they were chosen.
#[derive(Debug)]
pub(crate) struct Found {
    pub tier: Tier,
    pub places: Vec<Place>,
    pub repairs: Vec<Repair>,
    pub hint_decided: bool,
    pub notes: Vec<String>,
    /// `old` and `new` as the repairs left them (`None`: as sent).
    pub text: Option<RepairedText>,
}

impl Found {
    pub(crate) fn plain(tier: Tier, places: Vec<Place>) -> Found {
        Found {
            tier,
            places,
            repairs: Vec::new(),
            hint_decided: false,
            notes: Vec::new(),
            text: None,
        }
    }
}

/// One located part of an elided `old`.
#[derive(Debug)]
pub(crate) struct Part {
    pub located: Place,
    /// The part of `old` (as [`crate::syntax::markers::parts`] cut it).
    pub old: String,
}
