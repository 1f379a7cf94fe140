//! A line the write makes wider than the file's print width, broken the way the file's
//! formatter breaks it.
//!
//! A formatter that keeps a print width (Prettier) puts a call's arguments on one line when
//! they fit, and one per line when they do not; a last object, array or function is hugged
//! (`f(a, {` … `})`) when the hugging line fits. So the file's own argument lists (the
//! grammar's `width_lists`, holding no comment and no argument of `width_hugs`) bound that
//! width:
//! - a line holding a whole one-line list is at most as wide as the width;
//! - a list broken one argument per line (each argument alone on its line, the lines
//!   consecutive, the closer alone but for `;` `,` `)` `]`) would be wider joined on one line.
//!
//! Where the code around the edit shows at least two of each, and every fitting line is
//! narrower than every joined list, the narrowest joined list is a [`Bound::limit`] the
//! file's formatter never lets a line reach. Where it does not (a file formatted by hand, a
//! mixed one, indentation by tabs), nothing is learned and nothing changes.
//!
//! Only a line at least as wide as every file line holding a `(` within 64 lines of the edit
//! is considered (narrower, it is within the width the file shows), and the lists are read in
//! the code around the edit, grown once by 16 lines, never in the whole file: the cost is
//! the edit's.
//!
//! A line the write made (not one of the file's own lines) that reaches the limit, and is
//! one call statement (`f(a, b);`, `await f(a, {`: the call first on its line after
//! `return`, `await`, `throw` or `yield` at most, its callee calling nothing, its closer
//! ending the statement) is broken as the formatter breaks it: each argument on a line of
//! its own one indentation unit deeper (a hugged argument's lines with it), a trailing comma
//! when the file's broken lists end with one, the closer back at the line's indentation. A
//! one-line list holding an argument the formatter would hug is left alone (it would be
//! hugged, not broken). The result is parsed again: it must say what the unbroken write says.

use crate::write::rule::{RuleFamily, WriterRule};
use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::Node;

use crate::lang::{Rules, role};
use crate::syntax::conventions::each_node;
use crate::text::lines::line_start;

/// A written line wider than the file's print width, broken as its formatter breaks it ([`rewrap`]).
pub(crate) const BREAK_WIDE_LINES: WriterRule = WriterRule {
    name: "break_wide_lines",
    family: RuleFamily::Width,
    summary: "a call the write makes wider than the file's print width is broken one argument per line, as the formatter does",
};

/// What the file's argument lists show of its print width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bound {
    /// The widest line holding a whole one-line list.
    fits: usize,
    /// How many one-line lists were seen.
    fitting: usize,
    /// The narrowest broken list, joined on one line.
    breaks: usize,
    /// How many broken lists were seen.
    broken: usize,
    /// Broken lists `[with, without]` a trailing comma.
    commas: [usize; 2],
}

impl Default for Bound {
    fn default() -> Bound {
        Bound {
            fits: 0,
            fitting: 0,
            breaks: usize::MAX,
            broken: 0,
            commas: [0, 0],
        }
    }
}

/// Lists of each kind a bound needs before it says anything.
const EVIDENCE: usize = 2;

impl Bound {
    /// Reads the lists of `tree` (of `text`) that overlap `windows`, each once.
    pub(crate) fn learn_in(
        tree: &tree_sitter::Tree,
        text: &str,
        rules: &Rules,
        windows: &[Range<usize>],
    ) -> Bound {
        let mut bound = Bound::default();
        let mut seen = HashSet::new();
        for w in windows {
            each_node(tree, w, |node| {
                if rules.role(node.kind_id()) & role::WIDTH_LIST != 0 && seen.insert(node.id()) {
                    bound.count(node, text, rules);
                }
            });
        }
        bound
    }

    fn count(&mut self, list: Node, text: &str, rules: &Rules) {
        let Some(items) = items(list, rules) else {
            return;
        };
        if items.is_empty() || items.iter().any(|i| hugs(*i, rules)) {
            return;
        }
        let (open, close) = brackets(list);
        if open.start_position().row == close.start_position().row {
            if let Some(w) = line_width(text, open.start_byte()) {
                self.fits = self.fits.max(w);
                self.fitting += 1;
            }
        } else if let Some((w, comma)) = joined(text, open, &items, close) {
            self.breaks = self.breaks.min(w);
            self.broken += 1;
            self.commas[usize::from(!comma)] += 1;
        }
    }

    /// A width no line of the file's formatter reaches, when the code shows one.
    pub(crate) fn limit(&self) -> Option<usize> {
        (self.fitting >= EVIDENCE && self.broken >= EVIDENCE && self.fits < self.breaks)
            .then_some(self.breaks)
    }

