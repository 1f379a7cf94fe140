//! The edit formats of issue 12 (unified diffs, `*** Move to:`, `@@` scope anchors,
//! str_replace commands, sequential MultiEdit), the repairs inside every format, and the text
//! edits every result carries — through the public API, asserting whole files.

use editloc::{Document, Mode, Options, apply_edits, apply_edits_sequential, apply_text_edits};
use editloc::{Edit, parse_patch as parse};
use editloc::{PatchError, PatchOptions, apply_patch};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-formats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Applies `patch` in `dir` with default options.
fn run(dir: &Path, patch: &str) -> Result<editloc::PatchOutcome, PatchError> {
    apply_patch(dir, &parse(patch).unwrap(), None, &PatchOptions::default())
}

const CART_PY: &str = "class Cart:\n    def total(self):\n        return sum(self.items)\n\n    def count(self):\n        return len(self.items)\n\n\nclass Order:\n    def total(self):\n        return sum(self.items)\n";

#[test]
fn unified_diff_lands_on_a_drifted_file_and_its_line_numbers_only_hint() {
    let dir = scratch("udiff");
    // The file is CRLF + tabs; the diff is LF + spaces, and its line numbers are off by 3.
    let file = "package main\r\n\r\nfunc a() int {\r\n\treturn 1\r\n}\r\n\r\nfunc b() int {\r\n\treturn 1\r\n}\r\n";
    std::fs::write(dir.join("m.go"), file).unwrap();
    // Far from both places, the number decides nothing: ambiguous, nothing written.
    let far = "--- a/m.go\n+++ b/m.go\n@@ -400 +400 @@\n-    return 1\n+    return 3\n";
    let err = run(&dir, far).unwrap_err();
    assert_eq!(err.code(), editloc::Code::Ambiguous);
    assert_eq!(read(&dir.join("m.go")), file);
    let diff = "diff --git a/m.go b/m.go\n--- a/m.go\n+++ b/m.go\n@@ -11,1 +11,1 @@ func b() int {\n-    return 1\n+    return 2\n";
    let outcome = run(&dir, diff).unwrap();
    assert_eq!(outcome.status(), "applied");
    assert_eq!(
        read(&dir.join("m.go")),
        "package main\r\n\r\nfunc a() int {\r\n\treturn 1\r\n}\r\n\r\nfunc b() int {\r\n\treturn 2\r\n}\r\n"
    );
    assert!(
        outcome.files[0].edits[0]
            .result
            .as_ref()
            .unwrap()
            .provenance
            .hint_decided
    );
}

#[test]
fn unified_diff_adds_deletes_and_refuses_malformed_hunks() {
    let dir = scratch("udiff-files");
    std::fs::write(dir.join("old.txt"), "bye\n").unwrap();
    let diff = "--- /dev/null\n+++ b/new/hello.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n";
    run(&dir, diff).unwrap();
    assert_eq!(read(&dir.join("new/hello.txt")), "hello\nworld\n");
    assert!(!dir.join("old.txt").exists());
    let bad = parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n?b\n").unwrap_err();
    assert_eq!((bad.line, bad.code()), (5, editloc::Code::BadPatch));
}

