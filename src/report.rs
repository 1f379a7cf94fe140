//! The one report for every failure: what each tier concluded, the candidates of an
//! ambiguity, the closest candidate of a miss with the kinds of difference found there, and a
//! one-line hint an agent can act on. Rendered as text (Display) and JSON (serde).
//!
//! Bounded, so that no report floods an agent's context: at most [`MAX_LISTED`] places or
//! lines are listed (and the rest counted: "and 4,980 more"), and a diff shows at most
//! [`MAX_DIFF_LINES`] lines followed by a line stating how many it has in all.

use crate::outcome::Tier;
use serde::Serialize;
use similar::TextDiff;
use std::fmt;

/// 1-based inclusive line numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineRange {
    /// The first line, 1-based.
    pub start: usize,
    /// The last line, 1-based and inclusive (equal to `start` for one line).
    pub end: usize,
}

impl LineRange {
    /// "line 6" or "lines 3-5", for sentences.
    pub fn phrase(&self) -> String {
        if self.start == self.end {
            format!("line {}", self.start)
        } else {
            format!("lines {}-{}", self.start, self.end)
        }
    }
}

impl fmt::Display for LineRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start == self.end {
            write!(f, "{}", self.start)
        } else {
            write!(f, "{}-{}", self.start, self.end)
        }
    }
}

/// What one tier concluded: typed ([`TierResult`]), and in words (`0 occurrences`,
/// `2 places (lines 3-5, 9-11)`, ...) as the JSON's `outcome`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TierOutcome {
    /// The tier.
    pub tier: Tier,
    /// What it concluded.
    pub result: TierResult,
}

/// What a tier concluded when it did not decide the answer alone.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum TierResult {
    /// The tier was not tried; why.
    Skipped {
        /// Why, for people (the last tier allowed, a language not built in, a file too large,
        /// no grammar for the file, an elision marker).
        reason: String,
    },
    /// No place.
    NoPlace,
    /// No structurally equivalent place, and no candidate near enough to name.
    NoEquivalent,
    /// The one occurrence lies inside a longer word (`count` in `retry_count`): not taken.
    InsideWord {
        /// Where it is.
        lines: LineRange,
    },
    /// Occurrences, none inside the `@@` scope.
    OutsideScope {
        /// How many.
        count: usize,
    },
    /// Several places (the first [`MAX_LISTED`] of them) and how many in all.
    Places {
        /// The places' lines.
        lines: Vec<LineRange>,
        /// How many in all.
        count: usize,
    },
    /// No equivalent place; the structural closest candidate and what differs there.
    Closest {
        /// The candidate's lines.
        lines: LineRange,
        /// 0..1, share of significant tokens in common.
        similarity: f64,
        /// Identifiers that differ: (in `old`, in the file).
        identifiers: Vec<(String, String)>,
        /// Literals that differ: (in `old`, in the file).
        literals: Vec<(String, String)>,
    },
    /// `old` is past the tier's budget ([`crate::Code::TooComplex`]); nothing was compared.
    TooComplex {
        /// Which budget, for people.
        reason: String,
    },
    /// A conclusion of another kind (an elision's placements, the two readings of `...`).
    Other {
        /// The conclusion, for people.
        note: String,
    },
}

impl TierOutcome {
    /// `tier` concluded `result`.
    pub fn new(tier: Tier, result: TierResult) -> TierOutcome {
        TierOutcome { tier, result }
    }

    /// The conclusion in words.
    pub fn outcome(&self) -> String {
        self.result.to_string()
    }
}

impl Serialize for TierOutcome {
    /// `{"tier", "outcome": "<in words>", "result": {"kind", ...}}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("TierOutcome", 3)?;
        st.serialize_field("tier", &self.tier)?;
        st.serialize_field("outcome", &self.outcome())?;
        st.serialize_field("result", &self.result)?;
        st.end()
    }
}

