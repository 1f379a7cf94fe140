//! Multi-file patches: every file's result is computed before any file is written, and the
//! writes are undone if one of them fails, so a patch lands whole or not at all.
//!
//! Unless it is a dry run, every file of the patch is locked first (in the order of their real
//! paths, so two patches never wait for each other) and stays locked until all are written or
//! undone ([`crate::fs`]). Each file is read once; its edits run as a batch
//! ([`crate::batch`]) against that content; each write rechecks that the file still holds it. If a write fails after
//! others succeeded, the earlier files are put back from the contents read (each undo also
//! rechecked, so a file someone changed meanwhile is left alone and named).

use crate::batch::{EditOutcome, Mode, apply_edits};
use crate::document::{Document, Options};
use crate::formats::{FileOp, Patch};
use crate::fs::{self, FileError, FileLock, FileOptions};
use crate::lang::Language;
use crate::outcome::{Code, Refusal};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a patch is applied.
#[derive(Debug, Clone)]
pub struct PatchOptions {
    pub locate: Options,
    pub mode: Mode,
    /// SHA-256 (hex) of the content the model saw of the default file. A different current
    /// hash marks that file `stale_view`: it is still edited against its current content, since
    /// the tiers may well find the model's `old` there.
    pub expect_sha256: Option<String>,
    /// Refuse a stale view instead of only marking it.
    pub refuse_stale: bool,
    /// Compute everything, write nothing.
    pub dry_run: bool,
    /// Parse every file as this language (overrides the file name's extension).
    pub language: Option<Language>,
    /// How long to wait for another writer's lock on a file (see [`crate::fs`]).
    pub lock_timeout: Duration,
    /// Files larger than this are refused before they are read.
    pub max_size: u64,
}

impl Default for PatchOptions {
    fn default() -> Self {
        PatchOptions {
            locate: Options::default(),
            mode: Mode::default(),
            expect_sha256: None,
            refuse_stale: false,
            dry_run: false,
            language: None,
            lock_timeout: fs::LOCK_TIMEOUT,
            max_size: fs::MAX_SIZE,
        }
    }
}

/// What a patch does to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Update,
    Add,
    Delete,
}

impl Action {
    pub fn name(self) -> &'static str {
        match self {
            Action::Update => "update",
            Action::Add => "add",
            Action::Delete => "delete",
        }
    }
}

/// One file's share of a patch's outcome.
#[derive(Debug)]
pub struct FileOutcome {
    pub path: PathBuf,
    pub action: Action,
    /// Why the file as a whole was refused (missing, existing, stale view), if it was.
    pub refusal: Option<Refusal>,
    /// The outcome of each edit of an update, in patch order.
    pub edits: Vec<EditOutcome>,
    /// Unified diff of the change (empty when refused).
    pub diff: String,
    /// The file's hash is not the one the model saw (`PatchOptions::expect_sha256`).
    pub stale_view: bool,
    /// Warnings about the result (it parses with more syntax errors than the original).
    pub warnings: Vec<String>,
    /// Content read (`None`: no file) and content to leave (`None`: remove; equal to `before`
    /// when refused).
    before: Option<String>,
    after: Option<String>,
}

impl FileOutcome {
    /// Whether the file and every edit of it succeeded.
    pub fn complete(&self) -> bool {
        self.refusal.is_none() && self.edits.iter().all(|e| e.result.is_ok())
    }

    /// Why the file did not apply whole: its refusal's code or its first failed edit's.
    pub fn code(&self) -> Option<Code> {
        match &self.refusal {
            Some(r) => Some(r.code),
            None => self
                .edits
                .iter()
                .find_map(|e| e.result.as_ref().err())
                .map(|e| e.code()),
        }
    }

    /// Whether the file gets (or, in a dry run, would get) a change.
    fn changes(&self) -> bool {
        self.before != self.after
    }
}

