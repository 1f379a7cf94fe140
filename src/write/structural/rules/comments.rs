//! Comment rules: a comment the file has and the model never saw is never lost, a comment
//! `new` adds or drops is inside what is written or removed, and lines inserted above a
//! kept line go above the comments that belong to it.

use std::ops::Range;

use crate::syntax::Fragment;
use crate::text::lines::{line_start, starts_line};

use crate::write::rule::{RuleFamily, WriterRule};

use super::writer::{Inserted, TokenWriter};

/// A deletion split around the comments that stay ([`TokenWriter::around_kept_comments`]).
pub(crate) const DELETE_AROUND_KEPT_COMMENTS: WriterRule = WriterRule {
    name: "delete_around_kept_comments",
    family: RuleFamily::Comments,
    summary: "a deletion goes around the file's comments that stay: each stretch between them is deleted on its own",
};

/// Inserted lines placed above a kept line's comments ([`TokenWriter::above_leading_comments`]).
pub(crate) const ABOVE_LEADING_COMMENTS: WriterRule = WriterRule {
    name: "above_leading_comments",
    family: RuleFamily::Comments,
    summary: "lines inserted before a kept line go above the comments right above it, as far as `new` puts them there",
};

impl TokenWriter<'_> {
    /// Splits a run of file tokens where a file comment that stays lies between two of them.
    pub(super) fn around_kept_comments(&self, run: Range<usize>) -> Vec<Range<usize>> {
        let mut runs = Vec::new();
        let mut start = run.start;
        for k in run.start + 1..run.end {
            let gap = self.file[k - 1].range.end..self.file[k].range.start;
            let kept = self
                .syntax
                .comments
                .iter()
                .any(|c| c.start >= gap.start && c.end <= gap.end && self.comment_stays(c));
            if kept {
                self.fire(&DELETE_AROUND_KEPT_COMMENTS);
                runs.push(start..k);
                start = k;
            }
        }
        runs.push(start..run.end);
        runs
    }

    /// `old`'s comments that the region does not hold: edge comments the match could not
    /// anchor (the file has other code between them and the matched tokens, or lacks them).
    pub(super) fn unanchored_comments(&self) -> Vec<String> {
        let in_region: Vec<String> = self
            .syntax
            .comments
            .iter()
            .filter(|c| c.start >= self.found.range.start && c.end <= self.found.range.end)
            .filter_map(|c| self.text.get(c.clone()))
            .map(norm_comment)
            .collect();
        self.o_comments
            .iter()
            .filter_map(|c| self.old.get(c.clone()))
            .map(norm_comment)
            .filter(|c| !in_region.contains(c))
            .collect()
    }

    /// An inserted run of `new` that an unanchored comment of `old` separates from its
    /// neighbouring kept tokens: placed by that comment in the model's view, it has no
    /// certain place in the file.
    pub(super) fn beside_unanchored_comment(&self, n: Range<usize>) -> bool {
        let unanchored = self.unanchored_comments();
        if unanchored.is_empty() {
            return false;
        }
        let before = n.start.checked_sub(1).map_or(0, |p| self.n[p].range.end);
        let after = self.n.get(n.end).map_or(self.new.len(), |t| t.range.start);
        let (first, last) = (self.n[n.start].range.start, self.n[n.end - 1].range.end);
        self.n_comments.iter().any(|c| {
            let near = (c.start >= before && c.end <= first) || (c.start >= last && c.end <= after);
            near && self
                .new
                .get(c.clone())
                .is_some_and(|t| unanchored.contains(&norm_comment(t)))
        })
    }

    /// A file comment stays unless `old` has it and `new` drops it.
    pub(super) fn comment_stays(&self, c: &Range<usize>) -> bool {
        let Some(text) = self.text.get(c.clone()) else {
            return true;
        };
        let c = norm_comment(text);
        let has = |frag: &str, ranges: &[Range<usize>]| {
            ranges
                .iter()
                .any(|r| frag.get(r.clone()).map(norm_comment).as_ref() == Some(&c))
        };
        !has(self.old, self.o_comments) || has(self.new, self.n_comments)
    }

    /// Every file comment of the region that stays is in `out` (the region's new bytes),
    /// in order: a comment or directive the model never saw is never lost.
    pub(super) fn keeps_file_comments(&self, out: &str) -> bool {
        let mut rest = out;
        for c in self
            .syntax
            .comments
            .iter()
            .filter(|c| c.start >= self.found.range.start && c.end <= self.found.range.end)
        {
            if !self.comment_stays(c) {
                continue;
            }
            let Some(at) = self.text.get(c.clone()).and_then(|t| rest.find(t)) else {
                return false;
            };
            rest = &rest[at..];
        }
        true
    }

    /// A comment on the lines right above a kept line belongs to that line: lines
    /// inserted before the line go above such comments, unless `new` itself puts the
    /// comment before the inserted lines. With several comment lines there, the inserted
    /// lines go where the comments `new` has before them stay above and the ones it has after
    /// them stay below, as far as the file's comments allow (the file may have more). `ls` is the kept line's start; returns where the
    /// insertion goes (never before the previous kept token or the region).
    pub(super) fn above_leading_comments(&self, o: usize, ls: usize, inserted: &Inserted) -> usize {
        let prev_new = self.n[..inserted.run_start]
            .iter()
            .rev()
            .find(|t| !t.class.is_marker())
            .map_or(0, |t| t.range.end);
        let in_new = |within: Range<usize>| -> Vec<String> {
            self.n_comments
                .iter()
                .filter(|c| c.start >= within.start && c.end <= within.end)
                .filter_map(|c| self.new.get(c.clone()))
                .map(norm_comment)
                .collect()
        };
        let before = in_new(prev_new..inserted.lines.start);
        let after = in_new(inserted.lines.end..inserted.next.max(inserted.lines.end));
        let run = self.comment_lines_above(o, ls);
        let texts: Vec<String> = run.iter().map(|(_, c)| c.clone()).collect();
        // In order first; then a repeated comment stays on the side `new` has it on (a file
        // line twice); then the lowest place when `new` has comments before the inserted
        // lines, else the highest (the comments belong to the kept line).
        let score = |k: usize| common(&texts[..k], &before) + common(&texts[k..], &after);
        let sides = |k: usize| {
            texts[..k].iter().filter(|c| before.contains(c)).count()
                + texts[k..].iter().filter(|c| after.contains(c)).count()
        };
        let lean = |k: usize| {
            if before.is_empty() {
                -(k as i64)
            } else {
                k as i64
            }
        };
        let best = (0..=run.len())
            .max_by_key(|&k| (score(k), sides(k), lean(k)))
            .unwrap_or(0);
        let at = run.get(best).map_or(ls, |(start, _)| *start);
        if at != ls {
            self.fire(&ABOVE_LEADING_COMMENTS);
        }
        at
    }

    /// The comment lines right above the line starting at `ls` (no blank line between),
    /// top to bottom, each as its line start and its normalised text; none before the
    /// previous kept token (run index `o - 1`) or the region.
    pub(super) fn comment_lines_above(&self, o: usize, mut ls: usize) -> Vec<(usize, String)> {
        let text = self.text;
        let floor = o
            .checked_sub(1)
            .and_then(|p| self.file[..=p].iter().rev().find(|t| !t.class.is_marker()))
            .map_or(self.found.range.start, |t| t.range.end)
            .max(self.found.range.start);
        let mut run = Vec::new();
        loop {
            let above = self.syntax.comments.iter().rev().find(|c| {
                c.end <= ls
                    && c.start >= floor
                    && text[c.end..ls].trim().is_empty()
                    && text[c.end..ls].matches('\n').count() == 1
                    && starts_line(text, c.start)
            });
            let Some(c) = above else { break };
            let start = line_start(text, c.start);
            if start < floor {
                break;
            }
            run.push((start, norm_comment(&text[c.clone()])));
            ls = start;
        }
        run.reverse();
        run
    }

    /// A comment `new` adds must be inside text written from `new`; one `new` drops
    /// that the file has must be inside text removed from the file. Otherwise the
    /// token-level write would silently lose the comment change.
    pub(super) fn comments_placed(
        &self,
        o: &Fragment,
        n: &Fragment,
        emitted: &[Range<usize>],
        removed: &[Range<usize>],
    ) -> bool {
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let olds: Vec<String> = o
            .comments
            .iter()
            .filter_map(|r| self.old.get(r.clone()))
            .map(norm)
            .collect();
        let news: Vec<String> = n
            .comments
            .iter()
            .filter_map(|r| self.new.get(r.clone()))
            .map(norm)
            .collect();
        let within = |r: &Range<usize>, spans: &[Range<usize>]| {
            spans.iter().any(|s| s.start <= r.start && r.end <= s.end)
        };
        for (r, c) in n.comments.iter().zip(&news) {
            if !olds.contains(c) && !within(r, emitted) {
                return false;
            }
        }
        for c in olds.iter().filter(|c| !news.contains(c)) {
            let in_file = self
                .syntax
                .comments
                .iter()
                .filter(|r| r.start >= self.found.range.start && r.end <= self.found.range.end);
            for r in in_file {
                if self.text.get(r.clone()).map(norm).as_ref() == Some(c) && !within(r, removed) {
                    return false;
                }
            }
        }
        true
    }
}

/// A comment's text with its whitespace runs collapsed, for comparing the model's comments
/// with the file's.
pub(super) fn norm_comment(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How many items two sequences have in common, in order (their longest common subsequence).
pub(super) fn common(a: &[String], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diagonal + 1 } else { up.max(row[j]) };
            diagonal = up;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language::*;

    #[test]
    fn lines_inserted_before_a_kept_line_go_above_its_comment() {
        let text =
            "function f() {\n  info(user);\n  // keep in sync with the docs\n  return user;\n}\n";
        let old = "  info(user);\n  return user;\n";
        let new = "  info(user);\n  debug(user);\n  return user;\n";
        let (out, rules) = written(TypeScript, text, old, new);
        assert_eq!(
            out,
            "function f() {\n  info(user);\n  debug(user);\n  // keep in sync with the docs\n  return user;\n}\n"
        );
        assert_eq!(
            rules,
            ["token_edits", "above_leading_comments", "lines_before_kept"]
        );
    }
}
