//! Line-number prefixes copied from a read tool's output: `cat -n` (`    12⇥code`), an arrow
//! (`    12→code`), a bar (`  12 | code`), a box-drawing bar (`12│code`) or `L12: code`.
//!
//! The repair applies only when *every* non-blank line of `old` carries a prefix of one style
//! (elision marker lines may carry none) and the numbers increase. It strips the prefixes from
//! `old` and from the lines of `new` that carry one (lines `new` adds may carry none). The
//! numbers are kept as evidence: the located lines must agree with them within
//! [`TOLERANCE`](super::text::TOLERANCE) lines, or the edit is refused.

use super::text::{Evidence, Text};
use crate::report::LineRange;
use crate::syntax::markers;
use crate::text::lines::split_lines;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberStyle {
    /// `cat -n`: spaces, digits, a tab.
    CatN,
    /// Spaces, digits, `→`.
    Arrow,
    /// Spaces, digits, spaces, `|`, a space.
    Bar,
    /// Spaces, digits, spaces, `│`, maybe a space.
    BoxBar,
    /// `L12: `.
    Ell,
}

const STYLES: [NumberStyle; 5] = [
    NumberStyle::CatN,
    NumberStyle::Arrow,
    NumberStyle::Bar,
    NumberStyle::BoxBar,
    NumberStyle::Ell,
];

impl NumberStyle {
    /// The number and the rest of the line after the separator, when `line` has this prefix.
    fn split(self, line: &str) -> Option<(usize, &str)> {
        let rest = if self == NumberStyle::Ell {
            line.strip_prefix('L')?
        } else {
            line.trim_start_matches(' ')
        };
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || digits > 9 {
            return None;
        }
        let number = rest[..digits].parse().ok()?;
        let rest = &rest[digits..];
        let rest = match self {
            NumberStyle::CatN => rest.strip_prefix('\t')?,
            NumberStyle::Arrow => rest.strip_prefix('→')?,
            NumberStyle::Bar => rest.trim_start_matches(' ').strip_prefix('|')?,
            NumberStyle::BoxBar => rest.trim_start_matches(' ').strip_prefix('│')?,
            NumberStyle::Ell => rest.strip_prefix(':')?,
        };
        Some((number, rest))
    }

    /// Whether one space after the separator belongs to the prefix.
    fn may_have_gap(self) -> bool {
        matches!(
            self,
            NumberStyle::Bar | NumberStyle::BoxBar | NumberStyle::Ell
        )
    }
}

/// The prefixes stripped from `old` (and `new`), with the numbers as evidence, or why the
/// repair does not apply.
pub(crate) fn apply(text: &Text) -> Result<Text, String> {
    let mut why = String::from("no line of `old` starts with a line number");
    for style in STYLES {
        match detect(style, &text.old) {
            Ok((gap, evidence)) => {
                return Ok(Text {
                    old: strip(style, gap, &text.old),
                    new: text.new.as_deref().map(|n| strip(style, gap, n)),
                    numbers: Some(evidence),
                    edges: text.edges.clone(),
                });
            }
            Err(Some(reason)) => why = reason,
            Err(None) => {}
        }
    }
    Err(why)
}

