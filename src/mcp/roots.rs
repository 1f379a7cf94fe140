//! The folders an `editloc mcp` server may read and edit, and the check every path passes.
//!
//! A path is taken relative to the first root when it is not absolute, then resolved to where
//! it really is: symlinks followed (for a file that does not exist yet, its nearest existing
//! folder), `..` climbed. It is inside when that real path lies under one of the roots'
//! real paths — so a symlink inside a root that leads out of it is outside. A path through a
//! symlink to nothing is refused (`dangling_link`) as the CLI refuses it: editloc neither
//! reads nor creates files or folders through links to nothing.

use crate::outcome::{Code, Refusal};
use std::path::{Component, Path, PathBuf};

/// The roots, canonical.
#[derive(Debug, Clone)]
pub struct Roots {
    dirs: Vec<PathBuf>,
}

/// A path checked against the roots: where it really is, and how to show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The real path (symlinks resolved).
    pub real: PathBuf,
    /// Relative to the root it lies in (the real path when that is the root itself).
    pub shown: String,
}

impl Roots {
    /// The roots `dirs` (each must be an existing folder), or the current folder when empty.
    pub fn new(dirs: &[PathBuf]) -> std::io::Result<Roots> {
        let dirs: Vec<PathBuf> = if dirs.is_empty() {
            vec![std::env::current_dir()?]
        } else {
            dirs.to_vec()
        };
        let mut real = Vec::new();
        for d in dirs {
            let c = std::fs::canonicalize(&d)
                .map_err(|e| std::io::Error::new(e.kind(), format!("root {}: {e}", d.display())))?;
            if !c.is_dir() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::NotADirectory,
                    format!("root {}: not a folder", d.display()),
                ));
            }
            real.push(c);
        }
        Ok(Roots { dirs: real })
    }

    /// The roots, canonical, in the order given.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// `path` checked: inside a root, or refused with `outside_root`.
    pub fn check(&self, path: &str) -> Result<Checked, Refusal> {
        let outside = || {
            Refusal::new(
                Code::OutsideRoot,
                format!(
                    "{path} is outside the folders this server may edit ({}); use a path under one of them",
                    self.dirs
                        .iter()
                        .map(|d| d.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        };
        if path.trim().is_empty() {
            return Err(Refusal::new(Code::BadArguments, "`file_path` is empty"));
        }
        let given = Path::new(path);
        let joined = if given.is_absolute() {
            given.to_path_buf()
        } else {
            self.dirs[0].join(given)
        };
        let (real, dangling) = real_path(&joined).ok_or_else(outside)?;
        let root = self
            .dirs
            .iter()
            .find(|d| real.starts_with(d))
            .ok_or_else(outside)?;
        if dangling {
            return Err(Refusal::new(
                Code::DanglingLink,
                format!(
                    "{path}: a symbolic link to something that does not exist; nothing was read or written (editloc does not create files or folders through links)"
                ),
            ));
        }
        let shown = match real.strip_prefix(root) {
            Ok(rel) if !rel.as_os_str().is_empty() => rel.display().to_string(),
            _ => real.display().to_string(),
        };
        Ok(Checked { real, shown })
    }
}

/// Where `path` really is: its nearest existing ancestor canonicalized, with the missing
/// components after it appended. A dangling symbolic link on the way is followed to where it
/// points (so a link to a missing folder outside the roots is outside them), and said so.
/// `None` when a missing part climbs (`..`), is odd, or links loop.
fn real_path(path: &Path) -> Option<(PathBuf, bool)> {
    real_path_within(path, 40, false)
}

fn real_path_within(path: &Path, links: usize, dangling: bool) -> Option<(PathBuf, bool)> {
    let mut existing = path.to_path_buf();
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(&existing) {
            let real = rest.iter().rev().fold(real, |real, part| real.join(part));
            return Some((real, dangling));
        }
        if std::fs::symlink_metadata(&existing).is_ok_and(|m| m.is_symlink()) {
            let target = std::fs::read_link(&existing).ok()?;
            let target = existing.parent().unwrap_or(Path::new("/")).join(target);
            let joined = rest.iter().rev().fold(target, |t, part| t.join(part));
            return real_path_within(&joined, links.checked_sub(1)?, true);
        }
        match existing.components().next_back()? {
            Component::Normal(name) => rest.push(name.to_os_string()),
            _ => return None,
        }
        existing = existing.parent()?.to_path_buf();
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
        assert_eq!(roots.check("a.py").unwrap().shown, "a.py");
        assert_eq!(
            roots
                .check(root.join("sub/new.py").to_str().unwrap())
                .unwrap()
                .shown,
            "sub/new.py"
        );
        for bad in [
            out.join("o.py").display().to_string(),
            "escape/o.py".to_string(),
            "../out/o.py".to_string(),
            "sub/../../x.py".to_string(),
            "/etc/passwd".to_string(),
        ] {
            let err = roots.check(&bad).unwrap_err();
            assert_eq!(err.code, Code::OutsideRoot, "{bad}");
        }
        assert_eq!(roots.check(" ").unwrap_err().code, Code::BadArguments);
        // A link to nothing inside the root: neither read nor created through.
        std::os::unix::fs::symlink(root.join("nowhere.py"), root.join("dl.py")).unwrap();
        assert_eq!(roots.check("dl.py").unwrap_err().code, Code::DanglingLink);
        // ... and one to nothing outside it is outside.
        std::os::unix::fs::symlink(out.join("missing.py"), root.join("dl-out.py")).unwrap();
        assert_eq!(
            roots.check("dl-out.py").unwrap_err().code,
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
            roots.check(b.join("f.rs").to_str().unwrap()).unwrap().real,
            b.join("f.rs")
        );
        assert_eq!(roots.check("f.rs").unwrap().real, a.join("f.rs"));
    }
}
