//! Elision: the parts of an `old` between its marker lines ([`markers`]) are located with the
//! ladder like any `old`; the ways to place them in order, each after the previous and inside
//! the marker's block, must be exactly one. The elided lines are the file's; writing them is
//! [`crate::write::elision`]'s.

use super::markers::{Reading, marker_lines, parts, reading};
use crate::error::LocateError;
use crate::locate::haystack::Haystack;
use crate::locate::ladder::ladder;
use crate::locate::query::{Found, Part, Place, Query, Want};
use crate::options::Options;
use crate::outcome::Tier;
use crate::report::{LineRange, Report, TierOutcome, TierResult};
use crate::text::indent_width;
use crate::text::lines::{indentation, split_lines};
use std::ops::Range;

/// Most in-order placements enumerated before giving up counting (the report says "at least").
const MAX_CHAINS: usize = 20;

/// `s` cut to its first line, for messages.
fn first_line(s: &str) -> &str {
    s.trim_start().lines().next().unwrap_or("").trim_end()
}

/// `old` was found reading its marker lines as code (a Python `...` body); when they may
/// be elision markers as well, that reading must not find another place: two readings
/// that denote different places are an ambiguity, never a choice.
pub(crate) fn other_reading(
    h: &Haystack,
    q: &Query<'_>,
    found: Found,
    options: &Options,
) -> Result<Found, LocateError> {
    if q.want != Want::One || reading(q.old, h.language()) != Reading::Either {
        return Ok(found);
    }
    let Ok(elided) = elide(h, q, options) else {
        return Ok(found);
    };
    let (code, marker) = (found.places[0].range(), elided.places[0].range());
    if code.start < marker.end.max(marker.start + 1) && marker.start < code.end.max(code.start + 1)
    {
        return Ok(found);
    }
    let candidates = vec![h.line_range(&code), h.line_range(&marker)];
    let mut report = Report::ambiguous(
        vec![TierOutcome::new(
            found.tier,
            TierResult::Other {
                note: format!(
                    "`...` read as code fits {}, read as an elision marker {}",
                    candidates[0].phrase(),
                    candidates[1].phrase()
                ),
            },
        )],
        candidates,
    );
    report.hint =
        "a `...` line of `old` reads as code and as an elision marker, and the two readings fit different places; write `# ...` for an elision or add lines around it"
            .to_string();
    Err(LocateError::Ambiguous(Box::new(report)))
}

