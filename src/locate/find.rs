//! One search, whole: the ladder for `old`, then — when it finds nothing — the repairs of
//! garbled edits. A one-line `old` with `\n` escapes is decoded before the structural tier
//! could read the escapes as code.

use crate::error::LocateError;
use crate::locate::haystack::Haystack;
use crate::locate::hint::Hint;
use crate::locate::ladder::ladder;
use crate::locate::query::{Found, Query, Want};
use crate::locate::repair::{self, Repaired, elision};
use crate::options::Options;
use crate::outcome::Tier;

/// The ladder for `old`, then — when it finds nothing — the repairs. A not-found report
/// lists what each repair came to.
pub(crate) fn find(
    h: &Haystack,
    old: &str,
    new: Option<&str>,
    options: &Options,
    want: Want,
    anchor: Option<&str>,
) -> Result<Found, LocateError> {
    crate::error::check_old_size(old, h.text())?;
    if options.line_hint == Some(0) {
        return Err(crate::error::InputError::LineHintZero.into());
    }
    let query = Query {
        old,
        new,
        want,
        anchor,
        hint: options.line_hint.map(Hint::caller),
        closest: true,
    };
    if options.repairs
        && options.max_tier == Tier::Structural
        && crate::locate::repair::double_encoded::applies(old, new)
    {
        // One physical line with `\n` escapes: decoded before the structural tier could
        // read the escapes as code (`# guard\n    return 2` is a comment to a parser).
        let text_tiers = Options {
            max_tier: Tier::Normalized,
            ..options.clone()
        };
        match ladder(
            h,
            &Query {
                closest: false,
                ..query
            },
            &text_tiers,
        ) {
            Err(LocateError::NotFound(_)) => {
                match repair::repair(h, old, new, options, want, anchor) {
                    Repaired::Found(found) => return Ok(found),
                    Repaired::Stop(e) => return Err(e),
                    Repaired::Failed(_) => {}
                }
            }
            other => return other,
        }
    }
    match ladder(h, &query, options) {
        Ok(found) if options.repairs => elision::other_reading(h, &query, found, options),
        Err(LocateError::NotFound(mut report)) if options.repairs => {
            match repair::repair(h, old, new, options, want, anchor) {
                Repaired::Found(found) => Ok(found),
                Repaired::Failed(outcomes) => {
                    report.repairs = outcomes;
                    Err(LocateError::NotFound(report))
                }
                Repaired::Stop(e) => Err(e),
            }
        }
        other => other,
    }
}
