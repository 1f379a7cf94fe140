//! Running cases: loading them from a folder, applying each through the library, and
//! judging the outcome against the case's expectation.

use super::case::{self, Case, Expect, Judge};
use super::summary::{self, Malformed, Summary};
use super::verdict::{CaseResult, Verdict};
use crate::document::{Applied, Document};
use crate::error::{InputError, LocateError};
use crate::lang::Language;
use crate::outcome::Tier;
use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::time::Instant;

/// Finds and loads every case under `root`.
pub fn load(root: &Path) -> Result<(Vec<Case>, Vec<Malformed>), std::io::Error> {
    let mut dirs = Vec::new();
    case::find_cases(root, &mut dirs)?;
    dirs.sort();
    let mut cases = Vec::new();
    let mut malformed = Vec::new();
    for dir in dirs {
        let name = dir.strip_prefix(root).unwrap_or(&dir).display().to_string();
        match case::load_case(&dir, name.clone()) {
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
    match (case.expect, doc.apply(&case.old, &case.new)) {
        (Expect::Applied, Ok(applied)) => judge_landing(case, &applied),
        (Expect::Applied, Err(e)) => Verdict::RefusedWrongly {
            status: e.status().to_string(),
            reason: e.to_string(),
        },
        (_, Ok(applied)) => Verdict::Wrong {
            detail: format!(
                "landed in the {} tier at {} but must be refused",
                applied.provenance.tier.name(),
                applied.lines.phrase()
            ),
        },
        (expect, Err(e)) => judge_refusal(expect, &e),
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

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An applied case landed: is the file right (byte for byte, or as judged with the
/// formatter), and did it land in the expected tier with the expected repairs?
fn judge_landing(case: &Case, applied: &Applied) -> Verdict {
    if let Some(miss) = judge_file(case, applied) {
        return miss;
    }
    if Some(applied.provenance.tier) != case.tier {
        Verdict::Mismatch {
            detail: format!(
                "landed correctly in the {} tier, expected {}",
                applied.provenance.tier.name(),
                case.tier.map_or("?", Tier::name)
            ),
        }
    } else if applied.provenance.repairs != case.repairs {
        Verdict::Mismatch {
            detail: format!(
                "landed correctly with repairs {:?}, expected {:?}",
                applied.provenance.repairs, case.repairs
            ),
        }
    } else {
        Verdict::Landed {
            tier: applied.provenance.tier,
        }
    }
}

/// `None` when the landed file is right: `expected.<ext>` byte for byte, or an output
/// `verdicts.toml` records as met; otherwise the verdict (wrong, or unjudged).
fn judge_file(case: &Case, applied: &Applied) -> Option<Verdict> {
    let expected = case.expected.as_deref().unwrap_or_default();
    let got = applied.content.as_bytes();
    if got == expected {
        return None;
    }
    let diff = || {
        crate::report::unified_diff(
            &String::from_utf8_lossy(expected),
            &applied.content,
            "expected→got",
        )
    };
    if case.judge == Judge::Exact {
        return Some(Verdict::Wrong { detail: diff() });
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
