//! Running cases: loading them from a folder, applying each through the library, and
//! judging the outcome against the case's expectation.

use super::case::{self, Case, Expect, Judge, SentAs};
use super::summary::{self, Malformed, Summary};
use super::verdict::{CaseResult, Verdict};
use crate::document::{Applied, Document};
use crate::error::{InputError, LocateError};
use crate::fs::sha256_hex;
use crate::lang::Language;
use crate::outcome::Tier;
use rayon::prelude::*;
use std::path::Path;
use std::time::Instant;

/// Finds and loads every case under `root` (read and parsed on every core, kept in path
/// order).
pub fn load(root: &Path) -> Result<(Vec<Case>, Vec<Malformed>), std::io::Error> {
    let mut dirs = Vec::new();
    case::find_cases(root, &mut dirs)?;
    dirs.sort();
    let loaded: Vec<(String, Result<Case, String>)> = dirs
        .par_iter()
        .map(|dir| {
            let name = dir.strip_prefix(root).unwrap_or(dir).display().to_string();
            let case = case::load_case(dir, name.clone());
            (name, case)
        })
        .collect();
    let mut cases = Vec::new();
    let mut malformed = Vec::new();
    for (name, case) in loaded {
        match case {
            Ok(c) => cases.push(c),
            Err(error) => malformed.push(Malformed { path: name, error }),
        }
    }
    Ok((cases, malformed))
}

/// Runs one case through the library.
pub fn run_case(case: &Case) -> CaseResult {
    let started = Instant::now();
    let verdict = judge(case);
    CaseResult {
        name: case.name.clone(),
        set: case.set.clone(),
        note: case.note.clone(),
        lang: case.lang.clone(),
        drift: case.drift.clone(),
        shapes: case.shapes.clone(),
        verdict,
        micros: started.elapsed().as_micros() as u64,
        fingerprint: case.fingerprint.clone(),
    }
}

/// Applies the case's edit and judges the outcome against its expectation.
fn judge(case: &Case) -> Verdict {
    let doc = match document(case) {
        Ok(doc) => doc,
        Err(e) => {
            return Verdict::RefusedWrongly {
                status: "error".into(),
                reason: e.to_string(),
            };
        }
    };
    let sent = match send(&doc, case) {
        Ok(landing) => Ok(landing),
        Err(Failed::Locate(e)) => Err(e),
        Err(Failed::Patch(reason)) => {
            return Verdict::RefusedWrongly {
                status: "error".into(),
                reason,
            };
        }
    };
    match (case.expect, sent) {
        (Expect::Applied, Ok(applied)) => judge_landing(case, &applied),
        (Expect::Applied, Err(e)) => Verdict::RefusedWrongly {
            status: e.status().to_string(),
            reason: e.to_string(),
        },
        (_, Ok(applied)) => Verdict::Wrong {
            detail: format!(
                "landed in the {} tier at {} but must be refused",
                applied.tier.name(),
                applied.lines.phrase()
            ),
        },
        (expect, Err(e)) => judge_refusal(expect, &e),
    }
}

/// Where a case's edit landed: the new content, and the tier, repairs and lines that
/// found it (from a plain apply, or from the one edit of a patch).
struct Landing {
    content: String,
    tier: Tier,
    repairs: Vec<crate::outcome::Repair>,
    lines: crate::report::LineRange,
}

impl From<Applied> for Landing {
    fn from(a: Applied) -> Landing {
        Landing {
            content: a.content,
            tier: a.provenance.tier,
            repairs: a.provenance.repairs,
            lines: a.lines,
        }
    }
}

/// Why a case's edit did not land: the ladder's answer, or a patch that did not parse or
/// apply as one edit.
enum Failed {
    Locate(LocateError),
    Patch(String),
}

/// The case's edit applied to `doc`: as plain `old`/`new`, or written in the case's edit
/// format ([`SentAs`]), parsed as such a patch is, and applied as a batch of one.
fn send(doc: &Document, case: &Case) -> Result<Landing, Failed> {
    let Some(format) = case.format else {
        return doc
            .apply(&case.old, &case.new)
            .map(Landing::from)
            .map_err(Failed::Locate);
    };
    let bad = Failed::Patch;
    let patch = patch_text(format, &case.old, &case.new, &case.file_name);
    let parsed =
        editloc_formats::parse(&patch).map_err(|e| bad(format!("the case's patch: {e}")))?;
    let Some(editloc_formats::FileOp::Update(edits)) =
        parsed.files.into_iter().next().map(|f| f.op)
    else {
        return Err(bad("the case's patch updates no file".into()));
    };
    let options = crate::options::Options::default();
    let mode = crate::batch::Mode::AllOrNothing;
    match crate::batch::apply_edits(doc, &edits, &options, mode) {
        Ok(b) => {
            let landed = b.edits.into_iter().next().and_then(|e| e.result.ok());
            let landed = landed.ok_or_else(|| bad("the patch's edit did not land".into()))?;
            Ok(Landing {
                content: b.content,
                tier: landed.provenance.tier,
                repairs: landed.provenance.repairs,
                lines: landed
                    .lines
                    .first()
                    .copied()
                    .unwrap_or(crate::report::LineRange { start: 1, end: 1 }),
            })
        }
        Err(e) => Err(match e.edits.into_iter().find_map(|o| o.result.err()) {
            Some(crate::batch::EditError::Locate(l)) => Failed::Locate(l),
            other => bad(format!("the patch's edit failed: {other:?}")),
        }),
    }
}

