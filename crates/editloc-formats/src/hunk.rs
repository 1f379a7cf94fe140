//! The body of a diff hunk, shared by the unified diff and the apply_patch envelope: lines
//! prefixed ` ` (context, both sides), `-` (old side) or `+` (new side), appended to an
//! edit's `old` and `new`. Empty lines are held back: inside the hunk they are context, at
//! its end separators. What ends a body is the format's to say.

use super::lines::{Line, quote};
use super::model::{Edit, FormatError};

/// What a hunk body held: where reading stopped, how many prefixed lines it had, and whether
/// any can locate the hunk (a context or removed line).
pub(super) struct Body {
    pub(super) next: usize,
    pub(super) lines: usize,
    pub(super) locatable: bool,
}

/// Whether the line at the start of the given lines ends the body: `Some(true)` when it
/// belongs to the hunk and is passed over, `Some(false)` when it is left for the next
/// reader, `None` to read on.
pub(super) type Ends<'f> = &'f dyn Fn(&[Line<'_>]) -> Option<bool>;

/// Reads the prefixed lines of a hunk from `at` into `edit` until `ends` says the body is
/// over (or the input is). `no_newline_marker`: a line starting with `\` (`\ No newline at
/// end of file`) drops the line ending of the line before, on the side(s) it went to.
pub(super) fn body(
    all: &[Line<'_>],
    at: usize,
    edit: &mut Edit,
    ends: Ends<'_>,
    no_newline_marker: bool,
) -> Result<Body, FormatError> {
    let mut read = Body {
        next: at,
        lines: 0,
        locatable: false,
    };
    let mut held_blank: Vec<Line<'_>> = Vec::new();
    // Which side(s) the previous line went to, for `\ No newline at end of file`.
    let mut last = (false, false);
    while let Some(&line) = all.get(read.next) {
        if let Some(passed_over) = ends(&all[read.next..]) {
            read.next += usize::from(passed_over);
            break;
        }
        read.next += 1;
        let text = line.text;
        if no_newline_marker && text.starts_with('\\') {
            strip_eol(edit, last);
            continue;
        }
        let Some(prefix) = text.chars().next() else {
            held_blank.push(line);
            continue;
        };
        if !matches!(prefix, ' ' | '-' | '+') {
            return Err(FormatError::new(
                line.no,
                "a hunk line starting with ` `, `-` or `+`",
                quote(text),
            ));
        }
        for blank in held_blank.drain(..) {
            blank.push_with_terminator("", &mut edit.old);
            blank.push_with_terminator("", &mut edit.new);
        }
        let body = &text[1..];
        if prefix != '+' {
            line.push_with_terminator(body, &mut edit.old);
            read.locatable = true;
        }
        if prefix != '-' {
            line.push_with_terminator(body, &mut edit.new);
        }
        last = (prefix != '+', prefix != '-');
        read.lines += 1;
    }
    Ok(read)
}

/// Drops the line ending of the last line on the sides it went to.
fn strip_eol(edit: &mut Edit, (old, new): (bool, bool)) {
    for (side, text) in [(old, &mut edit.old), (new, &mut edit.new)] {
        if side {
            let cut = text.strip_suffix('\n').unwrap_or(text);
            let cut = cut.strip_suffix('\r').unwrap_or(cut);
            text.truncate(cut.len());
        }
    }
}
