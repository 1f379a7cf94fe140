//! The post-edit syntax check at the cost of the edit, not of the file.
//!
//! An edit must not leave the file less parseable than it was. Parsing the whole original and
//! the whole result costs a few MB/s of tree-sitter on every edit, whatever tier found it. So a
//! window is parsed instead: the changed lines widened, by at least [`CONTEXT`] lines on each
//! side, to the nearest top-level boundary (a non-blank line at column 0 that does not continue
//! or close something: a declaration, a statement of the module). The window has the same
//! boundaries in the original and in the result, so whatever its cut does to the parse (an
//! error at a boundary) happens on both sides alike; only a difference is the edit's.
//!
//! The result's window is parsed first: without errors there, nothing can be worse than before
//! and the original is not parsed at all (one window parse per clean edit). Before it, the
//! smallest window is tried (no context: from the boundary at or above the change to the first
//! one after it, the top-level constructs the edit is in): an edit clean there is decided at the
//! cost of what it touches, not of 40 lines around it. When the window shows no more errors than
//! before, that is the answer. When it shows more, or no window can be drawn (no boundary
//! within `MAX_WINDOW` lines, `syntax::boundaries`), the whole file is parsed
//! to decide — the suspicious case pays the full price, the common one does not.

use super::blocks;
use super::splices::Splice;
use crate::lang::Language;
use crate::locate::haystack::{BOM, Haystack, MAX_SYNTAX_BYTES};
use crate::options::Options;
use crate::outcome::{Code, Refusal};
use crate::syntax::boundaries;
use std::ops::Range;

/// Lines of context a window keeps at least on each side of the change.
pub const CONTEXT: usize = 20;

/// One change: a range of the original replaced by `len` bytes.
#[derive(Debug, Clone)]
pub struct Change {
    /// The replaced bytes of the original.
    pub range: Range<usize>,
    /// The length of what replaces them.
    pub len: usize,
}

/// Syntax errors before and after the edit, and how they were counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ErrorCounts {
    /// ERROR and MISSING nodes in the original (in the window, or the whole file); not
    /// counted (0) when the result's window has none: nothing can be worse than before.
    pub was: usize,
    /// The same in the result.
    pub now: usize,
    /// The whole file was parsed (no window, or the window showed new errors).
    pub whole_file: bool,
}

/// Counts syntax errors around `changes` in `before` and `after` (the edited text).
pub fn counts(language: Language, before: &str, after: &str, changes: &[Change]) -> ErrorCounts {
    if let Some((was, now)) = window_counts(language, before, after, changes)
        && now <= was
    {
        return ErrorCounts {
            was,
            now,
            whole_file: false,
        };
    }
    ErrorCounts {
        was: errors(language, before),
        now: errors(language, after),
        whole_file: true,
    }
}

/// Where `changes` start and end in the original, and how much longer they make it; `None`
/// without changes.
fn extent(changes: &[Change]) -> Option<(usize, usize, isize)> {
    let first = changes.iter().map(|c| c.range.start).min()?;
    let last = changes.iter().map(|c| c.range.end).max()?;
    let delta = changes
        .iter()
        .map(|c| c.len as isize - c.range.len() as isize)
        .sum();
    Some((first, last, delta))
}

/// Error counts in the window around `changes`, or `None` when no window can be drawn. The
/// result's window is parsed first; the original's only when the result's has errors.
fn window_counts(
    language: Language,
    before: &str,
    after: &str,
    changes: &[Change],
) -> Option<(usize, usize)> {
    let (first, last, delta) = extent(changes)?;
    let result_window = |margin: usize| -> Option<&str> {
        let start = boundary_before(before, first, margin)?;
        let end = boundary_after(before, last, margin)?;
        after.get(start..(end as isize + delta) as usize)
    };
    if result_window(0).is_some_and(|window| errors(language, window) == 0) {
        return Some((0, 0));
    }
    let start = boundary_before(before, first, CONTEXT)?;
    let end = boundary_after(before, last, CONTEXT)?;
    let now = errors(language, result_window(CONTEXT)?);
    if now == 0 {
        return Some((0, 0));
    }
    let was = errors(language, before.get(start..end)?);
    Some((was, now))
}

/// Refuses a result whose indentation breaks the block structure around `changes` where
/// the original's did not ([`super::blocks`]): the parse cannot see it.
fn block_structure(
    language: Language,
    before: &str,
    after: &str,
    changes: &[Change],
) -> Result<(), Refusal> {
    let Some((first, last, delta)) = extent(changes) else {
        return Ok(());
    };
    let start = boundary_before(before, first, CONTEXT).unwrap_or(0);
    let end = boundary_after(before, last, CONTEXT).unwrap_or(before.len());
    let after_end = (end as isize + delta) as usize;
    let (Some(was), Some(now)) = (before.get(start..end), after.get(start..after_end)) else {
        return Ok(());
    };
    match (blocks::first_break(now), blocks::first_break(was)) {
        (Some((line, why)), None) => Err(Refusal::new(
            Code::IndentInconsistent,
            format!(
                "the result would not be valid {}: its line {} {}; `old` may end inside a \
                 block the file continues after it (include the rest of the block), or `new` \
                 indents a line its neighbours do not allow",
                language.name(),
                before[..start].matches('\n').count() + line + 1,
                why.message()
            ),
        )),
        _ => Ok(()),
    }
}

/// ERROR and MISSING nodes of `text` parsed whole.
fn errors(language: Language, text: &str) -> usize {
    language
        .parse(text)
        .map_or(0, |tree| crate::syntax::error_count(&tree))
}

