//! Parsing an edited text from an earlier tree, so that a tree is paid for once per document
//! and each later version costs what its change costs.
//!
//! Contract:
//! - [`parse`] parses a text, whole or only the byte ranges given (tree-sitter's included
//!   ranges: the tree's nodes carry offsets of the whole text, and nothing outside the ranges
//!   is read), optionally reusing an earlier tree of the same ranges.
//! - [`edit_between`] describes, as a tree-sitter [`InputEdit`], the one change that turns one
//!   text into another (their common prefix and suffix kept, on character boundaries).
//! - [`reparse`] gives the tree of an edited text from the tree of the original: the tree is
//!   edited, then parsed again with itself as the old tree, over the same ranges moved by the
//!   edit. Tree-sitter reuses every subtree the change does not touch, and the result is the
//!   tree a fresh parse of those ranges would give.
//! - [`next_tree`] is the same step for the next version of a whole document
//!   (`Document::edited`).
//!
//! Parsers are kept per thread and per language, apart from `Language::parse`'s, because
//! their included ranges are set on every call here.

use std::cell::RefCell;
use std::ops::Range;

use tree_sitter::{InputEdit, Parser, Point, Tree};

use super::parsed::{Syntax, error_count};
use crate::lang::{ALL, Language};

/// Parses `text` as `lang`, whole when `ranges` is empty, else only those byte ranges (in
/// order, not overlapping), reusing `old` (a tree of the same ranges, already edited to
/// `text`) where it can. `None` if the grammar is not built in or the ranges are invalid.
pub(crate) fn parse(
    lang: Language,
    text: &str,
    ranges: &[tree_sitter::Range],
    old: Option<&Tree>,
) -> Option<Tree> {
    thread_local! {
        static PARSERS: RefCell<[Option<Parser>; ALL.len()]> =
            const { RefCell::new([None, None, None, None, None, None]) };
    }
    let index = ALL.iter().position(|l| *l == lang)?;
    PARSERS.with_borrow_mut(|parsers| {
        let slot = &mut parsers[index];
        if slot.is_none() {
            let mut parser = Parser::new();
            parser.set_language(&lang.grammar()?).ok()?;
            *slot = Some(parser);
        }
        let parser = slot.as_mut()?;
        parser.set_included_ranges(ranges).ok()?;
        parser.parse(text, old)
    })
}

/// The included ranges of `text` for byte `windows` (sorted, disjoint, each starting at a
/// line start): rows counted once, in one pass over the text up to the last window.
pub(crate) fn ranges_of(text: &str, windows: &[Range<usize>]) -> Vec<tree_sitter::Range> {
    let mut rows = Rows::default();
    windows
        .iter()
        .map(|w| tree_sitter::Range {
            start_byte: w.start,
            end_byte: w.end,
            start_point: rows.point(text, w.start),
            end_point: rows.point(text, w.end),
        })
        .collect()
}

/// Row and column of byte offsets asked in increasing order, counting line breaks once.
#[derive(Default)]
struct Rows {
    at: usize,
    row: usize,
}

impl Rows {
    fn point(&mut self, text: &str, at: usize) -> Point {
        let bytes = text.as_bytes();
        if at < self.at {
            *self = Rows::default();
        }
        self.row += memchr::memchr_iter(b'\n', &bytes[self.at..at]).count();
        self.at = at;
        let line_start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
        Point::new(self.row, at - line_start)
    }
}

/// The one change turning `before` into `after` (their common prefix and suffix kept, cut
/// on character boundaries), given that they are equal outside `around` (a byte range of
/// `before`; the suffix after it has the same length in both). `None` when they are equal.
pub(crate) fn edit_between(before: &str, after: &str, around: Range<usize>) -> Option<InputEdit> {
    let span = changed(before, after, around)?;
    Some(input_edit(before, after, span))
}

