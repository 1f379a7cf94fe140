//! Tie-breaking by line: a hint (the caller's `--line N`, or the line numbers a model copied
//! into `old`) chooses between otherwise equal candidates — only the one strictly nearest, and
//! only within a window. Anything else stays an ambiguity.

use crate::report::LineRange;

/// How far from the caller's line hint a candidate may be and still be chosen.
pub(crate) const WINDOW: usize = 100;

/// Where a hint came from (it is named in notes and reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HintSource {
    /// `Options::line_hint` (`--line N`).
    Caller,
    /// The line numbers stripped from `old` by the line-numbers repair.
    LineNumbers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hint {
    pub line: usize,
    pub window: usize,
    pub source: HintSource,
}

impl Hint {
    pub(crate) fn caller(line: usize) -> Hint {
        Hint {
            line,
            window: WINDOW,
            source: HintSource::Caller,
        }
    }

    fn name(&self) -> String {
        match self.source {
            HintSource::Caller => format!("line hint {}", self.line),
            HintSource::LineNumbers => format!("the line numbers in `old` (line {})", self.line),
        }
    }

    /// Lines between the hint and a candidate (0 when the candidate spans the hinted line).
    fn distance(&self, r: &LineRange) -> usize {
        if self.line < r.start {
            r.start - self.line
        } else {
            self.line.saturating_sub(r.end)
        }
    }

    /// The index of the one candidate strictly nearest the hinted line within the window, or
    /// why the hint does not decide.
    pub(crate) fn pick(&self, candidates: &[LineRange]) -> Result<usize, String> {
        let near: Vec<(usize, usize)> = candidates
            .iter()
            .enumerate()
            .map(|(i, r)| (self.distance(r), i))
            .filter(|(d, _)| *d <= self.window)
            .collect();
        let Some(best) = near.iter().map(|(d, _)| *d).min() else {
            return Err(format!(
                "{} did not decide: no place within {} lines of it",
                self.name(),
                self.window
            ));
        };
        let nearest: Vec<usize> = near
            .iter()
            .filter(|(d, _)| *d == best)
            .map(|(_, i)| *i)
            .collect();
        match nearest[..] {
            [one] => Ok(one),
            _ => Err(format!(
                "{} did not decide: {} places are equally near it",
                self.name(),
                nearest.len()
            )),
        }
    }

    /// The note a decision leaves in the result.
    pub(crate) fn decided(&self, chosen: LineRange, candidates: &[LineRange]) -> String {
        format!(
            "{} chose lines {chosen} among {} places (lines {})",
            self.name(),
            candidates.len(),
            crate::report::list_lines(candidates)
        )
    }

    /// Why a hint cannot choose among structural places.
    pub(crate) fn cannot_choose_structural(&self) -> String {
        format!(
            "{} did not decide: the structural tier's equivalent places cannot be told apart for writing",
            self.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(start: usize, end: usize) -> LineRange {
        LineRange { start, end }
    }

    #[test]
    fn strictly_nearest_within_the_window() {
        let h = Hint::caller(40);
        assert_eq!(h.pick(&[r(10, 12), r(38, 40)]), Ok(1));
        assert_eq!(h.pick(&[r(10, 12), r(45, 46)]), Ok(1));
        assert!(h.pick(&[r(35, 35), r(45, 45)]).is_err(), "equidistant");
        assert!(h.pick(&[r(200, 201), r(300, 301)]).is_err(), "outside");
        assert_eq!(h.pick(&[r(139, 139), r(300, 301)]), Ok(0));
        assert!(h.pick(&[r(141, 141), r(300, 301)]).is_err());
    }
}
