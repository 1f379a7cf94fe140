//! Properties of locating and applying, over generated source files.
//!
//! The central one: a model that sees a file as LF text with 4-space indentation and no
//! trailing spaces, and changes one identifier in a few lines of it, gets exactly that one
//! identifier changed in the file — every other byte (tabs, CRLF, trailing spaces, final
//! newline) stays as it was.

use editloc::{Document, LocateError, Tier};
use proptest::prelude::*;
use std::ops::Range;

#[derive(Debug, Clone)]
struct Token {
    text: String,
    ident: bool,
}

/// One line of a generated file: a blank line (no tokens, maybe some spaces) or tokens at an
/// indentation depth, with optional trailing spaces.
#[derive(Debug, Clone)]
struct SrcLine {
    depth: usize,
    tokens: Vec<Token>,
    trailing: String,
}

impl SrcLine {
    fn body(&self) -> String {
        self.tokens
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn is_blank(&self) -> bool {
        self.tokens.is_empty()
    }
}

#[derive(Debug, Clone)]
struct Src {
    lines: Vec<SrcLine>,
    tabs: bool,
    crlf: bool,
    final_newline: bool,
}

impl Src {
    /// The file's bytes, and each line's byte range (content and line ending).
    fn render(&self) -> (String, Vec<Range<usize>>) {
        let mut out = String::new();
        let mut ranges = Vec::new();
        let n = self.lines.len();
        for (i, line) in self.lines.iter().enumerate() {
            let start = out.len();
            if !line.is_blank() {
                let unit = if self.tabs { "\t" } else { "    " };
                out.push_str(&unit.repeat(line.depth));
                out.push_str(&line.body());
            }
            out.push_str(&line.trailing);
            if i + 1 < n || self.final_newline {
                out.push_str(if self.crlf { "\r\n" } else { "\n" });
            }
            ranges.push(start..out.len());
        }
        (out, ranges)
    }
}

fn ident() -> impl Strategy<Value = Token> {
    "[a-z][a-z0-9_]{0,5}".prop_map(|text| Token { text, ident: true })
}

fn punct() -> impl Strategy<Value = Token> {
    prop::sample::select(vec![
        "(", ")", ";", ",", "=", "{", "}", "+", ".", "->", "[]", "&&", "\"s\"", "42",
    ])
    .prop_map(|p| Token {
        text: p.to_string(),
        ident: false,
    })
}

fn src_line() -> impl Strategy<Value = SrcLine> {
    let token = prop_oneof![3 => ident(), 2 => punct()];
    let trailing = prop_oneof![4 => Just(""), 1 => Just(" "), 1 => Just("  "), 1 => Just("\t")];
    prop_oneof![
        8 => (0usize..4, prop::collection::vec(token, 1..7), trailing.clone()).prop_map(
            |(depth, tokens, trailing)| SrcLine {
                depth,
                tokens,
                trailing: trailing.to_string(),
            }
        ),
        1 => prop_oneof![Just(""), Just("  ")].prop_map(|t| SrcLine {
            depth: 0,
            tokens: Vec::new(),
            trailing: t.to_string(),
        }),
    ]
}

fn src() -> impl Strategy<Value = Src> {
    (
        prop::collection::vec(src_line(), 1..40),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, tabs, crlf, final_newline)| Src {
            lines,
            tabs,
            crlf,
            final_newline,
        })
}

/// How the model's copy of the lines is indented.
#[derive(Debug, Clone, Copy)]
enum Indent {
    AsIs,
    /// The run's common indentation removed.
    Dedented,
    /// Every line `n` levels deeper.
    Deeper(usize),
    /// No indentation at all.
    Flat,
}

fn indent_mode() -> impl Strategy<Value = Indent> {
    prop_oneof![
        Just(Indent::AsIs),
        Just(Indent::Dedented),
        (1usize..3).prop_map(Indent::Deeper),
        Just(Indent::Flat),
    ]
}

/// How many places the run of bodies `pat` could be found at, counted generously (the first
/// line may be a suffix of a file line, the last a prefix, a single line anywhere in one):
/// every place either tier could report is counted.
fn generous_count(src: &Src, pat: &[String]) -> usize {
    let bodies: Vec<String> = src
        .lines
        .iter()
        .filter(|l| !l.is_blank())
        .map(SrcLine::body)
        .collect();
    let k = pat.len();
    if bodies.len() < k {
        return 0;
    }
    (0..=bodies.len() - k)
        .filter(|&p| {
            let w = &bodies[p..p + k];
            if k == 1 {
                return w[0].contains(&pat[0]);
            }
            w[0].ends_with(&pat[0])
                && w[1..k - 1] == pat[1..k - 1]
                && w[k - 1].starts_with(&pat[k - 1])
        })
        .count()
}

