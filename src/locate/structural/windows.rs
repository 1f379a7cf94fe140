//! Candidate windows: the structural tier at the cost of the places `old` can be, not of the
//! file.
//!
//! Before the whole file is parsed, `old`'s rarest token — an identifier, a number or a string
//! value, searched as text with `memchr::memmem` — says where `old` can be: a place equivalent
//! to `old` holds a token with that key, and that token's text is spelled in the file (see
//! [`candidate`] for which tokens qualify). Every occurrence of that text gets a window: its
//! lines widened by a margin of lines and then to the nearest top-level boundary on each side
//! (a non-blank line at column 0 that does not continue or close something:
//! [`crate::syntax::boundaries`], as `write::parse_check` draws its windows). Overlapping windows merge, and only the windows are
//! parsed (tree-sitter's included ranges: one tree whose nodes carry file offsets), or, on a
//! document whose whole tree is at hand ([`crate::syntax::incremental`]), only the windows' tokens
//! are read off that tree. The matching is the whole file's ([`super::matching`]) on the
//! windows' tokens.
//!
//! **The rule that makes the answer the whole file's.** A second equivalent place outside the
//! windows is impossible because every occurrence of the rare token's text is windowed, and
//! every match holding one of the windows' rare tokens lies inside its window: each window
//! must keep at least `old`'s token count (plus two) of tokens between any rare token and the
//! window's edge — the edge of the file excepted —, or the margin grows and the windows are
//! parsed again. A window parse with any syntax error is not trusted (a boundary line inside a
//! string or a comment would show as one).
//!
//! **Fallbacks** (`None`: the caller parses the whole file): `old` has no usable token, its
//! rarest one is too common ([`Limits`]) or absent from the file, the windows would cover more
//! than a quarter of the file, no boundary lies within [`MAX_WINDOW`](crate::syntax::boundaries::MAX_WINDOW) lines, or the windows
//! find no place — a miss's report needs the closest candidate, which is searched in the whole
//! file.
//!
//! The writer needs no more than the windows: the match carries their syntax ([`Held`]), its
//! checks re-parse that tree incrementally, and the file's [conventions](crate::syntax::conventions)
//! are learned around the edit (parsing a wider sample only when the windows show too few
//! examples).
//!
//! One spelling is taken on trust: a quoted key whose value is an identifier spelled with an
//! escape (`'f\x6fo': 1` is the word `foo`) is not searched; such a key in a file where
//! `old` has the identifier `foo` would be missed by the windows.

use std::ops::Range;
use std::sync::Arc;

use memchr::memmem;
use tree_sitter::Tree;

use super::matching::{self, Outcome};
use crate::lang::Language;
use crate::syntax::boundaries::{merge, windows};
use crate::syntax::fragment::Fragment;
use crate::syntax::incremental;
use crate::syntax::literals::is_identifier;
use crate::syntax::parsed::{Held, Syntax, error_count};
use crate::syntax::token::TokenClass;

/// When windowing is worth it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Limits {
    /// The windows may cover at most this share of the file.
    pub max_share: f64,
    /// The rare token may occur at most this many times.
    pub max_occurrences: usize,
    /// How many of `old`'s tokens (longest first) are counted to find the rarest.
    pub candidates: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_share: 0.25,
            max_occurrences: 32,
            candidates: 8,
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Limits the document's structural tier uses on this thread (tests force windows).
    static FORCED: std::cell::Cell<Option<Limits>> = const { std::cell::Cell::new(None) };
}

impl Limits {
    /// The limits in force: the defaults (in unit tests, those a test forced on its thread).
    pub(crate) fn current() -> Limits {
        #[cfg(test)]
        if let Some(forced) = FORCED.get() {
            return forced;
        }
        Limits::default()
    }

    /// Runs `f` with `self` in force on this thread (unit tests only).
    #[cfg(test)]
    pub(crate) fn forced<T>(self, f: impl FnOnce() -> T) -> T {
        let before = FORCED.replace(Some(self));
        let out = f();
        FORCED.set(before);
        out
    }
}

