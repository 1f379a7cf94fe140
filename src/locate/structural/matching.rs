//! Finding the fragment's token sequence in the file's: every exact occurrence (KMP,
//! linear in file size), then unique / ambiguous / closest-candidate diagnostics.

use std::collections::HashMap;
use std::ops::Range;

use crate::text::bounded_diff::diff_within;
use similar::DiffOp;

use crate::syntax::fragment::Fragment;
use crate::syntax::parsed::{FileToken, Syntax};
use crate::syntax::token::{SyntaxToken, TokenClass};

/// Result of a structural locate.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    /// Exactly one place in the file is equivalent to `old`.
    Unique(TokenMatch),
    /// Several places are; editing any of them would be a guess.
    Ambiguous(Vec<Range<usize>>),
    /// None is; the closest candidate (if any) explains why.
    NotFound(Option<TokenCandidate>),
}

/// A unique structural match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TokenMatch {
    /// Bytes of the file that `old` denotes (whole lines when `old` spans whole lines).
    pub range: Range<usize>,
    /// From the first to the last matched significant token.
    pub(crate) core: Range<usize>,
    /// The matched run of file token indices, aligned 1:1 with `old`'s tokens.
    pub(crate) tokens: Range<usize>,
    /// The syntax `tokens` index when it is not the document's whole-file one: the windows
    /// the match was found in ([`super::windows`]).
    pub(crate) syntax: Option<crate::syntax::parsed::Held>,
}

/// The nearest non-matching candidate, for a report that says what differs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TokenCandidate {
    pub range: Range<usize>,
    /// 0..1, share of significant tokens in common.
    pub similarity: f64,
    /// Identifiers that differ: (in old, in file).
    pub identifiers: Vec<(String, String)>,
    /// Literals that differ: (in old, in file).
    pub literals: Vec<(String, String)>,
}

/// At most this many ambiguous ranges are listed.
const MAX_LISTED: usize = 64;
/// An anchor token occurring more often than this is not used for voting.
const RARE: usize = 64;
/// The most tokens (of `old` and a window together, common ends left out) a candidate
/// window is aligned token by token: at most about 36 million Myers steps per window, a
/// bound on the inputs, not on time, so a loaded machine gives the same answer. Past it
/// the window counts only its common ends.
const MAX_ALIGNED_TOKENS: usize = 6_000;

/// Locates `old` in the file `syntax` was parsed from (`text`).
pub(crate) fn locate(syntax: &Syntax, text: &str, old: &str) -> Outcome {
    let frag = Fragment::parse(syntax.language(), old);
    if frag.tokens.iter().all(|t| t.class.is_marker()) {
        return Outcome::NotFound(None);
    }
    let syms = symbols(syntax, old, &frag);
    equivalents(syntax, text, old, &frag, &syms)
        .unwrap_or_else(|| Outcome::NotFound(closest(syntax, text, old, &frag, &syms)))
}

/// The file's symbol for each of `old`'s tokens (`None`: the file has no such token).
pub(crate) fn symbols(syntax: &Syntax, old: &str, frag: &Fragment) -> Vec<Option<u32>> {
    frag.tokens
        .iter()
        .map(|t| syntax.lookup(t.class, t.key(old)))
        .collect()
}

/// The places equivalent to `old` (its tokens `frag`, their symbols `syms`): one
/// (`Unique`), several (`Ambiguous`), or `None`.
pub(crate) fn equivalents(
    syntax: &Syntax,
    text: &str,
    old: &str,
    frag: &Fragment,
    syms: &[Option<u32>],
) -> Option<Outcome> {
    let hits: Vec<usize> = match syms.iter().copied().collect::<Option<Vec<u32>>>() {
        Some(needle) => find_all(&needle, syntax)
            .into_iter()
            .filter(|&start| same_statements(syntax, frag, start))
            .filter(|&start| starts_where_old_does(syntax, text, old, start))
            .collect(),
        None => Vec::new(),
    };
    match hits.as_slice() {
        [] => None,
        [start] => Some(Outcome::Unique(found(syntax, text, old, frag, *start))),
        many => Some(Outcome::Ambiguous(
            many.iter()
                .take(MAX_LISTED)
                .map(|&s| found(syntax, text, old, frag, s).range)
                .collect(),
        )),
    }
}