/// A generated file with the model's edit of it.
#[derive(Debug)]
struct Case {
    file: String,
    old: String,
    new: String,
    expected: String,
    /// Byte range of the changed line in the original file and in the expected one.
    changed: (Range<usize>, Range<usize>),
    /// The range `old` must be located at and its 1-based lines.
    located: Range<usize>,
    lines: (usize, usize),
}

/// Builds the case, or `None` when the draw does not make a valid one (the run is not all
/// non-blank, the line has no identifier to change before its end, or the run is not
/// unique).
/// The random choices that turn a file into an edit.
#[derive(Debug, Clone)]
struct Draw {
    start: usize,
    len: usize,
    changed_line: usize,
    ident_pick: usize,
    suffix: String,
    indent: Indent,
    old_newline: bool,
}

fn build_case(src: &Src, draw: &Draw) -> Option<Case> {
    let n = src.lines.len();
    let start = draw.start % n;
    let len = draw.len.min(n - start);
    let run = &src.lines[start..start + len];
    if run.iter().any(SrcLine::is_blank) {
        return None;
    }
    let pat: Vec<String> = run.iter().map(SrcLine::body).collect();
    if generous_count(src, &pat) != 1 {
        return None;
    }
    let j = draw.changed_line % len;
    // An identifier that is not the line's last token, so the line's end is unchanged.
    let tokens = &run[j].tokens;
    let candidates: Vec<usize> = (0..tokens.len().saturating_sub(1))
        .filter(|&t| tokens[t].ident)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let t = candidates[draw.ident_pick % candidates.len()];
    let mut edited = src.clone();
    edited.lines[start + j].tokens[t]
        .text
        .push_str(&draw.suffix);

    let min_depth = run.iter().map(|l| l.depth).min().unwrap();
    let model_depth = |d: usize| match draw.indent {
        Indent::AsIs => 4 * d,
        Indent::Dedented => 4 * (d - min_depth),
        Indent::Deeper(k) => 4 * (d + k),
        Indent::Flat => 0,
    };
    let model = |lines: &[SrcLine]| {
        let mut s = lines
            .iter()
            .map(|l| format!("{}{}", " ".repeat(model_depth(l.depth)), l.body()))
            .collect::<Vec<_>>()
            .join("\n");
        if draw.old_newline {
            s.push('\n');
        }
        s
    };
    let old = model(run);
    let new = model(&edited.lines[start..start + len]);
    let (file, ranges) = src.render();
    let (expected, new_ranges) = edited.render();
    let last = &ranges[start + len - 1];
    let last_content_end = if last.end > last.start && file[..last.end].ends_with('\n') {
        last.end - if src.crlf { 2 } else { 1 }
    } else {
        last.end
    };
    let located = ranges[start].start..if draw.old_newline {
        last.end
    } else {
        last_content_end
    };
    Some(Case {
        file,
        old,
        new,
        expected,
        changed: (ranges[start + j].clone(), new_ranges[start + j].clone()),
        located,
        lines: (start + 1, start + len),
    })
}

fn case() -> impl Strategy<Value = Case> {
    (
        src(),
        any::<usize>(),
        1usize..=5,
        any::<usize>(),
        any::<usize>(),
        "_[A-Z]{1,3}",
        indent_mode(),
        prop::bool::weighted(0.8),
    )
        .prop_filter_map(
            "no unique all-non-blank run with an identifier to change",
            |(src, start, len, changed_line, ident_pick, suffix, indent, old_newline)| {
                let draw = Draw {
                    start,
                    len,
                    changed_line,
                    ident_pick,
                    suffix,
                    indent,
                    old_newline,
                };
                build_case(&src, &draw)
            },
        )
}

