//! Writing under the lock, through the file's folder handle: replace by rename (a private
//! temporary file given the original's owner, group, mode and extended attributes before any
//! byte is written) or, where a new inode cannot keep those or would split hard links, in
//! place with a private backup copy; creating by link (never over an existing file);
//! removing after a re-check. See the module docs of [`crate::fs`].

use super::error::FileError;
use super::lock::{FileLock, lock_new};
use super::place::{Place, regular};
use super::temp::{Purpose, Temp};
use rustix::fs::{Access, AtFlags, Mode, OFlags, Stat};
use rustix::io::Errno;
use std::fs::File;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::FileExt;
use std::sync::Arc;

/// Replaces the locked file's content `expected` by `content`.
pub(crate) fn replace(lock: &FileLock, expected: &[u8], content: &[u8]) -> Result<(), FileError> {
    let place = lock.place();
    let file = locked_file(lock)?;
    let st = rustix::fs::fstat(file.as_ref()).map_err(|e| place.io_error(e))?;
    regular(place.shown(), &st, u64::MAX)?;
    writable(place, &st)?;
    let locked = Locked { lock, file: &file };
    if st.st_nlink > 1 {
        return in_place(&locked, &st, expected, content);
    }
    match by_rename(&locked, &st, expected, content)? {
        Renamed::Done => Ok(()),
        Renamed::CannotKeep => in_place(&locked, &st, expected, content),
    }
}

/// A locked file and its open handle (the lock's own, or, for a file this process created
/// under its folder's lock, the file opened since).
struct Locked<'a> {
    lock: &'a FileLock,
    file: &'a OwnedFd,
}

/// The handle of the locked file: the one the lock holds, or the file opened through its
/// folder when the lock holds the folder (a file created under it by this process).
fn locked_file(lock: &FileLock) -> Result<Arc<OwnedFd>, FileError> {
    let place = lock.place();
    let opened = match lock.file() {
        Some(file) => file,
        None => place
            .open(OFlags::RDONLY | OFlags::NONBLOCK)
            .map(Arc::new)
            .map_err(|e| match e {
                Errno::NOENT => removed(place),
                Errno::LOOP => FileError::Changed {
                    path: place.shown().to_path_buf(),
                },
                e => place.io_error(e),
            })?,
    };
    Ok(opened)
}

/// Creates the locked file with `content`, or fills it when it exists empty; an existing
/// file with content is [`FileError::Exists`].
pub(crate) fn create_or_fill(lock: &FileLock, content: &[u8]) -> Result<(), FileError> {
    let place = lock.place();
    let Some(file) = lock.file() else {
        return create(lock, content);
    };
    let st = rustix::fs::fstat(file.as_ref()).map_err(|e| place.io_error(e))?;
    regular(place.shown(), &st, u64::MAX)?;
    if st.st_size == 0 {
        return replace(lock, b"", content);
    }
    Err(FileError::Exists {
        path: place.shown().to_path_buf(),
    })
}

/// Creates the file (its folder locked) with `content`, creating missing folders; an existing
/// file is never replaced. The new file is locked before it appears and held by `lock`.
fn create(lock: &FileLock, content: &[u8]) -> Result<(), FileError> {
    let place = lock.place().create_folders()?;
    let tmp = Temp::create(&place, Purpose::Content)?;
    // A new file gets the mode any new file gets here (0666 less the umask), set before the
    // content is written.
    let mode = 0o666 & !current_umask();
    rustix::fs::fchmod(tmp.file(), Mode::from(mode)).map_err(|e| place.io_error(e))?;
    write_at(tmp.file(), content, Stage::Temp)
        .and_then(|()| tmp.file().sync_all())
        .map_err(|e| io(&place, e))?;
    lock_new(tmp.file()).map_err(|e| place.io_error(e))?;
    let file = tmp.link_as(&place).map_err(|e| match e {
        Errno::EXIST if is_symlink(&place) => FileError::DanglingLink {
            path: place.shown().to_path_buf(),
        },
        Errno::EXIST => FileError::Exists {
            path: place.shown().to_path_buf(),
        },
        e => place.io_error(e),
    })?;
    lock.adopt(file.into());
    sync_folder(&place);
    Ok(())
}

/// Removes the locked file (the name the caller gave), provided it still holds `expected`.
pub(crate) fn remove(lock: &FileLock, expected: &[u8]) -> Result<(), FileError> {
    let place = lock.place();
    let file = locked_file(lock)?;
    let st = rustix::fs::fstat(file.as_ref()).map_err(|e| place.io_error(e))?;
    writable(place, &st)?;
    recheck(&Locked { lock, file: &file }, expected)?;
    rustix::fs::unlinkat(place.folder().handle(), place.name(), AtFlags::empty())
        .map_err(|e| place.io_error(e))?;
    lock.forget_file();
    sync_folder(place);
    Ok(())
}

/// The process's umask (read from `/proc`, which does not change it; `022` where unknown).
fn current_umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
        })
        .unwrap_or(0o022)
}

fn is_symlink(place: &Place) -> bool {
    matches!(place.stat(), Ok(Some(st)) if rustix::fs::FileType::from_raw_mode(st.st_mode) == rustix::fs::FileType::Symlink)
}

