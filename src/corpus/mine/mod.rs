//! `editloc corpus mine`: real edits as corpus cases. The hunks between revisions of a file
//! (the commits of a git range, or two unpacked releases) are sent as a model sends an edit
//! (`old` = the changed lines with 0–3 context lines so that `old` is unique, `new` = the same
//! span after, shaped as models shape them) against a file that drifted (`--drift`, or
//! `--formatter`), and written as case folders in the corpus format, with must-refuse cases
//! from the same history (already applied, stale `old`). Choices are drawn from `--seed`, so a
//! run is deterministic; a case folder already there is kept, so a run resumes; nothing is
//! written into the mined trees, the repository's git folder or a folder of its work tree that
//! holds tracked files (an untracked one, `--out mined`, is allowed).

mod cases;
mod drift;
mod edit;
mod hunks;
mod options;
mod planned;
mod sample;
mod source;
mod tier;
mod write;

pub use drift::{ALL as ALL_DRIFTS, Drift};
pub use options::{MineOptions, Tally};
pub use source::Source;

use std::path::{Path, PathBuf};

/// Why a mining run could not start or went wrong.
#[derive(Debug, thiserror::Error)]
pub enum MineError {
    /// The source could not be read (not a repository, a bad range, a missing tree).
    #[error("{0}")]
    Source(String),
    /// The output folder is inside what is mined.
    #[error("the output folder {0} is inside the mined source; choose another")]
    OutInsideSource(PathBuf),
    /// Writing a case failed.
    #[error("writing {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// Refuses an output folder inside one of `roots`.
fn check_out(out: &Path, roots: &[PathBuf]) -> Result<(), MineError> {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut out_abs = absolute(out);
    if let Ok(real) = out.canonicalize() {
        out_abs = real;
    }
    for root in roots {
        let root = root.canonicalize().unwrap_or_else(|_| absolute(root));
        if out_abs.starts_with(&root) {
            return Err(MineError::OutInsideSource(out.to_path_buf()));
        }
    }
    Ok(())
}

/// Mines `source` into `options.out`; `total` is told how many changed files there are,
/// `tick` is called after each.
pub fn mine(
    source: &Source,
    options: &MineOptions,
    total: &dyn Fn(usize),
    tick: &dyn Fn(),
) -> Result<Tally, MineError> {
    let roots = match source {
        Source::Git { repo, .. } => {
            source::git_forbidden(repo, &options.out).map_err(MineError::Source)?
        }
        Source::Trees { from, to } => vec![from.clone(), to.clone()],
    };
    check_out(&options.out, &roots)?;
    let changes = source::changes(source).map_err(MineError::Source)?;
    let changes: Vec<_> = changes
        .into_iter()
        .filter(|c| !options.exclude.iter().any(|x| c.path.contains(x.as_str())))
        .collect();
    total(changes.len());
    let root = options.out.join(&options.label);
    let mut tally = Tally::default();
    for chunk in changes.chunks(8) {
        let planned = plan_chunk(chunk, options, &mut tally);
        tally.files += chunk.len();
        for p in planned {
            if options.max_cases.is_some_and(|m| tally.total() >= m) {
                return Ok(tally);
            }
            match write::write_case(&root, &p) {
                Ok(true) => {
                    *tally
                        .written
                        .entry((p.lang.to_string(), p.drift.clone()))
                        .or_default() += 1
                }
                Ok(false) => tally.kept += 1,
                Err(e) => return Err(MineError::Write(root.join(&p.folder), e)),
            }
        }
        chunk.iter().for_each(|_| tick());
    }
    Ok(tally)
}

/// The cases of a few changed files, planned in parallel, in order.
fn plan_chunk(
    chunk: &[source::RevisedFile],
    options: &MineOptions,
    tally: &mut Tally,
) -> Vec<planned::Planned> {
    use rayon::prelude::*;
    let results: Vec<(Vec<planned::Planned>, Tally)> = chunk
        .par_iter()
        .map(|change| {
            let mut own = Tally::default();
            (cases::plan(change, options, &mut own), own)
        })
        .collect();
    let mut out = Vec::new();
    for (planned, own) in results {
        for (why, n) in own.set_aside {
            *tally.set_aside.entry(why).or_default() += n;
        }
        out.extend(planned);
    }
    out
}
