//! `new` written in the file's conventions. The structural writer keeps every token the
//! model did not change as the file spells it; the tokens it writes from `new` come in the
//! model's spelling. This module respells those written tokens the way the file's
//! formatter would:
//!
//! - **quotes**: a string literal in the quote the file's strings use (`'utf8'` becomes
//!   `"utf8"` in a double-quoted file), when the value needs no new escape;
//! - **semicolons**: a statement `new` ends gets the file's statement-ending `;` or loses
//!   it (JS/TS, Go);
//! - **trailing commas**: a multi-line list whose end `new` writes gets the file's
//!   trailing comma or loses it;
//! - **indentation**: reported when `new`'s lines were written in the file's indentation
//!   unit rather than `new`'s (the writer re-indents them; this module only says so).
//!
//! Each convention is learned from the file's own tokens: the spelling at least 4 in 5 of
//! the file's free choices use (quotes whose value holds no quote character; statements;
//! multi-line lists of the same kind, or of every kind when the kind has too few). Where the
//! file is mixed, `new`'s spelling stays. Only tokens the writer took from `new` are
//! touched — never one the file already had — and the result is parsed again: its
//! significant tokens and statement ends must be those of the unadapted write, or the
//! convention is not applied.

use std::ops::Range;

use serde::Serialize;
use similar::{Algorithm, DiffOp, capture_diff_slices};

use crate::lang::{Rules, StringRule, role};
use crate::locate::structural::Syntax;
use crate::locate::structural::conventions::{
    Learned, Multiline, comma_matters, each_node, multiline, optional_semicolon, semicolon,
    string_rule,
};
use crate::locate::structural::tokens::{decode_string, scan, spell};
use crate::text::lines::indentation as indentation_of;
use crate::text::{Style, indent_width};

/// A convention of the file that text written from `new` was adapted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// String quotes.
    Quotes,
    /// Statement-ending semicolons, added or removed.
    Semicolons,
    /// Trailing commas of multi-line lists, added or removed.
    TrailingCommas,
    /// `new`'s lines were written in the file's indentation unit.
    Indentation,
}

impl Convention {
    /// The convention's name, as results give it (`trailing_commas`).
    pub fn name(self) -> &'static str {
        match self {
            Convention::Quotes => "quotes",
            Convention::Semicolons => "semicolons",
            Convention::TrailingCommas => "trailing_commas",
            Convention::Indentation => "indentation",
        }
    }
}

impl std::fmt::Display for Convention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A replacement in the file's conventions, and which conventions changed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adapted {
    pub text: String,
    pub adapted: Vec<Convention>,
}

/// `src` (a string literal) in the quote `to`, if its value needs no new escape.
fn requote(rule: &StringRule, src: &str, to: char) -> Option<String> {
    let sp = spell(rule, src)?;
    let from = sp.quote.chars().next()?;
    if from == to || sp.body.contains(to) {
        return None;
    }
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

/// Byte ranges (in `result`) of the leaves written from `new`: those the token diff of the
/// file's region against the result's window does not match.
fn written_leaves(
    file: &tree_sitter::Tree,
    text: &str,
    range: &Range<usize>,
    result: &tree_sitter::Tree,
    out: &str,
    window: &Range<usize>,
    rules: &Rules,
) -> Vec<Range<usize>> {
    let leaves = |tree: &tree_sitter::Tree, window: &Range<usize>| {
        let mut v = Vec::new();
        each_node(tree, window, |n| {
            let r = n.byte_range();
            let leaf = n.child_count() == 0 || rules.role(n.kind_id()) & role::STRING != 0;
            let inner = n
                .parent()
                .is_some_and(|p| rules.role(p.kind_id()) & role::STRING != 0);
            if leaf && !inner && r.start >= window.start && r.end <= window.end && !r.is_empty() {
                v.push(r);
            }
        });
        v
    };
    let before = leaves(file, range);
    let after = leaves(result, window);
    let a: Vec<&str> = before.iter().map(|r| &text[r.clone()]).collect();
    let b: Vec<&str> = after.iter().map(|r| &out[r.clone()]).collect();
    let mut written = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, &a, &b) {
        if !matches!(op, DiffOp::Equal { .. }) {
            written.extend(after[op.new_range()].iter().cloned());
        }
    }
    written
}

