//! The file's spelling conventions, read off its own tokens: the quote its strings use, whether
//! its statements end with `;`, whether its multi-line lists end with a comma (per list
//! kind). Each is the spelling at least 4 in 5 of the file's free choices use; where the file
//! is mixed there is none. The structural writer respells what it writes from `new` by them
//! ([`crate::write::structural::conventions`]).
//!
//! Quotes are also read scope by scope ([`Nearest`]): the code nearest the edit decides
//! before the code around it, so a function written in single quotes inside a file of
//! double quotes keeps its own.

use std::collections::HashMap;
use std::ops::Range;

use super::literals::spell;
use crate::lang::{Rules, StringRule, role};
use crate::outcome::Convention;

/// What the file's own tokens say (`None`: mixed, or too few to tell).
#[derive(Debug, Default)]
pub(crate) struct Learned {
    pub(crate) quote: Option<char>,
    pub(crate) semicolons: Option<bool>,
    /// Per list kind: multi-line lists end with a comma.
    commas: HashMap<u16, bool>,
    /// Over all list kinds.
    commas_any: Option<bool>,
    /// How many choices each was learned from.
    seen: Seen,
}

/// Choices counted per convention.
#[derive(Debug, Default)]
struct Seen {
    quotes: usize,
    semicolons: usize,
    commas: HashMap<u16, usize>,
    commas_all: usize,
}

/// Share of agreeing choices a convention needs.
const MAJORITY: f64 = 0.8;

/// The convention two counts show: `Some(true)` when `yes` is the clear majority.
fn majority(yes: usize, no: usize, min: usize) -> Option<bool> {
    let total = yes + no;
    if total < min {
        return None;
    }
    let share = yes.max(no) as f64 / total as f64;
    (share >= MAJORITY).then_some(yes > no)
}

/// Quote character of a string spelled with a choice of quotes (one-character quotes,
/// neither raw nor padded), and whether its body holds a quote character.
pub(crate) fn free_quote(rule: &StringRule, src: &str) -> Option<(char, bool)> {
    let choices = rule.quotes.iter().filter(|q| q.len() == 1).count();
    let sp = spell(rule, src)?;
    if choices < 2 || sp.quote.len() != 1 || sp.raw || sp.hashes > 0 {
        return None;
    }
    let quote = sp.quote.chars().next()?;
    Some((quote, sp.body.contains(['"', '\''])))
}

/// The quote a string node chose freely: one of a choice of quotes, for a value that holds
/// no quote character (either quote could have spelled it without an escape).
fn quote_choice(node: tree_sitter::Node, text: &str, rules: &Rules) -> Option<char> {
    let rule = string_rule(node, rules)?;
    let (q, holds_quote) = free_quote(rule, text.get(node.byte_range())?)?;
    (!holds_quote).then_some(q)
}

/// The quotes of the scopes holding an edit (byte ranges, innermost first, each inside the
/// next), as the file's own strings in them spell them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Nearest {
    /// The quote of the innermost scope whose choices (at least 2) show a clear majority.
    pub(crate) quote: Option<char>,
    /// Which quotes (`[double, single]`) the innermost scope holding any choice uses.
    pub(crate) uses: Option<[bool; 2]>,
}

impl Nearest {
    /// Reads the choices of `tree` (of `text`) in each of `scopes`.
    pub(crate) fn read(
        tree: &tree_sitter::Tree,
        text: &str,
        rules: &Rules,
        scopes: &[Range<usize>],
    ) -> Nearest {
        let mut nearest = Nearest::default();
        let Some(outer) = scopes.last() else {
            return nearest;
        };
        let mut choices = Vec::new();
        each_node(tree, outer, |node| {
            if let Some(q) = quote_choice(node, text, rules) {
                choices.push((node.byte_range(), q));
            }
        });
        for scope in scopes {
            let mut counts = [0usize; 2];
            for (r, q) in &choices {
                if scope.start <= r.start && r.end <= scope.end {
                    counts[usize::from(*q == '\'')] += 1;
                }
            }
            if nearest.uses.is_none() && counts != [0, 0] {
                nearest.uses = Some(counts.map(|c| c > 0));
            }
            if let Some(double) = majority(counts[0], counts[1], 2) {
                nearest.quote = Some(if double { '"' } else { '\'' });
                break;
            }
        }
        nearest
    }

    /// The quote to respell to: this scope's, else `wider` (the code around it) unless the
    /// innermost scope with strings never uses it.
    pub(crate) fn quote_or(&self, wider: Option<char>) -> Option<char> {
        let q = self.quote.or(wider)?;
        self.uses
            .is_none_or(|uses| uses[usize::from(q == '\'')])
            .then_some(q)
    }
}

/// The string rule of a node carrying the `STRING` role (none for strings the
/// conventions leave alone, such as a JSX attribute's).
pub(crate) fn string_rule<'r>(node: tree_sitter::Node, rules: &'r Rules) -> Option<&'r StringRule> {
    if rules.role(node.kind_id()) & role::STRING == 0 {
        return None;
    }
    let parent = node.parent().map_or(0, |p| rules.role(p.kind_id()));
    if parent & role::QUOTES_APART_PARENT != 0 {
        return None;
    }
    rules.string_rule(node.kind_id())
}

