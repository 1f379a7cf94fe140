//! Re-indentation: how the model's indentation maps onto the file's.
//!
//! The map is learned from every aligned pair of lines (model line ↔ file line), never from
//! the first line alone: a first-line-only delta doubles indentation on deeper lines when the
//! model uses spaces and the file tabs. A model width that was seen maps to exactly the file
//! indentation seen with it; an unseen width is reached by counting model indentation levels
//! from the nearest seen width and adding or removing as many file levels.

use crate::text::indent_width;
use std::collections::BTreeMap;

/// The depth an unindented first line (`first`, copied from after its indentation) has in
/// the model's frame, read off the lines after it (`rest`, the non-blank ones, all
/// indented): a first line opening a block (`if (ok) {`) sits where its closing line does;
/// any other where the first line after it does. `None` when a block's closer is not there.
pub(crate) fn first_line_frame<'a>(first: &str, rest: &[&'a str]) -> Option<&'a str> {
    let indentation = crate::text::lines::indentation;
    if opens_block(first) {
        let last = rest.last()?;
        last.trim_start()
            .starts_with(['}', ')', ']'])
            .then(|| indentation(last))
    } else {
        rest.first().map(|l| indentation(l))
    }
}

/// A line ending with a block's or a bracket's opener (`if (ok) {`, `def f():`).
pub(crate) fn opens_block(line: &str) -> bool {
    line.trim_end().ends_with(['{', '(', '[', ':'])
}

/// Model indentation width → file indentation, learned from aligned line pairs.
#[derive(Debug, Clone)]
pub(crate) struct IndentMap {
    seen: BTreeMap<usize, Seen>,
    /// The learned pairs disagree on order (a deeper model line sits shallower in the file).
    disordered: bool,
    model_unit: usize,
    file_unit: String,
}

#[derive(Debug, Clone)]
enum Seen {
    One(String),
    /// The same model width sits at two different file indentations.
    Conflict(String, String),
}

impl IndentMap {
    /// `pairs`: (model line indentation, file line indentation) of aligned non-blank lines.
    /// `model_unit`: one indentation level as the model writes it (columns).
    pub(crate) fn new<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
        model_unit: usize,
        file_unit: &str,
    ) -> IndentMap {
        let mut seen = BTreeMap::new();
        for (model, file) in pairs {
            let entry = seen
                .entry(indent_width(model))
                .or_insert_with(|| Seen::One(file.to_string()));
            if let Seen::One(known) = entry
                && known != file
            {
                *entry = Seen::Conflict(known.clone(), file.to_string());
            }
        }
        let widths: Vec<usize> = seen
            .values()
            .filter_map(|s| match s {
                Seen::One(f) => Some(indent_width(f)),
                Seen::Conflict(..) => None,
            })
            .collect();
        let disordered = widths.windows(2).any(|w| w[0] >= w[1]);
        let model_unit = model_unit.max(1);
        let file_unit = learned_unit(&seen, model_unit).unwrap_or_else(|| file_unit.to_string());
        IndentMap {
            seen,
            disordered,
            model_unit,
            file_unit,
        }
    }

    /// No pair was learned.
    pub(crate) fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Why the model's relative indentation cannot be trusted, if it cannot: two lines the
    /// model indents alike sit at different depths in the file, or a deeper model line sits
    /// no deeper in the file. Where indentation is syntax (Python) the model then believes a
    /// line is in another block than it is, and any edit of the region is a guess.
    pub(crate) fn inconsistency(&self) -> Option<String> {
        if self.disordered {
            return Some(
                "the model's relative indentation disagrees with the file's (a line deeper in `old` is not deeper in the file)"
                    .to_string(),
            );
        }
        self.seen.iter().find_map(|(width, seen)| match seen {
            Seen::Conflict(a, b) => Some(format!(
                "lines indented {width} columns in `old` are indented both {a:?} and {b:?} in the file"
            )),
            Seen::One(_) => None,
        })
    }

    /// The file indentation for a line the model indents with `model`.
    pub(crate) fn map(&self, model: &str) -> Result<String, String> {
        let width = indent_width(model);
        if self.disordered {
            return Err(
                "the model's relative indentation disagrees with the file's (deeper lines in `old` are not deeper in the file)"
                    .to_string(),
            );
        }
        if let Some(seen) = self.seen.get(&width) {
            return match seen {
                Seen::One(file) => Ok(file.clone()),
                Seen::Conflict(a, b) => Err(format!(
                    "lines indented {width} columns in `old` are indented both {:?} and {:?} in the file",
                    a, b
                )),
            };
        }
        let below = self.seen.range(..width).next_back();
        let above = self.seen.range(width..).next();
        match (below, above) {
            (Some((&w0, Seen::One(base))), _) => {
                let levels = (width - w0) / self.model_unit;
                let rest = (width - w0) % self.model_unit;
                if rest != 0 && self.file_unit.starts_with('\t') {
                    return Err(format!(
                        "a line indented {width} columns is not a whole number of levels deeper than the lines around it"
                    ));
                }
                Ok(format!(
                    "{base}{}{}",
                    self.file_unit.repeat(levels),
                    " ".repeat(rest)
                ))
            }
            (None, Some((&w1, Seen::One(base)))) => {
                let mut levels = (w1 - width).div_ceil(self.model_unit);
                let mut out = base.as_str();
                while levels > 0 {
                    out = out.strip_suffix(self.file_unit.as_str()).ok_or_else(|| {
                        format!(
                            "a line indented {width} columns is shallower than the file's indentation allows"
                        )
                    })?;
                    levels -= 1;
                }
                Ok(out.to_string())
            }
            (None, None) => {
                Err("no line of `old` shows how the file indents the new lines".to_string())
            }
            _ => Err(format!(
                "lines near indentation {width} in `old` sit at different indentations in the file"
            )),
        }
    }
}

