//! Multi-file patches: every file's result is computed before any file is written, and the
//! writes are undone if one of them fails, so a patch lands whole or not at all.
//!
//! Unless it is a dry run, every file of the patch is locked first (in the order of their real
//! paths, so two patches never wait for each other) and stays locked until all are written or
//! undone ([`crate::fs`]). Each file is read once; its edits run as a batch
//! ([`crate::batch`]) against that content; each write rechecks that the file still holds it.
//! If a write fails after
//! others succeeded, the earlier files are put back from the contents read (each undo also
//! rechecked, so a file someone changed meanwhile is left alone and named).
//!
//! A move (apply_patch's `*** Move to:`, a git rename) creates the destination with the
//! (possibly edited) content and then removes the source; undoing it does the reverse. The
//! destination must lie inside the folder too and must not exist with content.

use crate::batch::{
    BatchApplied, BatchError, EditOutcome, Mode, apply_edits, apply_edits_sequential,
};
use crate::document::Document;
use crate::edits::{TextEdit, diff_edits};
use crate::fs::{self, FileError, FileLock, FileOptions, Folder, Place, Scope};
use crate::lang::Language;
use crate::options::Options;
use crate::outcome::{Code, Refusal};
use editloc_formats::{Edit, FileOp, Patch};
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How a patch is applied.
#[derive(Debug, Clone)]
pub struct PatchOptions {
    /// How each edit is located (tiers, line hint, syntax check).
    pub locate: Options,
    /// Whether one failed edit or file refuses the whole patch (the default) or only itself.
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
    /// Locate each edit of a file in the result of the edits before it (MultiEdit's reading,
    /// [`crate::batch::apply_edits_sequential`]) instead of all in the original content.
    pub sequential: bool,
    /// How long to wait for another writer's lock on a file (see
    /// [`FileOptions::lock_timeout`](crate::FileOptions::lock_timeout)).
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
            sequential: false,
            lock_timeout: fs::LOCK_TIMEOUT,
            max_size: fs::MAX_SIZE,
        }
    }
}

/// What a patch does to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Edited in place.
    Update,
    /// Created (a missing or empty file filled).
    Add,
    /// Removed.
    Delete,
    /// Renamed (and possibly edited); see [`FileOutcome::moved_to`].
    Move,
    /// Shown, not changed; see [`FileOutcome::view`].
    View,
}

impl Action {
    /// The action's name as in JSON: `update`, `add`, `delete`, `move` or `view`.
    pub fn name(self) -> &'static str {
        match self {
            Action::Update => "update",
            Action::Add => "add",
            Action::Delete => "delete",
            Action::Move => "move",
            Action::View => "view",
        }
    }
}

/// One file's share of a patch's outcome.
#[derive(Debug)]
pub struct FileOutcome {
    /// The file as the patch (or the caller, for the default file) names it.
    pub path: PathBuf,
    /// What the patch does to it.
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
    /// Where a moved file goes.
    pub moved_to: Option<PathBuf>,
    /// The lines a view asked for.
    pub view: Option<String>,
    /// The minimal text edits from the content read to the content left (empty when refused
    /// or removed; for a move, the edits of its content).
    pub text_edits: Vec<TextEdit>,
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

    /// The file's status in an answer: `refused` for a refused file or, all-or-nothing, a
    /// failed edit; `partial` when some edits were left out; otherwise `applied`, or
    /// `would_apply` when `written` is false (a dry run).
    pub fn status(&self, written: bool) -> &'static str {
        let produced = self.refusal.is_none() && self.edits.iter().any(|e| e.result.is_ok());
        match (self.refusal.is_some(), self.complete(), written) {
            (true, _, _) => "refused",
            (false, true, true) => "applied",
            (false, true, false) => "would_apply",
            (false, false, _) if produced && written => "partial",
            _ => "refused",
        }
    }

    /// Whether the file gets (or, in a dry run, would get) a change.
    fn changes(&self) -> bool {
        self.refusal.is_none() && (self.before != self.after || self.moved_to.is_some())
    }

    /// The code of the file's first failure: its refusal's, or its first failed edit's.
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

    /// The content the file is left with (`None`: removed, or moved away).
    pub fn content(&self) -> Option<&str> {
        self.after.as_deref()
    }
}