#[test]
fn move_renames_with_its_edits_and_is_undone_when_a_later_write_fails() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("move");
    std::fs::write(dir.join("a.py"), "def f():\n    return 1\n").unwrap();
    let patch = "*** Begin Patch\n*** Update File: a.py\n*** Move to: lib/b.py\n@@\n-    return 1\n+    return 2\n*** End Patch\n";
    let outcome = run(&dir, patch).unwrap();
    assert_eq!(
        outcome.files[0].moved_to.as_deref(),
        Some(dir.join("lib/b.py").as_path())
    );
    assert!(!dir.join("a.py").exists());
    assert_eq!(read(&dir.join("lib/b.py")), "def f():\n    return 2\n");

    // A second file that cannot be written: the move is undone.
    std::fs::write(dir.join("ro.txt"), "x\n").unwrap();
    std::fs::set_permissions(dir.join("ro.txt"), std::fs::Permissions::from_mode(0o444)).unwrap();
    let patch = "*** Begin Patch\n*** Update File: lib/b.py\n*** Move to: c.py\n*** Update File: ro.txt\n@@\n-x\n+y\n*** End Patch\n";
    let err = run(&dir, patch).unwrap_err();
    let PatchError::Write(failure) = err else {
        panic!("expected a write failure, got {err:?}");
    };
    assert_eq!(failure.restored, [dir.join("lib/b.py")]);
    assert_eq!(read(&dir.join("lib/b.py")), "def f():\n    return 2\n");
    assert!(!dir.join("c.py").exists());
    assert_eq!(read(&dir.join("ro.txt")), "x\n");

    // Onto a file with content, or out of the folder: refused, nothing moved.
    std::fs::write(dir.join("taken.py"), "x = 1\n").unwrap();
    let onto = "*** Begin Patch\n*** Update File: lib/b.py\n*** Move to: taken.py\n*** End Patch\n";
    let err = run(&dir, onto).unwrap_err();
    assert_eq!(err.code(), editloc::Code::Exists);
    let out = "*** Begin Patch\n*** Update File: lib/b.py\n*** Move to: ../b.py\n*** End Patch\n";
    assert_eq!(
        run(&dir, out).unwrap_err().code(),
        editloc::Code::OutsideRoot
    );
    assert_eq!(read(&dir.join("lib/b.py")), "def f():\n    return 2\n");
    assert_eq!(read(&dir.join("taken.py")), "x = 1\n");
}

#[test]
fn scope_anchors_narrow_to_the_named_definition() {
    let dir = scratch("scope");
    std::fs::write(dir.join("cart.py"), CART_PY).unwrap();
    // `return sum(self.items)` is in two methods named `total`; the class decides.
    let patch = "*** Begin Patch\n*** Update File: cart.py\n@@ class Order:\n@@     def total(self):\n-        return sum(self.items)\n+        return sum(self.items) * 1.2\n*** End Patch\n";
    run(&dir, patch).unwrap();
    assert_eq!(
        read(&dir.join("cart.py")),
        CART_PY
            .rsplit_once("return sum(self.items)")
            .map(|(a, b)| format!("{a}return sum(self.items) * 1.2{b}"))
            .unwrap()
    );
    // A scope that holds `old` nowhere: not found, nothing written.
    let before = read(&dir.join("cart.py"));
    let patch = "*** Begin Patch\n*** Update File: cart.py\n@@ def count\n-        return sum(self.items)\n+        return 0\n*** End Patch\n";
    let err = run(&dir, patch).unwrap_err();
    assert_eq!(err.code(), editloc::Code::NotFound);
    assert_eq!(read(&dir.join("cart.py")), before);
    // A definition the file does not have.
    let patch = "*** Begin Patch\n*** Update File: cart.py\n@@ class Invoice\n-        return len(self.items)\n+        return 0\n*** End Patch\n";
    assert_eq!(
        run(&dir, patch).unwrap_err().code(),
        editloc::Code::NotFound
    );
}

