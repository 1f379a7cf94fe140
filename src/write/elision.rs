//! Writing an elided `old`: each located part is written by the ordinary writers against
//! `new`'s part, and the elided runs between them are copied from the file. `new` must repeat
//! each of `old`'s markers where its elided lines stay.

use crate::locate::haystack::Haystack;
use crate::locate::query::{Part, Place};
use crate::outcome::{Code, Refusal};
use crate::syntax::markers::parts;

/// Writes one located part (`old`'s part → `new`'s part): the ordinary writers.
pub(crate) type PartWriter<'a> = dyn Fn(&Place, &str, &str) -> Result<(String, bool), Refusal> + 'a;

/// The bytes replacing an elided region: each part written by the ordinary writers against
/// `new`'s part, the elided runs copied from the file. Whether any part fell back to a whole
/// rewrite.
pub(crate) fn write(
    h: &Haystack,
    located: &[Option<Part>],
    new: &str,
    write_part: &PartWriter<'_>,
) -> Result<(String, bool), Refusal> {
    let new_parts = parts(new);
    if new_parts.len() != located.len() {
        return Err(Refusal::new(
            Code::Elision,
            format!(
                "`old` has {} elision marker(s) and `new` has {}: each marker of `old` must be repeated in `new` where its elided lines stay",
                located.len() - 1,
                new_parts.len() - 1
            ),
        ));
    }
    let text = h.text();
    let mut out = String::new();
    let mut fallback = false;
    let mut at: Option<usize> = None;
    for (k, (part, new_part)) in located.iter().zip(&new_parts).enumerate() {
        let Some(part) = part else {
            if !new_part.is_empty() {
                return Err(Refusal::new(
                    Code::Elision,
                    format!(
                        "`new` has lines next to its elision marker {} where `old` has none (`{}`): where they go in the elided lines is unknown",
                        k.max(1),
                        first_line(new_part)
                    ),
                ));
            }
            continue;
        };
        let range = part.located.range();
        if let Some(at) = at {
            out.push_str(&text[at..range.start]);
        }
        let (written, fell_back) = write_part(&part.located, &part.old, new_part)?;
        out.push_str(&written);
        fallback |= fell_back;
        at = Some(range.end);
    }
    Ok((out, fallback))
}

/// `s` cut to its first line, for messages.
fn first_line(s: &str) -> &str {
    s.trim_start().lines().next().unwrap_or("").trim_end()
}