    /// Too few lists to tell (not a code that contradicts a width).
    pub(crate) fn thin(&self) -> bool {
        let mixed = self.fitting > 0 && self.broken > 0 && self.fits >= self.breaks;
        !mixed && self.limit().is_none()
    }

    /// The file's broken lists end with a comma.
    fn trailing_comma(&self) -> bool {
        self.commas[0] > self.commas[1]
    }
}

/// A list's arguments (its named children), or `None` when it holds a comment.
fn items<'t>(list: Node<'t>, rules: &Rules) -> Option<Vec<Node<'t>>> {
    let mut cursor = list.walk();
    let items: Vec<Node> = list.named_children(&mut cursor).collect();
    let comment = items
        .iter()
        .any(|n| rules.role(n.kind_id()) & role::COMMENT != 0);
    (!comment).then_some(items)
}

/// An argument the formatter hugs when it comes last.
fn hugs(item: Node, rules: &Rules) -> bool {
    rules.role(item.kind_id()) & role::WIDTH_HUG != 0
}

/// A list's first and last child: its brackets.
fn brackets(list: Node) -> (Node, Node) {
    let last = list.child_count().saturating_sub(1);
    (
        list.child(0).unwrap_or(list),
        list.child(last).unwrap_or(list),
    )
}

/// The line holding byte `at` of `text`, without its line ending.
fn line_at(text: &str, at: usize) -> Range<usize> {
    let start = line_start(text, at);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let end = if text[..end].ends_with('\r') {
        end - 1
    } else {
        end
    };
    start..end
}

/// The width in characters of the line holding `at`, unless it is indented with tabs.
fn line_width(text: &str, at: usize) -> Option<usize> {
    let line = &text[line_at(text, at)];
    (!line.trim_start_matches(' ').starts_with('\t')).then(|| line.chars().count())
}

/// A list broken one argument per line, joined on one line: its width, and whether its last
/// argument has a trailing comma. `None` for any other layout.
fn joined(text: &str, open: Node, items: &[Node], close: Node) -> Option<(usize, bool)> {
    let row = open.start_position().row;
    let consecutive = items
        .iter()
        .enumerate()
        .all(|(i, n)| n.start_position().row == row + 1 + i && n.end_position().row == row + 1 + i);
    let last = items.last()?;
    let close_line = line_at(text, close.start_byte());
    let rest = &text[close.end_byte()..close_line.end];
    let alone = text[close_line.start..close.start_byte()].trim().is_empty()
        && rest.chars().all(|c| ";,)]".contains(c));
    let open_line = line_at(text, open.start_byte());
    let opens_line = text[open.end_byte()..open_line.end].trim().is_empty();
    if !consecutive || close.start_position().row != row + items.len() + 1 || !alone || !opens_line
    {
        return None;
    }
    let head =
        line_width(text, open.start_byte())? - text[open.end_byte()..open_line.end].chars().count();
    let args: usize = items
        .iter()
        .map(|n| text[n.byte_range()].chars().count())
        .sum::<usize>()
        + 2 * (items.len() - 1);
    let comma = last.next_sibling().is_some_and(|n| n.kind() == ",");
    Some((head + args + 1 + rest.chars().count(), comma))
}

/// Words a call statement's line may start with before the call.
const LEADS: [&str; 4] = ["return ", "await ", "throw ", "yield "];

/// One line of the result to break: the byte range of its list and the list's new text.
struct Break {
    at: Range<usize>,
    with: String,
}

/// What a break needs to know of the file.
pub(crate) struct BreakShape<'a> {
    /// The file's indentation unit.
    pub(crate) unit: &'a str,
    /// The limit and trailing comma the file's lists show.
    pub(crate) limit: usize,
    pub(crate) comma: bool,
}

impl Bound {
    /// The shape of the breaks this bound asks for, with the file's indentation `unit`.
    pub(crate) fn shape<'a>(&self, unit: &'a str) -> Option<BreakShape<'a>> {
        Some(BreakShape {
            unit,
            limit: self.limit()?,
            comma: self.trailing_comma(),
        })
    }
}

/// The lines of `out` that hold bytes of `window` and are none of `file_lines` (the file's
/// own lines the write replaced), indented with spaces: the lines the write made. Ranges
/// without line endings.
pub(crate) fn made_lines(
    out: &str,
    window: &Range<usize>,
    file_lines: &[&str],
) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut at = line_start(out, window.start);
    while at <= window.end && at < out.len() {
        let line = line_at(out, at);
        let s = &out[line.clone()];
        if !file_lines.contains(&s) && !s.trim_start_matches(' ').starts_with('\t') {
            lines.push(line.clone());
        }
        at = out[line.end..]
            .find('\n')
            .map_or(out.len(), |i| line.end + i + 1);
    }
    lines
}

