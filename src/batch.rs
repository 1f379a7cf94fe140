//! A file's edits as one transaction.
//!
//! Models send several edits at once and write them in whatever order they think of them, each
//! against the file they read — not against the file as the previous edit left it. So every
//! edit is located in the *original* content, the located regions are sorted by position and
//! spliced in one pass, and two edits that claim overlapping bytes are refused rather than
//! applied in some order that one of them did not expect. Bytes outside the located regions
//! are copied unchanged.
//!
//! By default a batch is all-or-nothing ([`Mode::AllOrNothing`]): one failed edit and no
//! content is produced, and the error lists every edit's outcome so the model can fix the
//! failures and resend. [`Mode::Partial`] applies what locates and reports the rest.
//!
//! [`apply_edits_sequential`] is the other reading, Claude Code's MultiEdit: each edit is
//! located in the result of the edits before it, so a later edit may depend on an earlier
//! one. Still all or nothing unless partial.
//!
//! An edit with [`Edit::at_line`] inserts its `new` as whole lines after that line instead of
//! locating anything; an edit with [`Edit::line_hint`] uses it as the line hint of
//! [`Options::line_hint`] (a tie-breaker, never trusted).

use crate::document::{Document, EditPlan, EditSpec, Spliced};
use crate::edits::{self, TextEdit};
use crate::error::LocateError;
use crate::locate::repair::{self};
use crate::options::Options;
use crate::outcome::Tier;
use crate::outcome::{Code, Provenance, Refusal};
use crate::report::{self, LineRange};
use crate::text::Style;
use crate::write::splices::{self, Splice};
use editloc_formats::{Edit, parse_search_replace_partial};
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;

/// What happens when some edits of a batch fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Any failure refuses the whole batch.
    #[default]
    AllOrNothing,
    /// Apply the edits that locate; report the others.
    Partial,
}

/// Where one edit of a batch landed: the lines of each region it replaces (several for
/// `replace_all`), in file order, the conventions what it wrote follows, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Landed {
    /// The 1-based lines of each region replaced, in file order.
    pub lines: Vec<LineRange>,
    /// The file's conventions the text written from `new` follows (see `Applied::adapted`).
    pub adapted: Vec<crate::write::structural::conventions::Convention>,
    /// The tier, the repairs and the hint that found it.
    #[serde(flatten)]
    pub provenance: Provenance,
}

impl Landed {
    /// `, repairs: line-numbers` when the edit needed repairs, otherwise empty.
    pub fn repaired(&self) -> String {
        if self.provenance.repairs.is_empty() {
            String::new()
        } else {
            format!(", repairs: {}", repair::names(&self.provenance.repairs))
        }
    }
}

/// Why one edit of a batch did not apply.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The edit did not locate, or located where it cannot be written with certainty.
    #[error(transparent)]
    Locate(#[from] LocateError),
    /// Two located regions share bytes; `other` may be the edit itself (`replace_all`
    /// occurrences that overlap, as `aa` in `aaa`).
    #[error("{}", overlap_message(*.other, *.lines, *.other_lines))]
    Overlap {
        /// 1-based index of the other edit.
        other: usize,
        /// The lines this edit's region spans.
        lines: LineRange,
        /// The lines the other edit's region spans.
        other_lines: LineRange,
    },
    /// An insertion after a line the file does not have.
    #[error("cannot insert after line {line}: the file has {lines} lines")]
    NoSuchLine {
        /// The line asked for (1-based; 0 is before the first line).
        line: usize,
        /// The number of lines the file has.
        lines: usize,
    },
}

fn overlap_message(other: usize, lines: LineRange, other_lines: LineRange) -> String {
    format!(
        "lines {lines} overlap edit {other}'s lines {other_lines}; merge the two edits into one"
    )
}

impl EditError {
    /// The report behind a not-found, ambiguous or already-applied edit.
    pub fn report(&self) -> Option<&crate::report::Report> {
        match self {
            EditError::Locate(e) => e.report(),
            EditError::Overlap { .. } | EditError::NoSuchLine { .. } => None,
        }
    }

