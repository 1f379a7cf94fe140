//! A file's content, ready to be searched and edited: the one place that joins locating
//! ([`crate::locate`]) and writing ([`crate::write`]). The way of one edit, one direction:
//! query → ladder (tiers, then repairs) → places → already-applied checks → writers
//! (splices) → the file's conventions → verify (syntax) → [`Applied`]. Nothing is written to
//! disk here; [`crate::edit_file`] does that.

use crate::edits::TextEdit;
use crate::error::{InputError, LocateError};
use crate::lang::Language;
use crate::locate::applied;
use crate::locate::find::find;
use crate::locate::haystack::Haystack;
use crate::locate::query::{Found, Place, Want};
use crate::options::Options;
use crate::outcome::{Code, Provenance, Refusal, Tier};
use crate::report::{LineRange, Report};
use crate::write::located::write_located;
use crate::write::parse_check;
use crate::write::rule_list;
use crate::write::splices::{self, Splice};
use crate::write::structural::conventions::{self, Convention};
use serde::Serialize;
use std::ops::Range;

/// Where `old` is: a byte range of the original content, its 1-based lines, and how it was
/// found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Match {
    /// The bytes of the content (byte-order mark included in offsets) that `old` denotes.
    pub range: Range<usize>,
    /// Their 1-based lines, inclusive.
    pub lines: LineRange,
    /// The tier, the repairs and the hint that found it.
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// A written edit: the whole new content, the range of the original it replaced, a unified
/// diff and the editor's text edits of the change, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Applied {
    /// The whole new content.
    pub content: String,
    /// The bytes of the original content that were replaced.
    pub range: Range<usize>,
    /// Their 1-based lines, inclusive.
    pub lines: LineRange,
    /// A unified diff of the change (at most 300 lines, then a line saying how many).
    pub diff: String,
    /// The structural tier could not map the change onto the file's tokens with certainty
    /// and replaced the whole matched range with `new`, re-indented into the file's style.
    pub fallback: bool,
    /// Things worth a look that did not stop the edit (e.g. the result parses with more
    /// syntax errors than the original).
    pub warnings: Vec<String>,
    /// The file's conventions the text written from `new` was adapted to (structural tier,
    /// unless `Options::verbatim`), e.g. `quotes`.
    pub adapted: Vec<Convention>,
    /// The minimal text edits that turn `content()` into `content` (see [`TextEdit`]).
    pub edits: Vec<TextEdit>,
    /// The tier, the repairs and the hint that found the place.
    #[serde(flatten)]
    pub provenance: Provenance,
}

/// Where one edit lands and what replaces each region, with how it was found: the step
/// shared by a single apply and a batch.
#[derive(Debug)]
pub(crate) struct EditPlan {
    pub provenance: Provenance,
    pub splices: Vec<Splice>,
    /// Conventions the written text was adapted to.
    pub adapted: Vec<Convention>,
}

/// What an edit's splices leave: the content, its diff, the minimal text edits to it and the
/// post-edit syntax check's warnings.
#[derive(Debug)]
pub(crate) struct Spliced {
    pub(crate) content: String,
    pub(crate) diff: String,
    pub(crate) text_edits: Vec<TextEdit>,
    pub(crate) warnings: Vec<String>,
}

/// One edit as the document plans it (borrowed from a [`crate::Edit`] or from `apply`'s
/// arguments).
pub(crate) struct EditSpec<'a> {
    pub old: &'a str,
    pub new: &'a str,
    pub replace_all: bool,
    pub anchor: Option<&'a str>,
}

/// A file's content, ready to be searched and edited.
///
/// ```
/// use editloc::{Document, Tier};
///
/// let doc = Document::new("def f():\n\treturn 1\n").with_name("f.py");
/// let applied = doc.apply("    return 1", "    return 2").unwrap();
/// assert_eq!(applied.content, "def f():\n\treturn 2\n");
/// assert_eq!(applied.provenance.tier, Tier::Normalized);
/// ```
#[derive(Debug)]
pub struct Document {
    hay: Haystack,
}

impl Document {
    /// A document over `content` (a byte-order mark, if any, is kept and never searched).
    pub fn new(content: impl Into<String>) -> Document {
        Document {
            hay: Haystack::new(content),
        }
    }

    /// The next version of this document: `content` (this document's content after an edit,
    /// e.g. `Applied::content`), with this document's name and language. When this document
    /// has its whole syntax tree (see [`Document::parse_syntax`]), the next one's is re-parsed
    /// incrementally from it — only what the edit changed is parsed again — so a session of
    /// edits on one file parses it once. Its answers are those of `Document::new(content)`.
    pub fn edited(&self, content: impl Into<String>) -> Document {
        Document {
            hay: self.hay.edited(content),
        }
    }

