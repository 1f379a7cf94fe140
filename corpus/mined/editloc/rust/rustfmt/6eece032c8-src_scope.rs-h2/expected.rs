//! apply_patch's `@@` anchors as scopes: `@@ class Cart` then `@@ def total(self):` narrows
//! the search for a hunk's `old` to the body of `total` inside `Cart`.
//!
//! An anchor is one or more `@@` lines, outermost first, one per line of the string. Each is
//! resolved inside the scopes of the one before it (the whole file for the first):
//!
//! - **structurally**, when the file's language is known: every syntax node with a `name`
//!   field (a function, class, method, struct, type…) whose name is a word of the anchor and
//!   whose first line holds the anchor's words up to that name, in order (`def total`,
//!   `class Cart`, `fn main`, `func (s *S) Total`). Its scope is the node's whole lines. The
//!   grammars name their definitions this way, so no language is special-cased;
//! - **textually** otherwise (or when no node matches): each line equal to the anchor once
//!   both are trimmed (or, when none is, starting with it). A line that opens an indented
//!   block scopes that block (the deeper and blank lines after it, and a closing bracket line
//!   at its own depth); any other line scopes everything after it, as Codex reads `@@`.
//!
//! Several places for one anchor give several scopes: `old` must still be unique among them.
//! An anchor that resolves nowhere is an error naming it.

use crate::document::Document;
use crate::text::lines::{Line, indentation};
use std::ops::Range;

/// The byte ranges of the document's text (after a byte-order mark) that `anchor` names, or
/// the `@@` line that resolves nowhere.
pub(crate) fn resolve<'a>(doc: &Document, anchor: &'a str) -> Result<Vec<Range<usize>>, &'a str> {
    let text = doc.text();
    let mut scopes = vec![0..text.len()];
    for line in anchor.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut next: Vec<Range<usize>> = Vec::new();
        for scope in &scopes {
            let mut found = structural(doc, scope, line);
            if found.is_empty() {
                found = textual(doc, scope, line);
            }
            next.extend(found);
        }
        if next.is_empty() {
            return Err(line);
        }
        next.sort_by_key(|r| (r.start, r.end));
        next.dedup();
        scopes = next;
    }
    Ok(scopes)
}