/// A patch's outcome, file by file in patch order.
#[derive(Debug)]
pub struct PatchOutcome {
    pub files: Vec<FileOutcome>,
    /// Whether the changes are on disk (false for a dry run or a refusal).
    pub written: bool,
    /// The mode it was applied in: an incomplete outcome is partial or refused by it.
    pub mode: Mode,
}

impl PatchOutcome {
    /// `applied`, `would_apply` (dry run), `partial` (some edits or files left out in
    /// [`Mode::Partial`]) or `refused` (nothing produced).
    pub fn status(&self) -> &'static str {
        let complete = self.files.iter().all(FileOutcome::complete);
        match (complete, self.written, self.mode) {
            (true, true, _) => "applied",
            (true, false, _) => "would_apply",
            (false, _, Mode::Partial) => "partial",
            (false, _, Mode::AllOrNothing) => "refused",
        }
    }

    /// The code of the first file that did not apply whole, if any.
    pub fn code(&self) -> Option<Code> {
        self.files.iter().find_map(FileOutcome::code)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PatchError {
    /// Some file or edit failed (all-or-nothing); nothing was written. The outcome says which.
    #[error("the patch was refused; nothing was written")]
    Refused(PatchOutcome),
    /// A patch section names no file and no default file was given.
    #[error("the patch does not name a file for some edits; give the file on the command line")]
    NoFile,
    #[error("{}: the patch has two sections for this file; merge them", .0.display())]
    Duplicate(PathBuf),
    /// A path the patch names lies outside the folder the patch is applied in (`..`, an
    /// absolute path elsewhere, a symlinked folder leading out): a model's patch must not
    /// reach files the user did not point it at.
    #[error("{}: outside the folder the patch is applied in; nothing was written", .0.display())]
    Outside(PathBuf),
    /// A file could not be locked or read (nothing was written).
    #[error(transparent)]
    Read(#[from] FileError),
    /// A write failed after the patch was computed.
    #[error(transparent)]
    Write(Box<WriteFailure>),
}

impl PatchError {
    /// The stable code of this error (the JSON `code`).
    pub fn code(&self) -> Code {
        match self {
            PatchError::Refused(outcome) => outcome.code().unwrap_or(Code::NotFound),
            PatchError::NoFile => Code::BadArguments,
            PatchError::Duplicate(_) => Code::BadPatch,
            PatchError::Outside(_) => Code::OutsideRoot,
            PatchError::Read(e) => e.code(),
            PatchError::Write(w) => w.error.code(),
        }
    }
}

/// A write that failed: the files written before it were restored (`restored`) except those
/// listed in `not_restored`.
#[derive(Debug, thiserror::Error)]
#[error("{error}; {}", restore_summary(.restored, .not_restored))]
pub struct WriteFailure {
    pub error: FileError,
    pub restored: Vec<PathBuf>,
    pub not_restored: Vec<FileError>,
    pub outcome: PatchOutcome,
}

fn restore_summary(restored: &[PathBuf], not_restored: &[FileError]) -> String {
    let mut s = if restored.is_empty() {
        "no other file had been written".to_string()
    } else {
        let names: Vec<String> = restored.iter().map(|p| p.display().to_string()).collect();
        format!("restored {} to its original content", names.join(", "))
    };
    for e in not_restored {
        s.push_str(&format!("; could not restore {e}"));
    }
    s
}

/// Applies `patch` under `root` (sections without a path go to `default_file`): computes every
/// file's result, then writes them all or none (see the module docs).
///
/// Add File creates the file (refused if it exists with content); Delete File removes it
/// (refused if missing); an update whose edits all have an empty `old` may create a missing
/// file. In [`Mode::Partial`] the files and edits that succeed are written and the others
/// reported.
pub fn apply_patch(
    root: &Path,
    patch: &Patch,
    default_file: Option<&Path>,
    options: &PatchOptions,
) -> Result<PatchOutcome, PatchError> {
    let mut files: Vec<FileOutcome> = Vec::new();
    let folder = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    let folder = resolve(folder).ok_or_else(|| PatchError::Outside(folder.to_path_buf()))?;
    // Every file by where it really is, so `./a.py`, `a.py` and a symlink to it are one file.
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut sections = Vec::new();
    for section in &patch.files {
        let path = match (&section.path, default_file) {
            (Some(p), _) => root.join(p),
            (None, Some(d)) => d.to_path_buf(),
            (None, None) => return Err(PatchError::NoFile),
        };
        let real = resolve(&path).ok_or_else(|| PatchError::Outside(path.clone()))?;
        if section.path.is_some() && !real.starts_with(&folder) {
            return Err(PatchError::Outside(path));
        }
        if seen.contains(&real) {
            return Err(PatchError::Duplicate(path));
        }
        seen.push(real);
        sections.push((path, &section.op));
    }
    let locks = if options.dry_run {
        Vec::new()
    } else {
        lock_all(sections.iter().map(|(p, _)| p.as_path()), &seen, options)?
    };
    for (path, op) in sections {
        let is_default = default_file == Some(path.as_path());
        files.push(plan_file(path, op, is_default, options)?);
    }
    let mut outcome = PatchOutcome {
        files,
        written: false,
        mode: options.mode,
    };
    let complete = outcome.files.iter().all(FileOutcome::complete);
    if !complete && options.mode == Mode::AllOrNothing {
        return Err(PatchError::Refused(outcome));
    }
    if options.dry_run {
        return Ok(outcome);
    }
    let mut done: Vec<usize> = Vec::new();
    for (i, f) in outcome.files.iter().enumerate() {
        if !f.changes() {
            continue;
        }
        if let Err(error) = put(&locks[i], f.before.as_deref(), f.after.as_deref()) {
            let (restored, not_restored) = undo(&outcome.files, &locks, &done);
            return Err(PatchError::Write(Box::new(WriteFailure {
                error,
                restored,
                not_restored,
                outcome,
            })));
        }
        done.push(i);
    }
    outcome.written = true;
    Ok(outcome)
}

/// Locks every file (`reals` are their real paths), in the order of the real paths so that two
/// patches sharing files never hold one each and wait for the other. A file whose folder does
/// not exist yet needs no lock (its creation is exclusive).
fn lock_all<'a>(
    paths: impl Iterator<Item = &'a Path>,
    reals: &[PathBuf],
    options: &PatchOptions,
) -> Result<Vec<FileLock>, FileError> {
    let paths: Vec<&Path> = paths.collect();
    let mut order: Vec<usize> = (0..paths.len()).collect();
    order.sort_by(|&a, &b| reals[a].cmp(&reals[b]));
    let mut locks: Vec<Option<FileLock>> = (0..paths.len()).map(|_| None).collect();
    for i in order {
        let path = paths[i];
        let folder_exists = path
            .parent()
            .is_none_or(|d| d.as_os_str().is_empty() || d.exists());
        locks[i] = Some(if folder_exists {
            FileLock::acquire(path, options.lock_timeout, false)?
        } else {
            FileLock::unheld(path)
        });
    }
    Ok(locks.into_iter().flatten().collect())
}

/// Where `path` really is: its nearest existing ancestor with symlinks resolved, and the
/// components below it appended. `None` for a path that climbs (`..`) below what exists.
fn resolve(path: &Path) -> Option<PathBuf> {
    let mut existing = path;
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(existing) {
            let mut real = real;
            for part in rest.iter().rev() {
                real.push(part);
            }
            return Some(real);
        }
        rest.push(existing.file_name()?.to_os_string());
        existing = match existing.parent()? {
            p if p.as_os_str().is_empty() => Path::new("."),
            p => p,
        };
    }
}

