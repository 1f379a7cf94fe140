//! A file's text with everything the tiers need computed once: line index, style, folded
//! lines. Several `locate`/`apply` calls on one document share that work.

use crate::error::{InputError, LocateError};
use crate::report::{self, LineRange, Report, TierOutcome};
use crate::text::Style;
use crate::text::lines::LineIndex;
use crate::tier::normalized::{self, FoldedLines};
use crate::tier::{TextMatch, Tier, exact};
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

/// One edit as the document plans it (borrowed from a [`crate::formats::Edit`] or from
/// `apply`'s arguments).
pub(crate) struct EditSpec<'a> {
    pub old: &'a str,
    pub new: &'a str,
    pub replace_all: bool,
    pub anchor: Option<&'a str>,
}

/// A region of the original content (byte-order mark included in offsets) and the bytes
/// that replace it.
#[derive(Debug, Clone)]
pub(crate) struct Splice {
    pub range: Range<usize>,
    pub lines: LineRange,
    pub text: String,
}

/// Whether the ladder wants the one place `old` denotes or every place a tier finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    One,
    All,
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
        let (tier, found) = self.ladder(old, options, Want::One, None)?;
        Ok(self.to_match(tier, &found[0].range))
    }

    /// Finds every place the first tier that finds anything finds, in file order: the
    /// occurrences a `replace_all` edit replaces. Never ambiguous; not found as `locate`.
    pub fn locate_all_with(&self, old: &str, options: &Options) -> Result<Vec<Match>, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        let (tier, found) = self.ladder(old, options, Want::All, None)?;
        Ok(found
            .iter()
            .map(|m| self.to_match(tier, &m.range))
            .collect())
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
        let edit = EditSpec {
            old,
            new,
            replace_all: false,
            anchor: None,
        };
        let (tier, splices) = self.plan(&edit, options)?;
        let content = self.splice(&splices);
        let diff = report::unified_diff(&self.content, &content, &self.name);
        let Splice { range, lines, .. } = splices.into_iter().next().expect("one splice");
        Ok(Applied {
            content,
            range,
            lines,
            tier,
            diff,
        })
    }

    /// Where one edit lands and what replaces each region: the step shared by a single apply
    /// and a batch, so both locate, detect an earlier application and merge the same way.
    ///
    /// An empty `old` denotes the whole of an empty file (creating it), and is refused on a
    /// non-empty one.
    pub(crate) fn plan(
        &self,
        edit: &EditSpec<'_>,
        options: &Options,
    ) -> Result<(Tier, Vec<Splice>), LocateError> {
        if edit.old == edit.new {
            return Err(InputError::NoChange.into());
        }
        if edit.old.is_empty() {
            if !self.text().is_empty() {
                return Err(InputError::NotEmpty.into());
            }
            let splice = Splice {
                range: self.body..self.content.len(),
                lines: LineRange { start: 1, end: 1 },
                text: edit.new.to_string(),
            };
            return Ok((Tier::Exact, vec![splice]));
        }
        let want = if edit.replace_all {
            Want::All
        } else {
            Want::One
        };
        let (tier, found) = match self.ladder(edit.old, options, want, edit.anchor) {
            Err(LocateError::NotFound(report)) => {
                return Err(self
                    .already_applied(edit.new, options)
                    .unwrap_or(LocateError::NotFound(report)));
            }
            other => other?,
        };
        let splices = found
            .iter()
            .map(|m| {
                let Match { range, lines, .. } = self.to_match(tier, &m.range);
                let text = write::merge(self.text(), m, edit.old, edit.new, &self.style).map_err(
                    |reason| LocateError::Refused {
                        tier,
                        lines,
                        reason,
                    },
                )?;
                Ok(Splice { range, lines, text })
            })
            .collect::<Result<_, LocateError>>()?;
        Ok((tier, splices))
    }

    /// The content with each splice's range replaced by its text. `splices` must be in file
    /// order and must not overlap.
    pub(crate) fn splice(&self, splices: &[Splice]) -> String {
        let mut content = String::with_capacity(self.content.len());
        let mut at = 0;
        for s in splices {
            content.push_str(&self.content[at..s.range.start]);
            content.push_str(&s.text);
            at = s.range.end;
        }
        content.push_str(&self.content[at..]);
        content
    }

    /// The ladder: each tier in order; the first to find a place wins. With `Want::One`, a
    /// tier that finds several stops with ambiguity; with `Want::All` it returns them all.
    ///
    /// An `anchor` (apply_patch's `@@ line`) keeps only the places that start after the first
    /// line of the file whose trimmed text equals the trimmed anchor, i.e. after some
    /// occurrence of it; the rest of the rule (unique or refused) is unchanged.
    fn ladder(
        &self,
        old: &str,
        options: &Options,
        want: Want,
        anchor: Option<&str>,
    ) -> Result<(Tier, Vec<TextMatch>), LocateError> {
        let after = match anchor {
            None => 0,
            Some(anchor) => self.anchor_end(anchor).ok_or_else(|| {
                LocateError::NotFound(Box::new(Report::anchor_missing(anchor.trim())))
            })?,
        };
        let mut outcomes = Vec::new();
        for tier in [Tier::Exact, Tier::Normalized, Tier::Structural] {
            if tier > options.max_tier {
                outcomes.push(TierOutcome::new(
                    tier,
                    format!("skipped (max tier is {})", options.max_tier.name()),
                ));
                continue;
            }
            let mut found = match tier {
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
            let all = found.len();
            found.retain(|m| m.range.start >= after);
            match found.len() {
                0 if all > 0 => outcomes.push(TierOutcome::new(
                    tier,
                    format!("{all} occurrences, none after the anchor line"),
                )),
                0 => outcomes.push(TierOutcome::new(tier, "0 occurrences".to_string())),
                1 => return Ok((tier, found)),
                _ if want == Want::All => return Ok((tier, found)),
                _ => {
                    let candidates: Vec<LineRange> =
                        found.iter().map(|m| self.line_range(&m.range)).collect();
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
            }
        }
        let closest = report::closest(self.text(), &self.index, self.folded(), old);
        Err(LocateError::NotFound(Box::new(Report::not_found(
            outcomes, closest,
        ))))
    }

    /// The end (offset in the text) of the first line equal to `anchor` once both are trimmed.
    fn anchor_end(&self, anchor: &str) -> Option<usize> {
        let anchor = anchor.trim();
        self.index
            .lines()
            .iter()
            .find(|l| l.content(self.text()).trim() == anchor)
            .map(|l| l.end)
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
                Want::One,
                None,
            )
            .ok()?;
        Some(LocateError::AlreadyApplied(Box::new(
            Report::already_applied(self.line_range(&found[0].range)),
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