    /// A short machine-readable name: those of [`LocateError::status`], `overlap`, or `error`.
    pub fn status(&self) -> &'static str {
        match self {
            EditError::Locate(e) => e.status(),
            EditError::Overlap { .. } => "overlap",
            EditError::NoSuchLine { .. } => "error",
        }
    }

    /// The stable code of this failure.
    pub fn code(&self) -> Code {
        match self {
            EditError::Locate(e) => e.code(),
            EditError::Overlap { .. } => Code::Overlap,
            EditError::NoSuchLine { .. } => Code::BadArguments,
        }
    }
}

impl Serialize for EditError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EditError::Locate(e) => e.serialize(s),
            other => {
                let mut st = s.serialize_struct("EditError", 3)?;
                st.serialize_field("code", &other.code())?;
                st.serialize_field("status", other.status())?;
                st.serialize_field("message", &other.to_string())?;
                st.end()
            }
        }
    }
}

/// One edit's outcome. `index` is 1-based: the n-th edit (block, hunk) of the patch.
#[derive(Debug)]
pub struct EditOutcome {
    /// The edit's 1-based position in the batch.
    pub index: usize,
    /// Where it landed, or why it did not.
    pub result: Result<Landed, EditError>,
}

impl EditOutcome {
    /// `applied` when the edit is in the produced content, `would_apply` when it located but
    /// its batch was refused, otherwise the failure's status.
    pub fn status(&self, produced: bool) -> &'static str {
        match &self.result {
            Ok(_) if produced => "applied",
            Ok(_) => "would_apply",
            Err(e) => e.status(),
        }
    }

    fn describe(&self, produced: bool) -> String {
        match &self.result {
            Ok(l) => format!(
                "edit {}: {} at {} ({} tier{})",
                self.index,
                self.status(produced).replace('_', " "),
                report::phrase_lines(&l.lines),
                l.provenance.tier.name(),
                l.repaired()
            ),
            Err(e) => format!("edit {}: {e}", self.index),
        }
    }
}

/// Edits an answer lists when a batch has more (the failed ones first); the others are
/// counted, not listed, so that an answer stays bounded whatever the batch's size.
pub const MAX_LISTED_EDITS: usize = 100;

/// The edits of `edits` an answer lists, in batch order: the failed ones first (up to `max`),
/// then the others up to `max` in all; and how many are left out.
pub fn listed_edits(edits: &[EditOutcome], max: usize) -> (Vec<&EditOutcome>, usize) {
    let failed = edits.iter().filter(|e| e.result.is_err()).count();
    let mut room_failed = failed.min(max);
    let mut room_located = max - room_failed;
    let listed: Vec<&EditOutcome> = edits
        .iter()
        .filter(|e| {
            let room = match e.result {
                Ok(_) => &mut room_located,
                Err(_) => &mut room_failed,
            };
            let listed = *room > 0;
            *room = room.saturating_sub(1);
            listed
        })
        .collect();
    let omitted = edits.len() - listed.len();
    (listed, omitted)
}

/// How many edits have each status ([`EditOutcome::status`] with `produced`).
pub fn edit_counts(
    edits: &[EditOutcome],
    produced: bool,
) -> std::collections::BTreeMap<&'static str, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for e in edits {
        *counts.entry(e.status(produced)).or_insert(0) += 1;
    }
    counts
}

/// A batch's result: the new content, one diff for all of it, and every edit's outcome (in
/// [`Mode::Partial`] some may have failed; the content has only the others).
#[derive(Debug)]
pub struct BatchApplied {
    /// The whole file after the edits that applied.
    pub content: String,
    /// A unified diff from the original content to `content`, all edits together.
    pub diff: String,
    /// Every edit's outcome, in batch order.
    pub edits: Vec<EditOutcome>,
    /// Things worth a look that did not stop the batch (a result that parses worse).
    pub warnings: Vec<String>,
    /// The minimal text edits that turn the document's content into `content`.
    pub text_edits: Vec<TextEdit>,
}