/// Locates an `old` with elision markers: each part with the ladder, then the one in-order
/// placement of all parts (or ambiguity, or not found).
pub(crate) fn elide(h: &Haystack, q: &Query<'_>, options: &Options) -> Result<Found, LocateError> {
    let parts = parts(q.old);
    let text = h.text();
    let bytes = text.as_bytes();
    let line_start = |at: usize| at == 0 || matches!(bytes[at - 1], b'\n' | b'\r');
    let line_end = |at: usize| at == bytes.len() || matches!(bytes[at - 1], b'\n' | b'\r');
    let last = parts.len() - 1;
    let mut located: Vec<(usize, Tier, Vec<Option<Place>>)> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        if part.is_empty() {
            continue;
        }
        let sub = Query {
            old: part,
            want: Want::All,
            anchor: q.anchor,
            hint: None,
            closest: false,
        };
        let found = match ladder(h, &sub, options) {
            Ok(found) => found,
            Err(LocateError::NotFound(_)) => {
                return Err(not_found(format!(
                    "the part of `old` starting `{}` is not in the file",
                    first_line(part)
                )));
            }
            Err(e) => return Err(e),
        };
        let places: Vec<Option<Place>> = found
            .places
            .into_iter()
            .filter(|m| {
                let r = m.range();
                (k == 0 || line_start(r.start)) && (k == last || r.end == 0 || line_end(r.end))
            })
            .map(Some)
            .collect();
        if places.is_empty() {
            return Err(not_found(format!(
                "the part of `old` starting `{}` is in the file only inside other lines",
                first_line(part)
            )));
        }
        located.push((k, found.tier, places));
    }
    if located.is_empty() {
        return Err(not_found(
            "`old` is only elision markers: there is nothing to locate".to_string(),
        ));
    }
    let ranges: Vec<Vec<Range<usize>>> = located
        .iter()
        .map(|(_, _, places)| places.iter().flatten().map(Place::range).collect())
        .collect();
    let markers = marker_lines(q.old);
    let depths: Vec<Option<Depth>> = (0..located.len())
        .map(|j| {
            let (k1, k2) = (located[j.checked_sub(1)?].0, located[j].0);
            Some(Depth {
                marker: markers[k1..k2].iter().map(|m| width(m)).min()?,
                before: width(non_blank(parts[k1]).next_back()?),
                after: width(non_blank(parts[k2]).next()?),
            })
        })
        .collect();
    let fits = |j: usize, prev: &Range<usize>, next: &Range<usize>| {
        let (Some(depth), Some(before), Some(after)) = (
            depths[j],
            non_blank(&text[prev.clone()]).next_back(),
            non_blank(&text[next.clone()]).next(),
        ) else {
            return true;
        };
        depth.fits(before, &text[prev.end..next.start], after)
    };
    let found = chains(&ranges, &fits, MAX_CHAINS);
    let span = |chain: &[usize]| {
        let first = &ranges[0][chain[0]];
        let end = ranges[ranges.len() - 1][chain[chain.len() - 1]].end;
        h.line_range(&(first.start..end))
    };
    let tier = located
        .iter()
        .map(|(_, t, _)| *t)
        .max()
        .unwrap_or(Tier::Exact);
    let mut notes = Vec::new();
    let mut hint_decided = false;
    let chain = match found.len() {
        0 => {
            return Err(not_found(
                "the parts of `old` around its elision marker(s) are in the file, but not in that order within one block"
                    .to_string(),
            ));
        }
        1 => found[0].clone(),
        n => {
            let candidates: Vec<LineRange> = found.iter().map(|c| span(c)).collect();
            let structural = found.iter().any(|c| {
                c.iter()
                    .zip(&located)
                    .any(|(&i, (_, _, p))| matches!(p[i], Some(Place::Equivalent(_))))
            });
            let picked = match q.hint {
                Some(h) if structural => Err(h.cannot_choose_structural()),
                Some(h) => h.pick(&candidates),
                None => Err(String::new()),
            };
            match picked {
                Ok(i) => {
                    notes.push(
                        q.hint
                            .expect("picked by a hint")
                            .decided(candidates[i], &candidates),
                    );
                    hint_decided = q
                        .hint
                        .is_some_and(|h| h.source == crate::locate::hint::Source::Caller);
                    found[i].clone()
                }
                Err(why) => {
                    let more = if n >= MAX_CHAINS { "at least " } else { "" };
                    let mut report = Report::ambiguous(
                        vec![TierOutcome::new(
                            tier,
                            format!(
                                "{more}{n} in-order placements of the parts around the elision marker(s)"
                            ),
                        )],
                        candidates,
                    );
                    report.hint = format!(
                        "the parts of `old` around its elision marker(s) fit {more}{n} places; add lines next to the markers so that they fit one"
                    );
                    if !why.is_empty() {
                        report.hint.push_str(&format!("; {why}"));
                    }
                    return Err(LocateError::Ambiguous(Box::new(report)));
                }
            }
        }
    };
    let mut out: Vec<Option<Part>> = (0..parts.len()).map(|_| None).collect();
    for ((k, _, mut places), i) in located.into_iter().zip(chain) {
        out[k] = Some(Part {
            located: places[i].take().expect("each place is taken once"),
            old: parts[k].to_string(),
        });
    }
    Ok(Found {
        tier,
        places: vec![Place::Elided(out)],
        repairs: Vec::new(),
        hint_decided,
        notes,
        text: None,
    })
}

fn width(line: &str) -> usize {
    indent_width(indentation(line))
}

