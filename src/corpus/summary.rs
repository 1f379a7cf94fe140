//! Counting a corpus run: per language and drift, per set and language, per shape, and the
//! table `editloc corpus` prints.

use super::verdict::{CaseResult, Miss, Verdict};
use crate::outcome::Tier;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Duration;

/// Counts for one row of the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Cases counted in this row.
    pub cases: usize,
    /// Landed as expected in the exact tier.
    pub exact: usize,
    /// Landed as expected in the normalized tier.
    pub normalized: usize,
    /// Landed as expected in the structural tier.
    pub structural: usize,
    /// Refused as expected.
    pub refused_correctly: usize,
    /// Refused though they should land (a safe miss).
    pub refused_wrongly: usize,
    /// Landed with a wrong file, or landed though they must be refused (silent corruption).
    pub wrong: usize,
    /// The right file in another tier or with other repairs, or refused for another reason.
    pub mismatch: usize,
    /// Formatter-judged outputs nobody has judged yet.
    pub unjudged: usize,
}

impl Counts {
    pub(super) fn add(&mut self, v: &Verdict) {
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
            Verdict::Unjudged { .. } => self.unjudged += 1,
        }
    }

    /// Cases that met their expectation (landed as expected or refused as expected).
    pub fn met(&self) -> usize {
        self.exact + self.normalized + self.structural + self.refused_correctly
    }
}

/// A case folder that could not be loaded.
#[derive(Debug, Clone, Serialize)]
pub struct Malformed {
    /// The case folder, relative to the corpus root.
    pub path: String,
    /// What is wrong with it.
    pub error: String,
}

/// One case of a run, reduced to what the expected summary compares.
#[derive(Debug, Clone)]
pub struct CaseOutcome {
    /// The case folder, relative to the corpus root.
    pub name: String,
    /// Its evaluation set ([`set_of`](super::set_of)).
    pub set: String,
    /// Its language.
    pub lang: String,
    /// `None` when the case met its expectation.
    pub miss: Option<Miss>,
    /// The case folder's fingerprint ([`fingerprint_of`](super::fingerprint_of)).
    pub fingerprint: String,
}

/// The outcome of a corpus run.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Per (language, drift), all sets together.
    pub rows: BTreeMap<String, BTreeMap<String, Counts>>,
    /// Per language, all drifts and sets together.
    pub by_language: BTreeMap<String, Counts>,
    /// Per drift, all languages and sets together.
    pub by_drift: BTreeMap<String, Counts>,
    /// Per (set, language).
    pub by_set: BTreeMap<String, BTreeMap<String, Counts>>,
    /// Per shape tag of the model's `old`/`new` (a case counts once per tag it has).
    pub by_shape: BTreeMap<String, Counts>,
    /// Every case.
    pub total: Counts,
    /// The median time per case, in milliseconds.
    pub median_ms: f64,
    /// The 99th percentile of the time per case, in milliseconds.
    pub p99_ms: f64,
    /// Every case that did not meet its expectation.
    pub failures: Vec<CaseResult>,
    /// Every case folder that could not be loaded.
    pub malformed: Vec<Malformed>,
    /// Every case and how it turned out (kind of miss only), sorted by name.
    #[serde(skip)]
    pub outcomes: Vec<CaseOutcome>,
}

impl Summary {
    /// True when every case met its expectation and none was malformed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.malformed.is_empty() && self.total.cases > 0
    }
}

