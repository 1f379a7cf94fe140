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
        /// The file as the caller named it.
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

/// Wraps an I/O error on `path` as [`FileError::Io`] (for `map_err`).
pub(crate) fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}
