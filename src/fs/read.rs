//! Reading a file for an edit, through handles: only regular files (what the name holds is
//! looked at before anything is opened, so a FIFO or a device is never opened, and the opened
//! file is checked again), within the size limit, as a document. Reading alone takes no
//! lock; an edit reads through the handle its lock holds.

use super::error::FileError;
use super::lock::FileLock;
use super::options::FileOptions;
use super::place::regular;
use super::place::{Place, Scope};
use crate::document::Document;
use crate::lang::Language;
use rustix::fs::OFlags;
use rustix::io::Errno;
use std::os::fd::OwnedFd;
use std::path::Path;

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
    let place = Place::resolve(path, Scope::Anywhere)?;
    let bytes = place_bytes(&place, options.max_size)?.ok_or_else(|| missing(&place))?;
    document(bytes, &place, options)
}

/// `doc` named after `path` (errors and the language guess use the name), parsed as
/// `language` when given.
pub(super) fn named(doc: Document, path: &Path, language: Option<Language>) -> Document {
    let doc = doc.with_name(path.display().to_string());
    match language {
        Some(language) => doc.with_language(language),
        None => doc,
    }
}

/// The locked file as a document, read through the lock's handle; `None` when it does not
/// exist (its folder is locked).
pub(crate) fn read_locked(
    lock: &FileLock,
    options: &FileOptions,
) -> Result<Option<Document>, FileError> {
    match locked_bytes(lock, options.max_size)? {
        Some(bytes) => document(bytes, lock.place(), options).map(Some),
        None => Ok(None),
    }
}

/// The locked file's bytes, read through the lock's handle; `None` when it does not exist.
pub(crate) fn locked_bytes(lock: &FileLock, limit: u64) -> Result<Option<Vec<u8>>, FileError> {
    match lock.file() {
        Some(file) => bytes_of(&file, lock.place().shown(), limit).map(Some),
        None => Ok(None),
    }
}

/// The file at `place` as a document (no lock); `None` when it does not exist.
pub(crate) fn read_place(
    place: &Place,
    options: &FileOptions,
) -> Result<Option<Document>, FileError> {
    match place_bytes(place, options.max_size)? {
        Some(bytes) => document(bytes, place, options).map(Some),
        None => Ok(None),
    }
}

/// `bytes` as a document named after `place`.
fn document(bytes: Vec<u8>, place: &Place, options: &FileOptions) -> Result<Document, FileError> {
    let doc = Document::from_bytes(bytes).map_err(|source| FileError::Input {
        path: place.shown().to_path_buf(),
        source,
    })?;
    Ok(named(doc, place.shown(), options.language))
}

/// The bytes of the regular file at `place`, no larger than `limit`; `None` when there is no
/// file. What the name holds is looked at first: a FIFO or a device is refused, never opened.
pub(crate) fn place_bytes(place: &Place, limit: u64) -> Result<Option<Vec<u8>>, FileError> {
    let Some(st) = place.stat().map_err(|e| place.io_error(e))? else {
        return Ok(None);
    };
    regular(place.shown(), &st, limit)?;
    // Non-blocking: should the name hold a FIFO by now, opening it does not hang.
    let file = match place.open(OFlags::RDONLY | OFlags::NONBLOCK) {
        Ok(f) => f,
        Err(Errno::NOENT) => return Ok(None),
        Err(Errno::LOOP) => {
            return Err(FileError::Changed {
                path: place.shown().to_path_buf(),
            });
        }
        Err(e) => return Err(place.io_error(e)),
    };
    bytes_of(&file, place.shown(), limit).map(Some)
}

/// The bytes of the opened regular `file` (named `shown`), no larger than `limit`.
fn bytes_of(file: &OwnedFd, shown: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let io = |e: Errno| FileError::Io {
        path: shown.to_path_buf(),
        source: e.into(),
    };
    let st = rustix::fs::fstat(file).map_err(io)?;
    regular(shown, &st, limit)?;
    // One byte more than the size: the read that finds the end has room, so a file that did
    // not grow is read into one allocation of its size (growing the buffer to look for the end
    // would double its capacity).
    let mut bytes = vec![0u8; st.st_size as usize + 1];
    let mut at = 0;
    loop {
        if at == bytes.len() {
            // Grown since the size was read: read the rest, within the limit.
            bytes.resize(at + (1 << 16), 0);
        }
        let n = match rustix::io::pread(file, &mut bytes[at..], at as u64) {
            Ok(n) => n,
            Err(Errno::INTR) => continue,
            Err(e) => return Err(io(e)),
        };
        if n == 0 {
            bytes.truncate(at);
            return Ok(bytes);
        }
        at += n;
        if at as u64 > limit {
            return Err(FileError::TooLarge {
                path: shown.to_path_buf(),
                size: at as u64,
                limit,
            });
        }
    }
}

fn missing(place: &Place) -> FileError {
    FileError::Missing {
        path: place.shown().to_path_buf(),
    }
}