/// Locates `old` in windows of `text` ([`Limits::current`]), parsing them, or reading their
/// tokens off `warm` (the whole text's tree) when given. `None`: parse the whole file.
pub(crate) fn locate(
    lang: Language,
    text: &str,
    old: &str,
    warm: Option<&Tree>,
) -> Option<Outcome> {
    locate_with(lang, text, old, warm, &Limits::current())
}

/// [`locate`] with explicit limits.
pub(crate) fn locate_with(
    lang: Language,
    text: &str,
    old: &str,
    warm: Option<&Tree>,
    limits: &Limits,
) -> Option<Outcome> {
    let frag = Fragment::parse(lang, old);
    if frag.tokens.iter().all(|t| t.class.is_marker()) {
        return Some(Outcome::NotFound(None));
    }
    let rare = rarest(text, old, &frag, limits)?;
    let need = frag.tokens.len() + 2;
    let spans: Vec<Range<usize>> = rare
        .hits
        .iter()
        .map(|&at| at..at + rare.spelled.len())
        .collect();
    let key = |s: &Syntax| s.lookup(rare.class, &rare.key);
    let syntax = syntax_around(
        lang,
        text,
        &spans,
        lines(old),
        warm,
        limits,
        |s, windows| key(s).is_none_or(|sym| rare_tokens_inside(s, sym, windows, text.len(), need)),
    )?;
    let syms = matching::symbols(&syntax, old, &frag);
    match matching::equivalents(&syntax, text, old, &frag, &syms)? {
        Outcome::Unique(mut found) => {
            found.syntax = Some(Held(Arc::new(syntax)));
            Some(Outcome::Unique(found))
        }
        other => Some(other),
    }
}

/// The places structurally equivalent to `new` that may hold `at` (a place located for `old`),
/// found in windows around `at` — reusing `place`, the syntax `at` was found in, when it holds
/// enough tokens around it —, or in `whole` (the whole file's syntax, built by the call when
/// the windows cannot decide). Every such place is among them: a place holding `at` holds its
/// first token, so it lies within `new`'s token count of it.
pub(crate) fn places_around<'a>(
    lang: Language,
    text: &str,
    new: &str,
    at: &Range<usize>,
    place: Option<&Syntax>,
    warm: Option<&Tree>,
    whole: impl FnOnce() -> Option<&'a Syntax>,
) -> Vec<Range<usize>> {
    let frag = Fragment::parse(lang, new);
    if frag.tokens.iter().all(|t| t.class.is_marker()) {
        return Vec::new();
    }
    let need = frag.tokens.len() + 2;
    let holds = |s: &Syntax, _: &[Range<usize>]| tokens_around(s, at, text.len(), need);
    let local = match place.filter(|s| holds(s, &[])) {
        Some(s) => Some(Shared::Borrowed(s)),
        None => syntax_around(
            lang,
            text,
            std::slice::from_ref(at),
            lines(new),
            warm,
            &Limits::current(),
            holds,
        )
        .map(|s| Shared::Owned(Box::new(s))),
    };
    let syntax = match &local {
        Some(s) => s.get(),
        None => match whole() {
            Some(s) => s,
            None => return Vec::new(),
        },
    };
    let syms = matching::symbols(syntax, new, &frag);
    match matching::equivalents(syntax, text, new, &frag, &syms) {
        Some(Outcome::Unique(found)) => vec![found.range],
        Some(Outcome::Ambiguous(ranges)) => ranges,
        _ => Vec::new(),
    }
}

/// A syntax borrowed from a match or built for the call.
enum Shared<'a> {
    Borrowed(&'a Syntax),
    Owned(Box<Syntax>),
}

impl Shared<'_> {
    fn get(&self) -> &Syntax {
        match self {
            Shared::Borrowed(s) => s,
            Shared::Owned(s) => s,
        }
    }
}

/// Lines of a fragment (at least 1).
fn lines(fragment: &str) -> usize {
    fragment.lines().count().max(1)
}

