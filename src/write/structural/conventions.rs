//! `new` written in the file's conventions. The structural writer keeps every token the
//! model did not change as the file spells it; the tokens it writes from `new` come in the
//! model's spelling. This module respells those written tokens the way the file's
//! formatter would:
//!
//! - **quotes**: a string literal in the quote the file's strings use (`'utf8'` becomes
//!   `"utf8"` in a double-quoted file), when the value needs no new escape. The code
//!   nearest the edit decides first: the innermost syntax node holding the edited region
//!   whose strings show a clear choice (a function in single quotes keeps them in a file of
//!   double quotes), else the code around it as below; never a quote the innermost node
//!   with strings does not use. A literal written in place of one of the file's that
//!   opens with the same quote keeps it (`'cancel'` edited to `'purchase'` stays single);
//! - **semicolons**: a statement `new` ends gets the file's statement-ending `;` or loses
//!   it (JS/TS, Go);
//! - **trailing commas**: a multi-line list whose end `new` writes gets the file's
//!   trailing comma or loses it — never after a rest element (`...rest`, `..base`, `..`),
//!   which no comma may follow;
//! - **indentation**: reported when `new`'s lines were written in the file's indentation
//!   unit rather than `new`'s (the writer re-indents them; this module only says so).
//!
//! Each convention is learned from the file's own tokens around the edit: the spelling at
//! least 4 in 5 of the free choices there use (quotes whose value holds no quote character;
//! statements; multi-line lists of the same kind, or of every kind when the kind has too
//! few). "Around the edit" is the top-level code holding the edited region; where it shows
//! too few choices of a convention the write could follow, that code grown by each of
//! [`GROWTH`] lines on each side in turn, then the whole file. So the cost follows the
//! edit, and a document answers the same whether its whole file or only windows of it were
//! parsed. Where the code is mixed, `new`'s spelling stays. Only tokens the writer took
//! from `new` are touched — never one the file already had — and the result is parsed
//! again: its significant tokens and statement ends must be those of the unadapted write,
//! or the convention is not applied.

use crate::write::rule::{RuleFamily, WriterRule};
use std::borrow::Cow;
use std::ops::Range;

use similar::{Algorithm, DiffOp, capture_diff_slices};

use super::width::Bound;
use crate::lang::{Rules, StringRule, role};
use crate::syntax::Syntax;
use crate::syntax::conventions::{
    Learned, Multiline, Nearest, comma_matters, each_node, multiline, optional_semicolon,
    semicolon, string_rule,
};
use crate::syntax::incremental::meaning;
use crate::syntax::literals::{decode_string, spell};
use crate::text::lines::indentation as indentation_of;
use crate::text::{Style, indent_width};

pub use crate::outcome::Convention;

/// String quotes of text from `new` respelled as the file's ([`adapt`]).
pub(crate) const FILE_QUOTES: WriterRule = WriterRule {
    name: "file_quotes",
    family: RuleFamily::Conventions,
    summary: "strings written from `new` take the quote character the code around the edit uses",
};

/// Semicolons added or removed as the file has them ([`adapt`]).
pub(crate) const FILE_SEMICOLONS: WriterRule = WriterRule {
    name: "file_semicolons",
    family: RuleFamily::Conventions,
    summary: "statement-ending semicolons added or removed as the code around the edit has them",
};

/// Trailing commas as the file's lists have them ([`adapt`]).
pub(crate) const FILE_TRAILING_COMMAS: WriterRule = WriterRule {
    name: "file_trailing_commas",
    family: RuleFamily::Conventions,
    summary: "trailing commas of multi-line lists added or removed as the file's lists have them",
};

/// `new`'s lines in the file's indentation unit ([`adapt`]).
pub(crate) const FILE_INDENTATION: WriterRule = WriterRule {
    name: "file_indentation",
    family: RuleFamily::Conventions,
    summary: "lines from `new` written in the file's indentation unit (reported as the `indentation` convention)",
};