/// The bytes where `before` and `after` differ: (start, end in `before`, end in `after`).
fn changed(before: &str, after: &str, around: Range<usize>) -> Option<(usize, usize, usize)> {
    if before == after {
        return None;
    }
    let (b, a) = (before.as_bytes(), after.as_bytes());
    let known_tail = before.len().saturating_sub(around.end);
    let from = around.start.min(b.len()).min(a.len());
    let mut start = from
        + b[from..]
            .iter()
            .zip(&a[from..])
            .take_while(|(x, y)| x == y)
            .count();
    while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
        start -= 1;
    }
    let room = b.len().min(a.len()) - start;
    let tail_from = known_tail.min(room);
    let mut tail = tail_from
        + b[..b.len() - tail_from]
            .iter()
            .rev()
            .zip(a[..a.len() - tail_from].iter().rev())
            .take(room - tail_from)
            .take_while(|(x, y)| x == y)
            .count();
    while !before.is_char_boundary(b.len() - tail) || !after.is_char_boundary(a.len() - tail) {
        tail -= 1;
    }
    Some((start, b.len() - tail, a.len() - tail))
}

/// The tree-sitter edit of a change (`changed`), with its rows and columns.
fn input_edit(
    before: &str,
    after: &str,
    (start, old_end, new_end): (usize, usize, usize),
) -> InputEdit {
    let start_point = Rows::default().point(before, start);
    let end_point = |text: &str, end: usize| {
        let piece = &text.as_bytes()[start..end];
        let rows = memchr::memchr_iter(b'\n', piece).count();
        match memchr::memrchr(b'\n', piece) {
            Some(i) => Point::new(start_point.row + rows, end - (start + i + 1)),
            None => Point::new(start_point.row, start_point.column + (end - start)),
        }
    };
    InputEdit {
        start_byte: start,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: start_point,
        old_end_position: end_point(before, old_end),
        new_end_position: end_point(after, new_end),
    }
}

/// The tree of `after`, an edit of `before` (equal to it outside `around`, a byte range of
/// `before`), from `syntax`'s tree of `before`: an incremental re-parse over the same ranges
/// (the whole text, or the windows `syntax` was parsed in). Without a tree, a whole parse.
/// The last result is kept: the writer's checks often ask for the same text again.
pub(crate) fn reparse(
    syntax: &Syntax,
    before: &str,
    after: &str,
    around: Range<usize>,
) -> Option<Tree> {
    let lang = syntax.language();
    let Some(tree) = &syntax.tree else {
        return lang.parse(after);
    };
    let Some(span) = changed(before, after, around) else {
        return Some(tree.clone());
    };
    let inserted = &after.as_bytes()[span.0..span.2];
    let key = (span.0, span.1);
    let mut last = syntax.reparsed.0.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((k, bytes, tree)) = last.as_ref()
        && *k == key
        && bytes.as_slice() == inserted
    {
        return Some(tree.clone());
    }
    let mut edited = tree.clone();
    edited.edit(&input_edit(before, after, span));
    let ranges = edited.included_ranges();
    let tree = parse(lang, after, &ranges, Some(&edited))?;
    *last = Some((key, inserted.to_vec(), tree.clone()));
    Some(tree)
}

/// Whether `after` (an edit of `before`, the text `syntax` covers whole, equal to it outside
/// `around`) certainly parses without a syntax error: its incremental re-parse shows none. A
/// cheap first answer for the post-edit checks on a warm document; `false` says nothing.
pub(crate) fn clean_after(
    syntax: &Syntax,
    before: &str,
    after: &str,
    around: Range<usize>,
) -> bool {
    syntax.covers.is_none()
        && syntax.tree.is_some()
        && reparse(syntax, before, after, around).is_some_and(|t| error_count(&t) == 0)
}

/// The tree was parsed over some ranges of its text only (windows), not the whole text.
pub(crate) fn is_partial(tree: &Tree) -> bool {
    !matches!(
        tree.included_ranges().as_slice(),
        [r] if r.start_byte == 0 && r.end_byte == u32::MAX as usize
    )
}

