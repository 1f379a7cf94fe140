//! The file lock: `flock(2)` on a sibling lock file, held from before the read until after
//! the rename (see the module docs of [`crate::fs`] for the guarantee and its limit).
//!
//! Protocol: open (creating) `.NAME.editloc.lock` beside the real file, `flock` it
//! exclusively (polling with a growing pause until the timeout), then check that the path
//! still names the inode that was locked — the previous holder removes the lock file when it
//! is done, so a waiter may have locked an unlinked inode; it then starts again on the new
//! one. Release: remove the lock file, then close it.
//!
//! Why this shape: `flock` on the file itself would be lost at the rename (the waiter holds
//! the old inode); git's `index.lock` (create with `O_EXCL`, rename into place) needs no
//! `flock` but leaves a lock behind a crashed writer that someone must remove by hand, and
//! editors' safe-write modes (write a temporary file, rename) take no lock at all and only
//! compare modification times. A `flock`ed sibling is released by the kernel when its holder
//! dies, so no lock outlives its writer, and it never touches the file being edited.

use super::digest::sha256_hex;
use super::error::{FileError, io};
use rustix::fs::{FlockOperation, flock};
use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A file as the caller named it and where it really is: symlinks resolved, or, for a file
/// that does not exist yet, its folder resolved and its name appended.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    shown: PathBuf,
    real: PathBuf,
}

impl Target {
    /// Resolves `path`. A missing file is fine (its folder must exist); a symlink to nothing
    /// is [`FileError::DanglingLink`].
    pub(crate) fn resolve(path: &Path) -> Result<Target, FileError> {
        let shown = path.to_path_buf();
        match std::fs::canonicalize(path) {
            Ok(real) => return Ok(Target { shown, real }),
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(path)(e)),
            Err(_) => {}
        }
        if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(FileError::DanglingLink { path: shown });
        }
        let missing = || FileError::Missing {
            path: path.to_path_buf(),
        };
        let name = path.file_name().ok_or_else(missing)?;
        let real = std::fs::canonicalize(folder_of(path))
            .map_err(|_| missing())?
            .join(name);
        Ok(Target { shown, real })
    }

    /// The path the caller used (errors name it).
    pub(crate) fn shown(&self) -> &Path {
        &self.shown
    }

    /// The real path: what is read, replaced and renamed over.
    pub(crate) fn real(&self) -> &Path {
        &self.real
    }

    /// The real folder.
    pub(crate) fn dir(&self) -> &Path {
        folder_of(&self.real)
    }

    /// `.NAME{suffix}` beside the real file (the name shortened by a hash when long).
    pub(crate) fn sibling(&self, suffix: &str) -> PathBuf {
        let name = self
            .real
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = if name.len() > 160 {
            super::sha256_hex(name.as_bytes())[..32].to_string()
        } else {
            name
        };
        self.dir().join(format!(".{name}{suffix}"))
    }
}

/// The folder `path` is in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// An exclusive lock on one file, released (and its lock file removed) on drop.
#[derive(Debug)]
pub(crate) struct FileLock {
    target: Target,
    /// The locked lock file and its path; `None` when the file's folder does not exist yet
    /// (nothing can race a creation there but another creation, which the hard link that
    /// creates files refuses).
    held: Option<(File, PathBuf)>,
}

impl FileLock {
    /// Locks `path`, waiting at most `timeout` for another holder. With `create_folders`, a
    /// missing folder is created first (for a file about to be created).
    pub(crate) fn acquire(
        path: &Path,
        timeout: Duration,
        create_folders: bool,
    ) -> Result<FileLock, FileError> {
        let folder = folder_of(path);
        if create_folders && !folder.exists() {
            std::fs::create_dir_all(folder).map_err(io(folder))?;
        }
        let target = Target::resolve(path)?;
        let lock_path = target.sibling(".editloc.lock");
        let file = lock(&target, &lock_path, timeout)?;
        Ok(FileLock {
            target,
            held: Some((file, lock_path)),
        })
    }