/// All start indices where `needle` occurs in the file's symbol sequence, in order (at most
/// `MAX_LISTED + 1`). On a large syntax whose rarest needle symbol is rare enough, only the
/// starts that put that symbol where the needle has it are checked (every occurrence holds
/// it); otherwise one pass of KMP.
fn find_all(needle: &[u32], syntax: &Syntax) -> Vec<usize> {
    if syntax.tokens.len() < 4096 {
        return find_all_kmp(needle, syntax);
    }
    let positions = syntax.positions();
    let count = |s: u32| positions.get(s as usize).map_or(0, Vec::len);
    let Some(rarest) = needle.iter().copied().min_by_key(|&s| count(s)) else {
        return Vec::new();
    };
    if count(rarest) * needle.len() > syntax.tokens.len() / 4 {
        return find_all_kmp(needle, syntax);
    }
    let offsets: Vec<usize> = (0..needle.len()).filter(|&i| needle[i] == rarest).collect();
    let mut starts: Vec<usize> = positions[rarest as usize]
        .iter()
        .flat_map(|&p| {
            offsets
                .iter()
                .filter_map(move |&i| (p as usize).checked_sub(i))
        })
        .filter(|&s| {
            syntax
                .tokens
                .get(s..s + needle.len())
                .is_some_and(|run| run.iter().zip(needle).all(|(t, &n)| t.sym == n))
        })
        .collect();
    starts.sort_unstable();
    starts.dedup();
    starts.truncate(MAX_LISTED + 1);
    starts
}

