//! Which writer writes a located place: the exact tier's (the occurrence replaced by `new`),
//! the text tiers' three-way merge, the structural tier's token-level rewrite, or the elision
//! writer (each part by one of the others).

use super::Rewrite;
use super::elision;
use super::exact;
use super::structural::rules::rewrite;
use super::text;
use super::text::TEXT_MERGE;
use crate::lang::Language;
use crate::locate::haystack::Haystack;
use crate::locate::query::Place;
use crate::outcome::{Code, Refusal};

/// The bytes replacing one located region (`old` → `new` by the writer of the tier that
/// found it), with whether the structural writer fell back to a whole-range rewrite or
/// wrote an edit of spelling only; or why it cannot be written with certainty.
pub(crate) fn write_located(
    h: &Haystack,
    m: &Place,
    old: &str,
    new: &str,
) -> Result<Rewrite, Refusal> {
    match m {
        Place::Text(m) if let Some(hit) = &m.exact => {
            let comments = h.language().map_or(&[][..], Language::line_comments);
            let (written, rules) = exact::write(h.text(), m, hit, (old, new), comments);
            Ok(Rewrite::by(written, rules))
        }
        Place::Text(m) => Ok(Rewrite::by(
            text::merge(
                h.text(),
                m,
                old,
                new,
                h.style(),
                h.language().is_some_and(Language::indentation_is_syntax),
            )?,
            vec![TEXT_MERGE.name],
        )),
        Place::Syntax(found) => {
            let syntax = m
                .syntax(|| h.syntax())
                .expect("a structural match has a syntax");
            rewrite(syntax, h.text(), found, old, new, h.style())
        }
        Place::Equivalent(_) => Err(Refusal::new(
            Code::Ambiguous,
            "the structural tier found several equivalent places; make `old` unique to edit one",
        )),
        Place::Elided(parts) => {
            // Each part's rules, in the order the parts are written.
            let rules = std::cell::RefCell::new(Vec::new());
            let part = |m: &Place, old: &str, new: &str| {
                write_located(h, m, old, new).map(|r| {
                    rules.borrow_mut().extend(r.rules);
                    (r.replacement, r.fallback)
                })
            };
            let (replacement, fallback) = elision::write(h, parts, new, &part)?;
            Ok(Rewrite {
                fallback,
                ..Rewrite::by(replacement, crate::write::rule::names(rules.take()))
            })
        }
    }
}
