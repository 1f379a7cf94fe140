//! Reading a file for an edit: only regular files (a FIFO or a device is refused before it is
//! opened, and the opened file is checked again), within the size limit, as a document.
//! Reading takes no lock.

use super::error::{FileError, io};
use super::lock::Target;
use super::options::FileOptions;
use crate::document::Document;
use crate::lang::Language;
use std::fs::{File, Metadata};
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
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
    let target = Target::resolve(path)?;
    document(&target, options)
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

/// Reads `target` into a document named after the caller's path.
pub(super) fn document(target: &Target, options: &FileOptions) -> Result<Document, FileError> {
    let bytes = bytes(target, options.max_size)?;
    let doc = Document::from_bytes(bytes).map_err(|source| FileError::Input {
        path: target.shown().to_path_buf(),
        source,
    })?;
    Ok(named(doc, target.shown(), options.language))
}

/// The bytes of a regular file no larger than `limit`.
pub(super) fn bytes(target: &Target, limit: u64) -> Result<Vec<u8>, FileError> {
    let path = target.shown();
    let meta = std::fs::metadata(target.real()).map_err(|e| missing_or(path, e))?;
    regular(path, &meta, limit)?;
    // Non-blocking: should the path have become a FIFO since, opening it does not hang.
    let mut file = File::options()
        .read(true)
        .custom_flags((rustix::fs::OFlags::NONBLOCK | rustix::fs::OFlags::NOCTTY).bits() as i32)
        .open(target.real())
        .map_err(|e| missing_or(path, e))?;
    let meta = file.metadata().map_err(io(path))?;
    regular(path, &meta, limit)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes).map_err(io(path))?;
    Ok(bytes)
}

/// `Missing` for a file that is not there, the I/O error otherwise.
fn missing_or(path: &std::path::Path, e: std::io::Error) -> FileError {
    if e.kind() == std::io::ErrorKind::NotFound {
        FileError::Missing {
            path: path.to_path_buf(),
        }
    } else {
        io(path)(e)
    }
}

/// Refuses what is not a regular file, or is larger than `limit`.
pub(super) fn regular(
    path: &std::path::Path,
    meta: &Metadata,
    limit: u64,
) -> Result<(), FileError> {
    let t = meta.file_type();
    let kind = if t.is_file() {
        None
    } else if t.is_dir() {
        Some("folder")
    } else if t.is_fifo() {
        Some("FIFO (named pipe)")
    } else if t.is_socket() {
        Some("socket")
    } else if t.is_char_device() {
        Some("character device")
    } else if t.is_block_device() {
        Some("block device")
    } else {
        Some("special file")
    };
    if let Some(kind) = kind {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    if meta.len() > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit,
        });
    }
    Ok(())
}
