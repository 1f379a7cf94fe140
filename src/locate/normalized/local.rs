//! The normalized tier without folding the whole file: the same places, at the cost of the
//! lines around where `old` can be.
//!
//! Every place holds, at some position, `old`'s longest folded line (the *needle*): equal to
//! a file line's folded text, or its prefix or suffix. An ASCII line folds to itself with
//! its leading and trailing spaces and tabs removed, so an ASCII line that can hold the needle
//! contains it byte for byte; a line with any other character may fold to anything. So the
//! lines a place can anchor on are the lines where one `memmem` pass finds the needle, and
//! the non-ASCII lines. Around each such line a window is drawn that is sure to hold every
//! place anchored there (as many non-blank lines above and below as `old` has around the
//! needle, counting only lines sure to fold non-blank), and only the windows are folded and
//! searched with the tier's own matching. When the windows would cover a large share of the
//! lines, `None` says so: folding everything is then as cheap, and is cached for later calls.

use super::pattern::Pattern;
use crate::locate::text_match::TextMatch;
use crate::text::fold::{Dashes, FoldedLines};
use crate::text::lines::{Line, LineIndex};
use memchr::memmem;
use std::ops::Range;

/// The windows may cover at most this fraction (1 / `SHARE`) of the text's lines.
const SHARE: usize = 4;

/// Every place of `old` whose lines lie in `within` (0-based document lines), in file order
/// — the places [`super::find_with`] finds there on the whole text's folded lines — or
/// `None` when the windows are not worth it.
pub(crate) fn find_near(
    text: &str,
    index: &LineIndex,
    old: &str,
    dashes: Dashes,
    within: Range<usize>,
) -> Option<Vec<TextMatch>> {
    // What the windows may cost, against folding every line of the text.
    let budget = index.lines().len() / SHARE;
    near(text, index, old, dashes, within, budget)
}

/// [`find_near`] with the windows allowed to cover `budget` lines.
fn near(
    text: &str,
    index: &LineIndex,
    old: &str,
    dashes: Dashes,
    within: Range<usize>,
    budget: usize,
) -> Option<Vec<TextMatch>> {
    let Some(pattern) = Pattern::new(old, dashes) else {
        return Some(Vec::new());
    };
    let lines = index.lines();
    let within = within.start.min(lines.len())..within.end.min(lines.len());
    if within.is_empty() {
        return Some(Vec::new());
    }
    let (at, needle) = pattern
        .folded
        .iter()
        .enumerate()
        .max_by_key(|(_, (_, f))| f.len())
        .map(|(k, (_, f))| (k, f.as_str()))?;
    let anchors = anchors(text, index, &within, needle, budget)?;
    let reach = Reach {
        above: at,
        below: pattern.folded.len() - 1 - at,
    };
    let windows = windows(text, lines, &anchors, reach, &within, budget)?;
    let mut found = Vec::new();
    for window in windows {
        let file = FoldedLines::of_lines(text, index, window, dashes);
        found.extend(pattern.matches(text, index, &file));
    }
    Some(found)
}

/// The lines in `within` that can hold `needle` once folded: those containing it byte for
/// byte and the non-ASCII ones, in order; `None` past `budget` lines.
fn anchors(
    text: &str,
    index: &LineIndex,
    within: &Range<usize>,
    needle: &str,
    budget: usize,
) -> Option<Vec<usize>> {
    let lines = index.lines();
    let base = lines[within.start].start;
    let region = &text.as_bytes()[base..lines[within.end - 1].end];
    let mut found = Vec::new();
    for pos in memmem::find_iter(region, needle.as_bytes()) {
        let line = index.line_of(base + pos);
        if found.last() != Some(&line) {
            found.push(line);
        }
        if found.len() > budget {
            return None;
        }
    }
    if region.is_ascii() {
        return Some(found);
    }
    let mut other = Vec::new();
    let mut from = 0;
    while let Some(off) = next_non_ascii(&region[from..]) {
        let line = index.line_of(base + from + off);
        other.push(line);
        if found.len() + other.len() > budget {
            return None;
        }
        from = lines[line].end - base;
    }
    found.extend(other);
    found.sort_unstable();
    found.dedup();
    Some(found)
}