impl fmt::Display for TierResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TierResult::Skipped { reason } => write!(f, "skipped: {reason}"),
            TierResult::TooComplex { reason } => write!(f, "too complex: {reason}"),
            TierResult::NoPlace => f.write_str("0 occurrences"),
            TierResult::NoEquivalent => f.write_str("0 equivalent places"),
            TierResult::InsideWord { lines } => write!(
                f,
                "1 occurrence, inside a longer word at {} (not taken)",
                lines.phrase()
            ),
            TierResult::OutsideScope { count } => {
                write!(f, "{count} occurrences, none inside the `@@` scope")
            }
            TierResult::Places { lines, count } => {
                write!(f, "{count} places ({})", list_lines(lines))?;
                if *count > lines.len() {
                    write!(f, " and {} more", count - lines.len())?;
                }
                Ok(())
            }
            TierResult::Closest {
                lines,
                similarity,
                identifiers,
                literals,
            } => {
                write!(
                    f,
                    "0 equivalent places; closest at {} (similarity {similarity:.2})",
                    lines.phrase()
                )?;
                for (what, pairs) in [("identifiers", identifiers), ("literals", literals)] {
                    if !pairs.is_empty() {
                        let list: Vec<String> =
                            pairs.iter().map(|(a, b)| format!("{a}/{b}")).collect();
                        write!(f, ", {what} differ: {}", list.join(", "))?;
                    }
                }
                Ok(())
            }
            TierResult::Other { note } => f.write_str(note),
        }
    }
}

/// What one repair (or combination, `line-numbers+elision`) came to when `old` was not found:
/// `not applicable: ...` or `tried: ...`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RepairOutcome {
    /// The repair's name, or the names of a combination joined by `+`.
    pub repair: String,
    /// `not applicable: …` (why it was not tried) or `tried: …` (what it found).
    pub outcome: String,
}

impl RepairOutcome {
    /// What `repair` came to.
    pub fn new(repair: &str, outcome: String) -> RepairOutcome {
        RepairOutcome {
            repair: repair.to_string(),
            outcome,
        }
    }
}

/// A kind of difference between `old` and the closest candidate.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Difference {
    /// Line endings differ (`file`/`old` are `lf`, `crlf` or `cr`).
    Eol {
        /// The region's line endings.
        file: String,
        /// `old`'s line endings.
        old: String,
    },
    /// Lines that are otherwise equal are indented differently (width, tabs or spaces).
    Indentation,
    /// Lines that are otherwise equal differ in trailing spaces or tabs.
    TrailingWhitespace,
    /// Curly quotes, dashes, non-breaking or zero-width spaces.
    Typographic,
    /// Identifiers spelled differently: (in `old`, in the file).
    Identifiers {
        /// Up to [`MAX_LISTED`] pairs, in the order found.
        pairs: Vec<(String, String)>,
        /// How many more pairs were found than listed.
        #[serde(skip_serializing_if = "is_zero")]
        more: usize,
    },
    /// String or number literals that differ: (in `old`, in the file).
    Literals {
        /// Up to [`MAX_LISTED`] pairs, in the order found.
        pairs: Vec<(String, String)>,
        /// How many more pairs were found than listed.
        #[serde(skip_serializing_if = "is_zero")]
        more: usize,
    },
    /// Other tokens (operators, punctuation) that differ: (in `old`, in the file).
    Tokens {
        /// Up to [`MAX_LISTED`] pairs, in the order found.
        pairs: Vec<(String, String)>,
        /// How many more pairs were found than listed.
        #[serde(skip_serializing_if = "is_zero")]
        more: usize,
    },
    /// Lines of `old` the file does not have there (the first [`MAX_LISTED`]; `more` counts
    /// the others).
    MissingLines {
        /// The lines, as written (up to [`MAX_LISTED`]).
        lines: Vec<String>,
        /// How many more lines there are than listed.
        #[serde(skip_serializing_if = "is_zero")]
        more: usize,
    },
    /// Lines the file has there that `old` lacks (the first [`MAX_LISTED`]; `more` counts the
    /// others).
    ExtraLines {
        /// The lines, as written (up to [`MAX_LISTED`]).
        lines: Vec<String>,
        /// How many more lines there are than listed.
        #[serde(skip_serializing_if = "is_zero")]
        more: usize,
    },
}

/// The place most like `old`, when nothing matched.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Closest {
    /// The lines of the file it spans.
    pub lines: LineRange,
    /// 0..1, by characters, after folding whitespace.
    pub similarity: f64,
    /// Unified diff from `old` to the file's lines.
    pub diff: String,
    /// The kinds of difference between `old` and those lines.
    pub differences: Vec<Difference>,
}

/// Why an edit did not land, and what to do about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// What each tier tried concluded, in ladder order.
    pub tiers: Vec<TierOutcome>,
    /// What each repair came to (tried only when no tier found `old`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub repairs: Vec<RepairOutcome>,
    /// The places found, when a tier found several (the first [`MAX_LISTED`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<LineRange>,
    /// How many more places were found than `candidates` lists.
    #[serde(skip_serializing_if = "is_zero")]
    pub more_candidates: usize,
    /// The place most like `old`, when nothing matched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closest: Option<Closest>,
    /// Where `new` already is, when the edit was made before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub already_applied: Option<LineRange>,
    /// One line saying what to do next.
    pub hint: String,
}