/// Blank lines around an inserted definition, as the file spaces them (the `blank_lines` convention).
pub(crate) const FILE_BLANK_LINES: WriterRule = WriterRule {
    name: "file_blank_lines",
    family: RuleFamily::Conventions,
    summary: "blank lines around a definition `new` inserts as the file spaces its definitions (declared to the verifier)",
};

/// A replacement in the file's conventions, and which conventions changed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Adapted {
    pub text: String,
    pub adapted: Vec<Convention>,
}

/// `src` (a string literal) in the quote `to` (tripled for a triple-quoted literal), if its
/// value needs no new escape.
fn requote(rule: &StringRule, src: &str, to: char) -> Option<String> {
    let sp = spell(rule, src)?;
    let from = sp.quote.chars().next()?;
    if from == to || sp.body.contains(to) {
        return None;
    }
    let to = to.to_string().repeat(sp.quote.chars().count());
    let mut body = String::with_capacity(sp.body.len());
    let mut chars = sp.body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            body.push(c);
            continue;
        }
        match chars.next() {
            Some(e) if e == from => body.push(e),
            Some(e) => {
                body.push('\\');
                body.push(e);
            }
            None => body.push('\\'),
        }
    }
    let out = format!("{}{to}{body}{to}", sp.prefix);
    (decode_string(rule, &out) == decode_string(rule, src)).then_some(out)
}

/// A leaf of a tree: its byte range and, for a string literal, the quote it opens with.
type Leaf = (Range<usize>, Option<char>);

/// The leaves of `tree` (of `text`) inside `window`; a string literal is one leaf.
fn leaves(tree: &tree_sitter::Tree, text: &str, window: &Range<usize>, rules: &Rules) -> Vec<Leaf> {
    let mut v = Vec::new();
    each_node(tree, window, |n| {
        let r = n.byte_range();
        let leaf = n.child_count() == 0 || rules.role(n.kind_id()) & role::STRING != 0;
        let inner = n
            .parent()
            .is_some_and(|p| rules.role(p.kind_id()) & role::STRING != 0);
        if leaf && !inner && r.start >= window.start && r.end <= window.end && !r.is_empty() {
            let quote = rules
                .string_rule(n.kind_id())
                .and_then(|rule| spell(rule, &text[r.clone()]))
                .and_then(|sp| sp.quote.chars().next());
            v.push((r, quote));
        }
    });
    v
}

/// The leaves of the result written from `new`: those the token diff of the file's region
/// against the result's window does not match. `keep` holds the written string literals
/// that replace a file's literal opening with the same quote (the k-th string of a changed
/// run of tokens replaces the k-th of the file's run, when both runs hold as many).
fn written_leaves(
    (file, text, range): (&tree_sitter::Tree, &str, &Range<usize>),
    (result, out, window): (&tree_sitter::Tree, &str, &Range<usize>),
    rules: &Rules,
) -> Written {
    let before = leaves(file, text, range, rules);
    let after = leaves(result, out, window, rules);
    let a: Vec<&str> = before.iter().map(|(r, _)| &text[r.clone()]).collect();
    let b: Vec<&str> = after.iter().map(|(r, _)| &out[r.clone()]).collect();
    let mut written = Written::default();
    for op in capture_diff_slices(Algorithm::Myers, &a, &b) {
        if matches!(op, DiffOp::Equal { .. }) {
            continue;
        }
        let new = &after[op.new_range()];
        written.leaves.extend(new.iter().map(|(r, _)| r.clone()));
        let strings = |leaves: &[Leaf]| -> Vec<Leaf> {
            leaves.iter().filter(|l| l.1.is_some()).cloned().collect()
        };
        let (old, new) = (strings(&before[op.old_range()]), strings(new));
        if old.len() == new.len() {
            let same = old.iter().zip(&new).filter(|(o, n)| o.1 == n.1);
            written.keep.extend(same.map(|(_, (r, _))| r.clone()));
        }
    }
    written
}

