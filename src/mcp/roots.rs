//! The folders an `editloc mcp` server may read and edit, opened once at start, and the walk
//! every path takes beneath them.
//!
//! A path is taken relative to the first root when it is not absolute (an absolute one must
//! name a place under a root's real path). It is then walked beneath the roots' handles a
//! component at a time (`fs::Place`): a symbolic link is read and walked too, and
//! one that leads out of every root is refused (`outside_root`), as is a `..` above a root.
//! The file is then locked, read and written through the handle of the folder the walk
//! ended in, so a link swapped into the path afterwards cannot lead the server out. A path
//! through a symlink to nothing is refused (`dangling_link`) as the CLI refuses it: editloc
//! neither reads nor creates files or folders through links to nothing.

use crate::fs::{FileError, Folder, Place, Scope};
use crate::outcome::{Code, Refusal};
use std::path::{Path, PathBuf};

/// The roots, opened.
#[derive(Debug, Clone)]
pub struct Roots {
    folders: Vec<Folder>,
}

impl Roots {
    /// The roots `dirs` (each must be an existing folder), or the current folder when empty.
    pub fn new(dirs: &[PathBuf]) -> std::io::Result<Roots> {
        let dirs: Vec<PathBuf> = if dirs.is_empty() {
            vec![std::env::current_dir()?]
        } else {
            dirs.to_vec()
        };
        let mut folders = Vec::new();
        for d in dirs {
            let named = |e: std::io::Error| {
                std::io::Error::new(e.kind(), format!("root {}: {e}", d.display()))
            };
            if !std::fs::metadata(&d).map_err(named)?.is_dir() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::NotADirectory,
                    format!("root {}: not a folder", d.display()),
                ));
            }
            folders.push(Folder::open(&d).map_err(named)?);
        }
        Ok(Roots { folders })
    }

    /// The roots' real paths, in the order given.
    pub fn dirs(&self) -> Vec<&Path> {
        self.folders.iter().map(Folder::path).collect()
    }

    /// The opened roots.
    pub(crate) fn folders(&self) -> &[Folder] {
        &self.folders
    }

    /// `path` walked to beneath the roots, shown relative to the root it lies in; refused with
    /// `outside_root` when it leads out of them.
    pub(crate) fn place(&self, path: &str) -> Result<Place, Refusal> {
        if path.trim().is_empty() {
            return Err(Refusal::new(Code::BadArguments, "`file_path` is empty"));
        }
        let place = Place::resolve(Path::new(path), Scope::Beneath(&self.folders))
            .map_err(|e| self.refusal(path, e))?;
        let real = place.real();
        let shown = self
            .folders
            .iter()
            .find_map(|r| real.strip_prefix(r.path()).ok())
            .filter(|rel| !rel.as_os_str().is_empty())
            .map_or_else(|| real.clone(), Path::to_path_buf);
        Ok(place.shown_as(&shown))
    }

    /// The refusal of `path` for `e`.
    fn refusal(&self, path: &str, e: FileError) -> Refusal {
        match e {
            FileError::Outside { .. } => Refusal::new(
                Code::OutsideRoot,
                format!(
                    "{path} is outside the folders this server may edit ({}); use a path under one of them",
                    self.folders
                        .iter()
                        .map(|d| d.path().display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            FileError::DanglingLink { .. } => Refusal::new(
                Code::DanglingLink,
                format!(
                    "{path}: a symbolic link to something that does not exist; nothing was read or written (editloc does not create files or folders through links)"
                ),
            ),
            e => Refusal::new(e.code(), e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-roots-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::canonicalize(dir).unwrap()
    }

    #[test]
    fn inside_outside_and_escaping_links() {
        let root = scratch("root");
        let out = scratch("out");
        std::fs::write(root.join("a.py"), "x\n").unwrap();
        std::fs::write(out.join("o.py"), "y\n").unwrap();
        std::os::unix::fs::symlink(&out, root.join("escape")).unwrap();
        let roots = Roots::new(std::slice::from_ref(&root)).unwrap();
        assert_eq!(
            roots.place("a.py").unwrap().shown().display().to_string(),
            "a.py"
        );
        assert_eq!(
            roots
                .place(root.join("sub/new.py").to_str().unwrap())
                .unwrap()
                .shown(),
            Path::new("sub/new.py")
        );
        for bad in [
            out.join("o.py").display().to_string(),
            "escape/o.py".to_string(),
            "../out/o.py".to_string(),
            "sub/../../x.py".to_string(),
            "/etc/passwd".to_string(),
        ] {
            let err = roots.place(&bad).unwrap_err();
            assert_eq!(err.code, Code::OutsideRoot, "{bad}");
        }
        assert_eq!(roots.place(" ").unwrap_err().code, Code::BadArguments);
        // A link to nothing inside the root: neither read nor created through.
        std::os::unix::fs::symlink(root.join("nowhere.py"), root.join("dl.py")).unwrap();
        assert_eq!(roots.place("dl.py").unwrap_err().code, Code::DanglingLink);
        // ... and one to nothing outside it is outside.
        std::os::unix::fs::symlink(out.join("missing.py"), root.join("dl-out.py")).unwrap();
        assert_eq!(
            roots.place("dl-out.py").unwrap_err().code,
            Code::OutsideRoot
        );
    }

    #[test]
    fn several_roots() {
        let a = scratch("ra");
        let b = scratch("rb");
        std::fs::write(b.join("f.rs"), "fn f() {}\n").unwrap();
        let roots = Roots::new(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(
            roots
                .place(b.join("f.rs").to_str().unwrap())
                .unwrap()
                .real(),
            b.join("f.rs")
        );
        assert_eq!(roots.place("f.rs").unwrap().real(), a.join("f.rs"));
    }
}
