//! An edit's text as the repairs leave it, shared by the repairs and the combination that
//! tries them: `old`, `new`, what stripped line numbers claim about where `old` is
//! ([`Evidence`], trusted within [`TOLERANCE`] lines) and the comment lines stripped from its
//! edges, which the file must have around the place ([`Edges`]). A leaf: it names no other
//! repair.

use crate::report::LineRange;

/// How many lines the located region may be away from where `old`'s numbers put it. A few
/// lines absorb edits made above the region since the model read the file; more means the
/// numbers and the text disagree about the place, and neither is trusted.
pub(super) const TOLERANCE: usize = 5;

/// An edit's text as the repairs so far left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Text {
    pub old: String,
    /// `None` when only locating.
    pub new: Option<String>,
    /// The line numbers stripped from `old`, as evidence of where it is.
    pub numbers: Option<Evidence>,
    /// The partial comment lines stripped from `old`'s edges, which the file must have
    /// around the place.
    pub edges: Option<Edges>,
}

impl Text {
    /// The edit as sent, before any repair.
    pub(crate) fn new(old: &str, new: Option<&str>) -> Text {
        Text {
            old: old.to_string(),
            new: new.map(str::to_string),
            numbers: None,
            edges: None,
        }
    }
}

/// The comment lines stripped from `old`'s edges: the file must have them around the place.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Edges {
    /// The lines before the rest of `old`, in order.
    pub before: Vec<String>,
    /// The lines after it, in order.
    pub after: Vec<String>,
}

impl Edges {
    /// Whether `file` has the stripped lines right around its lines `start..=end`
    /// (0-based line indices), blank lines between them aside: the place `old` denotes.
    pub(crate) fn check(&self, file: &str, start: usize, end: usize) -> bool {
        let lines: Vec<&str> = file.lines().collect();
        let near = |range: &mut dyn Iterator<Item = usize>, want: &[String]| {
            let found: Vec<&str> = range
                .map(|i| lines[i].trim())
                .filter(|l| !l.is_empty())
                .take(want.iter().filter(|w| !w.is_empty()).count())
                .collect();
            let want: Vec<&str> = want
                .iter()
                .map(String::as_str)
                .filter(|w| !w.is_empty())
                .collect();
            found == want
        };
        let before: Vec<String> = self.before.iter().rev().cloned().collect();
        near(&mut (0..start).rev(), &before) && near(&mut (end + 1..lines.len()), &self.after)
    }
}

/// What the numbers in `old` claim: the lines its first and last line are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Evidence {
    pub claimed: LineRange,
}

impl Evidence {
    /// A note when the located lines agree with the numbers, the refusal when they do not.
    pub(crate) fn check(&self, located: LineRange) -> Result<String, String> {
        let off_start = located.start.abs_diff(self.claimed.start);
        let off_end = located.end.abs_diff(self.claimed.end);
        let off = off_start.max(off_end);
        if off > TOLERANCE {
            return Err(format!(
                "the line numbers in `old` say lines {}, {off} lines away from where its text is (more than the tolerance of {TOLERANCE}): the numbers contradict the text; re-read the file",
                self.claimed
            ));
        }
        Ok(if off == 0 {
            format!(
                "the line numbers in `old` ({}) agree with the located lines",
                self.claimed
            )
        } else {
            format!(
                "the line numbers in `old` ({}) are {off} line(s) off the located lines {located} (tolerance {TOLERANCE})",
                self.claimed
            )
        })
    }
}
