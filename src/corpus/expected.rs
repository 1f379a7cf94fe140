//! The committed expected summary of a corpus (`expected-summary.toml` in its root), in the
//! spirit of difftastic's `sample_files/compare.expected`: per set and language the counts
//! (met, wrong, refused wrongly, other), every case that misses, by name, with its kind of
//! miss, and every case of each set with the fingerprint of its folder. A run is compared
//! with it case by case: a case that does worse than recorded (a met case that now misses, a
//! refusal that became a wrong landing) is a **regression**; a case added, removed, or whose
//! files changed (its expected file edited, say) is a **change of the corpus**, which fails
//! too until the summary is rewritten with `--write-summary` and committed — so a deleted case
//! or an edited expectation cannot pass unnoticed; one that does better is an
//! **improvement** the summary should record; an unjudged output is always a failure (judge
//! it with `corpus/generate --judge`). A summary can only be written from a run without
//! unjudged or malformed cases.

use super::summary::{Counts, Summary};
use super::verdict::Miss;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The file name of the expected summary, in the corpus root.
pub const SUMMARY_FILE: &str = "expected-summary.toml";

/// The counts of one set and language in the expected summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetCounts {
    /// Cases of this set and language.
    pub cases: usize,
    /// Cases that met their expectation.
    pub met: usize,
    /// Silent corruptions: a wrong file, or a landing where a refusal was expected.
    pub wrong: usize,
    /// Refused though they should land.
    pub refused_wrongly: usize,
    /// The right file in another tier or with other repairs, or refused for another reason.
    pub other: usize,
}

impl From<&Counts> for SetCounts {
    fn from(c: &Counts) -> SetCounts {
        SetCounts {
            cases: c.cases,
            met: c.met(),
            wrong: c.wrong,
            refused_wrongly: c.refused_wrongly,
            other: c.mismatch,
        }
    }
}

/// The committed expectation of a whole corpus run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedSummary {
    /// Set → language → counts.
    pub counts: BTreeMap<String, BTreeMap<String, SetCounts>>,
    /// Every case that misses, by name (relative to the root), with its kind of miss.
    pub misses: BTreeMap<String, Miss>,
    /// Set → every case of the set, by name (relative to the root) → the fingerprint of its
    /// folder ([`fingerprint_of`](super::fingerprint_of)).
    pub cases: BTreeMap<String, BTreeMap<String, String>>,
}

const HEADER: &str = "\
# The expected result of `editloc corpus corpus/`, compared by `cargo test` case by case.
# Every case listed under [misses] does NOT meet its expectation today (wrong = a silent
# corruption, refused_wrongly = a safe miss, other = right file in another tier or refused
# for another reason). This is a record of today's state, not a pass.
# A case that does worse than recorded fails the test, and so does any change of the corpus:
# a case added, removed, or whose folder's fingerprint under [cases] changed (an edited
# expected file, say). One that does better asks for an update. Record a change on purpose
# with `cargo run --release -- corpus corpus/ --write-summary` and commit it with the change.

";

/// Why an expected summary cannot be written, read or recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SummaryError {
    /// The run has cases no summary may record yet.
    Unsettled {
        /// Re-formatted cases whose output nobody judged.
        unjudged: usize,
        /// Cases the runner could not read.
        malformed: usize,
    },
    /// Reading or writing the summary file failed.
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The summary file is not TOML this runner reads.
    Malformed {
        /// The file.
        path: std::path::PathBuf,
        /// The parser's reason.
        reason: String,
    },
}