/// The median and 99th percentile of the time per case, in milliseconds.
fn percentiles(results: &[CaseResult]) -> (f64, f64) {
    let mut times: Vec<u64> = results.iter().map(|r| r.micros).collect();
    times.sort_unstable();
    let pct = |p: f64| {
        times
            .get(((times.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |&us| Duration::from_micros(us).as_secs_f64() * 1000.0)
    };
    (pct(0.5), pct(0.99))
}

/// Counts a run's results (in any order) and its malformed cases into a summary.
pub(super) fn summarize(mut results: Vec<CaseResult>, malformed: Vec<Malformed>) -> Summary {
    results.sort_by(|a, b| a.name.cmp(&b.name));
    let (median_ms, p99_ms) = percentiles(&results);
    let mut s = Summary {
        rows: BTreeMap::new(),
        by_language: BTreeMap::new(),
        by_drift: BTreeMap::new(),
        by_set: BTreeMap::new(),
        by_shape: BTreeMap::new(),
        total: Counts::default(),
        median_ms,
        p99_ms,
        failures: Vec::new(),
        malformed,
        outcomes: Vec::new(),
    };
    for r in results {
        s.count(r);
    }
    s
}

impl Summary {
    /// Counts one case in every table it belongs to, records its outcome and, when it
    /// missed, keeps it among the failures.
    fn count(&mut self, r: CaseResult) {
        let v = &r.verdict;
        let lang = r.lang.clone();
        self.rows
            .entry(lang.clone())
            .or_default()
            .entry(r.drift.clone())
            .or_default()
            .add(v);
        self.by_language.entry(lang.clone()).or_default().add(v);
        self.by_drift.entry(r.drift.clone()).or_default().add(v);
        let set = self.by_set.entry(r.set.clone()).or_default();
        set.entry(lang.clone()).or_default().add(v);
        for shape in &r.shapes {
            self.by_shape.entry(shape.clone()).or_default().add(v);
        }
        self.total.add(v);
        self.outcomes.push(CaseOutcome {
            name: r.name.clone(),
            set: r.set.clone(),
            lang,
            miss: v.miss(),
            fingerprint: r.fingerprint.clone(),
        });
        if !v.is_pass() {
            self.failures.push(r);
        }
    }
}

/// The column titles of a table (the `refused` columns get a second line: `ok`, `wrongly`).
const HEADER: [&str; 10] = [
    "cases", "exact", "norm", "struct", "refused", "refused", "wrong", "other", "unjudged", "",
];

/// A table's two header lines (`a` and `b` title the first two columns) and its rule.
fn header(f: &mut std::fmt::Formatter<'_>, a: &str, b: &str) -> std::fmt::Result {
    let line = format!(
        "| {a:<21} | {b:<24} | {:>5} | {:>5} | {:>5} | {:>6} | {:>7} | {:>7} | {:>5} | {:>5} | {:>8} |",
        HEADER[0],
        HEADER[1],
        HEADER[2],
        HEADER[3],
        HEADER[4],
        HEADER[5],
        HEADER[6],
        HEADER[7],
        HEADER[8]
    );
    writeln!(f, "{line}")?;
    writeln!(
        f,
        "| {:<21} | {:<24} | {:>5} | {:>5} | {:>5} | {:>6} | {:>7} | {:>7} | {:>5} | {:>5} | {:>8} |",
        "", "", "", "", "", "", "ok", "wrongly", "", "", ""
    )?;
    writeln!(f, "|{}|", "-".repeat(line.chars().count() - 2))
}

/// One table row: two labels and the counts.
fn row(f: &mut std::fmt::Formatter<'_>, a: &str, b: &str, c: &Counts) -> std::fmt::Result {
    writeln!(
        f,
        "| {a:<21} | {b:<24} | {:>5} | {:>5} | {:>5} | {:>6} | {:>7} | {:>7} | {:>5} | {:>5} | {:>8} |",
        c.cases,
        c.exact,
        c.normalized,
        c.structural,
        c.refused_correctly,
        c.refused_wrongly,
        c.wrong,
        c.mismatch,
        c.unjudged
    )
}

/// `FAIL name (note): detail` for a case that missed.
fn failure_line(r: &CaseResult) -> String {
    let detail = match &r.verdict {
        Verdict::RefusedWrongly { reason, .. } => format!("refused wrongly: {reason}"),
        Verdict::Wrong { detail } => format!("WRONG: {detail}"),
        Verdict::Mismatch { detail } => format!("mismatch: {detail}"),
        Verdict::Unjudged { sha256, .. } => format!(
            "UNJUDGED: the output (sha256 {sha256}) differs from expected and nobody has \
             judged it with the formatter; run `corpus/generate --judge`"
        ),
        _ => String::new(),
    };
    let note = r
        .note
        .as_deref()
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    format!("FAIL {}{note}: {}", r.name, detail.trim_end())
}

impl Summary {
    /// The three tables: language × drift with a row per language and the total, set ×
    /// language, and shape.
    fn tables(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        header(f, "lang", "drift")?;
        for (lang, drifts) in &self.rows {
            for (drift, c) in drifts {
                row(f, lang, drift, c)?;
            }
            row(f, lang, "(all)", &self.by_language[lang])?;
        }
        row(f, "TOTAL", "", &self.total)?;
        writeln!(f)?;
        header(f, "set", "lang")?;
        for (set, langs) in &self.by_set {
            for (lang, c) in langs {
                row(f, set, lang, c)?;
            }
        }
        if !self.by_shape.is_empty() {
            writeln!(f)?;
            header(f, "shape", "")?;
            for (shape, c) in &self.by_shape {
                row(f, shape, "", c)?;
            }
        }
        Ok(())
    }
}

impl std::fmt::Display for Summary {
    /// The tables (language × drift, set × language, shape), the total, timings, and every
    /// failure with its detail.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.tables(f)?;
        writeln!(
            f,
            "time per case: median {:.2} ms, p99 {:.2} ms",
            self.median_ms, self.p99_ms
        )?;
        for m in &self.malformed {
            writeln!(f, "MALFORMED {}: {}", m.path, m.error)?;
        }
        for r in &self.failures {
            writeln!(f, "{}", failure_line(r))?;
        }
        let t = &self.total;
        write!(
            f,
            "{}: {} cases, {} met their expectation, {} wrong (silent corruption), {} refused \
             wrongly, {} other, {} unjudged, {} malformed",
            if self.passed() { "PASS" } else { "FAIL" },
            t.cases,
            t.met(),
            t.wrong,
            t.refused_wrongly,
            t.mismatch,
            t.unjudged,
            self.malformed.len()
        )
    }
}