/// Words and punctuation of a line, for comparing headers loosely (spacing ignored).
fn words(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        let word = c.is_alphanumeric() || c == '_' || c == '$';
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                out.push(&s[st..i]);
                start = None;
            }
            _ => {}
        }
        if !word && !c.is_whitespace() {
            out.push(&s[i..i + c.len_utf8()]);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

/// Whether `needle` occurs as a contiguous run of `hay`.
fn contains_run(hay: &[&str], needle: &[&str]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

/// The definitions inside `scope` whose name and header the anchor line names.
fn structural(doc: &Document, scope: &Range<usize>, anchor: &str) -> Vec<Range<usize>> {
    let Some(tree) = doc.syntax().and_then(|s| s.tree.as_ref()) else {
        return Vec::new();
    };
    let text = doc.text();
    let anchor_words = words(anchor);
    let mut found = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let range = node.byte_range();
        let overlaps = range.start < scope.end && scope.start < range.end;
        if overlaps && scope.start <= range.start && range.end <= scope.end {
            if let Some(name) = node.child_by_field_name("name")
                && let Some(at) = anchor_words
                    .iter()
                    .position(|w| *w == &text[name.byte_range()])
            {
                let header_end = text[range.start..]
                    .find(['\n', '\r'])
                    .map_or(range.end, |i| range.start + i)
                    .max(name.end_byte());
                let header = words(&text[range.start..header_end.min(text.len())]);
                if contains_run(&header, &anchor_words[..=at]) {
                    found.push(whole_lines(doc, range.clone()));
                }
            }
        }
        if overlaps && cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    found
}

/// `range` widened to the start of its first line and the end (line ending included) of its
/// last line.
fn whole_lines(doc: &Document, range: Range<usize>) -> Range<usize> {
    let lines = doc.index().lines();
    if lines.is_empty() {
        return range;
    }
    let first = lines[doc.index().line_of(range.start)];
    let last = lines[doc
        .index()
        .line_of(range.end.saturating_sub(1).max(range.start))];
    first.start..last.end
}

/// The scopes of the lines inside `scope` that equal the anchor (trimmed), or start with it.
fn textual(doc: &Document, scope: &Range<usize>, anchor: &str) -> Vec<Range<usize>> {
    let text = doc.text();
    let lines: Vec<(usize, &Line)> = doc
        .index()
        .lines()
        .iter()
        .enumerate()
        .filter(|(_, l)| scope.start <= l.start && l.end <= scope.end)
        .collect();
    let equal = |l: &Line| l.content(text).trim() == anchor;
    let starts = |l: &Line| {
        l.content(text)
            .trim()
            .strip_prefix(anchor)
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    };
    let mut hits: Vec<usize> = lines
        .iter()
        .filter(|(_, l)| equal(l))
        .map(|(i, _)| *i)
        .collect();
    if hits.is_empty() {
        hits = lines
            .iter()
            .filter(|(_, l)| starts(l))
            .map(|(i, _)| *i)
            .collect();
    }
    hits.into_iter().map(|i| block(doc, i, scope.end)).collect()
}

/// The scope of line `i`: its indented block when it opens one, else everything after it up
/// to `end`.
fn block(doc: &Document, i: usize, end: usize) -> Range<usize> {
    let text = doc.text();
    let lines = doc.index().lines();
    let head = lines[i];
    let depth = indentation(head.content(text)).len();
    let blank = |l: &Line| l.content(text).trim().is_empty();
    let deeper = |l: &Line| indentation(l.content(text)).len() > depth;
    let opens = lines[i + 1..]
        .iter()
        .find(|l| !blank(l))
        .is_some_and(&deeper);
    if !opens {
        return head.start..end;
    }
    let mut last = i;
    for (j, l) in lines.iter().enumerate().skip(i + 1) {
        if l.end > end {
            break;
        }
        if blank(l) || deeper(l) {
            last = j;
            continue;
        }
        let closer = l.content(text).trim_start();
        if closer.starts_with(['}', ')', ']']) || closer == "end" || closer.starts_with("end ") {
            last = j;
        }
        break;
    }
    head.start..lines[last].end.min(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn scopes(doc: &Document, anchor: &str) -> Vec<String> {
        resolve(doc, anchor)
            .unwrap()
            .into_iter()
            .map(|r| doc.text()[r].to_string())
            .collect()
    }

    const PY: &str = "class A:\n    def total(self):\n        return 1\n\nclass B:\n    def total(self):\n        return 1\n\n    def other(self):\n        return 1\n";

    #[test]
    fn nested_anchors_narrow_structurally() {
        let doc = Document::new(PY).with_language(Language::from_name("python").unwrap());
        assert_eq!(
            scopes(&doc, "class B\ndef total"),
            ["    def total(self):\n        return 1\n"]
        );
        assert_eq!(scopes(&doc, "def total(self):").len(), 2);
        assert_eq!(resolve(&doc, "class C"), Err("class C"));
    }

    #[test]
    fn a_name_inside_another_header_is_not_a_definition() {
        let doc = Document::new("def f(total):\n    return total\n\ndef total():\n    pass\n")
            .with_language(Language::from_name("python").unwrap());
        assert_eq!(scopes(&doc, "def total"), ["def total():\n    pass\n"]);
    }

    #[test]
    fn textual_fallback_scopes_the_block_or_what_follows() {
        let doc = Document::new("section a {\n  x = 1\n}\nsection b {\n  x = 1\n}\ntail\n");
        assert_eq!(scopes(&doc, "section b {"), ["section b {\n  x = 1\n}\n"]);
        assert_eq!(scopes(&doc, "  section a"), ["section a {\n  x = 1\n}\n"]);
        assert_eq!(
            scopes(&doc, "}"),
            ["}\nsection b {\n  x = 1\n}\ntail\n", "}\ntail\n"]
        );
    }

    #[test]
    fn rust_and_typescript_definitions() {
        let rs = "impl S {\n    pub fn run(&self) -> u8 {\n        1\n    }\n}\nfn run() -> u8 {\n    2\n}\n";
        let doc = Document::new(rs).with_language(Language::from_name("rust").unwrap());
        assert_eq!(
            scopes(&doc, "fn run() -> u8 {"),
            [
                "    pub fn run(&self) -> u8 {\n        1\n    }\n",
                "fn run() -> u8 {\n    2\n}\n"
            ]
        );
        let ts = "export class Cart {\n  total(): number {\n    return 1;\n  }\n}\n";
        let doc = Document::new(ts).with_language(Language::from_name("typescript").unwrap());
        assert_eq!(
            scopes(&doc, "class Cart\ntotal()"),
            ["  total(): number {\n    return 1;\n  }\n"]
        );
    }
}
