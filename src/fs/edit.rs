//! Editing and writing a file under its lock: [`edit_file`] (read → edit → write in one
//! locked sequence), and the single writes [`write_atomic`], [`create_atomic`] and
//! [`remove_checked`] (see the module docs of [`crate::fs`] for what is kept and re-checked).

use super::error::FileError;
use super::lock::FileLock;
use super::options::{FileOptions, LOCK_TIMEOUT};
use super::place::{Place, Scope};
use super::{read, write};
use crate::document::Document;
use std::path::Path;

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
    let place = Place::resolve(path, Scope::Anywhere)?;
    edit_place(&place, options, edit)
}

/// [`edit_file`] on a file already walked to (see [`Place`]): everything goes through its
/// folder's handle.
fn edit_place<T, E>(
    place: &Place,
    options: &FileOptions,
    edit: impl FnOnce(&Document) -> Result<T, E>,
) -> Result<T, E>
where
    T: NewContent,
    E: From<FileError>,
{
    let lock = FileLock::acquire(place, options.lock_timeout, options.create_missing)?;
    let doc = read::read_locked(&lock, options)?;
    let existed = doc.is_some();
    let doc =
        doc.unwrap_or_else(|| read::named(Document::new(""), place.shown(), options.language));
    let value = edit(&doc)?;
    match value.new_content() {
        Some(content) if existed && content != doc.content() => {
            write::replace(&lock, doc.content().as_bytes(), content.as_bytes())?
        }
        Some(content) if !existed => write::create_or_fill(&lock, content.as_bytes())?,
        _ => {}
    }
    Ok(value)
}

/// Replaces the content of `path` by `content` atomically, provided the file still holds
/// `expected` (the content the edit was computed from). Takes the file's lock for the
/// re-check and the write; [`edit_file`] also holds it while the edit is computed.
pub fn write_atomic(path: &Path, expected: &str, content: &str) -> Result<(), FileError> {
    let place = Place::resolve(path, Scope::Anywhere)?;
    let lock = FileLock::acquire(&place, LOCK_TIMEOUT, false)?;
    write::replace(&lock, expected.as_bytes(), content.as_bytes())
}

/// Creates `path` with `content`, creating missing parent folders. An existing empty file is
/// filled (as `write_atomic` would); an existing file with content is refused.
pub fn create_atomic(path: &Path, content: &str) -> Result<(), FileError> {
    let place = Place::resolve(path, Scope::Anywhere)?;
    let lock = FileLock::acquire(&place, LOCK_TIMEOUT, true)?;
    write::create_or_fill(&lock, content.as_bytes())
}

/// Removes `path`, provided it still holds `expected` and is writable.
pub fn remove_checked(path: &Path, expected: &str) -> Result<(), FileError> {
    let place = Place::resolve(path, Scope::Anywhere)?;
    let lock = FileLock::acquire(&place, LOCK_TIMEOUT, false)?;
    write::remove(&lock, expected.as_bytes())
}