proptest! {
    // A fixed seed: CI runs the same 300 cases every time. A random run found a case the
    // already-applied check misses (a near twin of `old` elsewhere reads more like it than
    // `new`'s place: not found instead of already applied); it is kept as the corpus case
    // manual/properties/already-applied-near-twin until the check handles it.
    #![proptest_config(ProptestConfig {
        cases: 300,
        max_global_rejects: 20_000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20_261_203),
        ..ProptestConfig::default()
    })]

    /// The model's edit changes exactly its one line, in the file's own style.
    #[test]
    fn model_edit_changes_only_its_line(c in case()) {
        let doc = Document::new(c.file.as_str());
        let applied = doc.apply(&c.old, &c.new).unwrap_or_else(|e| panic!("{e}\n{c:#?}"));
        prop_assert_eq!(&applied.content, &c.expected);
        prop_assert!(applied.provenance.tier <= Tier::Normalized);
        prop_assert_eq!(&applied.range, &c.located);
        prop_assert_eq!((applied.lines.start, applied.lines.end), c.lines);
        // Every byte outside the changed line is the file's.
        let (before, after) = &c.changed;
        prop_assert_eq!(&applied.content[..before.start], &c.file[..before.start]);
        prop_assert_eq!(&applied.content[after.end..], &c.file[before.end..]);

        let m = doc.locate(&c.old).unwrap();
        prop_assert_eq!(&m.range, &c.located);
        prop_assert_eq!(m.provenance.tier, applied.provenance.tier);

        // Once applied, the same edit is recognised as applied.
        let again = Document::new(applied.content.as_str()).apply(&c.old, &c.new);
        prop_assert!(matches!(again, Err(LocateError::AlreadyApplied(_))), "{:?}", again);
    }
}

/// Text with everything that makes line and whitespace handling hard: every line ending,
/// tabs, NBSP, zero-width characters, a BOM, curly quotes, dashes, multi-byte letters.
fn nasty(max: usize) -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a", "b", "x", "foo", "(", ")", ";", "{", "}", " ", "  ", "    ", "\t", "\n", "\r\n", "\r",
        "\u{A0}", "\u{200B}", "\u{FEFF}", "\u{2018}", "\u{201C}", "\u{201D}", "\u{2014}", "é",
        "日本", "\u{3000}", "\"", "'",
    ]);
    prop::collection::vec(piece, 0..max).prop_map(|v| v.concat())
}

/// A char-aligned slice of `s`, from two arbitrary numbers.
fn slice(s: &str, a: usize, b: usize) -> &str {
    let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
    let (x, y) = (bounds[a % bounds.len()], bounds[b % bounds.len()]);
    &s[x.min(y)..x.max(y)]
}

