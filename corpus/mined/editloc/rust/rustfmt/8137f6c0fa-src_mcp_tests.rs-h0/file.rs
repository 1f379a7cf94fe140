//! The tool handlers without a transport: every edit test asserts the whole file.

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-mcp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(dir).unwrap()
}

fn server(root: &Path) -> Server {
    Server::new(Roots::new(&[root.to_path_buf()]).unwrap())
}

fn edit(path: &str, old: &str, new: &str) -> EditParams {
    EditParams {
        file_path: path.into(),
        old_string: old.into(),
        new_string: new.into(),
        replace_all: None,
        expected_sha256: None,
    }
}

const SVC: &str = "export class S {\r\n\ttotal(xs: number[]): number {\r\n\t\tlet s = 0;\r\n\t\tfor (const x of xs) {\r\n\t\t\ts += x;\r\n\t\t}\r\n\t\treturn s;\r\n\t}\r\n}\r\n";

#[test]
fn edit_lands_on_crlf_and_tabs_and_keeps_them() {
    let root = scratch("edit");
    let f = root.join("svc.ts");
    std::fs::write(&f, SVC).unwrap();
    let s = server(&root);
    let a = s.do_edit(edit(
        "svc.ts",
        "    for (const x of xs) {\n      s += x;\n    }",
        "    for (const x of xs) {\n      s += x * 2;\n    }",
    ));
    assert!(!a.is_error, "{}", a.text);
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        SVC.replace("\t\t\ts += x;", "\t\t\ts += x * 2;")
    );
    assert_eq!(a.json["status"], "applied");
    assert_eq!(a.json["lines"], json!({"start": 4, "end": 6}));
    let sha = fs::sha256_hex(std::fs::read(&f).unwrap().as_slice());
    assert_eq!(a.json["sha256"], json!(sha));
    assert!(
        a.text
            .starts_with("applied to svc.ts at lines 4-6 (normalized tier)"),
        "{}",
        a.text
    );
    assert!(a.text.contains("+\t\t\ts += x * 2;"), "{}", a.text);
}

#[test]
fn a_miss_names_the_code_and_the_closest_candidate_and_writes_nothing() {
    let root = scratch("miss");
    let f = root.join("svc.ts");
    std::fs::write(&f, SVC).unwrap();
    let a = server(&root).do_edit(edit("svc.ts", "let sum = 0;", "let sum = 1;"));
    assert!(a.is_error);
    assert_eq!(a.code(), Some("not_found"));
    assert_eq!(
        a.json["report"]["closest"]["lines"],
        json!({"start": 3, "end": 3})
    );
    assert!(a.text.contains("closest: line 3"), "{}", a.text);
    assert!(a.text.contains("hint: "), "{}", a.text);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), SVC);
}

#[test]
fn ambiguity_lists_the_candidates() {
    let root = scratch("ambiguous");
    let f = root.join("a.py");
    let file = "def a():\n    return 1\n\ndef b():\n    return 1\n";
    std::fs::write(&f, file).unwrap();
    let a = server(&root).do_edit(edit("a.py", "return 1", "return 2"));
    assert_eq!(a.code(), Some("ambiguous"));
    assert_eq!(
        a.json["report"]["candidates"],
        json!([{"start": 2, "end": 2}, {"start": 5, "end": 5}])
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), file);
}

#[test]
fn paths_outside_the_roots_are_refused() {
    let root = scratch("root");
    let out = scratch("outside");
    std::fs::write(out.join("o.ts"), "const a = 1;\n").unwrap();
    std::os::unix::fs::symlink(&out, root.join("link")).unwrap();
    let s = server(&root);
    for path in [
        out.join("o.ts").display().to_string(),
        "link/o.ts".to_string(),
        "../outside/o.ts".to_string(),
    ] {
        let a = s.do_edit(edit(&path, "const a = 1;", "const a = 2;"));
        assert_eq!(a.code(), Some("outside_root"), "{path}: {}", a.text);
        let r = s.do_read(ReadParams {
            file_path: path.clone(),
            offset: None,
            limit: None,
        });
        assert_eq!(r.code(), Some("outside_root"));
    }
    let patch = format!(
        "*** Begin Patch\n*** Update File: {}\n@@\n-const a = 1;\n+const a = 2;\n*** End Patch\n",
        out.join("o.ts").display()
    );
    assert_eq!(
        s.do_apply_patch(PatchParams { patch }).code(),
        Some("outside_root")
    );
    let escape =
        "*** Begin Patch\n*** Add File: ../outside/new.ts\n+x\n*** End Patch\n".to_string();
    assert_eq!(
        s.do_apply_patch(PatchParams { patch: escape }).code(),
        Some("outside_root")
    );
    assert_eq!(
        std::fs::read_to_string(out.join("o.ts")).unwrap(),
        "const a = 1;\n"
    );
    assert!(!out.join("new.ts").exists());
}