#[test]
fn scope_anchors_in_typescript_and_in_a_file_without_grammar() {
    let ts = "export class A {\n  run(): number {\n    return 1;\n  }\n}\n\nexport class B {\n  run(): number {\n    return 1;\n  }\n}\n";
    let doc = Document::new(ts).with_name("x.ts");
    let edit = Edit {
        anchor: Some("class B {\nrun()".into()),
        ..Edit::new("return 1;", "return 2;")
    };
    let b = apply_edits(&doc, &[edit], &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(
        b.content,
        ts.rsplit_once("return 1;")
            .map(|(a, z)| format!("{a}return 2;{z}"))
            .unwrap()
    );
    // Textual fallback: the block under a line equal to the anchor.
    let ini = "[a]\n  key = 1\n[b]\n  key = 1\n";
    let doc = Document::new(ini).with_name("x.ini");
    let edit = Edit {
        anchor: Some("[b]".into()),
        ..Edit::new("key = 1", "key = 2")
    };
    let b = apply_edits(&doc, &[edit], &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(b.content, "[a]\n  key = 1\n[b]\n  key = 2\n");
}

#[test]
fn str_replace_commands_edit_insert_create_and_view() {
    let dir = scratch("commands");
    std::fs::write(
        dir.join("a.py"),
        "import sys\r\n\r\ndef main():\r\n    return 0\r\n",
    )
    .unwrap();
    let commands = r#"[
        {"command": "str_replace", "path": "a.py", "old_str": "def main():\n    return 0", "new_str": "def main():\n    return run()"},
        {"command": "insert", "path": "a.py", "insert_line": 1, "new_str": "import os"},
        {"command": "create", "path": "pkg/b.py", "file_text": "B = 1\n"}
    ]"#;
    let outcome = run(&dir, commands).unwrap();
    assert_eq!(outcome.status(), "applied");
    assert_eq!(
        read(&dir.join("a.py")),
        "import sys\r\nimport os\r\n\r\ndef main():\r\n    return run()\r\n"
    );
    assert_eq!(read(&dir.join("pkg/b.py")), "B = 1\n");
    // Insert at the end of a file without a final newline keeps it without one.
    std::fs::write(dir.join("c.txt"), "one\ntwo").unwrap();
    run(
        &dir,
        r#"{"command": "insert", "path": "c.txt", "insert_line": 2, "insert_text": "three\n"}"#,
    )
    .unwrap();
    assert_eq!(read(&dir.join("c.txt")), "one\ntwo\nthree");
    // Past the end: refused with a code, nothing written.
    let err = run(
        &dir,
        r#"{"command": "insert", "path": "c.txt", "insert_line": 9, "new_str": "x"}"#,
    )
    .unwrap_err();
    assert_eq!(err.code(), editloc::Code::BadArguments);
    assert_eq!(read(&dir.join("c.txt")), "one\ntwo\nthree");
    // View changes nothing and returns the lines.
    let outcome = run(
        &dir,
        r#"{"command": "view", "path": "c.txt", "view_range": [2, -1]}"#,
    )
    .unwrap();
    assert_eq!(outcome.files[0].view.as_deref(), Some("two\nthree"));
    // Create over content is refused (unlike the original tool, which overwrites).
    let err = run(
        &dir,
        r#"{"command": "create", "path": "pkg/b.py", "file_text": "B = 2\n"}"#,
    )
    .unwrap_err();
    assert_eq!(err.code(), editloc::Code::Exists);
    assert_eq!(read(&dir.join("pkg/b.py")), "B = 1\n");
}

#[test]
fn sequential_edits_see_each_other_and_stay_all_or_nothing() {
    let file = "fn main() {\n\tlet x = 1;\n}\n";
    let doc = Document::new(file).with_name("m.rs");
    let edits = [
        Edit::new("    let x = 1;\n", "    let x = 1;\n    let y = x + 1;\n"),
        Edit::new("    let y = x + 1;\n", "    let y = x + 2;\n"),
    ];
    let b = apply_edits_sequential(&doc, &edits, &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(
        b.content,
        "fn main() {\n\tlet x = 1;\n\tlet y = x + 2;\n}\n"
    );
    assert_eq!(apply_text_edits(file, &b.text_edits), b.content);
    // Against the original the second edit does not exist.
    let err = apply_edits(&doc, &edits, &Options::default(), Mode::AllOrNothing).unwrap_err();
    assert_eq!(err.edits[1].status(false), "not_found");
    // A failure in the middle refuses all.
    let bad = [
        Edit::new("let x = 1;", "let x = 2;"),
        Edit::new("let z", "let w"),
    ];
    let err =
        apply_edits_sequential(&doc, &bad, &Options::default(), Mode::AllOrNothing).unwrap_err();
    assert_eq!(err.edits[0].status(false), "would_apply");
    assert_eq!(err.edits[1].status(false), "not_found");
    // Through a patch, with PatchOptions::sequential.
    let dir = scratch("sequential");
    std::fs::write(dir.join("m.rs"), file).unwrap();
    let json = r#"{"file_path": "m.rs", "edits": [
        {"old_string": "let x = 1;", "new_string": "let x = 10;"},
        {"old_string": "let x = 10;", "new_string": "let x = 100;"}]}"#;
    let options = PatchOptions {
        sequential: true,
        ..PatchOptions::default()
    };
    apply_patch(&dir, &parse(json).unwrap(), None, &options).unwrap();
    assert_eq!(read(&dir.join("m.rs")), "fn main() {\n\tlet x = 100;\n}\n");
}