/// One byte edit of the result.
struct Respelling {
    at: Range<usize>,
    with: String,
    what: Convention,
    /// The list kind, for a trailing comma.
    kind: u16,
}

/// The written leaves of the result, for the questions the conventions ask.
#[derive(Debug, Default)]
struct Written {
    /// Byte ranges (in the result) of the leaves written from `new`.
    leaves: Vec<Range<usize>>,
    /// The written string literals that keep the quote of the literal they replace.
    keep: Vec<Range<usize>>,
}

impl Written {
    /// `r` lies inside one written leaf.
    fn holds(&self, r: &Range<usize>) -> bool {
        self.leaves
            .iter()
            .any(|w| w.start <= r.start && r.end <= w.end)
    }

    /// The node's last token was written.
    fn ends(&self, n: tree_sitter::Node) -> bool {
        let end = n.end_byte();
        self.leaves.iter().any(|w| w.start < end && end <= w.end)
    }
}

/// The edits each learned convention asks of the written tokens of `out`.
fn proposals(
    learned: &Learned,
    tree: &tree_sitter::Tree,
    out: &str,
    window: &Range<usize>,
    written: &Written,
    rules: &Rules,
) -> Vec<Respelling> {
    let mut edits = Vec::new();
    each_node(tree, window, |node| {
        let r = node.byte_range();
        if r.start < window.start || r.end > window.end {
            return;
        }
        if let (Some(to), Some(rule)) = (learned.quote, string_rule(node, rules))
            && written.holds(&r)
            && !written.keep.contains(&r)
            && let Some(with) = requote(rule, &out[r.clone()], to)
        {
            edits.push(Respelling {
                at: r.clone(),
                with,
                what: Convention::Quotes,
                kind: 0,
            });
        }
        if let Some(want) = learned.semicolons
            && optional_semicolon(node, rules)
        {
            edits.extend(semicolon_edit(node, want, written).filter(|e| !leads_line(out, &e.at)));
        }
        if let Some(list) = multiline(node, out, rules)
            && let Some(want) = (rules.multiline_trailing_comma.then_some(true))
                .or_else(|| learned.comma(node.kind_id()))
            && rules.role(node.kind_id()) & role::COMMAS_APART == 0
            && !comma_matters(node, rules)
            && !out[list.item.byte_range()].starts_with("..")
            && written.ends(list.item)
        {
            edits.extend(comma_edit(&list, want, written).map(|e| Respelling {
                kind: node.kind_id(),
                ..e
            }));
        }
    });
    edits
}

/// In a file that ends no statement with `;`: each written line that starts with a token
/// that would continue the line before it (`(`, `[`, `` ` ``, a regex) — the model, writing
/// `;`, started a statement there — gets a leading `;`, as semicolon-less styles write it
/// (`;(a || b).use()`), where the line before ends a value and the line is no deeper.
fn leading_semicolons(out: &str, window: &Range<usize>, written: &Written) -> Vec<Respelling> {
    let mut edits = Vec::new();
    let mut at = crate::text::lines::line_start(out, window.start);
    while at < window.end {
        let line_end = out[at..].find('\n').map_or(out.len(), |i| at + i);
        let line = &out[at..line_end];
        let code = at + (line.len() - line.trim_start().len());
        let rest = &out[code..];
        let regex = rest.starts_with('/') && !rest.starts_with("//") && !rest.starts_with("/*");
        let hazard = rest.starts_with(['(', '[', '`']) || regex;
        let leaf_starts = written.leaves.iter().any(|w| w.start == code);
        if hazard && leaf_starts && follows_a_value(out, at, code - at) {
            edits.push(Respelling {
                at: code..code,
                with: ";".into(),
                what: Convention::Semicolons,
                kind: 0,
            });
        }
        at = line_end + 1;
    }
    edits
}