/// The line's list to break, when the line (`line` of `out`, whose tree is `tree`) is one
/// call statement reaching the limit (see the module docs).
fn break_of(
    out: &str,
    tree: &tree_sitter::Tree,
    line: &Range<usize>,
    rules: &Rules,
    shape: &BreakShape,
) -> Option<Break> {
    if out[line.clone()].chars().count() < shape.limit {
        return None;
    }
    let list = first_list(tree, line, rules)?;
    let indent = call_statement(out, line, list)?;
    let items = breakable(list, rules)?;
    let eol = if out[line.end..].starts_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let (open, close) = brackets(list);
    Some(Break {
        at: open.start_byte()..close.end_byte(),
        with: broken(out, &items, (indent, eol), shape),
    })
}

/// The first (outermost) argument list opening on `line`.
fn first_list<'t>(
    tree: &'t tree_sitter::Tree,
    line: &Range<usize>,
    rules: &Rules,
) -> Option<Node<'t>> {
    let mut found = None;
    each_node(tree, line, |n| {
        if found.is_none()
            && rules.role(n.kind_id()) & role::WIDTH_LIST != 0
            && n.start_byte() >= line.start
            && n.start_byte() < line.end
        {
            found = Some(n.byte_range());
        }
    });
    let found = found?;
    let mut list = tree
        .root_node()
        .descendant_for_byte_range(found.start, found.end)?;
    while list.byte_range() != found || rules.role(list.kind_id()) & role::WIDTH_LIST == 0 {
        list = list.parent()?;
    }
    Some(list)
}

/// The line's indentation, when the list's call is the line's whole statement: first on
/// the line but for [`LEADS`], its callee calling nothing, its closer ending the statement.
fn call_statement<'o>(out: &'o str, line: &Range<usize>, list: Node) -> Option<&'o str> {
    let (open, close) = brackets(list);
    let call = list.parent()?;
    let text = &out[line.clone()];
    let indent = &text[..text.len() - text.trim_start().len()];
    let body = line.start + indent.len();
    let mut lead = out.get(body..call.start_byte().max(body))?;
    while let Some(rest) = LEADS.iter().find_map(|w| lead.strip_prefix(w)) {
        lead = rest;
    }
    let callee = &out[call.start_byte()..open.start_byte()];
    let rest = &out[close.end_byte()..line_at(out, close.start_byte()).end];
    let statement =
        lead.is_empty() && !callee.contains(['(', '\n']) && matches!(rest.trim_end(), "" | ";");
    statement.then_some(indent)
}

/// The list's arguments, when the formatter would break it: all on the list's first line
/// and none it would hug, or hugging its last argument (`f(a, {` … `})`).
fn breakable<'t>(list: Node<'t>, rules: &Rules) -> Option<Vec<Node<'t>>> {
    let (open, close) = brackets(list);
    let items = items(list, rules)?;
    let (last, others) = items.split_last()?;
    let row = open.start_position().row;
    let on_row = |n: &Node| n.start_position().row == row && n.end_position().row == row;
    let shape = if close.start_position().row > row {
        others.iter().all(on_row)
            && last.start_position().row == row
            && hugs(*last, rules)
            && close.start_byte() == last.end_byte()
    } else {
        !items.iter().any(|i| hugs(*i, rules))
    };
    shape.then_some(items)
}

/// The list's new text: `(`, each argument on a line of its own one unit deeper than
/// `indent` (a hugged argument's later lines with it), `)` at `indent`.
fn broken(out: &str, items: &[Node], (indent, eol): (&str, &str), shape: &BreakShape) -> String {
    let deeper = format!("{indent}{}", shape.unit);
    let mut with = format!("({eol}");
    for (i, item) in items.iter().enumerate() {
        let mut lines = out[item.byte_range()].split('\n');
        with.push_str(&deeper);
        with.push_str(lines.next().unwrap_or_default());
        for l in lines {
            with.push('\n');
            if !l.trim().is_empty() {
                with.push_str(shape.unit);
            }
            with.push_str(l);
        }
        if i + 1 < items.len() || shape.comma {
            with.push(',');
        }
        with.push_str(eol);
    }
    with.push_str(indent);
    with.push(')');
    with
}

/// Lines on each side of the edit whose widths a line must reach before the width is asked.
const AROUND: usize = 64;

/// The widest of the file's lines holding a `(` within `lines` lines of `range` (in
/// characters): a line the write makes narrower than a line the file's formatter could have
/// broken and left whole is within the width, and no list is read for it.
fn widest_around(text: &str, range: &Range<usize>, lines: usize) -> usize {
    let mut start = line_start(text, range.start);
    for _ in 0..lines {
        if start == 0 {
            break;
        }
        start = line_start(text, start - 1);
    }
    let mut end = range.end;
    for _ in 0..=lines {
        match text[end..].find('\n') {
            Some(i) => end += i + 1,
            None => {
                end = text.len();
                break;
            }
        }
    }
    text[start..end]
        .lines()
        .filter(|l| l.contains('('))
        .map(|l| l.trim_end_matches('\r').chars().count())
        .max()
        .unwrap_or(0)
}