/// One file level as the learned pairs show it, when they agree and it is spaces: a block
/// indented by two spaces in a four-space file goes on by two (the file-wide unit is only
/// the fallback).
fn learned_unit(seen: &BTreeMap<usize, Seen>, model_unit: usize) -> Option<String> {
    let ones: Vec<(usize, &str)> = seen
        .iter()
        .filter_map(|(w, s)| match s {
            Seen::One(f) => Some((*w, f.as_str())),
            Seen::Conflict(..) => None,
        })
        .collect();
    let mut unit = None;
    for pair in ones.windows(2) {
        let ((w0, f0), (w1, f1)) = (pair[0], pair[1]);
        let levels = (w1 - w0) / model_unit;
        let step = f1.strip_prefix(f0)?;
        if levels == 0 || (w1 - w0) % model_unit != 0 || !step.bytes().all(|b| b == b' ') {
            return None;
        }
        if step.len() % levels != 0 || unit.is_some_and(|u| u != step.len() / levels) {
            return None;
        }
        unit = Some(step.len() / levels);
    }
    unit.filter(|&u| u > 0).map(|u| " ".repeat(u))
}

/// Lines on each side of a region that show its local indentation unit.
const AROUND: usize = 20;
/// Lines looked through for the top-level code holding a region.
const ENCLOSING: usize = 2_000;

