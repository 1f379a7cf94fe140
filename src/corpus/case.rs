//! One corpus case on disk: `case.toml`, `file.<ext>`, `old`, `new`, optionally
//! `expected.<ext>` and, for cases judged with a formatter, `verdicts.toml` (the outputs
//! already judged with the real formatter at generation time).
//!
//! Loading checks the case's shape (an applied case has an expected file and a tier, a
//! refusal has none, a formatter-judged case is an applied one) and reports a malformed case
//! with the reason instead of skipping it.

use crate::outcome::Repair;
use crate::outcome::Tier;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What a case expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    /// The edit must land, giving `expected.<ext>`, in the case's `tier`.
    Applied,
    /// Refused: `old` is nowhere in the file.
    NotFound,
    /// Refused: `old` denotes two or more places.
    Ambiguous,
    /// Located, but refused at writing (e.g. line numbers that contradict the text).
    Refused,
    /// `new` is already where `old` would be: writing again would double it.
    AlreadyApplied,
}

/// How a landing is compared with the expectation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Judge {
    /// The result must be `expected.<ext>`, byte for byte.
    #[default]
    Exact,
    /// `expected.<ext>` is the formatter's output of the intended file: the result is met when
    /// it is that file, or when it is an output `verdicts.toml` records as met (formatting it
    /// gave `expected.<ext>` and the lines outside the edited region were unchanged). Any other
    /// output is unjudged until `corpus/generate --judge` judges it with the real formatter.
    Formatter,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseToml {
    drift: String,
    expect: Expect,
    tier: Option<Tier>,
    lang: Option<String>,
    note: Option<String>,
    /// The repairs the landing must report, by name (none when absent).
    #[serde(default)]
    repairs: Vec<Repair>,
    /// What the model's `old`/`new` look like (`no-final-newline`, `delete-last`, ...).
    #[serde(default)]
    shape: Vec<String>,
    #[serde(default)]
    judge: Judge,
    /// The formatter and its options (for `corpus/generate --judge` and for people).
    formatter: Option<toml::Table>,
    /// The lines of the file (1-based, inclusive) that `old` denotes: with the lines the
    /// formatter's output of the intended file changes, the region a formatter-judged landing
    /// may change (used by `corpus/generate --judge`).
    region: Option<[usize; 2]>,
    /// The edit format `old`/`new` are sent in (plain `old`/`new` when absent).
    format: Option<SentAs>,
}

/// An edit format a case's `old`/`new` are sent in: the runner writes them as that format's
/// patch text (one edit naming no file) and applies the patch, so the format's parser and
/// the repairs inside it are what is tested.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SentAs {
    /// One SEARCH/REPLACE block (Aider's markers).
    SearchReplace,
    /// One `*** Update File` hunk of an apply_patch envelope (`-`/`+` lines).
    ApplyPatch,
    /// A JSON edit list (`[{"old_string": …, "new_string": …}]`).
    Json,
}

/// One output of editloc judged with the real formatter.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct JudgedOutput {
    /// SHA-256 of the output, lowercase hex.
    pub sha256: String,
    /// True when formatting the output gave `expected.<ext>` and the lines outside the edited
    /// region were unchanged.
    pub met: bool,
    /// Why a wrong output is wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct VerdictsToml {
    #[serde(default)]
    output: Vec<JudgedOutput>,
}

/// One loaded case.
#[derive(Debug)]
pub struct Case {
    /// The case folder, relative to the corpus root.
    pub name: String,
    /// The evaluation set: the first folder of `name` (`cases`, `manual`), or the first two
    /// under `independent/` (`independent/heldout`).
    pub set: String,
    /// The language the file is parsed as: `lang` in `case.toml`, else the extension of
    /// `file.<ext>`.
    pub lang: String,
    /// The kind of difference between the model's view and the file (`crlf`, `reflow`, …).
    pub drift: String,
    /// What the model's `old`/`new` look like (`no-final-newline`, `delete-last`, …).
    pub shapes: Vec<String>,
    /// What the edit must come to.
    pub expect: Expect,
    /// The tier that must land it (every applied case has one).
    pub tier: Option<Tier>,
    /// The repairs the landing must report, exactly (none by default).
    pub repairs: Vec<Repair>,
    /// How a landing is compared with `expected.<ext>`.
    pub judge: Judge,
    /// The formatter a `judge = "formatter"` case is judged with, and its options.
    pub formatter: Option<toml::Table>,
    /// The lines `old` denotes in the file (formatter-judged cases).
    pub region: Option<[usize; 2]>,
    /// What the case tests, shown with a failure.
    pub note: Option<String>,
    /// The edit format `old`/`new` are sent in (`None`: as plain `old`/`new`).
    pub format: Option<SentAs>,
    /// What the case's folder holds, hashed ([`fingerprint_of`]): the expected summary
    /// records it, so a case whose files change fails the gate until the summary is rewritten.
    pub fingerprint: String,
    pub(super) file_name: String,
    pub(super) file: Vec<u8>,
    pub(super) old: String,
    pub(super) new: String,
    pub(super) expected: Option<Vec<u8>>,
    pub(super) judged: Vec<JudgedOutput>,
}