/// A patch's outcome, file by file in patch order.
#[derive(Debug)]
pub struct PatchOutcome {
    /// Every file's outcome, in patch order.
    pub files: Vec<FileOutcome>,
    /// Whether the changes are on disk (false for a dry run or a refusal).
    pub written: bool,
    /// The mode it was applied in: an incomplete outcome is partial or refused by it.
    pub mode: Mode,
    /// It was computed to be shown, not written ([`PatchOptions::dry_run`]).
    pub dry_run: bool,
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
}

impl PatchOutcome {
    /// The code of the first file that did not apply whole, if any.
    pub fn code(&self) -> Option<Code> {
        self.files.iter().find_map(FileOutcome::code)
    }
}

/// Why a patch was not applied. Nothing is written, except for [`PatchError::Write`], where
/// the files already written were put back as far as possible.
#[derive(Debug, thiserror::Error)]
pub enum PatchError {
    /// Some file or edit failed (all-or-nothing); nothing was written. The outcome says which.
    #[error("the patch was refused; nothing was written")]
    Refused(PatchOutcome),
    /// A patch section names no file and no default file was given.
    #[error("the patch does not name a file for some edits; give the file on the command line")]
    NoFile,
    /// Two sections of the patch name the same file (after resolving links).
    #[error("{}: the patch has two sections for this file; merge them", .0.display())]
    Duplicate(PathBuf),
    /// A path the patch names lies outside the folder the patch is applied in (`..`, an
    /// absolute path elsewhere, a symlinked folder leading out): a model's patch must not
    /// reach files the user did not point it at.
    #[error("{}: outside the folder the patch is applied in; nothing was written", .0.display())]
    Outside(PathBuf),
    /// A file could not be read (nothing was written).
    #[error(transparent)]
    Read(#[from] FileError),
    /// A write failed after the patch was computed.
    #[error(transparent)]
    Write(Box<WriteFailure>),
}

/// A write that failed: the files written before it were restored (`restored`) except those
/// listed in `not_restored`.
#[derive(Debug, thiserror::Error)]
#[error("{error}; {}", restore_summary(.restored, .not_restored))]
pub struct WriteFailure {
    /// The write that failed.
    pub error: FileError,
    /// The files written before it and put back as they were read.
    pub restored: Vec<PathBuf>,
    /// Why the files that could not be put back were not (one changed meanwhile, …).
    pub not_restored: Vec<FileError>,
    /// Every file's outcome as computed before the writes.
    pub outcome: PatchOutcome,
}

impl PatchError {
    /// The stable code of this failure.
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

impl Serialize for PatchError {
    /// `{"code", "message"}`, and the `outcome` of a refused patch or a failed write.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let outcome = match self {
            PatchError::Refused(outcome) => Some(outcome),
            PatchError::Write(w) => Some(&w.outcome),
            _ => None,
        };
        Failed {
            code: self.code(),
            message: self.to_string(),
            outcome,
            restored: None,
            not_restored: None,
        }
        .serialize(s)
    }
}

impl Serialize for WriteFailure {
    /// `{"code", "message", "outcome", "restored", "not_restored"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Failed {
            code: self.error.code(),
            message: self.to_string(),
            outcome: Some(&self.outcome),
            restored: Some(&self.restored),
            not_restored: Some(self.not_restored.iter().map(|e| e.to_string()).collect()),
        }
        .serialize(s)
    }
}

/// A failure as JSON: its code and message, and what it leaves.
#[derive(Serialize)]
struct Failed<'a> {
    code: Code,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'a PatchOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    restored: Option<&'a [PathBuf]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_restored: Option<Vec<String>>,
}