/// The code line before the line starting at `at` (blank and comment lines aside) ends a value
/// without `;` and is indented at least `depth`.
fn follows_a_value(out: &str, at: usize, depth: usize) -> bool {
    let before = out[..at].lines().rev().find(|l| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with("//") && !t.starts_with('*') && !t.starts_with("/*")
    });
    before.is_some_and(|l| {
        let t = l.trim_end();
        let indent = l.len() - l.trim_start().len();
        indent >= depth
            && t.ends_with(|c: char| {
                c.is_alphanumeric() || matches!(c, '_' | '$' | ')' | ']' | '"' | '\'' | '`')
            })
    })
}

/// The `;` at `at` leads a line of code (`;(a || b).use()`): it guards the line, not ends a
/// statement, and no convention drops it.
fn leads_line(out: &str, at: &Range<usize>) -> bool {
    let line = crate::text::lines::line_start(out, at.start);
    let rest = out[at.end..].split('\n').next().unwrap_or("");
    out[line..at.start].trim().is_empty() && !rest.trim().is_empty()
}

/// `replacement` with a leading `;` on each line it writes that would continue the line
/// before ([`leading_semicolons`]), where the file ends no statement with `;`; and whether
/// it has any.
fn guarded<'r>(
    sample: &Sample,
    range: &Range<usize>,
    replacement: &'r str,
) -> (Cow<'r, str>, bool) {
    let unchanged = (Cow::Borrowed(replacement), false);
    let hazard = |l: &str| l.trim_start().starts_with(['(', '[', '`', '/']);
    let (syntax, text) = (sample.syntax, sample.text);
    let rules = syntax.language().rules();
    if !rules.semicolons
        || !replacement.lines().any(hazard)
        || sample.learn(0).semicolons != Some(false)
    {
        return unchanged;
    }
    let (Some(file_tree), Some(head), Some(tail)) = (
        syntax.tree.as_ref(),
        text.get(..range.start),
        text.get(range.end..),
    ) else {
        return unchanged;
    };
    let out = format!("{head}{replacement}{tail}");
    let window = range.start..range.start + replacement.len();
    let Some(tree) = crate::syntax::incremental::reparse(syntax, text, &out, range.clone()) else {
        return unchanged;
    };
    let written = written_leaves((file_tree, text, range), (&tree, &out, &window), rules);
    let edits = leading_semicolons(&out, &window, &written);
    let refs: Vec<&Respelling> = edits.iter().collect();
    match apply(&out, &refs, &window) {
        Some((s, end)) if !edits.is_empty() => (Cow::Owned(s[range.start..end].to_string()), true),
        _ => unchanged,
    }
}

/// The statement's `;` added or dropped, where `new` wrote its end.
fn semicolon_edit(node: tree_sitter::Node, want: bool, written: &Written) -> Option<Respelling> {
    let what = Convention::Semicolons;
    match (semicolon(node), want) {
        (Some(semi), false) if written.holds(&semi.byte_range()) => Some(Respelling {
            at: semi.byte_range(),
            with: String::new(),
            what,
            kind: 0,
        }),
        (None, true) if written.ends(node) => {
            let end = node.end_byte();
            Some(Respelling {
                at: end..end,
                with: ";".into(),
                what,
                kind: 0,
            })
        }
        _ => None,
    }
}

/// The list's trailing comma added or dropped.
fn comma_edit(list: &Multiline, want: bool, written: &Written) -> Option<Respelling> {
    let what = Convention::TrailingCommas;
    match (list.comma, want) {
        (None, true) => {
            let end = list.item.end_byte();
            Some(Respelling {
                at: end..end,
                with: ",".into(),
                what,
                kind: 0,
            })
        }
        (Some(c), false) if written.holds(&c.byte_range()) => Some(Respelling {
            at: c.byte_range(),
            with: String::new(),
            what,
            kind: 0,
        }),
        _ => None,
    }
}