    /// A lock that holds nothing, for a file whose folder does not exist yet.
    pub(crate) fn unheld(path: &Path) -> FileLock {
        FileLock {
            target: Target {
                shown: path.to_path_buf(),
                real: std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()),
            },
            held: None,
        }
    }

    pub(crate) fn target(&self) -> &Target {
        &self.target
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        if let Some((file, path)) = self.held.take() {
            // Removed while still locked, so no one can lock this inode and believe it is the
            // current lock file; a waiter on it finds the path gone and starts again.
            let _ = std::fs::remove_file(&path);
            drop(file);
        }
    }
}

/// Opens and locks `lock_path` until it is locked and still the file at that path.
fn lock(target: &Target, lock_path: &Path, timeout: Duration) -> Result<File, FileError> {
    let started = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        let file = open_lock_file(target, lock_path)?;
        loop {
            match flock(&file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => break,
                Err(e) if e == rustix::io::Errno::WOULDBLOCK || e == rustix::io::Errno::INTR => {
                    let waited = started.elapsed();
                    if waited >= timeout {
                        return Err(FileError::Locked {
                            path: target.shown.clone(),
                            waited,
                        });
                    }
                    std::thread::sleep(pause.min(timeout - waited));
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
                Err(e) => return Err(io(&target.shown)(e.into())),
            }
        }
        if still_at(&file, lock_path) {
            return Ok(file);
        }
    }
}

/// Opens (creating) the lock file read-only: `flock` needs no write access, so another user
/// allowed to edit the file can lock it too.
fn open_lock_file(target: &Target, lock_path: &Path) -> Result<File, FileError> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::CREATE | OFlags::CLOEXEC | OFlags::NOFOLLOW;
    let mode = Mode::from_raw_mode(0o644);
    rustix::fs::open(lock_path, flags, mode)
        .map(File::from)
        .map_err(|e| {
            let source = std::io::Error::from(e);
            match source.kind() {
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                    FileError::FolderNotWritable {
                        path: target.shown.clone(),
                        dir: target.dir().to_path_buf(),
                        source,
                    }
                }
                _ => io(&target.shown)(source),
            }
        })
}

/// Whether `path` still names the inode `file` has open.
fn still_at(file: &File, path: &Path) -> bool {
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-lock-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_second_lock_waits_then_times_out_and_the_lock_file_goes_away() {
        let dir = scratch("timeout");
        let f = dir.join("a.txt");
        std::fs::write(&f, "a\n").unwrap();
        let held = FileLock::acquire(&f, Duration::ZERO, false).unwrap();
        assert!(dir.join(".a.txt.editloc.lock").exists());
        let started = Instant::now();
        let err = FileLock::acquire(&f, Duration::from_millis(60), false).unwrap_err();
        assert!(matches!(err, FileError::Locked { .. }), "{err:?}");
        assert!(started.elapsed() >= Duration::from_millis(60));
        drop(held);
        assert!(!dir.join(".a.txt.editloc.lock").exists());
        drop(FileLock::acquire(&f, Duration::ZERO, false).unwrap());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn threads_take_turns_on_one_file() {
        let dir = scratch("threads");
        let f = dir.join("a.txt");
        std::fs::write(&f, "").unwrap();
        let inside = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..25 {
                        let _l = FileLock::acquire(&f, Duration::from_secs(30), false).unwrap();
                        let now = inside.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        assert_eq!(now, 0, "two holders at once");
                        std::thread::sleep(Duration::from_micros(200));
                        inside.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                    }
                });
            }
        });
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_link_and_its_target_share_one_lock() {
        let dir = scratch("link");
        let f = dir.join("a.txt");
        std::fs::write(&f, "a\n").unwrap();
        std::os::unix::fs::symlink(&f, dir.join("l.txt")).unwrap();
        let _held = FileLock::acquire(&f, Duration::ZERO, false).unwrap();
        let err = FileLock::acquire(&dir.join("l.txt"), Duration::ZERO, false).unwrap_err();
        assert!(matches!(err, FileError::Locked { .. }), "{err:?}");
    }
}
