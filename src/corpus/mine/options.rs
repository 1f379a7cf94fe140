//! What a mining run is told ([`MineOptions`]) and what it did ([`Tally`]): shared by the
//! driver (`mine`) and the planning of cases (`mine::cases`), so neither imports the other.

use super::drift::Drift;
use crate::corpus::formatter::Formatter;
use crate::lang::Language;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How to mine.
#[derive(Debug, Clone)]
pub struct MineOptions {
    /// The output folder (case folders go to `<out>/<label>/<lang>/<drift>/`).
    pub out: PathBuf,
    /// The name of what is mined (the first folder under `out`).
    pub label: String,
    /// The seed of every choice.
    pub seed: u64,
    /// Stop when this many cases are in the output (written or already there).
    pub max_cases: Option<usize>,
    /// The drifts hunks are sent under, cycled.
    pub drifts: Vec<Drift>,
    /// Cases per hunk, each under another drift (at least 1).
    pub cases_per_hunk: usize,
    /// The formatter of the formatter drift (`--formatter`).
    pub formatter: Option<Formatter>,
    /// Files larger than this (either revision) are not mined.
    pub max_file_bytes: usize,
    /// Hunks with more changed lines than this on either side are set aside.
    pub max_hunk_lines: usize,
    /// Only files of these languages (all when `None`).
    pub languages: Option<Vec<Language>>,
    /// Files whose path contains one of these are not mined.
    pub exclude: Vec<String>,
}

/// What a mining run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Cases written, by (language, drift).
    pub written: BTreeMap<(String, String), usize>,
    /// Case folders already there (kept).
    pub kept: usize,
    /// Files and hunks set aside, by reason.
    pub set_aside: BTreeMap<String, usize>,
    /// Changed files read.
    pub files: usize,
}

impl Tally {
    /// Counts one thing set aside for `why`; returns no cases.
    pub(crate) fn aside<T>(&mut self, why: &str) -> Vec<T> {
        *self.set_aside.entry(why.to_string()).or_default() += 1;
        Vec::new()
    }

    /// Cases written and kept.
    pub fn total(&self) -> usize {
        self.written.values().sum::<usize>() + self.kept
    }
}
