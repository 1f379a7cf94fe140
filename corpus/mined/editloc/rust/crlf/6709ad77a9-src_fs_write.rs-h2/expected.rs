//! Writing under the lock: replace by rename (temporary file given the original's owner,
//! group, mode and extended attributes) or, where a new inode cannot keep those or would
//! split hard links, in place with a backup copy; creating by hard link; removing after a
//! re-check. See the module docs of [`crate::fs`].

use super::lock::{FileLock, Target};
use super::{FileError, io, read};
use std::fs::File;
use std::io::ErrorKind;
use std::os::unix::fs::{FileExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Replaces the locked file's content `expected` by `content`.
pub(crate) fn replace(lock: &FileLock, expected: &[u8], content: &[u8]) -> Result<(), FileError> {
    let t = lock.target();
    let meta = std::fs::metadata(t.real()).map_err(|e| removed_or(t, e))?;
    read::regular(t.shown(), &meta, u64::MAX)?;
    writable(t, &meta)?;
    if meta.nlink() > 1 {
        return in_place(t, expected, content);
    }
    match by_rename(t, &meta, expected, content)? {
        Renamed::Done => Ok(()),
        Renamed::CannotKeep => in_place(t, expected, content),
    }
}

/// Creates the locked (missing) file with `content`; an existing file is never replaced.
pub(crate) fn create(lock: &FileLock, content: &[u8]) -> Result<(), FileError> {
    let t = lock.target();
    if let Some(dir) = t.real().parent() {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
    }
    let tmp = Temp::new(t, "tmp", content, Stage::Temp)?;
    // A hard link never replaces an existing file, so a file created meanwhile is not lost.
    std::fs::hard_link(&tmp.path, t.real()).map_err(|e| match e.kind() {
        ErrorKind::AlreadyExists if is_symlink(t.shown()) => FileError::DanglingLink {
            path: t.shown().to_path_buf(),
        },
        ErrorKind::AlreadyExists => FileError::Exists {
            path: t.shown().to_path_buf(),
        },
        _ => io(t.shown())(e),
    })?;
    drop(tmp);
    sync_dir(t);
    Ok(())
}

/// Removes the locked file (the name the caller gave), provided it still holds `expected`.
pub(crate) fn remove(lock: &FileLock, expected: &[u8]) -> Result<(), FileError> {
    let t = lock.target();
    let meta = std::fs::metadata(t.real()).map_err(|e| removed_or(t, e))?;
    writable(t, &meta)?;
    recheck(t, expected)?;
    std::fs::remove_file(t.shown()).map_err(io(t.shown()))?;
    sync_dir(t);
    Ok(())
}

fn is_symlink(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

fn removed_or(t: &Target, e: std::io::Error) -> FileError {
    if e.kind() == ErrorKind::NotFound {
        FileError::Removed {
            path: t.shown().to_path_buf(),
        }
    } else {
        io(t.shown())(e)
    }
}

/// Refuses a file without any write permission bit (the owner saying "do not edit this")
/// and a file this user may not write, even where the folder would allow the rename.
fn writable(t: &Target, meta: &std::fs::Metadata) -> Result<(), FileError> {
    let denied = meta.permissions().readonly()
        || rustix::fs::access(t.real(), rustix::fs::Access::WRITE_OK).is_err();
    if denied {
        return Err(FileError::ReadOnly {
            path: t.shown().to_path_buf(),
        });
    }
    Ok(())
}

/// Whether `target` still holds `expected` (compared a block at a time: no second copy of
/// the file in memory).
fn recheck(t: &Target, expected: &[u8]) -> Result<(), FileError> {
    let mut file = File::open(t.real()).map_err(|e| removed_or(t, e))?;
    let same = same_content(&mut file, expected).map_err(io(t.shown()))?;
    if !same {
        return Err(FileError::Changed {
            path: t.shown().to_path_buf(),
        });
    }
    Ok(())
}

fn same_content(file: &mut File, expected: &[u8]) -> std::io::Result<bool> {
    use std::io::Read;
    let mut block = vec![0u8; 1 << 16];
    let mut at = 0;
    loop {
        let n = match file.read(&mut block) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(at == expected.len());
        }
        if expected.get(at..at + n) != Some(&block[..n]) {
            return Ok(false);
        }
        at += n;
    }
}

enum Renamed {
    Done,
    /// The temporary file could not be given the original's owner, group or attributes.
    CannotKeep,
}

/// Writes a temporary file with the original's metadata and renames it over the file.
fn by_rename(
    t: &Target,
    meta: &std::fs::Metadata,
    expected: &[u8],
    content: &[u8],
) -> Result<Renamed, FileError> {
    let tmp = Temp::new(t, "tmp", content, Stage::Temp)?;
    let original = File::open(t.real()).map_err(|e| removed_or(t, e))?;
    if !keep_metadata(&original, meta, &tmp.file).map_err(io(t.shown()))? {
        return Ok(Renamed::CannotKeep);
    }
    recheck(t, expected)?;
    std::fs::rename(&tmp.path, t.real()).map_err(io(t.shown()))?;
    tmp.forget();
    sync_dir(t);
    Ok(Renamed::Done)
}

/// Gives `tmp` the owner, group, mode and extended attributes of `original`: `false` when the
/// system does not allow it (not root, attributes only the kernel sets).
fn keep_metadata(original: &File, meta: &std::fs::Metadata, tmp: &File) -> std::io::Result<bool> {
    let mine = tmp.metadata()?;
    if (mine.uid(), mine.gid()) != (meta.uid(), meta.gid()) {
        let (uid, gid) = (
            rustix::fs::Uid::from_raw(meta.uid()),
            rustix::fs::Gid::from_raw(meta.gid()),
        );
        match rustix::fs::fchown(tmp, Some(uid), Some(gid)) {
            Ok(()) => {}
            Err(e) if e == rustix::io::Errno::PERM => return Ok(false),
            Err(e) => return Err(e.into()),
        }
    }
    // After the chown, which clears set-user-ID and set-group-ID bits.
    tmp.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777))?;
    Ok(copy_xattrs(original, tmp).is_ok())
}

