//! The closest candidate of a miss: the file region most like `old` (a bounded search by
//! shared character trigrams, refined character by character within a bound on the inputs) and the
//! kinds of difference found there (renamed identifiers, changed literals, quotes, line
//! endings, indentation, extra or missing lines). [`crate::report`] describes what it finds.

use crate::report::{Closest, Difference, LineRange, cap_diff, capped, clip};
use crate::text::bounded_diff::{MAX_DIFF_ITEMS, bounded_diff, diff_within};
use crate::text::fold::FoldedLines;
use crate::text::fold::line_key;
use crate::text::lines::{LineIndex, indentation, model_lines, split_lines};
use crate::text::subsequence::common_len;
use similar::{DiffOp, TextDiff};
use std::collections::HashSet;

/// Largest `old` (in folded lines) the closest-candidate search refines at full cost.
const MAX_REFINE_LINES: usize = 400;

/// The file region most like `old`. Bounded: one linear pass scores every window of
/// `old`'s height by the character trigrams it shares with `old`; only the best few windows (and heights a
/// couple of lines off) are compared character by character, within [`REFINE_BUDGET`]. Among regions
/// alike to the same degree, the one nearest the line `hint` (1-based) is taken, else the first.
pub(crate) fn closest(
    text: &str,
    index: &LineIndex,
    folded: &FoldedLines,
    old: &str,
    hint: Option<usize>,
) -> Option<Closest> {
    let old_folded: Vec<String> = model_lines(old)
        .0
        .iter()
        .map(|l| crate::text::fold::fold_line(l))
        .filter(|l| !l.is_empty())
        .collect();
    let k = old_folded.len();
    if k == 0 || folded.is_empty() {
        return None;
    }
    let (similarity, p, height) = best_region(folded, &old_folded, hint)?;
    let (first_line, last_line) = (folded.line(p), folded.line(p + height - 1));
    let first = index.lines()[first_line];
    let last = index.lines()[last_line];
    let region = &text[first.start..last.end];
    Some(Closest {
        lines: LineRange {
            start: first_line + 1,
            end: last_line + 1,
        },
        similarity: (similarity * 100.0).round() / 100.0,
        diff: cap_diff(
            TextDiff::from_lines(&ended(old), &ended(region))
                .unified_diff()
                .context_radius(2)
                .header("old", &format!("file:{}-{}", first_line + 1, last_line + 1))
                .to_string(),
        ),
        differences: differences(old, region),
    })
}

/// `text` ending in a line break, so that a diff of two regions shows their lines and not
/// `\ No newline at end of file` (a region's last line break is the file's business; a
/// difference in it is listed among the [`Difference`]s).
fn ended(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_empty() || text.ends_with('\n') {
        text.into()
    } else {
        format!("{text}\n").into()
    }
}

/// The region most like `old`'s folded lines (`old_folded`, not empty): its similarity
/// (0..1), first folded line and height. The best few windows of `old`'s height by
/// [`line_scores`], and heights up to two lines off, are compared character by character;
/// ties go to the region nearest the line `hint`.
fn best_region(
    folded: &FoldedLines,
    old_folded: &[String],
    hint: Option<usize>,
) -> Option<(f64, usize, usize)> {
    let k = old_folded.len();
    let scores = line_scores(folded, old_folded);
    let h = k.min(folded.len());
    let old_joined = old_folded.join("\n");
    let mut budget = REFINE_BUDGET;
    let mut winner: Option<(f64, usize, usize)> = None;
    for p in best_windows(&scores, h, 5) {
        let spread = if k > MAX_REFINE_LINES { 0 } else { 2 };
        for height in h.saturating_sub(spread).max(1)..=(h + spread).min(folded.len() - p) {
            let joined = (p..p + height)
                .map(|i| folded.text(i))
                .collect::<Vec<_>>()
                .join("\n");
            let ratio = likeness(&old_joined, &joined, &mut budget);
            let distance = |p: usize| hint.map_or(0, |line| (folded.line(p) + 1).abs_diff(line));
            let better = winner
                .is_none_or(|(r, q, _)| ratio > r || (ratio == r && distance(p) < distance(q)));
            if better {
                winner = Some((ratio, p, height));
            }
        }
    }
    winner
}

/// The most characters (of both texts) compared character by character in one refinement.
const MAX_REFINE_CHARS: usize = 2_000;
/// The Myers steps (at most the square of the characters compared) all refinements of one
/// search may take: past it, regions are compared line by line. A bound on the inputs, not on
/// time, so a loaded machine gives the same answer.
pub(crate) const REFINE_BUDGET: usize = 40_000_000;

