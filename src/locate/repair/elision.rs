//! Elision: the parts of an `old` between its marker lines ([`markers`](crate::syntax::markers)) are located with the
//! ladder like any `old`; the ways to place them in order, each after the previous and inside
//! the marker's block, must be exactly one. The elided lines are the file's; writing them is
//! [`crate::write::elision`]'s.

use crate::error::LocateError;
use crate::locate::haystack::Haystack;
use crate::locate::ladder::ladder;
use crate::locate::query::{Found, Part, Place, Query, Want};
use crate::options::Options;
use crate::outcome::Tier;
use crate::report::{LineRange, Report, TierOutcome, TierResult};
use crate::syntax::markers::{Reading, marker_lines, parts, reading};
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
    let located = locate_parts(h, q, options, &parts)?;
    if located.is_empty() {
        return Err(not_found(
            "`old` is only elision markers: there is nothing to locate".to_string(),
        ));
    }
    let ranges: Vec<Vec<Range<usize>>> = located
        .iter()
        .map(|l| l.places.iter().flatten().map(Place::range).collect())
        .collect();
    let depths = depths(&marker_lines(q.old), &parts, &located);
    let found = placements(h.text(), &ranges, &depths);
    let tier = located.iter().map(|l| l.tier).max().unwrap_or(Tier::Exact);
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
        _ => {
            let candidates: Vec<LineRange> = found.iter().map(|c| span(h, &ranges, c)).collect();
            let structural = found.iter().any(|c| {
                c.iter()
                    .zip(&located)
                    .any(|(&i, l)| matches!(l.places[i], Some(Place::Equivalent(_))))
            });
            let (i, note) = choose(q, tier, candidates, structural)?;
            notes.push(note);
            hint_decided = q
                .hint
                .is_some_and(|h| h.source == crate::locate::hint::HintSource::Caller);
            found[i].clone()
        }
    };
    let mut out: Vec<Option<Part>> = (0..parts.len()).map(|_| None).collect();
    for (mut l, i) in located.into_iter().zip(chain) {
        out[l.part] = Some(Part {
            located: l.places[i].take().expect("each place is taken once"),
            old: parts[l.part].to_string(),
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

/// The places of one non-empty part of `old`, as the ladder found them.
struct Located {
    /// Its index among `old`'s parts.
    part: usize,
    tier: Tier,
    /// Each taken (`None`) once placed.
    places: Vec<Option<Place>>,
}

/// Every non-empty part of `old` located with the ladder (all its places), keeping only
/// places that start a line (but for the first part) and end one (but for the last):
/// a part found nowhere, or only inside other lines, is not found.
fn locate_parts(
    h: &Haystack,
    q: &Query<'_>,
    options: &Options,
    parts: &[&str],
) -> Result<Vec<Located>, LocateError> {
    let bytes = h.text().as_bytes();
    let last = parts.len() - 1;
    let mut located = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        if part.is_empty() {
            continue;
        }
        let sub = Query {
            old: part,
            new: q.new,
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
            .filter(|m| on_line_edges(bytes, &m.range(), k == 0, k == last))
            .map(Some)
            .collect();
        if places.is_empty() {
            return Err(not_found(format!(
                "the part of `old` starting `{}` is in the file only inside other lines",
                first_line(part)
            )));
        }
        located.push(Located {
            part: k,
            tier: found.tier,
            places,
        });
    }
    Ok(located)
}

/// Whether `r` (bytes of the file `bytes`) starts a line (or is the `first` part) and ends
/// one (or is the `last` part, or is empty at the file's start).
fn on_line_edges(bytes: &[u8], r: &Range<usize>, first: bool, last: bool) -> bool {
    let line_start = |at: usize| at == 0 || matches!(bytes[at - 1], b'\n' | b'\r');
    let line_end = |at: usize| at == bytes.len() || matches!(bytes[at - 1], b'\n' | b'\r');
    (first || line_start(r.start)) && (last || r.end == 0 || line_end(r.end))
}

/// For each located part after the first, how deep the elided lines before it must stay
/// ([`Depth`] from `old`'s `markers` between it and the located part before, and their
/// neighbouring lines); `None` for the first part, or when a width is missing.
fn depths(markers: &[&str], parts: &[&str], located: &[Located]) -> Vec<Option<Depth>> {
    (0..located.len())
        .map(|j| {
            let (k1, k2) = (located[j.checked_sub(1)?].part, located[j].part);
            Some(Depth {
                marker: markers[k1..k2].iter().map(|m| width(m)).min()?,
                before: width(non_blank(parts[k1]).next_back()?),
                after: width(non_blank(parts[k2]).next()?),
            })
        })
        .collect()
}

/// The in-order placements ([`chains`], at most [`MAX_CHAINS`]) of the parts' `ranges` in
/// `text` whose elided lines stay as deep as `depths` asks.
fn placements(
    text: &str,
    ranges: &[Vec<Range<usize>>],
    depths: &[Option<Depth>],
) -> Vec<Vec<usize>> {
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
    chains(ranges, &fits, MAX_CHAINS)
}

/// The lines from the first part's place to the last part's in `chain`.
fn span(h: &Haystack, ranges: &[Vec<Range<usize>>], chain: &[usize]) -> LineRange {
    let first = &ranges[0][chain[0]];
    let end = ranges[ranges.len() - 1][chain[chain.len() - 1]].end;
    h.line_range(&(first.start..end))
}

/// Several in-order placements (`candidates`: their lines): the index of the one the
/// query's hint picks and the note saying so, or the ambiguity (`structural`: a part's
/// place is only an equivalent one, which no hint can choose).
fn choose(
    q: &Query<'_>,
    tier: Tier,
    candidates: Vec<LineRange>,
    structural: bool,
) -> Result<(usize, String), LocateError> {
    let Some(h) = q.hint else {
        return Err(ambiguous(tier, candidates, ""));
    };
    let picked = if structural {
        Err(h.cannot_choose_structural())
    } else {
        h.pick(&candidates)
    };
    match picked {
        Ok(i) => Ok((i, h.decided(candidates[i], &candidates))),
        Err(why) => Err(ambiguous(tier, candidates, &why)),
    }
}

/// The ambiguity of several in-order placements (`candidates`), with why a hint could not
/// choose (`why`, empty when there was none).
fn ambiguous(tier: Tier, candidates: Vec<LineRange>, why: &str) -> LocateError {
    let n = candidates.len();
    let more = if n >= MAX_CHAINS { "at least " } else { "" };
    let mut report = Report::ambiguous(
        vec![TierOutcome::new(
            tier,
            TierResult::Other {
                note: format!(
                    "{more}{n} in-order placements of the parts around the elision marker(s)"
                ),
            },
        )],
        candidates,
    );
    report.hint = format!(
        "the parts of `old` around its elision marker(s) fit {more}{n} places; add lines next to the markers so that they fit one"
    );
    if !why.is_empty() {
        report.hint.push_str(&format!("; {why}"));
    }
    LocateError::Ambiguous(Box::new(report))
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    fn inner_parts_sit_on_whole_lines() {
        let bytes = b"a = 1\nb = 2\r\nc = 3";
        assert!(on_line_edges(bytes, &(6..12), false, false));
        assert!(!on_line_edges(bytes, &(8..12), false, false));
        assert!(on_line_edges(bytes, &(8..12), true, false));
        assert!(!on_line_edges(bytes, &(6..9), false, false));
        assert!(on_line_edges(bytes, &(6..9), false, true));
        assert!(on_line_edges(bytes, &(13..18), false, false));
    }

    #[test]
    fn depths_come_from_the_markers_and_their_neighbours() {
        let old = "def f(x):\n    a = 1\n    ...\n    return a\n";
        let (markers, parts) = (marker_lines(old), parts(old));
        let located = |part| Located {
            part,
            tier: Tier::Exact,
            places: Vec::new(),
        };
        let depth = Depth {
            marker: 4,
            before: 4,
            after: 4,
        };
        assert_eq!(
            depths(&markers, &parts, &[located(0), located(1)]),
            [None, Some(depth)]
        );
    }

    #[test]
    fn several_placements_without_a_hint_are_ambiguous() {
        let q = Query {
            old: "a\n...\nb",
            new: None,
            want: Want::One,
            anchor: None,
            hint: None,
            closest: false,
        };
        let lines = |start, end| LineRange { start, end };
        let Err(LocateError::Ambiguous(report)) =
            choose(&q, Tier::Exact, vec![lines(1, 3), lines(5, 9)], false)
        else {
            panic!("not an ambiguity");
        };
        assert_eq!(report.candidates, [lines(1, 3), lines(5, 9)]);
        assert_eq!(
            report.hint,
            "the parts of `old` around its elision marker(s) fit 2 places; add lines next to the markers so that they fit one"
        );
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