impl BatchApplied {
    /// Whether every edit applied.
    pub fn complete(&self) -> bool {
        self.edits.iter().all(|e| e.result.is_ok())
    }
}

/// An all-or-nothing batch that was refused: every edit's outcome, failures and would-be
/// successes alike. Nothing was produced.
#[derive(Debug)]
pub struct BatchError {
    /// Every edit's outcome, in batch order (at least one failed).
    pub edits: Vec<EditOutcome>,
}

impl BatchError {
    /// The code of the first edit that failed (`overlap`, `not_found`, ...).
    pub fn code(&self) -> crate::outcome::Code {
        self.edits
            .iter()
            .find_map(|e| e.result.as_ref().err())
            .map_or(crate::outcome::Code::NotFound, EditError::code)
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let failed = self.edits.iter().filter(|e| e.result.is_err()).count();
        write!(
            f,
            "{failed} of {} edits failed, so none was applied",
            self.edits.len()
        )?;
        let (listed, omitted) = listed_edits(&self.edits, MAX_LISTED_EDITS);
        for e in listed {
            write!(f, "\n  {}", e.describe(false))?;
        }
        if omitted > 0 {
            write!(f, "\n  ({omitted} more edits not listed)")?;
        }
        Ok(())
    }
}

impl std::error::Error for BatchError {}

/// Applies `edits` to `doc` as one transaction (see the module docs).
///
/// An edit with an empty `old` fills an empty file with `new` (and is an error on a non-empty
/// one); `replace_all` replaces every place the first tier that finds any finds; an `anchor`
/// keeps only the places after a line equal to it (trimmed).
pub fn apply_edits(
    doc: &Document,
    edits: &[Edit],
    options: &Options,
    mode: Mode,
) -> Result<BatchApplied, BatchError> {
    let mut plans: Vec<Result<EditPlan, EditError>> =
        edits.iter().map(|e| plan_edit(doc, e, options)).collect();
    mark_overlaps(&mut plans);
    let failed = plans.iter().any(Result::is_err);
    let mut splices = Vec::new();
    let outcomes = outcomes(plans, &mut splices, 0);
    if failed && mode == Mode::AllOrNothing {
        return Err(BatchError { edits: outcomes });
    }
    splices.sort_by_key(|s| s.range.start);
    finish(outcomes, doc.apply_splices(&splices, options))
}

/// Applies `edits` to `doc` one after the other, each located in the result of the ones
/// before it (MultiEdit's reading; see the module docs). An edit that fails leaves the content
/// as it was for the next; all or nothing unless `mode` is partial. The lines reported for an
/// edit are those of the content it was located in.
pub fn apply_edits_sequential(
    doc: &Document,
    edits: &[Edit],
    options: &Options,
    mode: Mode,
) -> Result<BatchApplied, BatchError> {
    let step_options = Options {
        require_clean_parse: false,
        ..options.clone()
    };
    let mut current: Option<Document> = None;
    let mut outcomes = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        let d = current.as_ref().unwrap_or(doc);
        let mut plans = vec![plan_edit(d, edit, &step_options)];
        mark_overlaps(&mut plans);
        if let Err(EditError::Overlap { other, .. }) = &mut plans[0] {
            *other = i + 1;
        }
        let mut splices = Vec::new();
        let outcome = outcomes_from(plans, &mut splices, i);
        if outcome.result.is_ok() {
            splices.sort_by_key(|s| s.range.start);
            let next = Document::new(splices::splice(d.haystack(), &splices)).with_name(doc.name());
            current = Some(match doc.language() {
                Some(language) => next.with_language(language),
                None => next,
            });
        }
        outcomes.push(outcome);
    }
    if outcomes.iter().any(|o| o.result.is_err()) && mode == Mode::AllOrNothing {
        return Err(BatchError { edits: outcomes });
    }
    let content = current.map_or_else(|| doc.content().to_string(), |d| d.content().to_string());
    let text_edits = edits::diff_edits(doc.content(), &content);
    let changed = [Splice::between(doc.content(), &content)];
    finish(
        outcomes,
        doc.checked(content, &changed, text_edits, options),
    )
}