/// `old`/`new` written as a patch of `format` (see [`SentAs`]).
fn patch_text(format: SentAs, old: &str, new: &str, file: &str) -> String {
    let lines =
        |s: &str, mark: &str| -> String { s.lines().map(|l| format!("{mark}{l}\n")).collect() };
    match format {
        SentAs::SearchReplace => {
            let end = |s: &str| {
                if s.is_empty() || s.ends_with('\n') {
                    ""
                } else {
                    "\n"
                }
            };
            format!(
                "<<<<<<< SEARCH\n{old}{}=======\n{new}{}>>>>>>> REPLACE\n",
                end(old),
                end(new)
            )
        }
        SentAs::ApplyPatch => format!(
            "*** Begin Patch\n*** Update File: {file}\n@@\n{}{}*** End Patch\n",
            lines(old, "-"),
            lines(new, "+")
        ),
        SentAs::Json => serde_json::json!([{"old_string": old, "new_string": new}]).to_string(),
    }
}

/// The case's file as a document named after it, parsed as the case's language.
fn document(case: &Case) -> Result<Document, InputError> {
    let doc = Document::from_bytes(case.file.clone())?.with_name(case.file_name.clone());
    Ok(match Language::from_name(&case.lang) {
        Some(language) => doc.with_language(language),
        None => doc,
    })
}

/// An applied case landed: is the file right (byte for byte, or as judged with the
/// formatter), and did it land in the expected tier with the expected repairs?
fn judge_landing(case: &Case, applied: &Landing) -> Verdict {
    if let Some(miss) = judge_file(case, applied) {
        return miss;
    }
    if Some(applied.tier) != case.tier {
        Verdict::Mismatch {
            detail: format!(
                "landed correctly in the {} tier, expected {}",
                applied.tier.name(),
                case.tier.map_or("?", Tier::name)
            ),
        }
    } else if applied.repairs != case.repairs {
        Verdict::Mismatch {
            detail: format!(
                "landed correctly with repairs {:?}, expected {:?}",
                applied.repairs, case.repairs
            ),
        }
    } else {
        Verdict::Landed { tier: applied.tier }
    }
}

/// `None` when the landed file is right: `expected.<ext>` byte for byte, the literal
/// replacement in a formatter-judged case, or an output `verdicts.toml` records as met;
/// otherwise the verdict (wrong, or unjudged).
fn judge_file(case: &Case, applied: &Landing) -> Option<Verdict> {
    let expected = case.expected.as_deref().unwrap_or_default();
    let got = applied.content.as_bytes();
    if got == expected {
        return None;
    }
    let diff = || {
        crate::text::unified_diff::unified_diff(
            &String::from_utf8_lossy(expected),
            &applied.content,
            "expected→got",
        )
    };
    if case.judge == Judge::Exact {
        return Some(Verdict::Wrong { detail: diff() });
    }
    if super::literal::is_literal_replacement(case, &applied.content) {
        return None;
    }
    let sha256 = sha256_hex(got);
    match case.judged.iter().find(|j| j.sha256 == sha256) {
        None => Some(Verdict::Unjudged {
            sha256,
            output: applied.content.clone(),
        }),
        Some(j) if !j.met => {
            let why = j.why.as_deref().unwrap_or("judged wrong");
            Some(Verdict::Wrong {
                detail: format!("{why} (expected = the formatter's output)\n{}", diff()),
            })
        }
        Some(_) => None,
    }
}

/// A refusal of a case that expects one: met when it is the expected kind of refusal.
fn judge_refusal(expect: Expect, e: &LocateError) -> Verdict {
    let as_expected = matches!(
        (expect, e),
        (Expect::NotFound, LocateError::NotFound(_))
            | (Expect::Ambiguous, LocateError::Ambiguous(_))
            | (Expect::Refused, LocateError::Refused { .. })
            | (Expect::AlreadyApplied, LocateError::AlreadyApplied(_))
    );
    if as_expected {
        Verdict::RefusedCorrectly
    } else {
        Verdict::Mismatch {
            detail: format!("refused as `{}`, expected `{expect:?}`: {e}", e.status()),
        }
    }
}

/// Runs every case under `root` in parallel; `progress` is called once per finished case.
pub fn run(root: &Path, progress: &(dyn Fn() + Sync)) -> Result<Summary, std::io::Error> {
    let (cases, malformed) = load(root)?;
    let results: Vec<CaseResult> = cases
        .par_iter()
        .map(|c| {
            let r = run_case(c);
            progress();
            r
        })
        .collect();
    Ok(summary::summarize(results, malformed))
}

/// Number of cases under `root` (for a progress bar).
pub fn count(root: &Path) -> Result<usize, std::io::Error> {
    let mut dirs = Vec::new();
    case::find_cases(root, &mut dirs)?;
    Ok(dirs.len())
}
