//! Tier 1: byte-for-byte. Every occurrence is returned, overlapping ones included, so that two
//! or more is ambiguity, never "the first".

use super::text_match::{TextMatch, region_lines, widen};
use crate::text::lines::LineIndex;
use memchr::memmem;
use std::ops::Range;

/// Every occurrence of `old` in `text`, widened to whole lines where only whitespace
/// separates it from them. An occurrence of a one-line `old` that starts inside a line's
/// indentation (`old` indented by 4 found in a line indented by 8) is left to the normalized
/// tier when `new` has several lines: `old`'s indentation is not the file's, and the lines
/// written from `new` at `new`'s own indentation would land in another block. (A later line
/// of a several-line `old` shows the file's own indentation.)
///
/// When `new` has several lines and `old` none of its own, an occurrence followed on its line
/// by a comment running to the line's end (one of `line_comments`) takes the comment into
/// its range, so the writer keeps the comment on the line it annotates
/// ([`crate::write::exact`]).
pub(crate) fn find(
    text: &str,
    index: &LineIndex,
    old: &str,
    new: Option<&str>,
    line_comments: &[&str],
) -> Vec<TextMatch> {
    let several = |s: &str| s.trim_end_matches(['\n', '\r']).contains('\n');
    let check = !several(old) && new.is_some_and(several);
    occurrences(text, old, 0..text.len())
        .into_iter()
        .filter(|hit| {
            !(check
                && (inside_indentation(text, hit.start)
                    || new.is_some_and(|new| dedents(text, hit.start, new))))
        })
        .map(|hit| {
            let (mut range, first_partial) = widen(text, index, hit.clone());
            if check && !old.contains(['\n', '\r']) {
                range.end = trailing_comment_end(text, index, range.end, line_comments);
            }
            if new.is_some() {
                range.end = past_terminator(text, index, range.end);
            }
            if new == Some("") && !text[..range.end].ends_with(['\n', '\r']) {
                // Deleting what stands before the rest of a line (a comment): the spaces
                // between them go too.
                range.end += text[range.end..]
                    .find(|c| c != ' ' && c != '\t')
                    .filter(|&i| !text[range.end + i..].starts_with(['\n', '\r']))
                    .unwrap_or(0);
            }
            let lines = region_lines(index, &range);
            let align = (0..lines.len()).map(Some).collect();
            TextMatch {
                range,
                lines,
                align,
                first_partial,
                exact: Some(hit),
            }
        })
        .collect()
}

/// The end of `end`'s line when all that follows `end` on it is a `;` (spaces around it):
/// the terminator of `old`'s last statement is the writer's to keep or, when `new` deletes
/// that statement, to drop with it (`write::exact`). Else `end`.
fn past_terminator(text: &str, index: &LineIndex, end: usize) -> usize {
    let Some(line) = end.checked_sub(1).map(|e| &index.lines()[index.line_of(e)]) else {
        return end;
    };
    if end >= line.content_end {
        return end;
    }
    match text[end..line.content_end].trim_matches([' ', '\t']) {
        ";" => line.content_end,
        _ => end,
    }
}

/// The end of the comment running from `end` (after spaces) to its line's end, when one of
/// `line_comments` opens there; else `end`.
fn trailing_comment_end(
    text: &str,
    index: &LineIndex,
    end: usize,
    line_comments: &[&str],
) -> usize {
    let Some(line) = end.checked_sub(1).map(|e| &index.lines()[index.line_of(e)]) else {
        return end;
    };
    if end >= line.content_end || matches!(text.as_bytes()[end - 1], b'\n' | b'\r') {
        return end;
    }
    let rest = text[end..line.content_end].trim_start_matches([' ', '\t']);
    if line_comments.iter().any(|m| rest.starts_with(m)) {
        line.content_end
    } else {
        end
    }
}

