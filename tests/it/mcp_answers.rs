//! The MCP tools' declarations and answers (issue 25 item 3): every tool declares an
//! `outputSchema` and all four annotations; real answers of every shape — applied, refused,
//! a miss, a patch, a read — conform to their tool's schema; `isError` is true exactly when
//! the text begins with `refused`.

use crate::cli::Scratch;
use editloc::mcp::answer::Answer;
use editloc::mcp::{
    CheckParams, EditItem, EditParams, MultiEditParams, PatchParams, ReadParams, Roots, Server,
};
use serde_json::Value;
use std::collections::HashMap;

const MODULE: &str = "def get(key):\n    return STORE[key]\n\n\ndef put(key, value):\n    STORE[key] = value\n\n\ndef drop(key):\n    STORE.pop(key)\n";

/// Each tool's output schema, compiled.
fn validators() -> HashMap<String, jsonschema::Validator> {
    Server::tool_list()
        .into_iter()
        .map(|tool| {
            let schema = Value::Object((*tool.output_schema.expect("an outputSchema")).clone());
            let validator = jsonschema::validator_for(&schema)
                .unwrap_or_else(|e| panic!("{}: invalid schema: {e}", tool.name));
            (tool.name.to_string(), validator)
        })
        .collect()
}

/// `answer` conforms to `tool`'s schema and is an error exactly when its text says refused.
fn conforms(validators: &HashMap<String, jsonschema::Validator>, tool: &str, answer: &Answer) {
    let errors: Vec<String> = validators[tool]
        .iter_errors(&answer.json)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{tool}: {errors:?}\n{:#}", answer.json);
    assert_eq!(
        answer.is_error,
        answer.text.starts_with("refused"),
        "{tool}: isError {} for {:?}",
        answer.is_error,
        answer.text
    );
}

#[test]
fn every_tool_declares_its_schemas_and_all_annotations() {
    let tools = Server::tool_list();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names.len(), 5, "{names:?}");
    for tool in &tools {
        assert!(tool.output_schema.is_some(), "{}", tool.name);
        let a = tool.annotations.as_ref().expect("annotations");
        let hints = (a.read_only_hint, a.destructive_hint, a.idempotent_hint);
        let reading = matches!(tool.name.as_ref(), "check" | "read");
        let expected = if reading {
            (Some(true), Some(false), Some(true))
        } else {
            (Some(false), Some(true), Some(false))
        };
        assert_eq!(hints, expected, "{}", tool.name);
        assert_eq!(a.open_world_hint, Some(false), "{}", tool.name);
    }
}

fn edit(file: &str, old: &str, new: &str, replace_all: bool) -> EditParams {
    EditParams {
        file_path: file.into(),
        old_string: old.into(),
        new_string: new.into(),
        replace_all: Some(replace_all),
        expected_sha256: None,
    }
}

#[test]
fn edit_answers_conform_to_the_edit_schema() {
    let s = Scratch::new("mcp-answers-edit");
    std::fs::write(s.path("m.py"), MODULE).unwrap();
    let server = Server::new(Roots::new(&[s.path("")]).unwrap());
    let v = validators();
    let applied = server.do_edit(edit(
        "m.py",
        "STORE.pop(key)",
        "STORE.pop(key, None)",
        false,
    ));
    assert!(!applied.is_error, "{}", applied.text);
    conform_all(&v, "edit", &[applied]);
    let all = server.do_edit(edit("m.py", "key", "name", true));
    let expected = MODULE
        .replace("STORE.pop(key)", "STORE.pop(key, None)")
        .replace("key", "name");
    assert_eq!(std::fs::read_to_string(s.path("m.py")).unwrap(), expected);
    let missed = server.do_edit(edit(
        "m.py",
        "def delete(name):",
        "def remove(name):",
        false,
    ));
    let ambiguous = server.do_edit(edit("m.py", "STORE", "CACHE", false));
    let outside = server.do_edit(edit("/etc/passwd", "root", "toor", false));
    let mut stale = edit("m.py", "STORE[name] = value", "STORE[name] = v", false);
    stale.expected_sha256 = Some("0".repeat(64));
    let stale = server.do_edit(stale);
    for refused in [&missed, &ambiguous, &outside, &stale] {
        assert!(refused.is_error, "{}", refused.text);
    }
    conform_all(&v, "edit", &[all, missed, ambiguous, outside, stale]);
    let batch = server.do_multi_edit(MultiEditParams {
        file_path: "m.py".into(),
        edits: vec![
            EditItem {
                old_string: "return STORE[name]".into(),
                new_string: "return STORE.get(name)".into(),
                replace_all: None,
            },
            EditItem {
                old_string: "not there".into(),
                new_string: "x".into(),
                replace_all: None,
            },
        ],
        sequential: None,
        expected_sha256: None,
    });
    assert!(batch.is_error);
    conform_all(&v, "multi_edit", &[batch]);
    assert_eq!(std::fs::read_to_string(s.path("m.py")).unwrap(), expected);
}

fn conform_all(v: &HashMap<String, jsonschema::Validator>, tool: &str, answers: &[Answer]) {
    for answer in answers {
        conforms(v, tool, answer);
    }
}

#[test]
fn check_read_and_patch_answers_conform_and_a_miss_is_no_error() {
    let s = Scratch::new("mcp-answers-check");
    std::fs::write(s.path("m.py"), MODULE).unwrap();
    let server = Server::new(Roots::new(&[s.path("")]).unwrap());
    let v = validators();
    let check = |old: &str| {
        server.do_check(CheckParams {
            file_path: "m.py".into(),
            old_string: old.into(),
        })
    };
    let found = check("def put(key, value):");
    let missed = check("def delete(key):");
    let ambiguous = check("STORE");
    assert!(
        missed.text.starts_with("not found (not_found) in m.py"),
        "{}",
        missed.text
    );
    assert_eq!(missed.json["status"], "not_found");
    assert!(
        ambiguous.text.starts_with("ambiguous (ambiguous)"),
        "{}",
        ambiguous.text
    );
    let absent = server.do_check(CheckParams {
        file_path: "none.py".into(),
        old_string: "x".into(),
    });
    assert!(absent.is_error && !found.is_error && !missed.is_error && !ambiguous.is_error);
    conform_all(&v, "check", &[found, missed, ambiguous, absent]);
    let read = |offset| {
        server.do_read(ReadParams {
            file_path: "m.py".into(),
            offset: Some(offset),
            limit: Some(3),
        })
    };
    conform_all(&v, "read", &[read(1), read(99)]);
    let patch = |text: &str| server.do_apply_patch(PatchParams { patch: text.into() });
    let good = patch(
        "*** Begin Patch\n*** Update File: m.py\n@@ def drop(key):\n-    STORE.pop(key)\n+    del STORE[key]\n*** End Patch\n",
    );
    assert!(!good.is_error, "{}", good.text);
    let bad = patch(
        "*** Begin Patch\n*** Update File: m.py\n-    nothing like it\n+    x\n*** End Patch\n",
    );
    let malformed = patch("not a patch");
    conform_all(&v, "apply_patch", &[good, bad, malformed]);
    assert_eq!(
        std::fs::read_to_string(s.path("m.py")).unwrap(),
        MODULE.replace("    STORE.pop(key)", "    del STORE[key]")
    );
}