/// The syntax of windows around `spans` of `text` (margins of lines grown until `enough`
/// holds for the windows, at most three times), or `None` when they would cover too much of
/// the file, find no boundary, or parse with errors.
fn syntax_around(
    lang: Language,
    text: &str,
    spans: &[Range<usize>],
    fragment_lines: usize,
    warm: Option<&Tree>,
    limits: &Limits,
    enough: impl Fn(&Syntax, &[Range<usize>]) -> bool,
) -> Option<Syntax> {
    let mut margin = 2 * fragment_lines + 4;
    for _ in 0..3 {
        let mut windows = windows(text, spans, margin)?;
        if let Some(tree) = warm {
            windows = whole_items(tree, &windows);
        }
        let covered: usize = windows.iter().map(|w| w.len()).sum();
        if covered as f64 > limits.max_share * text.len() as f64 {
            return None;
        }
        let syntax = match warm {
            Some(tree) => Syntax::from_tree(lang, Some(tree.clone()), text, Some(&windows)),
            None => {
                let ranges = incremental::ranges_of(text, &windows);
                let tree = incremental::parse(lang, text, &ranges, None)?;
                if error_count(&tree) > 0 {
                    return None;
                }
                Syntax::from_tree(lang, Some(tree), text, Some(&windows))
            }
        };
        if enough(&syntax, &windows) {
            return Some(syntax);
        }
        margin *= 4;
    }
    None
}

/// Every token with symbol `sym` in `windows` has `need` tokens of its window on each side
/// (none needed at the file's edges).
fn rare_tokens_inside(
    syntax: &Syntax,
    sym: u32,
    windows: &[Range<usize>],
    len: usize,
    need: usize,
) -> bool {
    windows.iter().all(|w| {
        let (a, b) = token_span(syntax, w);
        (a..b)
            .filter(|&j| syntax.tokens[j].sym == sym)
            .all(|j| (w.start == 0 || j >= a + need) && (w.end >= len || j + need < b))
    })
}

/// `syntax` holds the tokens around `at` with `need` of them on each side, in one window.
fn tokens_around(syntax: &Syntax, at: &Range<usize>, len: usize, need: usize) -> bool {
    let all = 0..len;
    let covers = syntax
        .covers
        .as_deref()
        .unwrap_or(std::slice::from_ref(&all));
    let Some(w) = covers
        .iter()
        .find(|w| w.start <= at.start && at.end <= w.end)
    else {
        return false;
    };
    let (a, b) = token_span(syntax, w);
    let first = syntax.tokens[a..b].partition_point(|t| t.range.start < at.start) + a;
    let last = syntax.tokens[a..b].partition_point(|t| t.range.start < at.end) + a;
    (w.start == 0 || first >= a + need) && (w.end >= len || last + need <= b)
}

/// The token indices whose start lies in `window`.
fn token_span(syntax: &Syntax, window: &Range<usize>) -> (usize, usize) {
    let a = syntax
        .tokens
        .partition_point(|t| t.range.start < window.start);
    let b = syntax
        .tokens
        .partition_point(|t| t.range.start < window.end);
    (a, b.max(a))
}

/// `windows` widened to whole top-level nodes of `tree` (the whole text's tree), merged.
fn whole_items(tree: &Tree, windows: &[Range<usize>]) -> Vec<Range<usize>> {
    let root = tree.root_node();
    let widened = windows.iter().map(|w| {
        let start = root
            .first_child_for_byte(w.start)
            .filter(|n| n.start_byte() < w.start)
            .map_or(w.start, |n| n.start_byte());
        let end = root
            .first_child_for_byte(w.end.saturating_sub(1))
            .filter(|n| n.start_byte() < w.end)
            .map_or(w.end, |n| n.end_byte().max(w.end));
        start..end
    });
    merge(widened.collect())
}

/// `old`'s rarest searchable token: its key, its spelling in the file, and where that
/// spelling occurs.
#[derive(Debug)]
struct Rare {
    class: TokenClass,
    key: String,
    spelled: String,
    hits: Vec<usize>,
}