/// One byte edit of the result.
struct Edit {
    at: Range<usize>,
    with: String,
    what: Convention,
}

/// The written leaves of the result, for the questions the conventions ask.
struct Written<'a>(&'a [Range<usize>]);

impl Written<'_> {
    /// `r` lies inside one written leaf.
    fn holds(&self, r: &Range<usize>) -> bool {
        self.0.iter().any(|w| w.start <= r.start && r.end <= w.end)
    }

    /// The node's last token was written.
    fn ends(&self, n: tree_sitter::Node) -> bool {
        let end = n.end_byte();
        self.0.iter().any(|w| w.start < end && end <= w.end)
    }
}

/// The edits each learned convention asks of the written tokens of `out`.
fn proposals(
    learned: &Learned,
    tree: &tree_sitter::Tree,
    out: &str,
    window: &Range<usize>,
    written: &[Range<usize>],
    rules: &Rules,
) -> Vec<Edit> {
    let written = Written(written);
    let mut edits = Vec::new();
    each_node(tree, window, |node| {
        let r = node.byte_range();
        if r.start < window.start || r.end > window.end {
            return;
        }
        if let (Some(to), Some(rule)) = (learned.quote, string_rule(node, rules))
            && written.holds(&r)
            && let Some(with) = requote(rule, &out[r.clone()], to)
        {
            edits.push(Edit {
                at: r.clone(),
                with,
                what: Convention::Quotes,
            });
        }
        if let Some(want) = learned.semicolons
            && optional_semicolon(node, rules)
        {
            edits.extend(semicolon_edit(node, want, &written));
        }
        if let Some(list) = multiline(node, out, rules)
            && let Some(want) = learned.comma(node.kind_id())
            && rules.role(node.kind_id()) & role::COMMAS_APART == 0
            && !comma_matters(node, rules)
            && written.ends(list.item)
        {
            edits.extend(comma_edit(&list, want, &written));
        }
    });
    edits
}

/// The statement's `;` added or dropped, where `new` wrote its end.
fn semicolon_edit(node: tree_sitter::Node, want: bool, written: &Written) -> Option<Edit> {
    let what = Convention::Semicolons;
    match (semicolon(node), want) {
        (Some(semi), false) if written.holds(&semi.byte_range()) => Some(Edit {
            at: semi.byte_range(),
            with: String::new(),
            what,
        }),
        (None, true) if written.ends(node) => {
            let end = node.end_byte();
            Some(Edit {
                at: end..end,
                with: ";".into(),
                what,
            })
        }
        _ => None,
    }
}

/// The list's trailing comma added or dropped.
fn comma_edit(list: &Multiline, want: bool, written: &Written) -> Option<Edit> {
    let what = Convention::TrailingCommas;
    match (list.comma, want) {
        (None, true) => {
            let end = list.item.end_byte();
            Some(Edit {
                at: end..end,
                with: ",".into(),
                what,
            })
        }
        (Some(c), false) if written.holds(&c.byte_range()) => Some(Edit {
            at: c.byte_range(),
            with: String::new(),
            what,
        }),
        _ => None,
    }
}