/// The offset of the first byte of `bytes` that is not ASCII.
fn next_non_ascii(bytes: &[u8]) -> Option<usize> {
    let mut skipped = 0;
    for block in bytes.chunks(64) {
        if let Some(i) = block.iter().position(|b| !b.is_ascii()) {
            return Some(skipped + i);
        }
        skipped += block.len();
    }
    None
}

/// How many of `old`'s non-blank lines a place has above and below its needle line.
#[derive(Clone, Copy)]
struct Reach {
    above: usize,
    below: usize,
}

/// Whether a line surely folds to something: ASCII (it folds to itself, trimmed of spaces
/// and tabs) with another character than those.
fn surely_non_blank(text: &str, line: &Line) -> bool {
    let content = line.content(text);
    content.is_ascii() && content.bytes().any(|b| b != b' ' && b != b'\t')
}

/// The windows (merged, in order) holding every place anchored on `anchors`: from each,
/// `reach.above` lines sure to fold non-blank up and `reach.below` down (every line folding
/// non-blank in between is then inside), within `within`. `None` when they would cover more
/// than `budget` lines, or the walks down (which may cross the same lines for several
/// anchors) more than `SHARE` times that.
fn windows(
    text: &str,
    lines: &[Line],
    anchors: &[usize],
    reach: Reach,
    within: &Range<usize>,
    budget: usize,
) -> Option<Vec<Range<usize>>> {
    let mut windows: Vec<Range<usize>> = Vec::new();
    let (mut covered, mut walked) = (0, 0);
    for &anchor in anchors {
        // A later anchor's window starts no higher than an earlier one's: once the walk up
        // meets the previous window, the two merge.
        let floor = windows
            .last()
            .map_or(within.start, |w| w.end.max(within.start));
        let mut lo = anchor;
        let mut need = reach.above;
        while need > 0 && lo > floor {
            lo -= 1;
            need -= usize::from(surely_non_blank(text, &lines[lo]));
        }
        let mut hi = anchor + 1;
        let mut need = reach.below;
        while need > 0 && hi < within.end {
            need -= usize::from(surely_non_blank(text, &lines[hi]));
            hi += 1;
        }
        walked += hi - anchor;
        match windows.last_mut() {
            Some(last) if lo <= last.end => {
                covered += hi.saturating_sub(last.end);
                last.end = last.end.max(hi);
            }
            _ => {
                covered += hi - lo;
                windows.push(lo..hi);
            }
        }
        if covered > budget || walked > budget.saturating_mul(SHARE) {
            return None;
        }
    }
    Some(windows)
}