/// How alike `a` and `b` are, 0..1 (twice the characters they share over both lengths, as
/// `similar`'s ratio): character by character while `budget` lasts and they are short enough
/// (their longest common subsequence, what a Myers diff keeps equal, counted 64 characters at
/// a time by [`common_len`]; the budget is charged as for a Myers diff, so the same pairs are
/// compared this way),
/// else by their equal lines (a line counting its characters and its break).
pub(crate) fn likeness(a: &str, b: &str, budget: &mut usize) -> f64 {
    let total = a.chars().count() + b.chars().count();
    if total == 0 {
        return 1.0;
    }
    let cost = total * total;
    let shared = if total <= MAX_REFINE_CHARS && cost <= *budget {
        *budget -= cost;
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        common_len(&a, &b)
    } else {
        let (a, b): (Vec<&str>, Vec<&str>) = (a.split('\n').collect(), b.split('\n').collect());
        let ops = diff_within(&a, &b, MAX_DIFF_ITEMS);
        let widths: Vec<usize> = a.iter().map(|l| l.chars().count() + 1).collect();
        ops_equal_width(&ops, &widths)
    };
    (2 * shared) as f64 / total as f64
}

/// The characters of `old`'s lines in the equal runs of `ops` (`widths`: each line's).
fn ops_equal_width(ops: &[DiffOp], widths: &[usize]) -> usize {
    ops.iter()
        .map(|op| match op {
            DiffOp::Equal { old_index, len, .. } => {
                widths[*old_index..old_index + len].iter().sum()
            }
            _ => 0,
        })
        .sum()
}

/// How much each folded line of the file has of `old`'s folded lines: the character
/// trigrams it shares with them, plus its length when it equals one of them. Character
/// trigrams tell near-identical lines apart where whole words tie (`user7` and `user3` share
/// no word with `account7`, but `user7 = ` shares `7 =`). One pass over the file, with a
/// lookup per byte in a table small enough to stay in the fastest cache.
fn line_scores(folded: &FoldedLines, old_folded: &[String]) -> Vec<usize> {
    let grams = GramSet::new(old_folded.iter().flat_map(|l| trigrams(l)));
    let mut old_lines: Vec<&str> = old_folded.iter().map(String::as_str).collect();
    old_lines.sort_unstable();
    (0..folded.len())
        .map(|i| {
            let line = folded.text(i);
            let shared = trigrams(line).filter(|&g| grams.contains(g)).count();
            let equal = old_lines.binary_search(&line).is_ok();
            shared + if equal { line.len() } else { 0 }
        })
        .collect()
}

/// The starts of the `n` best windows of `h` lines by total score, best first (earlier first
/// among equals), each at least `h` lines from the one kept before it. Selected from a heap:
/// only as many windows are ordered as are looked at.
fn best_windows(scores: &[usize], h: usize, n: usize) -> Vec<usize> {
    let mut window: usize = scores[..h].iter().sum();
    let mut all = Vec::with_capacity(scores.len() - h + 1);
    all.push((window, std::cmp::Reverse(0)));
    for p in 1..=scores.len() - h {
        window = window + scores[p + h - 1] - scores[p - 1];
        all.push((window, std::cmp::Reverse(p)));
    }
    let mut heap = std::collections::BinaryHeap::from(all);
    let mut kept: Vec<usize> = Vec::with_capacity(n);
    while kept.len() < n
        && let Some((_, std::cmp::Reverse(p))) = heap.pop()
    {
        if kept.last().is_none_or(|&q| q.abs_diff(p) >= h.max(1)) {
            kept.push(p);
        }
    }
    kept
}

/// A set of trigrams (24-bit values): open addressing in a table four times their number, so
/// that a lookup is a multiplication and, nearly always, one or two probes.
struct GramSet {
    /// `gram + 1` in each used slot, 0 in the free ones.
    slots: Vec<u32>,
    shift: u32,
}

impl GramSet {
    fn new(grams: impl Iterator<Item = u32>) -> GramSet {
        let mut grams: Vec<u32> = grams.collect();
        grams.sort_unstable();
        grams.dedup();
        let size = (grams.len() * 4).next_power_of_two().max(16);
        let mut set = GramSet {
            slots: vec![0; size],
            shift: 32 - size.trailing_zeros(),
        };
        for g in grams {
            let i = set.slot(g);
            set.slots[i] = g + 1;
        }
        set
    }

    /// The slot holding `g`, or the free slot where it would go.
    fn slot(&self, g: u32) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (g.wrapping_mul(0x9E37_79B1) >> self.shift) as usize;
        while self.slots[i] != 0 && self.slots[i] != g + 1 {
            i = (i + 1) & mask;
        }
        i
    }

    fn contains(&self, g: u32) -> bool {
        self.slots[self.slot(g)] != 0
    }
}