    /// Parses the whole file now (for a file in a known language, no larger than
    /// [`MAX_SYNTAX_BYTES`](crate::MAX_SYNTAX_BYTES)), so that this document's structural calls
    /// and the documents [`Document::edited`] derives from it reuse the tree. Without it, the
    /// structural tier parses only windows around where `old` can be, and the whole file only
    /// when they cannot decide. Returns whether the document has its tree.
    pub fn parse_syntax(&self) -> bool {
        self.hay.syntax().is_some()
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
    pub fn with_name(self, name: impl Into<String>) -> Document {
        Document {
            hay: self.hay.with_name(name),
        }
    }

    /// Sets the language the structural tier parses the document as.
    pub fn with_language(self, language: Language) -> Document {
        Document {
            hay: self.hay.with_language(language),
        }
    }

    /// The language the structural tier parses the document as, if any.
    pub fn language(&self) -> Option<Language> {
        self.hay.language()
    }

    /// The original content, byte-order mark included.
    pub fn content(&self) -> &str {
        self.hay.content()
    }

    /// The document's name (a path, or `file`).
    pub fn name(&self) -> &str {
        self.hay.name()
    }

    /// The searchable view the tiers and writers read.
    pub(crate) fn haystack(&self) -> &Haystack {
        &self.hay
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
        let found = find(&self.hay, old, None, options, Want::One, None)?;
        Ok(self.to_match(&found.places[0].range(), provenance(&found)))
    }

    /// Finds every place the first tier that finds anything finds, in file order: the
    /// occurrences a `replace_all` edit replaces. Never ambiguous; not found as `locate`.
    pub fn locate_all_with(&self, old: &str, options: &Options) -> Result<Vec<Match>, LocateError> {
        if old.is_empty() {
            return Err(InputError::EmptyOld.into());
        }
        let found = find(&self.hay, old, None, options, Want::All, None)?;
        let how = provenance(&found);
        Ok(found
            .places
            .iter()
            .map(|m| self.to_match(&m.range(), how.clone()))
            .collect())
    }

    /// Locates `old` and replaces it by `new`, keeping the file's bytes wherever `new` does
    /// not change `old`. Nothing is written anywhere: the result carries the new content.
    pub fn apply(&self, old: &str, new: &str) -> Result<Applied, LocateError> {
        self.apply_with(old, new, &Options::default())
    }

    /// [`Document::apply`] with `options`.
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
        let plan = self.plan(&edit, options)?;
        let Splice {
            range,
            lines,
            fallback,
            ..
        } = plan.splices[0].clone();
        let spliced =
            self.apply_splices(&plan.splices, options)
                .map_err(|r| LocateError::Refused {
                    tier: plan.provenance.tier,
                    lines,
                    code: r.code,
                    reason: r.message,
                })?;
        Ok(Applied {
            diff: spliced.diff,
            edits: spliced.text_edits,
            content: spliced.content,
            range,
            lines,
            fallback,
            warnings: spliced.warnings,
            adapted: plan.adapted,
            provenance: plan.provenance,
        })
    }

    /// The content `splices` (sorted, disjoint) leave, checked and described: the one way
    /// from planned splices to an answer, for a single edit and a batch alike.
    pub(crate) fn apply_splices(
        &self,
        splices: &[Splice],
        options: &Options,
    ) -> Result<Spliced, Refusal> {
        let content = splices::splice(&self.hay, splices);
        let text_edits = splices::text_edits(&self.hay, splices);
        self.checked(content, splices, text_edits, options)
    }

    /// `content` (what `splices` changed in this document, `text_edits` from it) once the
    /// post-edit syntax check passes, with its diff.
    pub(crate) fn checked(
        &self,
        content: String,
        splices: &[Splice],
        text_edits: Vec<TextEdit>,
        options: &Options,
    ) -> Result<Spliced, Refusal> {
        let warnings = parse_check::check(&self.hay, &content, splices, options)?;
        Ok(Spliced {
            diff: splices::diff(&self.hay, &content, splices),
            content,
            text_edits,
            warnings,
        })
    }