/// A statement whose `;` is optional: not one inside a header where `;` separates
/// (`for (let i = 0; …)`).
pub(crate) fn optional_semicolon(node: tree_sitter::Node, rules: &Rules) -> bool {
    rules.semicolons
        && rules.role(node.kind_id()) & role::STATEMENT != 0
        && node
            .parent()
            .is_none_or(|p| rules.role(p.kind_id()) & role::SEMICOLON_KEEP_PARENT == 0)
}

/// The statement's `;`: its last child, or (class fields) the token right after it.
pub(crate) fn semicolon(node: tree_sitter::Node) -> Option<tree_sitter::Node> {
    let last = node.child(node.child_count().checked_sub(1)?)?;
    [Some(last), node.next_sibling()]
        .into_iter()
        .flatten()
        .find(|n| {
            n.kind() == ";" && !n.is_named() && !n.is_missing() && n.end_byte() > n.start_byte()
        })
}

/// A list whose closer stands on a later line than its last item: (last item, its
/// trailing comma if any, the closer).
pub(crate) struct Multiline<'t> {
    pub(crate) item: tree_sitter::Node<'t>,
    pub(crate) comma: Option<tree_sitter::Node<'t>>,
}

pub(crate) fn multiline<'t>(
    node: tree_sitter::Node<'t>,
    text: &str,
    rules: &Rules,
) -> Option<Multiline<'t>> {
    let closers = rules.trailing_closers(node.kind_id());
    let closer = node.child(node.child_count().checked_sub(1)?)?;
    if closers.is_empty() || closer.is_named() || !closers.iter().any(|c| c == closer.kind()) {
        return None;
    }
    let mut before = closer.prev_sibling();
    while let Some(n) = before.filter(|n| rules.role(n.kind_id()) & role::COMMENT != 0) {
        before = n.prev_sibling();
    }
    let last = before?;
    let (comma, item) = if last.kind() == "," && !last.is_named() {
        (Some(last), last.prev_sibling()?)
    } else {
        (None, last)
    };
    if item.end_byte() <= node.start_byte() + 1 || (!item.is_named() && comma.is_none()) {
        return None;
    }
    let between = text.get(item.end_byte()..closer.start_byte())?;
    between.contains('\n').then_some(Multiline { item, comma })
}

/// Whether a comma added to or removed from this list could change what it means (the
/// only comma of a tuple or a subscript).
pub(crate) fn comma_matters(node: tree_sitter::Node, rules: &Rules) -> bool {
    if rules.role(node.kind_id()) & role::SINGLE_COMMA_PARENT == 0 {
        return false;
    }
    let mut c = node.walk();
    node.children(&mut c).filter(|n| n.kind() == ",").count() <= 1
}

/// Visits every node of `tree` that overlaps one of `windows` (once per window it overlaps).
fn each_node_in(
    tree: &tree_sitter::Tree,
    windows: &[Range<usize>],
    mut f: impl FnMut(tree_sitter::Node),
) {
    for w in windows {
        each_node(tree, w, &mut f);
    }
}