/// The document lines a place holding lines `lines` and spanning at most `height` non-blank
/// lines can lie on: `height` lines sure to fold non-blank above and below, or all lines when
/// that walk grows past `MAX_WALK` lines.
pub(crate) fn around(
    text: &str,
    index: &LineIndex,
    lines: Range<usize>,
    height: usize,
) -> Range<usize> {
    const MAX_WALK: usize = 10_000;
    let all = index.lines();
    let (mut lo, mut hi) = (lines.start.min(all.len()), lines.end.min(all.len()));
    let (mut up, mut down) = (height, height);
    let mut walked = 0;
    while up > 0 && lo > 0 {
        lo -= 1;
        up -= usize::from(surely_non_blank(text, &all[lo]));
        walked += 1;
    }
    while down > 0 && hi < all.len() {
        down -= usize::from(surely_non_blank(text, &all[hi]));
        hi += 1;
        walked += 1;
    }
    if walked > MAX_WALK + 2 * height {
        return 0..all.len();
    }
    lo..hi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locate::normalized::find_with;

    /// The windowed search and the whole-file search give the same places.
    fn same(text: &str, old: &str) -> usize {
        let index = LineIndex::new(text);
        let folded = FoldedLines::new(text, &index);
        let whole: Vec<_> = find_with(text, &index, &folded, old, Dashes::One)
            .into_iter()
            .map(|m| (m.range, m.align))
            .collect();
        let near =
            find_near(text, &index, old, Dashes::One, 0..index.lines().len()).expect("selective");
        let near: Vec<_> = near.into_iter().map(|m| (m.range, m.align)).collect();
        assert_eq!(near, whole, "{old:?}");
        whole.len()
    }

    fn module(n: usize) -> String {
        (0..n)
            .map(|i| format!("function f{i}(a) {{\n\n  const x = a + {i};\n  return x;\n}}\n"))
            .collect()
    }

    #[test]
    fn finds_what_the_whole_file_search_finds() {
        let text = module(200);
        assert_eq!(same(&text, "const x = a + 150;\n    return x;"), 1);
        assert_eq!(same(&text, "function f150(a) {\n  const x = a + 150;\n"), 1);
        assert_eq!(
            same(&text, "f150(a) {\n\tconst x = a + 150;\n\treturn x;\n}"),
            1
        );
        assert_eq!(same(&text, "  const x = a + 150;"), 1);
        assert_eq!(same(&text, "const x = a + 1500;"), 0);
    }

    #[test]
    fn typographic_lines_are_searched_too() {
        let mut text = module(200);
        text.push_str("const s = \u{201C}a + 150\u{201D};\n\u{00A0}\nconst t = 1;\n");
        text.push_str("say(\u{2018}x\u{2019}) // a + 150;\n");
        assert_eq!(same(&text, "const s = \"a + 150\";\nconst t = 1;"), 1);
        assert_eq!(same(&text, "say('x') // a + 150;"), 1);
        let twice = text.replace("const x = a + 150;", "const x = a \u{2013} 150;");
        assert_eq!(same(&twice, "const x = a - 150;"), 1);
    }

    /// Every case of the four corpora: `old` and `new` searched around their needle find
    /// what the whole-file search finds, with both readings of the em dash.
    #[test]
    fn the_corpora_give_the_same_places() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs = Vec::new();
        for corpus in ["corpus", "heldout", "adversarial", "adversarial-text"] {
            case_dirs(&root.join(corpus), &mut dirs);
        }
        let mut compared = 0;
        for dir in &dirs {
            let Some(text) = case_file(dir) else { continue };
            let index = LineIndex::new(&text);
            for side in ["old", "new"] {
                let Ok(old) = std::fs::read_to_string(dir.join(side)) else {
                    continue;
                };
                for dashes in [Dashes::One, Dashes::EmTwo] {
                    let folded = FoldedLines::with_dashes(&text, &index, dashes);
                    let key = |m: TextMatch| (m.range, m.align, m.first_partial);
                    let whole: Vec<_> = find_with(&text, &index, &folded, &old, dashes)
                        .into_iter()
                        .map(key)
                        .collect();
                    let all = 0..index.lines().len();
                    let near = near(&text, &index, &old, dashes, all, index.lines().len())
                        .map(|found| found.into_iter().map(key).collect::<Vec<_>>());
                    if let Some(near) = near {
                        assert_eq!(near, whole, "{} ({side})", dir.display());
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 2_000, "{compared} searches compared");
    }

    fn case_dirs(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        if dir.join("case.toml").is_file() {
            out.push(dir.to_path_buf());
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries.into_iter().filter(|p| p.is_dir()) {
            case_dirs(&path, out);
        }
    }

    /// A case's file (`file.<ext>`), when it is UTF-8.
    fn case_file(dir: &std::path::Path) -> Option<String> {
        let entries = std::fs::read_dir(dir).ok()?;
        let path = entries
            .flatten()
            .map(|e| e.path())
            .find(|p| p.file_stem().is_some_and(|s| s == "file"))?;
        String::from_utf8(std::fs::read(path).ok()?).ok()
    }

    #[test]
    fn a_common_needle_is_left_to_the_whole_file_search() {
        let text = module(200);
        let index = LineIndex::new(&text);
        let all = 0..index.lines().len();
        assert!(find_near(&text, &index, "return x;\n}", Dashes::One, all).is_none());
    }
}