    /// Where one edit lands and what replaces each region: the step shared by a single apply
    /// and a batch, so both locate, repair, detect an earlier application and write the same
    /// way.
    ///
    /// An empty `old` denotes the whole of an empty file (creating it), and is refused on a
    /// non-empty one.
    pub(crate) fn plan(
        &self,
        edit: &EditSpec<'_>,
        options: &Options,
    ) -> Result<EditPlan, LocateError> {
        if edit.old == edit.new {
            return Err(InputError::NoChange.into());
        }
        crate::error::check_new_text(edit.new, self.hay.content())?;
        if edit.old.is_empty() {
            return self.create(edit.new);
        }
        let found = self.find_or_applied(edit, options)?;
        let (old, new) = match &found.text {
            Some(t) => (t.old.as_str(), t.new.as_deref().unwrap_or(edit.new)),
            None => (edit.old, edit.new),
        };
        if old == new {
            return Err(InputError::NoChange.into());
        }
        if let [place] = found.places.as_slice() {
            self.not_applied_yet(found.tier, place, old, new)?;
        }
        let (mut adapted, mut rules) = (Vec::new(), Vec::new());
        let splices = found
            .places
            .iter()
            .map(|m| self.write_place(found.tier, m, old, new, options, (&mut adapted, &mut rules)))
            .collect::<Result<Vec<_>, LocateError>>()?;
        adapted.sort();
        adapted.dedup();
        let same =
            |s: &Splice| s.text.as_bytes() == &self.hay.content().as_bytes()[s.range.clone()];
        if splices.iter().all(same) {
            // The place already reads as `new` (the model's `old` was off only where `new`
            // agrees with the file): nothing to write, and saying "applied" would hide it.
            return Err(LocateError::AlreadyApplied(Box::new(
                Report::already_applied(splices[0].lines),
            )));
        }
        let mut provenance = provenance(&found);
        provenance.rules = crate::write::rule::names(rules);
        Ok(EditPlan {
            provenance,
            splices,
            adapted,
        })
    }

    /// The plan of an empty `old`: the whole of an empty file is `new`.
    fn create(&self, new: &str) -> Result<EditPlan, LocateError> {
        if !self.hay.text().is_empty() {
            return Err(InputError::NotEmpty.into());
        }
        Ok(EditPlan {
            provenance: Provenance::plain(Tier::Exact),
            splices: vec![Splice {
                range: self.hay.body()..self.hay.content().len(),
                lines: LineRange { start: 1, end: 1 },
                text: new.to_string(),
                fallback: false,
            }],
            adapted: Vec::new(),
        })
    }

    /// The places `old` denotes; when there are none, `already_applied` if `new` stands
    /// where `old` would be.
    fn find_or_applied(
        &self,
        edit: &EditSpec<'_>,
        options: &Options,
    ) -> Result<Found, LocateError> {
        let want = if edit.replace_all {
            Want::All
        } else {
            Want::One
        };
        match find(
            &self.hay,
            edit.old,
            Some(edit.new),
            options,
            want,
            edit.anchor,
        ) {
            Err(LocateError::NotFound(report)) => Err(applied::already_applied(
                &self.hay, edit.old, edit.new, options, &report,
            )
            .unwrap_or(LocateError::NotFound(report))),
            other => other,
        }
    }

    /// Refuses an edit the file already has around `place` (`already_applied`), or whose
    /// addition in front of `old` the file already has there (a conflict).
    fn not_applied_yet(
        &self,
        tier: Tier,
        place: &Place,
        old: &str,
        new: &str,
    ) -> Result<(), LocateError> {
        let h = &self.hay;
        if let Some(at) = applied::new_around(h, tier, place, new)
            .or_else(|| applied::new_elsewhere(h, tier, &place.range(), old, new))
        {
            return Err(LocateError::AlreadyApplied(Box::new(
                Report::already_applied(h.line_range(&at)),
            )));
        }
        if let Some(prefix) = applied::doubled_prefix(h, &place.range(), old, new) {
            return Err(LocateError::Refused {
                tier,
                lines: h.line_range(&place.range()),
                code: Code::Conflict,
                reason: format!(
                    "`new` puts `{prefix}` before `old`, and the file already has `{prefix}` right there; re-read the file"
                ),
            });
        }
        Ok(())
    }