/// The byte trigrams of a line, packed into integers.
fn trigrams(line: &str) -> impl Iterator<Item = u32> + '_ {
    line.as_bytes()
        .windows(3)
        .map(|w| u32::from(w[0]) << 16 | u32::from(w[1]) << 8 | u32::from(w[2]))
}

/// Classifies how `old` differs from a file region: line endings, then what a diff of their
/// non-blank lines (folded) finds — indentation, trailing whitespace and typographic
/// characters on lines that fold equal, token pairs on lines that do not, and lines only
/// one of them has.
pub(crate) fn differences(old: &str, region: &str) -> Vec<Difference> {
    let mut out: Vec<Difference> = eol_difference(old, region).into_iter().collect();
    let old_lines: Vec<&str> = model_lines(old)
        .0
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let file_lines: Vec<&str> = split_lines(region)
        .iter()
        .map(|l| l.content(region))
        .filter(|l| !l.trim().is_empty())
        .collect();
    let fold = |l: &&str| crate::text::fold::fold_line(l);
    let a: Vec<String> = old_lines.iter().map(fold).collect();
    let b: Vec<String> = file_lines.iter().map(fold).collect();
    let mut tally = Tally::default();
    for op in bounded_diff(&a, &b) {
        tally.add(op, (&old_lines, &file_lines), (&a, &b));
    }
    tally.into_differences(&mut out);
    out
}

/// [`Difference::Eol`] when `old` and the region both have line breaks, of different kinds.
fn eol_difference(old: &str, region: &str) -> Option<Difference> {
    let eol_of = |s: &str| {
        if s.contains("\r\n") {
            "crlf"
        } else if s.contains('\r') {
            "cr"
        } else if s.contains('\n') {
            "lf"
        } else {
            ""
        }
    };
    let (file_eol, old_eol) = (eol_of(region), eol_of(old));
    (!file_eol.is_empty() && !old_eol.is_empty() && file_eol != old_eol).then(|| Difference::Eol {
        file: file_eol.to_string(),
        old: old_eol.to_string(),
    })
}

/// What the line diff of `old` against a region found, gathered op by op.
#[derive(Default)]
struct Tally {
    indent: bool,
    trailing: bool,
    typo: bool,
    idents: Vec<(String, String)>,
    literals: Vec<(String, String)>,
    tokens: Vec<(String, String)>,
    missing: Vec<String>,
    extra: Vec<String>,
}

impl Tally {
    /// Adds one diff op over the lines (`old`'s, the file's) and their folded forms.
    fn add(&mut self, op: DiffOp, lines: (&[&str], &[&str]), folded: (&[String], &[String])) {
        let (old_lines, file_lines) = lines;
        let owned = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                for d in 0..len {
                    self.equal(old_lines[old_index + d], file_lines[new_index + d]);
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => self
                .missing
                .extend(owned(&old_lines[old_index..old_index + old_len])),
            DiffOp::Insert {
                new_index, new_len, ..
            } => self
                .extra
                .extend(owned(&file_lines[new_index..new_index + new_len])),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let (a, b) = folded;
                let o = a[old_index..old_index + old_len].join("\n");
                let f = b[new_index..new_index + new_len].join("\n");
                token_pairs(
                    &o,
                    &f,
                    &mut self.idents,
                    &mut self.literals,
                    &mut self.tokens,
                );
                if old_len > new_len {
                    let lost = &old_lines[old_index + new_len..old_index + old_len];
                    self.missing.extend(owned(lost));
                } else if new_len > old_len {
                    let added = &file_lines[new_index + old_len..new_index + new_len];
                    self.extra.extend(owned(added));
                }
            }
        }
    }

    /// A line of `old` and a file line that fold equal: what folding hid.
    fn equal(&mut self, o: &str, f: &str) {
        self.indent |= indentation(o) != indentation(f);
        self.trailing |= o.len() - o.trim_end().len() != f.len() - f.trim_end().len()
            || o.trim_end() != o && o.trim_end().len() == f.trim_end().len() && o != f;
        self.typo |= line_key(o.trim()) == line_key(f.trim()) && o.trim() != f.trim();
    }

    /// The differences found, in report order, each list capped at [`MAX_LISTED`].
    fn into_differences(self, out: &mut Vec<Difference>) {
        for (flag, d) in [
            (self.indent, Difference::Indentation),
            (self.trailing, Difference::TrailingWhitespace),
            (self.typo, Difference::Typographic),
        ] {
            if flag {
                out.push(d);
            }
        }
        for (pairs, make) in [
            (
                self.idents,
                (|pairs, more| Difference::Identifiers { pairs, more }) as fn(_, _) -> _,
            ),
            (self.literals, |pairs, more| Difference::Literals {
                pairs,
                more,
            }),
            (self.tokens, |pairs, more| Difference::Tokens {
                pairs,
                more,
            }),
        ] {
            if !pairs.is_empty() {
                let (pairs, more) = capped(pairs);
                let pairs = pairs.into_iter().map(|(a, b)| (clip(a), clip(b))).collect();
                out.push(make(pairs, more));
            }
        }
        if !self.missing.is_empty() {
            let (lines, more) = capped(self.missing);
            let lines = lines.into_iter().map(clip).collect();
            out.push(Difference::MissingLines { lines, more });
        }
        if !self.extra.is_empty() {
            let (lines, more) = capped(self.extra);
            let lines = lines.into_iter().map(clip).collect();
            out.push(Difference::ExtraLines { lines, more });
        }
    }
}