/// `out` with `edits` applied (sorted, non-overlapping), and the window's new end.
fn apply(out: &str, edits: &[&Edit], window: &Range<usize>) -> Option<(String, usize)> {
    let mut sorted: Vec<&&Edit> = edits.iter().collect();
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

/// The window's significant tokens of a whole text: what a respelling must keep.
fn meaning(
    syntax: &Syntax,
    text: &str,
    window: Range<usize>,
) -> Option<(usize, Vec<(String, bool)>)> {
    let lang = syntax.language();
    let tree = lang.parse(text)?;
    let scan = scan(&tree, text, lang.rules(), window, false);
    let toks = scan
        .tokens
        .iter()
        .map(|t| (format!("{:?}{}", t.class, t.key(text)), t.end.is_some()))
        .collect();
    Some((crate::locate::structural::error_count(&tree), toks))
}

/// `replacement` (what the writer puts at `range` of the file `syntax` parsed from `text`)
/// with the tokens it writes from `new` respelled in the file's conventions (see the module
/// docs).
pub fn adapt(
    syntax: &Syntax,
    text: &str,
    range: Range<usize>,
    replacement: &str,
    new: &str,
) -> Adapted {
    let unchanged = Adapted {
        text: replacement.to_string(),
        adapted: Vec::new(),
    };
    let (Some(file_tree), Some(head), Some(tail)) = (
        syntax.tree.as_ref(),
        text.get(..range.start),
        text.get(range.end..),
    ) else {
        return unchanged;
    };
    let lang = syntax.language();
    let rules = lang.rules();
    let learned = syntax.learned(text);
    let differs = indent_differs(text, new);
    if learned.is_empty() && !differs {
        return unchanged;
    }
    let out = format!("{head}{replacement}{tail}");
    let window = range.start..range.start + replacement.len();
    let Some(tree) = lang.parse(&out) else {
        return unchanged;
    };
    let written = written_leaves(file_tree, text, &range, &tree, &out, &window, rules);
    let mut adapted = Vec::new();
    if differs && indented_written_line(&out, &window, &written) {
        adapted.push(Convention::Indentation);
    }
    let edits = proposals(learned, &tree, &out, &window, &written, rules);
    if edits.is_empty() {
        return Adapted {
            text: replacement.to_string(),
            adapted,
        };
    }
    match verified(syntax, &out, &window, &edits) {
        Some((s, end, kept)) => {
            adapted.extend(kept);
            adapted.sort();
            adapted.dedup();
            Adapted {
                text: s[window.start..end].to_string(),
                adapted,
            }
        }
        None => Adapted {
            text: replacement.to_string(),
            adapted,
        },
    }
}

/// `out` with the proposed edits that keep its meaning: all at once, or when the re-read
/// differs, each convention's alone, keeping those that hold. The adapted text, the new end
/// of the window and the conventions applied.
fn verified(
    syntax: &Syntax,
    out: &str,
    window: &Range<usize>,
    edits: &[Edit],
) -> Option<(String, usize, Vec<Convention>)> {
    let base = meaning(syntax, out, window.clone())?;
    let keeps = |kept: &[&Edit]| {
        apply(out, kept, window).filter(|(s, end)| {
            meaning(syntax, s, window.start..*end).is_some_and(|m| m.0 <= base.0 && m.1 == base.1)
        })
    };
    let all: Vec<&Edit> = edits.iter().collect();
    if let Some((s, end)) = keeps(&all) {
        return Some((s, end, all.iter().map(|e| e.what).collect()));
    }
    let mut kept: Vec<&Edit> = Vec::new();
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

/// Whether `new` indents with another unit than the file (tabs for spaces, or another
/// width of step).
fn indent_differs(text: &str, new: &str) -> bool {
    let file_unit = Style::detect(text).indent_unit;
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
        new_tabs || (stepped && new_unit != indent_width(&file_unit))
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

    #[test]
    fn requote_keeps_the_value() {
        let rules = Language::TypeScript.rules();
        let rule = &rules.strings[0];
        assert_eq!(requote(rule, r"'a\'b'", '"').as_deref(), Some("\"a'b\""));
        assert_eq!(requote(rule, r#"'say "hi"'"#, '"'), None);
        assert_eq!(requote(rule, r"'a\\'", '"').as_deref(), Some(r#""a\\""#));
        assert_eq!(requote(rule, "\"x\"", '"'), None);
    }
}