impl std::fmt::Display for SummaryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SummaryError::Unsettled {
                unjudged,
                malformed,
            } => write!(
                f,
                "{unjudged} unjudged and {malformed} malformed cases: judge them \
                 (`corpus/generate --judge`) and fix them before writing a summary"
            ),
            SummaryError::Io { path, reason } | SummaryError::Malformed { path, reason } => {
                write!(f, "{}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for SummaryError {}

impl ExpectedSummary {
    /// The summary a run gives; refused while the run has unjudged or malformed cases.
    pub fn from_summary(s: &Summary) -> Result<ExpectedSummary, SummaryError> {
        if s.total.unjudged > 0 || !s.malformed.is_empty() {
            return Err(SummaryError::Unsettled {
                unjudged: s.total.unjudged,
                malformed: s.malformed.len(),
            });
        }
        let counts = ExpectedSummary::counts_of(s);
        let misses = s
            .outcomes
            .iter()
            .filter_map(|o| o.miss.map(|m| (o.name.clone(), m)))
            .collect();
        let mut cases: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for o in &s.outcomes {
            let set = cases.entry(o.set.clone()).or_default();
            set.insert(o.name.clone(), o.fingerprint.clone());
        }
        Ok(ExpectedSummary {
            counts,
            misses,
            cases,
        })
    }

    /// The summary as committed: a header that says what it is, then TOML.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).expect("a summary serializes");
        format!("{HEADER}{body}")
    }

    /// Reads `root/expected-summary.toml`; `None` when there is none.
    pub fn load(root: &Path) -> Result<Option<ExpectedSummary>, SummaryError> {
        let path = root.join(SUMMARY_FILE);
        if !path.is_file() {
            return Ok(None);
        }
        let text = std::fs::read_to_string(&path).map_err(|e| SummaryError::Io {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        toml::from_str(&text)
            .map(Some)
            .map_err(|e| SummaryError::Malformed {
                path,
                reason: e.to_string(),
            })
    }

    /// Compares a run with this summary, case by case and count by count.
    pub fn compare(&self, s: &Summary) -> Comparison {
        let mut c = Comparison::default();
        for o in &s.outcomes {
            let was = self.misses.get(&o.name).copied();
            let what = |m: Option<Miss>| m.map_or("met", Miss::name);
            let line = format!("{}: {} (summary: {})", o.name, what(o.miss), what(was));
            match (o.miss, was) {
                (Some(Miss::Unjudged), _) => c.unjudged.push(o.name.clone()),
                (now, was) if now > was => c.regressions.push(line),
                (now, was) if now < was => c.improvements.push(line),
                _ => {}
            }
        }
        self.compare_cases(s, &mut c);
        // A case doing better or worse changes the counts too; unexplained, they fail.
        let explained = !c.regressions.is_empty() || !c.improvements.is_empty();
        if ExpectedSummary::counts_of(s) != self.counts && !explained {
            c.stale
                .push("the counts per set and language differ from those recorded".into());
        }
        c.malformed = s.malformed.len();
        c
    }

    /// Fills `c.added`, `c.removed`, `c.changed` and the misses listed for no case.
    fn compare_cases(&self, s: &Summary, c: &mut Comparison) {
        let recorded: BTreeMap<&str, &str> = self
            .cases
            .values()
            .flat_map(|set| set.iter().map(|(n, f)| (n.as_str(), f.as_str())))
            .collect();
        let mut seen = std::collections::HashSet::new();
        for o in &s.outcomes {
            seen.insert(o.name.as_str());
            let in_set = self.cases.get(&o.set).and_then(|set| set.get(&o.name));
            match (in_set, recorded.get(o.name.as_str())) {
                (Some(f), _) if *f == o.fingerprint => {}
                (Some(_), _) => c.changed.push(o.name.clone()),
                (None, Some(_)) => c.stale.push(format!("{}: recorded in another set", o.name)),
                (None, None) => c.added.push(o.name.clone()),
            }
        }
        c.removed = recorded
            .keys()
            .filter(|name| !seen.contains(*name))
            .map(|name| name.to_string())
            .collect();
        for name in self.misses.keys() {
            if !recorded.contains_key(name.as_str()) && !seen.contains(name.as_str()) {
                c.stale
                    .push(format!("{name}: listed as a miss, but no such case"));
            }
        }
    }

    fn counts_of(s: &Summary) -> BTreeMap<String, BTreeMap<String, SetCounts>> {
        s.by_set
            .iter()
            .map(|(set, langs)| {
                let langs = langs.iter().map(|(l, c)| (l.clone(), c.into())).collect();
                (set.clone(), langs)
            })
            .collect()
    }
}

/// A run compared with the expected summary.
#[derive(Debug, Clone, Default)]
pub struct Comparison {
    /// Cases that do worse than the summary records.
    pub regressions: Vec<String>,
    /// Cases that do better than the summary records.
    pub improvements: Vec<String>,
    /// Cases whose output nobody has judged.
    pub unjudged: Vec<String>,
    /// Cases that ran but the summary does not record: added since it was written.
    pub added: Vec<String>,
    /// Cases the summary records that did not run: removed (or no longer loadable).
    pub removed: Vec<String>,
    /// Cases whose folder's fingerprint differs from the recorded one: their files changed.
    pub changed: Vec<String>,
    /// Other ways the summary no longer describes the run (counts, misses of no case).
    pub stale: Vec<String>,
    /// Case folders that could not be loaded.
    pub malformed: usize,
}

impl Comparison {
    /// True when the run is no worse than the summary and ran the very cases it records:
    /// no regression, nothing unjudged or malformed, no case added, removed or changed, the
    /// counts as recorded.
    pub fn ok(&self) -> bool {
        self.regressions.is_empty()
            && self.unjudged.is_empty()
            && self.malformed == 0
            && self.corpus_unchanged()
    }

    /// True when the run's cases are the recorded ones, with the recorded files and counts.
    pub fn corpus_unchanged(&self) -> bool {
        self.added.is_empty()
            && self.removed.is_empty()
            && self.changed.is_empty()
            && self.stale.is_empty()
    }

    /// True when the summary should be rewritten (the run is better, or the corpus changed).
    pub fn needs_update(&self) -> bool {
        !self.improvements.is_empty() || !self.corpus_unchanged()
    }
}

impl std::fmt::Display for Comparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in &self.regressions {
            writeln!(f, "REGRESSION {r}")?;
        }
        for u in &self.unjudged {
            writeln!(
                f,
                "UNJUDGED {u}: judge it with the real formatter: `corpus/generate --judge`"
            )?;
        }
        for r in &self.removed {
            writeln!(
                f,
                "REMOVED {r}: recorded in {SUMMARY_FILE}, but no such case ran"
            )?;
        }
        for a in &self.added {
            writeln!(f, "ADDED {a}: not recorded in {SUMMARY_FILE}")?;
        }
        for c in &self.changed {
            writeln!(
                f,
                "CHANGED {c}: its files differ from those {SUMMARY_FILE} records"
            )?;
        }
        for s in &self.stale {
            writeln!(f, "CHANGED {s}")?;
        }
        for i in &self.improvements {
            writeln!(f, "improved {i}")?;
        }
        self.advice(f)?;
        write!(
            f,
            "against {SUMMARY_FILE}: {} regressions, {} unjudged, {} improvements, {} malformed, \
             {} added, {} removed, {} changed",
            self.regressions.len(),
            self.unjudged.len(),
            self.improvements.len(),
            self.malformed,
            self.added.len(),
            self.removed.len(),
            self.changed.len() + self.stale.len()
        )
    }
}

impl Comparison {
    /// What to do about a changed corpus or a better run.
    fn advice(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let write = "`cargo run --release -- corpus corpus/ --write-summary`";
        if !self.corpus_unchanged() {
            writeln!(
                f,
                "The corpus is not the one {SUMMARY_FILE} records: if the change is on purpose \
                 (a case added, removed, or its expectation changed with its generator), \
                 record it with {write} and commit it with the change."
            )?;
        } else if self.ok() && self.needs_update() {
            writeln!(
                f,
                "The run is better than {SUMMARY_FILE} records: update it with {write} and \
                 commit it."
            )?;
        }
        Ok(())
    }
}

/// How `editloc corpus DIR` ends when DIR has an expected summary or one is to be written.
#[derive(Debug, Clone)]
pub struct Gate {
    /// The comparison, or what was written.
    pub text: String,
    /// False on a regression, an unjudged output or a malformed case.
    pub ok: bool,
}

/// With `write`, records the run as `root/expected-summary.toml`; otherwise compares the run
/// with that file. `None` when not writing and the root has no expected summary.
pub fn gate(root: &Path, s: &Summary, write: bool) -> Result<Option<Gate>, SummaryError> {
    if write {
        let summary = ExpectedSummary::from_summary(s)?;
        let path = root.join(SUMMARY_FILE);
        std::fs::write(&path, summary.to_toml()).map_err(|e| SummaryError::Io {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        let text = format!(
            "wrote {} ({} cases, {} misses)",
            path.display(),
            s.total.cases,
            summary.misses.len()
        );
        return Ok(Some(Gate { text, ok: true }));
    }
    let Some(expected) = ExpectedSummary::load(root)? else {
        return Ok(None);
    };
    let c = expected.compare(s);
    Ok(Some(Gate {
        text: c.to_string(),
        ok: c.ok(),
    }))
}