/// Whether every non-blank line of `old` carries `style`'s prefix with increasing numbers:
/// the gap rule and the evidence, or why not (`None` when no line has this style at all).
fn detect(style: NumberStyle, old: &str) -> Result<(bool, Evidence), Option<String>> {
    let lines = split_lines(old);
    let mut numbered: Vec<(usize, usize)> = Vec::new();
    // The least run of spaces after the separator on a line with content (`None` once a line
    // has content right after it).
    let mut spaces = Some(usize::MAX);
    let mut unnumbered = None;
    for (i, line) in lines.iter().enumerate() {
        let content = line.content(old);
        match style.split(content) {
            Some((n, rest)) => {
                if !rest.trim().is_empty() {
                    let run = rest.len() - rest.trim_start_matches(' ').len();
                    spaces = spaces.filter(|_| run > 0).map(|s| s.min(run));
                }
                numbered.push((i, n));
            }
            None if content.trim().is_empty() || markers::is_marker(content) => {}
            None => unnumbered = unnumbered.or(Some(i)),
        }
    }
    let (Some(&(first_i, first_n)), Some(&(last_i, last_n))) = (numbered.first(), numbered.last())
    else {
        return Err(None);
    };
    if let Some(i) = unnumbered {
        return Err(Some(format!(
            "line {} of `old` has no line-number prefix like its other lines",
            i + 1
        )));
    }
    if numbered.windows(2).any(|w| w[1].1 <= w[0].1) {
        return Err(Some(
            "the line numbers in `old` do not increase".to_string(),
        ));
    }
    // One space after the separator belongs to the prefix when every line has it and the
    // shallowest line has an odd number of spaces (one plus an indentation of whole levels):
    // `  3 | x` and `  4 |     y` have it; `4│        if` (8 spaces) does not.
    let gap = style.may_have_gap() && spaces.is_some_and(|s| s != usize::MAX && s % 2 == 1);
    let start = first_n.saturating_sub(first_i).max(1);
    let end = last_n + (lines.len() - 1 - last_i);
    Ok((
        gap,
        Evidence {
            claimed: LineRange { start, end },
        },
    ))
}

/// `text` with `style`'s prefix removed from every line that has it (and one space after the
/// separator when `gap`).
fn strip(style: NumberStyle, gap: bool, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in split_lines(text) {
        let content = line.content(text);
        match style.split(content) {
            Some((_, rest)) => {
                let rest = if gap {
                    rest.strip_prefix(' ').unwrap_or(rest)
                } else {
                    rest
                };
                out.push_str(rest);
            }
            None => out.push_str(content),
        }
        out.push_str(line.eol(text));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(old: &str, new: &str) -> Result<Text, String> {
        apply(&Text::new(old, Some(new)))
    }

    #[test]
    fn strips_each_style() {
        for (old, start) in [
            ("    12\tfn a() {\n    13\t    x\n", 12),
            ("    12→fn a() {\n    13→    x\n", 12),
            ("  12 | fn a() {\n  13 |     x\n", 12),
            ("12│fn a() {\n13│    x\n", 12),
            ("12 │ fn a() {\n13 │     x\n", 12),
            ("L12: fn a() {\nL13:     x\n", 12),
        ] {
            let t = run(old, old).unwrap();
            assert_eq!(t.old, "fn a() {\n    x\n", "{old:?}");
            assert_eq!(t.numbers.unwrap().claimed, LineRange { start, end: 13 });
        }
    }

    #[test]
    fn a_space_belongs_to_the_prefix_only_when_every_line_has_an_odd_run() {
        let t = run("4│    a\n5│        b\n", "x\n").unwrap();
        assert_eq!(t.old, "    a\n        b\n");
        let t = run("  4 |     a\n  5 | b\n", "x\n").unwrap();
        assert_eq!(t.old, "    a\nb\n");
    }

    #[test]
    fn new_lines_without_numbers_stay() {
        let t = run("  3 | a\n  4 | b\n", "  3 | a\n  x\n  4 | b\n").unwrap();
        assert_eq!(t.new.unwrap(), "a\n  x\nb\n");
    }

    #[test]
    fn some_lines_only_is_no_repair() {
        let err = run("  3 | a\nb\n", "x\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
        assert!(run("a\nb\n", "x\n").is_err());
        assert!(run("  3 | a\n  3 | b\n", "x\n").is_err(), "not increasing");
    }

    #[test]
    fn blank_and_marker_lines_may_lack_numbers() {
        let t = run("  3 | a\n\n// ...\n  9 | b\n", "x\n").unwrap();
        assert_eq!(t.old, "a\n\n// ...\nb\n");
        assert_eq!(t.numbers.unwrap().claimed, LineRange { start: 3, end: 9 });
    }

    #[test]
    fn evidence_tolerance() {
        let e = Evidence {
            claimed: LineRange { start: 10, end: 12 },
        };
        assert!(e.check(LineRange { start: 10, end: 12 }).is_ok());
        assert!(e.check(LineRange { start: 15, end: 17 }).is_ok());
        assert!(e.check(LineRange { start: 16, end: 18 }).is_err());
    }
}