/// `out` with `edits` applied (sorted, non-overlapping), and the window's new end.
fn apply(out: &str, edits: &[&Respelling], window: &Range<usize>) -> Option<(String, usize)> {
    let mut sorted: Vec<&&Respelling> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.at.start, e.at.end));
    let mut s = String::with_capacity(out.len() + 16);
    let mut pos = 0;
    let mut end = window.end;
    for e in sorted {
        if e.at.start < pos {
            return None;
        }
        s.push_str(out.get(pos..e.at.start)?);
        s.push_str(&e.with);
        pos = e.at.end;
        end = (end + e.with.len()).checked_sub(e.at.len())?;
    }
    s.push_str(out.get(pos..)?);
    Some((s, end))
}

/// `replacement` (what the writer puts at `range` of the file `syntax` parsed from `text`, whose
/// layout is `style`)
/// with the tokens it writes from `new` respelled in the file's conventions (see the module
/// docs).
pub(crate) fn adapt(
    syntax: &Syntax,
    text: &str,
    style: &Style,
    range: Range<usize>,
    replacement: &str,
    new: &str,
) -> Adapted {
    let sample = Sample::around(syntax, text, &range);
    let (replacement, led) = guarded(&sample, &range, replacement);
    let mut a = respell(&sample, style, range.clone(), &replacement, new);
    if led && !a.adapted.contains(&Convention::Semicolons) {
        a.adapted.push(Convention::Semicolons);
        a.adapted.sort();
    }
    let shape = || sample.width().shape(&style.indent_unit);
    if let Some(broken) = super::width::rewrap(syntax, text, &range, &a.text, shape) {
        a.text = broken;
        a.adapted.push(Convention::Width);
        a.adapted.sort();
    }
    a
}

/// [`adapt`]'s respelling of quotes, semicolons and trailing commas (and whether the
/// indentation was the file's), learned from `sample`.
fn respell(
    sample: &Sample,
    style: &Style,
    range: Range<usize>,
    replacement: &str,
    new: &str,
) -> Adapted {
    let (syntax, text) = (sample.syntax, sample.text);
    let unchanged = || Adapted {
        text: replacement.to_string(),
        adapted: Vec::new(),
    };
    let (Some(file_tree), Some(head), Some(tail)) = (
        syntax.tree.as_ref(),
        text.get(..range.start),
        text.get(range.end..),
    ) else {
        return unchanged();
    };
    let rules = syntax.language().rules();
    let nearest = sample.nearest(&range);
    let learned = sample.learn(0);
    let differs = indent_differs(&style.indent_unit, new);
    let decided = nearest.quote.is_some();
    if learned.is_empty() && !decided && !differs && !learned.thin(&Learned::ANY) {
        return unchanged();
    }
    let out = format!("{head}{replacement}{tail}");
    let window = range.start..range.start + replacement.len();
    let Some(tree) = crate::syntax::incremental::reparse(syntax, text, &out, range.clone()) else {
        return unchanged();
    };
    let written = written_leaves((file_tree, text, &range), (&tree, &out, &window), rules);
    let mut adapted = Vec::new();
    if differs && indented_written_line(&out, &window, &written.leaves) {
        adapted.push(Convention::Indentation);
    }
    let result = (&tree, out.as_str(), &window);
    let learned = sample.to_follow((learned, &nearest), result, &written, rules);
    let edits = proposals(&learned, &tree, &out, &window, &written, rules);
    respelled(
        syntax,
        (text, &range),
        (&out, &window),
        &edits,
        (replacement, adapted),
    )
}

