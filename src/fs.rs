//! Files: reading a document and writing a result without ever losing bytes.
//!
//! A write goes to a temporary file in the target's folder, is synced, given the target's
//! permissions and renamed over it, so a reader sees the old file or the new one, never half
//! of each. Symlinks are written through to their target. Just before the rename the target
//! is read again: if someone else changed it since we read it, nothing is written. Files
//! without write permission are refused even though the folder would allow the rename: the
//! permission is the owner saying "do not edit this".
//!
//! Creating goes through the same temporary file, linked into place only if nothing is there
//! yet; removing rechecks the content first. A patch that touches several files uses these
//! three so that each step can be undone from the contents it saw.

use crate::document::Document;
use crate::error::InputError;
use crate::lang::Language;
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
    #[error("{}: the file is read-only; nothing was written", path.display())]
    ReadOnly { path: PathBuf },
    #[error("{}: a symbolic link to a file that does not exist; nothing was written (editloc does not create files through links)", path.display())]
    DanglingLink { path: PathBuf },
    #[error("{}: the file already exists and is not empty; nothing was written", path.display())]
    Exists { path: PathBuf },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> FileError + '_ {
    move |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Reads a file into a document named after its path, parsed as `language` when given
/// (otherwise as its extension says).
pub fn read_document(path: &Path, language: Option<Language>) -> Result<Document, FileError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    let doc = Document::from_bytes(bytes)
        .map(|d| d.with_name(path.display().to_string()))
        .map_err(|source| FileError::Input {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(match language {
        Some(language) => doc.with_language(language),
        None => doc,
    })
}

/// Whether `content` is not the content whose SHA-256 (hex, any case) the model saw.
pub fn is_stale(content: &str, expect_sha256: &str) -> bool {
    !sha256_hex(content.as_bytes()).eq_ignore_ascii_case(expect_sha256.trim())
}

/// Replaces the content of `path` by `content` atomically, provided the file still holds
/// `expected` (the content the edit was computed from).
pub fn write_atomic(path: &Path, expected: &str, content: &str) -> Result<(), FileError> {
    let target = std::fs::canonicalize(path).map_err(io(path))?;
    let permissions = std::fs::metadata(&target)
        .map_err(io(&target))?
        .permissions();
    if permissions.readonly() {
        return Err(FileError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    with_temp(path, &target, content, Some(permissions), |tmp| {
        recheck(path, &target, expected)?;
        std::fs::rename(tmp, &target).map_err(io(path))
    })
}

/// Creates `path` with `content`, creating missing parent folders. An existing empty file is
/// filled (as `write_atomic` would); an existing file with content is refused.
pub fn create_atomic(path: &Path, content: &str) -> Result<(), FileError> {
    match std::fs::read(path) {
        Ok(bytes) if bytes.is_empty() => return write_atomic(path, "", content),
        Ok(_) => {
            return Err(FileError::Exists {
                path: path.to_path_buf(),
            });
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(path)(e)),
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    // A hard link never replaces an existing file, so a file created meanwhile is not lost.
    with_temp(path, path, content, None, |tmp| {
        std::fs::hard_link(tmp, path).map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists
                if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) =>
            {
                FileError::DanglingLink {
                    path: path.to_path_buf(),
                }
            }
            std::io::ErrorKind::AlreadyExists => FileError::Exists {
                path: path.to_path_buf(),
            },
            _ => io(path)(e),
        })?;
        std::fs::remove_file(tmp).map_err(io(tmp))
    })
}

/// Removes `path`, provided it still holds `expected` and is writable.
pub fn remove_checked(path: &Path, expected: &str) -> Result<(), FileError> {
    let metadata = std::fs::metadata(path).map_err(io(path))?;
    if metadata.permissions().readonly() {
        return Err(FileError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    recheck(path, path, expected)?;
    std::fs::remove_file(path).map_err(io(path))
}

/// The SHA-256 of `bytes`, in lower-case hex: what `--expect-sha256` compares against.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `target` still holds `expected`; errors name `path`, the name the caller used.
fn recheck(path: &Path, target: &Path, expected: &str) -> Result<(), FileError> {
    let now = std::fs::read(target).map_err(io(path))?;
    if now != expected.as_bytes() {
        return Err(FileError::Changed {
            path: path.to_path_buf(),
        });
    }
    Ok(())
}

/// Writes `content` to a synced temporary file beside `target` and runs `commit` on it; the
/// temporary file is removed if anything fails. I/O errors name `path`.
fn with_temp(
    path: &Path,
    target: &Path,
    content: &str,
    permissions: Option<std::fs::Permissions>,
    commit: impl FnOnce(&Path) -> Result<(), FileError>,
) -> Result<(), FileError> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.editloc-{}.tmp", std::process::id()));
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(io(path))?;
    let result = (|| {
        file.write_all(content.as_bytes()).map_err(io(path))?;
        file.sync_all().map_err(io(path))?;
        if let Some(permissions) = permissions {
            std::fs::set_permissions(&tmp, permissions).map_err(io(path))?;
        }
        commit(&tmp)
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
    fn refuses_a_read_only_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("readonly");
        let f = dir.join("a.txt");
        std::fs::write(&f, "a\n").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
        let err = write_atomic(&f, "a\n", "b\n").unwrap_err();
        assert!(matches!(err, FileError::ReadOnly { .. }));
        assert!(err.to_string().contains("read-only"), "{err}");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "a\n");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn creates_with_folders_and_never_over_content() {
        let dir = scratch("create");
        let f = dir.join("x/y/new.txt");
        create_atomic(&f, "hi\n").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "hi\n");
        let err = create_atomic(&f, "again\n").unwrap_err();
        assert!(matches!(err, FileError::Exists { .. }));
        let empty = dir.join("empty.txt");
        std::fs::write(&empty, "").unwrap();
        create_atomic(&empty, "filled\n").unwrap();
        assert_eq!(std::fs::read_to_string(&empty).unwrap(), "filled\n");
        assert_eq!(std::fs::read_dir(dir.join("x/y")).unwrap().count(), 1);
    }

    #[test]
    fn a_dangling_link_is_named_as_such_and_left_alone() {
        let dir = scratch("dangling");
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink(dir.join("missing.txt"), &link).unwrap();
        let err = create_atomic(&link, "hi\n").unwrap_err();
        assert!(matches!(err, FileError::DanglingLink { .. }), "{err:?}");
        assert!(!dir.join("missing.txt").exists());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    }

    #[test]
    fn removes_only_what_was_read() {
        let dir = scratch("remove");
        let f = dir.join("a.txt");
        std::fs::write(&f, "now\n").unwrap();
        assert!(matches!(
            remove_checked(&f, "then\n"),
            Err(FileError::Changed { .. })
        ));
        remove_checked(&f, "now\n").unwrap();
        assert!(!f.exists());
    }

    #[test]
    fn sha256_is_lower_case_hex() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
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