impl Serialize for FileError {
    /// `{"code", "message"}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("FileError", 2)?;
        st.serialize_field("code", &self.code())?;
        st.serialize_field("message", &self.to_string())?;
        st.end()
    }
}

/// `restored a, b to its original content` (or that none was written), then each file
/// that could not be restored.
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
/// reported. The paths the patch names are walked beneath `root` (links that lead out of it
/// are refused, [`PatchError::Outside`]); `default_file` is the caller's and may be anywhere.
pub fn apply_patch(
    root: &Path,
    patch: &Patch,
    default_file: Option<&Path>,
    options: &PatchOptions,
) -> Result<PatchOutcome, PatchError> {
    let folder = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    let folder = Folder::open(folder).map_err(|_| PatchError::Outside(folder.to_path_buf()))?;
    apply_patch_beneath(&[folder], root, patch, default_file, options)
}

/// [`apply_patch`] with the paths the patch names walked beneath `roots` (a relative one from
/// the first) and shown joined to `shown_base`.
pub(crate) fn apply_patch_beneath(
    roots: &[Folder],
    shown_base: &Path,
    patch: &Patch,
    default_file: Option<&Path>,
    options: &PatchOptions,
) -> Result<PatchOutcome, PatchError> {
    let sections = sections(roots, shown_base, patch, default_file)?;
    let locks = if options.dry_run {
        None
    } else {
        Some(Locks::acquire(&sections, options)?)
    };
    let mut files: Vec<FileOutcome> = Vec::new();
    for (i, section) in sections.iter().enumerate() {
        let read = read_section(section, locks.as_ref().map(|l| &l.files[i]), options)?;
        let mut f = plan_file(section, read, options)?;
        if let Some(to) = &section.to {
            plan_move(&mut f, to)?;
        }
        files.push(f);
    }
    let outcome = PatchOutcome {
        files,
        written: false,
        mode: options.mode,
        dry_run: options.dry_run,
    };
    let complete = outcome.files.iter().all(FileOutcome::complete);
    if !complete && options.mode == Mode::AllOrNothing {
        return Err(PatchError::Refused(outcome));
    }
    match locks {
        None => Ok(outcome),
        Some(locks) => write_all(outcome, &locks),
    }
}

/// One section of a patch: the file (walked to), its move destination, and what to do.
struct Section<'p> {
    place: Place,
    to: Option<Place>,
    op: &'p FileOp,
    /// The caller's file (the section names none, or names the default file).
    is_default: bool,
}

/// The patch's sections with their files walked to: beneath `roots` for the paths the patch
/// names (shown joined to `shown_base`), anywhere for `default_file` (sections naming none).
/// A file named twice under any spelling (`./a.py`, a link to it) is refused.
fn sections<'p>(
    roots: &[Folder],
    shown_base: &Path,
    patch: &'p Patch,
    default_file: Option<&Path>,
) -> Result<Vec<Section<'p>>, PatchError> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut sections = Vec::new();
    for section in &patch.files {
        let place = match (&section.path, default_file) {
            (Some(p), _) => named_place(roots, shown_base, p)?,
            (None, Some(d)) => Place::resolve(d, Scope::Anywhere)?,
            (None, None) => return Err(PatchError::NoFile),
        };
        claim(&place, &mut seen)?;
        let to = match &section.op {
            FileOp::Move { to, .. } => {
                let to = named_place(roots, shown_base, to)?;
                claim(&to, &mut seen)?;
                Some(to)
            }
            _ => None,
        };
        let is_default = default_file.is_some_and(|d| d == place.shown());
        sections.push(Section {
            place,
            to,
            op: &section.op,
            is_default,
        });
    }
    Ok(sections)
}