/// `replacement` (the window of `out`) with the proposed `edits` that keep its meaning
/// ([`verified`]), and `adapted` (the conventions that changed it so far) with those edits'
/// conventions, sorted, each once. With no edits, or none that holds, `replacement` as it is.
fn respelled(
    syntax: &Syntax,
    file: (&str, &Range<usize>),
    (out, window): (&str, &Range<usize>),
    edits: &[Respelling],
    (replacement, mut adapted): (&str, Vec<Convention>),
) -> Adapted {
    let as_is = |adapted| Adapted {
        text: replacement.to_string(),
        adapted,
    };
    if edits.is_empty() {
        return as_is(adapted);
    }
    match verified(syntax, file, out, window, edits) {
        Some((s, end, kept)) => {
            adapted.extend(kept);
            adapted.sort();
            adapted.dedup();
            Adapted {
                text: s[window.start..end].to_string(),
                adapted,
            }
        }
        None => as_is(adapted),
    }
}

/// The conventions the write could be asked to follow (with the list kind, for commas): those
/// of the edits either spelling of every convention would propose for the written leaves.
fn wanted(
    tree: &tree_sitter::Tree,
    out: &str,
    window: &Range<usize>,
    written: &Written,
    rules: &Rules,
) -> Vec<(Convention, u16)> {
    [true, false]
        .iter()
        .flat_map(|&d| proposals(&Learned::every(d), tree, out, window, written, rules))
        .map(|e| (e.what, e.kind))
        .collect()
}

/// Lines each wider sample adds on each side of the code around the edit.
pub(crate) const GROWTH: [usize; 2] = [16, 256];

/// Where conventions are learned for one edit: the top-level code holding the edited range
/// (stage 0), grown by `GROWTH[stage - 1]` lines, then the whole file.
struct Sample<'a> {
    syntax: &'a Syntax,
    text: &'a str,
    /// Stage 0's windows (`None`: no boundary found, the whole file).
    around: Option<Vec<Range<usize>>>,
}

