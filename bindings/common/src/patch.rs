//! Patches (SEARCH/REPLACE, apply_patch, JSON edit lists) applied to files under a folder,
//! with the outcome as one value: the library's [`PatchAnswer`], the shape `editloc apply
//! --patch --json` prints.

use crate::{Failure, Kind, Settings};
use editloc::{AnswerLimits, Code, Mode, PatchAnswer};
use editloc::{PatchError, PatchOptions, PatchOutcome};
use serde_json::Value;
use std::path::Path;

/// One `apply_patch` call: the patch text and where and how to apply it.
#[derive(Debug, Clone)]
pub struct PatchRequest<'a> {
    pub text: &'a str,
    /// The folder the patch's paths are relative to (and must stay inside).
    pub root: &'a Path,
    /// The file for sections that name none.
    pub file: Option<&'a Path>,
    /// Apply what locates and report the rest, instead of all or nothing.
    pub partial: bool,
    /// Compute everything, write nothing.
    pub dry_run: bool,
    /// Parse every file as this language instead of by extension.
    pub language: Option<&'a str>,
    pub settings: Settings,
}

/// Applies a patch: the outcome's value (`status` `applied`, `would_apply` or `partial`), or
/// a failure. An all-or-nothing patch that is refused fails with the class and code of its
/// first failed edit (or file), and the whole outcome as the report.
pub fn apply_patch(request: &PatchRequest<'_>) -> Result<Value, Failure> {
    let patch = editloc::parse_patch(request.text)
        .map_err(|e| Failure::new(Code::BadPatch, format!("malformed patch: {e}")))?;
    let options = PatchOptions {
        locate: request.settings.options()?,
        mode: if request.partial {
            Mode::Partial
        } else {
            Mode::AllOrNothing
        },
        dry_run: request.dry_run,
        language: request.language.map(crate::language).transpose()?,
        ..PatchOptions::default()
    };
    let limits = AnswerLimits::default();
    match editloc::apply_patch(request.root, &patch, request.file, &options) {
        Ok(outcome) => Ok(outcome_value(PatchAnswer::of(&outcome, &limits))),
        Err(PatchError::Refused(outcome)) => Err(refused(&outcome)),
        Err(PatchError::Read(e)) => Err(e.into()),
        Err(PatchError::Write(w)) => Err(Failure {
            message: w.to_string(),
            report: Some(outcome_value(PatchAnswer::of_write_failure(&w, &limits))),
            ..Failure::from(w.error)
        }),
        Err(e @ PatchError::Outside(_)) => Err(Failure::new(Code::OutsideRoot, e.to_string())),
        Err(e) => Err(Failure::new(Code::BadPatch, e.to_string())),
    }
}

/// The failure of a refused patch: its first failed edit or file decides class and code.
fn refused(outcome: &PatchOutcome) -> Failure {
    let first = outcome.files.iter().find_map(|f| {
        if let Some(refusal) = &f.refusal {
            let why = format!("{}: {}", f.path.display(), refusal.message);
            return Some((Kind::of_code(refusal.code), refusal.code, why));
        }
        f.edits.iter().find_map(|e| {
            let err = e.result.as_ref().err()?;
            let code = err.code();
            let kind = match code {
                Code::NotFound | Code::Ambiguous | Code::AlreadyApplied => Kind::of_code(code),
                _ => Kind::Refused,
            };
            Some((
                kind,
                code,
                format!("{}: edit {}: {err}", f.path.display(), e.index),
            ))
        })
    });
    let (kind, code, why) = first.unwrap_or((Kind::Refused, Code::NotFound, String::new()));
    Failure {
        kind,
        code,
        message: format!("the patch was refused; nothing was written ({why})"),
        report: Some(outcome_value(PatchAnswer::of(
            outcome,
            &AnswerLimits::default(),
        ))),
    }
}

/// The outcome as `editloc apply --patch --json` prints it: the library's one shape,
/// [`PatchAnswer`].
fn outcome_value(answer: PatchAnswer<'_>) -> Value {
    serde_json::to_value(answer).expect("an answer serializes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-bind-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn search_replace_patch_applies_and_refuses_whole() {
        let dir = folder("patch");
        std::fs::write(dir.join("a.py"), "def f():\n    return 1\n").unwrap();
        let text = "a.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n";
        let request = PatchRequest {
            text,
            root: &dir,
            file: None,
            partial: false,
            dry_run: false,
            language: None,
            settings: Settings::default(),
        };
        let v = apply_patch(&request).unwrap();
        // The whole value: the shape `editloc apply --patch --json` prints.
        let path = dir.join("a.py").display().to_string();
        let diff = format!(
            "--- a{path}\n+++ b{path}\n@@ -1,2 +1,2 @@\n def f():\n-    return 1\n+    return 2\n"
        );
        let position = |offset: usize, utf: usize| json!({"line": 1, "offset": offset, "utf16": utf, "utf8": utf});
        let expected = json!({
            "status": "applied", "dry_run": false, "written": true,
            "files": [{
                "path": path, "action": "update", "status": "applied",
                "stale_view": false, "edit_counts": {"applied": 1},
                "edits": [{
                    "index": 1, "status": "applied", "tier": "exact",
                    "lines": [{"start": 2, "end": 2}], "repairs": [], "hint_decided": false,
                    "notes": [], "rules": ["exact_occurrence"], "adapted": [],
                }],
                "diff": diff, "warnings": [],
                "text_edits": [{
                    "lines": {"start": 2, "end": 2}, "new_text": "2",
                    "range": {"start": position(20, 11), "end": position(21, 12)},
                }],
            }],
        });
        assert_eq!(v, expected);
        let after = "def f():\n    return 2\n";
        assert_eq!(std::fs::read_to_string(dir.join("a.py")).unwrap(), after);
        let e = apply_patch(&request).unwrap_err();
        assert_eq!(
            (e.kind, e.code),
            (Kind::AlreadyApplied, Code::AlreadyApplied)
        );
        let report = e.report.unwrap();
        assert_eq!(report["status"], json!("refused"));
        assert_eq!(
            report["files"][0]["edits"][0]["code"],
            json!("already_applied")
        );
        assert_eq!(std::fs::read_to_string(dir.join("a.py")).unwrap(), after);
        let bad = PatchRequest {
            text: "no patch here",
            ..request
        };
        assert_eq!(apply_patch(&bad).unwrap_err().code, Code::BadPatch);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