/// [`find_all`] by one pass of KMP over the file's symbols.
fn find_all_kmp(needle: &[u32], syntax: &Syntax) -> Vec<usize> {
    let m = needle.len();
    let mut fail = vec![0usize; m];
    let mut k = 0;
    for i in 1..m {
        while k > 0 && needle[i] != needle[k] {
            k = fail[k - 1];
        }
        if needle[i] == needle[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut hits = Vec::new();
    let mut k = 0;
    for (i, t) in syntax.tokens.iter().enumerate() {
        while k > 0 && t.sym != needle[k] {
            k = fail[k - 1];
        }
        if t.sym == needle[k] {
            k += 1;
        }
        if k == m {
            hits.push(i + 1 - m);
            if hits.len() > MAX_LISTED {
                break;
            }
            k = fail[k - 1];
        }
    }
    hits
}

/// The fragment and the file end statements at the same tokens: a statement end the
/// file has is one `old` has too (`return\n  x` is `return; x`, not `return x;`); one
/// `old` spells out (its `;`) is one the file has (`b;\n(c)` is not the call
/// `b\n(c)`). A statement end `old` only has by its parse (no `;`) may be its
/// context's misreading (JSX children parsed as statements) and is not required. At
/// the fragment's last token only a spelled end that closes its line counts (the
/// file's statement may go on after a fragment that stops).
fn same_statements(syntax: &Syntax, frag: &Fragment, start: usize) -> bool {
    let m = frag.tokens.len();
    frag.tokens.iter().enumerate().all(|(i, t)| {
        let Some(f) = syntax.tokens.get(start + i) else {
            return false;
        };
        let last = i + 1 == m;
        match (t.end, f.end) {
            (Some(true), false) => false,
            (None, true) => last,
            _ => true,
        }
    })
}

/// Whether a match starting at file token `start` begins where `old` does: never right
/// after a member access (`timeout = 30` is not the `timeout = 30` of `self.timeout = 30`),
/// and, when `old` starts with its line's indentation (the model copied a whole line), not
/// inside an expression: after an operator, a `,` or an opening bracket on the file's line
/// (`value = parse(s)` is not the tail of `cache[key] = value = parse(s)`). A statement a
/// formatter joined onto the line before (`if (a) return true;`) still begins where `old`
/// does, and so does a chained call's line (`.replace(…)`).
fn starts_where_old_does(syntax: &Syntax, text: &str, old: &str, start: usize) -> bool {
    let Some(first) = syntax.tokens.get(start) else {
        return false;
    };
    let at = first.range.start;
    let before = text[crate::text::lines::line_start(text, at)..at].trim_end();
    if [".", "->", "::", "?."].iter().any(|m| before.ends_with(m)) {
        return false;
    }
    let indented = old.starts_with([' ', '\t', '\n', '\r']);
    let continues = old.trim_start().starts_with(['.', '?']);
    let inside_expression = before.ends_with([
        '=', '+', '-', '*', '/', '%', '&', '|', '^', '<', '>', '!', '~', ',', '(', '[',
    ]) && !before.chars().all(|c| c == '(');
    !(indented && !continues && inside_expression)
}

/// Builds the match result: byte span of the matched run, widened to whole lines when
/// `old` itself spans whole lines and no other token shares those lines.
fn found(syntax: &Syntax, text: &str, old: &str, frag: &Fragment, start: usize) -> TokenMatch {
    let run = start..start + frag.tokens.len();
    let (Some(cs), Some(ce)) = real_edges(syntax, &run) else {
        return TokenMatch {
            range: 0..0,
            core: 0..0,
            tokens: run,
            syntax: None,
        };
    };
    let core = cs..ce;
    let around = real_edges(syntax, &(0..run.start)).1.unwrap_or(0)
        ..real_edges(syntax, &(run.end..syntax.tokens.len()))
            .0
            .unwrap_or(text.len());
    // Comments `old` begins or ends with are part of what it denotes: the region takes in
    // the file's comments they stand for, so they anchor an insertion among them.
    let (mut range, edges) = take_comments(syntax, text, old, frag, core.clone(), &around);
    // What follows `old`'s last token is layout or trivia (`;`, a comment), so only the
    // file side decides whether the match ends its line.
    if starts_line(old, frag, edges.start) {
        let old_has_eol = old.get(edges.end..).is_some_and(|s| s.contains('\n'));
        range = whole_lines(text, range, &around, old_has_eol);
    }
    TokenMatch {
        range,
        core,
        tokens: run,
        syntax: None,
    }
}

/// The start of the first and the end of the last real (not marker) token among the
/// file's tokens `run` (bytes of the file; `None` when there is none).
fn real_edges(syntax: &Syntax, run: &Range<usize>) -> (Option<usize>, Option<usize>) {
    let toks = &syntax.tokens[run.clone()];
    let first = toks
        .iter()
        .find(|t| !t.class.is_marker())
        .map(|t| t.range.start);
    let last = toks
        .iter()
        .rev()
        .find(|t| !t.class.is_marker())
        .map(|t| t.range.end);
    (first, last)
}

/// The match `core` (bytes of the file) widened over the file's comments that `old`'s
/// leading and trailing comments stand for, found between it and its neighbours
/// (`around`: the end of the file's token before it, the start of the one after); and
/// `old`'s significant span ([`frag_edges`]) widened over those comments of `old`.
fn take_comments(
    syntax: &Syntax,
    text: &str,
    old: &str,
    frag: &Fragment,
    core: Range<usize>,
    around: &Range<usize>,
) -> (Range<usize>, Range<usize>) {
    let (mut fs, mut fe) = frag_edges(frag);
    let (lead, trail) = edge_comments(frag, fs, fe);
    let start = anchor_comments(syntax, text, old, &lead, around.start..core.start, true);
    let end = anchor_comments(syntax, text, old, &trail, core.end..around.end, false);
    if start.is_some() {
        fs = lead.first().map_or(fs, |c| c.start);
    }
    if end.is_some() {
        fe = trail.last().map_or(fe, |c| c.end);
    }
    let span = start.map_or(core.start, |(s, _)| s)..end.map_or(core.end, |(_, e)| e);
    (span, fs..fe)
}

/// `old` starts its first line: only whitespace and comments precede byte `fs` (its first
/// token, or the first comment it anchored).
fn starts_line(old: &str, frag: &Fragment, fs: usize) -> bool {
    old.get(..fs).is_some_and(|p| {
        let uncommented = frag
            .comments
            .iter()
            .filter(|c| c.end <= fs)
            .fold(p.to_string(), |acc, c| acc.replace(&p[c.clone()], ""));
        uncommented.trim().is_empty()
    })
}

/// `range` (bytes of `text`) widened to its whole lines when no other token shares them
/// (`around`: the end of the token before, the start of the one after): from the first
/// line's start through the last line's end of line when `old_has_eol`, else to the end
/// of its content (a `\r` before the `\n` stays out); `range` itself otherwise.
fn whole_lines(
    text: &str,
    range: Range<usize>,
    around: &Range<usize>,
    old_has_eol: bool,
) -> Range<usize> {
    let (cs, ce) = (range.start, range.end);
    let ls = text[..cs].rfind('\n').map_or(0, |i| i + 1);
    let nl = text[ce..].find('\n').map(|i| ce + i);
    let le = nl.unwrap_or(text.len());
    if around.start > ls || around.end < le {
        return range;
    }
    let end = match nl {
        Some(nl) if old_has_eol => nl + 1,
        Some(nl) if text[..nl].ends_with('\r') && nl > ce => nl - 1,
        _ => le,
    };
    ls..end
}

/// `old`'s comments before its first significant token and after its last one.
fn edge_comments(frag: &Fragment, fs: usize, fe: usize) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let lead = frag.comments.iter().filter(|c| c.end <= fs).cloned();
    let trail = frag.comments.iter().filter(|c| c.start >= fe).cloned();
    (lead.collect(), trail.collect())
}

/// The file's comments in `gap` (between the match's tokens and its neighbours) that
/// `comments` of `old` stand for, in order and skipping comments `old` lacks: the span from the
/// first to the last of them, when every one of `old`'s is found. `before`: the gap precedes
/// the match, and the comments nearest to it must be matched first.
fn anchor_comments(
    syntax: &Syntax,
    text: &str,
    old: &str,
    comments: &[Range<usize>],
    gap: Range<usize>,
    before: bool,
) -> Option<(usize, usize)> {
    if comments.is_empty() {
        return None;
    }
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let wanted: Vec<String> = comments
        .iter()
        .filter_map(|c| old.get(c.clone()))
        .map(norm)
        .collect();
    let in_gap: Vec<&Range<usize>> = syntax
        .comments
        .iter()
        .filter(|c| c.start >= gap.start && c.end <= gap.end)
        .collect();
    // From the match outwards: before it, the last wanted comment against the nearest one.
    let (mut wanted, mut in_gap) = (wanted, in_gap);
    if before {
        wanted.reverse();
        in_gap.reverse();
    }
    let mut want = wanted.iter().peekable();
    let mut found: Vec<&Range<usize>> = Vec::new();
    for c in in_gap {
        if want
            .peek()
            .is_some_and(|w| text.get(c.clone()).map(norm).as_ref() == Some(*w))
        {
            found.push(c);
            want.next();
        }
    }
    if want.peek().is_some() {
        return None;
    }
    let start = found.iter().map(|c| c.start).min()?;
    let end = found.iter().map(|c| c.end).max()?;
    Some((start, end))
}

/// Byte offsets (in `old`) of the first significant token start and last one's end.
pub(crate) fn frag_edges(frag: &Fragment) -> (usize, usize) {
    let first = frag.tokens.iter().find(|t| !t.class.is_marker());
    let last = frag.tokens.iter().rev().find(|t| !t.class.is_marker());
    (
        first.map_or(0, |t| t.range.start),
        last.map_or(0, |t| t.range.end),
    )
}

/// The most similar window of the file: rare fragment tokens vote for where the
/// fragment would start; the best few windows are aligned token by token.
fn closest(
    syntax: &Syntax,
    text: &str,
    old: &str,
    frag: &Fragment,
    syms: &[Option<u32>],
) -> Option<TokenCandidate> {
    let m = syms.len();
    let starts = spread(votes(syntax, frag, syms), m / 2, 3);
    // Unknown fragment tokens get sentinels that equal nothing in the file.
    let needle: Vec<u32> = syms
        .iter()
        .enumerate()
        .map(|(i, s)| s.unwrap_or(u32::MAX - (i as u32 % 1_000_000)))
        .collect();
    let file: Vec<u32> = syntax.tokens.iter().map(|t| t.sym).collect();
    let mut best: Option<TokenCandidate> = None;
    for s in starts {
        let Some(window) = window(s, m, file.len()) else {
            continue;
        };
        let ops = aligned(&needle, &file, window);
        let tally = Tally::of(&ops, syntax, text, old, frag);
        if tally.matched == 0 {
            continue;
        }
        let similarity = 2.0 * tally.matched as f64 / (m + tally.last - tally.first) as f64;
        if best.as_ref().is_some_and(|b| b.similarity >= similarity) {
            continue;
        }
        best = Some(tally.candidate(syntax, similarity));
    }
    best
}

/// The diff of `needle` against the file's tokens in `window`, with the file's indices.
fn aligned(needle: &[u32], file: &[u32], window: Range<usize>) -> Vec<DiffOp> {
    let shift = window.start;
    diff_within(needle, &file[window], MAX_ALIGNED_TOKENS)
        .into_iter()
        .map(|op| match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => DiffOp::Equal {
                old_index,
                new_index: new_index + shift,
                len,
            },
            DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => DiffOp::Delete {
                old_index,
                old_len,
                new_index: new_index + shift,
            },
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => DiffOp::Insert {
                old_index,
                new_index: new_index + shift,
                new_len,
            },
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => DiffOp::Replace {
                old_index,
                old_len,
                new_index: new_index + shift,
                new_len,
            },
        })
        .collect()
}