/// `at` follows its line's indentation (`old` copied from after it) and a later line of
/// `new` is indented less than that line: `new` was written relative to its unindented first
/// line, and as sent its later lines would leave the block (`run();` → `run();\nlog();` in a
/// line indented by 4 would put `log();` at column 0).
fn dedents(text: &str, at: usize, new: &str) -> bool {
    let ls = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = &text[ls..at];
    if indent.is_empty() || !indent.bytes().all(|b| b == b' ' || b == b'\t') {
        return false;
    }
    let width = crate::text::indent_width(indent);
    new.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .any(|l| crate::text::indent_width(crate::text::lines::indentation(l)) < width)
}

/// `at` is inside a line's indentation, after some of it.
fn inside_indentation(text: &str, at: usize) -> bool {
    let ls = text[..at].rfind('\n').map_or(0, |i| i + 1);
    at > ls
        && text[ls..at].bytes().all(|b| b == b' ' || b == b'\t')
        && text[at..].starts_with([' ', '\t'])
}

/// Every occurrence of `needle` (overlapping ones too) that lies inside `window` of `text`
/// (clamped to the text), in order.
pub(crate) fn occurrences(text: &str, needle: &str, window: Range<usize>) -> Vec<Range<usize>> {
    let end = window.end.min(text.len());
    if needle.is_empty() || window.start >= end {
        return Vec::new();
    }
    let finder = memmem::Finder::new(needle.as_bytes());
    let bytes = &text.as_bytes()[..end];
    let mut hits = Vec::new();
    let mut from = window.start;
    while let Some(pos) = finder.find(&bytes[from..]) {
        hits.push(from + pos..from + pos + needle.len());
        from += pos + 1;
    }
    hits
}

/// Whether a located occurrence starts or ends inside a word of the file (`count = 0` found
/// in `retry_count = 0`). Such a lone occurrence is not taken: the normalized tier refuses the
/// same split, and a model that meant `retry_count` would have said so.
pub(crate) fn inside_word(text: &str, m: &TextMatch) -> bool {
    crate::text::splits_word(text, m.range.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, old: &str) -> Vec<TextMatch> {
        find(text, &LineIndex::new(text), old, None, &[])
    }

    fn find_new(text: &str, index: &LineIndex, old: &str, new: Option<&str>) -> Vec<TextMatch> {
        find(text, index, old, new, &[])
    }

    #[test]
    fn an_occurrence_inside_the_indentation_is_left_when_new_has_several_lines() {
        let text = "for g in gs:\n    for i in g:\n        out.append(i)\n";
        let index = LineIndex::new(text);
        let old = "    out.append(i)\n";
        assert_eq!(
            find_new(text, &index, old, Some("    out.append(i)\n")).len(),
            1
        );
        assert!(find_new(text, &index, old, Some("    out.append(i)\n    n += 1\n")).is_empty());
        // Copied from after the indentation: not inside it.
        let old = "out.append(i)";
        assert_eq!(
            find_new(text, &index, old, Some("out.append(i)\n        n += 1")).len(),
            1
        );
        // ... but `new`'s later line written relative to the unindented first one would
        // leave the block: left to the normalized tier too.
        assert!(find_new(text, &index, old, Some("out.append(i)\nn += 1")).is_empty());
    }

    #[test]
    fn unique_hit_widens_to_the_line_start() {
        let [m] = &run("a\n    foo()\nb\n", "foo()\n")[..] else {
            panic!("not found")
        };
        assert_eq!(m.range, 2..12);
        assert!(!m.first_partial);
        assert_eq!(m.align, vec![Some(0)]);
    }

    #[test]
    fn counts_overlapping_occurrences() {
        let ranges: Vec<_> = run("aaa", "aa").into_iter().map(|m| m.range).collect();
        assert_eq!(ranges, vec![0..2, 1..3]);
    }

    #[test]
    fn mid_line_stays_partial() {
        let [m] = &run("x = foo(a)\n", "foo(a)")[..] else {
            panic!("not found")
        };
        assert_eq!(m.range, 4..10);
        assert!(m.first_partial);
    }
}