/// The same garbled `old` lands through every format, and each result names the repair.
#[test]
fn repairs_run_in_every_format() {
    let file = "def f():\n    x = 1\n    return \"a\"\n\ndef g():\n    if a < b && ok:\n        return 1\n";
    let cases: [(&str, &str, &str); 8] = [
        (
            "search/replace, double-encoded",
            "a.py\n<<<<<<< SEARCH\n    x = 1\\n    return \\\"a\\\"\n=======\n    x = 1\\n    return \\\"b\\\"\n>>>>>>> REPLACE\n",
            "double-encoded",
        ),
        (
            "apply_patch, double-encoded",
            "*** Begin Patch\n*** Update File: a.py\n@@\n-    x = 1\\n    return \\\"a\\\"\n+    x = 1\\n    return \\\"b\\\"\n*** End Patch\n",
            "double-encoded",
        ),
        (
            "unified diff, double-encoded",
            "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-    x = 1\\n    return \\\"a\\\"\n+    x = 1\\n    return \\\"b\\\"\n",
            "double-encoded",
        ),
        (
            "json, double-encoded",
            r#"{"file_path": "a.py", "old_string": "    x = 1\\n    return \\\"a\\\"", "new_string": "    x = 1\\n    return \\\"b\\\""}"#,
            "double-encoded",
        ),
        (
            "search/replace, line numbers",
            "a.py\n<<<<<<< SEARCH\n     3\t    return \"a\"\n=======\n     3\t    return \"b\"\n>>>>>>> REPLACE\n",
            "line-numbers",
        ),
        (
            "apply_patch, html entities",
            "*** Begin Patch\n*** Update File: a.py\n@@\n-    if a &lt; b &amp;&amp; ok:\n+    if a &lt;= b &amp;&amp; ok:\n*** End Patch\n",
            "html-entities",
        ),
        (
            "str_replace command, elision",
            r#"{"command": "str_replace", "path": "a.py", "old_str": "def f():\n    # ...\n    return \"a\"", "new_str": "def f():\n    # ...\n    return \"b\""}"#,
            "elision",
        ),
        (
            "unified diff, line numbers",
            "--- a/a.py\n+++ b/a.py\n@@ -3 +3 @@\n-     3\t    return \"a\"\n+     3\t    return \"b\"\n",
            "line-numbers",
        ),
    ];
    for (name, patch, repair) in cases {
        let dir = scratch(&name.replace([' ', ',', '/'], "_"));
        std::fs::write(dir.join("a.py"), file).unwrap();
        let outcome = run(&dir, patch).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let want = if repair == "html-entities" {
            file.replace("if a < b", "if a <= b")
        } else {
            file.replace("return \"a\"", "return \"b\"")
        };
        assert_eq!(read(&dir.join("a.py")), want, "{name}");
        let located = outcome.files[0].edits[0].result.as_ref().unwrap();
        let names: Vec<&str> = located
            .provenance
            .repairs
            .iter()
            .map(|r| r.name())
            .collect();
        assert_eq!(names, [repair], "{name}");
        let json = serde_json::to_value(&outcome).unwrap();
        assert_eq!(json["files"][0]["edits"][0]["repairs"][0], repair, "{name}");
    }
}

