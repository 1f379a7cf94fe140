//! The regression corpus: edit cases stored as data, run through the library and checked
//! against their expectation.
//!
//! A case is any folder holding a `case.toml` (see `corpus/README.md`):
//! `file.<ext>` (the file before the edit), `old`, `new`, and, when the edit must land,
//! `expected.<ext>` (the whole file after it). `case.toml` says `drift` (the kind of
//! difference between the model's view and the file), `expect` (`applied`, `not_found` or
//! `ambiguous`), the `tier` that must land it, and optionally `lang` and `note`.

use crate::document::Document;
use crate::error::LocateError;
use crate::lang::Language;
use crate::repair::Repair;
use crate::tier::Tier;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    Applied,
    NotFound,
    Ambiguous,
    /// Located, but refused at writing (e.g. line numbers that contradict the text).
    Refused,
    /// `new` is already where `old` would be: writing again would double it.
    AlreadyApplied,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseToml {
    drift: String,
    expect: Expect,
    tier: Option<Tier>,
    lang: Option<String>,
    note: Option<String>,
    /// The repairs the landing must report, by name (none when absent).
    #[serde(default)]
    repairs: Vec<Repair>,
}

/// One loaded case.
#[derive(Debug)]
pub struct Case {
    /// The case folder, relative to the corpus root.
    pub name: String,
    pub lang: String,
    pub drift: String,
    pub expect: Expect,
    pub tier: Option<Tier>,
    pub repairs: Vec<Repair>,
    /// What the case tests, shown with a failure.
    pub note: Option<String>,
    file_name: String,
    file: Vec<u8>,
    old: String,
    new: String,
    expected: Option<Vec<u8>>,
}

/// How a case turned out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Landed in the expected tier with exactly the expected file.
    Landed { tier: Tier },
    /// Refused as expected.
    RefusedCorrectly,
    /// Should have landed, was refused.
    RefusedWrongly { status: String, reason: String },
    /// Landed, but the file differs from the expected file, or it should have been refused:
    /// a silent corruption.
    Wrong { detail: String },
    /// Landed correctly, but in another tier than the case expects; or refused for another
    /// reason than the case expects.
    Mismatch { detail: String },
}

impl Verdict {
    pub fn is_pass(&self) -> bool {
        matches!(self, Verdict::Landed { .. } | Verdict::RefusedCorrectly)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub lang: String,
    pub drift: String,
    #[serde(flatten)]
    pub verdict: Verdict,
    pub micros: u64,
}

/// Counts for one row of the table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Counts {
    pub cases: usize,
    pub exact: usize,
    pub normalized: usize,
    pub structural: usize,
    pub refused_correctly: usize,
    pub refused_wrongly: usize,
    pub wrong: usize,
    pub mismatch: usize,
}

impl Counts {
    fn add(&mut self, v: &Verdict) {
        self.cases += 1;
        match v {
            Verdict::Landed { tier: Tier::Exact } => self.exact += 1,
            Verdict::Landed {
                tier: Tier::Normalized,
            } => self.normalized += 1,
            Verdict::Landed {
                tier: Tier::Structural,
            } => self.structural += 1,
            Verdict::RefusedCorrectly => self.refused_correctly += 1,
            Verdict::RefusedWrongly { .. } => self.refused_wrongly += 1,
            Verdict::Wrong { .. } => self.wrong += 1,
            Verdict::Mismatch { .. } => self.mismatch += 1,
        }
    }
}

/// A case folder that could not be loaded.
#[derive(Debug, Clone, Serialize)]
pub struct Malformed {
    pub path: String,
    pub error: String,
}

/// The outcome of a corpus run.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Per (language, drift).
    pub rows: BTreeMap<String, BTreeMap<String, Counts>>,
    pub by_language: BTreeMap<String, Counts>,
    pub by_drift: BTreeMap<String, Counts>,
    pub total: Counts,
    pub median_ms: f64,
    pub p99_ms: f64,
    pub failures: Vec<CaseResult>,
    pub malformed: Vec<Malformed>,
}

impl Summary {
    /// True when every case met its expectation and none was malformed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.malformed.is_empty() && self.total.cases > 0
    }
}

