//! The tier a mined edit must land at, decided by the corpus's folding rules
//! (`corpus/README.md`, "Folding rules"): `exact` when `old` occurs once byte for byte;
//! `normalized` when the folded lines of `old` (CRLF→LF, leading and trailing whitespace
//! stripped, blank lines dropped, typographic characters folded) are one contiguous run of the
//! file's folded lines (a one-line `old` may be part of one folded line); `structural`
//! otherwise. A drift that makes `old` match twice once folded is not a case of its drift
//! (the answer would be `ambiguous`), so [`classify`] says so.

use crate::outcome::Tier;

/// Where `old` stands in a file under the folding rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Placement {
    /// Found at this tier, once.
    Once(Tier),
    /// Found more than once at the first tier that finds it.
    Several,
    /// Found by neither the exact nor the folding rules.
    Unfolded,
}

/// Where `old` stands in `file` (see the module docs).
pub(super) fn classify(file: &str, old: &str) -> Placement {
    match file.matches(old).count() {
        1 => return Placement::Once(Tier::Exact),
        0 => {}
        _ => return Placement::Several,
    }
    let wanted = folded_lines(old);
    if wanted.is_empty() {
        return Placement::Unfolded;
    }
    let lines = folded_lines(file);
    let count = if wanted.len() == 1 {
        lines.iter().filter(|l| l.contains(&wanted[0])).count()
    } else {
        lines.windows(wanted.len()).filter(|w| *w == wanted).count()
    };
    match count {
        0 => Placement::Unfolded,
        1 => Placement::Once(Tier::Normalized),
        _ => Placement::Several,
    }
}

/// The tier a case must land at: exact or normalized when the folding rules find `old` once,
/// structural when they do not find it; `None` when they find it twice.
pub(super) fn tier_of(file: &str, old: &str) -> Option<Tier> {
    match classify(file, old) {
        Placement::Once(tier) => Some(tier),
        Placement::Unfolded => Some(Tier::Structural),
        Placement::Several => None,
    }
}

/// The non-blank lines of `text`, trimmed, with typographic characters folded.
fn folded_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| fold(l.trim()))
        .filter(|l| !l.is_empty())
        .collect()
}

/// A line with curly quotes, dashes and Unicode spaces written in ASCII and zero-width
/// characters dropped.
fn fold(line: &str) -> String {
    line.chars()
        .filter_map(|c| match c {
            '\u{2018}' | '\u{2019}' => Some('\''),
            '\u{201C}' | '\u{201D}' => Some('"'),
            '\u{2013}' | '\u{2014}' => Some('-'),
            '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{FEFF}' => None,
            c if c != ' ' && c.is_whitespace() => Some(' '),
            c => Some(c),
        })
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_then_folded_then_structural() {
        let file = "a = 1\r\n  b = 2\r\nc = 3\r\n";
        assert_eq!(classify(file, "c = 3"), Placement::Once(Tier::Exact));
        assert_eq!(
            classify(file, "a = 1\nb = 2\n"),
            Placement::Once(Tier::Normalized)
        );
        assert_eq!(tier_of(file, "a = 1\nc = 3\n"), Some(Tier::Structural));
        assert_eq!(classify("x\n  x\n", "x\n"), Placement::Several);
    }
}
