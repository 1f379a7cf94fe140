//! Files: reading a document and writing a result without losing bytes, metadata or another
//! writer's edit. [`edit_file`] is the one way to edit a file (the CLI, the MCP server and the
//! bindings use it): it runs a closure on the file's content under the file's lock and writes
//! what the closure returns.
//!
//! # Guarantees
//!
//! - **Locked.** Every write by editloc ([`edit_file`], [`write_atomic`], [`create_atomic`],
//!   [`remove_checked`], multi-file patches) holds an exclusive advisory lock for the whole
//!   read → locate → write → rename sequence: `flock(2)` on a sibling lock file
//!   `.NAME.editloc.lock` in the file's real folder (symlinks resolved). Locking a sibling,
//!   not the file, makes the lock survive the rename that replaces the file; each acquisition
//!   opens its own descriptor, so threads of one process exclude each other as processes do;
//!   the kernel releases the lock of a holder that dies, so a crash leaves no stale lock (at
//!   most an empty lock file, which the next writer reuses). The holder removes the lock file
//!   when done, and a waiter that finds it removed or replaced locks the new one. Waiting is
//!   bounded by [`FileOptions::lock_timeout`] (default 10 s), then [`FileError::Locked`]
//!   (code `locked`, retryable). Reading alone (`check`, dry runs) takes no lock.
//! - **Re-checked.** Just before the file is replaced, its content is read again and compared
//!   with what the edit was computed from. A writer that is not editloc (an editor, a
//!   formatter) takes no lock; its change is detected here and nothing is written
//!   ([`FileError::Changed`], code `file_changed`, retryable). The limit: such a writer acting
//!   between this re-check and the rename (microseconds) is not detected. Only editloc's own
//!   writers are serialised.
//! - **Atomic.** The new content is written to a temporary file in the same folder, synced,
//!   given the original's owner and group (`fchown`), mode and extended attributes (ACLs
//!   included), re-checked and renamed over the file; then the folder is synced. A reader sees
//!   the old file or the new one, never a mix.
//! - **Kept.** When the file has more than one hard link, or its owner, group or extended
//!   attributes cannot be given to a new file (only root may give a file away), the file is
//!   written in place instead: a copy of the original is written beside it first
//!   (`.NAME.editloc-….bak`), then the file is overwritten, truncated and synced, and put back
//!   from the copy if anything fails; the copy is removed on success. In place every name
//!   sees the edit and the inode (owner, group, mode, attributes, links) stays; the price is
//!   that a reader during the write may see a partial file, and a crash in the middle leaves
//!   the copy beside the file.
//! - **Followed links.** A symlink is written through to its target; the link stays.
//! - **Refused, nothing written:** a read-only file, a file the user may not write (even where
//!   the folder would allow the rename), a folder that cannot be written (named), anything
//!   that is not a regular file (a FIFO or device is refused before it is opened for reading),
//!   a file over [`FileOptions::max_size`], UTF-16/UTF-32, binary or non-UTF-8 content.

mod lock;
mod read;
mod write;

use crate::document::Document;
use crate::error::InputError;
use crate::lang::Language;
use crate::outcome::Code;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub(crate) use lock::FileLock;