/// The file a patch names, walked to beneath `roots` and shown joined to `shown_base`.
fn named_place(roots: &[Folder], shown_base: &Path, path: &Path) -> Result<Place, PatchError> {
    let shown = shown_base.join(path);
    match Place::resolve(path, Scope::Beneath(roots)) {
        Ok(place) => Ok(place.shown_as(&shown)),
        Err(FileError::Outside { .. }) => Err(PatchError::Outside(shown)),
        Err(e) => Err(e.into()),
    }
}

/// Records that the patch touches `place`: refused when it was touched before under any
/// spelling.
fn claim(place: &Place, seen: &mut Vec<PathBuf>) -> Result<(), PatchError> {
    let real = place.real();
    if seen.contains(&real) {
        return Err(PatchError::Duplicate(place.shown().to_path_buf()));
    }
    seen.push(real);
    Ok(())
}

/// Writes every file that changes, in patch order; when one write fails, the files written
/// before it are put back and the failure says which could not be.
fn write_all(mut outcome: PatchOutcome, locks: &Locks) -> Result<PatchOutcome, PatchError> {
    let mut done: Vec<usize> = Vec::new();
    for (i, f) in outcome.files.iter().enumerate() {
        if !f.changes() {
            continue;
        }
        if let Err(error) = put_outcome(f, locks, i) {
            let (restored, not_restored) = undo(&outcome.files, locks, &done);
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

/// A section's file as a document: read through its lock's handle, or (a dry run) through
/// its folder's handle; `None` when it does not exist.
fn read_section(
    section: &Section<'_>,
    lock: Option<&FileLock>,
    options: &PatchOptions,
) -> Result<Option<Document>, FileError> {
    let file_options = FileOptions {
        language: options.language,
        max_size: options.max_size,
        ..FileOptions::default()
    };
    match lock {
        Some(lock) => fs::read_locked(lock, &file_options),
        None => fs::read_place(&section.place, &file_options),
    }
}

/// Computes one file's result from what was read; refusals are recorded, I/O errors
/// returned.
fn plan_file(
    section: &Section<'_>,
    read: Option<Document>,
    options: &PatchOptions,
) -> Result<FileOutcome, PatchError> {
    let path = section.place.shown().to_path_buf();
    let before = read.as_ref().map(|d| d.content().to_string());
    let read = read.ok_or_else(|| FileError::Missing { path: path.clone() });
    let mut f = FileOutcome::unchanged(path, section.op, before);
    if section.is_default {
        check_view(&mut f, options);
        if f.refusal.is_some() {
            return Ok(f);
        }
    }
    plan_op(&mut f, section.op, read, options)?;
    Ok(f)
}

impl FileOutcome {
    /// The outcome of `op` on the file at `path` holding `before`, before anything is
    /// computed: nothing changes yet.
    fn unchanged(path: PathBuf, op: &FileOp, before: Option<String>) -> FileOutcome {
        FileOutcome {
            action: match op {
                FileOp::Update(_) => Action::Update,
                FileOp::Add(_) => Action::Add,
                FileOp::Delete { .. } => Action::Delete,
                FileOp::Move { .. } => Action::Move,
                FileOp::View { .. } => Action::View,
            },
            refusal: None,
            edits: Vec::new(),
            diff: String::new(),
            stale_view: false,
            warnings: Vec::new(),
            moved_to: None,
            view: None,
            text_edits: Vec::new(),
            after: before.clone(),
            before,
            path,
        }
    }
}

/// Marks the default file `stale_view` when its hash is not the one the model saw
/// ([`PatchOptions::expect_sha256`]), and refuses it when [`PatchOptions::refuse_stale`].
fn check_view(f: &mut FileOutcome, options: &PatchOptions) {
    let (Some(expected), Some(before)) = (&options.expect_sha256, &f.before) else {
        return;
    };
    f.stale_view = fs::is_stale(before, expected);
    if f.stale_view && options.refuse_stale {
        f.refusal = Some(Refusal::new(
            Code::StaleView,
            format!(
                "stale view: the file's sha256 is {}, not {expected} as the edit expects; re-read the file",
                fs::sha256_hex(before.as_bytes())
            ),
        ));
    }
}

/// Computes what `op` does to the file `f` was read as (`read`: the document, or why there
/// is none).
fn plan_op(
    f: &mut FileOutcome,
    op: &FileOp,
    read: Result<Document, FileError>,
    options: &PatchOptions,
) -> Result<(), PatchError> {
    let name = f.path.display().to_string();
    match op {
        FileOp::Update(edits) | FileOp::Move { edits, .. } => {
            let creating = creates(op, edits);
            let doc = match read {
                Ok(doc) => doc,
                Err(_) if creating => Document::new(""),
                Err(missing) => return Err(missing.into()),
            };
            update(f, &doc.with_name(name), edits, options);
        }
        FileOp::Add(content) => plan_add(f, content, &name),
        FileOp::Delete { content } => plan_delete(f, content.as_deref(), &name),
        FileOp::View { start, end } => match &f.before {
            None => return Err(read.expect_err("no content means no file").into()),
            Some(content) => match view(content, *start, *end) {
                Ok(lines) => f.view = Some(lines),
                Err(refusal) => f.refusal = Some(refusal),
            },
        },
    }
    Ok(())
}

/// Whether an update `op` with these `edits` creates its file when it is missing: an
/// in-place update (not a move) whose edits all insert (empty `old`, no line).
fn creates(op: &FileOp, edits: &[Edit]) -> bool {
    !edits.is_empty()
        && edits
            .iter()
            .all(|e| e.old.is_empty() && e.at_line.is_none())
        && matches!(op, FileOp::Update(_))
}

/// Adding a file: refused (`exists`) when it exists and is not empty, or (`binary_new`) when
/// `content` holds a NUL byte; else `content` is what it will hold.
fn plan_add(f: &mut FileOutcome, content: &str, name: &str) {
    let text = crate::error::check_new_text(content, "");
    match &f.before {
        Some(existing) if !existing.is_empty() => {
            f.refusal = Some(Refusal::new(
                Code::Exists,
                "the file already exists and is not empty",
            ));
        }
        _ if text.is_err() => {
            let e = text.expect_err("a NUL byte");
            f.refusal = Some(Refusal::new(e.code(), e.to_string()));
        }
        _ => {
            f.diff = crate::text::unified_diff::unified_diff("", content, name);
            f.text_edits = diff_edits("", content);
            f.after = Some(content.to_string());
        }
    }
}

/// Deleting a file: refused when it does not exist (`file_not_found`) or when the patch
/// gives a `content` whose lines are not the file's (`conflict`).
fn plan_delete(f: &mut FileOutcome, content: Option<&str>, name: &str) {
    match &f.before {
        None => {
            f.refusal = Some(Refusal::new(Code::FileNotFound, "the file does not exist"));
        }
        Some(existing) if content.is_some_and(|c| !same_lines(c, existing)) => {
            f.refusal = Some(Refusal::new(
                Code::Conflict,
                "the patch deletes the file with content that is not the file's (re-read it); nothing was deleted",
            ));
        }
        Some(existing) => {
            f.diff = crate::text::unified_diff::unified_diff(existing, "", name);
            f.text_edits = diff_edits(existing, "");
            f.after = None;
        }
    }
}

/// The text of lines `start..=end` (to the last line when `end` is `None`) of `content`;
/// refused (`bad_arguments`) when they are not in the file.
fn view(content: &str, start: usize, end: Option<usize>) -> Result<String, Refusal> {
    let lines = crate::text::lines::split_lines(content).len();
    match end {
        _ if start > lines.max(1) => Err(Refusal::new(
            Code::BadArguments,
            format!("view from line {start}: the file has {lines} lines"),
        )),
        Some(end) if end < start || end > lines => Err(Refusal::new(
            Code::BadArguments,
            format!("view to line {end}: the file has {lines} lines (from line {start})"),
        )),
        _ => Ok(view_lines(content, start, end)),
    }
}

/// Applies `edits` to `doc` as the options say (all against the original, or in sequence)
/// and records the outcome in `f`.
fn update(f: &mut FileOutcome, doc: &Document, edits: &[Edit], options: &PatchOptions) {
    if edits.is_empty() {
        return;
    }
    let result: Result<BatchApplied, BatchError> = if options.sequential {
        apply_edits_sequential(doc, edits, &options.locate, options.mode)
    } else {
        apply_edits(doc, edits, &options.locate, options.mode)
    };
    match result {
        Ok(b) => {
            f.diff = b.diff;
            f.edits = b.edits;
            f.warnings = b.warnings;
            f.text_edits = b.text_edits;
            f.after = Some(b.content);
        }
        Err(e) => f.edits = e.edits,
    }
}

/// Checks a move's destination (it must not exist with content) and records it.
fn plan_move(f: &mut FileOutcome, to: &Place) -> Result<(), PatchError> {
    let shown = to.shown().to_path_buf();
    let existing = to.stat().map_err(|e| to.io_error(e))?;
    if existing.is_some_and(|st| st.st_size > 0) {
        f.refusal = Some(Refusal::new(
            Code::Exists,
            format!(
                "cannot move to {}: it already exists and is not empty",
                shown.display()
            ),
        ));
    }
    if f.refusal.is_none() {
        // The diff of the moved content ends at the destination.
        let edited = f
            .diff
            .split_inclusive('\n')
            .map(|line| match line.starts_with("+++ ") {
                true => format!("+++ b/{}\n", shown.display()),
                false => line.to_string(),
            });
        let rename = format!("rename {} → {}\n", f.path.display(), shown.display());
        f.diff = std::iter::once(rename).chain(edited).collect();
    }
    f.moved_to = Some(shown);
    Ok(())
}

/// Whether two texts have the same lines, line endings, trailing whitespace and the final line
/// break aside (a unified diff's removed lines against the file they describe).
fn same_lines(a: &str, b: &str) -> bool {
    let lines = |s: &str| -> Vec<String> {
        let (lines, _) = crate::text::lines::model_lines(s);
        let mut lines: Vec<String> = lines.iter().map(|l| l.trim_end().to_string()).collect();
        while lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines
    };
    lines(a) == lines(b)
}

/// Lines `start..=end` (1-based; `None`: to the end) of `content`, as they are.
fn view_lines(content: &str, start: usize, end: Option<usize>) -> String {
    content
        .split_inclusive('\n')
        .skip(start.saturating_sub(1))
        .take(end.map_or(usize::MAX, |e| e + 1 - start.max(1)))
        .collect()
}

/// The locks of a patch's files: per section, its file's and its move destination's. Taken in
/// the order of the files' real paths, so that two patches sharing files never hold one each
/// and wait for the other. A file that does not exist yet is locked through its folder; two
/// such files of one folder share that folder's lock.
struct Locks {
    files: Vec<FileLock>,
    destinations: Vec<Option<FileLock>>,
}

impl Locks {
    fn acquire(sections: &[Section<'_>], options: &PatchOptions) -> Result<Locks, FileError> {
        let mut wanted: Vec<(&Place, usize, bool)> = Vec::new();
        for (i, section) in sections.iter().enumerate() {
            wanted.push((&section.place, i, false));
            if let Some(to) = &section.to {
                wanted.push((to, i, true));
            }
        }
        wanted.sort_by_cached_key(|(place, ..)| FileLock::order_key(place));
        let mut files: Vec<Option<FileLock>> = (0..sections.len()).map(|_| None).collect();
        let mut destinations: Vec<Option<FileLock>> = (0..sections.len()).map(|_| None).collect();
        let mut taken: Vec<FileLock> = Vec::new();
        for (place, i, destination) in wanted {
            let lock = match taken.iter().find_map(|held| held.share_folder(place)) {
                Some(shared) => shared,
                None => FileLock::acquire(place, options.lock_timeout, true)?,
            };
            taken.push(lock.clone());
            if destination {
                destinations[i] = Some(lock);
            } else {
                files[i] = Some(lock);
            }
        }
        Ok(Locks {
            files: files.into_iter().flatten().collect(),
            destinations,
        })
    }
}

/// Moves a locked file from content `from` to content `to` (`None`: no file), checking that it
/// still holds `from`.
fn put(lock: &FileLock, from: Option<&str>, to: Option<&str>) -> Result<(), FileError> {
    match (from, to) {
        (Some(from), Some(to)) => fs::replace_locked(lock, from.as_bytes(), to.as_bytes()),
        (None, Some(to)) => fs::create_locked(lock, to.as_bytes()),
        (Some(from), None) => fs::remove_locked(lock, from.as_bytes()),
        (None, None) => Ok(()),
    }
}

/// Writes the outcome of section `i`: its new content, or for a move the destination then
/// the removal of the source (the destination is removed again if that fails).
fn put_outcome(f: &FileOutcome, locks: &Locks, i: usize) -> Result<(), FileError> {
    let (before, after) = (f.before.as_deref(), f.after.as_deref());
    let Some(to) = locks.destinations[i]
        .as_ref()
        .filter(|_| f.moved_to.is_some())
    else {
        return put(&locks.files[i], before, after);
    };
    put(to, None, after)?;
    if let Err(e) = put(&locks.files[i], before, None) {
        let _ = put(to, after, None);
        return Err(e);
    }
    Ok(())
}

/// Undoes the written outcome of section `i` (see [`put_outcome`]).
fn undo_outcome(f: &FileOutcome, locks: &Locks, i: usize) -> Result<(), FileError> {
    let (before, after) = (f.before.as_deref(), f.after.as_deref());
    let Some(to) = locks.destinations[i]
        .as_ref()
        .filter(|_| f.moved_to.is_some())
    else {
        return put(&locks.files[i], after, before);
    };
    put(&locks.files[i], None, before)?;
    put(to, after, None)
}

/// Puts the files at `done` back as they were read, latest first.
fn undo(files: &[FileOutcome], locks: &Locks, done: &[usize]) -> (Vec<PathBuf>, Vec<FileError>) {
    let mut restored = Vec::new();
    let mut failed = Vec::new();
    for &i in done.iter().rev() {
        let f = &files[i];
        match undo_outcome(f, locks, i) {
            Ok(()) => restored.push(f.path.clone()),
            Err(e) => failed.push(e),
        }
    }
    (restored, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_in_place_update_of_insertions_creates_its_file() {
        let insert = vec![Edit::new("", "x = 1\n")];
        assert!(creates(&FileOp::Update(insert.clone()), &insert));
        let moved = FileOp::Move {
            to: PathBuf::from("b.py"),
            edits: insert.clone(),
        };
        assert!(!creates(&moved, &insert));
        let replace = vec![Edit::new("x = 1", "x = 2")];
        assert!(!creates(&FileOp::Update(replace.clone()), &replace));
        assert!(!creates(&FileOp::Update(Vec::new()), &[]));
    }

    #[test]
    fn a_view_shows_the_lines_asked_for_or_says_how_many_there_are() {
        let content = "a\r\nb\nc";
        assert_eq!(view(content, 2, Some(3)).unwrap(), "b\nc");
        assert_eq!(view(content, 1, None).unwrap(), content);
        assert_eq!(view(content, 1, Some(1)).unwrap(), "a\r\n");
        let past = view(content, 5, None).unwrap_err();
        assert_eq!(past.code, Code::BadArguments);
        assert_eq!(past.message, "view from line 5: the file has 3 lines");
        let backwards = view(content, 3, Some(2)).unwrap_err();
        assert_eq!(
            backwards.message,
            "view to line 2: the file has 3 lines (from line 3)"
        );
    }
}