fn removed(place: &Place) -> FileError {
    FileError::Removed {
        path: place.shown().to_path_buf(),
    }
}

fn io(place: &Place, e: std::io::Error) -> FileError {
    FileError::Io {
        path: place.shown().to_path_buf(),
        source: e,
    }
}

/// Refuses a file without any write permission bit (the owner saying "do not edit this")
/// and a file this user may not write, even where the folder would allow the rename.
fn writable(place: &Place, st: &Stat) -> Result<(), FileError> {
    let access = rustix::fs::accessat(
        place.folder().handle(),
        place.name(),
        Access::WRITE_OK,
        AtFlags::empty(),
    );
    match access {
        Err(Errno::NOENT) => Err(removed(place)),
        Err(_) => Err(read_only(place)),
        Ok(()) if st.st_mode & 0o222 == 0 => Err(read_only(place)),
        Ok(()) => Ok(()),
    }
}

fn read_only(place: &Place) -> FileError {
    FileError::ReadOnly {
        path: place.shown().to_path_buf(),
    }
}

/// Whether the locked file still holds `expected` and is still the file at its name: its
/// content compared through the locked handle (a block at a time: no second copy in memory),
/// then the name's inode compared with the handle's, last, just before the write.
fn recheck(locked: &Locked<'_>, expected: &[u8]) -> Result<(), FileError> {
    let (place, file) = (locked.lock.place(), locked.file);
    let changed = || FileError::Changed {
        path: place.shown().to_path_buf(),
    };
    let before = rustix::fs::fstat(file).map_err(|e| place.io_error(e))?;
    let same = before.st_size as u64 == expected.len() as u64
        && same_content(file, expected).map_err(|e| io(place, e))?;
    if !same {
        return Err(changed());
    }
    let now = place.stat().map_err(|e| place.io_error(e))?;
    let Some(now) = now else {
        return Err(removed(place));
    };
    let after = rustix::fs::fstat(file).map_err(|e| place.io_error(e))?;
    let identity = |s: &Stat| (s.st_dev, s.st_ino, s.st_size, s.st_mtime, s.st_mtime_nsec);
    if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino)
        || identity(&after) != identity(&before)
    {
        return Err(changed());
    }
    Ok(())
}

