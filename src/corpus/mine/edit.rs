//! A hunk turned into an edit as a model sends it: `old` = the changed lines of the earlier
//! revision plus 0–3 unchanged context lines (more, up to 3 on each side, until `old` occurs
//! once in the file), `new` = the same span in the later revision; shaped as models send
//! them: without the final newline (3 edits in 4, when the last line is not blank), starting after the first line's
//! indentation (1 in 3 where both first lines share it).

use super::hunks::Hunk;
use super::sample::Sampler;
use std::ops::Range;

/// Most context lines on one side of the changed lines.
const MAX_CONTEXT: usize = 3;

/// One edit of the corpus, against a base file (the revision before it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct MinedEdit {
    /// What the model sends as `old`.
    pub old: String,
    /// What the model sends as `new`.
    pub new: String,
    /// The lines of the base file `old` stands for (context included).
    pub span: Range<usize>,
    /// The whole lines that replace `span` (context included, with their line endings).
    pub replacement: String,
    /// Context lines above and below the changed lines.
    pub context: (usize, usize),
    /// Shape tags (`no-final-newline`, `mid-line-start`).
    pub shapes: Vec<&'static str>,
}

impl MinedEdit {
    /// The base file with the edit made: what the model means.
    pub(super) fn intended(&self, base: &[&str]) -> String {
        let mut out = base[..self.span.start].concat();
        out.push_str(&self.replacement);
        out.push_str(&base[self.span.end..].concat());
        out
    }
}

/// How the edit's text is shaped.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape {
    /// Both texts lose their final line ending.
    pub no_final_newline: bool,
    /// Both texts start after the first line's indentation.
    pub mid_line_start: bool,
}

impl Shape {
    /// A shape drawn from `sampler`; `mid_line` allows the mid-line start.
    pub(super) fn sample(sampler: &mut Sampler, mid_line: bool) -> Shape {
        Shape {
            no_final_newline: !sampler.one_in(4),
            mid_line_start: mid_line && sampler.one_in(3),
        }
    }
}

/// Unchanged lines that stand just above (`above`) or below the hunk in both revisions.
fn free_context(before: &[&str], after: &[&str], hunk: &Hunk, above: bool) -> usize {
    (1..=MAX_CONTEXT)
        .take_while(|&k| {
            if above {
                k <= hunk.old.start
                    && k <= hunk.new.start
                    && before[hunk.old.start - k] == after[hunk.new.start - k]
            } else {
                hunk.old.end + k <= before.len()
                    && hunk.new.end + k <= after.len()
                    && before[hunk.old.end + k - 1] == after[hunk.new.end + k - 1]
            }
        })
        .count()
}

/// The edit for `hunk` with `context` lines, shaped; `file` is the base file's text.
fn compose(
    before: &[&str],
    after: &[&str],
    hunk: &Hunk,
    context: (usize, usize),
    shape: Shape,
) -> MinedEdit {
    let span = hunk.old.start - context.0..hunk.old.end + context.1;
    let replacement = after[hunk.new.start - context.0..hunk.new.end + context.1].concat();
    let mut old = before[span.clone()].concat();
    let mut new = replacement.clone();
    let mut shapes = Vec::new();
    // A blank last line sent without its newline would read as no line at all.
    let last_blank = |t: &str| {
        t.trim_end_matches('\n')
            .rsplit('\n')
            .next()
            .is_none_or(|l| l.trim().is_empty())
            || t.ends_with("\n\n")
    };
    if shape.no_final_newline
        && old.ends_with('\n')
        && new.ends_with('\n')
        && !last_blank(&old)
        && !last_blank(&new)
    {
        old.pop();
        new.pop();
        shapes.push("no-final-newline");
    }
    let indent: String = old
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    if shape.mid_line_start && !indent.is_empty() && new.starts_with(&indent) {
        old.drain(..indent.len());
        new.drain(..indent.len());
        shapes.push("mid-line-start");
    }
    MinedEdit {
        old,
        new,
        span,
        replacement,
        context,
        shapes,
    }
}

/// The edit a model sends for `hunk` (see the module docs), or why there is none.
pub(super) fn edit_for(
    before: &[&str],
    after: &[&str],
    hunk: &Hunk,
    sampler: &mut Sampler,
    shape: Shape,
) -> Result<MinedEdit, &'static str> {
    let file = before.concat();
    let free = (
        free_context(before, after, hunk, true),
        free_context(before, after, hunk, false),
    );
    let needs_context = hunk.old.is_empty() || hunk.new.is_empty();
    let wanted = sampler
        .below(MAX_CONTEXT + 1)
        .max(usize::from(needs_context));
    let above = sampler.below(wanted + 1).min(free.0);
    let mut context = (above, (wanted - above).min(free.1));
    loop {
        let edit = compose(before, after, hunk, context, shape);
        let has_context = context.0 + context.1 > 0 || !needs_context;
        if has_context && edit.old.trim().len() > 1 && file.matches(&edit.old).count() == 1 {
            return Ok(edit);
        }
        if context.0 < free.0 && (context.0 <= context.1 || context.1 == free.1) {
            context.0 += 1;
        } else if context.1 < free.1 {
            context.1 += 1;
        } else {
            return Err("old not unique with 3 context lines");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::hunks::lines;
    use super::*;

    #[test]
    fn context_grows_until_old_is_unique() {
        let before = lines("x = 1\ny = 2\nx = 1\nz = 3\n");
        let after = lines("x = 1\ny = 2\nx = 1\nz = 4\n");
        let hunk = Hunk {
            old: 3..4,
            new: 3..4,
        };
        let shape = Shape {
            no_final_newline: true,
            mid_line_start: false,
        };
        let mut sampler = Sampler::new(0, "k");
        let edit = edit_for(&before, &after, &hunk, &mut sampler, shape).unwrap();
        assert_eq!(edit.old.matches("z = 3").count(), 1);
        assert_eq!(edit.intended(&before), "x = 1\ny = 2\nx = 1\nz = 4\n");
        assert!(!edit.old.ends_with('\n'));
    }

    #[test]
    fn an_insertion_carries_context_and_a_mid_line_start() {
        let before = lines("def f():\n    a = 1\n    return a\n");
        let after = lines("def f():\n    a = 1\n    b = 2\n    return a\n");
        let hunk = Hunk {
            old: 2..2,
            new: 2..3,
        };
        let shape = Shape {
            no_final_newline: false,
            mid_line_start: true,
        };
        let mut sampler = Sampler::new(3, "k");
        let edit = edit_for(&before, &after, &hunk, &mut sampler, shape).unwrap();
        assert!(edit.context.0 + edit.context.1 >= 1);
        assert!(edit.shapes.contains(&"mid-line-start"));
        assert!(!edit.old.starts_with(' '));
        assert_eq!(edit.intended(&before), after.concat());
    }
}