impl Report {
    /// `old` was found at every place of `candidates` (two or more) by the last of `tiers`;
    /// the hint asks for more context.
    pub fn ambiguous(tiers: Vec<TierOutcome>, mut candidates: Vec<LineRange>) -> Report {
        let hint = format!(
            "`old` matches {} places (lines {}); add surrounding lines to `old` so that it matches one",
            candidates.len(),
            list_lines(&candidates)
        );
        let more_candidates = candidates.len().saturating_sub(MAX_LISTED);
        candidates.truncate(MAX_LISTED);
        Report {
            tiers,
            repairs: Vec::new(),
            candidates,
            more_candidates,
            closest: None,
            already_applied: None,
            hint,
        }
    }

    /// No tier found `old`; the hint names what differs at `closest`, if there is one.
    pub fn not_found(tiers: Vec<TierOutcome>, closest: Option<Closest>) -> Report {
        let hint = match &closest {
            Some(c) => hint_for(c),
            None => "`old` resembles nothing in the file; re-read the file".to_string(),
        };
        Report {
            tiers,
            repairs: Vec::new(),
            candidates: Vec::new(),
            more_candidates: 0,
            closest,
            already_applied: None,
            hint,
        }
    }

    /// No tier found `old` and one refused it as past its budget (`reason`); the closest
    /// candidate the bounded search found, if any.
    pub fn too_complex(tiers: Vec<TierOutcome>, closest: Option<Closest>, reason: &str) -> Report {
        let mut report = Report::not_found(tiers, closest);
        report.hint = format!(
            "`old` is too complex to compare ({reason}); send a shorter `old`, or copy it exactly from the file"
        );
        report
    }

    /// An apply_patch `@@ anchor` line that no line of the file equals (trimmed).
    pub fn anchor_missing(anchor: &str) -> Report {
        Report {
            tiers: Vec::new(),
            repairs: Vec::new(),
            candidates: Vec::new(),
            more_candidates: 0,
            closest: None,
            already_applied: None,
            hint: format!(
                "no line of the file is `{anchor}` (the `@@` line before the hunk); re-read the file"
            ),
        }
    }