/// Reads one file and computes its result; refusals are recorded, I/O errors returned.
fn plan_file(
    path: PathBuf,
    op: &FileOp,
    is_default: bool,
    options: &PatchOptions,
) -> Result<FileOutcome, PatchError> {
    // `Err` from here on means the file is missing, which only some operations refuse.
    let file_options = FileOptions {
        language: options.language,
        max_size: options.max_size,
        ..FileOptions::default()
    };
    let read = match fs::read_document_with(&path, &file_options) {
        Err(e) if !is_missing(&e) => return Err(e.into()),
        other => other,
    };
    let before = read.as_ref().ok().map(|d| d.content().to_string());
    let mut f = FileOutcome {
        action: match op {
            FileOp::Update(_) => Action::Update,
            FileOp::Add(_) => Action::Add,
            FileOp::Delete => Action::Delete,
        },
        refusal: None,
        edits: Vec::new(),
        diff: String::new(),
        stale_view: false,
        warnings: Vec::new(),
        after: before.clone(),
        before,
        path,
    };
    if let (true, Some(expected), Some(before)) = (is_default, &options.expect_sha256, &f.before) {
        f.stale_view = fs::is_stale(before, expected);
        if f.stale_view && options.refuse_stale {
            f.refusal = Some(Refusal::new(
                Code::StaleView,
                format!(
                    "stale view: the file's sha256 is {}, not {expected} as the edit expects; re-read the file",
                    fs::sha256_hex(before.as_bytes())
                ),
            ));
            return Ok(f);
        }
    }
    let name = f.path.display().to_string();
    match op {
        FileOp::Update(edits) => {
            let creating = edits.iter().all(|e| e.old.is_empty());
            let doc = match read {
                Ok(doc) => doc,
                Err(_) if creating => Document::new(""),
                Err(missing) => return Err(missing.into()),
            };
            match apply_edits(&doc.with_name(name), edits, &options.locate, options.mode) {
                Ok(b) => {
                    f.diff = b.diff;
                    f.edits = b.edits;
                    f.warnings = b.warnings;
                    f.after = Some(b.content);
                }
                Err(e) => f.edits = e.edits,
            }
        }
        FileOp::Add(content) => match &f.before {
            Some(existing) if !existing.is_empty() => {
                f.refusal = Some(Refusal::new(
                    Code::Exists,
                    "the file already exists and is not empty",
                ));
            }
            _ => {
                f.diff = crate::report::unified_diff("", content, &name);
                f.after = Some(content.clone());
            }
        },
        FileOp::Delete => match &f.before {
            None => {
                f.refusal = Some(Refusal::new(Code::FileNotFound, "the file does not exist"));
            }
            Some(existing) => {
                f.diff = crate::report::unified_diff(existing, "", &name);
                f.after = None;
            }
        },
    }
    Ok(f)
}

fn is_missing(e: &FileError) -> bool {
    matches!(e, FileError::Missing { .. })
}

/// Moves a locked file from content `from` to content `to` (`None`: no file), checking that it
/// still holds `from`.
fn put(lock: &FileLock, from: Option<&str>, to: Option<&str>) -> Result<(), FileError> {
    match (from, to) {
        (Some(from), Some(to)) => fs::replace_locked(lock, from.as_bytes(), to.as_bytes()),
        (None, Some(to)) => fs::create_locked(lock, to),
        (Some(from), None) => fs::remove_locked(lock, from.as_bytes()),
        (None, None) => Ok(()),
    }
}

/// Puts the files at `done` back as they were read, latest first.
fn undo(
    files: &[FileOutcome],
    locks: &[FileLock],
    done: &[usize],
) -> (Vec<PathBuf>, Vec<FileError>) {
    let mut restored = Vec::new();
    let mut failed = Vec::new();
    for &i in done.iter().rev() {
        let f = &files[i];
        match put(&locks[i], f.after.as_deref(), f.before.as_deref()) {
            Ok(()) => restored.push(f.path.clone()),
            Err(e) => failed.push(e),
        }
    }
    (restored, failed)
}