/// The batch's answer once its content is checked: every edit refused when the check
/// refuses the content.
fn finish(
    outcomes: Vec<EditOutcome>,
    spliced: Result<Spliced, Refusal>,
) -> Result<BatchApplied, BatchError> {
    match spliced {
        Ok(spliced) => Ok(BatchApplied {
            content: spliced.content,
            diff: spliced.diff,
            edits: outcomes,
            warnings: spliced.warnings,
            text_edits: spliced.text_edits,
        }),
        Err(reason) => Err(BatchError {
            edits: refuse_all(outcomes, &reason),
        }),
    }
}

/// One edit's plan: an insertion at a line, or the document's plan with the edit's own line
/// hint (when the caller gave none).
fn plan_edit(doc: &Document, e: &Edit, options: &Options) -> Result<EditPlan, EditError> {
    if let Some(line) = e.at_line {
        return plan_insert(doc, line, &e.new);
    }
    let spec = EditSpec {
        old: &e.old,
        new: &e.new,
        replace_all: e.replace_all,
        anchor: e.anchor.as_deref(),
    };
    match e.line_hint {
        Some(hint) if options.line_hint.is_none() => {
            let hinted = Options {
                line_hint: Some(hint),
                ..options.clone()
            };
            doc.plan(&spec, &hinted).map_err(EditError::from)
        }
        _ => doc.plan(&spec, options).map_err(EditError::from),
    }
}

/// `new` inserted as whole lines after 1-based line `line` (0: before the first), with the
/// file's line ending; a file without a final line ending keeps none.
fn plan_insert(doc: &Document, line: usize, new: &str) -> Result<EditPlan, EditError> {
    let h = doc.haystack();
    crate::error::check_new_text(new, h.content()).map_err(LocateError::from)?;
    let text = h.text();
    let body = h.body();
    let lines = h.index().lines();
    if line > lines.len() {
        return Err(EditError::NoSuchLine {
            line,
            lines: lines.len(),
        });
    }
    let eol = Style::detect(text).eol.as_str();
    let mut insert: String = crate::text::lines::split_lines(new)
        .iter()
        .map(|l| format!("{}{eol}", l.content(new)))
        .collect();
    let at = match line {
        0 => 0,
        n => lines[n - 1].end,
    };
    if line > 0 && !lines[line - 1].has_eol() {
        // After a last line without a line ending: end that line, and end the file as it was.
        insert.insert_str(0, eol);
        insert.truncate(insert.len() - eol.len());
    }
    let shown = LineRange {
        start: line.max(1),
        end: line.max(1),
    };
    let mut provenance = Provenance::plain(Tier::Exact);
    provenance.notes.push(format!("inserted after line {line}"));
    Ok(EditPlan {
        provenance,
        splices: vec![Splice {
            range: body + at..body + at,
            lines: shown,
            text: insert,
            fallback: false,
        }],
        adapted: Vec::new(),
    })
}

/// The outcomes of `plans` (numbered from `first` + 1), moving the splices of those that
/// located into `splices`.
fn outcomes(
    plans: Vec<Result<EditPlan, EditError>>,
    splices: &mut Vec<Splice>,
    first: usize,
) -> Vec<EditOutcome> {
    plans
        .into_iter()
        .enumerate()
        .map(|(i, plan)| EditOutcome {
            index: first + i + 1,
            result: plan.map(|plan| {
                let lines = plan.splices.iter().map(|s| s.lines).collect();
                splices.extend(plan.splices);
                Landed {
                    lines,
                    adapted: plan.adapted,
                    provenance: plan.provenance,
                }
            }),
        })
        .collect()
}