    /// `new` already stands at `lines`, where `old` would be.
    pub fn already_applied(lines: LineRange) -> Report {
        Report {
            tiers: Vec::new(),
            repairs: Vec::new(),
            candidates: Vec::new(),
            more_candidates: 0,
            closest: None,
            already_applied: Some(lines),
            hint: format!(
                "`new` is already at {}, where `old` would be: the edit was already applied; re-read the file before editing again",
                lines.phrase()
            ),
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.tiers {
            writeln!(f, "  {:<11} {}", format!("{}:", t.tier.name()), t.result)?;
        }
        // Repairs that did not apply are in the JSON; the text names only those tried.
        let tried: Vec<&RepairOutcome> = self
            .repairs
            .iter()
            .filter(|r| !r.outcome.starts_with("not applicable"))
            .collect();
        if !tried.is_empty() {
            writeln!(f, "  repairs:")?;
            for r in tried {
                writeln!(f, "    {}: {}", r.repair, r.outcome)?;
            }
        }
        if let Some(c) = &self.closest {
            writeln!(
                f,
                "  closest: {} (similarity {:.2})",
                c.lines.phrase(),
                c.similarity
            )?;
            for d in &c.differences {
                writeln!(f, "    - {}", describe(d))?;
            }
            for line in c.diff.lines() {
                writeln!(f, "    {line}")?;
            }
        }
        write!(f, "  hint: {}", self.hint)
    }
}

/// One difference in words, for the text report.
fn describe(d: &Difference) -> String {
    let pairs = |p: &[(String, String)]| {
        p.iter()
            .map(|(a, b)| format!("`{a}` is `{b}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match d {
        Difference::Eol { file, old } => format!("line endings: file {file}, old {old}"),
        Difference::Indentation => "indentation differs".to_string(),
        Difference::TrailingWhitespace => "trailing whitespace differs".to_string(),
        Difference::Typographic => {
            "typographic characters differ (quotes, dashes, spaces)".to_string()
        }
        Difference::Identifiers { pairs: p, more } => {
            format!("identifiers differ: {}{}", pairs(p), and_more(*more))
        }
        Difference::Literals { pairs: p, more } => {
            format!("literals differ: {}{}", pairs(p), and_more(*more))
        }
        Difference::Tokens { pairs: p, more } => {
            format!("tokens differ: {}{}", pairs(p), and_more(*more))
        }
        Difference::MissingLines { lines, more } => {
            format!("{} line(s) of old are not in the file", lines.len() + more)
        }
        Difference::ExtraLines { lines, more } => {
            format!("the file has {} line(s) old lacks", lines.len() + more)
        }
    }
}

/// Below this similarity the closest lines are not taken for the code `old` meant: the hint
/// then names no lines and no differences.
pub(crate) const SAME_CODE_SIMILARITY: f64 = 0.75;

/// The hint when the closest lines are not the code `old` meant.
pub(crate) const NO_CODE_LIKE_THIS: &str = "the file has no code like this; re-read the file";

/// Whether the closest lines are the code `old` meant, misremembered, so that a hint may send
/// the model there and say what differs: similar to [`SAME_CODE_SIMILARITY`] at least, and
/// every identifier aligned — spelled nearly alike (`orderID`/`orderId`, `totl`/`total`) or
/// renamed consistently (used twice or more in `old`, each time where the file has its
/// counterpart). `def delete(key):` closest to `def get(key):` is not: `delete` is not `get`
/// misspelled, and the hint "`delete` is `get`" would have the model edit the wrong function.
pub(crate) fn is_same_code(c: &Closest) -> bool {
    if c.similarity < SAME_CODE_SIMILARITY {
        return false;
    }
    let old = diff_side(&c.diff, '-');
    c.differences.iter().all(|d| match d {
        Difference::Identifiers { pairs, more } => {
            *more == 0
                && pairs
                    .iter()
                    .all(|(a, b)| near_spelling(a, b) || word_count(&old, a) >= 2)
        }
        _ => true,
    })
}

/// One side of a unified diff (`-` for the old text): its context lines and its own.
fn diff_side(diff: &str, side: char) -> String {
    diff.lines()
        .filter(|l| !l.starts_with("---") && !l.starts_with("+++") && !l.starts_with("@@"))
        .filter_map(|l| l.strip_prefix(side).or_else(|| l.strip_prefix(' ')))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How often `word` occurs in `text` as a whole identifier.
fn word_count(text: &str, word: &str) -> usize {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| *w == word)
        .count()
}

/// Two identifiers spelled nearly alike: equal but for case, `_` and `-`, or sharing at least
/// 60% of their characters in order (2 × matched / total).
fn near_spelling(a: &str, b: &str) -> bool {
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| *c != '_' && *c != '-')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let (a, b) = (fold(a), fold(b));
    a == b || TextDiff::from_chars(a.as_str(), b.as_str()).ratio() >= 0.6
}

/// The hint of a miss: re-read the closest lines, and up to three facts about them — only
/// when they are the code `old` meant ([`is_same_code`]); otherwise [`NO_CODE_LIKE_THIS`].
fn hint_for(c: &Closest) -> String {
    if !is_same_code(c) {
        return NO_CODE_LIKE_THIS.to_string();
    }
    let mut facts = Vec::new();
    for d in &c.differences {
        match d {
            Difference::Identifiers { pairs, .. }
            | Difference::Literals { pairs, .. }
            | Difference::Tokens { pairs, .. } => {
                facts.extend(
                    pairs
                        .iter()
                        .take(3)
                        .map(|(a, b)| format!("`{a}` is `{b}` in the file")),
                );
            }
            Difference::MissingLines { lines, .. } => {
                if let Some(l) = lines.first() {
                    facts.push(format!("the file has no line `{}`", l.trim()));
                }
            }
            Difference::ExtraLines { lines, .. } => {
                if let Some(l) = lines.first() {
                    facts.push(format!("the file also has `{}`", l.trim()));
                }
            }
            _ => {}
        }
    }
    let mut hint = format!("re-read {}", c.lines.phrase());
    if !facts.is_empty() {
        hint.push_str("; ");
        hint.push_str(&facts.into_iter().take(3).collect::<Vec<_>>().join("; "));
    }
    hint
}

/// At most this many places, lines or candidates are listed in a report.
pub const MAX_LISTED: usize = 20;
/// At most this many lines of a diff are shown.
pub(crate) const MAX_DIFF_LINES: usize = 300;

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The first [`MAX_LISTED`] items and how many more there were.
pub(crate) fn capped<T>(mut items: Vec<T>) -> (Vec<T>, usize) {
    let more = items.len().saturating_sub(MAX_LISTED);
    items.truncate(MAX_LISTED);
    (items, more)
}

/// ", and 12 more" (empty for none).
fn and_more(more: usize) -> String {
    if more == 0 {
        String::new()
    } else {
        format!(", and {} more", thousands(more))
    }
}

/// "line 9", "lines 3-5" or "lines 3-5, 9"; [`list_lines`] after the word the count asks for.
pub fn phrase_lines(ranges: &[LineRange]) -> String {
    match ranges {
        [one] => one.phrase(),
        _ => format!("lines {}", list_lines(ranges)),
    }
}

/// "3-5, 9-11"; after [`MAX_LISTED`] ranges, "and N more".
pub fn list_lines(ranges: &[LineRange]) -> String {
    let mut s = ranges
        .iter()
        .take(MAX_LISTED)
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if ranges.len() > MAX_LISTED {
        s.push_str(&format!(
            ", and {} more",
            thousands(ranges.len() - MAX_LISTED)
        ));
    }
    s
}

/// `4980` as "4,980".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Characters of one diff line shown; a longer line (minified code, a data blob) is cut with
/// a note of how much more it has.
pub(crate) const MAX_DIFF_LINE_CHARS: usize = 400;

/// `diff` cut after [`MAX_DIFF_LINES`] lines, with a last line saying how many it has, and
/// each line cut after [`MAX_DIFF_LINE_CHARS`] characters: bounded in lines and in bytes.
pub(crate) fn cap_diff(diff: String) -> String {
    let diff = cap_line_lengths(diff);
    let Some((cut, _)) = diff.match_indices('\n').nth(MAX_DIFF_LINES - 1) else {
        return diff;
    };
    let total = diff.lines().count();
    let mut capped = diff[..=cut].to_string();
    capped.push_str(&format!(
        "[diff cut: {} of {} lines shown]\n",
        MAX_DIFF_LINES,
        thousands(total)
    ));
    capped
}

/// Each line of `text` longer than [`MAX_DIFF_LINE_CHARS`] characters cut there, with a note.
fn cap_line_lengths(text: String) -> String {
    if text.len() <= MAX_DIFF_LINE_CHARS || !text.split('\n').any(|l| l.len() > MAX_DIFF_LINE_CHARS)
    {
        return text;
    }
    let mut out =
        String::with_capacity(text.len().min(MAX_DIFF_LINES * (MAX_DIFF_LINE_CHARS + 40)));
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        match line.char_indices().nth(MAX_DIFF_LINE_CHARS) {
            Some((at, _)) => {
                let more = line[at..].chars().count();
                out.push_str(&line[..at]);
                out.push_str(&format!(" […{} more characters]", thousands(more)));
            }
            None => out.push_str(line),
        }
    }
    out
}

/// Characters of a token or line a report quotes.
const MAX_QUOTED_CHARS: usize = 120;

/// `s` cut after [`MAX_QUOTED_CHARS`] characters, with a note of how much more it has: a
/// report quoting a minified line or a data blob stays short.
pub(crate) fn clip(s: String) -> String {
    match s.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((at, _)) => {
            let more = s[at..].chars().count();
            format!("{}[…{} more characters]", &s[..at], thousands(more))
        }
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::unified_diff::unified_diff;

    #[test]
    fn lists_and_diffs_are_capped_and_say_how_much_is_left_out() {
        let ranges: Vec<LineRange> = (1..=5000).map(|i| LineRange { start: i, end: i }).collect();
        let first: Vec<String> = (1..=20).map(|i| i.to_string()).collect();
        let listed = format!("{}, and 4,980 more", first.join(", "));
        assert_eq!(list_lines(&ranges), listed);
        let r = Report::ambiguous(Vec::new(), ranges);
        assert_eq!((r.candidates.len(), r.more_candidates), (20, 4980));
        assert!(
            r.hint
                .starts_with(&format!("`old` matches 5000 places (lines {listed})"))
        );
        let before: String = (0..1000).map(|i| format!("a{i}\n")).collect();
        let after: String = (0..1000).map(|i| format!("b{i}\n")).collect();
        let diff = unified_diff(&before, &after, "f");
        assert_eq!(diff.lines().count(), MAX_DIFF_LINES + 1);
        assert!(
            diff.starts_with("--- a/f\n+++ b/f\n@@ -1,1000 +1,1000 @@\n-a0\n"),
            "{diff}"
        );
        assert!(
            diff.ends_with("[diff cut: 300 of 2,003 lines shown]\n"),
            "{diff}"
        );
        assert_eq!(
            unified_diff("a\n", "b\n", "f"),
            "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n"
        );
    }
}
