//! A file's text with everything the tiers need computed once: line index, style, folded
//! lines. Several `locate`/`apply` calls on one document share that work.

use crate::edits::{self, TextEdit};
use crate::error::{InputError, LocateError};
use crate::lang::Language;
use crate::outcome::{Code, Refusal};
use crate::repair::hint::{self, Hint};
use crate::repair::{self, Repair, Repaired, elision};
use crate::report::{self, LineRange, Report, TierOutcome};
use crate::structural::{self, Convention, Syntax};
use crate::text::fold::{Dashes, EM_DASH, FoldedLines};
use crate::text::lines::LineIndex;
use crate::text::{Style, splits_word};
use crate::tier::normalized;
use crate::tier::{TextMatch, Tier, exact};
use crate::write;
use serde::Serialize;
use std::ops::Range;
use std::path::Path;
use std::sync::OnceLock;

const BOM: &str = "\u{FEFF}";

/// Files larger than this skip the structural tier and the post-edit parse: tree-sitter's
/// time and memory grow with the file (a few MB/s, and a tree many times the text's size),
/// and an agent's edit of a generated multi-megabyte file needs the text tiers only.
pub const MAX_SYNTAX_BYTES: usize = 8 << 20;

/// How far the ladder may go and how strict writing is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The last tier tried (strict mode: `Tier::Exact`).
    pub max_tier: Tier,
    /// Refuse an edit whose result parses with more syntax errors than the original (for
    /// files in a known language); without it the result only carries a warning.
    pub require_clean_parse: bool,
    /// A 1-based line near `old` (`--line N`): breaks a tie between otherwise equal places by
    /// choosing the one strictly nearest to it, within ±100 lines. Without it (or when it does
    /// not single one out) several places stay an ambiguity.
    pub line_hint: Option<usize>,
    /// Try the [repairs](crate::Repair) of garbled edits after the plain ladder misses
    /// (default). Off: a miss of the ladder is final (`--no-repairs`).
    pub repairs: bool,
    /// Write the tokens the structural tier takes from `new` as `new` spells them. Off
    /// (default): in the file's [conventions](crate::structural::conventions) — quotes,
    /// statement semicolons, trailing commas of multi-line lists (`--verbatim`).
    pub verbatim: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_tier: Tier::Structural,
            require_clean_parse: false,
            line_hint: None,
            repairs: true,
            verbatim: false,
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
    /// The repairs `old` needed to be found (empty for a plain match), e.g. `line-numbers`.
    pub repairs: Vec<Repair>,
    /// `Options::line_hint` chose this place among several equal ones.
    pub hint_decided: bool,
    /// What a repair or the hint established (line numbers that agree, the place a hint
    /// chose among which).
    pub notes: Vec<String>,
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
    /// The structural tier could not map the change onto the file's tokens with certainty
    /// and replaced the whole matched range with `new`, re-indented into the file's style.
    pub fallback: bool,
    /// Things worth a look that did not stop the edit (e.g. the result parses with more
    /// syntax errors than the original).
    pub warnings: Vec<String>,
    /// The repairs the edit needed to land (empty for a plain edit), e.g. `line-numbers`.
    pub repairs: Vec<Repair>,
    /// `Options::line_hint` chose this place among several equal ones.
    pub hint_decided: bool,
    /// What a repair or the hint established.
    pub notes: Vec<String>,
    /// The file's conventions the text written from `new` was adapted to (structural tier,
    /// unless `Options::verbatim`), e.g. `quotes`.
    pub adapted: Vec<Convention>,
    /// The minimal text edits that turn `content()` into `content` (see [`crate::edits`]).
    pub edits: Vec<TextEdit>,
}

/// Where one edit lands and what replaces each region, with how it was found: the step
/// shared by a single apply and a batch.
#[derive(Debug)]
pub(crate) struct Plan {
    pub tier: Tier,
    pub splices: Vec<Splice>,
    pub repairs: Vec<Repair>,
    pub hint_decided: bool,
    pub notes: Vec<String>,
    /// Conventions the written text was adapted to.
    pub adapted: Vec<Convention>,
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
    /// Written by the structural tier's whole-range fallback.
    pub fallback: bool,
}