#[test]
fn read_gives_the_sha256_and_a_stale_one_is_refused() {
    let root = scratch("stale");
    let f = root.join("svc.ts");
    std::fs::write(&f, SVC).unwrap();
    let s = server(&root);
    let r = s.do_read(ReadParams {
        file_path: "svc.ts".into(),
        offset: Some(2),
        limit: Some(2),
    });
    let sha = fs::sha256_hex(SVC.as_bytes());
    assert_eq!(
        r.text,
        format!(
            "svc.ts: lines 2-3 of 9; more from line 4 (pass `offset`)\nsha256: {sha}\n     2\t\ttotal(xs: number[]): number {{\n     3\t\t\tlet s = 0;\n"
        )
    );
    let touched = format!("{SVC}// touched\r\n");
    std::fs::write(&f, &touched).unwrap();
    let a = s.do_edit(EditParams {
        expected_sha256: Some(sha.clone()),
        ..edit("svc.ts", "return s;", "return s + 0;")
    });
    assert_eq!(a.code(), Some("stale_view"), "{}", a.text);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), touched);
    // With the current hash it lands.
    let a = s.do_edit(EditParams {
        expected_sha256: Some(fs::sha256_hex(touched.as_bytes())),
        ..edit("svc.ts", "return s;", "return s + 0;")
    });
    assert!(!a.is_error, "{}", a.text);
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        touched.replace("return s;", "return s + 0;")
    );
}

#[test]
fn documents_stay_warm_while_the_bytes_are_unchanged() {
    let root = scratch("warm");
    let f = root.join("a.rs");
    std::fs::write(&f, "fn a() -> u8 {\n    1\n}\n").unwrap();
    let s = server(&root);
    let first = s.warm_document(&f).unwrap();
    let again = s.warm_document(&f).unwrap();
    assert!(
        Arc::ptr_eq(&first, &again),
        "unchanged bytes reuse the document"
    );
    assert!(s.is_warm(&f, &first));
    std::fs::write(&f, "fn a() -> u8 {\n    2\n}\n").unwrap();
    let changed = s.warm_document(&f).unwrap();
    assert!(
        !Arc::ptr_eq(&first, &changed),
        "changed bytes read the file again"
    );
    assert_eq!(changed.content(), "fn a() -> u8 {\n    2\n}\n");
    // After an edit, the next call gets the written content's document without reading a
    // stale one.
    let a = s.do_edit(edit("a.rs", "    2", "    3"));
    assert!(!a.is_error, "{}", a.text);
    let after = s.warm_document(&f).unwrap();
    assert_eq!(after.content(), "fn a() -> u8 {\n    3\n}\n");
    assert!(Arc::ptr_eq(&after, &s.warm_document(&f).unwrap()));
}

#[test]
fn multi_edit_all_against_the_original_or_in_sequence() {
    let root = scratch("multi");
    let f = root.join("m.py");
    std::fs::write(&f, "a = 1\nb = 2\n").unwrap();
    let s = server(&root);
    let items = |pairs: &[(&str, &str)]| -> Vec<EditItem> {
        pairs
            .iter()
            .map(|(o, n)| EditItem {
                old_string: o.to_string(),
                new_string: n.to_string(),
                replace_all: None,
            })
            .collect()
    };
    // Sequential: the second edit changes what the first wrote.
    let a = s.do_multi_edit(MultiEditParams {
        file_path: "m.py".into(),
        edits: items(&[("a = 1", "a = 10"), ("a = 10", "a = 100")]),
        sequential: Some(true),
        expected_sha256: None,
    });
    assert!(!a.is_error, "{}", a.text);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "a = 100\nb = 2\n");
    // Against the original, the same pair fails (nothing written), naming edit 2.
    let a = s.do_multi_edit(MultiEditParams {
        file_path: "m.py".into(),
        edits: items(&[("b = 2", "b = 20"), ("b = 20", "b = 200")]),
        sequential: None,
        expected_sha256: None,
    });
    assert!(a.is_error);
    assert_eq!(a.code(), Some("not_found"), "{}", a.text);
    assert!(a.text.contains("edit 2:"), "{}", a.text);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "a = 100\nb = 2\n");
}