/// Why a file could not be read or written. None of these leaves the file changed (except
/// [`FileError::Damaged`], which says where the original was saved).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Input { path: PathBuf, source: InputError },
    #[error("{}: No such file or directory", path.display())]
    Missing { path: PathBuf },
    #[error("{}: the file changed on disk since it was read; nothing was written (re-read it and retry)", path.display())]
    Changed { path: PathBuf },
    #[error("{}: the file was removed since it was read; nothing was written", path.display())]
    Removed { path: PathBuf },
    #[error("{}: the file is read-only; nothing was written", path.display())]
    ReadOnly { path: PathBuf },
    /// The folder cannot be written, so neither the lock, the temporary file nor the backup
    /// can be made there.
    #[error("{}: cannot write in the folder {} ({source}); nothing was written", path.display(), dir.display())]
    FolderNotWritable {
        path: PathBuf,
        dir: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a regular file but a {kind}; refused without reading it", path.display())]
    NotAFile { path: PathBuf, kind: &'static str },
    #[error("{}: {size} bytes, over the limit of {limit} bytes; nothing was read", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{}: another editloc writer held the file's lock for {:.1} s; nothing was written (retry)", path.display(), waited.as_secs_f64())]
    Locked { path: PathBuf, waited: Duration },
    #[error("{}: a symbolic link to a file that does not exist; nothing was written (editloc does not create files through links)", path.display())]
    DanglingLink { path: PathBuf },
    #[error("{}: the file already exists and is not empty; nothing was written", path.display())]
    Exists { path: PathBuf },
    /// An in-place write failed and putting the original back failed too.
    #[error("{}: writing in place failed ({source}) and the original could not be put back; it is saved in {}", path.display(), backup.display())]
    Damaged {
        path: PathBuf,
        backup: PathBuf,
        source: std::io::Error,
    },
}

impl FileError {
    /// The stable code of this error (the JSON `code`).
    pub fn code(&self) -> Code {
        use std::io::ErrorKind as K;
        match self {
            FileError::Io { source, .. } => match source.kind() {
                K::NotFound => Code::FileNotFound,
                K::PermissionDenied | K::ReadOnlyFilesystem => Code::PermissionDenied,
                K::IsADirectory => Code::NotAFile,
                _ => Code::Io,
            },
            FileError::Input { source, .. } => source.code(),
            FileError::Missing { .. } => Code::FileNotFound,
            FileError::Changed { .. } | FileError::Removed { .. } => Code::FileChanged,
            FileError::ReadOnly { .. } | FileError::FolderNotWritable { .. } => {
                Code::PermissionDenied
            }
            FileError::NotAFile { .. } => Code::NotAFile,
            FileError::TooLarge { .. } => Code::TooLarge,
            FileError::Locked { .. } => Code::Locked,
            FileError::DanglingLink { .. } => Code::DanglingLink,
            FileError::Exists { .. } => Code::Exists,
            FileError::Damaged { .. } => Code::Io,
        }
    }
}

/// Why [`edit_file`] did not write: the file (lock, read, write) or the edit itself.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EditFailure {
    #[error(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    Locate(#[from] crate::error::LocateError),
    #[error(transparent)]
    Batch(#[from] crate::batch::BatchError),
    /// The caller's own refusal (a stale view it was asked to refuse).
    #[error("{0}")]
    Refused(crate::outcome::Refusal),
}

impl EditFailure {
    /// The stable code of this failure (the JSON `code`).
    pub fn code(&self) -> Code {
        match self {
            EditFailure::File(e) => e.code(),
            EditFailure::Locate(e) => e.code(),
            EditFailure::Batch(e) => e.code(),
            EditFailure::Refused(r) => r.code,
        }
    }
}

pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// How files are read and locked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FileOptions {
    /// How long to wait for another editloc writer to release the file (default 10 s).
    pub lock_timeout: Duration,
    /// Files larger than this are refused before they are read (default 256 MiB).
    pub max_size: u64,
    /// Parse the file as this language instead of guessing from its extension.
    pub language: Option<Language>,
    /// [`edit_file`] on a missing file edits an empty document and creates the file (and its
    /// folders) with the result; otherwise a missing file is [`FileError::Missing`].
    pub create_missing: bool,
}

/// The default lock timeout.
pub const LOCK_TIMEOUT: Duration = Duration::from_secs(10);
/// The default size limit.
pub const MAX_SIZE: u64 = 256 << 20;

impl Default for FileOptions {
    fn default() -> Self {
        FileOptions {
            lock_timeout: LOCK_TIMEOUT,
            max_size: MAX_SIZE,
            language: None,
            create_missing: false,
        }
    }
}

/// What an edit under [`edit_file`] wants written: the whole new content, or `None` to write
/// nothing.
pub trait NewContent {
    /// The content to write.
    fn new_content(&self) -> Option<&str>;
}

impl NewContent for String {
    fn new_content(&self) -> Option<&str> {
        Some(self)
    }
}

impl NewContent for Option<String> {
    fn new_content(&self) -> Option<&str> {
        self.as_deref()
    }
}

impl NewContent for crate::document::Applied {
    fn new_content(&self) -> Option<&str> {
        Some(&self.content)
    }
}

impl NewContent for crate::batch::BatchApplied {
    fn new_content(&self) -> Option<&str> {
        Some(&self.content)
    }
}

