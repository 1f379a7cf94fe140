//! The regression corpus: edit cases stored as data, run through the library and checked
//! against their expectation, and the run compared with a committed expected summary.
//!
//! A case is any folder holding a `case.toml` (see `corpus/README.md`): `file.<ext>` (the
//! file before the edit), `old`, `new`, and, when the edit must land, `expected.<ext>` (the
//! whole file after it). `case.toml` says `drift` (the kind of difference between the model's
//! view and the file), `shape` (what the model's `old`/`new` look like), `expect`
//! (`applied`, `not_found`, `ambiguous`, `refused`, `already_applied`), the `tier` that must
//! land it, and how a landing is judged: byte for byte against `expected.<ext>`, or — for a
//! file re-formatted by a formatter — "formatting the result gives `expected.<ext>` and the
//! lines outside the edited region are unchanged", which the runner decides from the outputs
//! `corpus/generate --judge` judged with the real formatter (`verdicts.toml`); an output
//! nobody judged yet is *unjudged*, a failure of its own kind, never counted as met.
//!
//! Each case ends in one verdict: met (landed as expected, or refused as expected), refused
//! wrongly, wrong (a silent corruption), other (right file in another tier, or refused for
//! another reason), or unjudged. `expected` compares a run with the committed summary: a case
//! that does worse than the summary records is a regression; one that does better is an
//! improvement to record with `editloc corpus DIR --write-summary`.

mod case;
mod expected;
mod formatter;
mod judge;
mod literal;
pub mod mine;
mod run;
mod summary;
mod verdict;

pub use case::{Case, Expect, Judge, JudgedOutput, fingerprint_of, set_of};
pub use expected::{
    Comparison, ExpectedSummary, Gate, SUMMARY_FILE, SetCounts, SummaryError, gate,
};
pub use formatter::{Formatter, command_of};
pub use judge::{Judged, judge, judge_output};
pub use run::{count, load, run, run_case};
pub use summary::{CaseOutcome, Counts, Malformed, Summary};
pub use verdict::{CaseResult, Miss, Verdict};