/// The set a case (named by its folder relative to the root) belongs to.
pub fn set_of(name: &str) -> String {
    let parts: Vec<&str> = name.split(['/', '\\']).collect();
    match parts.as_slice() {
        ["independent", set, _, ..] => format!("independent/{set}"),
        [first, _, ..] => (*first).to_string(),
        _ => ".".to_string(),
    }
}

/// Pushes to `out` every folder under `dir` (itself included) that holds a `case.toml`;
/// a case folder's subfolders are not searched.
pub(super) fn find_cases(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), std::io::Error> {
    if dir.join("case.toml").is_file() {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            find_cases(&entry.path(), out)?;
        }
    }
    Ok(())
}

/// The one file in `dir` whose name is `stem.<ext>`.
fn file_with_stem(dir: &Path, stem: &str) -> Result<Option<PathBuf>, String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.file_stem().and_then(|s| s.to_str()) == Some(stem) && path.extension().is_some() {
            found.push(path);
        }
    }
    match found.len() {
        0 => Ok(None),
        1 => Ok(found.pop()),
        _ => Err(format!("several `{stem}.*` files")),
    }
}

/// Whether the case's files agree with its expectation (see the module docs).
fn check_shape(meta: &CaseToml, has_expected: bool) -> Result<(), String> {
    match (meta.expect, has_expected, meta.tier) {
        (Expect::Applied, false, _) => Err("expect = applied needs `expected.<ext>`".into()),
        (Expect::Applied, _, None) => Err("expect = applied needs `tier`".into()),
        (Expect::Applied, ..) => Ok(()),
        (_, true, _) => Err("a refusal case must not have `expected.<ext>`".into()),
        _ if meta.judge == Judge::Formatter => {
            Err("judge = formatter needs expect = applied".into())
        }
        _ => Ok(()),
    }
}

/// The outputs `verdicts.toml` records as judged (none when the file is absent).
fn read_verdicts(dir: &Path) -> Result<Vec<JudgedOutput>, String> {
    let path = dir.join("verdicts.toml");
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("verdicts.toml: {e}"))?;
    let v: VerdictsToml = toml::from_str(&text).map_err(|e| format!("verdicts.toml: {e}"))?;
    Ok(v.output)
}

/// The first 16 hex digits of the SHA-256 of every file directly in `dir`, taken in name
/// order as name, length and bytes: any change to a case's files (its expected file, its
/// `case.toml`, its recorded verdicts) changes it.
pub fn fingerprint_of(dir: &Path) -> Result<String, String> {
    use sha2::{Digest, Sha256};
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        if entry.file_type().map_err(|e| e.to_string())?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    let mut hash = Sha256::new();
    for path in files {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        hash.update((name.len() as u64).to_le_bytes());
        hash.update(name.as_bytes());
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    Ok(hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Loads the case in `dir`, named `name`, or says why it is malformed.
pub(super) fn load_case(dir: &Path, name: String) -> Result<Case, String> {
    let toml_text =
        std::fs::read_to_string(dir.join("case.toml")).map_err(|e| format!("case.toml: {e}"))?;
    let meta: CaseToml = toml::from_str(&toml_text).map_err(|e| format!("case.toml: {e}"))?;
    let file_path = file_with_stem(dir, "file")?.ok_or("no `file.<ext>`")?;
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let read_text = |what: &str| {
        String::from_utf8(read(&dir.join(what))?).map_err(|_| format!("`{what}` is not UTF-8"))
    };
    let expected = file_with_stem(dir, "expected")?
        .map(|p| read(&p))
        .transpose()?;
    check_shape(&meta, expected.is_some())?;
    let judged = read_verdicts(dir)?;
    if !judged.is_empty() && meta.judge != Judge::Formatter {
        return Err("`verdicts.toml` needs judge = \"formatter\"".into());
    }
    let file_name = file_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let lang = meta.lang.clone().unwrap_or_else(|| {
        file_path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    Ok(Case {
        set: set_of(&name),
        name,
        lang,
        drift: meta.drift,
        shapes: meta.shape,
        expect: meta.expect,
        tier: meta.tier,
        repairs: meta.repairs,
        judge: meta.judge,
        formatter: meta.formatter,
        region: meta.region,
        note: meta.note,
        format: meta.format,
        fingerprint: fingerprint_of(dir)?,
        file_name,
        file: read(&file_path)?,
        old: read_text("old")?,
        new: read_text("new")?,
        expected,
        judged,
    })
}

#[cfg(test)]
mod tests {
    use super::set_of;

    #[test]
    fn a_case_belongs_to_its_first_folder_or_its_independent_set() {
        assert_eq!(set_of("cases/go/crlf/x"), "cases");
        assert_eq!(set_of("manual/repairs/y"), "manual");
        assert_eq!(
            set_of("independent/heldout/cases/go/crlf/x"),
            "independent/heldout"
        );
        assert_eq!(set_of("lies"), ".");
    }
}