impl<'a> Sample<'a> {
    fn around(syntax: &'a Syntax, text: &'a str, range: &Range<usize>) -> Sample<'a> {
        Sample {
            syntax,
            text,
            around: crate::syntax::boundaries::widened(text, std::slice::from_ref(range), 0),
        }
    }

    /// Whether the syntax's tree holds the code at `w` (the whole file parsed, or a window
    /// around `w`).
    fn holds(&self, w: &Range<usize>) -> bool {
        let syntax = self.syntax;
        match &syntax.covers {
            _ if !syntax
                .tree
                .as_ref()
                .is_some_and(crate::syntax::incremental::is_partial) =>
            {
                true
            }
            Some(covers) => covers.iter().any(|c| c.start <= w.start && w.end <= c.end),
            None => false,
        }
    }

    /// The quotes of the code nearest `range`: the syntax nodes holding it (innermost
    /// first, below the file's root) that the tree holds.
    fn nearest(&self, range: &Range<usize>) -> Nearest {
        let Some(tree) = self.syntax.tree.as_ref() else {
            return Nearest::default();
        };
        let mut scopes: Vec<Range<usize>> = Vec::new();
        let mut node = tree
            .root_node()
            .descendant_for_byte_range(range.start, range.end);
        while let Some(n) = node.filter(|n| n.parent().is_some()) {
            let r = n.byte_range();
            if !self.holds(&r) {
                break;
            }
            if scopes.last() != Some(&r) {
                scopes.push(r);
            }
            node = n.parent();
        }
        Nearest::read(tree, self.text, self.syntax.language().rules(), &scopes)
    }

    /// The conventions a write follows: stage 0's `learned`, grown ([`Sample::grown`]) while
    /// it shows too few examples of a convention the write's leaves (`written` in `result`:
    /// its tree, text and window) could follow — quotes not counted when the `nearest` code
    /// decided them — and the nearest code's quote first.
    fn to_follow(
        &self,
        (learned, nearest): (Learned, &Nearest),
        (tree, out, window): (&tree_sitter::Tree, &str, &Range<usize>),
        written: &Written,
        rules: &Rules,
    ) -> Learned {
        let decided = nearest.quote.is_some();
        let mut wanted = wanted(tree, out, window, written, rules);
        wanted.retain(|w| !decided || w.0 != Convention::Quotes);
        let mut learned = self.grown(learned, &wanted);
        learned.quote = nearest.quote_or(learned.quote);
        learned
    }

    /// `learned` (stage 0's), or while it shows too few examples of a convention in `wanted`,
    /// the next stage's.
    fn grown(&self, mut learned: Learned, wanted: &[(Convention, u16)]) -> Learned {
        for stage in 1..=GROWTH.len() + 1 {
            if !learned.thin(wanted) {
                break;
            }
            learned = self.learn(stage);
        }
        learned
    }

    /// The conventions of stage `stage`'s code.
    fn learn(&self, stage: usize) -> Learned {
        let rules = self.syntax.language().rules();
        self.read(stage, |tree, windows| {
            Learned::learn_in(tree, self.text, rules, windows)
        })
        .unwrap_or_default()
    }

    /// What the file's argument lists show of its print width: stage 0's code, grown once
    /// by `GROWTH[0]` lines when it shows too few lists (never the whole file: a width too
    /// thinly shown around the edit is not followed, and the cost stays the edit's).
    fn width(&self) -> Bound {
        let rules = self.syntax.language().rules();
        let mut bound = Bound::default();
        for stage in 0..=1 {
            bound = self
                .read(stage, |tree, windows| {
                    Bound::learn_in(tree, self.text, rules, windows)
                })
                .unwrap_or_default();
            if !bound.thin() {
                break;
            }
        }
        bound
    }

    /// `f` of a tree holding stage `stage`'s code and that code's windows: the syntax's tree
    /// when it holds that code (a whole tree, or windows around it), else a parse of it.
    fn read<T>(
        &self,
        stage: usize,
        f: impl FnOnce(&tree_sitter::Tree, &[Range<usize>]) -> T,
    ) -> Option<T> {
        let (syntax, text) = (self.syntax, self.text);
        let all = 0..text.len();
        let whole = vec![all];
        let windows = match (stage, &self.around) {
            (0, Some(around)) => around.clone(),
            (s, Some(around)) if s <= GROWTH.len() => {
                crate::syntax::boundaries::widened(text, around, GROWTH[s - 1])
                    .unwrap_or_else(|| whole.clone())
            }
            _ => whole.clone(),
        };
        let lang = syntax.language();
        let parsed;
        let tree = match &syntax.tree {
            Some(tree) if windows.iter().all(|w| self.holds(w)) => tree,
            _ => {
                let ranges = if windows == whole {
                    Vec::new()
                } else {
                    crate::syntax::incremental::ranges_of(text, &windows)
                };
                match crate::syntax::incremental::parse(lang, text, &ranges, None) {
                    Some(tree) => {
                        parsed = tree;
                        &parsed
                    }
                    None => return None,
                }
            }
        };
        Some(f(tree, &windows))
    }
}

/// `out` with the proposed edits that keep its meaning: all at once, or when the re-read
/// differs, each convention's alone, keeping those that hold. The adapted text, the new end
/// of the window and the conventions applied.
fn verified(
    syntax: &Syntax,
    file: (&str, &Range<usize>),
    out: &str,
    window: &Range<usize>,
    edits: &[Respelling],
) -> Option<(String, usize, Vec<Convention>)> {
    let base = meaning(syntax, file, out, window.clone())?;
    let keeps = |kept: &[&Respelling]| {
        apply(out, kept, window).filter(|(s, end)| {
            meaning(syntax, file, s, window.start..*end)
                .is_some_and(|m| m.0 <= base.0 && m.1 == base.1)
        })
    };
    let all: Vec<&Respelling> = edits.iter().collect();
    if let Some((s, end)) = keeps(&all) {
        return Some((s, end, all.iter().map(|e| e.what).collect()));
    }
    let mut kept: Vec<&Respelling> = Vec::new();
    let mut result = None;
    for what in [
        Convention::Quotes,
        Convention::Semicolons,
        Convention::TrailingCommas,
    ] {
        let mut trial = kept.clone();
        trial.extend(edits.iter().filter(|e| e.what == what));
        if trial.len() > kept.len()
            && let Some(r) = keeps(&trial)
        {
            kept = trial;
            result = Some(r);
        }
    }
    let (s, end) = result?;
    Some((s, end, kept.iter().map(|e| e.what).collect()))
}