/// `out` with `breaks` applied (non-overlapping), and how much longer it grew.
fn apply(out: &str, mut breaks: Vec<Break>) -> Option<(String, usize)> {
    breaks.sort_by_key(|b| b.at.start);
    let mut s = String::with_capacity(out.len() + 64);
    let mut pos = 0;
    for b in &breaks {
        if b.at.start < pos {
            return None;
        }
        s.push_str(&out[pos..b.at.start]);
        s.push_str(&b.with);
        pos = b.at.end;
    }
    s.push_str(&out[pos..]);
    let grew = s.len() - out.len();
    Some((s, grew))
}

/// The lines of `replacement` (written over `range` of `text`, parsed as `syntax`) that reach
/// the file's width, broken as its formatter breaks them (see the module docs); `shape` is
/// asked only when the write made a line with a list on it. `None` when no line is broken.
pub(crate) fn rewrap<'a>(
    syntax: &crate::syntax::Syntax,
    text: &str,
    range: &Range<usize>,
    replacement: &str,
    shape: impl FnOnce() -> Option<BreakShape<'a>>,
) -> Option<String> {
    let rules = syntax.language().rules();
    if !rules.any_role(role::WIDTH_LIST) {
        return None;
    }
    let out = format!(
        "{}{replacement}{}",
        text.get(..range.start)?,
        text.get(range.end..)?
    );
    let window = range.start..range.start + replacement.len();
    let region = line_at(text, range.start).start..line_at(text, range.end).end;
    let file_lines: Vec<&str> = text[region]
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .collect();
    let widest = widest_around(text, range, AROUND);
    let made: Vec<Range<usize>> = made_lines(&out, &window, &file_lines)
        .into_iter()
        .filter(|l| out[l.clone()].contains('(') && out[l.clone()].chars().count() >= widest)
        .collect();
    if made.is_empty() {
        return None;
    }
    let shape = shape()?;
    let tree = crate::syntax::incremental::reparse(syntax, text, &out, range.clone())?;
    let breaks: Vec<Break> = made
        .iter()
        .filter_map(|l| break_of(&out, &tree, l, rules, &shape))
        .filter(|b| b.at.start >= window.start && b.at.end <= window.end)
        .collect();
    if breaks.is_empty() {
        return None;
    }
    let (broken, grew) = apply(&out, breaks)?;
    let end = window.end + grew;
    let file = (text, range);
    let before = crate::syntax::incremental::meaning(syntax, file, &out, window.clone())?;
    let after = crate::syntax::incremental::meaning(syntax, file, &broken, window.start..end)?;
    (after.0 <= before.0 && after.1 == before.1).then(|| broken[window.start..end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn bound(text: &str) -> Bound {
        let lang = Language::TypeScript;
        let tree = lang.parse(text).expect("parses");
        let all = 0..text.len();
        Bound::learn_in(&tree, text, lang.rules(), std::slice::from_ref(&all))
    }

    #[test]
    fn lists_bound_the_width() {
        let text = "f(a);\ng(a, bb);\nh(\n  aaaa,\n  b,\n);\nk(\n  aaaaaa,\n  bb,\n);\n";
        let b = bound(text);
        // `g(a, bb);` fits; `h(aaaa, b);` would be 11 wide, `k(aaaaaa, bb);` 14.
        assert_eq!((b.fits, b.fitting, b.breaks, b.broken), (9, 2, 11, 2));
        assert_eq!(b.limit(), Some(11));
        assert!(b.trailing_comma());
    }

    #[test]
    fn hugged_commented_or_mixed_lists_say_nothing() {
        // A list holding an object, or a comment, is no evidence.
        let b = bound("f({ a: 1 });\ng(\n  a, // why\n  b,\n);\n");
        assert_eq!((b.fitting, b.broken), (0, 0));
        assert!(b.thin());
        // A one-line list wider than a broken one: no width holds for both.
        let b = bound("f(\n  a,\n  b,\n);\ng(\n  a,\n  c,\n);\nf(aaaaaaaa, bbbbbbbb);\ng(c, d);\n");
        assert_eq!(b.limit(), None);
        assert!(!b.thin());
    }

    #[test]
    fn lines_indented_with_tabs_are_no_evidence() {
        let b = bound("{\n\tf(a, b);\n\tg(c, d);\n}\n");
        assert_eq!(b.fitting, 0);
    }
}