/// The one outcome of a one-edit batch (the `index`-th, 0-based).
fn outcomes_from(
    plans: Vec<Result<EditPlan, EditError>>,
    splices: &mut Vec<Splice>,
    index: usize,
) -> EditOutcome {
    outcomes(plans, splices, index)
        .pop()
        .expect("one plan gives one outcome")
}

/// Marks every pair of plans whose regions overlap as failed, naming the other.
fn mark_overlaps(plans: &mut [Result<EditPlan, EditError>]) {
    for (a, b, a_lines, b_lines) in overlaps(plans) {
        for (me, my_lines, other, other_lines) in
            [(a, a_lines, b, b_lines), (b, b_lines, a, a_lines)]
        {
            if plans[me].is_ok() || me == other {
                plans[me] = Err(EditError::Overlap {
                    other: other + 1,
                    lines: my_lines,
                    other_lines,
                });
            }
        }
    }
}

/// Every located edit turned into a refusal for `reason` (a result the batch as a whole
/// cannot deliver, such as a worse parse under `require_clean_parse`).
fn refuse_all(outcomes: Vec<EditOutcome>, reason: &Refusal) -> Vec<EditOutcome> {
    outcomes
        .into_iter()
        .map(|o| EditOutcome {
            index: o.index,
            result: o.result.and_then(|located| {
                Err(EditError::Locate(LocateError::Refused {
                    tier: located.provenance.tier,
                    lines: located
                        .lines
                        .first()
                        .copied()
                        .unwrap_or(LineRange { start: 1, end: 1 }),
                    code: reason.code,
                    reason: reason.message.clone(),
                }))
            }),
        })
        .collect()
}

/// Pairs of edits (0-based) whose regions overlap, with the lines of each region involved.
///
/// One sweep in file order, remembering the region that reaches furthest: a region overlaps
/// an earlier one exactly when it starts before that reach ends. Two regions starting at the
/// same offset count as overlapping even when empty (two creations of one file), since their
/// order would be a guess.
fn overlaps(plans: &[Result<EditPlan, EditError>]) -> Vec<(usize, usize, LineRange, LineRange)> {
    let mut regions: Vec<(usize, &Splice)> = plans
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.as_ref().ok().map(|p| (i, &p.splices)))
        .flat_map(|(i, s)| s.iter().map(move |s| (i, s)))
        .collect();
    regions.sort_by_key(|(_, s)| (s.range.start, s.range.end));
    let mut found = Vec::new();
    let mut reach: Option<(usize, &Splice)> = None;
    for (i, s) in regions {
        if let Some((j, r)) = reach {
            if s.range.start < r.range.end || s.range.start == r.range.start {
                found.push((j, i, r.lines, s.lines));
            }
            if s.range.end <= r.range.end {
                continue;
            }
        }
        reach = Some((i, s));
    }
    found
}

