//! Elision: a line of `old` that is only a marker (`...`, `// ...`, `# ...`,
//! `// ... existing code ...`, `/* ... */`, `<!-- ... -->`) stands for any run of the file's
//! lines. The parts between markers are located with the ladder like any `old`; the ways to
//! place them in order, each after the previous, must be exactly one. The elided lines are
//! copied from the file; each part is written with the ordinary writers. In `new` the k-th
//! marker stands for the same lines as `old`'s k-th; markers that do not pair up are refused.

use crate::document::{Document, Found, Located, Query, Want};
use crate::error::LocateError;
use crate::lang::Language;
use crate::outcome::{Code, Refusal};
use crate::report::{LineRange, Report, TierOutcome};
use crate::structural::is_statement_line;
use crate::text::indent_width;
use crate::text::lines::{indentation, split_lines};
use crate::tier::Tier;
use std::ops::Range;

/// Most in-order placements enumerated before giving up counting (the report says "at least").
const MAX_CHAINS: usize = 20;

/// Whether a line is nothing but an elision marker.
pub(crate) fn is_marker(line: &str) -> bool {
    let t = line.trim();
    let (core, commented) = [("/*", "*/"), ("<!--", "-->"), ("{/*", "*/}")]
        .iter()
        .find_map(|(open, close)| {
            t.strip_prefix(open)
                .and_then(|r| r.strip_suffix(close))
                .map(|c| (c, true))
        })
        .or_else(|| {
            ["//", "#", "--", ";"]
                .iter()
                .find_map(|lead| t.strip_prefix(lead).map(|c| (c, true)))
        })
        .unwrap_or((t, false));
    let core = core.trim();
    if core.len() > 80 {
        return false;
    }
    let words = |s: &str| {
        s.chars()
            .all(|c| c.is_alphanumeric() || " -(),'.…:/".contains(c))
    };
    let lead = ["...", "…"].iter().find_map(|e| core.strip_prefix(e));
    let trail = ["...", "…"].iter().find_map(|e| core.strip_suffix(e));
    match (lead, trail) {
        // `...`, `... existing code ...`, `...existing code...`; not a spread (`...rest`).
        (Some(rest), _) => {
            let closed = rest.ends_with("...") || rest.ends_with('…');
            (rest.is_empty() || rest.starts_with(' ') || closed) && words(rest)
        }
        // `// rest of the code ...` (commented only).
        (None, Some(rest)) => commented && !rest.trim().is_empty() && words(rest),
        (None, None) => false,
    }
}

/// Whether a marker is among `text`'s lines.
pub(crate) fn has_marker(text: &str) -> bool {
    split_lines(text).iter().any(|l| is_marker(l.content(text)))
}

/// How the marker lines of an `old` read in its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// No marker line.
    Code,
    /// Some marker cannot be code (`# ...`, `// ... existing code ...`, a `...` inside an
    /// expression, any `...` outside Python): every marker line is a marker.
    Markers,
    /// Every marker line can be code as well (a Python `...` statement, the body of an
    /// overload or a protocol method): both readings are tried.
    Either,
}

/// How `text`'s marker lines read in `lang`: a marker line that parses as a whole statement
/// of the language may be code.
pub(crate) fn reading(text: &str, lang: Option<Language>) -> Reading {
    let markers: Vec<_> = split_lines(text)
        .into_iter()
        .filter(|l| is_marker(l.content(text)))
        .collect();
    if markers.is_empty() {
        return Reading::Code;
    }
    let code = |l: &crate::text::lines::Line| {
        lang.is_some_and(|lang| is_statement_line(lang, text, l.start..l.content_end))
    };
    if markers.iter().all(code) {
        Reading::Either
    } else {
        Reading::Markers
    }
}

/// The parts of `text` between marker lines (markers + 1 of them, some maybe empty). Blank
/// lines next to a marker belong to the elided run, not to the part.
pub(crate) fn parts(text: &str) -> Vec<&str> {
    let lines = split_lines(text);
    let mut cuts = vec![0];
    for l in &lines {
        if is_marker(l.content(text)) {
            cuts.push(l.start);
            cuts.push(l.end);
        }
    }
    cuts.push(text.len());
    let n = cuts.len() / 2;
    (0..n)
        .map(|k| {
            let (start, end) = (cuts[2 * k], cuts[2 * k + 1]);
            trim_blank_edges(text, start..end, k > 0, k + 1 < n)
        })
        .collect()
}

/// `text[range]` without its blank first lines (when `lead`) and blank last lines (when
/// `trail`); empty when it is all blank.
fn trim_blank_edges(text: &str, range: Range<usize>, lead: bool, trail: bool) -> &str {
    let part = &text[range];
    let lines = split_lines(part);
    let blank = |i: usize| lines[i].content(part).trim().is_empty();
    let Some(first) = (0..lines.len()).find(|&i| !blank(i)) else {
        return "";
    };
    let last = (0..lines.len()).rev().find(|&i| !blank(i)).unwrap_or(first);
    let start = if lead { lines[first].start } else { 0 };
    let end = if trail { lines[last].end } else { part.len() };
    &part[start..end]
}

/// One located part of an elided `old`.
#[derive(Debug)]
pub(crate) struct Part {
    pub located: Located,
    /// The part of `old` (as [`parts`] cut it).
    pub old: String,
}