impl Splice {
    /// The one splice that turns `before` into `after`: their common prefix and suffix kept,
    /// the middle replaced (for a result computed by several passes).
    pub(crate) fn between(before: &str, after: &str) -> Splice {
        let (b, a) = (before.as_bytes(), after.as_bytes());
        let mut start = b.iter().zip(a).take_while(|(x, y)| x == y).count();
        while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
            start -= 1;
        }
        let max_tail = b.len().min(a.len()) - start;
        let mut tail = b
            .iter()
            .rev()
            .zip(a.iter().rev())
            .take(max_tail)
            .take_while(|(x, y)| x == y)
            .count();
        while !before.is_char_boundary(b.len() - tail) || !after.is_char_boundary(a.len() - tail) {
            tail -= 1;
        }
        Splice {
            range: start..b.len() - tail,
            lines: LineRange { start: 1, end: 1 },
            text: after[start..a.len() - tail].to_string(),
            fallback: false,
        }
    }
}

/// A region a tier located, with the alignment its writer needs: lines for the text
/// tiers, tokens for the structural tier.
#[derive(Debug)]
pub(crate) enum Located {
    Text(TextMatch),
    Syntax(structural::Found),
    /// One of several structurally equivalent places: enough to report an ambiguity, not
    /// to write (the structural tier aligns tokens only for a unique match).
    Place(Range<usize>),
    /// An `old` with elision markers: its parts (one per stretch between markers; `None` for
    /// an empty stretch), located in order. The bytes between them are the elided lines.
    Elided(Vec<Option<elision::Part>>),
}

impl Located {
    pub(crate) fn range(&self) -> Range<usize> {
        match self {
            Located::Text(m) => m.range.clone(),
            Located::Syntax(f) => f.range.clone(),
            Located::Place(r) => r.clone(),
            Located::Elided(parts) => {
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
    pub want: Want,
    /// apply_patch's `@@ line`: only places after it count.
    pub anchor: Option<&'a str>,
    /// Chooses among several places (for `Want::One`).
    pub hint: Option<Hint>,
    /// Whether a miss searches for the closest candidate (the repairs' misses do not).
    pub closest: bool,
}

/// What a search found: the tier, the places, and how they were chosen.
#[derive(Debug)]
pub(crate) struct Found {
    pub tier: Tier,
    pub places: Vec<Located>,
    pub repairs: Vec<Repair>,
    pub hint_decided: bool,
    pub notes: Vec<String>,
    /// `old` and `new` as the repairs left them (`None`: as sent).
    pub text: Option<repair::Text>,
}

impl Found {
    fn plain(tier: Tier, places: Vec<Located>) -> Found {
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
    /// The whole text's folded lines, built when a search needs them all (a miss's closest
    /// candidate, a needle too common to search around) and reused from then on.
    folded: OnceLock<FoldedLines>,
    /// The same with the em dash read as `--`.
    folded_em: OnceLock<FoldedLines>,
    /// Whether the text has an em dash.
    em_dash: OnceLock<bool>,
    language: Option<Language>,
    /// The file's syntax tree and tokens, parsed on first need and shared by every call.
    syntax: OnceLock<Option<Syntax>>,
    /// The whole text's tree, re-parsed incrementally from the previous version's
    /// ([`Document::edited`]): the structural tier reads tokens off it instead of parsing.
    warm: Option<tree_sitter::Tree>,
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
        let style = Style::of_lines(&content[body..], index.lines());
        Document {
            content,
            body,
            name: "file".to_string(),
            index,
            style,
            folded: OnceLock::new(),
            folded_em: OnceLock::new(),
            em_dash: OnceLock::new(),
            language: None,
            syntax: OnceLock::new(),
            warm: None,
        }
    }

    /// The next version of this document: `content` (this document's content after an edit,
    /// e.g. `Applied::content`), with this document's name and language. When this document
    /// has its whole syntax tree (see [`Document::parse_syntax`]), the next one's is re-parsed
    /// incrementally from it — only what the edit changed is parsed again — so a session of
    /// edits on one file parses it once. Its answers are those of `Document::new(content)`.
    pub fn edited(&self, content: impl Into<String>) -> Document {
        let mut next = Document::new(content);
        next.name = self.name.clone();
        next.language = self.language;
        let tree = self
            .warm
            .as_ref()
            .or_else(|| self.syntax.get()?.as_ref()?.tree.as_ref());
        if let (Some(language), Some(tree)) = (self.language, tree)
            && next.text().len() <= MAX_SYNTAX_BYTES
        {
            next.warm =
                structural::incremental::next_tree(language, tree, self.text(), next.text());
        }
        next
    }

    /// Parses the whole file now (for a file in a known language, no larger than
    /// [`MAX_SYNTAX_BYTES`]), so that this document's structural calls and the documents
    /// [`Document::edited`] derives from it reuse the tree. Without it, the structural tier
    /// parses only windows around where `old` can be, and the whole file only when they cannot
    /// decide. Returns whether the document has its tree.
    pub fn parse_syntax(&self) -> bool {
        self.syntax().is_some()
    }

    /// A document over raw bytes, refusing UTF-16/UTF-32 (named), binary content and invalid
    /// UTF-8.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Document, InputError> {
        crate::text::encoding::check(&bytes)?;
        let content = String::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
            offset: e.utf8_error().valid_up_to(),
        })?;
        Ok(Document::new(content))
    }