/// Votes for where `old` (its tokens `frag`, their file symbols `syms`) would start in the
/// file's tokens (an index, negative when it would start before the file): each of its
/// rarest tokens in the file (those occurring at most [`RARE`] times, at least 4 of them,
/// at most 32) votes for the starts that put it at each of its first 4096 occurrences.
fn votes(syntax: &Syntax, frag: &Fragment, syms: &[Option<u32>]) -> HashMap<isize, u32> {
    let positions = syntax.positions();
    let mut anchors: Vec<(usize, usize, u32)> = syms
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.map(|s| (positions.get(s as usize).map_or(0, Vec::len), i, s)))
        .filter(|(count, i, _)| *count > 0 && !frag.tokens[*i].class.is_marker())
        .collect();
    anchors.sort_unstable();
    let rare = anchors
        .iter()
        .take_while(|(c, _, _)| *c <= RARE)
        .count()
        .max(4);
    anchors.truncate(rare.min(32));
    let mut votes: HashMap<isize, u32> = HashMap::new();
    for &(_, i, s) in &anchors {
        for &p in positions
            .get(s as usize)
            .map_or(&[][..], |v| &v[..])
            .iter()
            .take(4096)
        {
            let start = p as isize - i as isize;
            *votes.entry(start).or_default() += 1;
        }
    }
    votes
}