/// A rough lexer for the report: identifiers, numbers, quoted strings, single punctuation.
fn lex(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = i + c.len_utf8();
        if c.is_alphanumeric() || c == '_' || c == '$' {
            while let Some(&(j, d)) = chars.peek() {
                if d.is_alphanumeric() || d == '_' || d == '$' || (c.is_ascii_digit() && d == '.') {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
        } else if matches!(c, '"' | '\'' | '`') {
            let mut escaped = false;
            for (j, d) in chars.by_ref() {
                end = j + d.len_utf8();
                if !escaped && d == c {
                    break;
                }
                escaped = !escaped && d == '\\';
            }
        }
        out.push(&s[i..end]);
    }
    out
}

/// `'x'` and `"x"`: the same string in another quote style, which the structural tier
/// already treats as equal — not a difference worth naming.
fn same_but_quotes(a: &str, b: &str) -> bool {
    let inner = |s: &str| {
        let q = s.chars().next().filter(|c| matches!(c, '"' | '\'' | '`'))?;
        s.strip_prefix(q)?.strip_suffix(q).map(str::to_string)
    };
    inner(a).is_some_and(|x| Some(x) == inner(b))
}

fn token_pairs(
    old: &str,
    file: &str,
    idents: &mut Vec<(String, String)>,
    literals: &mut Vec<(String, String)>,
    tokens: &mut Vec<(String, String)>,
) {
    let (a, b) = (lex(old), lex(file));
    let is_ident = |t: &str| t.starts_with(|c: char| c.is_alphabetic() || c == '_' || c == '$');
    let is_literal =
        |t: &str| t.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '"' | '\'' | '`'));
    // Pairs already listed: a set, so that a long replacement stays linear.
    let mut seen: HashSet<(String, String)> = idents
        .iter()
        .chain(literals.iter())
        .chain(tokens.iter())
        .cloned()
        .collect();
    for op in bounded_diff(&a, &b) {
        if let DiffOp::Replace {
            old_index,
            old_len,
            new_index,
            new_len,
        } = op
        {
            for d in 0..old_len.min(new_len) {
                let pair = (a[old_index + d].to_string(), b[new_index + d].to_string());
                if same_but_quotes(&pair.0, &pair.1) {
                    continue;
                }
                let list = if is_ident(&pair.0) && is_ident(&pair.1) {
                    &mut *idents
                } else if is_literal(&pair.0) || is_literal(&pair.1) {
                    &mut *literals
                } else {
                    &mut *tokens
                };
                if seen.insert(pair.clone()) {
                    list.push(pair);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_a_renamed_identifier_and_a_literal() {
        let d = differences(
            "const user = load(userId, 10);\n",
            "const user = load(userID, 20);\n",
        );
        assert_eq!(
            d,
            vec![
                Difference::Identifiers {
                    pairs: vec![("userId".into(), "userID".into())],
                    more: 0
                },
                Difference::Literals {
                    pairs: vec![("10".into(), "20".into())],
                    more: 0
                },
            ]
        );
    }

    #[test]
    fn quote_style_alone_is_not_a_literal_difference() {
        let d = differences("f('a', userId)\n", "f(\"a\", userID)\n");
        assert_eq!(
            d,
            vec![Difference::Identifiers {
                pairs: vec![("userId".into(), "userID".into())],
                more: 0
            }]
        );
    }

    #[test]
    fn names_eol_and_indentation() {
        let d = differences("if a:\n  b()\n", "if a:\r\n    b()\r\n");
        assert_eq!(
            d,
            vec![
                Difference::Eol {
                    file: "crlf".into(),
                    old: "lf".into()
                },
                Difference::Indentation
            ]
        );
    }

    #[test]
    fn lexes_strings_whole() {
        assert_eq!(lex("f('a b', x1)"), ["f", "(", "'a b'", ",", "x1", ")"]);
    }
}