/// The start of the line where a window holding `at` starts: at least `margin` lines above
/// `at`, at a boundary line (or the start of the text).
fn boundary_before(text: &str, at: usize, margin: usize) -> Option<usize> {
    boundaries::boundary_before(text, at, margin)
}

/// Where a window holding everything before `at` ends: at the start of a boundary line at
/// least `margin` lines below (or the end of the text); `None` when `at` is on the last line.
fn boundary_after(text: &str, at: usize, margin: usize) -> Option<usize> {
    text[at..].find('\n')?;
    boundaries::boundary_after(text, at, margin)
}

/// The post-edit syntax check: warnings about `content` (an edited version of this
/// document), or the refusal when `options.require_clean_parse` asks for one.
///
/// `splices` are the edit's replaced ranges (of the content); only a window around them is
/// parsed unless it shows new errors.
pub(crate) fn check(
    h: &Haystack,
    content: &str,
    splices: &[Splice],
    options: &Options,
) -> Result<Vec<String>, Refusal> {
    let Some(language) = h.language() else {
        return Ok(Vec::new());
    };
    if h.text().len() > MAX_SYNTAX_BYTES {
        return Ok(Vec::new());
    }
    let body = content.strip_prefix(BOM).unwrap_or(content);
    let changes: Vec<Change> = splices
        .iter()
        .map(|s| Change {
            range: s.range.start - h.body()..s.range.end - h.body(),
            len: s.text.len(),
        })
        .collect();
    if language.indentation_is_syntax() {
        block_structure(language, h.text(), body, &changes)?;
    }
    // A whole tree already parsed, re-parsed where the edit changed it, settles a clean result.
    if let (Some(syntax), [change]) = (h.parsed_syntax(), changes.as_slice())
        && crate::syntax::incremental::clean_after(syntax, h.text(), body, change.range.clone())
    {
        return Ok(Vec::new());
    }
    let counts = counts(language, h.text(), body, &changes);
    let (was, now) = (counts.was, counts.now);
    if now <= was {
        return Ok(Vec::new());
    }
    // New errors in the window are always confirmed on the whole file.
    debug_assert!(counts.whole_file);
    let problem = format!(
        "the result parses as {} with {now} syntax error node(s), the original with {was}",
        language.name(),
    );
    if options.require_clean_parse {
        Err(Refusal::new(
            Code::WorseParse,
            format!("{problem} (--require-clean-parse)"),
        ))
    } else {
        Ok(vec![problem])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(functions: usize) -> String {
        (0..functions)
            .map(|i| format!("function f{i}(a) {{\n  const x = a + {i};\n  return x;\n}}\n\n"))
            .collect()
    }

    fn edit(text: &str, old: &str, new: &str) -> (String, Vec<Change>) {
        let at = text.find(old).expect("old in text");
        let after = format!("{}{new}{}", &text[..at], &text[at + old.len()..]);
        (
            after,
            vec![Change {
                range: at..at + old.len(),
                len: new.len(),
            }],
        )
    }

    #[test]
    fn a_clean_edit_is_decided_in_the_window() {
        let text = module(500);
        let (after, changes) = edit(&text, "a + 250;", "a + 251;");
        let c = counts(Language::JavaScript, &text, &after, &changes);
        assert_eq!((c.was, c.now, c.whole_file), (0, 0, false));
    }

    #[test]
    fn a_broken_edit_is_confirmed_on_the_whole_file() {
        let text = module(500);
        let (after, changes) = edit(
            &text,
            "a + 250;\n  return x;\n}",
            "a + 250;\n  return (x;\n}",
        );
        let c = counts(Language::JavaScript, &text, &after, &changes);
        assert!(c.now > c.was, "{c:?}");
        assert!(c.whole_file);
    }

    #[test]
    fn an_unclosed_comment_shows_in_the_window() {
        let text = module(500);
        let (after, changes) = edit(&text, "const x = a + 250;", "/* const x = a + 250;");
        let c = counts(Language::JavaScript, &text, &after, &changes);
        assert!(c.now > c.was, "{c:?}");
    }

    /// With no context the window is the top-level constructs the change is in: here the
    /// one function, from its first line to the next function's.
    #[test]
    fn the_smallest_window_is_the_enclosing_declaration() {
        let text = module(100);
        let at = text.find("a + 50;").unwrap();
        let start = boundary_before(&text, at, 0).unwrap();
        let end = boundary_after(&text, at, 0).unwrap();
        assert_eq!(
            &text[start..end],
            "function f50(a) {\n  const x = a + 50;\n  return x;\n}\n\n"
        );
        let generic = "type A<\n  T,\n> = B<T>;\nconst c = 1;\n";
        let at = generic.find("T,").unwrap();
        assert_eq!(boundary_before(generic, at, 0), Some(0));
        assert_eq!(
            boundary_after(generic, at, 0),
            generic.find("const").map(Some).unwrap()
        );
    }

    #[test]
    fn windows_stop_at_top_level_lines() {
        let text = module(100);
        let at = text.find("a + 50;").unwrap();
        let start = boundary_before(&text, at, CONTEXT).unwrap();
        let end = boundary_after(&text, at, CONTEXT).unwrap();
        assert!(text[start..].starts_with("function f"));
        assert!(text[end..].starts_with("function f"));
        assert!(text[start..end].lines().count() >= 2 * CONTEXT);
        assert!(text[start..end].lines().count() < 60);
    }
}