/// The most voted starts (ties: the earlier first), each more than `apart` from those
/// taken before it, `most` of them at most.
fn spread(votes: HashMap<isize, u32>, apart: usize, most: usize) -> Vec<isize> {
    let mut ranked: Vec<(u32, isize)> = votes.into_iter().map(|(s, v)| (v, s)).collect();
    ranked.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut chosen: Vec<isize> = Vec::new();
    for (_, s) in ranked {
        if chosen.iter().all(|c| c.abs_diff(s) > apart) {
            chosen.push(s);
        }
        if chosen.len() == most {
            break;
        }
    }
    chosen
}

/// The file tokens to align an `m`-token `old` against when it would start at token `s`
/// of a file of `len` tokens: `s` to `s + m`, with a slack of a quarter of `m` (4 at least)
/// on either side, cut to the file; `None` when nothing is left.
fn window(s: isize, m: usize, len: usize) -> Option<Range<usize>> {
    let slack = (m / 4).max(4) as isize;
    let lo = (s - slack).max(0) as usize;
    let hi = ((s + m as isize + slack).max(0) as usize).min(len);
    (lo < hi).then_some(lo..hi)
}

/// What an alignment of `old`'s tokens against a window of the file's says.
struct Tally {
    /// Tokens aligned as equal.
    matched: usize,
    /// The file tokens from the first to the last equal one (`first` is `usize::MAX` and
    /// `last` 0 when none is).
    first: usize,
    last: usize,
    /// Identifiers and literals aligned with a different one: (in old, in file).
    identifiers: Vec<(String, String)>,
    literals: Vec<(String, String)>,
}

