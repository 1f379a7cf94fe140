//! The file lock: `flock(2)` on the file itself — its inode, so every name of a file (hard
//! links, symbolic links) shares one lock — held from before the read until after the write
//! (see the module docs of [`crate::fs`] for the guarantee and its limit).
//!
//! Protocol: open the file through its folder's handle without following a link and without
//! blocking (a FIFO swapped in never hangs the open), refuse what is not a regular file, then
//! `flock` it exclusively (polling with a growing pause until the timeout), then check that
//! the name still holds the inode that was locked: a writer that replaced the file by a
//! rename released an inode no one reads any more, so a waiter that locked it starts again
//! on the new one. The handle stays open: the content is read through it and compared through
//! it again before the write. A file that does not exist yet is created under a lock on its
//! folder (creations in one folder take turns; the creating link is exclusive anyway).
//!
//! Why this shape: git's `index.lock` (create with `O_EXCL`, rename into place) leaves a lock
//! behind a crashed writer; a lock file per name (what editloc did before 0.2) lets two hard
//! links of one file be edited at once; `flock` on the inode is released by the kernel when
//! its holder dies and needs no file of its own. An older editloc still running locks
//! `.NAME.editloc.lock` beside the file: when that file exists it is locked too (never
//! created), so old and new writers still take turns; anything there but a regular file is
//! refused (`not_a_file`) rather than opened.

use super::error::FileError;
use super::place::Place;
use rustix::fs::{FlockOperation, Mode, OFlags, flock};
use rustix::io::Errno;
use std::os::fd::{AsFd, OwnedFd};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// An exclusive lock on one file (or, for a file to be created, on its folder), released
/// when it and its clones are dropped.
///
/// A write that puts a new inode at the name (a rename, a creation) locks the new inode
/// before it appears there and hands it to the lock ([`FileLock::adopt`]): the lock then
/// holds the file as it is now, so a multi-file patch that must undo the write later still
/// excludes every other writer from it.
#[derive(Debug, Clone)]
pub(crate) struct FileLock {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    place: Place,
    /// The file at the name, opened read-only and locked; `None` while it does not exist.
    file: Mutex<Option<Arc<OwnedFd>>>,
    /// The folder, locked when the file did not exist when it was locked.
    folder: Option<Arc<OwnedFd>>,
    /// Inodes locked before (replaced by a rename): held until the lock is released.
    earlier: Mutex<Vec<Arc<OwnedFd>>>,
    /// An older editloc's lock file beside the file, locked too when it exists.
    _legacy: Option<OwnedFd>,
}

/// What an acquisition locked.
enum Held {
    File(OwnedFd),
    Folder(OwnedFd),
}

impl FileLock {
    /// Locks the file at `place`, waiting at most `timeout` for another holder. A missing
    /// file is locked through its folder when `create` allows it; otherwise it is
    /// [`FileError::Missing`].
    pub(crate) fn acquire(
        place: &Place,
        timeout: Duration,
        create: bool,
    ) -> Result<FileLock, FileError> {
        let started = Instant::now();
        loop {
            let held = match place.open(OFlags::RDONLY | OFlags::NONBLOCK) {
                Ok(file) => lock_file(place, file, started, timeout)?.map(Held::File),
                Err(Errno::NOENT) if create => lock_folder(place, started, timeout)?,
                Err(Errno::NOENT) => return Err(missing(place)),
                Err(Errno::LOOP) => return Err(changed(place)),
                Err(e) => return Err(place.io_error(e)),
            };
            let Some(held) = held else { continue };
            let legacy = legacy_lock(place, started, timeout)?;
            let (file, folder) = match held {
                Held::File(f) => (Some(Arc::new(f)), None),
                Held::Folder(d) => (None, Some(Arc::new(d))),
            };
            return Ok(FileLock {
                inner: Arc::new(Inner {
                    place: place.clone(),
                    file: Mutex::new(file),
                    folder,
                    earlier: Mutex::new(Vec::new()),
                    _legacy: legacy,
                }),
            });
        }
    }

