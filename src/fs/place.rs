//! Where a file is, as handles: a [`Place`] is an opened folder and a name in it, reached by
//! walking the path one component at a time from an opened anchor (`/`, or a root folder of
//! a [`Scope::Beneath`]) with `O_NOFOLLOW` at every step. Every later operation on the file
//! (lock, read, temporary file, rename, removal) goes through the folder's handle, so a
//! symbolic link swapped into the path after the walk can neither lead the edit elsewhere
//! nor out of its roots.
//!
//! Symbolic links met on the way are read (`readlinkat` on the link itself) and walked like
//! the rest of the path, never handed to the kernel to follow: beneath roots, a link that
//! leads out of every root is refused (`outside_root`), `..` never climbs above the root it
//! is in, and a link inside a root to elsewhere inside the roots keeps working.

use super::error::FileError;
use rustix::fs::{AtFlags, FileType, Mode, OFlags, Stat};
use rustix::io::Errno;
use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// How many symbolic links one walk follows before it gives up (`ELOOP`), as the kernel does.
const MAX_LINKS: usize = 40;

/// An opened folder: its handle (`O_PATH`) and the real path it was reached by (for messages,
/// ordering and the temporary files' names; never used to reach it again).
#[derive(Debug, Clone)]
pub(crate) struct Folder {
    handle: Arc<OwnedFd>,
    path: PathBuf,
}

impl Folder {
    /// Opens the folder at `path` (following links: a root is named by whoever starts the
    /// server, and trusted) and remembers its real path.
    pub(crate) fn open(path: &Path) -> std::io::Result<Folder> {
        let real = std::fs::canonicalize(path)?;
        let handle = rustix::fs::open(
            &real,
            OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(Folder {
            handle: Arc::new(handle),
            path: real,
        })
    }

    /// The folder's real path, as it was when it was opened.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The handle every operation in the folder goes through.
    pub(crate) fn handle(&self) -> BorrowedFd<'_> {
        self.handle.as_fd()
    }

    /// The sub-folder `name`, opened without following a link.
    fn child(&self, name: &OsStr, handle: OwnedFd) -> Folder {
        Folder {
            handle: Arc::new(handle),
            path: self.path.join(name),
        }
    }

    /// A handle on the folder that can be synced and locked (an `O_PATH` handle can do
    /// neither).
    pub(crate) fn reopen(&self) -> std::io::Result<OwnedFd> {
        Ok(rustix::fs::openat(
            self.handle(),
            ".",
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?)
    }
}

/// Where paths may lead.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scope<'a> {
    /// Anywhere the process may go; links are followed wherever they point (the CLI and the
    /// library: the caller names the file).
    Anywhere,
    /// Only beneath these folders (the MCP server's roots, a patch's folder). A relative path
    /// starts at the first.
    Beneath(&'a [Folder]),
}

/// A file reached through handles: the folder it is in (opened), the folders still to be
/// created below it for a file that does not exist yet, and its name there. The name was not
/// a symbolic link when the walk reached it; the operations that use it never follow one.
#[derive(Debug, Clone)]
pub(crate) struct Place {
    folder: Folder,
    missing: Vec<OsString>,
    name: OsString,
    shown: PathBuf,
}

impl Place {
    /// Walks to `path` within `scope`. A missing file is fine (its missing folders too: they
    /// are created by the write that creates the file); a symbolic link to nothing is
    /// [`FileError::DanglingLink`]; a path leading out of a [`Scope::Beneath`] is
    /// [`FileError::Outside`].
    pub(crate) fn resolve(path: &Path, scope: Scope<'_>) -> Result<Place, FileError> {
        Walk::start(path, scope)?.run()
    }

    /// The path the caller used (errors name it).
    pub(crate) fn shown(&self) -> &Path {
        &self.shown
    }