#[test]
fn every_result_carries_text_edits_an_editor_can_apply() {
    // Applied: a CRLF file with emoji and CJK on the edited line.
    let file = "// 你好 😀\r\nconst s = \"😀漢字\"; f(1);\r\n";
    let doc = Document::new(file);
    let a = doc
        .apply(
            "const s = \"😀漢字\"; f(1);\n",
            "const s = \"😀漢字\"; f(2);\n",
        )
        .unwrap();
    assert_eq!(a.content, "// 你好 😀\r\nconst s = \"😀漢字\"; f(2);\r\n");
    assert_eq!(a.edits.len(), 1);
    let e = &a.edits[0];
    assert_eq!((e.new_text.as_str(), e.range.start.line), ("2", 1));
    assert_eq!(
        e.range.start.utf16,
        "const s = \"😀漢字\"; f(".encode_utf16().count()
    );
    assert_eq!(e.range.start.utf8, "const s = \"😀漢字\"; f(".len());
    assert_eq!(apply_text_edits(file, &a.edits), a.content);
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["edits"][0]["range"]["start"]["utf16"], 20);
    // A batch: two regions, two edits.
    let b = apply_edits(
        &Document::new("a = 1\nb = 2\nc = 3\n"),
        &[Edit::new("a = 1", "a = 10"), Edit::new("c = 3", "c = 30")],
        &Options::default(),
        Mode::AllOrNothing,
    )
    .unwrap();
    assert_eq!(b.text_edits.len(), 2);
    assert_eq!(
        apply_text_edits("a = 1\nb = 2\nc = 3\n", &b.text_edits),
        b.content
    );
    // A patch's file outcome.
    let dir = scratch("text-edits");
    std::fs::write(dir.join("t.txt"), "x\ny\n").unwrap();
    let outcome = run(&dir, "------- SEARCH\ny\n=======\nz\n+++++++ REPLACE\n").unwrap_err();
    assert!(matches!(outcome, PatchError::NoFile));
    let outcome = run(
        &dir,
        "t.txt\n<<<<<<< SEARCH\ny\n=======\nz\n>>>>>>> REPLACE\n",
    )
    .unwrap();
    let f = &outcome.files[0];
    assert_eq!(apply_text_edits("x\ny\n", &f.text_edits), "x\nz\n");
    assert_eq!(read(&dir.join("t.txt")), "x\nz\n");
}

#[test]
fn errors_and_results_serialize_with_their_codes() {
    let doc = Document::new("a\n");
    let err = doc.apply("zzz", "y").unwrap_err();
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(json["code"], "not_found");
    assert!(json["report"]["hint"].is_string());
    let err = doc.apply("", "y").unwrap_err();
    assert_eq!(serde_json::to_value(&err).unwrap()["code"], "empty_old");
    let batch = apply_edits(
        &doc,
        &[Edit::new("q", "r")],
        &Options::default(),
        Mode::AllOrNothing,
    )
    .unwrap_err();
    let json = serde_json::to_value(&batch).unwrap();
    assert_eq!(json["edits"][0]["code"], "not_found");
    let format = parse("<<<<<<< SEARCH\na\n").unwrap_err();
    assert_eq!(serde_json::to_value(&format).unwrap()["line"], format.line);
    let patch = serde_json::to_value(
        parse("*** Begin Patch\n*** Delete File: x\n*** End Patch\n").unwrap(),
    )
    .unwrap();
    assert_eq!(patch["files"][0]["op"]["op"], "delete");
}

#[test]
fn a_unified_diff_without_a_file_header_edits_the_given_file() {
    let dir = scratch("headerless");
    let path = dir.join("r.py");
    std::fs::write(&path, "def f():\n    a = 1\n    b = 2\n    return a + b\n").unwrap();
    let patch =
        "@@ -1,4 +1,4 @@\n def f():\n     a = 1\n-    b = 2\n+    b = 3\n     return a + b\n";
    apply_patch(
        &dir,
        &parse(patch).unwrap(),
        Some(&path),
        &PatchOptions::default(),
    )
    .unwrap_or_else(|e| panic!("apply failed: {e}"));
    assert_eq!(
        read(&path),
        "def f():\n    a = 1\n    b = 3\n    return a + b\n"
    );
}
