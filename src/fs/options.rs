//! How files are read and locked: [`FileOptions`] and its defaults.

use crate::lang::Language;
use std::time::Duration;

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
    /// [`edit_file`](super::edit_file) on a missing file edits an empty document and creates the file (and its
    /// folders) with the result; otherwise a missing file is [`FileError::Missing`](super::FileError::Missing).
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