/// Visits every node of `tree` that overlaps `window`.
pub(crate) fn each_node(
    tree: &tree_sitter::Tree,
    window: &Range<usize>,
    mut f: impl FnMut(tree_sitter::Node),
) {
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let overlaps = node.start_byte() <= window.end && node.end_byte() >= window.start;
        if overlaps {
            f(node);
        }
        let range = node.start_byte()..node.end_byte();
        if overlaps && super::tokens::first_child_within(&mut cursor, &range, window).is_some() {
            continue;
        }
        loop {
            // Siblings are in order: once one starts after the window, the rest do too.
            if cursor.goto_next_sibling() && cursor.node().start_byte() <= window.end {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

impl Learned {
    /// Reads the conventions off a whole file.
    #[cfg(test)]
    pub(crate) fn learn(tree: &tree_sitter::Tree, text: &str, rules: &Rules) -> Learned {
        let all = 0..text.len();
        Learned::learn_in(tree, text, rules, std::slice::from_ref(&all))
    }

    /// Reads the conventions off the nodes of `tree` (of `text`) that overlap `within`
    /// (sorted byte ranges), each node counted once.
    pub(crate) fn learn_in(
        tree: &tree_sitter::Tree,
        text: &str,
        rules: &Rules,
        within: &[Range<usize>],
    ) -> Learned {
        let mut quotes = [0usize; 2];
        let mut semis = [0usize; 2];
        let mut commas: HashMap<u16, [usize; 2]> = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let several = within.len() > 1;
        each_node_in(tree, within, |node| {
            if several && !seen.insert(node.id()) {
                return;
            }
            if let Some(q) = quote_choice(node, text, rules) {
                quotes[usize::from(q == '\'')] += 1;
            }
            if optional_semicolon(node, rules) {
                semis[usize::from(semicolon(node).is_none())] += 1;
            }
            if let Some(list) = multiline(node, text, rules)
                && !comma_matters(node, rules)
            {
                commas.entry(node.kind_id()).or_default()[usize::from(list.comma.is_none())] += 1;
            }
        });
        let quote = majority(quotes[0], quotes[1], 2).map(|double| if double { '"' } else { '\'' });
        let all = commas
            .values()
            .fold([0, 0], |a, c| [a[0] + c[0], a[1] + c[1]]);
        Learned {
            quote,
            semicolons: majority(semis[0], semis[1], 2),
            commas: commas
                .iter()
                .filter_map(|(kind, [y, n])| majority(*y, *n, 2).map(|c| (*kind, c)))
                .collect(),
            commas_any: majority(all[0], all[1], 3),
            seen: Seen {
                quotes: quotes[0] + quotes[1],
                semicolons: semis[0] + semis[1],
                commas: commas.iter().map(|(k, [y, n])| (*k, y + n)).collect(),
                commas_all: all[0] + all[1],
            },
        }
    }

    /// One of `wanted` (conventions a write could follow, with the list kind for commas) is
    /// undecided for want of examples, not because the file is mixed.
    pub(crate) fn thin(&self, wanted: &[(Convention, u16)]) -> bool {
        let seen = &self.seen;
        wanted.iter().any(|&(what, kind)| match what {
            Convention::Quotes => self.quote.is_none() && seen.quotes < 2,
            Convention::Semicolons => self.semicolons.is_none() && seen.semicolons < 2,
            Convention::TrailingCommas => {
                self.comma(kind).is_none()
                    && seen.commas.get(&kind).copied().unwrap_or(0) < 2
                    && seen.commas_all < 3
            }
            Convention::Indentation | Convention::Width | Convention::BlankLines => false,
        })
    }

    /// Every convention (commas of any list kind), for asking whether any is thin.
    pub(crate) const ANY: [(Convention, u16); 3] = [
        (Convention::Quotes, 0),
        (Convention::Semicolons, 0),
        (Convention::TrailingCommas, u16::MAX),
    ];

    /// Every convention, the one way or the other: what a write could be asked to follow.
    pub(crate) fn every(double: bool) -> Learned {
        Learned {
            quote: Some(if double { '"' } else { '\'' }),
            semicolons: Some(double),
            commas_any: Some(double),
            ..Learned::default()
        }
    }

    /// Nothing learned: the file shows no convention to follow.
    pub(crate) fn is_empty(&self) -> bool {
        self.quote.is_none()
            && self.semicolons.is_none()
            && self.commas.is_empty()
            && self.commas_any.is_none()
    }

    pub(crate) fn comma(&self, kind: u16) -> Option<bool> {
        self.commas.get(&kind).copied().or(self.commas_any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn learned(lang: Language, text: &str) -> Learned {
        let tree = lang.parse(text).expect("parses");
        Learned::learn(&tree, text, lang.rules())
    }
    #[test]
    fn majority_needs_four_in_five() {
        assert_eq!(majority(4, 1, 2), Some(true));
        assert_eq!(majority(1, 4, 2), Some(false));
        assert_eq!(majority(3, 2, 2), None);
        assert_eq!(majority(1, 0, 2), None);
    }

    #[test]
    fn conventions_are_read_off_the_file() {
        let ts = learned(
            Language::TypeScript,
            "import a from \"a\"\nconst b = \"b\"\nconst c = 'it\"s'\nf(\n  a,\n  b,\n)\ng([\n  1,\n  2,\n])\n",
        );
        assert_eq!(ts.quote, Some('"'));
        assert_eq!(ts.semicolons, Some(false));
        assert_eq!(ts.commas_any, None, "two lists are too few over all kinds");
        let mixed = learned(Language::JavaScript, "a('x');\nb(\"y\");\n");
        assert_eq!(mixed.quote, None);
        assert_eq!(mixed.semicolons, Some(true));
    }

    #[test]
    fn nearest_scope_decides_the_quote() {
        let text = "f(\"a\", \"b\", \"c\")\nfunction g() {\n  h('x', 'y')\n  if (z) {\n    k('w')\n  }\n}\n";
        let tree = Language::JavaScript.parse(text).expect("parses");
        let rules = Language::JavaScript.rules();
        let at = |s: &str| text.find(s).expect("in text");
        let block = at("{\n    k")..at("  }\n}") + 3;
        let body = at("{\n  h")..text.len() - 1;
        let scopes = [block.clone(), body.clone()];
        let nearest = Nearest::read(&tree, text, rules, &scopes);
        // The block's one string is too few to decide; the function's three do.
        assert_eq!(nearest.quote, Some('\''));
        assert_eq!(nearest.uses, Some([false, true]));
        assert_eq!(nearest.quote_or(None), Some('\''));
        let only_block = Nearest::read(&tree, text, rules, std::slice::from_ref(&block));
        assert_eq!(only_block.quote, None);
        assert_eq!(
            only_block.quote_or(Some('"')),
            None,
            "the block never uses \""
        );
        assert_eq!(only_block.quote_or(Some('\'')), Some('\''));
        let none = Nearest::read(&tree, text, rules, &[]);
        assert_eq!(none.quote_or(Some('"')), Some('"'));
    }
}
