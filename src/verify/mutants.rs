//! The verifier against the writers' ways of failing: every landed case of the corpus gives
//! its right result, which the verifier must accept, and mutants of it made the way writers
//! go wrong — a token dropped or added, a `;` left behind, a space inside a literal, a line
//! moved across a blank line, a Python line re-indented one level, a comment removed —
//! which it must reject. `cargo test --lib verify::mutants -- --nocapture` prints the score
//! per kind; the test requires ≥ 99% of the mutants rejected.

use super::lexer::{self, LexemeClass};
use super::{Claim, verify};
use crate::document::Document;
use crate::lang::Language;
use crate::outcome::Tier;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// How a mutant was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    TokenDropped,
    TokenAdded,
    SemicolonLeft,
    SpaceInLiteral,
    LineAcrossBlank,
    PythonReindented,
    CommentRemoved,
}

/// One landed case: the file, `old`, `new` and the right result.
struct Landed {
    name: String,
    file: String,
    old: String,
    new: String,
    result: String,
    language: Option<Language>,
}

/// Every case folder under `dir` expecting a landing, judged byte for byte.
fn landed_cases(dir: &Path, out: &mut Vec<Landed>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        // The mined set is left out: the score stated in the README is the generated and
        // independent sets' (and the mined set would double the test's time).
        if path.ends_with("corpus/mined") {
            continue;
        }
        if path.join("case.toml").is_file() {
            out.extend(landed(&path));
        } else if path.is_dir() {
            landed_cases(&path, out);
        }
    }
}

fn landed(dir: &Path) -> Option<Landed> {
    let toml: toml::Table = std::fs::read_to_string(dir.join("case.toml"))
        .ok()?
        .parse()
        .ok()?;
    let plain = toml.get("expect")?.as_str()? == "applied"
        && toml.get("judge").is_none()
        && toml.get("format").is_none()
        && toml.get("repairs").is_none();
    if !plain {
        return None;
    }
    let find = |stem: &str| {
        std::fs::read_dir(dir)
            .ok()?
            .flatten()
            .map(|e| e.path())
            .find(|p| p.file_stem().and_then(|s| s.to_str()) == Some(stem))
    };
    let file_path = find("file")?;
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    Some(Landed {
        name: dir.display().to_string(),
        file: read(&file_path)?,
        old: read(&dir.join("old"))?,
        new: read(&dir.join("new"))?,
        result: read(&find("expected")?)?,
        language: Language::from_path(&file_path),
    })
}

/// The claim that `case.file` became `result` by the case's edit, as the ladder locates it:
/// the written range is where the two differ, widened to the place.
fn claim_of<'a>(
    case: &'a Landed,
    result: &'a str,
    place: Range<usize>,
    exact: bool,
) -> Option<Claim<'a>> {
    let (file, out) = (case.file.as_str(), result);
    let mut prefix = file
        .bytes()
        .zip(out.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let max_tail = file.len().min(out.len()) - prefix;
    let mut tail = file
        .bytes()
        .rev()
        .zip(out.bytes().rev())
        .take(max_tail)
        .take_while(|(a, b)| a == b)
        .count();
    prefix = prefix.min(place.start);
    tail = tail.min(file.len() - place.end);
    let text = out.get(prefix..out.len() - tail)?;
    Some(Claim {
        file,
        place,
        range: prefix..file.len() - tail,
        text,
        old: &case.old,
        new: &case.new,
        language: case.language,
        exact,
        conventions: &[],
    })
}

/// The mutants of `result` within bytes `span` (the written range in the result).
fn mutants(result: &str, span: Range<usize>, language: Option<Language>) -> Vec<(Kind, String)> {
    let tokens = lexer::tokens(result, language);
    let inside: Vec<&lexer::Token> = tokens
        .iter()
        .filter(|t| t.start >= span.start && t.end <= span.end && t.class != LexemeClass::Blank)
        .collect();
    let mut out = Vec::new();
    let splice = |at: Range<usize>, with: &str| {
        format!("{}{with}{}", &result[..at.start], &result[at.end..])
    };
    for (i, t) in inside
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 7 == 0)
        .take(3)
    {
        let _ = i;
        out.push((Kind::TokenDropped, splice(t.start..t.end, "")));
        out.push((
            Kind::TokenAdded,
            splice(t.end..t.end, &format!(" {}", t.text(result))),
        ));
    }
    for t in inside
        .iter()
        .filter(|t| t.class == LexemeClass::Comment)
        .take(2)
    {
        out.push((Kind::CommentRemoved, splice(t.start..t.end, "")));
    }
    for t in inside
        .iter()
        .filter(|t| matches!(t.class, LexemeClass::Literal { .. }) && t.end - t.start >= 3)
        .take(2)
    {
        let at = t.start + result[t.start..].chars().next().map_or(1, char::len_utf8);
        out.push((Kind::SpaceInLiteral, splice(at..at, " ")));
    }
    out.extend(
        semicolons(result, &inside)
            .into_iter()
            .map(|m| (Kind::SemicolonLeft, m)),
    );
    out.extend(
        line_moves(result, &span)
            .into_iter()
            .map(|m| (Kind::LineAcrossBlank, m)),
    );
    if language.is_some_and(Language::indentation_is_syntax) {
        out.extend(
            reindents(result, &span)
                .into_iter()
                .map(|m| (Kind::PythonReindented, m)),
        );
    }
    out.retain(|(_, m)| m != result);
    out
}