/// What the file will look like once the SEARCH/REPLACE blocks streamed so far are applied,
/// for showing an edit while the model is still writing it. Never fails: an unfinished block
/// at the end is left out, and so are blocks that do not locate (or overlap another), since a
/// preview cannot ask the model to fix them yet. File names in the stream are ignored: every
/// block is previewed against `doc`.
pub fn preview(doc: &Document, partial: &str) -> String {
    let edits = parse_search_replace_partial(partial);
    apply_edits(doc, &edits, &Options::default(), Mode::Partial)
        .map_or_else(|_| doc.content().to_string(), |b| b.content)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(file: &str, edits: &[Edit], mode: Mode) -> Result<BatchApplied, BatchError> {
        apply_edits(&Document::new(file), edits, &Options::default(), mode)
    }

    #[test]
    fn edits_locate_against_the_original_in_any_order() {
        let b = run(
            "a\nb\nc\n",
            &[Edit::new("c\n", "C\n"), Edit::new("a\nb\n", "b\n")],
            Mode::AllOrNothing,
        )
        .unwrap();
        assert_eq!(b.content, "b\nC\n");
        assert!(b.complete());
        assert_eq!(b.edits[0].result.as_ref().unwrap().lines[0].start, 3);
    }

    #[test]
    fn an_edit_does_not_see_the_previous_edit_s_result() {
        // Against the running result `b` would be ambiguous; against the original it is unique.
        let b = run(
            "a\nb\n",
            &[Edit::new("a\n", "b\n"), Edit::new("b\n", "c\n")],
            Mode::AllOrNothing,
        )
        .unwrap();
        assert_eq!(b.content, "b\nc\n");
    }

    #[test]
    fn overlap_names_both_edits() {
        let err = run(
            "a\nb\nc\n",
            &[Edit::new("a\nb\n", "x\n"), Edit::new("b\nc\n", "y\n")],
            Mode::AllOrNothing,
        )
        .unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("edit 1: lines 1-2 overlap edit 2's lines 2-3"),
            "{msg}"
        );
        assert!(
            msg.contains("edit 2: lines 2-3 overlap edit 1's lines 1-2"),
            "{msg}"
        );
    }

    #[test]
    fn replace_all_replaces_every_occurrence_of_the_first_tier() {
        let b = run(
            "x = foo(1)\ny = foo(2)\n",
            &[Edit {
                replace_all: true,
                ..Edit::new("foo", "bar")
            }],
            Mode::AllOrNothing,
        )
        .unwrap();
        assert_eq!(b.content, "x = bar(1)\ny = bar(2)\n");
        assert_eq!(b.edits[0].result.as_ref().unwrap().lines.len(), 2);
    }

    #[test]
    fn overlapping_occurrences_of_one_edit_are_refused() {
        let err = run(
            "x ---\n",
            &[Edit {
                replace_all: true,
                ..Edit::new("--", "=")
            }],
            Mode::AllOrNothing,
        )
        .unwrap_err();
        assert_eq!(err.edits[0].status(false), "overlap");
    }

    #[test]
    fn anchor_picks_the_candidate_after_its_line() {
        let file = "def a():\n    return 1\ndef b():\n    return 1\n";
        let anchored = Edit {
            anchor: Some("def b():".into()),
            ..Edit::new("    return 1\n", "    return 2\n")
        };
        let b = run(file, &[anchored], Mode::AllOrNothing).unwrap();
        assert_eq!(
            b.content,
            "def a():\n    return 1\ndef b():\n    return 2\n"
        );
        let missing = Edit {
            anchor: Some("def c():".into()),
            ..Edit::new("    return 1\n", "    return 2\n")
        };
        let err = run(file, &[missing], Mode::AllOrNothing).unwrap_err();
        assert_eq!(err.edits[0].status(false), "not_found");
    }

    #[test]
    fn partial_applies_what_locates() {
        let b = run(
            "a\nb\n",
            &[Edit::new("a\n", "A\n"), Edit::new("zzz\n", "y\n")],
            Mode::Partial,
        )
        .unwrap();
        assert_eq!(b.content, "A\nb\n");
        assert!(!b.complete());
        assert_eq!(b.edits[0].status(true), "applied");
        assert_eq!(b.edits[1].status(true), "not_found");
    }

    #[test]
    fn empty_old_fills_an_empty_file_only() {
        let b = run("", &[Edit::new("", "hello\n")], Mode::AllOrNothing).unwrap();
        assert_eq!(b.content, "hello\n");
        let err = run("x\n", &[Edit::new("", "hello\n")], Mode::AllOrNothing).unwrap_err();
        assert!(err.to_string().contains("not empty"), "{err}");
        let twice = run(
            "",
            &[Edit::new("", "a\n"), Edit::new("", "b\n")],
            Mode::AllOrNothing,
        );
        assert_eq!(twice.unwrap_err().edits[1].status(false), "overlap");
    }

    #[test]
    fn preview_skips_unfinished_and_unlocatable_blocks() {
        let doc = Document::new("a\nb\n");
        let stream = "------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n------- SEARCH\nq\n=======\nQ\n+++++++ REPLACE\n------- SEARCH\nb\n=====";
        assert_eq!(preview(&doc, stream), "A\nb\n");
    }
}