    /// The real path the walk found (for messages and ordering; never opened by path).
    pub(crate) fn real(&self) -> PathBuf {
        let mut real = self.folder.path.clone();
        real.extend(&self.missing);
        real.push(&self.name);
        real
    }

    /// The opened folder the file is in (or the deepest existing folder above it).
    pub(crate) fn folder(&self) -> &Folder {
        &self.folder
    }

    /// The file's name in its folder.
    pub(crate) fn name(&self) -> &OsStr {
        &self.name
    }

    /// Whether folders below [`Place::folder`] must be created before the file can be.
    pub(crate) fn has_missing_folders(&self) -> bool {
        !self.missing.is_empty()
    }

    /// The place named `shown` instead (for messages).
    pub(crate) fn shown_as(mut self, shown: &Path) -> Place {
        self.shown = shown.to_path_buf();
        self
    }

    /// Creates the missing folders (each beneath the last, never through a link) and returns
    /// the place with its own folder opened.
    pub(crate) fn create_folders(&self) -> Result<Place, FileError> {
        let mut folder = self.folder.clone();
        for name in &self.missing {
            match rustix::fs::mkdirat(folder.handle(), name.as_os_str(), Mode::from(0o777)) {
                Ok(()) | Err(Errno::EXIST) => {}
                Err(e) => return Err(self.io_error(e)),
            }
            let handle = open_step(&folder, name)
                .map_err(|e| self.io_error(e))?
                .filter(|(_, kind)| *kind == FileType::Directory)
                .ok_or_else(|| self.io_error(Errno::NOTDIR))?
                .0;
            folder = folder.child(name, handle);
        }
        Ok(Place {
            folder,
            missing: Vec::new(),
            name: self.name.clone(),
            shown: self.shown.clone(),
        })
    }

    /// Opens the file itself with `flags` and `O_NOFOLLOW` (a link swapped in since the walk
    /// is refused by the kernel with `ELOOP`).
    pub(crate) fn open(&self, flags: OFlags) -> rustix::io::Result<OwnedFd> {
        if self.has_missing_folders() {
            return Err(Errno::NOENT);
        }
        rustix::fs::openat(
            self.folder.handle(),
            self.name.as_os_str(),
            flags | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NOCTTY,
            Mode::empty(),
        )
    }