/// A `;` after the last token of up to two written lines that do not end with one.
fn semicolons(result: &str, inside: &[&lexer::Token]) -> Vec<String> {
    let mut out = Vec::new();
    for (k, t) in inside.iter().enumerate() {
        let last_on_line = inside.get(k + 1).is_none_or(|n| n.line != t.line);
        if last_on_line && t.text(result) != ";" && t.class != LexemeClass::Comment && out.len() < 2
        {
            out.push(format!("{};{}", &result[..t.end], &result[t.end..]));
        }
    }
    out
}

/// Lines of the written range with a blank line next to them, moved across it.
fn line_moves(result: &str, span: &Range<usize>) -> Vec<String> {
    let lines: Vec<&str> = result.split_inclusive('\n').collect();
    let mut starts = Vec::with_capacity(lines.len());
    let mut at = 0;
    for l in &lines {
        starts.push(at);
        at += l.len();
    }
    let blank = |l: &str| l.trim().is_empty() && l.ends_with('\n');
    let mut out = Vec::new();
    for i in 0..lines.len().saturating_sub(1) {
        let touches =
            starts[i] < span.end && starts[i] + lines[i].len() + lines[i + 1].len() > span.start;
        let (a, b) = (lines[i], lines[i + 1]);
        if touches && blank(a) != blank(b) && b.ends_with('\n') && out.len() < 2 {
            let mut moved = lines.clone();
            moved.swap(i, i + 1);
            out.push(moved.concat());
        }
    }
    out
}

/// Up to two written lines indented one level (4 columns) deeper or shallower.
fn reindents(result: &str, span: &Range<usize>) -> Vec<String> {
    let mut out = Vec::new();
    let mut at = 0;
    for line in result.split_inclusive('\n') {
        let written = at < span.end && at + line.len() > span.start && !line.trim().is_empty();
        if written && out.len() < 2 {
            let shallower = line.strip_prefix("    ");
            let moved = shallower.map_or_else(|| format!("    {line}"), str::to_string);
            out.push(format!(
                "{}{moved}{}",
                &result[..at],
                &result[at + line.len()..]
            ));
        }
        at += line.len();
    }
    out
}

#[test]
fn the_verifier_rejects_the_writers_ways_of_failing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut cases = Vec::new();
    landed_cases(&root, &mut cases);
    assert!(
        cases.len() > 1_000,
        "{} landed cases under {}",
        cases.len(),
        root.display()
    );
    let mut tally: std::collections::BTreeMap<Kind, (usize, usize)> = Default::default();
    let mut accepted_base = 0;
    let mut escaped = Vec::new();
    for case in &cases {
        if case.file.starts_with('\u{feff}') {
            continue;
        }
        let doc = Document::new(case.file.as_str()).with_name(&case.name);
        let doc = match case.language {
            Some(l) => doc.with_language(l),
            None => doc,
        };
        let Ok(m) = doc.locate(&case.old) else {
            continue;
        };
        let exact = m.provenance.tier == Tier::Exact
            && case.file.get(m.range.clone()) == Some(case.old.as_str());
        let Some(base) = claim_of(case, &case.result, m.range.clone(), exact) else {
            continue;
        };
        if verify(&base).is_err() {
            continue;
        }
        accepted_base += 1;
        let span = base.range.start..base.range.start + base.text.len();
        for (kind, mutant) in mutants(&case.result, span, case.language) {
            let Some(claim) = claim_of(case, &mutant, m.range.clone(), exact) else {
                continue;
            };
            let entry = tally.entry(kind).or_default();
            entry.0 += 1;
            if verify(&claim).is_err() {
                entry.1 += 1;
            } else if escaped.len() < 40 {
                let diff = similar::TextDiff::from_lines(&case.result, &mutant);
                let shown: String = diff
                    .unified_diff()
                    .context_radius(1)
                    .to_string()
                    .lines()
                    .skip(2)
                    .take(8)
                    .map(|l| format!("\n      {l}"))
                    .collect();
                escaped.push(format!("{kind:?} in {}{shown}", case.name));
            }
        }
    }
    let (total, rejected) = tally.values().fold((0, 0), |(t, r), (a, b)| (t + a, r + b));
    println!("{accepted_base} right results accepted; mutants rejected per kind:");
    for (kind, (all, out)) in &tally {
        println!(
            "  {kind:?}: {out} of {all} ({:.1}%)",
            100.0 * *out as f64 / (*all).max(1) as f64
        );
    }
    let score = 100.0 * rejected as f64 / total.max(1) as f64;
    println!("  all: {rejected} of {total} ({score:.2}%)");
    for e in &escaped {
        println!("  accepted: {e}");
    }
    assert!(total > 5_000, "only {total} mutants");
    assert!(score >= 99.0, "mutation score {score:.2}% < 99%");
}