/// The marker lines of `text`, in order (marker `j` sits between part `j` and part `j + 1`).
fn marker_lines(text: &str) -> Vec<&str> {
    split_lines(text)
        .iter()
        .map(|l| l.content(text))
        .filter(|l| is_marker(l))
        .collect()
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

/// `s` cut to its first line, for messages.
fn first_line(s: &str) -> &str {
    s.trim_start().lines().next().unwrap_or("").trim_end()
}

impl Document {
    /// `old` was found reading its marker lines as code (a Python `...` body); when they may
    /// be elision markers as well, that reading must not find another place: two readings
    /// that denote different places are an ambiguity, never a choice.
    pub(crate) fn other_reading(
        &self,
        q: &Query<'_>,
        found: Found,
        options: &crate::Options,
    ) -> Result<Found, LocateError> {
        if q.want != Want::One || reading(q.old, self.language()) != Reading::Either {
            return Ok(found);
        }
        let Ok(elided) = self.elide(q, options) else {
            return Ok(found);
        };
        let (code, marker) = (found.places[0].range(), elided.places[0].range());
        if code.start < marker.end.max(marker.start + 1)
            && marker.start < code.end.max(code.start + 1)
        {
            return Ok(found);
        }
        let candidates = vec![self.line_range(&code), self.line_range(&marker)];
        let mut report = Report::ambiguous(
            vec![TierOutcome::new(
                found.tier,
                format!(
                    "`...` read as code fits {}, read as an elision marker {}",
                    candidates[0].phrase(),
                    candidates[1].phrase()
                ),
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
    pub(crate) fn elide(
        &self,
        q: &Query<'_>,
        options: &crate::Options,
    ) -> Result<Found, LocateError> {
        let parts = parts(q.old);
        let text = self.text();
        let bytes = text.as_bytes();
        let line_start = |at: usize| at == 0 || matches!(bytes[at - 1], b'\n' | b'\r');
        let line_end = |at: usize| at == bytes.len() || matches!(bytes[at - 1], b'\n' | b'\r');
        let last = parts.len() - 1;
        let mut located: Vec<(usize, Tier, Vec<Option<Located>>)> = Vec::new();
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
            let found = match self.ladder(&sub, options) {
                Ok(found) => found,
                Err(LocateError::NotFound(_)) => {
                    return Err(not_found(format!(
                        "the part of `old` starting `{}` is not in the file",
                        first_line(part)
                    )));
                }
                Err(e) => return Err(e),
            };
            let places: Vec<Option<Located>> = found
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
            .map(|(_, _, places)| places.iter().flatten().map(Located::range).collect())
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
            self.line_range(&(first.start..end))
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
                        .any(|(&i, (_, _, p))| matches!(p[i], Some(Located::Place(_))))
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
                            .is_some_and(|h| h.source == super::hint::Source::Caller);
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
            places: vec![Located::Elided(out)],
            repairs: Vec::new(),
            hint_decided,
            notes,
            text: None,
        })
    }
}

/// The bytes replacing an elided region: each part written by the ordinary writers against
/// `new`'s part, the elided runs copied from the file. Whether any part fell back to a whole
/// rewrite.
pub(crate) fn write(
    doc: &Document,
    located: &[Option<Part>],
    new: &str,
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
    let text = doc.text();
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
        let (written, fell_back) = doc.write_located(&part.located, &part.old, new_part)?;
        out.push_str(&written);
        fallback |= fell_back;
        at = Some(range.end);
    }
    Ok((out, fallback))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers() {
        for m in [
            "...",
            "    // ...",
            "# ...",
            "// ... existing code ...",
            "/* ... */",
            "  <!-- ... -->",
            "{/* ... */}",
            "// ...existing code...",
            "# rest of the function ...",
            "…",
        ] {
            assert!(is_marker(m), "{m:?}");
        }
        for m in [
            "...rest,",
            "  ...state,",
            "x = ...",
            "rest of the code ...",
            "// see foo(...)",
            "print('...')",
            "",
        ] {
            assert!(!is_marker(m), "{m:?}");
        }
    }

    #[test]
    fn python_ellipsis_reads_both_ways() {
        let py = Some(Language::Python);
        assert_eq!(reading("def f():\n    ...\n", py), Reading::Either);
        assert_eq!(reading("def f():\n    ...\n", None), Reading::Markers);
        assert_eq!(
            reading("x = f(\n    a,\n    ...\n)\n", py),
            Reading::Markers
        );
        assert_eq!(
            reading("def f():\n    ...\n# ...\n", py),
            Reading::Markers,
            "a comment marker makes every marker a marker"
        );
        assert_eq!(
            reading("function f() {\n  ...\n}\n", Some(Language::TypeScript)),
            Reading::Markers
        );
        assert_eq!(reading("def f():\n    pass\n", py), Reading::Code);
    }

    #[test]
    fn parts_between_markers() {
        assert_eq!(parts("a\n// ...\nb\n"), ["a\n", "b\n"]);
        assert_eq!(parts("a\n\n  ...\n\nb\nc"), ["a\n", "b\nc"]);
        assert_eq!(parts("// ...\nb\n// ...\n"), ["", "b\n", ""]);
        assert_eq!(parts("a\n...\n...\nb\n"), ["a\n", "", "b\n"]);
    }

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