/// Finds and loads every case under `root`.
pub fn load(root: &Path) -> Result<(Vec<Case>, Vec<Malformed>), std::io::Error> {
    let mut dirs = Vec::new();
    find_cases(root, &mut dirs)?;
    dirs.sort();
    let mut cases = Vec::new();
    let mut malformed = Vec::new();
    for dir in dirs {
        let name = dir.strip_prefix(root).unwrap_or(&dir).display().to_string();
        match load_case(&dir, name.clone()) {
            Ok(c) => cases.push(c),
            Err(error) => malformed.push(Malformed { path: name, error }),
        }
    }
    Ok((cases, malformed))
}

fn find_cases(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), std::io::Error> {
    if dir.join("case.toml").is_file() {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            find_cases(&entry.path(), out)?;
        }
    }
    Ok(())
}

/// The one file in `dir` whose name is `stem.<ext>`.
fn file_with_stem(dir: &Path, stem: &str) -> Result<Option<PathBuf>, String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.file_stem().and_then(|s| s.to_str()) == Some(stem) && path.extension().is_some() {
            found.push(path);
        }
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.pop()),
        _ => Err(format!("several `{stem}.*` files")),
    }
}

fn load_case(dir: &Path, name: String) -> Result<Case, String> {
    let toml_text =
        std::fs::read_to_string(dir.join("case.toml")).map_err(|e| format!("case.toml: {e}"))?;
    let meta: CaseToml = toml::from_str(&toml_text).map_err(|e| format!("case.toml: {e}"))?;
    let file_path = file_with_stem(dir, "file")?.ok_or("no `file.<ext>`")?;
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let read_text = |what: &str| {
        String::from_utf8(read(&dir.join(what))?).map_err(|_| format!("`{what}` is not UTF-8"))
    };
    let expected = file_with_stem(dir, "expected")?
        .map(|p| read(&p))
        .transpose()?;
    match (meta.expect, &expected, meta.tier) {
        (Expect::Applied, None, _) => return Err("expect = applied needs `expected.<ext>`".into()),
        (Expect::Applied, _, None) => return Err("expect = applied needs `tier`".into()),
        (Expect::NotFound | Expect::Ambiguous, Some(_), _) => {
            return Err("a refusal case must not have `expected.<ext>`".into());
        }
        _ => {}
    }
    let file_name = file_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let lang = meta.lang.clone().unwrap_or_else(|| {
        file_path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    Ok(Case {
        name,
        lang,
        drift: meta.drift,
        expect: meta.expect,
        tier: meta.tier,
        repairs: meta.repairs,
        note: meta.note,
        file_name,
        file: read(&file_path)?,
        old: read_text("old")?,
        new: read_text("new")?,
        expected,
    })
}

/// Runs one case through the library.
pub fn run_case(case: &Case) -> CaseResult {
    let started = Instant::now();
    let verdict = judge(case);
    CaseResult {
        name: case.name.clone(),
        note: case.note.clone(),
        lang: case.lang.clone(),
        drift: case.drift.clone(),
        verdict,
        micros: started.elapsed().as_micros() as u64,
    }
}

fn judge(case: &Case) -> Verdict {
    let doc = match Document::from_bytes(case.file.clone()) {
        Ok(d) => {
            let d = d.with_name(case.file_name.clone());
            match Language::from_name(&case.lang) {
                Some(language) => d.with_language(language),
                None => d,
            }
        }
        Err(e) => {
            return Verdict::RefusedWrongly {
                status: "error".into(),
                reason: e.to_string(),
            };
        }
    };
    let result = doc.apply(&case.old, &case.new);
    match (case.expect, result) {
        (Expect::Applied, Ok(applied)) => {
            let expected = case.expected.as_deref().unwrap_or_default();
            if applied.content.as_bytes() != expected {
                Verdict::Wrong {
                    detail: crate::report::unified_diff(
                        &String::from_utf8_lossy(expected),
                        &applied.content,
                        "expected→got",
                    ),
                }
            } else if Some(applied.tier) != case.tier {
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
        (expect, Err(e)) => {
            let as_expected = matches!(
                (expect, &e),
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
    Ok(summarize(results, malformed))
}

/// Number of cases under `root` (for a progress bar).
pub fn count(root: &Path) -> Result<usize, std::io::Error> {
    let mut dirs = Vec::new();
    find_cases(root, &mut dirs)?;
    Ok(dirs.len())
}

fn summarize(results: Vec<CaseResult>, malformed: Vec<Malformed>) -> Summary {
    let mut rows: BTreeMap<String, BTreeMap<String, Counts>> = BTreeMap::new();
    let mut by_language: BTreeMap<String, Counts> = BTreeMap::new();
    let mut by_drift: BTreeMap<String, Counts> = BTreeMap::new();
    let mut total = Counts::default();
    let mut times: Vec<u64> = results.iter().map(|r| r.micros).collect();
    times.sort_unstable();
    let pct = |p: f64| {
        times
            .get(((times.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |&us| Duration::from_micros(us).as_secs_f64() * 1000.0)
    };
    let (median_ms, p99_ms) = (pct(0.5), pct(0.99));
    let mut failures = Vec::new();
    for r in results {
        rows.entry(r.lang.clone())
            .or_default()
            .entry(r.drift.clone())
            .or_default()
            .add(&r.verdict);
        by_language
            .entry(r.lang.clone())
            .or_default()
            .add(&r.verdict);
        by_drift.entry(r.drift.clone()).or_default().add(&r.verdict);
        total.add(&r.verdict);
        if !r.verdict.is_pass() {
            failures.push(r);
        }
    }
    Summary {
        rows,
        by_language,
        by_drift,
        total,
        median_ms,
        p99_ms,
        failures,
        malformed,
    }
}

impl std::fmt::Display for Summary {
    /// The table: one row per language and drift, subtotals per language, then the total,
    /// timings, and every failure with its detail.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let header = format!(
            "| {:<10} | {:<24} | {:>5} | {:>5} | {:>5} | {:>5} | {:>7} | {:>7} | {:>5} | {:>5} |",
            "lang",
            "drift",
            "cases",
            "exact",
            "norm",
            "struct",
            "refused",
            "refused",
            "wrong",
            "other"
        );
        writeln!(f, "{header}")?;
        writeln!(
            f,
            "| {:<10} | {:<24} | {:>5} | {:>5} | {:>5} | {:>5} | {:>7} | {:>7} | {:>5} | {:>5} |",
            "", "", "", "", "", "", "ok", "wrongly", "", ""
        )?;
        writeln!(f, "|{}|", "-".repeat(header.len() - 2))?;
        let row = |f: &mut std::fmt::Formatter<'_>, lang: &str, drift: &str, c: &Counts| {
            writeln!(
                f,
                "| {:<10} | {:<24} | {:>5} | {:>5} | {:>5} | {:>5} | {:>7} | {:>7} | {:>5} | {:>5} |",
                lang,
                drift,
                c.cases,
                c.exact,
                c.normalized,
                c.structural,
                c.refused_correctly,
                c.refused_wrongly,
                c.wrong,
                c.mismatch
            )
        };
        for (lang, drifts) in &self.rows {
            for (drift, c) in drifts {
                row(f, lang, drift, c)?;
            }
            row(f, lang, "(all)", &self.by_language[lang])?;
        }
        row(f, "TOTAL", "", &self.total)?;
        writeln!(
            f,
            "time per case: median {:.2} ms, p99 {:.2} ms",
            self.median_ms, self.p99_ms
        )?;
        for m in &self.malformed {
            writeln!(f, "MALFORMED {}: {}", m.path, m.error)?;
        }
        for r in &self.failures {
            let detail = match &r.verdict {
                Verdict::RefusedWrongly { reason, .. } => format!("refused wrongly: {reason}"),
                Verdict::Wrong { detail } => format!("WRONG: {detail}"),
                Verdict::Mismatch { detail } => format!("mismatch: {detail}"),
                _ => String::new(),
            };
            let note = r
                .note
                .as_deref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            writeln!(f, "FAIL {}{note}: {}", r.name, detail.trim_end())?;
        }
        let verdict = if self.passed() { "PASS" } else { "FAIL" };
        write!(
            f,
            "{verdict}: {} cases, {} met their expectation, {} wrong (silent corruption), {} malformed",
            self.total.cases,
            self.total.cases - self.failures.len(),
            self.total.wrong,
            self.malformed.len()
        )
    }
}