/// Edits `path` under its lock: reads it (see [`FileOptions`]), runs `edit` on its content
/// and writes what `edit` returns (see the module docs for what is kept and re-checked).
/// Nothing is written when `edit` fails, returns no content or the content read.
///
/// ```
/// use editloc::{EditFailure, FileOptions, edit_file};
/// # let dir = std::env::temp_dir().join(format!("editloc-doc-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// let path = dir.join("a.py");
/// std::fs::write(&path, "x = 1\r\n").unwrap();
/// let applied = edit_file(&path, &FileOptions::default(), |doc| {
///     doc.apply("x = 1", "x = 2").map_err(EditFailure::from)
/// })
/// .unwrap();
/// assert_eq!(applied.lines.start, 1);
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "x = 2\r\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn edit_file<T, E>(
    path: &Path,
    options: &FileOptions,
    edit: impl FnOnce(&Document) -> Result<T, E>,
) -> Result<T, E>
where
    T: NewContent,
    E: From<FileError>,
{
    let lock = FileLock::acquire(path, options.lock_timeout, options.create_missing)?;
    let doc = match read::document(lock.target(), options) {
        Ok(doc) => Some(doc),
        Err(FileError::Missing { .. }) if options.create_missing => None,
        Err(e) => return Err(e.into()),
    };
    let existed = doc.is_some();
    let doc = doc.unwrap_or_else(|| named(Document::new(""), path, options.language));
    let value = edit(&doc)?;
    match value.new_content() {
        Some(content) if existed && content != doc.content() => {
            write::replace(&lock, doc.content().as_bytes(), content.as_bytes())?
        }
        Some(content) if !existed => write::create(&lock, content.as_bytes())?,
        _ => {}
    }
    Ok(value)
}

/// Reads a file into a document named after its path, parsed as `language` when given
/// (otherwise as its extension says), with the default size limit.
pub fn read_document(path: &Path, language: Option<Language>) -> Result<Document, FileError> {
    let options = FileOptions {
        language,
        ..FileOptions::default()
    };
    read_document_with(path, &options)
}

/// Reads a file into a document as [`FileOptions`] say (size limit, language); takes no lock.
pub fn read_document_with(path: &Path, options: &FileOptions) -> Result<Document, FileError> {
    let target = lock::Target::resolve(path)?;
    read::document(&target, options)
}

fn named(doc: Document, path: &Path, language: Option<Language>) -> Document {
    let doc = doc.with_name(path.display().to_string());
    match language {
        Some(language) => doc.with_language(language),
        None => doc,
    }
}

/// Whether `content` is not the content whose SHA-256 (hex, any case) the model saw.
pub fn is_stale(content: &str, expect_sha256: &str) -> bool {
    !sha256_hex(content.as_bytes()).eq_ignore_ascii_case(expect_sha256.trim())
}

/// Whether `s` is a SHA-256 in hex: 64 hex digits, any case.
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Replaces the content of `path` by `content` atomically, provided the file still holds
/// `expected` (the content the edit was computed from). Takes the file's lock for the
/// re-check and the write; [`edit_file`] also holds it while the edit is computed.
pub fn write_atomic(path: &Path, expected: &str, content: &str) -> Result<(), FileError> {
    let lock = FileLock::acquire(path, LOCK_TIMEOUT, false)?;
    write::replace(&lock, expected.as_bytes(), content.as_bytes())
}

/// Creates `path` with `content`, creating missing parent folders. An existing empty file is
/// filled (as `write_atomic` would); an existing file with content is refused.
pub fn create_atomic(path: &Path, content: &str) -> Result<(), FileError> {
    let lock = FileLock::acquire(path, LOCK_TIMEOUT, true)?;
    create_locked(&lock, content)
}

pub(crate) fn create_locked(lock: &FileLock, content: &str) -> Result<(), FileError> {
    match std::fs::read(lock.target().real()) {
        Ok(bytes) if bytes.is_empty() => write::replace(lock, b"", content.as_bytes()),
        Ok(_) => Err(FileError::Exists {
            path: lock.target().shown().to_path_buf(),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            write::create(lock, content.as_bytes())
        }
        Err(e) => Err(io(lock.target().shown())(e)),
    }
}

/// Removes `path`, provided it still holds `expected` and is writable.
pub fn remove_checked(path: &Path, expected: &str) -> Result<(), FileError> {
    let lock = FileLock::acquire(path, LOCK_TIMEOUT, false)?;
    write::remove(&lock, expected.as_bytes())
}

pub(crate) use write::{remove as remove_locked, replace as replace_locked};

/// The SHA-256 of `bytes`, in lower-case hex: what `--expect-sha256` compares against.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests;