    /// Names the document (used in diffs and reports). A name with a known extension also
    /// sets the language, unless one was set.
    pub fn with_name(mut self, name: impl Into<String>) -> Document {
        self.name = name.into();
        if self.language.is_none() {
            self.language = Language::from_path(Path::new(&self.name));
        }
        self
    }

    /// Sets the language the structural tier parses the document as.
    pub fn with_language(mut self, language: Language) -> Document {
        self.language = Some(language);
        self.syntax = OnceLock::new();
        self.warm = None;
        self
    }

    pub fn language(&self) -> Option<Language> {
        self.language
    }

    pub(crate) fn syntax(&self) -> Option<&Syntax> {
        self.syntax
            .get_or_init(|| {
                let small = self.text().len() <= MAX_SYNTAX_BYTES;
                self.language
                    .filter(|l| small && l.is_built())
                    .map(|l| match &self.warm {
                        Some(tree) => Syntax::from_tree(l, Some(tree.clone()), self.text(), None),
                        None => Syntax::parse(l, self.text()),
                    })
            })
            .as_ref()
    }

    /// The original content, byte-order mark included.
    pub fn content(&self) -> &str {
        &self.content
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub(crate) fn text(&self) -> &str {
        &self.content[self.body..]
    }

    pub(crate) fn index(&self) -> &LineIndex {
        &self.index
    }

    fn folded(&self) -> &FoldedLines {
        self.folded
            .get_or_init(|| FoldedLines::new(self.text(), &self.index))
    }

    /// The normalized tier's places for `old`: with every dash folded to `-`, and — when the
    /// file has an em dash and `old` writes `--` — also with the em dash read as `--`.
    fn normalized(&self, old: &str) -> Vec<crate::tier::TextMatch> {
        self.normalized_in(old, 0..self.index.lines().len())
    }

    /// [`Self::normalized`]'s places on the document lines `within` (0-based), and maybe
    /// others: the whole file's when its folded lines are at hand.
    fn normalized_in(&self, old: &str, within: Range<usize>) -> Vec<crate::tier::TextMatch> {
        let mut found = self.folded_search(old, Dashes::One, &self.folded, within.clone());
        let em = || *self.em_dash.get_or_init(|| self.text().contains(EM_DASH));
        if !old.contains("--") || !em() {
            return found;
        }
        for m in self.folded_search(old, Dashes::EmTwo, &self.folded_em, within) {
            if !found.iter().any(|f| f.range == m.range) {
                found.push(m);
            }
        }
        found.sort_by_key(|m| m.range.start);
        found
    }

    /// The normalized search with `dashes`: on the whole file's folded lines (`cache`) when
    /// they are built, else around where `old` can be ([`normalized::find_near`]), else on
    /// the whole file's folded lines, built then.
    fn folded_search(
        &self,
        old: &str,
        dashes: Dashes,
        cache: &OnceLock<FoldedLines>,
        within: Range<usize>,
    ) -> Vec<crate::tier::TextMatch> {
        let (text, index) = (self.text(), &self.index);
        if cache.get().is_none()
            && let Some(found) = normalized::find_near(text, index, old, dashes, within)
        {
            return found;
        }
        let file = cache.get_or_init(|| FoldedLines::with_dashes(text, index, dashes));
        normalized::find_with(text, index, file, old, dashes)
    }

    /// Finds the one place `old` denotes, trying every tier.
    pub fn locate(&self, old: &str) -> Result<Match, LocateError> {
        self.locate_with(old, &Options::default())
    }

    /// Finds the one place `old` denotes, trying tiers up to `options.max_tier`, then the
    /// repairs (line numbers, HTML entities, double encoding, elision).
    pub fn locate_with(&self, old: &str, options: &Options) -> Result<Match, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        let found = self.find(old, None, options, Want::One, None)?;
        let mut m = self.to_match(found.tier, &found.places[0].range());
        m.repairs = found.repairs;
        m.hint_decided = found.hint_decided;
        m.notes = found.notes;
        Ok(m)
    }