/// Makes `to`'s extended attributes (ACLs, SELinux labels, user attributes) those of `from`.
fn copy_xattrs(from: &File, to: &File) -> rustix::io::Result<()> {
    use rustix::fs::{XattrFlags, fgetxattr, fremovexattr, fsetxattr};
    let wanted = xattr_names(from)?;
    for name in &wanted {
        let mut value = vec![0u8; rustix::fs::fgetxattr_query(from, name.as_slice())?];
        let n = fgetxattr(from, name.as_slice(), &mut value[..])?;
        fsetxattr(to, name.as_slice(), &value[..n], XattrFlags::empty())?;
    }
    // Attributes the new file got from its folder (a default ACL) and the original lacks.
    for name in xattr_names(to)? {
        if !wanted.contains(&name) {
            fremovexattr(to, name.as_slice())?;
        }
    }
    Ok(())
}

/// The names of a file's extended attributes (none where the file system has none).
fn xattr_names(file: &File) -> rustix::io::Result<Vec<Vec<u8>>> {
    let size = match rustix::fs::flistxattr_query(file) {
        Ok(size) => size,
        Err(e) if e == rustix::io::Errno::NOTSUP => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    if size == 0 {
        return Ok(Vec::new());
    }
    let mut list = vec![0u8; size];
    let n = rustix::fs::flistxattr(file, &mut list[..])?;
    Ok(list[..n]
        .split(|&b| b == 0)
        .filter(|n| !n.is_empty())
        .map(<[u8]>::to_vec)
        .collect())
}

/// Overwrites the file itself (same inode: links, owner and attributes stay), after saving
/// the original beside it; puts the original back if the write fails.
fn in_place(t: &Target, expected: &[u8], content: &[u8]) -> Result<(), FileError> {
    let backup = Temp::new(t, "bak", expected, Stage::Backup)?;
    let file = File::options()
        .write(true)
        .open(t.real())
        .map_err(|e| removed_or(t, e))?;
    reserve(&file, content.len()).map_err(io(t.shown()))?;
    recheck(t, expected)?;
    let Err(error) = overwrite(&file, content, Stage::InPlace) else {
        return Ok(());
    };
    match overwrite(&file, expected, Stage::Restore) {
        Ok(()) => Err(io(t.shown())(error)),
        Err(_) => Err(FileError::Damaged {
            path: t.shown().to_path_buf(),
            backup: backup.keep(),
            source: error,
        }),
    }
}

/// Reserves room for `len` bytes without changing the size, so that a full disk fails here,
/// before the file is touched (where the file system supports it).
fn reserve(file: &File, len: usize) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{FallocateFlags, fallocate};
        match fallocate(file, FallocateFlags::KEEP_SIZE, 0, len as u64) {
            Ok(()) => {}
            Err(e) if e == rustix::io::Errno::NOSPC || e == rustix::io::Errno::DQUOT => {
                return Err(e.into());
            }
            Err(_) => {} // not supported here: the write itself will tell
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (file, len);
    Ok(())
}

/// Writes `bytes` at the start of `file`, cuts it there and syncs it.
fn overwrite(file: &File, bytes: &[u8], stage: Stage) -> std::io::Result<()> {
    write_at(file, bytes, stage)?;
    file.set_len(bytes.len() as u64)?;
    file.sync_all()
}

/// Syncs the folder so that a rename, link or removal survives a crash (best effort).
fn sync_dir(t: &Target) {
    if let Ok(dir) = File::open(t.dir()) {
        let _ = dir.sync_all();
    }
}

/// What a write is for (fault injection in tests targets one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    Temp,
    Backup,
    InPlace,
    Restore,
}

