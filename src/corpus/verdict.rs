//! What one case came to: its [`Verdict`] (met, or how it missed), the [`Miss`] that
//! verdict counts as in the expected summary, and the [`CaseResult`] a run reports.

use crate::outcome::Tier;
use serde::{Deserialize, Serialize};

/// How a case turned out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Landed in the expected tier with exactly the expected file (or, for a
    /// formatter-judged case, with an output judged right).
    Landed {
        /// The tier that landed it (the one the case expects).
        tier: Tier,
    },
    /// Refused as expected.
    RefusedCorrectly,
    /// Should have landed, was refused.
    RefusedWrongly {
        /// The refusal's status (`not_found`, `ambiguous`, …; `error` for unreadable input).
        status: String,
        /// The refusal's message.
        reason: String,
    },
    /// Landed, but the file differs from the expected file, or it should have been refused:
    /// a silent corruption.
    Wrong {
        /// What is wrong: a diff from the expected file to the result, or where it landed.
        detail: String,
    },
    /// Landed correctly, but in another tier than the case expects; or refused for another
    /// reason than the case expects.
    Mismatch {
        /// Which tier, repairs or refusal was expected and which came.
        detail: String,
    },
    /// A formatter-judged case landed with an output that differs from `expected.<ext>` and
    /// that no run of `corpus/generate --judge` has judged: neither met nor wrong yet.
    Unjudged {
        /// SHA-256 of the output, lowercase hex (the key `verdicts.toml` records it under).
        sha256: String,
        /// The whole output.
        output: String,
    },
}

impl Verdict {
    /// Whether the case met its expectation: landed as expected or refused as expected.
    pub fn is_pass(&self) -> bool {
        matches!(self, Verdict::Landed { .. } | Verdict::RefusedCorrectly)
    }

    /// The kind of miss, `None` for a pass.
    pub fn miss(&self) -> Option<Miss> {
        match self {
            Verdict::Landed { .. } | Verdict::RefusedCorrectly => None,
            Verdict::RefusedWrongly { .. } => Some(Miss::RefusedWrongly),
            Verdict::Wrong { .. } => Some(Miss::Wrong),
            Verdict::Mismatch { .. } => Some(Miss::Other),
            Verdict::Unjudged { .. } => Some(Miss::Unjudged),
        }
    }
}

/// One case run: what it is and how it turned out.
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    /// The case folder, relative to the corpus root.
    pub name: String,
    /// Its evaluation set ([`set_of`](super::set_of)).
    pub set: String,
    /// What the case tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Its language.
    pub lang: String,
    /// Its kind of drift.
    pub drift: String,
    /// The shape tags of its `old`/`new`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<String>,
    /// How it turned out.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// How long the edit took, in microseconds.
    pub micros: u64,
    /// The case folder's fingerprint ([`fingerprint_of`](super::fingerprint_of)).
    #[serde(skip)]
    pub fingerprint: String,
}

/// How a case missed its expectation, from least to most severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Miss {
    /// The right file in another tier, or refused for another reason than expected.
    Other,
    /// Should have landed, was refused (safe, but a miss).
    RefusedWrongly,
    /// A formatter-judged output nobody has judged yet.
    Unjudged,
    /// Landed with a wrong file, or landed where it must be refused: a silent corruption.
    Wrong,
}

impl Miss {
    /// How the miss is named in a comparison's messages.
    pub(super) fn name(self) -> &'static str {
        match self {
            Miss::Other => "other",
            Miss::RefusedWrongly => "refused wrongly",
            Miss::Unjudged => "unjudged",
            Miss::Wrong => "wrong",
        }
    }
}
