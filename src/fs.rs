//! Files: reading a document and writing a result without ever losing bytes.
//!
//! A write goes to a temporary file in the target's folder, is synced, given the target's
//! permissions and renamed over it, so a reader sees the old file or the new one, never half
//! of each. Symlinks are written through to their target. Just before the rename the target
//! is read again: if someone else changed it since we read it, nothing is written.

use crate::document::Document;
use crate::error::InputError;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Input { path: PathBuf, source: InputError },
    #[error("{}: the file changed on disk since it was read; nothing was written", path.display())]
    Changed { path: PathBuf },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads a file into a document named after its path.
pub fn read_document(path: &Path) -> Result<Document, FileError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    Document::from_bytes(bytes)
        .map(|d| d.with_name(path.display().to_string()))
        .map_err(|source| FileError::Input {
            path: path.to_path_buf(),
            source,
        })
}

/// Replaces the content of `path` by `content` atomically, provided the file still holds
/// `expected` (the content the edit was computed from).
pub fn write_atomic(path: &Path, expected: &str, content: &str) -> Result<(), FileError> {
    let target = std::fs::canonicalize(path).map_err(io(path))?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let permissions = std::fs::metadata(&target)
        .map_err(io(&target))?
        .permissions();
    let tmp = dir.join(format!(".{name}.editloc-{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(io(&tmp))?;
        file.write_all(content.as_bytes()).map_err(io(&tmp))?;
        file.sync_all().map_err(io(&tmp))?;
        std::fs::set_permissions(&tmp, permissions).map_err(io(&tmp))?;
        let now = std::fs::read(&target).map_err(io(&target))?;
        if now != expected.as_bytes() {
            return Err(FileError::Changed {
                path: path.to_path_buf(),
            });
        }
        std::fs::rename(&tmp, &target).map_err(io(&target))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-fs-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn writes_and_keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("perm");
        let f = dir.join("a.sh");
        std::fs::write(&f, "echo a\n").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o751)).unwrap();
        write_atomic(&f, "echo a\n", "echo b\n").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "echo b\n");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o751);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn refuses_when_the_file_changed() {
        let dir = scratch("changed");
        let f = dir.join("a.txt");
        std::fs::write(&f, "someone else\n").unwrap();
        let err = write_atomic(&f, "what we read\n", "ours\n").unwrap_err();
        assert!(matches!(err, FileError::Changed { .. }));
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "someone else\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn writes_through_a_symlink() {
        let dir = scratch("link");
        let real = dir.join("real.txt");
        let link = dir.join("link.txt");
        std::fs::write(&real, "a\n").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, "a\n", "b\n").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "b\n");
    }
}
