//! Private temporary files beside the file being written, through its folder's handle.
//!
//! A temporary file is created unnamed where the system allows (`O_TMPFILE`: a crash leaves
//! nothing behind) and linked under a name only once it is complete, just before it is
//! renamed over the file; elsewhere it is created named, `.NAME.editloc-PID-N.tmp`. Either
//! way it is created `0600` and given the file's owner, group, mode and extended attributes
//! **before any byte is written**, so a reader who may not read the file never reads the
//! copy. The backup of an in-place write (`.NAME.editloc-PID-N.bak`) is named from the start
//! (it is what survives a crash) and never wider than `0600` or the file's own mode.
//!
//! A named temporary file of a process that died (a `kill -9` in the middle of a write) is
//! removed by the next editloc write in that folder; a backup is never removed by anyone but
//! its writer, since after a failed restore it is the only copy of the original.

use super::error::FileError;
use super::place::{Folder, Place};
use rustix::fs::{AtFlags, Mode, OFlags};
use rustix::io::Errno;
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `.NAME{suffix}` for the file `name` (the name shortened by a hash when long).
pub(crate) fn sibling_name(name: &OsStr, suffix: &str) -> OsString {
    let name = name.to_string_lossy();
    let name = if name.len() > 160 {
        super::digest::sha256_hex(name.as_bytes())[..32].to_string()
    } else {
        name.into_owned()
    };
    format!(".{name}{suffix}").into()
}

/// What a temporary file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// The new content, renamed over the file or linked as a new file.
    Content,
    /// A copy of the original kept during an in-place write.
    Backup,
}

/// A temporary file in a folder, removed on drop unless renamed, linked or kept.
pub(crate) struct Temp {
    folder: Folder,
    file: File,
    /// Its name in the folder; `None` while it is unnamed (`O_TMPFILE`).
    name: Option<OsString>,
    /// The name it gets when it is linked (and that stale-file cleaning recognises).
    planned: OsString,
    remove: bool,
}

impl Temp {
    /// Creates an empty private (`0600`) temporary file for `place`, in its folder.
    pub(crate) fn create(place: &Place, purpose: Purpose) -> Result<Temp, FileError> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let ext = match purpose {
            Purpose::Content => "tmp",
            Purpose::Backup => "bak",
        };
        let suffix = format!(".editloc-{}-{n}.{ext}", std::process::id());
        let planned = sibling_name(place.name(), &suffix);
        let folder = place.folder().clone();
        let unnamed = (purpose == Purpose::Content && can_link_unnamed())
            .then(|| open_unnamed(&folder))
            .flatten();
        let (fd, name) = match unnamed {
            Some(fd) => (fd, None),
            None => (open_named(&folder, &planned, place)?, Some(planned.clone())),
        };
        Ok(Temp {
            folder,
            file: File::from(fd),
            name,
            planned,
            remove: true,
        })
    }

    /// The open file.
    pub(crate) fn file(&self) -> &File {
        &self.file
    }

    /// Gives the file a name in its folder (an unnamed one is linked now) and returns it.
    pub(crate) fn named(&mut self) -> rustix::io::Result<OsString> {
        if self.name.is_none() {
            link_unnamed(&self.file, &self.folder, &self.planned)?;
            self.name = Some(self.planned.clone());
        }
        remove_stale(&self.folder);
        Ok(self.planned.clone())
    }

    /// Renames the file over `place`'s name (in the same folder); returns it, open.
    pub(crate) fn rename_over(mut self, place: &Place) -> rustix::io::Result<File> {
        let name = self.named()?;
        rustix::fs::renameat(
            self.folder.handle(),
            name.as_os_str(),
            self.folder.handle(),
            place.name(),
        )?;
        self.remove = false;
        self.file.try_clone().map_err(|_| Errno::IO)
    }

    /// Links the file as `place`'s name, which must not exist (`EEXIST` otherwise: an
    /// existing file is never replaced); the temporary name goes. Returns the file, open.
    pub(crate) fn link_as(mut self, place: &Place) -> rustix::io::Result<File> {
        if self.name.is_none() {
            link_unnamed(&self.file, &self.folder, place.name())?;
            self.remove = false;
        } else {
            let name = self.named()?;
            rustix::fs::linkat(
                self.folder.handle(),
                name.as_os_str(),
                self.folder.handle(),
                place.name(),
                AtFlags::empty(),
            )?;
        }
        self.file.try_clone().map_err(|_| Errno::IO)
    }

    /// Leaves the file where it is and returns its path.
    pub(crate) fn keep(mut self) -> PathBuf {
        self.remove = false;
        self.folder
            .path()
            .join(self.name.as_deref().unwrap_or(&self.planned))
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let (true, Some(name)) = (self.remove, &self.name) {
            let _ = rustix::fs::unlinkat(self.folder.handle(), name.as_os_str(), AtFlags::empty());
        }
    }
}