    /// What the name holds now (not following a link); `None` when nothing.
    pub(crate) fn stat(&self) -> rustix::io::Result<Option<rustix::fs::Stat>> {
        if self.has_missing_folders() {
            return Ok(None);
        }
        match rustix::fs::statat(
            self.folder.handle(),
            self.name.as_os_str(),
            AtFlags::SYMLINK_NOFOLLOW,
        ) {
            Ok(st) => Ok(Some(st)),
            Err(Errno::NOENT) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// An I/O error about this file.
    pub(crate) fn io_error(&self, e: Errno) -> FileError {
        FileError::Io {
            path: self.shown.clone(),
            source: e.into(),
        }
    }
}

/// One component still to walk, and whether it came from a link's target (a missing one
/// then makes the link dangle).
type Step = (OsString, bool);

/// A walk in progress: the folders walked (the first is the anchor, never left by `..`
/// beneath roots), the components to go, the links followed.
struct Walk<'a> {
    scope: Scope<'a>,
    folders: Vec<Folder>,
    rest: VecDeque<Step>,
    links: usize,
    shown: PathBuf,
}

impl<'a> Walk<'a> {
    /// The walk of `path` from its anchor: `/` (anywhere), or the root the path lies under
    /// (beneath roots; a relative path starts at the first root).
    fn start(path: &Path, scope: Scope<'a>) -> Result<Walk<'a>, FileError> {
        if path.as_os_str().is_empty() {
            return Err(FileError::Missing {
                path: path.to_path_buf(),
            });
        }
        let mut walk = Walk {
            scope,
            folders: Vec::new(),
            rest: VecDeque::new(),
            links: 0,
            shown: path.to_path_buf(),
        };
        let io = |e: std::io::Error| FileError::Io {
            path: path.to_path_buf(),
            source: e,
        };
        match scope {
            Scope::Anywhere => {
                let absolute = std::path::absolute(path).map_err(io)?;
                walk.folders.push(Folder::open(Path::new("/")).map_err(io)?);
                walk.push_front(&absolute, false);
            }
            Scope::Beneath(roots) if path.is_absolute() => walk.restart_beneath(roots, path)?,
            Scope::Beneath(roots) => {
                let first = roots.first().ok_or_else(|| walk.outside())?;
                walk.folders.push(first.clone());
                walk.push_front(path, false);
            }
        }
        Ok(walk)
    }

    /// Puts `path`'s components in front of what is left to walk.
    fn push_front(&mut self, path: &Path, from_link: bool) {
        let mut steps: Vec<Step> = Vec::new();
        for c in path.components() {
            match c {
                Component::Normal(name) => steps.push((name.to_os_string(), from_link)),
                Component::ParentDir => steps.push(("..".into(), from_link)),
                Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
            }
        }
        for step in steps.into_iter().rev() {
            self.rest.push_front(step);
        }
    }

    /// Starts again at the root an absolute `path` lies under (compared by components with
    /// each root's real path), with the rest of the path after it to walk.
    fn restart_beneath(&mut self, roots: &[Folder], path: &Path) -> Result<(), FileError> {
        let lexical = lexical(path).ok_or_else(|| self.outside())?;
        let (root, below) = roots
            .iter()
            .find_map(|r| lexical.strip_prefix(r.path()).ok().map(|b| (r, b)))
            .ok_or_else(|| self.outside())?;
        self.folders = vec![root.clone()];
        let below = below.to_path_buf();
        self.push_front(&below, false);
        Ok(())
    }

    fn outside(&self) -> FileError {
        FileError::Outside {
            path: self.shown.clone(),
        }
    }

    fn top(&self) -> &Folder {
        self.folders.last().expect("a walk always has its anchor")
    }

    /// Walks every component; the last one names the place.
    fn run(mut self) -> Result<Place, FileError> {
        while let Some((name, from_link)) = self.rest.pop_front() {
            if name == ".." {
                self.climb()?;
                continue;
            }
            let last = self.rest.is_empty();
            match open_step(self.top(), &name).map_err(|e| self.io_error(e))? {
                None if last && from_link => return Err(self.dangling()),
                None if last => return Ok(self.place(name, Vec::new())),
                None => return self.missing_below(name, from_link),
                Some((handle, FileType::Symlink)) => self.follow(&handle)?,
                Some((handle, FileType::Directory)) if !last => {
                    let child = self.top().child(&name, handle);
                    self.folders.push(child);
                }
                Some(_) if last => return Ok(self.place(name, Vec::new())),
                Some(_) => return Err(self.io_error(Errno::NOTDIR)),
            }
        }
        // The path names a folder (`/`, a root, `a/..`): not a file.
        Err(FileError::NotAFile {
            path: self.shown.clone(),
            kind: "folder",
        })
    }

    /// `..`: the folder above, never above the anchor beneath roots (`/..` is `/`).
    fn climb(&mut self) -> Result<(), FileError> {
        if self.folders.len() > 1 {
            self.folders.pop();
            return Ok(());
        }
        match self.scope {
            Scope::Anywhere => Ok(()),
            Scope::Beneath(_) => Err(self.outside()),
        }
    }

    /// Continues the walk at the target of the link opened as `handle`.
    fn follow(&mut self, handle: &OwnedFd) -> Result<(), FileError> {
        self.links += 1;
        if self.links > MAX_LINKS {
            return Err(self.io_error(Errno::LOOP));
        }
        let target =
            rustix::fs::readlinkat(handle, "", Vec::new()).map_err(|e| self.io_error(e))?;
        let target = PathBuf::from(OsStr::from_bytes(target.as_bytes()));
        if target.is_absolute() {
            match self.scope {
                Scope::Anywhere => self.folders.truncate(1),
                Scope::Beneath(roots) => {
                    let rest = std::mem::take(&mut self.rest);
                    self.restart_beneath(roots, &target)?;
                    self.mark_from_link();
                    self.rest.extend(rest);
                    return Ok(());
                }
            }
        }
        self.push_front(&target, true);
        Ok(())
    }

    /// Marks every component still to walk as coming from a link (after a restart).
    fn mark_from_link(&mut self) {
        for step in &mut self.rest {
            step.1 = true;
        }
    }

    /// A missing folder `name` with more components below it: the place is in the deepest
    /// existing folder, the rest to be created (only plain names, no `..` or links to come).
    fn missing_below(mut self, name: OsString, from_link: bool) -> Result<Place, FileError> {
        if from_link || self.rest.iter().any(|(n, l)| *l || n == "..") {
            return Err(if from_link {
                self.dangling()
            } else {
                self.outside_or_missing()
            });
        }
        let mut missing = vec![name];
        let last = self.rest.pop_back().expect("more components below").0;
        missing.extend(self.rest.drain(..).map(|s| s.0));
        Ok(self.place(last, missing))
    }

    /// A `..` below a missing folder: outside beneath roots (it cannot be checked), missing
    /// anywhere else.
    fn outside_or_missing(&self) -> FileError {
        match self.scope {
            Scope::Beneath(_) => self.outside(),
            Scope::Anywhere => FileError::Missing {
                path: self.shown.clone(),
            },
        }
    }

    fn dangling(&self) -> FileError {
        FileError::DanglingLink {
            path: self.shown.clone(),
        }
    }

    fn io_error(&self, e: Errno) -> FileError {
        FileError::Io {
            path: self.shown.clone(),
            source: e.into(),
        }
    }

    fn place(&self, name: OsString, missing: Vec<OsString>) -> Place {
        Place {
            folder: self.top().clone(),
            missing,
            name,
            shown: self.shown.clone(),
        }
    }
}

/// Opens `name` in `folder` without following it (`O_PATH | O_NOFOLLOW`: a link is opened as
/// itself) and says what it is; `None` when there is nothing by that name.
fn open_step(folder: &Folder, name: &OsStr) -> Result<Option<(OwnedFd, FileType)>, Errno> {
    let flags = OFlags::PATH | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let handle = match rustix::fs::openat(folder.handle(), name, flags, Mode::empty()) {
        Ok(h) => h,
        Err(Errno::NOENT) => return Ok(None),
        Err(e) => return Err(e),
    };
    let kind = FileType::from_raw_mode(rustix::fs::fstat(&handle)?.st_mode);
    Ok(Some((handle, kind)))
}

/// `path` with `.` and `..` taken away by their meaning on paper (`None` when `..` climbs
/// above `/`): only used to pick the root an absolute path names, never to reach it.
fn lexical(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                if !out.pop() || out.as_os_str().is_empty() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// What a file of this type is called in a refusal; `None` for a regular file.
fn kind_of(t: FileType) -> Option<&'static str> {
    match t {
        FileType::RegularFile => None,
        FileType::Directory => Some("folder"),
        FileType::Fifo => Some("FIFO (named pipe)"),
        FileType::Socket => Some("socket"),
        FileType::CharacterDevice => Some("character device"),
        FileType::BlockDevice => Some("block device"),
        FileType::Symlink => Some("symbolic link"),
        _ => Some("special file"),
    }
}

/// Refuses what is not a regular file, or is larger than `limit`.
pub(crate) fn regular(path: &Path, st: &Stat, limit: u64) -> Result<(), FileError> {
    if let Some(kind) = kind_of(FileType::from_raw_mode(st.st_mode)) {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            kind,
        });
    }
    let size = st.st_size as u64;
    if size > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size,
            limit,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