    /// Where the lock of `place` will be taken, for ordering the locks of several files: the
    /// file's real path, or its folder's when it does not exist (a folder's path sorts before
    /// the files in it, so every holder takes a folder before the files it holds).
    pub(crate) fn order_key(place: &Place) -> std::path::PathBuf {
        match place.stat() {
            Ok(None) => place.folder().path().to_path_buf(),
            _ => place.real(),
        }
    }

    /// The file locked.
    pub(crate) fn place(&self) -> &Place {
        &self.inner.place
    }

    /// The locked file's handle (read-only); `None` while the file does not exist (its
    /// folder is locked instead).
    pub(crate) fn file(&self) -> Option<Arc<OwnedFd>> {
        self.inner
            .file
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Takes `file` — a new inode this process locked and put at the name (by a rename or a
    /// creation) — as the locked file; the inode it replaces stays locked until release.
    pub(crate) fn adopt(&self, file: OwnedFd) {
        let mut current = self.inner.file.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = current.replace(Arc::new(file)) {
            let mut earlier = self.inner.earlier.lock().unwrap_or_else(|p| p.into_inner());
            earlier.push(old);
        }
    }

    /// Records that the locked file left its name (removed): the lock holds no file now, and
    /// the removed inode stays locked until release.
    pub(crate) fn forget_file(&self) {
        let mut current = self.inner.file.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(old) = current.take() {
            let mut earlier = self.inner.earlier.lock().unwrap_or_else(|p| p.into_inner());
            earlier.push(old);
        }
    }

    /// The lock of the missing file at `place` when this lock holds its folder already (two
    /// files created in one folder by one patch): a second lock on the folder by the same
    /// process would wait for this one.
    pub(crate) fn share_folder(&self, place: &Place) -> Option<FileLock> {
        let folder = self.inner.folder.as_ref()?;
        let ours = rustix::fs::fstat(folder.as_ref()).ok()?;
        let theirs = rustix::fs::fstat(place.folder().handle()).ok()?;
        let same = (ours.st_dev, ours.st_ino) == (theirs.st_dev, theirs.st_ino);
        let missing = matches!(place.stat(), Ok(None));
        (same && missing).then(|| FileLock {
            inner: Arc::new(Inner {
                place: place.clone(),
                file: Mutex::new(None),
                folder: Some(folder.clone()),
                earlier: Mutex::new(Vec::new()),
                _legacy: None,
            }),
        })
    }
}

/// Locks a file this process has just made (not yet at any name, so no one waits for it).
pub(crate) fn lock_new(file: &impl AsFd) -> rustix::io::Result<()> {
    flock(file, FlockOperation::NonBlockingLockExclusive)
}

/// Locks the opened `file`: `None` when the name no longer holds it once locked (the caller
/// starts again).
fn lock_file(
    place: &Place,
    file: OwnedFd,
    started: Instant,
    timeout: Duration,
) -> Result<Option<OwnedFd>, FileError> {
    let st = rustix::fs::fstat(&file).map_err(|e| place.io_error(e))?;
    super::place::regular(place.shown(), &st, u64::MAX)?;
    wait_for(&file, place, started, timeout)?;
    let now = place.stat().map_err(|e| place.io_error(e))?;
    let same = now.is_some_and(|n| (n.st_dev, n.st_ino) == (st.st_dev, st.st_ino));
    Ok(same.then_some(file))
}

/// Locks the folder a missing file will be created in: `None` when the file appeared
/// meanwhile (the caller starts again and locks it).
fn lock_folder(
    place: &Place,
    started: Instant,
    timeout: Duration,
) -> Result<Option<Held>, FileError> {
    let folder = place.folder().reopen().map_err(|e| FileError::Io {
        path: place.shown().to_path_buf(),
        source: e,
    })?;
    wait_for(&folder, place, started, timeout)?;
    let now = place.stat().map_err(|e| place.io_error(e))?;
    Ok(now.is_none().then_some(Held::Folder(folder)))
}

/// `flock`s `fd` exclusively, polling until `timeout` has passed since `started`.
fn wait_for(
    fd: &OwnedFd,
    place: &Place,
    started: Instant,
    timeout: Duration,
) -> Result<(), FileError> {
    let mut pause = Duration::from_millis(1);
    loop {
        match flock(fd, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(()),
            Err(Errno::WOULDBLOCK) | Err(Errno::INTR) => {
                let waited = started.elapsed();
                if waited >= timeout {
                    return Err(FileError::Locked {
                        path: place.shown().to_path_buf(),
                        waited,
                    });
                }
                std::thread::sleep(pause.min(timeout - waited));
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(e) => return Err(place.io_error(e)),
        }
    }
}

/// Locks an older editloc's `.NAME.editloc.lock` when there is one (never created here).
fn legacy_lock(
    place: &Place,
    started: Instant,
    timeout: Duration,
) -> Result<Option<OwnedFd>, FileError> {
    if place.has_missing_folders() {
        return Ok(None);
    }
    let name = super::temp::sibling_name(place.name(), ".editloc.lock");
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let lock_path = place.folder().path().join(&name);
    let fd = match rustix::fs::openat(place.folder().handle(), &name, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(Errno::NOENT) => return Ok(None),
        Err(Errno::LOOP) => {
            return Err(FileError::NotAFile {
                path: lock_path,
                kind: "symbolic link",
            });
        }
        Err(e) => return Err(place.io_error(e)),
    };
    let st = rustix::fs::fstat(&fd).map_err(|e| place.io_error(e))?;
    super::place::regular(&lock_path, &st, u64::MAX)?;
    wait_for(&fd, place, started, timeout)?;
    Ok(Some(fd))
}

fn missing(place: &Place) -> FileError {
    FileError::Missing {
        path: place.shown().to_path_buf(),
    }
}

/// The name became a symbolic link since the walk: the file was replaced.
fn changed(place: &Place) -> FileError {
    FileError::Changed {
        path: place.shown().to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fs::place::Scope;
    use rustix::fs::FileType;
    use std::path::{Path, PathBuf};

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-lock-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn acquire(path: &Path, timeout: Duration) -> Result<FileLock, FileError> {
        let place = Place::resolve(path, Scope::Anywhere)?;
        FileLock::acquire(&place, timeout, false)
    }

    #[test]
    fn a_second_lock_waits_then_times_out_and_leaves_no_file() {
        let dir = scratch("timeout");
        let f = dir.join("a.txt");
        std::fs::write(&f, "a\n").unwrap();
        let held = acquire(&f, Duration::ZERO).unwrap();
        let started = Instant::now();
        let err = acquire(&f, Duration::from_millis(60)).unwrap_err();
        assert!(matches!(err, FileError::Locked { .. }), "{err:?}");
        assert!(started.elapsed() >= Duration::from_millis(60));
        drop(held);
        drop(acquire(&f, Duration::ZERO).unwrap());
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
                        let _l = acquire(&f, Duration::from_secs(30)).unwrap();
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
    fn every_name_of_a_file_shares_one_lock() {
        let dir = scratch("names");
        let f = dir.join("a.txt");
        std::fs::write(&f, "a\n").unwrap();
        std::os::unix::fs::symlink(&f, dir.join("l.txt")).unwrap();
        std::fs::hard_link(&f, dir.join("h.txt")).unwrap();
        let _held = acquire(&f, Duration::ZERO).unwrap();
        for other in ["l.txt", "h.txt"] {
            let err = acquire(&dir.join(other), Duration::ZERO).unwrap_err();
            assert!(matches!(err, FileError::Locked { .. }), "{other}: {err:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_at_an_older_editlocs_lock_path_is_refused_at_once() {
        let dir = scratch("fifo");
        let f = dir.join("a.py");
        std::fs::write(&f, "x = 1\n").unwrap();
        let fifo = dir.join(".a.py.editloc.lock");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            FileType::Fifo,
            Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let started = Instant::now();
        let err = acquire(&f, Duration::from_secs(5)).unwrap_err();
        assert!(matches!(err, FileError::NotAFile { .. }), "{err:?}");
        assert!(err.to_string().contains(".a.py.editloc.lock"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(1));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