impl Tally {
    /// Tallies `ops`, the alignment of `old`'s tokens `frag` (old side) against the file's
    /// tokens in `syntax` (new side, of `text`).
    fn of(ops: &[DiffOp], syntax: &Syntax, text: &str, old: &str, frag: &Fragment) -> Tally {
        let mut tally = Tally {
            matched: 0,
            first: usize::MAX,
            last: 0,
            identifiers: Vec::new(),
            literals: Vec::new(),
        };
        for op in ops {
            match *op {
                DiffOp::Equal { new_index, len, .. } => {
                    tally.matched += len;
                    tally.first = tally.first.min(new_index);
                    tally.last = tally.last.max(new_index + len);
                }
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => {
                    let olds = (old_index..old_index + old_len).map(|i| &frag.tokens[i]);
                    let news = (new_index..new_index + new_len).map(|i| &syntax.tokens[i]);
                    for (o, f) in olds.zip(news) {
                        tally.differ(o, old, f, text);
                    }
                }
                DiffOp::Delete { .. } | DiffOp::Insert { .. } => {}
            }
        }
        tally
    }

    /// Notes `o` (a token of `old`) aligned with the different `f` (of the file's `text`)
    /// when both are words, one an identifier, or both are literals.
    fn differ(&mut self, o: &SyntaxToken, old: &str, f: &FileToken, text: &str) {
        let pair = || {
            (
                old.get(o.range.clone()).unwrap_or("").to_string(),
                text.get(f.range.clone()).unwrap_or("").to_string(),
            )
        };
        if o.class == TokenClass::Word && f.class == TokenClass::Word && (o.ident || f.ident) {
            self.identifiers.push(pair());
        } else if o.class.is_literal() && f.class.is_literal() {
            self.literals.push(pair());
        }
    }

