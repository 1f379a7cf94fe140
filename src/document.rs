//! A file's text with everything the tiers need computed once: line index, style, folded
//! lines. Several `locate`/`apply` calls on one document share that work.

use crate::error::{InputError, LocateError};
use crate::report::{self, LineRange, Report, TierOutcome};
use crate::text::Style;
use crate::text::lines::LineIndex;
use crate::tier::normalized::{self, FoldedLines};
use crate::tier::{Outcome, TextMatch, Tier, exact};
use crate::write;
use serde::Serialize;
use std::ops::Range;
use std::sync::OnceLock;

const BOM: &str = "\u{FEFF}";

/// How far the ladder may go and how strict writing is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The last tier tried (strict mode: `Tier::Exact`).
    pub max_tier: Tier,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_tier: Tier::Structural,
        }
    }
}

/// Where `old` is: a byte range of the original content, its 1-based lines, and the tier
/// that found it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Match {
    pub range: Range<usize>,
    pub lines: LineRange,
    pub tier: Tier,
}

/// A written edit: the whole new content, the range of the original it replaced, and a
/// unified diff of the change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Applied {
    pub content: String,
    pub range: Range<usize>,
    pub lines: LineRange,
    pub tier: Tier,
    pub diff: String,
}

/// A file's content, ready to be searched and edited.
#[derive(Debug)]
pub struct Document {
    content: String,
    /// Offset of the text after a UTF-8 byte-order mark (0 or 3). The tiers search the text
    /// after it; ranges given out are offsets in `content`.
    body: usize,
    name: String,
    index: LineIndex,
    style: Style,
    folded: OnceLock<FoldedLines>,
}

impl Document {
    /// A document over `content` (a byte-order mark, if any, is kept and never searched).
    pub fn new(content: impl Into<String>) -> Document {
        let content = content.into();
        let body = if content.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        let index = LineIndex::new(&content[body..]);
        let style = Style::detect(&content[body..]);
        Document {
            content,
            body,
            name: "file".to_string(),
            index,
            style,
            folded: OnceLock::new(),
        }
    }

    /// A document over raw bytes, refusing binary content and invalid UTF-8.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Document, InputError> {
        if let Some(offset) = memchr::memchr(0, &bytes) {
            return Err(InputError::Binary { offset });
        }
        let content = String::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
            offset: e.utf8_error().valid_up_to(),
        })?;
        Ok(Document::new(content))
    }

    /// Names the document (used in diffs and reports).
    pub fn with_name(mut self, name: impl Into<String>) -> Document {
        self.name = name.into();
        self
    }

    /// The original content, byte-order mark included.
    pub fn content(&self) -> &str {
        &self.content
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn text(&self) -> &str {
        &self.content[self.body..]
    }

    fn folded(&self) -> &FoldedLines {
        self.folded
            .get_or_init(|| normalized::fold_document(self.text(), &self.index))
    }

    /// Finds the one place `old` denotes, trying every tier.
    pub fn locate(&self, old: &str) -> Result<Match, LocateError> {
        self.locate_with(old, &Options::default())
    }

    /// Finds the one place `old` denotes, trying tiers up to `options.max_tier`.
    pub fn locate_with(&self, old: &str, options: &Options) -> Result<Match, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        let (tier, found) = self.ladder(old, options)?;
        Ok(self.to_match(tier, &found.range))
    }

    /// Locates `old` and replaces it by `new`, keeping the file's bytes wherever `new` does
    /// not change `old`. Nothing is written anywhere: the result carries the new content.
    pub fn apply(&self, old: &str, new: &str) -> Result<Applied, LocateError> {
        self.apply_with(old, new, &Options::default())
    }

    pub fn apply_with(
        &self,
        old: &str,
        new: &str,
        options: &Options,
    ) -> Result<Applied, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        if old == new {
            return Err(InputError::NoChange.into());
        }
        let (tier, found) = match self.ladder(old, options) {
            Err(LocateError::NotFound(report)) => {
                return Err(self
                    .already_applied(new, options)
                    .unwrap_or(LocateError::NotFound(report)));
            }
            other => other?,
        };
        let replacement =
            write::merge(self.text(), &found, old, new, &self.style).map_err(|reason| {
                LocateError::Refused {
                    tier,
                    lines: self.to_match(tier, &found.range).lines,
                    reason,
                }
            })?;
        let range = found.range.start + self.body..found.range.end + self.body;
        let mut content = String::with_capacity(self.content.len() + replacement.len());
        content.push_str(&self.content[..range.start]);
        content.push_str(&replacement);
        content.push_str(&self.content[range.end..]);
        let diff = report::unified_diff(&self.content, &content, &self.name);
        let m = self.to_match(tier, &found.range);
        Ok(Applied {
            content,
            range: m.range,
            lines: m.lines,
            tier,
            diff,
        })
    }

    /// The ladder: each tier in order; the first to find one place wins, the first to find
    /// several stops with ambiguity.
    fn ladder(&self, old: &str, options: &Options) -> Result<(Tier, TextMatch), LocateError> {
        let mut outcomes = Vec::new();
        for tier in [Tier::Exact, Tier::Normalized, Tier::Structural] {
            if tier > options.max_tier {
                outcomes.push(TierOutcome::new(
                    tier,
                    format!("skipped (max tier is {})", options.max_tier.name()),
                ));
                continue;
            }
            let outcome = match tier {
                Tier::Exact => exact::find(self.text(), &self.index, old),
                Tier::Normalized => normalized::find(self.text(), &self.index, self.folded(), old),
                Tier::Structural => {
                    outcomes.push(TierOutcome::new(
                        tier,
                        "not available for this file".to_string(),
                    ));
                    continue;
                }
            };
            match outcome {
                Outcome::Found(found) => return Ok((tier, found)),
                Outcome::Ambiguous(ranges) => {
                    let candidates: Vec<LineRange> =
                        ranges.iter().map(|r| self.line_range(r)).collect();
                    outcomes.push(TierOutcome::new(
                        tier,
                        format!(
                            "{} places ({})",
                            candidates.len(),
                            report::list_lines(&candidates)
                        ),
                    ));
                    return Err(LocateError::Ambiguous(Box::new(Report::ambiguous(
                        outcomes, candidates,
                    ))));
                }
                Outcome::NotFound => {
                    outcomes.push(TierOutcome::new(tier, "0 occurrences".to_string()))
                }
            }
        }
        let closest = report::closest(self.text(), &self.index, self.folded(), old);
        Err(LocateError::NotFound(Box::new(Report::not_found(
            outcomes, closest,
        ))))
    }

    /// When `old` is not found, `new` found in one place means the edit was made before.
    fn already_applied(&self, new: &str, options: &Options) -> Option<LocateError> {
        if new.trim().is_empty() {
            return None;
        }
        let (_, found) = self
            .ladder(
                new,
                &Options {
                    max_tier: options.max_tier.min(Tier::Normalized),
                },
            )
            .ok()?;
        Some(LocateError::AlreadyApplied(Box::new(
            Report::already_applied(self.line_range(&found.range)),
        )))
    }

    fn line_range(&self, range: &Range<usize>) -> LineRange {
        let (start, end) = self.index.line_span(range);
        LineRange { start, end }
    }

    fn to_match(&self, tier: Tier, range: &Range<usize>) -> Match {
        Match {
            range: range.start + self.body..range.end + self.body,
            lines: self.line_range(range),
            tier,
        }
    }
}
