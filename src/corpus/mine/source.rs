//! Where mined edits come from: the commits of a git range, or two trees (two releases
//! unpacked). Both give [`RevisedFile`]s — one file's two revisions — read on demand.
//!
//! The repository is read with the `git` command (`rev-list`, `diff-tree`, `cat-file`)
//! through `std::process::Command`, not with a library: git itself reads every object
//! format, pack and repository layout there is (no hand-written object parsing), it is
//! present wherever a repository is, and it adds no dependency to the build (`gix` would
//! add about a hundred crates to every CI build of a tool that needs three plumbing
//! commands). Every command is a read: `GIT_OPTIONAL_LOCKS=0` keeps git from even
//! refreshing the index, so mining never writes into the mined repository.

use crate::lang::Language;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where to mine.
#[derive(Debug, Clone)]
pub enum Source {
    /// The commits in `range` (`A..B`) of the repository at `repo`.
    Git {
        /// The repository (any folder inside its work tree, or a bare repository).
        repo: PathBuf,
        /// The commit range, `A..B`.
        range: String,
    },
    /// Two trees: every file of `from` that `to` has at the same path.
    Trees {
        /// The earlier tree.
        from: PathBuf,
        /// The later tree.
        to: PathBuf,
    },
}

/// One file changed between two revisions.
#[derive(Debug, Clone)]
pub(super) struct RevisedFile {
    /// The revision pair (a short commit id, or `release`).
    pub key: String,
    /// The file's path, relative to the repository or tree.
    pub path: String,
    before: Locator,
    after: Locator,
    later: Option<Locator>,
}

/// Where a revision's text is read from.
#[derive(Debug, Clone)]
enum Locator {
    /// `git cat-file blob REV:PATH` in a repository.
    Blob(PathBuf, String),
    /// A file on disk.
    File(PathBuf),
}

/// A change's texts.
#[derive(Debug, Clone)]
pub(super) struct Revisions {
    /// The file before the change.
    pub before: String,
    /// The file after it.
    pub after: String,
    /// The file at the end of the range (git only; `None` when it no longer exists).
    pub later: Option<String>,
}

/// Runs `git -C repo ARGS` and returns its standard output, or the error it printed.
fn git(repo: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!("git {}: {}", args.join(" "), stderr.trim()));
    }
    Ok(output.stdout)
}

/// A command's output as lines.
fn git_lines(repo: &Path, args: &[&str]) -> Result<Vec<String>, String> {
    let out = git(repo, args)?;
    Ok(String::from_utf8_lossy(&out)
        .lines()
        .map(str::to_string)
        .collect())
}

/// The folders mined output must not go into: the repository's git folder always, and its
/// work tree too unless `out` holds no tracked file (an untracked folder of the work tree,
/// such as `--out mined`, changes nothing git reads: mining reads committed blobs only).
pub(super) fn git_forbidden(repo: &Path, out: &Path) -> Result<Vec<PathBuf>, String> {
    let dir = git_lines(repo, &["rev-parse", "--absolute-git-dir"])?;
    let mut forbidden = vec![PathBuf::from(
        dir.first().ok_or("git rev-parse said nothing")?,
    )];
    let top = git_lines(repo, &["rev-parse", "--show-toplevel"]).ok();
    if let Some(top) = top.and_then(|t| t.first().map(PathBuf::from)) {
        let inside = std::path::absolute(out)
            .ok()
            .filter(|o| o.starts_with(&top));
        let tracked = inside.is_some_and(|o| {
            let listed = git(&top, &["ls-files", "--", &o.to_string_lossy()]);
            listed.map_or(true, |l| !l.is_empty())
        });
        if tracked {
            forbidden.push(top);
        }
    }
    Ok(forbidden)
}

/// The changes in `source`, in order (commits oldest first, files by path).
pub(super) fn changes(source: &Source) -> Result<Vec<RevisedFile>, String> {
    match source {
        Source::Git { repo, range } => git_changes(repo, range),
        Source::Trees { from, to } => tree_changes(from, to),
    }
}

/// Every modified file of a known language in every non-merge commit of `range`.
fn git_changes(repo: &Path, range: &str) -> Result<Vec<RevisedFile>, String> {
    let (_, end) = range
        .split_once("..")
        .ok_or_else(|| format!("--range {range}: expected A..B"))?;
    let end = if end.is_empty() { "HEAD" } else { end };
    let end = git_lines(
        repo,
        &["rev-parse", "--verify", &format!("{end}^{{commit}}")],
    )?
    .join("");
    let commits = git_lines(repo, &["rev-list", "--reverse", "--no-merges", range])?;
    let mut out = Vec::new();
    for commit in commits {
        let parent = format!("{commit}^");
        let Ok(listed) = git(
            repo,
            &[
                "diff-tree",
                "-r",
                "-z",
                "--no-renames",
                "--name-only",
                "--diff-filter=M",
                &parent,
                &commit,
            ],
        ) else {
            continue; // a root commit has no parent to diff with
        };
        for path in String::from_utf8_lossy(&listed)
            .split('\0')
            .filter(|p| !p.is_empty())
        {
            if Language::from_path(Path::new(path)).is_none() {
                continue;
            }
            let blob = |rev: &str| Locator::Blob(repo.to_path_buf(), format!("{rev}:{path}"));
            out.push(RevisedFile {
                key: commit[..commit.len().min(10)].to_string(),
                path: path.to_string(),
                before: blob(&parent),
                after: blob(&commit),
                later: (end != commit).then(|| blob(&end)),
            });
        }
    }
    Ok(out)
}

/// Every file of a known language that both trees hold at the same path.
fn tree_changes(from: &Path, to: &Path) -> Result<Vec<RevisedFile>, String> {
    let mut files = Vec::new();
    walk(from, from, &mut files).map_err(|e| format!("{}: {e}", from.display()))?;
    files.sort();
    Ok(files
        .into_iter()
        .filter(|rel| to.join(rel).is_file())
        .map(|rel| RevisedFile {
            key: "release".into(),
            path: rel.to_string_lossy().into_owned(),
            before: Locator::File(from.join(&rel)),
            after: Locator::File(to.join(&rel)),
            later: None,
        })
        .collect())
}

/// Pushes the files of a known language under `dir` (relative to `root`); hidden folders
/// and `node_modules` are not entered, links not followed.
fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let kind = entry.file_type()?;
        if kind.is_dir() && !name.starts_with('.') && name != "node_modules" {
            walk(root, &entry.path(), out)?;
        } else if kind.is_file() && Language::from_path(&entry.path()).is_some() {
            let path = entry.path();
            out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf());
        }
    }
    Ok(())
}

impl Locator {
    /// The text, `None` when it is missing or not UTF-8.
    fn read(&self) -> Option<String> {
        let bytes = match self {
            Locator::Blob(repo, spec) => git(repo, &["cat-file", "blob", spec]).ok()?,
            Locator::File(path) => std::fs::read(path).ok()?,
        };
        String::from_utf8(bytes).ok()
    }
}

impl RevisedFile {
    /// The change's texts, or why it is not mined.
    pub(super) fn read(&self) -> Result<Revisions, &'static str> {
        let before = self.before.read().ok_or("file not UTF-8 or unreadable")?;
        let after = self.after.read().ok_or("file not UTF-8 or unreadable")?;
        Ok(Revisions {
            before,
            after,
            later: self.later.as_ref().and_then(Locator::read),
        })
    }
}