    /// The splice writing `new` over one located place, in the file's conventions unless
    /// `options.verbatim` (the conventions adapted are added to `adapted`, the names of the
    /// writer rules that wrote it to `rules`), shown right by the independent verifier
    /// ([`crate::verify`]) before it is returned.
    fn write_place(
        &self,
        tier: Tier,
        m: &Place,
        old: &str,
        new: &str,
        options: &Options,
        (adapted, rules): (&mut Vec<Convention>, &mut Vec<&'static str>),
    ) -> Result<Splice, LocateError> {
        let h = &self.hay;
        let Match { range, lines, .. } = self.to_match(&m.range(), Provenance::plain(tier));
        let mut written = write_located(h, m, old, new).map_err(|r| LocateError::Refused {
            tier,
            lines,
            code: r.code,
            reason: r.message,
        })?;
        let mut fired = std::mem::take(&mut written.rules);
        let (text, declared) =
            self.in_conventions(m, written.replacement, written.spelled, new, options);
        // Lines deleted whole go with their line ends (`write::deleted`).
        let range = match text.is_empty() {
            true => {
                let body = crate::write::deleted::widen(h.text(), m.range(), old);
                self.to_match(&body, Provenance::plain(tier)).range
            }
            false => range,
        };
        let text = crate::write::deleted::open_end(h.content(), &range, text);
        let splice = Splice {
            range,
            lines,
            text,
            fallback: written.fallback,
        };
        // What `old` denotes: an exact occurrence itself (its range may take in the rest of
        // its lines for the writer), else the located range.
        let place = match m {
            Place::Text(t) => t.exact.clone().unwrap_or_else(|| t.range.clone()),
            _ => m.range(),
        };
        let written = Written {
            tier,
            place,
            old,
            new,
        };
        let adapted_text = splice.text.clone();
        let (splice, declared) = self.verified(&written, splice, declared)?;
        if splice.text != adapted_text {
            fired = vec![rule_list::LITERAL_REPLACEMENT.name];
        }
        fired.extend(declared.iter().map(|&c| rule_list::convention_rule(c).name));
        rules.extend(fired);
        adapted.extend(declared);
        Ok(splice)
    }

    /// `replacement` (written over the place `m`) in the file's conventions, with the
    /// conventions it was adapted to: a structural write unless `options.verbatim` or the
    /// edit is of spelling only (`spelled`: the spelling is the edit, written as `new`
    /// spells it).
    fn in_conventions(
        &self,
        m: &Place,
        replacement: String,
        spelled: bool,
        new: &str,
        options: &Options,
    ) -> (String, Vec<Convention>) {
        let h = &self.hay;
        match (m, m.syntax(|| h.syntax())) {
            (Place::Syntax(f), Some(syntax)) if !options.verbatim && !spelled => {
                let style = h.style();
                let a =
                    conventions::adapt(syntax, h.text(), style, f.range.clone(), &replacement, new);
                (a.text, a.adapted)
            }
            _ => (replacement, Vec::new()),
        }
    }

    /// `splice` when the verifier shows it right. Otherwise, where the place is `old` byte for
    /// byte, the literal replacement (`new` where `old` is) when it is shown right; otherwise
    /// refused (`unverified`), saying what failed.
    fn verified(
        &self,
        w: &Written<'_>,
        splice: Splice,
        declared: Vec<Convention>,
    ) -> Result<(Splice, Vec<Convention>), LocateError> {
        let h = &self.hay;
        let exact = h.text().get(w.place.clone()) == Some(w.old);
        let check = |s: &Splice, conventions: &[Convention]| {
            crate::verify::verify(&crate::verify::Claim {
                file: h.text(),
                place: w.place.clone(),
                range: s.range.start - h.body()..s.range.end - h.body(),
                text: &s.text,
                old: w.old,
                new: w.new,
                language: h.language(),
                exact,
                conventions,
            })
        };
        let Err(failed) = check(&splice, &declared) else {
            return Ok((splice, declared));
        };
        if exact {
            let literal = Splice {
                range: w.place.start + h.body()..w.place.end + h.body(),
                text: w.new.to_string(),
                ..splice.clone()
            };
            if check(&literal, &[]).is_ok() {
                return Ok((literal, Vec::new()));
            }
        }
        Err(LocateError::Refused {
            tier: w.tier,
            lines: splice.lines,
            code: failed.code,
            reason: format!(
                "the write could not be shown to be `new` in `old`'s place (line {}: {}); nothing was written. Re-read the lines and send `old` as the file has them",
                failed.line, failed.reason
            ),
        })
    }

    /// A match over `range` of the text (offsets of the content given out).
    fn to_match(&self, range: &Range<usize>, provenance: Provenance) -> Match {
        let body = self.hay.body();
        Match {
            range: range.start + body..range.end + body,
            lines: self.hay.line_range(range),
            provenance,
        }
    }
}

/// What a write was asked: the tier that found the place, the place, and the edit.
struct Written<'a> {
    tier: Tier,
    place: Range<usize>,
    old: &'a str,
    new: &'a str,
}

/// How a search found what it found.
fn provenance(found: &Found) -> Provenance {
    Provenance {
        tier: found.tier,
        repairs: found.repairs.clone(),
        hint_decided: found.hint_decided,
        notes: found.notes.clone(),
        rules: Vec::new(),
    }
}