/// A synced file beside the target, removed on drop unless renamed, linked or kept.
struct Temp {
    path: PathBuf,
    file: File,
    remove: bool,
}

impl Temp {
    fn new(t: &Target, ext: &str, content: &[u8], stage: Stage) -> Result<Temp, FileError> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = t.sibling(&format!(".editloc-{}-{n}.{ext}", std::process::id()));
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|source| match source.kind() {
                ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => {
                    FileError::FolderNotWritable {
                        path: t.shown().to_path_buf(),
                        dir: t.dir().to_path_buf(),
                        source,
                    }
                }
                _ => io(t.shown())(source),
            })?;
        let temp = Temp {
            path,
            file,
            remove: true,
        };
        write_at(&temp.file, content, stage)
            .and_then(|()| temp.file.sync_all())
            .map_err(io(t.shown()))?;
        Ok(temp)
    }

    /// Leaves the file where it is (renamed away already).
    fn forget(mut self) {
        self.remove = false;
    }

    /// Leaves the file on disk and returns its path.
    fn keep(mut self) -> PathBuf {
        self.remove = false;
        self.path.clone()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if self.remove {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// `write_all_at(bytes, 0)`; in tests, fails like a full disk where [`fault`] says so.
fn write_at(file: &File, bytes: &[u8], stage: Stage) -> std::io::Result<()> {
    #[cfg(test)]
    if let Some(room) = fault::room(stage)
        && bytes.len() > room
    {
        file.write_all_at(&bytes[..room], 0)?;
        return Err(std::io::Error::from_raw_os_error(
            rustix::io::Errno::NOSPC.raw_os_error(),
        ));
    }
    #[cfg(not(test))]
    let _ = stage;
    file.write_all_at(bytes, 0)
}

/// Fault injection for the tests of this module: a write of the given stage on this thread
/// fails with ENOSPC after `room` bytes.
#[cfg(test)]
pub(crate) mod fault {
    use crate::fs::write::Stage;
    use std::cell::RefCell;

    thread_local! {
        static FULL: RefCell<Vec<(Stage, usize)>> = const { RefCell::new(Vec::new()) };
    }

    /// Until the guard drops, writes of `stage` on this thread find only `room` bytes free.
    pub(crate) fn disk_full(stage: Stage, room: usize) -> impl Drop {
        FULL.with(|f| f.borrow_mut().push((stage, room)));
        Guard
    }

    pub(super) fn room(stage: Stage) -> Option<usize> {
        FULL.with(|f| {
            f.borrow()
                .iter()
                .find(|(s, _)| *s == stage)
                .map(|(_, room)| *room)
        })
    }

    struct Guard;

    impl Drop for Guard {
        fn drop(&mut self) {
            FULL.with(|f| f.borrow_mut().clear());
        }
    }
}
