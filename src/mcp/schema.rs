//! The `outputSchema` of each tool: what its `structuredContent` holds, applied or refused.
//! Each schema is `anyOf` the tool's answer shapes ([`super::answer`] builds them), every
//! shape tied to its `status`; fields an answer may leave out are typed but not required.
//! A test validates real answers against them.

use rmcp::model::JsonObject;
use serde_json::{Value, json};
use std::sync::Arc;

/// `{start, end}`, 1-based lines.
fn lines() -> Value {
    json!({"type": "object", "required": ["start", "end"], "properties": {
        "start": {"type": "integer", "minimum": 1}, "end": {"type": "integer", "minimum": 1},
    }})
}

/// A stable error code (`not_found`, `ambiguous`, …).
fn code() -> Value {
    json!({"type": "string", "pattern": "^[a-z_]+$"})
}

fn sha256() -> Value {
    json!({"type": "string", "pattern": "^[0-9a-f]{64}$"})
}

/// What a failed locate reports: the hint, the closest candidate or the candidates.
fn report() -> Value {
    json!({"type": "object", "required": ["hint"], "properties": {
        "hint": {"type": "string"},
        "closest": {"type": "object", "required": ["lines", "similarity", "diff"], "properties": {
            "lines": lines(), "similarity": {"type": "number", "minimum": 0, "maximum": 1},
            "differences": {"type": "array"}, "diff": {"type": "string"},
        }},
        "candidates": {"type": "array", "items": lines()},
        "already_applied": lines(),
    }})
}

/// One edit of a batch or a patch file: its index and status, a code when it failed.
fn edit_outcome() -> Value {
    json!({"type": "object", "required": ["index", "status"], "properties": {
        "index": {"type": "integer"}, "status": {"type": "string"},
        "code": {"type": ["string", "null"]}, "report": report(),
    }})
}

/// A refusal with nothing else to say (bad arguments, outside_root, stale_view, …).
fn refused() -> Value {
    json!({"type": "object", "required": ["status", "code", "message"], "properties": {
        "status": {"const": "refused"}, "code": code(), "message": {"type": "string"},
    }})
}

/// A single edit that did not land, or a refused batch (every edit's outcome).
fn edit_refused() -> Value {
    json!({"type": "object", "required": ["status", "code", "path"], "properties": {
        "status": {"const": "refused"}, "code": code(), "path": {"type": "string"},
        "message": {"type": "string"}, "tier": {"type": "string"}, "lines": lines(),
        "report": report(), "edits": {"type": "array", "items": edit_outcome()},
        "reports_omitted": {"type": "integer"}, "edits_omitted": {"type": "integer"},
    }})
}

/// An edit or a batch that was written.
fn applied() -> Value {
    json!({"type": "object", "required": ["status", "path", "diff", "sha256"], "properties": {
        "status": {"const": "applied"}, "path": {"type": "string"}, "diff": {"type": "string"},
        "sha256": sha256(), "tier": {"type": "string"}, "lines": lines(),
        "repairs": {"type": "array"}, "warnings": {"type": "array"}, "notes": {"type": "array"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "fallback": {"type": "boolean"}, "edits": {"type": "array", "items": edit_outcome()},
    }})
}

fn object(shapes: Vec<Value>) -> Arc<JsonObject> {
    let schema = json!({"type": "object", "anyOf": shapes});
    match schema {
        Value::Object(map) => Arc::new(map),
        _ => unreachable!("a JSON object literal"),
    }
}

/// `edit` and `multi_edit`: applied, or refused.
pub(super) fn edit() -> Arc<JsonObject> {
    object(vec![applied(), edit_refused(), refused()])
}

/// `check`: found, a miss (not_found, ambiguous, already_applied: not an error), or refused.
pub(super) fn check() -> Arc<JsonObject> {
    let found = json!({"type": "object", "required": ["status", "path", "tier", "lines", "range"],
    "properties": {
        "status": {"const": "found"}, "path": {"type": "string"}, "tier": {"type": "string"},
        "lines": lines(), "repairs": {"type": "array"}, "notes": {"type": "array"},
        "range": {"type": "object", "required": ["start", "end"], "properties": {
            "start": {"type": "integer"}, "end": {"type": "integer"}}},
    }});
    let missed = json!({"type": "object", "required": ["status", "code", "path", "message"],
    "properties": {
        "status": {"enum": ["not_found", "ambiguous", "already_applied"]}, "code": code(),
        "path": {"type": "string"}, "message": {"type": "string"}, "report": report(),
    }});
    object(vec![found, missed, edit_refused(), refused()])
}

/// `read`: the lines' range and the file's sha256, or refused.
pub(super) fn read() -> Arc<JsonObject> {
    let read = json!({"type": "object",
    "required": ["status", "path", "sha256", "total_lines", "lines", "cut_lines"],
    "properties": {
        "status": {"const": "read"}, "path": {"type": "string"}, "sha256": sha256(),
        "total_lines": {"type": "integer"}, "cut_lines": {"type": "integer"},
        "lines": {"type": "object", "required": ["start", "end"], "properties": {
            "start": {"type": "integer"}, "end": {"type": "integer"}}},
    }});
    object(vec![read, refused()])
}

/// `apply_patch`: the outcome file by file, or refused as a whole.
pub(super) fn apply_patch() -> Arc<JsonObject> {
    let file = json!({"type": "object", "required": ["path", "edits", "edit_counts"],
    "properties": {
        "path": {"type": "string"}, "edits": {"type": "array", "items": edit_outcome()},
        "edits_omitted": {"type": "integer"}, "edit_counts": {"type": "object"},
        "diff": {"type": "string"},
    }});
    let outcome = json!({"type": "object", "required": ["status", "written", "files"],
    "properties": {
        "status": {"enum": ["applied", "would_apply", "partial", "refused", "retry", "error"]},
        "written": {"type": "boolean"}, "files": {"type": "array", "items": file},
        "code": code(),
    }});
    object(vec![outcome, refused()])
}
