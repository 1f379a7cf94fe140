//! Writing a planned case as a corpus case folder (`case.toml`, `file.<ext>`, `old`, `new`,
//! `expected.<ext>` when it must land). A folder is written whole or not at all: its files go
//! into a hidden sibling folder first, renamed into place at the end, so a run that stops
//! half way leaves no half case, and a folder that exists is a case an earlier run wrote
//! (resuming keeps it).

use super::planned::Planned;
use crate::corpus::Expect;
use std::path::Path;

/// A TOML string literal.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The `case.toml` of a planned case.
pub(super) fn case_toml(p: &Planned) -> String {
    let expect = match p.expect {
        Expect::Applied => "applied",
        Expect::NotFound => "not_found",
        Expect::Ambiguous => "ambiguous",
        Expect::Refused => "refused",
        Expect::AlreadyApplied => "already_applied",
    };
    let mut out = format!("drift = {}\nexpect = \"{expect}\"\n", quoted(&p.drift));
    if let Some(tier) = p.tier {
        out.push_str(&format!("tier = \"{}\"\n", tier.name()));
    }
    out.push_str(&format!("lang = \"{}\"\n", p.lang));
    let shapes: Vec<String> = p.shapes.iter().map(|s| quoted(s)).collect();
    out.push_str(&format!("shape = [{}]\n", shapes.join(", ")));
    out.push_str(&format!("note = {}\n", quoted(&p.note)));
    if let (Some(command), Some([first, last])) = (&p.formatter, p.region) {
        out.push_str("judge = \"formatter\"\n");
        out.push_str(&format!(
            "formatter = {{ command = {} }}\n",
            quoted(command)
        ));
        out.push_str(&format!("region = [{first}, {last}]\n"));
    }
    out
}

/// Writes `p` into `root/<folder>`; `Ok(false)` when the folder is already there.
pub(super) fn write_case(root: &Path, p: &Planned) -> std::io::Result<bool> {
    let dir = root.join(&p.folder);
    if dir.join("case.toml").is_file() {
        return Ok(false);
    }
    let parent = dir.parent().unwrap_or(root);
    std::fs::create_dir_all(parent)?;
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let partial = parent.join(format!(".{name}.partial"));
    if partial.exists() {
        std::fs::remove_dir_all(&partial)?;
    }
    std::fs::create_dir(&partial)?;
    std::fs::write(partial.join(format!("file.{}", p.ext)), &p.file)?;
    std::fs::write(partial.join("old"), &p.old)?;
    std::fs::write(partial.join("new"), &p.new)?;
    if let Some(expected) = &p.expected {
        std::fs::write(partial.join(format!("expected.{}", p.ext)), expected)?;
    }
    std::fs::write(partial.join("case.toml"), case_toml(p))?;
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::rename(&partial, &dir)?;
    Ok(true)
}