/// An unnamed file in `folder` (`O_TMPFILE`), or `None` where the file system has none.
fn open_unnamed(folder: &Folder) -> Option<OwnedFd> {
    let flags = OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC;
    rustix::fs::openat(folder.handle(), ".", flags, Mode::from(0o600)).ok()
}

/// A new named file `name` in `folder`, `0600`, never through a link.
fn open_named(folder: &Folder, name: &OsStr, place: &Place) -> Result<OwnedFd, FileError> {
    let flags = OFlags::CREATE | OFlags::EXCL | OFlags::RDWR | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    rustix::fs::openat(folder.handle(), name, flags, Mode::from(0o600)).map_err(|e| {
        let source = std::io::Error::from(e);
        match source.kind() {
            std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
                FileError::FolderNotWritable {
                    path: place.shown().to_path_buf(),
                    dir: folder.path().to_path_buf(),
                    source,
                }
            }
            _ => FileError::Io {
                path: place.shown().to_path_buf(),
                source,
            },
        }
    })
}

/// Whether an unnamed file can be given a name later: by `AT_EMPTY_PATH` (a privilege) or
/// through `/proc/self/fd`.
fn can_link_unnamed() -> bool {
    static PROC: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *PROC.get_or_init(|| std::path::Path::new("/proc/self/fd").is_dir())
}

/// Links the unnamed `file` into `folder` as `name`.
fn link_unnamed(file: &File, folder: &Folder, name: &OsStr) -> rustix::io::Result<()> {
    let by_fd = rustix::fs::linkat(file.as_fd(), "", folder.handle(), name, AtFlags::EMPTY_PATH);
    match by_fd {
        Err(Errno::NOENT) | Err(Errno::PERM) | Err(Errno::ACCESS) => {
            let proc = format!("/proc/self/fd/{}", file.as_raw_fd());
            rustix::fs::linkat(
                rustix::fs::CWD,
                proc.as_str(),
                folder.handle(),
                name,
                AtFlags::SYMLINK_FOLLOW,
            )
        }
        other => other,
    }
}

/// Removes the named temporary files (`.…editloc-PID-N.tmp`) of processes that no longer
/// run from `folder` (best effort; backups are left alone).
pub(crate) fn remove_stale(folder: &Folder) {
    let Ok(handle) = folder.reopen() else { return };
    let Ok(mut dir) = rustix::fs::Dir::read_from(&handle) else {
        return;
    };
    while let Some(Ok(entry)) = dir.read() {
        let name = entry.file_name().to_bytes();
        if stale_pid(name).is_some_and(|pid| !is_running(pid)) {
            let _ =
                rustix::fs::unlinkat(folder.handle(), OsStr::from_bytes(name), AtFlags::empty());
        }
    }
}

/// The process id in a temporary file's name `.….editloc-PID-N.tmp`.
fn stale_pid(name: &[u8]) -> Option<i32> {
    let name = std::str::from_utf8(name).ok()?;
    let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, tail) = stem.rsplit_once(".editloc-")?;
    let (pid, n) = tail.split_once('-')?;
    n.parse::<usize>().ok()?;
    pid.parse().ok()
}

/// Whether process `pid` runs (or cannot be told: then it is taken to run).
fn is_running(pid: i32) -> bool {
    let Some(pid) = rustix::process::Pid::from_raw(pid) else {
        return true;
    };
    !matches!(rustix::process::test_kill_process(pid), Err(Errno::SRCH))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_name_tells_its_process() {
        assert_eq!(stale_pid(b".a.py.editloc-123-0.tmp"), Some(123));
        assert_eq!(stale_pid(b".x.editloc-1.tmp.editloc-77-12.tmp"), Some(77));
        assert_eq!(stale_pid(b".a.py.editloc-123-0.bak"), None);
        assert_eq!(stale_pid(b"a.py.editloc-123-0.tmp"), None);
        assert_eq!(stale_pid(b".a.py.editloc-x-0.tmp"), None);
        assert!(is_running(std::process::id() as i32));
    }
}
