//! A changed sibling at `old`'s own indentation: the normalized tier folds indentation, so an
//! `old` whose place changed since the model read it (a line renamed, an argument added) can
//! still equal, folded, another run of lines at another depth — a function's parameters for
//! the arguments of its call, the top-level defaults for an object inside a function, the
//! statements after a loop for its body. When `old` carries its indentation and the one place
//! found stands at another depth while the file has, at `old`'s very indentation, a run where
//! at least half of `old`'s lines that hold a word stand byte for byte in `old`'s order, and
//! each of `old`'s other lines has a line of its indentation (changed in place), `old` was most
//! likely copied from that run: the place found is not shown to be the one `old` denotes. An
//! `old` of one worded line has its sibling in a line at its indentation that holds its words
//! in order and more (`log(key)` grown into `log("hit", key)`).

use super::super::text_match::TextMatch;
use crate::text::indent_width;
use crate::text::lines::{LineIndex, indentation};
use std::collections::HashMap;

/// The first line (0-based) of a run at `old`'s indentation that `old` was likely copied
/// from, when the one place `m` found stands at another depth (see the module docs).
pub(crate) fn changed_sibling(
    text: &str,
    index: &LineIndex,
    old: &str,
    m: &TextMatch,
) -> Option<usize> {
    let old_lines: Vec<&str> = old.lines().map(str::trim_end).collect();
    let first = old_lines.iter().position(|l| !l.is_empty())?;
    let old_indent = indent_width(indentation(old_lines[first]));
    let place_line = m.lines.get((*m.align.get(first)?)?)?.content(text);
    if m.first_partial || old_indent == 0 || indent_width(indentation(place_line)) == old_indent {
        return None;
    }
    let worded = worded_lines(&old_lines);
    let place = index.line_span(&m.range);
    if let [(k, line)] = worded[..] {
        return grown_line(text, index, line, place).and_then(|i| i.checked_sub(k));
    }
    let mut offsets: HashMap<&str, Vec<usize>> = HashMap::new();
    for &(k, line) in &worded {
        offsets.entry(line).or_default().push(k);
    }
    let mut votes: HashMap<usize, usize> = HashMap::new();
    for (i, line) in index.lines().iter().enumerate() {
        let Some(ks) = offsets.get(line.content(text).trim_end()) else {
            continue;
        };
        for start in ks.iter().filter_map(|&k| i.checked_sub(k)) {
            *votes.entry(start).or_default() += 1;
        }
    }
    let needed = worded.len().div_ceil(2);
    let outside = |start: usize| start + 1 > place.1 || start + old_lines.len() < place.0;
    votes
        .into_iter()
        .filter(|&(start, n)| n >= needed.max(1) && outside(start))
        .map(|(start, _)| start)
        .filter(|&start| same_indentation(text, index, &old_lines, start))
        .min()
}

/// `old`'s lines that hold a word, with their indices.
fn worded_lines<'a>(old_lines: &[&'a str]) -> Vec<(usize, &'a str)> {
    let worded = |l: &&str| l.chars().any(char::is_alphanumeric);
    old_lines
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, l)| worded(l))
        .collect()
}

/// For an `old` of one worded line: a line (0-based) outside the place (1-based `place`) at
/// `line`'s very indentation that holds every word of `line` in order and more (`log(key)`
/// grown into `log("hit", key)`): the line `old` was copied from, changed in place since.
fn grown_line(text: &str, index: &LineIndex, line: &str, place: (usize, usize)) -> Option<usize> {
    fn words(l: &str) -> Vec<&str> {
        l.split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty())
            .collect()
    }
    let wanted = words(line);
    let width = indent_width(indentation(line));
    let in_order = |have: &[&str]| {
        let mut rest = have.iter();
        wanted.iter().all(|w| rest.any(|h| h == w))
    };
    index.lines().iter().enumerate().find_map(|(i, l)| {
        let file = l.content(text);
        let have = words(file);
        let fits = (i + 1 < place.0 || i + 1 > place.1)
            && indent_width(indentation(file)) == width
            && have.len() > wanted.len()
            && in_order(&have);
        fits.then_some(i)
    })
}

/// Whether every non-blank line of `old` has, in the run of the file from line `start`
/// (0-based), a non-blank line of its very indentation: the run is shaped as `old` is, the
/// lines that do not stand byte for byte in it changed in place (a renamed argument), not
/// replaced by other code.
fn same_indentation(text: &str, index: &LineIndex, old_lines: &[&str], start: usize) -> bool {
    old_lines
        .iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .all(|(k, l)| {
            index.lines().get(start + k).is_some_and(|line| {
                let file = line.content(text);
                !file.trim().is_empty()
                    && indent_width(indentation(file)) == indent_width(indentation(l))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::fold::{Dashes, FoldedLines};

    fn sibling(text: &str, old: &str) -> Option<usize> {
        let index = LineIndex::new(text);
        let folded = FoldedLines::new(text, &index);
        let [m] = &super::super::find_with(text, &index, &folded, old, Dashes::One)[..] else {
            panic!("not one place")
        };
        changed_sibling(text, &index, old, m)
    }

    #[test]
    fn the_arguments_of_a_call_changed_since_are_not_the_parameters_of_its_function() {
        let text = "def build(items, limit, verbose):\n    return _build(\n        items,\n        max_items,\n        verbose,\n    )\n\n\ndef _build(\n    items,\n    limit,\n    verbose,\n):\n    return items[:limit]\n";
        let old = "        items,\n        limit,\n        verbose,\n";
        assert_eq!(sibling(text, old), Some(2));
    }

    #[test]
    fn an_old_at_the_place_s_depth_or_without_indentation_has_no_sibling() {
        let text = "def f():\n    a = 1\n    b = 2\n\ndef g():\n        a = 1\n        b = 3\n";
        assert_eq!(sibling(text, "    a = 1\n    b = 2\n"), None);
        assert_eq!(sibling(text, "a = 1\nb = 2\n"), None);
        // At another depth, but nothing at `old`'s indentation resembles it: a re-indented file.
        assert_eq!(sibling(text, "      a = 1\n      b = 2\n"), None);
    }
}