/// What the text says about spellings, learned once per search.
struct Spellings<'t> {
    text: &'t str,
    /// No number literal with `_` separators (`1_000`): a digits-only key is spelled as is.
    plain_numbers: Option<bool>,
    /// No escape that spells a character another way (`\x41`, `\u0041`) and no line
    /// continuation inside a string: a string value without quotes, backslashes or control
    /// characters is spelled as is.
    plain_strings: Option<bool>,
}

impl Spellings<'_> {
    fn numbers(&mut self) -> bool {
        let text = self.text.as_bytes();
        *self.plain_numbers.get_or_insert_with(|| {
            memchr::memchr_iter(b'_', text).all(|i| {
                if !i.checked_sub(1).is_some_and(|p| text[p].is_ascii_digit()) {
                    return true;
                }
                // The run of word characters holding this `_`: a number when it starts with
                // a digit (`1_000`), else an identifier (`v2_name`).
                let start = text[..i]
                    .iter()
                    .rposition(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$'))
                    .map_or(0, |p| p + 1);
                !text[start].is_ascii_digit()
            })
        })
    }

    fn strings(&mut self) -> bool {
        let text = self.text.as_bytes();
        *self.plain_strings.get_or_insert_with(|| {
            memchr::memchr_iter(b'\\', text).all(|i| {
                !matches!(
                    text.get(i + 1),
                    Some(b'x' | b'u' | b'U' | b'N' | b'\n' | b'\r')
                )
            })
        })
    }
}

/// The text to search for a token of `old` (its key, `t.key(old)`), if every file token with
/// that key is spelled that way: an identifier or keyword (its text is its key), a number of
/// digits only (when the file writes no digit separators), a string whose value has no
/// character an escape could spell (when the file has no such escape).
fn candidate(class: TokenClass, key: &str, spelled: &str, file: &mut Spellings) -> Option<String> {
    match class {
        TokenClass::Word if key == spelled && key.len() >= 2 && is_identifier(key) => {
            Some(key.to_string())
        }
        TokenClass::Num if key.len() >= 2 && key.bytes().all(|b| b.is_ascii_digit()) => {
            file.numbers().then(|| key.to_string())
        }
        TokenClass::Str => {
            let (_, value) = key.split_once('\0')?;
            let plain =
                value.len() >= 3 && !value.contains(['\\', '\'', '"', '`', '\n', '\r', '\t', '\0']);
            (plain && file.strings()).then(|| value.to_string())
        }
        _ => None,
    }
}

/// `old`'s rarest searchable token (fewest occurrences of its spelling; the longer one on a
/// tie), among the `limits.candidates` longest. `None` when `old` has none, or the rarest is
/// absent or occurs more than `limits.max_occurrences` times.
fn rarest(text: &str, old: &str, frag: &Fragment, limits: &Limits) -> Option<Rare> {
    let mut file = Spellings {
        text,
        plain_numbers: None,
        plain_strings: None,
    };
    let mut candidates: Vec<(TokenClass, String, String)> = Vec::new();
    for t in &frag.tokens {
        let key = t.key(old);
        let spelled = old.get(t.range.clone()).unwrap_or("");
        if let Some(s) = candidate(t.class, key, spelled, &mut file)
            && !candidates.iter().any(|c| c.2 == s)
        {
            candidates.push((t.class, key.to_string(), s));
        }
    }
    candidates.sort_by_key(|c| std::cmp::Reverse(c.2.len()));
    candidates.truncate(limits.candidates);
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, _, spelled)) in candidates.iter().enumerate() {
        let most = best.map_or(limits.max_occurrences, |(count, _)| count - 1);
        let count = memmem::find_iter(text.as_bytes(), spelled.as_bytes())
            .take(most + 1)
            .count();
        if count == 0 {
            return None;
        }
        if count <= most {
            best = Some((count, i));
        }
        if count == 1 {
            break;
        }
    }
    let (_, i) = best?;
    let (class, key, spelled) = candidates.swap_remove(i);
    let hits = memmem::find_iter(text.as_bytes(), spelled.as_bytes()).collect();
    Some(Rare {
        class,
        key,
        spelled,
        hits,
    })
}

#[cfg(test)]
mod tests;