fn same_content(file: &OwnedFd, expected: &[u8]) -> std::io::Result<bool> {
    let mut block = vec![0u8; 1 << 16];
    let mut at = 0usize;
    loop {
        let n = match rustix::io::pread(file, &mut block[..], at as u64) {
            Ok(n) => n,
            Err(Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
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

/// Writes a private temporary file with the original's metadata and renames it over the
/// file.
fn by_rename(
    locked: &Locked<'_>,
    st: &Stat,
    expected: &[u8],
    content: &[u8],
) -> Result<Renamed, FileError> {
    let place = locked.lock.place();
    let mut tmp = Temp::create(place, Purpose::Content)?;
    if !keep_metadata(locked.file, st, tmp.file()).map_err(|e| io(place, e))? {
        return Ok(Renamed::CannotKeep);
    }
    write_at(tmp.file(), content, Stage::Temp)
        .and_then(|()| tmp.file().sync_all())
        .map_err(|e| io(place, e))?;
    tmp.named().map_err(|e| place.io_error(e))?;
    lock_new(tmp.file()).map_err(|e| place.io_error(e))?;
    recheck(locked, expected)?;
    let file = tmp.rename_over(place).map_err(|e| place.io_error(e))?;
    locked.lock.adopt(file.into());
    sync_folder(place);
    Ok(Renamed::Done)
}

/// Gives `tmp` the owner, group, mode and extended attributes of `original` (described by
/// `st`): `false` when the system does not allow it (not root, attributes only the kernel
/// sets).
fn keep_metadata(original: &OwnedFd, st: &Stat, tmp: &File) -> std::io::Result<bool> {
    let mine = rustix::fs::fstat(tmp)?;
    if (mine.st_uid, mine.st_gid) != (st.st_uid, st.st_gid) {
        let (uid, gid) = (
            rustix::fs::Uid::from_raw(st.st_uid),
            rustix::fs::Gid::from_raw(st.st_gid),
        );
        match rustix::fs::fchown(tmp, Some(uid), Some(gid)) {
            Ok(()) => {}
            Err(Errno::PERM) => return Ok(false),
            Err(e) => return Err(e.into()),
        }
    }
    // After the chown, which clears set-user-ID and set-group-ID bits.
    rustix::fs::fchmod(tmp, Mode::from_raw_mode(st.st_mode & 0o7777))?;
    Ok(copy_xattrs(original, tmp).is_ok())
}

/// Makes `to`'s extended attributes (ACLs, SELinux labels, user attributes) those of `from`.
fn copy_xattrs(from: &OwnedFd, to: &File) -> rustix::io::Result<()> {
    use rustix::fs::{XattrFlags, fgetxattr, fremovexattr, fsetxattr};
    let wanted = xattr_names(from.as_fd())?;
    for name in &wanted {
        let mut value = vec![0u8; rustix::fs::fgetxattr_query(from, name.as_slice())?];
        let n = fgetxattr(from, name.as_slice(), &mut value[..])?;
        fsetxattr(to, name.as_slice(), &value[..n], XattrFlags::empty())?;
    }
    // Attributes the new file got from its folder (a default ACL) and the original lacks.
    for name in xattr_names(to.as_fd())? {
        if !wanted.contains(&name) {
            fremovexattr(to, name.as_slice())?;
        }
    }
    Ok(())
}

/// The names of a file's extended attributes (none where the file system has none).
fn xattr_names(file: std::os::fd::BorrowedFd<'_>) -> rustix::io::Result<Vec<Vec<u8>>> {
    let size = match rustix::fs::flistxattr_query(file) {
        Ok(size) => size,
        Err(Errno::NOTSUP) => return Ok(Vec::new()),
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
/// the original in a private backup beside it; puts the original back if the write fails.
fn in_place(
    locked: &Locked<'_>,
    st: &Stat,
    expected: &[u8],
    content: &[u8],
) -> Result<(), FileError> {
    let place = locked.lock.place();
    let backup = private_backup(place, st, expected)?;
    let file = open_for_writing(locked)?;
    reserve(&file, content.len()).map_err(|e| io(place, e))?;
    recheck(locked, expected)?;
    let Err(error) = overwrite(&file, content, Stage::InPlace) else {
        return Ok(());
    };
    match overwrite(&file, expected, Stage::Restore) {
        Ok(()) => Err(io(place, error)),
        Err(_) => Err(FileError::Damaged {
            path: place.shown().to_path_buf(),
            backup: backup.keep(),
            source: error,
        }),
    }
}

/// A backup holding `expected`: created `0600`, given the file's owner where permitted and
/// narrowed to the file's own read and write bits before the copy is written.
fn private_backup(place: &Place, st: &Stat, expected: &[u8]) -> Result<Temp, FileError> {
    let backup = Temp::create(place, Purpose::Backup)?;
    let owner = (
        rustix::fs::Uid::from_raw(st.st_uid),
        rustix::fs::Gid::from_raw(st.st_gid),
    );
    // Only root may give a file away; the backup then stays this user's, still 0600.
    let _ = rustix::fs::fchown(backup.file(), Some(owner.0), Some(owner.1));
    rustix::fs::fchmod(backup.file(), Mode::from_raw_mode(st.st_mode & 0o600))
        .map_err(|e| place.io_error(e))?;
    write_at(backup.file(), expected, Stage::Backup)
        .and_then(|()| backup.file().sync_all())
        .map_err(|e| io(place, e))?;
    Ok(backup)
}

/// The locked file opened for writing, through its folder handle, checked to be the inode
/// that is locked.
fn open_for_writing(locked: &Locked<'_>) -> Result<File, FileError> {
    let place = locked.lock.place();
    let file = place.open(OFlags::WRONLY).map_err(|e| match e {
        Errno::NOENT => removed(place),
        Errno::LOOP => FileError::Changed {
            path: place.shown().to_path_buf(),
        },
        e => place.io_error(e),
    })?;
    let (a, b) = (
        rustix::fs::fstat(&file).map_err(|e| place.io_error(e))?,
        rustix::fs::fstat(locked.file).map_err(|e| place.io_error(e))?,
    );
    if (a.st_dev, a.st_ino) != (b.st_dev, b.st_ino) {
        return Err(FileError::Changed {
            path: place.shown().to_path_buf(),
        });
    }
    Ok(File::from(file))
}

/// Reserves room for `len` bytes without changing the size, so that a full disk fails here,
/// before the file is touched (where the file system supports it).
fn reserve(file: &File, len: usize) -> std::io::Result<()> {
    use rustix::fs::{FallocateFlags, fallocate};
    match fallocate(file, FallocateFlags::KEEP_SIZE, 0, len as u64) {
        Ok(()) => Ok(()),
        Err(e) if e == Errno::NOSPC || e == Errno::DQUOT => Err(e.into()),
        Err(_) => Ok(()), // not supported here: the write itself will tell
    }
}

/// Writes `bytes` at the start of `file`, cuts it there and syncs it.
fn overwrite(file: &File, bytes: &[u8], stage: Stage) -> std::io::Result<()> {
    write_at(file, bytes, stage)?;
    file.set_len(bytes.len() as u64)?;
    file.sync_all()
}

/// Syncs the folder so that a rename, link or removal survives a crash (best effort).
fn sync_folder(place: &Place) {
    if let Ok(folder) = place.folder().reopen() {
        let _ = rustix::fs::fsync(&folder);
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

/// `write_all_at(bytes, 0)`; in tests, fails like a full disk where [`fault`] says so.
fn write_at(file: &File, bytes: &[u8], stage: Stage) -> std::io::Result<()> {
    #[cfg(test)]
    if let Some(room) = fault::room(stage)
        && bytes.len() > room
    {
        file.write_all_at(&bytes[..room], 0)?;
        return Err(std::io::Error::from_raw_os_error(
            Errno::NOSPC.raw_os_error(),
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