    /// Finds every place the first tier that finds anything finds, in file order: the
    /// occurrences a `replace_all` edit replaces. Never ambiguous; not found as `locate`.
    pub fn locate_all_with(&self, old: &str, options: &Options) -> Result<Vec<Match>, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        let found = self.find(old, None, options, Want::All, None)?;
        Ok(found
            .places
            .iter()
            .map(|m| {
                let mut m = self.to_match(found.tier, &m.range());
                m.repairs = found.repairs.clone();
                m
            })
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
        let Plan {
            tier,
            splices,
            repairs,
            hint_decided,
            notes,
            adapted,
        } = self.plan(&edit, options)?;
        let content = self.splice(&splices);
        let edits = self.text_edits(&splices);
        let Splice {
            range,
            lines,
            fallback,
            ..
        } = splices[0].clone();
        if self.unchanged(&content, &splices) {
            // The region already reads as `new` (the model's `old` was off only where `new`
            // agrees with the file): nothing to write, and saying "applied" would hide it.
            return Err(LocateError::AlreadyApplied(Box::new(
                Report::already_applied(lines),
            )));
        }
        let warnings = self
            .check_syntax(&content, &splices, options)
            .map_err(|r| LocateError::Refused {
                tier,
                lines,
                code: r.code,
                reason: r.message,
            })?;
        let diff = self.diff(&content, &splices);
        Ok(Applied {
            content,
            range,
            lines,
            tier,
            diff,
            fallback,
            warnings,
            repairs,
            hint_decided,
            notes,
            adapted,
            edits,
        })
    }

    /// The text edits of `splices` (in file order, not overlapping), trimmed to what changes.
    pub(crate) fn text_edits(&self, splices: &[Splice]) -> Vec<TextEdit> {
        edits::from_splices(
            &self.content,
            splices.iter().map(|s| (s.range.clone(), s.text.as_str())),
        )
    }