/// The whole tree of `after`, the next version of a document whose whole tree of `before` is
/// `tree` (a document's own edit, or any other change: the common prefix and suffix decide).
pub(crate) fn next_tree(lang: Language, tree: &Tree, before: &str, after: &str) -> Option<Tree> {
    let Some(edit) = edit_between(before, after, 0..before.len()) else {
        return Some(tree.clone());
    };
    let mut edited = tree.clone();
    edited.edit(&edit);
    parse(lang, after, &[], Some(&edited))
}

/// The window's significant tokens of a whole text (`text`, an edit of `file` at `range`):
/// what a respelling or a re-wrapping must keep, and the errors of its parse.
pub(crate) fn meaning(
    syntax: &Syntax,
    (file, range): (&str, &Range<usize>),
    text: &str,
    window: Range<usize>,
) -> Option<(usize, Vec<(String, bool)>)> {
    let lang = syntax.language();
    let tree = reparse(syntax, file, text, range.clone())?;
    let scan = super::tokens::scan(&tree, text, lang.rules(), window, false);
    let toks = scan
        .tokens
        .iter()
        .map(|t| (format!("{:?}{}", t.class, t.key(text)), t.end.is_some()))
        .collect();
    Some((error_count(&tree), toks))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sexp(tree: &Tree) -> String {
        tree.root_node().to_sexp()
    }

    #[test]
    fn the_edit_is_the_changed_middle_with_its_positions() {
        let before = "a\nbc\nd\n";
        let after = "a\nbXYc\nd\n";
        let e = edit_between(before, after, 0..before.len()).unwrap();
        assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (3, 3, 5));
        assert_eq!(e.start_position, Point::new(1, 1));
        assert_eq!(e.new_end_position, Point::new(1, 3));
        let after = "a\nb\n\nxc\nd\n";
        let e = edit_between(before, after, 2..5).unwrap();
        assert_eq!((e.start_byte, e.old_end_byte, e.new_end_byte), (3, 3, 6));
        assert_eq!(e.new_end_position, Point::new(3, 1));
        assert!(edit_between(before, before, 0..0).is_none());
        // Never inside a character.
        let e = edit_between("xé", "xè", 0..3).unwrap();
        assert_eq!((e.start_byte, e.old_end_byte), (1, 3));
    }

    #[test]
    fn an_incremental_reparse_equals_a_fresh_parse() {
        let lang = Language::TypeScript;
        let before = "function f(a) {\n  return a + 1;\n}\n\nfunction g() {\n  return 2;\n}\n";
        let after = before.replace("a + 1", "a * (1 + b)");
        let tree = lang.parse(before).unwrap();
        let next = next_tree(lang, &tree, before, &after).unwrap();
        assert_eq!(sexp(&next), sexp(&lang.parse(&after).unwrap()));
    }

    #[test]
    fn windows_reparse_over_the_moved_ranges() {
        let lang = Language::Python;
        let text =
            "def a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef c():\n    return 3\n";
        let b = text.find("def b").unwrap();
        let c = text.find("def c").unwrap();
        let window = b..c;
        let tree = parse(
            lang,
            text,
            &ranges_of(text, std::slice::from_ref(&window)),
            None,
        )
        .unwrap();
        assert_eq!(tree.root_node().start_byte(), b);
        let syntax = Syntax::from_tree(lang, Some(tree), text, None);
        let after = text.replace("return 2", "if x:\n        return 22");
        let at = text.find("return 2").unwrap();
        let tree = reparse(&syntax, text, &after, at..at + 8).unwrap();
        let range = tree.included_ranges()[0];
        assert_eq!(range.start_byte, b);
        assert_eq!(range.end_byte, c + after.len() - text.len());
        let fresh = parse(lang, &after, &[range], None).unwrap();
        assert_eq!(sexp(&tree), sexp(&fresh));
        assert_eq!(error_count(&tree), 0);
    }
}
