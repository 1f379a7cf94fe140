//! Outcomes as types: the tiers, the repairs, how a place was found ([`Provenance`]), a
//! refusal, the conventions a write follows; and the one enum of codes every failure carries
//! ([`Code`], with its [`Class`]), which lives in the `editloc-codes` crate so that the
//! edit-format parsers (`editloc-formats`) carry the same codes, and is re-exported here.
//!
//! The same snake_case spelling is used by the library's errors, the CLI's JSON `code`
//! field, the MCP server and the bindings, so an agent can branch on it without reading the
//! English message next to it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A rung of the ladder, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    /// Byte-for-byte.
    Exact,
    /// Line endings, indentation, trailing whitespace, blank lines and typographic
    /// characters folded.
    Normalized,
    /// Tree-sitter token equivalence, ignoring formatting.
    Structural,
}

impl Tier {
    /// The tier's name: `exact`, `normalized` or `structural`.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Exact => "exact",
            Tier::Normalized => "normalized",
            Tier::Structural => "structural",
        }
    }
}

impl std::str::FromStr for Tier {
    type Err = String;
    fn from_str(s: &str) -> Result<Tier, String> {
        match s {
            "exact" => Ok(Tier::Exact),
            "normalized" => Ok(Tier::Normalized),
            "structural" => Ok(Tier::Structural),
            _ => Err(format!(
                "unknown tier `{s}` (expected exact, normalized or structural)"
            )),
        }
    }
}

/// A repair of a garbled edit, as the result names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repair {
    /// `old` was a JSON string body: literal `\n`, `\t`, `\"`, `\\` decoded.
    DoubleEncoded,
    /// Line-number prefixes of a read tool (`cat -n`, `12 | `, `12│`, `L12: `) stripped.
    LineNumbers,
    /// `&lt;` `&gt;` `&amp;` `&quot;` `&#39;` decoded.
    HtmlEntities,
    /// Lines of `old` that are only `...` (or `// ...` and the like) stood for elided lines.
    Elision,
    /// `old` started or ended inside a block comment (` */`, `/**`) whose lines `new`
    /// repeats: those lines were stripped from both and found around the place.
    CommentEdges,
}

impl Repair {
    /// Every repair, in the order a combination applies them.
    pub const ALL: [Repair; 5] = [
        Repair::DoubleEncoded,
        Repair::LineNumbers,
        Repair::HtmlEntities,
        Repair::CommentEdges,
        Repair::Elision,
    ];

    /// The repair's name, as results and reports give it (`line-numbers`).
    pub fn name(self) -> &'static str {
        match self {
            Repair::DoubleEncoded => "double-encoded",
            Repair::LineNumbers => "line-numbers",
            Repair::HtmlEntities => "html-entities",
            Repair::Elision => "elision",
            Repair::CommentEdges => "comment-edges",
        }
    }
}

impl std::fmt::Display for Repair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a result was found: the tier, the repairs `old` needed, whether the caller's line hint
/// chose the place, and what a repair or the hint established. Flattened into [`crate::Match`],
/// [`crate::Applied`] and each landed edit of a batch (in JSON too).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Provenance {
    /// The tier that found the place.
    pub tier: Tier,
    /// The repairs `old` needed to be found (empty for a plain match), e.g. `line-numbers`.
    pub repairs: Vec<Repair>,
    /// [`crate::Options::line_hint`] chose this place among several equal ones.
    pub hint_decided: bool,
    /// What a repair or the hint established (line numbers that agree, the place a hint
    /// chose among which).
    pub notes: Vec<String>,
    /// The named writer rules that wrote the edit, in the order they fired (the manual's
    /// "Writing rules" page lists them all); empty for a place only located.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<&'static str>,
}

impl Provenance {
    /// Found by `tier`, plainly (no repair, no hint, no note).
    pub fn plain(tier: Tier) -> Provenance {
        Provenance {
            tier,
            repairs: Vec::new(),
            hint_decided: false,
            notes: Vec::new(),
            rules: Vec::new(),
        }
    }
}

pub use editloc_codes::{Class, Code};

/// Why a located edit cannot be written with certainty: a code and the human sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// The stable code.
    pub code: Code,
    /// What went wrong, for a person or a model to act on.
    pub message: String,
}

impl Refusal {
    /// A refusal with `code` and `message`.
    pub fn new(code: Code, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A convention of the file that text written from `new` was adapted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// String quotes.
    Quotes,
    /// Statement-ending semicolons, added or removed.
    Semicolons,
    /// Trailing commas of multi-line lists, added or removed.
    TrailingCommas,
    /// `new`'s lines were written in the file's indentation unit.
    Indentation,
    /// A line the write made wider than the file's print width was broken as the file's
    /// formatter breaks it.
    Width,
    /// Blank lines were put around a definition `new` inserts, as the file spaces its
    /// definitions (black: two around a top-level one).
    BlankLines,
}

impl Convention {
    /// The convention's name, as results give it (`trailing_commas`).
    pub fn name(self) -> &'static str {
        match self {
            Convention::Quotes => "quotes",
            Convention::Semicolons => "semicolons",
            Convention::TrailingCommas => "trailing_commas",
            Convention::Indentation => "indentation",
            Convention::Width => "width",
            Convention::BlankLines => "blank_lines",
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