    /// Where one edit lands and what replaces each region: the step shared by a single apply
    /// and a batch, so both locate, repair, detect an earlier application and merge the same
    /// way.
    ///
    /// An empty `old` denotes the whole of an empty file (creating it), and is refused on a
    /// non-empty one.
    pub(crate) fn plan(&self, edit: &EditSpec<'_>, options: &Options) -> Result<Plan, LocateError> {
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
                fallback: false,
            };
            return Ok(Plan {
                tier: Tier::Exact,
                splices: vec![splice],
                repairs: Vec::new(),
                hint_decided: false,
                notes: Vec::new(),
                adapted: Vec::new(),
            });
        }
        let want = if edit.replace_all {
            Want::All
        } else {
            Want::One
        };
        let found = match self.find(edit.old, Some(edit.new), options, want, edit.anchor) {
            Err(LocateError::NotFound(report)) => {
                return Err(self
                    .already_applied(edit.old, edit.new, options)
                    .unwrap_or(LocateError::NotFound(report)));
            }
            other => other?,
        };
        let (old, new) = match &found.text {
            Some(t) => (t.old.as_str(), t.new.as_deref().unwrap_or(edit.new)),
            None => (edit.old, edit.new),
        };
        if old == new {
            return Err(InputError::NoChange.into());
        }
        let tier = found.tier;
        if let [place] = found.places.as_slice() {
            if let Some(at) = self.new_around(tier, place, new) {
                return Err(LocateError::AlreadyApplied(Box::new(
                    Report::already_applied(self.line_range(&at)),
                )));
            }
            if let Some(prefix) = self.doubled_prefix(&place.range(), old, new) {
                return Err(LocateError::Refused {
                    tier,
                    lines: self.line_range(&place.range()),
                    code: Code::Conflict,
                    reason: format!(
                        "`new` puts `{prefix}` before `old`, and the file already has `{prefix}` right there; re-read the file"
                    ),
                });
            }
        }
        let mut adapted = Vec::new();
        let splices = found
            .places
            .iter()
            .map(|m| {
                let Match { range, lines, .. } = self.to_match(tier, &m.range());
                let (text, fallback) =
                    self.write_located(m, old, new)
                        .map_err(|r| LocateError::Refused {
                            tier,
                            lines,
                            code: r.code,
                            reason: r.message,
                        })?;
                let text = match (m, self.syntax_of(m)) {
                    (Located::Syntax(f), Some(syntax)) if !options.verbatim => {
                        let a = structural::adapt(
                            syntax,
                            self.text(),
                            &self.style,
                            f.range.clone(),
                            &text,
                            new,
                        );
                        adapted.extend(a.adapted);
                        a.text
                    }
                    _ => text,
                };
                Ok(Splice {
                    range,
                    lines,
                    text,
                    fallback,
                })
            })
            .collect::<Result<_, LocateError>>()?;
        adapted.sort();
        adapted.dedup();
        Ok(Plan {
            tier,
            splices,
            repairs: found.repairs,
            hint_decided: found.hint_decided,
            notes: found.notes,
            adapted,
        })
    }

    /// The ladder for `old`, then — when it finds nothing — the repairs. A not-found report
    /// lists what each repair came to.
    fn find(
        &self,
        old: &str,
        new: Option<&str>,
        options: &Options,
        want: Want,
        anchor: Option<&str>,
    ) -> Result<Found, LocateError> {
        crate::error::check_old_size(old, self.text())?;
        let query = Query {
            old,
            want,
            anchor,
            hint: options.line_hint.map(Hint::caller),
            closest: true,
        };
        if options.repairs
            && options.max_tier == Tier::Structural
            && crate::repair::double_encoded::applies(old, new)
        {
            // One physical line with `\n` escapes: decoded before the structural tier could
            // read the escapes as code (`# guard\n    return 2` is a comment to a parser).
            let text_tiers = Options {
                max_tier: Tier::Normalized,
                ..options.clone()
            };
            match self.ladder(
                &Query {
                    closest: false,
                    ..query
                },
                &text_tiers,
            ) {
                Err(LocateError::NotFound(_)) => {
                    match self.repair(old, new, options, want, anchor) {
                        Repaired::Found(found) => return Ok(found),
                        Repaired::Stop(e) => return Err(e),
                        Repaired::Failed(_) => {}
                    }
                }
                other => return other,
            }
        }
        match self.ladder(&query, options) {
            Ok(found) if options.repairs => self.other_reading(&query, found, options),
            Err(LocateError::NotFound(mut report)) if options.repairs => {
                match self.repair(old, new, options, want, anchor) {
                    Repaired::Found(found) => Ok(found),
                    Repaired::Failed(outcomes) => {
                        report.repairs = outcomes;
                        Err(LocateError::NotFound(report))
                    }
                    Repaired::Stop(e) => Err(e),
                }
            }
            other => other,
        }
    }

    /// The bytes replacing one located region (`old` → `new` by the writer of the tier that
    /// found it), and whether the structural writer fell back to a whole-range rewrite; or why
    /// it cannot be written with certainty.
    pub(crate) fn write_located(
        &self,
        m: &Located,
        old: &str,
        new: &str,
    ) -> Result<(String, bool), Refusal> {
        match m {
            Located::Text(m) if let Some(hit) = &m.exact => {
                Ok((write::exact::write(self.text(), m, hit, old, new), false))
            }
            Located::Text(m) => Ok((
                write::merge(
                    self.text(),
                    m,
                    old,
                    new,
                    &self.style,
                    self.language.is_some_and(Language::indentation_is_syntax),
                )?,
                false,
            )),
            Located::Syntax(found) => {
                let syntax = self.syntax_of(m).expect("a structural match has a syntax");
                let rw = structural::rewrite(syntax, self.text(), found, old, new, &self.style)?;
                Ok((rw.replacement, rw.fallback))
            }
            Located::Place(_) => Err(Refusal::new(
                Code::Ambiguous,
                "the structural tier found several equivalent places; make `old` unique to edit one",
            )),
            Located::Elided(parts) => elision::write(self, parts, new),
        }
    }

    /// The post-edit syntax check: warnings about `content` (an edited version of this
    /// document), or the refusal when `options.require_clean_parse` asks for one.
    ///
    /// `splices` are the edit's replaced ranges (of the content); only a window around them is
    /// parsed unless it shows new errors ([`write::verify`]).
    pub(crate) fn check_syntax(
        &self,
        content: &str,
        splices: &[Splice],
        options: &Options,
    ) -> Result<Vec<String>, Refusal> {
        let Some(language) = self.language else {
            return Ok(Vec::new());
        };
        if self.text().len() > MAX_SYNTAX_BYTES {
            return Ok(Vec::new());
        }
        let body = content.strip_prefix(BOM).unwrap_or(content);
        let changes: Vec<write::verify::Change> = splices
            .iter()
            .map(|s| write::verify::Change {
                range: s.range.start - self.body..s.range.end - self.body,
                len: s.text.len(),
            })
            .collect();
        // A warm document's tree, re-parsed where the edit changed it, settles a clean result.
        if let (Some(Some(syntax)), [change]) = (self.syntax.get(), changes.as_slice())
            && structural::incremental::clean_after(syntax, self.text(), body, change.range.clone())
        {
            return Ok(Vec::new());
        }
        let counts = write::verify::counts(language, self.text(), body, &changes);
        let (was, now) = (counts.was, counts.now);
        if now <= was {
            return Ok(Vec::new());
        }
        // New errors in the window are always confirmed on the whole file.
        debug_assert!(counts.whole_file);
        let problem = format!(
            "the result parses as {} with {now} syntax error node(s), the original with {was}",
            language.name(),
        );
        if options.require_clean_parse {
            Err(Refusal::new(
                Code::WorseParse,
                format!("{problem} (--require-clean-parse)"),
            ))
        } else {
            Ok(vec![problem])
        }
    }

    /// Whether `content`, this document's content with `splices` made, equals it: compared
    /// splice by splice (the bytes around them are the document's own), the whole content
    /// only in the rare case where the splices differ but could cancel out.
    fn unchanged(&self, content: &str, splices: &[Splice]) -> bool {
        let same = |s: &Splice| s.text.as_bytes() == &self.content.as_bytes()[s.range.clone()];
        if splices.iter().all(same) {
            return true;
        }
        splices.len() > 1 && content == self.content
    }

    /// The unified diff from this document to `content`, its content with `splices` made
    /// (in file order): only the part between the first and the last splice is compared.
    pub(crate) fn diff(&self, content: &str, splices: &[Splice]) -> String {
        let len = self.content.len();
        let same_start = splices.first().map_or(len, |s| s.range.start);
        let same_end = splices.last().map_or(0, |s| len - s.range.end);
        // The byte-order mark holds no line break.
        let newlines = |offset: usize| match offset.checked_sub(self.body) {
            Some(offset) => self.index.newlines_before(offset),
            None => Some(0),
        };
        report::unified_diff_known(
            &self.content,
            content,
            &self.name,
            (same_start, same_end),
            &newlines,
        )
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
    /// tier that finds several stops with ambiguity — unless a hint singles one out; with
    /// `Want::All` it returns them all.
    ///
    /// An `anchor` (apply_patch's `@@` lines, outermost first) keeps only the places inside
    /// the scopes it names ([`crate::scope`]); the rest of the rule (unique or refused) is
    /// unchanged.
    pub(crate) fn ladder(&self, q: &Query<'_>, options: &Options) -> Result<Found, LocateError> {
        let old = q.old;
        let scopes = match q.anchor {
            None => None,
            Some(anchor) => Some(crate::scope::resolve(self, anchor).map_err(|missing| {
                LocateError::NotFound(Box::new(Report::anchor_missing(missing.trim())))
            })?),
        };
        let inside = |r: &Range<usize>| {
            scopes
                .as_ref()
                .is_none_or(|s| s.iter().any(|s| s.start <= r.start && r.end <= s.end))
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
            let mut found: Vec<Located> = match tier {
                Tier::Exact => exact::find(self.text(), &self.index, old)
                    .into_iter()
                    .map(Located::Text)
                    .collect(),
                Tier::Normalized => self
                    .normalized(old)
                    .into_iter()
                    .map(Located::Text)
                    .collect(),
                Tier::Structural => match self.structural(old) {
                    Ok(found) => found,
                    Err(outcome) => {
                        outcomes.push(TierOutcome::new(tier, outcome));
                        continue;
                    }
                },
            };
            if tier == Tier::Exact && q.want == Want::All {
                // `replace_all` of `count` leaves `account` and `counter` alone.
                found.retain(
                    |m| !matches!(m, Located::Text(m) if exact::inside_word(self.text(), m)),
                );
            }
            if let [Located::Text(m)] = found.as_slice()
                && tier == Tier::Exact
                && exact::inside_word(self.text(), m)
            {
                outcomes.push(TierOutcome::new(
                    tier,
                    format!(
                        "1 occurrence, inside a longer word at {} (not taken)",
                        self.line_range(&m.range).phrase()
                    ),
                ));
                continue;
            }
            let all = found.len();
            found.retain(|m| inside(&m.range()));
            match found.len() {
                0 if all > 0 => outcomes.push(TierOutcome::new(
                    tier,
                    format!("{all} occurrences, none inside the `@@` scope"),
                )),
                0 => outcomes.push(TierOutcome::new(tier, "0 occurrences".to_string())),
                1 => return Ok(Found::plain(tier, found)),
                _ if q.want == Want::All => return Ok(Found::plain(tier, found)),
                _ => {
                    let candidates: Vec<LineRange> =
                        found.iter().map(|m| self.line_range(&m.range())).collect();
                    let decision = q.hint.map(|h| {
                        if found.iter().any(|m| matches!(m, Located::Place(_))) {
                            Err(h.cannot_choose_structural())
                        } else {
                            h.pick(&candidates)
                        }
                    });
                    if let (Some(h), Some(Ok(i))) = (q.hint, &decision) {
                        let mut chosen = Found::plain(tier, vec![found.swap_remove(*i)]);
                        chosen.hint_decided = h.source == hint::Source::Caller;
                        chosen.notes.push(h.decided(candidates[*i], &candidates));
                        return Ok(chosen);
                    }
                    outcomes.push(TierOutcome::new(
                        tier,
                        format!(
                            "{} places ({})",
                            candidates.len(),
                            report::list_lines(&candidates)
                        ),
                    ));
                    let mut report = Report::ambiguous(outcomes, candidates);
                    if let Some(Err(why)) = decision {
                        report.hint.push_str(&format!("; {why}"));
                    }
                    return Err(LocateError::Ambiguous(Box::new(report)));
                }
            }
        }
        let closest = if q.closest {
            report::closest(self.text(), &self.index, self.folded(), old)
        } else {
            None
        };
        Err(LocateError::NotFound(Box::new(Report::not_found(
            outcomes, closest,
        ))))
    }

    /// The structural tier's places for `old`, or why it has none (as the report words it).
    /// Equivalent places beyond the first are returned without a token alignment: they serve
    /// to report ambiguity, which is all a second place can lead to.
    fn structural(&self, old: &str) -> Result<Vec<Located>, String> {
        if elision::reading(old, self.language) == elision::Reading::Markers {
            // The structural tier reads `// ...` as a comment and would match the parts
            // around it as if they were adjacent; an elision is the elision repair's to place.
            return Err(
                "skipped: `old` has an elision marker line (`...`, `// ...`); see the elision repair"
                    .to_string(),
            );
        }
        if let Some(language) = self.language.filter(|l| !l.is_built()) {
            return Err(format!("skipped: {}", language.not_built()));
        }
        if self.language.is_some() && self.text().len() > MAX_SYNTAX_BYTES {
            return Err(format!(
                "skipped: the file is larger than {} MiB",
                MAX_SYNTAX_BYTES >> 20
            ));
        }
        let windowed = match (self.language, self.syntax.get()) {
            (Some(language), None) => {
                structural::windows::locate(language, self.text(), old, self.warm.as_ref())
            }
            _ => None,
        };
        let outcome = match windowed {
            Some(outcome) => outcome,
            None => {
                let Some(syntax) = self.syntax() else {
                    return Err(format!(
                        "skipped: no grammar for `{}` (known: .ts .mts .cts .tsx .js .mjs .cjs .jsx .py .pyi .go .rs; or give a language)",
                        self.name
                    ));
                };
                structural::locate(syntax, self.text(), old)
            }
        };
        match outcome {
            structural::Outcome::Unique(found) => Ok(vec![Located::Syntax(found)]),
            structural::Outcome::Ambiguous(ranges) => {
                Ok(ranges.into_iter().map(Located::Place).collect())
            }
            structural::Outcome::NotFound(None) => Err("0 equivalent places".to_string()),
            structural::Outcome::NotFound(Some(c)) => {
                let mut outcome = format!(
                    "0 equivalent places; closest at {} (similarity {:.2})",
                    self.line_range(&c.range).phrase(),
                    c.similarity
                );
                for (what, pairs) in [("identifiers", &c.identifiers), ("literals", &c.literals)] {
                    if !pairs.is_empty() {
                        let list: Vec<String> =
                            pairs.iter().map(|(a, b)| format!("{a}/{b}")).collect();
                        outcome.push_str(&format!(", {what} differ: {}", list.join(", ")));
                    }
                }
                Err(outcome)
            }
        }
    }

    /// Where `new` already stands around the place found for `old`, by the same tier — `new`
    /// adds to `old` (`async ` before a header, a decorator line above it, an import after
    /// it) and the file already has the addition: writing again would double it.
    fn new_around(&self, tier: Tier, place: &Located, new: &str) -> Option<Range<usize>> {
        if new.trim().is_empty() {
            return None;
        }
        let at = match place {
            Located::Text(m) => m.exact.clone().unwrap_or_else(|| m.range.clone()),
            other => other.range(),
        };
        let places: Vec<Range<usize>> = match tier {
            // Only occurrences that can hold `at` are looked for.
            Tier::Exact => exact::occurrences(
                self.text(),
                new,
                at.end.saturating_sub(new.len())..at.start + new.len(),
            ),
            Tier::Normalized => {
                // A place holding `at` spans no more lines than `new` has.
                let (first, last) = self.index.line_span(&at);
                let height = crate::text::lines::model_lines(new).0.len();
                let within = normalized::around(self.text(), &self.index, first - 1..last, height);
                self.normalized_in(new, within)
                    .into_iter()
                    .map(|m| m.range)
                    .collect()
            }
            // Only places that can hold `at`: in windows around it.
            Tier::Structural => {
                if elision::reading(new, self.language) == elision::Reading::Markers {
                    return None;
                }
                let whole = self.syntax.get().and_then(Option::as_ref);
                structural::windows::places_around(
                    self.language?,
                    self.text(),
                    new,
                    &at,
                    whole.or(self.syntax_of(place)),
                    self.warm.as_ref(),
                    || self.syntax(),
                )
            }
        };
        // Strictly around: `new` says more than `old` there. The same place means `new`
        // differs from `old` only in what this tier folds (a whitespace-only edit).
        places
            .into_iter()
            .find(|p| p.start <= at.start && at.end <= p.end && *p != at)
    }

    /// Text `new` adds in front of `old` that the file already has in front of the place
    /// found (`async ` before `function load(`): writing would double it. Three-way, it is a
    /// conflict — the file and `new` both added it — and is refused rather than guessed.
    fn doubled_prefix(&self, at: &Range<usize>, old: &str, new: &str) -> Option<String> {
        let (o, n) = (old.trim_start(), new.trim_start());
        let first = o
            .split(|c: char| c.is_whitespace())
            .next()
            .filter(|w| !w.is_empty())?;
        let prefix = n[..n.find(first)?].trim();
        if prefix.is_empty() || o.starts_with(prefix) {
            return None;
        }
        let before = self.text()[..at.start].trim_end();
        let start = before.strip_suffix(prefix)?.len();
        (!splits_word(before, start..before.len())).then(|| prefix.to_string())
    }

    /// When `old` is not found, `new` found in one place means the edit was made before.
    fn already_applied(&self, old: &str, new: &str, options: &Options) -> Option<LocateError> {
        if new.trim().is_empty() || only_removes(old, new) {
            return None;
        }
        let query = Query {
            old: new,
            want: Want::One,
            anchor: None,
            hint: None,
            closest: false,
        };
        let found = self.ladder(&query, options).ok()?;
        Some(LocateError::AlreadyApplied(Box::new(
            Report::already_applied(self.line_range(&found.places[0].range())),
        )))
    }

    /// The syntax a structural match indexes: its windows', or the whole file's.
    fn syntax_of<'a>(&'a self, m: &'a Located) -> Option<&'a Syntax> {
        match m {
            Located::Syntax(f) => f.syntax.as_ref().map(|h| &*h.0).or_else(|| self.syntax()),
            _ => None,
        }
    }

    pub(crate) fn line_range(&self, range: &Range<usize>) -> LineRange {
        let (start, end) = self.index.line_span(range);
        LineRange { start, end }
    }

    fn to_match(&self, tier: Tier, range: &Range<usize>) -> Match {
        Match {
            range: range.start + self.body..range.end + self.body,
            lines: self.line_range(range),
            tier,
            repairs: Vec::new(),
            hint_decided: false,
            notes: Vec::new(),
        }
    }
}

/// `new` only removes lines of `old` (its lines, folded, are a subsequence of `old`'s): finding
/// `new` in the file then proves nothing about an earlier application, since the file always
/// had those lines.
fn only_removes(old: &str, new: &str) -> bool {
    let folded = |s: &str| -> Vec<String> {
        crate::text::lines::model_lines(s)
            .0
            .into_iter()
            .map(crate::text::fold::fold_line)
            .filter(|l| !l.is_empty())
            .collect()
    };
    let (old, new) = (folded(old), folded(new));
    let mut rest = old.iter();
    new.iter().all(|n| rest.any(|o| o == n))
}
