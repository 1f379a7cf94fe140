//! Which writer writes a located place: the exact tier's (the occurrence replaced by `new`),
//! the text tiers' three-way merge, the structural tier's token-level rewrite, or the elision
//! writer (each part by one of the others).

use super::elision;
use super::exact;
use super::structural::rewrite::rewrite;
use super::text;
use crate::lang::Language;
use crate::locate::haystack::Haystack;
use crate::locate::query::Place;
use crate::outcome::{Code, Refusal};

/// The bytes replacing one located region (`old` → `new` by the writer of the tier that
/// found it), and whether the structural writer fell back to a whole-range rewrite; or why
/// it cannot be written with certainty.
pub(crate) fn write_located(
    h: &Haystack,
    m: &Place,
    old: &str,
    new: &str,
) -> Result<(String, bool), Refusal> {
    match m {
        Place::Text(m) if let Some(hit) = &m.exact => {
            Ok((exact::write(h.text(), m, hit, old, new), false))
        }
        Place::Text(m) => Ok((
            text::merge(
                h.text(),
                m,
                old,
                new,
                h.style(),
                h.language().is_some_and(Language::indentation_is_syntax),
            )?,
            false,
        )),
        Place::Syntax(found) => {
            let syntax = m
                .syntax(|| h.syntax())
                .expect("a structural match has a syntax");
            let rw = rewrite(syntax, h.text(), found, old, new, h.style())?;
            Ok((rw.replacement, rw.fallback))
        }
        Place::Equivalent(_) => Err(Refusal::new(
            Code::Ambiguous,
            "the structural tier found several equivalent places; make `old` unique to edit one",
        )),
        Place::Elided(parts) => {
            elision::write(h, parts, new, &|m, old, new| write_located(h, m, old, new))
        }
    }
}
