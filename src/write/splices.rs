//! Splices: the regions of a document's content an edit replaces, in file order and never
//! overlapping, and what follows from them — the new content, whether it changed anything,
//! the unified diff and the editor's text edits, each computed at the cost of the splices.

use crate::edits::{self, TextEdit};
use crate::locate::haystack::Haystack;
use crate::report::LineRange;
use crate::text::unified_diff::unified_diff_known;
use std::ops::Range;

/// A region of the original content (byte-order mark included in offsets) and the bytes
/// that replace it.
#[derive(Debug, Clone)]
pub(crate) struct Splice {
    pub range: Range<usize>,
    pub lines: LineRange,
    pub text: String,
    /// Written by the structural tier's whole-range fallback.
    pub fallback: bool,
}

impl Splice {
    /// The one splice that turns `before` into `after`: their common prefix and suffix kept,
    /// the middle replaced (for a result computed by several passes).
    pub(crate) fn between(before: &str, after: &str) -> Splice {
        let (b, a) = (before.as_bytes(), after.as_bytes());
        let mut start = b.iter().zip(a).take_while(|(x, y)| x == y).count();
        while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
            start -= 1;
        }
        let max_tail = b.len().min(a.len()) - start;
        let mut tail = b
            .iter()
            .rev()
            .zip(a.iter().rev())
            .take(max_tail)
            .take_while(|(x, y)| x == y)
            .count();
        while !before.is_char_boundary(b.len() - tail) || !after.is_char_boundary(a.len() - tail) {
            tail -= 1;
        }
        Splice {
            range: start..b.len() - tail,
            lines: LineRange { start: 1, end: 1 },
            text: after[start..a.len() - tail].to_string(),
            fallback: false,
        }
    }
}

/// Checks (in debug builds) that `splices` are in file order and do not overlap.
pub(crate) fn debug_check(splices: &[Splice]) {
    debug_assert!(
        splices
            .windows(2)
            .all(|w| w[0].range.end <= w[1].range.start),
        "splices must be ordered and must not overlap"
    );
}

/// The content with each splice's range replaced by its text. `splices` must be in file
/// order and must not overlap.
pub(crate) fn splice(h: &Haystack, splices: &[Splice]) -> String {
    debug_check(splices);
    let mut content = String::with_capacity(h.content().len());
    let mut at = 0;
    for s in splices {
        content.push_str(&h.content()[at..s.range.start]);
        content.push_str(&s.text);
        at = s.range.end;
    }
    content.push_str(&h.content()[at..]);
    content
}

/// The unified diff from this document to `content`, its content with `splices` made
/// (in file order): only the part between the first and the last splice is compared.
pub(crate) fn diff(h: &Haystack, content: &str, splices: &[Splice]) -> String {
    let len = h.content().len();
    let same_start = splices.first().map_or(len, |s| s.range.start);
    let same_end = splices.last().map_or(0, |s| len - s.range.end);
    // The byte-order mark holds no line break.
    let newlines = |offset: usize| match offset.checked_sub(h.body()) {
        Some(offset) => h.index().newlines_before(offset),
        None => Some(0),
    };
    unified_diff_known(
        h.content(),
        content,
        h.name(),
        (same_start, same_end),
        &newlines,
    )
}

/// The text edits of `splices` (in file order, not overlapping), trimmed to what changes.
pub(crate) fn text_edits(h: &Haystack, splices: &[Splice]) -> Vec<TextEdit> {
    // The document's index is over the text after a BOM; offsets here are the content's.
    let index = (h.body() == 0).then(|| h.index());
    edits::from_splices_indexed(
        h.content(),
        index,
        splices.iter().map(|s| (s.range.clone(), s.text.as_str())),
    )
}