/// Whether `new` indents with another unit than the file's (`file_unit`: tabs for spaces, or
/// another width of step).
fn indent_differs(file_unit: &str, new: &str) -> bool {
    let lines: Vec<&str> = new.lines().filter(|l| !l.trim().is_empty()).collect();
    let new_tabs = lines.iter().any(|l| l.starts_with('\t'));
    let new_spaces = lines.iter().any(|l| l.starts_with(' '));
    let stepped = lines
        .windows(2)
        .any(|w| indent_width(indentation_of(w[1])) > indent_width(indentation_of(w[0])));
    if file_unit.starts_with('\t') {
        new_spaces
    } else {
        let new_unit = crate::write::indent::model_unit(lines.iter().copied());
        new_tabs || (stepped && new_unit != indent_width(file_unit))
    }
}

/// Whether one of the written leaves starts an indented line of the window.
fn indented_written_line(out: &str, window: &Range<usize>, written: &[Range<usize>]) -> bool {
    written.iter().any(|w| {
        let ls = out[..w.start].rfind('\n').map_or(0, |i| i + 1);
        ls >= window.start && w.start > ls && out[ls..w.start].trim().is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    /// `adapt` for `replacement` written over the file's line `line`.
    fn adapt_line(text: &str, line: &str, replacement: &str) -> Adapted {
        let syntax = Syntax::parse(Language::TypeScript, text);
        let start = text.find(line).expect("line in text");
        let range = start..start + line.len();
        adapt(
            &syntax,
            text,
            &Style::detect(text),
            range,
            replacement,
            replacement,
        )
    }

    #[test]
    fn adapt_respells_a_written_statement_in_the_file_conventions() {
        let text = "const a = \"x\";\nconst b = \"y\";\nconst c = \"z\";\nconst d = \"w\";\nconst e = 1;\n";
        let got = adapt_line(text, "const e = 1;", "const e = 'v'");
        assert_eq!(got.text, "const e = \"v\";");
        assert_eq!(
            got.adapted,
            vec![Convention::Quotes, Convention::Semicolons]
        );
        // Nothing to respell: the replacement stays as written, no convention named.
        let got = adapt_line(text, "const e = 1;", "const e = \"v\";");
        assert_eq!(got.text, "const e = \"v\";");
        assert_eq!(got.adapted, vec![]);
    }

    #[test]
    fn requote_keeps_the_value() {
        let rules = Language::TypeScript.rules();
        let rule = &rules.strings[0];
        assert_eq!(requote(rule, r"'a\'b'", '"').as_deref(), Some("\"a'b\""));
        assert_eq!(requote(rule, r#"'say "hi"'"#, '"'), None);
        assert_eq!(requote(rule, r"'a\\'", '"').as_deref(), Some(r#""a\\""#));
        assert_eq!(requote(rule, "\"x\"", '"'), None);
    }

    #[test]
    fn requote_keeps_a_triple_quote_triple() {
        let rules = Language::Python.rules();
        let rule = &rules.strings[0];
        let triple = |q: &str| format!("{q}{q}{q}");
        let doc = format!("{}doc{}", triple("'"), triple("'"));
        let want = format!("{}doc{}", triple("\""), triple("\""));
        assert_eq!(requote(rule, &doc, '"'), Some(want));
        assert_eq!(requote(rule, "'x'", '"').as_deref(), Some("\"x\""));
    }
}