/// How a model might garble a slice of the file.
fn garble(s: &str, how: u8) -> String {
    match how % 5 {
        0 => s.to_string(),
        1 => s.replace("\r\n", "\n").replace('\r', "\n"),
        2 => s.replace('\t', "    "),
        3 => s.replace(['\u{A0}', '\u{200B}', '\u{FEFF}'], " "),
        _ => s.lines().map(str::trim).collect::<Vec<_>>().join("\n"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Nothing panics, and a successful apply only changes the located range.
    #[test]
    fn apply_never_panics(
        file in nasty(40),
        old_free in nasty(12),
        new_free in nasty(12),
        (a, b, how, from_file, edit) in (any::<usize>(), any::<usize>(), any::<u8>(), any::<bool>(), 0u8..3),
    ) {
        let old = if from_file { garble(slice(&file, a, b), how) } else { old_free };
        let new = match edit {
            0 => new_free,
            1 => old.replacen("foo", "bar", 1),
            _ => format!("{old}{new_free}"),
        };
        let doc = Document::new(file.as_str());
        let _ = doc.locate(&old);
        let _ = doc.locate_with(&old, &editloc::Options::default().with_max_tier(Tier::Exact));
        match doc.apply(&old, &new) {
            Ok(applied) => {
                let r = applied.range.clone();
                prop_assert!(r.start <= r.end && r.end <= file.len());
                prop_assert!(applied.content.starts_with(&file[..r.start]));
                prop_assert!(applied.content.ends_with(&file[r.end..]));
                prop_assert!(applied.content.len() >= r.start + file.len() - r.end);
                prop_assert!(!old.is_empty() && old != new);
            }
            Err(LocateError::Input(_)) => prop_assert!(old.is_empty() || old == new),
            Err(_) => {}
        }
    }

    /// `old` taken verbatim from the file is found exactly where it occurs outside a longer
    /// word (widened over surrounding spaces and tabs, or to the other half of a CRLF it cuts,
    /// only), or reported ambiguous when it occurs so more than once. Occurrences inside
    /// longer words count only when no other does.
    #[test]
    fn verbatim_old_is_found_or_ambiguous(file in nasty(40), a in any::<usize>(), b in any::<usize>()) {
        prop_assume!(!file.starts_with('\u{FEFF}'));
        let old = slice(&file, a, b);
        prop_assume!(!old.is_empty());
        let at = file.as_ptr() as usize;
        let start = old.as_ptr() as usize - at;
        let starts: Vec<usize> = (0..file.len())
            .filter(|&i| file.as_bytes()[i..].starts_with(old.as_bytes()))
            .collect();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        let splits = |s: usize| {
            (word(file[..s].chars().next_back()) && word(old.chars().next()))
                || (word(file[s + old.len()..].chars().next()) && word(old.chars().next_back()))
        };
        let whole: Vec<usize> = starts.iter().copied().filter(|&s| !splits(s)).collect();
        let occurrences = starts.len();
        let doc = Document::new(file.as_str());
        match doc.locate(old) {
            // A lone occurrence starting or ending inside a word is not taken (`count = 0` is
            // not `retry_count = 0`); the next tier may still find whole-word places.
            Ok(m) if occurrences == 1 && splits(start) => prop_assert_ne!(m.provenance.tier, Tier::Exact),
            Err(_) if occurrences == 1 && splits(start) => {}
            Ok(m) => {
                prop_assert_eq!(whole.len(), 1);
                prop_assert_eq!(m.provenance.tier, Tier::Exact);
                let chosen = whole[0]..whole[0] + old.len();
                let r = m.range.clone();
                prop_assert!(r.start <= chosen.start && chosen.end <= r.end, "{:?} does not cover {:?}", r, chosen);
                let head = &file[r.start..chosen.start];
                prop_assert!(
                    head.chars().all(|c| c == ' ' || c == '\t') || (head == "\r" && old.starts_with('\n')),
                    "widened over {:?}", head
                );
                let tail = &file[chosen.end..r.end];
                prop_assert!(
                    tail.chars().all(|c| c == ' ' || c == '\t') || (tail == "\n" && old.ends_with('\r')),
                    "widened over {:?}", tail
                );
            }
            Err(LocateError::Ambiguous(report)) => {
                let counted = if whole.is_empty() { occurrences } else { whole.len() };
                prop_assert!(counted > 1);
                prop_assert_eq!(report.candidates.len() + report.more_candidates, counted);
            }
            Err(e) => prop_assert!(false, "verbatim old not found: {e}"),
        }
    }

    /// Whole lines taken verbatim are located at exactly their bytes.
    #[test]
    fn verbatim_whole_lines_are_found_exactly(src in src(), a in any::<usize>(), len in 1usize..5) {
        let (file, ranges) = src.render();
        let first = a % ranges.len();
        let mut last = (first + len - 1).min(ranges.len() - 1);
        // A blank last line without a line ending renders as nothing: it is not a line.
        while last > first && ranges[last].is_empty() {
            last -= 1;
        }
        let chosen = ranges[first].start..ranges[last].end;
        let old = &file[chosen.clone()];
        prop_assume!(!old.is_empty());
        // Occurrences inside longer words do not count beside this one, which is not.
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        let occurrences = (0..file.len())
            .filter(|&i| file.as_bytes()[i..].starts_with(old.as_bytes()))
            .filter(|&i| {
                !((word(file[..i].chars().next_back()) && word(old.chars().next()))
                    || (word(file[i + old.len()..].chars().next()) && word(old.chars().next_back())))
            })
            .count();
        match Document::new(file.as_str()).locate(old) {
            Ok(m) => {
                prop_assert_eq!(occurrences, 1);
                prop_assert_eq!(m.range, chosen);
                prop_assert_eq!((m.lines.start, m.lines.end), (first + 1, last + 1));
                prop_assert_eq!(m.provenance.tier, Tier::Exact);
            }
            Err(LocateError::Ambiguous(_)) => prop_assert!(occurrences > 1),
            Err(e) => prop_assert!(false, "verbatim lines not found: {e}"),
        }
    }
}

/// An exact match that starts on the `\n` of a CRLF is widened to take the whole CRLF.
#[test]
fn old_starting_inside_a_crlf_does_not_panic() {
    let doc = Document::new("a\r\nb\r\n");
    let result = std::panic::catch_unwind(|| doc.apply("\nb", "\nc"));
    let applied = result
        .expect("apply panicked")
        .expect("`\\nb` is in the file once");
    assert_eq!(applied.content, "a\r\nc\r\n");
}