/// The non-blank lines of `text`.
fn non_blank(text: &str) -> impl DoubleEndedIterator<Item = &str> {
    split_lines(text)
        .into_iter()
        .map(move |l| l.content(text))
        .filter(|l| !l.trim().is_empty())
}

/// How deep the elided lines between two parts must stay: the markers' indentation and that of
/// the lines around them, in `old` (model widths).
#[derive(Debug, Clone, Copy)]
struct Depth {
    marker: usize,
    before: usize,
    after: usize,
}

impl Depth {
    /// Whether the file's lines `gap`, between a part ending with `before` and one starting
    /// with `after` (file lines), stay inside the block the marker sits in: a marker indented
    /// deeper than the shallower of its neighbours elides lines strictly deeper than that
    /// neighbour's line in the file; a marker level with it, lines at least as deep. So an
    /// elision never runs out of its function into the next one.
    fn fits(&self, before: &str, gap: &str, after: &str) -> bool {
        let shallow = self.before.min(self.after);
        if self.marker < shallow {
            return true;
        }
        let reference = if self.before <= self.after {
            width(before)
        } else {
            width(after)
        };
        let strict = self.marker > shallow;
        non_blank(gap).all(|l| {
            let w = width(l);
            if strict {
                w > reference
            } else {
                w >= reference
            }
        })
    }
}

/// Whether part `j` may follow part `j - 1` at these ranges.
type Fits<'a> = dyn Fn(usize, &Range<usize>, &Range<usize>) -> bool + 'a;

/// Every way (up to `cap`) to pick one occurrence per part, each starting at or after the
/// previous one's end and `fits(j, previous, next)` for part `j` after part `j - 1`: indices
/// into `occ`.
fn chains(occ: &[Vec<Range<usize>>], fits: &Fits, cap: usize) -> Vec<Vec<usize>> {
    fn walk(
        occ: &[Vec<Range<usize>>],
        fits: &Fits,
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        cap: usize,
    ) {
        if out.len() >= cap {
            return;
        }
        let k = path.len();
        if k == occ.len() {
            out.push(path.clone());
            return;
        }
        let prev = path.last().map(|&p| &occ[k - 1][p]);
        for (i, r) in occ[k].iter().enumerate() {
            if prev.is_none_or(|p| r.start >= p.end && fits(k, p, r)) {
                path.push(i);
                walk(occ, fits, path, out, cap);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(occ, fits, &mut Vec::new(), &mut out, cap);
    out
}

fn not_found(reason: String) -> LocateError {
    let mut report = Report::not_found(Vec::new(), None);
    report.hint = reason;
    LocateError::NotFound(Box::new(report))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_placements() {
        let any = |_: usize, _: &Range<usize>, _: &Range<usize>| true;
        let occ = vec![vec![0..2, 10..12], vec![5..6]];
        assert_eq!(chains(&occ, &any, 10), vec![vec![0, 0]]);
        let occ = vec![vec![0..2], vec![5..6, 8..9]];
        assert_eq!(chains(&occ, &any, 10).len(), 2);
        let not_last = |_: usize, _: &Range<usize>, r: &Range<usize>| r.start != 8;
        assert_eq!(chains(&occ, &not_last, 10).len(), 1);
        let occ = vec![vec![6..7], vec![0..2]];
        assert!(chains(&occ, &any, 10).is_empty());
    }

    #[test]
    fn elided_lines_stay_in_the_marker_s_block() {
        let nested = Depth {
            marker: 4,
            before: 0,
            after: 4,
        };
        assert!(nested.fits("def a(x):", "    y = 1\n\n    z = 2\n", "    return z"));
        assert!(!nested.fits("def a(x):", "    y = 1\ndef b(x):\n", "    return y"));
        let level = Depth {
            marker: 2,
            before: 2,
            after: 2,
        };
        assert!(level.fits("  a();", "  b();\n    c();\n", "  d();"));
        assert!(!level.fits("  a();", "}\nfunction f() {\n", "  d();"));
    }
}
