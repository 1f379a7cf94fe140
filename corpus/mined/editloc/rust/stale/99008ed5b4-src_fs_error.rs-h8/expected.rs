//! Why a file operation did not happen: [`FileError`] (the file: lock, read, write) and
//! [`EditFailure`] (the file or the edit computed under its lock), each with its stable
//! [`Code`].

use crate::error::InputError;
use crate::outcome::Code;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a file could not be read or written. None of these leaves the file changed (except
/// [`FileError::Damaged`], which says where the original was saved).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// An I/O error the other variants do not name; [`FileError::code`] maps its kind
    /// (`file_not_found`, `permission_denied`, `not_a_file`, else `io`).
    #[error("{}: {source}", path.display())]
    Io {
        /// The file as the caller named it.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The content is not text editloc edits (UTF-16/UTF-32, binary, not UTF-8).
    #[error("{}: {source}", path.display())]
    Input {
        /// The file as the caller named it.
        path: PathBuf,
        /// Why the content was refused; its code is this error's code.
        source: InputError,
    },
    /// The file does not exist (and [`FileOptions::create_missing`](super::FileOptions)
    /// was not asked for).
    #[error("{}: No such file or directory", path.display())]
    Missing {
        /// The file as the caller named it.
        path: PathBuf,
    },
    /// The file's content differs from what the edit was computed from (another writer
    /// changed it); retryable after reading it again.
    #[error("{}: the file changed on disk since it was read; nothing was written (re-read it and retry)", path.display())]
    Changed {
        /// The file as the caller named it.
        path: PathBuf,
    },
    /// The file was removed between the read and the write.
    #[error("{}: the file was removed since it was read; nothing was written", path.display())]
    Removed {
        /// The file as the caller named it.
        path: PathBuf,
    },
    /// The file has no write permission bit, or this user may not write it.
    #[error("{}: the file is read-only; nothing was written", path.display())]
    ReadOnly {
        /// The file as the caller named it.
        path: PathBuf,
    },
    /// The folder cannot be written, so neither the lock, the temporary file nor the backup
    /// can be made there.
    #[error("{}: cannot write in the folder {} ({source}); nothing was written", path.display(), dir.display())]
    FolderNotWritable {
        /// The file as the caller named it.
        path: PathBuf,
        /// The folder that could not be written (the file's real folder).
        dir: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// Not a regular file; refused before it is opened for reading.
    #[error("{}: not a regular file but a {kind}; refused without reading it", path.display())]
    NotAFile {
        /// The file as the caller named it.
        path: PathBuf,
        /// What it is instead: `folder`, `FIFO (named pipe)`, `socket`, `character
        /// device`, `block device` or `special file`.
        kind: &'static str,
    },
    /// The file is larger than [`FileOptions::max_size`](super::FileOptions); nothing was
    /// read.
    #[error("{}: {size} bytes, over the limit of {limit} bytes; nothing was read", path.display())]
    TooLarge {
        /// The file as the caller named it.
        path: PathBuf,
        /// Its size in bytes.
        size: u64,
        /// The limit it exceeds, in bytes.
        limit: u64,
    },
    /// Another editloc writer held the file's lock for the whole
    /// [`FileOptions::lock_timeout`](super::FileOptions); retryable.
    #[error("{}: another editloc writer held the file's lock for {:.1} s; nothing was written (retry)", path.display(), waited.as_secs_f64())]
    Locked {
        /// The file as the caller named it.
        path: PathBuf,
        /// How long this writer waited.
        waited: Duration,
    },
    /// A symbolic link to nothing: editloc does not create a file through a link.
    #[error("{}: a symbolic link to a file that does not exist; nothing was written (editloc does not create files through links)", path.display())]
    DanglingLink {
        /// The link as the caller named it.
        path: PathBuf,
    },
    /// A file to be created exists and has content (an empty one is filled).
    #[error("{}: the file already exists and is not empty; nothing was written", path.display())]
    Exists {
        /// The file as the caller named it.
        path: PathBuf,
    },
    /// An in-place write failed and putting the original back failed too: the one error
    /// that leaves the file changed; the original is in `backup`.
    #[error("{}: writing in place failed ({source}) and the original could not be put back; it is saved in {}", path.display(), backup.display())]
    Damaged {
        /// The file as the caller named it.
        path: PathBuf,
        /// Where the original content is saved.
        backup: PathBuf,
        /// The error that made the write fail.
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

/// Why [`edit_file`](super::edit_file) did not write: the file (lock, read, write) or the edit itself.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EditFailure {
    /// The file could not be locked, read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// The edit was refused: `old` not found, ambiguous, already applied or not writable
    /// with certainty.
    #[error(transparent)]
    Locate(#[from] crate::error::LocateError),
    /// An edit of a batch was refused (the batch writes nothing then).
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

/// Wraps an I/O error on `path` as [`FileError::Io`] (for `map_err`).
pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}