    /// The candidate: the bytes from the first to the last real token of the matched span,
    /// and at most 16 differing identifiers and literals each.
    fn candidate(mut self, syntax: &Syntax, similarity: f64) -> TokenCandidate {
        let toks = &syntax.tokens[self.first..self.last];
        let start = toks
            .iter()
            .find(|t| !t.class.is_marker())
            .map_or(0, |t| t.range.start);
        let end = toks
            .iter()
            .rev()
            .find(|t| !t.class.is_marker())
            .map_or(start, |t| t.range.end);
        self.identifiers.truncate(16);
        self.literals.truncate(16);
        TokenCandidate {
            range: start..end,
            similarity,
            identifiers: self.identifiers,
            literals: self.literals,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn at(text: &str, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Unique(f) => text[f.range.clone()].to_string(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn a_match_widens_to_lines_no_other_token_shares() {
        let text = "a();\n  foo(1);\r\nb();\n";
        let core = 7..14;
        // The tokens around end at 4 (`a();`) and start at 16 (`b();`).
        assert_eq!(whole_lines(text, core.clone(), &(4..16), true), 5..16);
        assert_eq!(whole_lines(text, core.clone(), &(4..16), false), 5..14);
        // A token before it on its line keeps the range as it is.
        assert_eq!(whole_lines(text, core.clone(), &(6..16), true), core);
        assert_eq!(whole_lines("x = 1", 4..5, &(0..5), true), 0..5);
    }

    #[test]
    fn old_starts_its_line_after_layout_and_comments_only() {
        let lang = Language::TypeScript;
        let old = "  // note\n  foo();";
        let frag = Fragment::parse(lang, old);
        assert!(starts_line(old, &frag, frag_edges(&frag).0));
        let old = "x; foo();";
        let frag = Fragment::parse(lang, old);
        assert!(!starts_line(old, &frag, 3));
        assert!(starts_line(old, &frag, 0));
    }

    #[test]
    fn candidate_windows_are_the_most_voted_and_apart() {
        let votes = HashMap::from([(10, 3), (12, 3), (40, 2), (-5, 3), (80, 1)]);
        assert_eq!(spread(votes.clone(), 4, 3), vec![-5, 10, 40]);
        assert_eq!(spread(votes, 1, 3), vec![-5, 10, 12]);
        assert_eq!(window(10, 8, 100), Some(6..22));
        assert_eq!(window(-5, 40, 30), Some(0..30));
        assert_eq!(window(-50, 8, 100), None);
        assert_eq!(window(98, 8, 100), Some(94..100));
    }

    #[test]
    fn reformatted_call_is_found_and_widened_to_lines() {
        let text = "function f() {\n  foo(\n    a,\n    b,\n  );\n  bar();\n}\n";
        let syntax = Syntax::parse(Language::TypeScript, text);
        let out = locate(&syntax, text, "  foo(a, b)\n");
        assert_eq!(at(text, &out), "  foo(\n    a,\n    b,\n  );\n");
        // Without a final newline the line's EOL stays outside the range.
        let out = locate(&syntax, text, "foo(a, b)");
        assert_eq!(at(text, &out), "  foo(\n    a,\n    b,\n  );");
        // Mid-line fragments are not widened.
        let out = locate(&syntax, text, "= foo(a, b)");
        assert!(matches!(out, Outcome::NotFound(_)));
        let out = locate(&syntax, text, "(a, b);\n  bar");
        assert_eq!(at(text, &out), "(\n    a,\n    b,\n  );\n  bar");
    }

    #[test]
    fn renamed_identifier_is_not_found_but_reported() {
        let text = "function f() {\n  const userId = load(1);\n  save(userId);\n}\n";
        let syntax = Syntax::parse(Language::TypeScript, text);
        let Outcome::NotFound(Some(c)) =
            locate(&syntax, text, "const userID = load(1);\nsave(userID);")
        else {
            panic!("expected a closest candidate");
        };
        assert_eq!(
            c.identifiers,
            vec![
                ("userID".into(), "userId".into()),
                ("userID".into(), "userId".into())
            ]
        );
        assert!(c.similarity > 0.7 && c.similarity < 1.0, "{}", c.similarity);
        assert_eq!(&text[c.range], "const userId = load(1);\n  save(userId)");
    }

    fn unique(lang: Language, text: &str, old: &str) -> bool {
        let syntax = Syntax::parse(lang, text);
        matches!(locate(&syntax, text, old), Outcome::Unique(_))
    }

    #[test]
    fn statement_ends_must_agree() {
        use Language::*;
        // ASI hazards: the file's statements are not old's.
        for (lang, text, old) in [
            (
                TypeScript,
                "const a = b\n(c || d).run()\n",
                "const a = b;\n(c || d).run();\n",
            ),
            (
                JavaScript,
                "let x = g()\n[a, b].forEach(h)\n",
                "let x = g();\n[a, b].forEach(h);\n",
            ),
            (
                JavaScript,
                "function f() {\n  a\n  ++b\n}\n",
                "  a++;\n  b;\n",
            ),
            (
                JavaScript,
                "function f(x) {\n  return\n    x * 2\n}\n",
                "  return x * 2;\n",
            ),
            (Go, "package p\nfunc f() {\n\tb\n\t(c)\n}\n", "\tb(c)\n"),
            (
                Go,
                "package p\nfunc f() int {\n\treturn\n\tx()\n}\n",
                "\treturn x()\n",
            ),
        ] {
            assert!(!unique(lang, text, old), "{lang:?}: {old:?} in {text:?}");
        }
        // The same statements, however their ends are spelled.
        for (lang, text, old) in [
            (
                TypeScript,
                "const a = b\n;(c || d).run()\n",
                "const a = b;\n(c || d).run();\n",
            ),
            (
                TypeScript,
                "const a = b;\n(c || d).run();\n",
                "const a = b\n;(c || d).run()\n",
            ),
            (TypeScript, "a()\nb()\n", "a();\nb();\n"),
            (TypeScript, "a();\nb();\n", "a()\nb()\n"),
            (
                JavaScript,
                "function f() {\n  a++\n  b\n}\n",
                "  a++;\n  b;\n",
            ),
            (
                JavaScript,
                "export const a = 1;\nfoo();\n",
                "const a = 1\nfoo()\n",
            ),
            (
                Go,
                "package p\nfunc f() {\n\ta := 1;\n\tb(a);\n}\n",
                "\ta := 1\n\tb(a)\n",
            ),
        ] {
            assert!(unique(lang, text, old), "{lang:?}: {old:?} in {text:?}");
        }
    }

    #[test]
    fn fragment_edges_leave_statements_open() {
        use Language::*;
        let text = "function f() {\n  foo(a, b).then(c);\n  x = y + 1;\n}\n";
        // A fragment stopping mid-statement (mid-line, or unclosed) matches the start
        // of the file's longer statement; a header ending in `{` still matches.
        assert!(unique(TypeScript, text, "foo(a, b)"));
        assert!(unique(TypeScript, text, "  x = y\n"));
        assert!(unique(TypeScript, text, "  foo(a,\n"));
        assert!(unique(
            TypeScript,
            text,
            "function f() {\n  foo(a, b).then(c);\n"
        ));
        // One that writes its end and closes its line does not.
        assert!(!unique(TypeScript, text, "  foo(a, b);\n"));
        // JSX children parse as statements alone: an unspelled end is not required.
        let jsx =
            "const v = (\n  <div>\n    <input a={b} />\n    {c && <p>{d}</p>}\n  </div>\n);\n";
        assert!(unique(
            Tsx,
            jsx,
            "    <input a={b} />\n    {c && <p>{d}</p>}\n"
        ));
    }

    #[test]
    fn twice_is_ambiguous_and_garbage_is_harmless() {
        let text = "a(1);\nb();\na(1);\n";
        let syntax = Syntax::parse(Language::JavaScript, text);
        let Outcome::Ambiguous(r) = locate(&syntax, text, "a( 1 )") else {
            panic!("ambiguous")
        };
        assert_eq!(r, vec![0..5, 11..16]);
        for junk in [
            "",
            "   \n",
            "}}}{{{",
            "\"unterminated",
            "\u{0}\u{feff}é",
            "((((((((",
        ] {
            let _ = locate(&syntax, text, junk);
        }
        assert!(matches!(locate(&syntax, text, ""), Outcome::NotFound(None)));
    }
}