/// One indentation level around `range` of `text`, when `file_unit` is spaces: the most
/// common positive step between consecutive non-blank lines (comment continuations ` * `
/// aside) of the top-level code holding the region (from the unindented line before it to
/// the unindented line after it), else of the [`AROUND`] lines on each side; `file_unit`
/// when they show none or indent with tabs. A function indented by four spaces in a
/// two-space file goes on by four.
pub(crate) fn local_unit(text: &str, range: std::ops::Range<usize>, file_unit: &str) -> String {
    if file_unit.contains('\t') {
        return file_unit.to_string();
    }
    // Whole lines: a region may start or end inside one.
    let start = text[..range.start.min(text.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let end = range.end.clamp(start, text.len());
    let end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
    let above = || text[..start].lines().rev().take(ENCLOSING);
    let below = || text[end..].lines().take(ENCLOSING);
    let top = |l: &&str| !l.trim().is_empty() && !l.starts_with([' ', '\t']);
    let enclosing = match (above().position(|l| top(&l)), below().position(|l| top(&l))) {
        (Some(b), Some(a)) => Some((b + 1, a + 1)),
        _ => None,
    };
    let mut spans = enclosing.into_iter().chain([(AROUND, AROUND)]);
    spans
        .find_map(|(up, down)| {
            let before: Vec<&str> = above().take(up).collect();
            let lines = before.into_iter().rev();
            common_step(
                lines
                    .chain(text[start..end].lines())
                    .chain(below().take(down)),
            )
        })
        .map_or_else(|| file_unit.to_string(), |step| " ".repeat(step))
}

/// The most common positive step between consecutive non-blank lines, the smaller on a
/// tie; `None` when there is none or a line indents with a tab.
fn common_step<'a>(lines: impl Iterator<Item = &'a str>) -> Option<usize> {
    let mut widths = Vec::new();
    for line in lines {
        let body = line.trim_start_matches([' ', '\t']);
        if body.is_empty() || body.starts_with('*') {
            continue;
        }
        let indent = &line[..line.len() - body.len()];
        if indent.contains('\t') {
            return None;
        }
        widths.push(indent.len());
    }
    most_common_step(widths)
}

/// The most common positive difference between consecutive `widths`, the smaller on a tie.
fn most_common_step(widths: impl IntoIterator<Item = usize>) -> Option<usize> {
    let mut steps = std::collections::HashMap::<usize, usize>::new();
    let mut prev: Option<usize> = None;
    for w in widths {
        if let Some(p) = prev
            && w > p
        {
            *steps.entry(w - p).or_default() += 1;
        }
        prev = Some(w);
    }
    steps
        .into_iter()
        .max_by_key(|&(step, count)| (count, std::cmp::Reverse(step)))
        .map(|(step, _)| step)
}

/// One indentation level as the model writes it: the most common positive step between
/// consecutive non-blank lines of `old` and `new` (4 when there is none).
pub(crate) fn model_unit<'a>(lines: impl Iterator<Item = &'a str>) -> usize {
    let widths = lines
        .filter(|l| crate::text::teaches_indentation(l))
        .map(|l| indent_width(crate::text::lines::indentation(l)));
    most_common_step(widths).unwrap_or(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_to_tabs_per_level() {
        let m = IndentMap::new([("", ""), ("    ", "\t")], 4, "\t");
        assert_eq!(m.map("        ").unwrap(), "\t\t");
        assert_eq!(m.map("    ").unwrap(), "\t");
    }

    #[test]
    fn omitted_indentation_is_restored() {
        let m = IndentMap::new([("", "        "), ("    ", "            ")], 4, "    ");
        assert_eq!(m.map("").unwrap(), "        ");
        assert_eq!(m.map("        ").unwrap(), "                ");
    }

    #[test]
    fn shallower_than_seen_removes_levels() {
        let m = IndentMap::new([("    ", "\t\t")], 4, "\t");
        assert_eq!(m.map("").unwrap(), "\t");
    }

    #[test]
    fn conflicting_depths_refuse() {
        let m = IndentMap::new([("", ""), ("", "    ")], 4, "    ");
        assert!(m.map("").is_err());
        let m = IndentMap::new([("", "    "), ("    ", "    ")], 4, "    ");
        assert!(m.map("        ").is_err());
    }

    #[test]
    fn model_unit_is_most_common_step() {
        assert_eq!(model_unit(["a", "  b", "    c", "  d"].into_iter()), 2);
        assert_eq!(model_unit(["a"].into_iter()), 4);
        let jsdoc = [
            "/**",
            " * Doc.",
            " */",
            "function f() {",
            "\treturn 1;",
            "}",
        ];
        assert_eq!(model_unit(jsdoc.into_iter()), 4);
    }

    #[test]
    fn the_local_unit_is_the_blocks_own_and_pairs_teach_it() {
        let text = "a {\n  b {\n      c\n  }\n}\nf() {\n    if x {\n        y\n    }\n}\n";
        let at = text.find("if x").unwrap();
        assert_eq!(local_unit(text, at..at + 4, "  "), "    ");
        assert_eq!(local_unit(text, at..at + 4, "\t"), "\t");
        assert_eq!(local_unit("x\n", 0..1, "  "), "  ");
        // The function holding the edit, not the two-space code around it.
        let two = "a {\n  b\n}\n".repeat(8);
        let text = format!("{two}g() {{\n    if x {{\n        y\n    }}\n}}\n{two}");
        let at = text.find("if x").unwrap();
        assert_eq!(local_unit(&text, at..at + 4, "  "), "    ");
        // Two pairs one model level apart show a two-space block in a four-space file.
        let m = IndentMap::new([("", "    "), ("    ", "      ")], 4, "    ");
        assert_eq!(m.map("        ").unwrap(), "        ");
    }
}