#[test]
fn check_locates_without_writing() {
    let root = scratch("check");
    std::fs::write(
        root.join("c.go"),
        "package c\n\nfunc F() int {\n\treturn 1\n}\n",
    )
    .unwrap();
    let s = server(&root);
    let a = s.do_check(CheckParams {
        file_path: "c.go".into(),
        old_string: "func F() int {\n    return 1\n}".into(),
    });
    assert!(!a.is_error, "{}", a.text);
    assert_eq!(a.json["lines"], json!({"start": 3, "end": 5}));
    let a = s.do_check(CheckParams {
        file_path: "c.go".into(),
        old_string: "return 2".into(),
    });
    assert_eq!(a.code(), Some("not_found"));
    assert!(!a.is_error, "a miss is check's answer, not a failed call");
}

#[test]
fn apply_patch_moves_edits_and_creates_under_the_root() {
    let root = scratch("patch");
    std::fs::write(root.join("old.py"), "def f():\n    return 1\n").unwrap();
    let s = server(&root);
    let patch = "*** Begin Patch\n*** Update File: old.py\n*** Move to: pkg/new.py\n@@ def f():\n-    return 1\n+    return 2\n*** Add File: pkg/__init__.py\n+\n*** End Patch\n";
    let a = s.do_apply_patch(PatchParams {
        patch: patch.into(),
    });
    assert!(!a.is_error, "{}", a.text);
    assert!(!root.join("old.py").exists());
    assert_eq!(
        std::fs::read_to_string(root.join("pkg/new.py")).unwrap(),
        "def f():\n    return 2\n"
    );
    assert_eq!(
        std::fs::read_to_string(root.join("pkg/__init__.py")).unwrap(),
        "\n"
    );
    assert_eq!(a.json["files"][0]["path"], "old.py");
    assert_eq!(a.json["files"][0]["moved_to"], "pkg/new.py");
    let bad = s.do_apply_patch(PatchParams {
        patch: "*** Begin Patch\n*** Update File: x\n@@\n*x\n*** End Patch\n".into(),
    });
    assert_eq!(bad.code(), Some("bad_patch"));
    assert!(bad.text.contains("line 4"), "{}", bad.text);
}

#[test]
fn empty_old_string_creates_a_missing_file_only() {
    let root = scratch("create");
    let s = server(&root);
    let a = s.do_edit(edit("src/new.ts", "", "export const a = 1;\n"));
    assert!(!a.is_error, "{}", a.text);
    assert_eq!(
        std::fs::read_to_string(root.join("src/new.ts")).unwrap(),
        "export const a = 1;\n"
    );
    let a = s.do_edit(edit("src/new.ts", "", "again\n"));
    assert_eq!(a.code(), Some("empty_old"), "{}", a.text);
    let a = s.do_edit(edit("missing.ts", "x", "y"));
    assert_eq!(a.code(), Some("file_not_found"));
}

#[test]
fn answers_are_bounded() {
    let root = scratch("bounded");
    let f = root.join("big.txt");
    let file: String = (0..500).map(|i| format!("line {i}\n")).collect();
    std::fs::write(&f, &file).unwrap();
    let new: String = (0..500).map(|i| format!("LINE {i}\n")).collect();
    let a = server(&root).do_edit(edit("big.txt", &file, &new));
    assert!(!a.is_error, "{}", a.text);
    assert!(
        a.text.lines().count() < answer::MAX_DIFF_LINES + 10,
        "{}",
        a.text
    );
    assert!(a.text.contains("more lines)"), "{}", a.text);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), new);
}
