//! Batches, previews and multi-file patches, through the API and the binary. Every edit test
//! asserts whole files.

use editloc::sha256_hex;
use editloc::{Document, Mode, Options, apply_edits, preview};
use editloc::{Edit, parse_patch as parse};
use editloc::{PatchError, PatchOptions, apply_patch};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// Runs the binary in `dir` with `stdin` as standard input.
fn editloc(dir: &Path, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_editloc"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

const TWO_BLOCKS_OUT_OF_ORDER: &str = "------- SEARCH\n    return b\n=======\n    return b * 2\n+++++++ REPLACE\n------- SEARCH\ndef a():\n=======\ndef a(x):\n+++++++ REPLACE\n";
const SOURCE: &str = "def a():\n    return 1\n\ndef b():\n    return b\n";
const EXPECTED: &str = "def a(x):\n    return 1\n\ndef b():\n    return b * 2\n";

#[test]
fn out_of_order_blocks_apply_through_the_binary() {
    let dir = scratch("order");
    std::fs::write(dir.join("m.py"), SOURCE).unwrap();
    let out = editloc(
        &dir,
        &["apply", "m.py", "--patch", "-", "--json"],
        TWO_BLOCKS_OUT_OF_ORDER,
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(read(&dir.join("m.py")), EXPECTED);
    let v = json(&out);
    assert_eq!(v["status"], "applied");
    assert_eq!(v["files"][0]["edits"][0]["lines"][0]["start"], 5);
    assert_eq!(v["files"][0]["edits"][1]["tier"], "exact");
}

#[test]
fn overlap_is_refused_naming_both_and_nothing_changes() {
    let dir = scratch("overlap");
    let file = dir.join("m.py");
    std::fs::write(&file, SOURCE).unwrap();
    let patch = "------- SEARCH\ndef b():\n    return b\n=======\nx\n+++++++ REPLACE\n------- SEARCH\n    return b\n=======\n    y\n+++++++ REPLACE\n";
    let out = editloc(&dir, &["apply", "m.py", "--patch", "-", "--json"], patch);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(read(&file), SOURCE);
    let v = json(&out);
    let edits = &v["files"][0]["edits"];
    assert_eq!(edits[0]["status"], "overlap");
    assert_eq!(edits[1]["status"], "overlap");
    assert_eq!(edits[0]["code"], "overlap");
    let msg = edits[0]["message"].as_str().unwrap();
    assert!(msg.contains("lines 4-5 overlap edit 2's lines 5"), "{msg}");
}

#[test]
fn replace_all_replaces_every_occurrence() {
    let doc = Document::new("let a = old(1);\nlet b = old(2);\n");
    let all = Edit {
        replace_all: true,
        ..Edit::new("old(", "new(")
    };
    let b = apply_edits(&doc, &[all], &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(b.content, "let a = new(1);\nlet b = new(2);\n");
}

#[test]
fn all_or_nothing_second_edit_fails_file_byte_identical() {
    let dir = scratch("aon");
    let file = dir.join("m.py");
    std::fs::write(&file, SOURCE).unwrap();
    let patch = "------- SEARCH\ndef a():\n=======\ndef a(x):\n+++++++ REPLACE\n------- SEARCH\nnot there\n=======\ny\n+++++++ REPLACE\n";
    let out = editloc(&dir, &["apply", "m.py", "--patch", "-"], patch);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&file).unwrap(), SOURCE.as_bytes());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("edit 1: would apply at line 1 "), "{text}");
    assert!(text.contains("edit 2: not found"), "{text}");

    let partial = editloc(&dir, &["apply", "m.py", "--patch", "-", "--partial"], patch);
    assert_eq!(partial.status.code(), Some(1));
    assert_eq!(
        read(&file),
        "def a(x):\n    return 1\n\ndef b():\n    return b\n"
    );
}

#[test]
fn multi_file_patch_is_all_or_nothing() {
    let dir = scratch("multi");
    std::fs::write(dir.join("a.txt"), "one\n").unwrap();
    std::fs::write(dir.join("b.txt"), "two\n").unwrap();
    let failing = parse("*** Begin Patch\n*** Update File: a.txt\n-one\n+ONE\n*** Update File: b.txt\n-zzz\n+ZZZ\n*** Add File: c.txt\n+three\n*** End Patch\n").unwrap();
    let err = apply_patch(&dir, &failing, None, &PatchOptions::default()).unwrap_err();
    let PatchError::Refused(outcome) = err else {
        panic!("{err:?}")
    };
    assert_eq!(outcome.status(), "refused");
    assert_eq!(read(&dir.join("a.txt")), "one\n");
    assert_eq!(read(&dir.join("b.txt")), "two\n");
    assert!(!dir.join("c.txt").exists());

    let ok = parse("*** Begin Patch\n*** Update File: a.txt\n-one\n+ONE\n*** Add File: sub/c.txt\n+three\n*** Delete File: b.txt\n*** End Patch\n").unwrap();
    let outcome = apply_patch(&dir, &ok, None, &PatchOptions::default()).unwrap();
    assert_eq!(outcome.status(), "applied");
    assert_eq!(read(&dir.join("a.txt")), "ONE\n");
    assert_eq!(read(&dir.join("sub/c.txt")), "three\n");
    assert!(!dir.join("b.txt").exists());
}

#[test]
fn add_over_content_and_delete_of_missing_are_refused() {
    let dir = scratch("adddel");
    std::fs::write(dir.join("a.txt"), "keep\n").unwrap();
    let patch = parse(
        "*** Begin Patch\n*** Add File: a.txt\n+new\n*** Delete File: gone.txt\n*** End Patch\n",
    )
    .unwrap();
    let Err(PatchError::Refused(outcome)) =
        apply_patch(&dir, &patch, None, &PatchOptions::default())
    else {
        panic!("not refused")
    };
    let refusal = |i: usize| outcome.files[i].refusal.clone().unwrap();
    assert!(refusal(0).message.contains("exists"));
    assert_eq!(refusal(0).code, editloc::Code::Exists);
    assert!(refusal(1).message.contains("does not exist"));
    assert_eq!(refusal(1).code, editloc::Code::FileNotFound);
    assert_eq!(read(&dir.join("a.txt")), "keep\n");
}

#[test]
fn a_failed_write_restores_the_files_written_before() {
    let dir = scratch("rollback");
    std::fs::write(dir.join("a.txt"), "one\n").unwrap();
    std::fs::write(dir.join("b.txt"), "two\n").unwrap();
    let patch = parse("*** Begin Patch\n*** Update File: a.txt\n-one\n+ONE\n*** Update File: b.txt\n-two\n+TWO\n*** End Patch\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        let b = dir.join("b.txt");
        std::fs::set_permissions(&b, std::fs::Permissions::from_mode(0o444)).unwrap();
    }
    let err = apply_patch(&dir, &patch, None, &PatchOptions::default()).unwrap_err();
    let PatchError::Write(failure) = err else {
        panic!("{err:?}")
    };
    assert_eq!(failure.restored, vec![dir.join("a.txt")]);
    assert!(failure.to_string().contains("read-only"), "{failure}");
    assert!(failure.to_string().contains("restored"), "{failure}");
    assert_eq!(read(&dir.join("a.txt")), "one\n");
    assert_eq!(read(&dir.join("b.txt")), "two\n");
}

#[test]
fn empty_search_creates_a_missing_or_empty_file() {
    let dir = scratch("create");
    let block = "------- SEARCH\n=======\nfn main() {}\n+++++++ REPLACE\n";
    let out = editloc(&dir, &["apply", "new.rs", "--patch", "-"], block);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(read(&dir.join("new.rs")), "fn main() {}\n");
    std::fs::write(dir.join("empty.rs"), "").unwrap();
    let out = editloc(&dir, &["apply", "empty.rs", "--patch", "-"], block);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(read(&dir.join("empty.rs")), "fn main() {}\n");
    // On a file with content an empty SEARCH is an input error (`empty_old`, exit 2).
    let out = editloc(
        &dir,
        &["apply", "empty.rs", "--patch", "-", "--json"],
        block,
    );
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(json(&out)["code"], "empty_old");
    assert_eq!(read(&dir.join("empty.rs")), "fn main() {}\n");
}

#[test]
fn stale_sha256_is_marked_and_refused_on_request() {
    let dir = scratch("stale");
    let file = dir.join("m.py");
    std::fs::write(&file, SOURCE).unwrap();
    let seen = sha256_hex(b"what the model saw\n");
    let args = [
        "apply",
        "m.py",
        "--patch",
        "-",
        "--json",
        "--expect-sha256",
        &seen,
    ];
    let refused = editloc(
        &dir,
        &[&args[..], &["--refuse-stale"]].concat(),
        TWO_BLOCKS_OUT_OF_ORDER,
    );
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(json(&refused)["files"][0]["stale_view"], true);
    assert_eq!(read(&file), SOURCE);

    let marked = editloc(&dir, &args, TWO_BLOCKS_OUT_OF_ORDER);
    assert_eq!(marked.status.code(), Some(0));
    assert_eq!(json(&marked)["files"][0]["stale_view"], true);
    assert_eq!(read(&file), EXPECTED);

    let current = sha256_hex(EXPECTED.as_bytes());
    let block = "------- SEARCH\ndef a(x):\n=======\ndef a(y):\n+++++++ REPLACE\n";
    let fresh = editloc(
        &dir,
        &[
            "apply",
            "m.py",
            "--patch",
            "-",
            "--json",
            "--expect-sha256",
            &current,
            "--refuse-stale",
        ],
        block,
    );
    assert_eq!(fresh.status.code(), Some(0));
    assert_eq!(json(&fresh)["files"][0]["stale_view"], false);
}

#[test]
fn preview_of_every_prefix_never_panics_and_ends_at_the_result() {
    let doc = Document::new(SOURCE);
    let patch = TWO_BLOCKS_OUT_OF_ORDER;
    for cut in (0..=patch.len()).filter(|&i| patch.is_char_boundary(i)) {
        let shown = preview(&doc, &patch[..cut]);
        assert!(
            [
                SOURCE,
                EXPECTED,
                "def a():\n    return 1\n\ndef b():\n    return b * 2\n"
            ]
            .contains(&shown.as_str()),
            "cut {cut}: {shown:?}"
        );
    }
    assert_eq!(preview(&doc, patch), EXPECTED);
}

#[test]
fn malformed_patch_is_exit_2_with_line_and_expectation() {
    let dir = scratch("malformed");
    std::fs::write(dir.join("m.py"), SOURCE).unwrap();
    let out = editloc(
        &dir,
        &["apply", "m.py", "--patch", "-"],
        "------- SEARCH\na\n+++++++ REPLACE\n",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3: expected"), "{err}");
    assert_eq!(read(&dir.join("m.py")), SOURCE);
}

#[test]
fn old_new_mode_still_works() {
    let dir = scratch("oldnew");
    std::fs::write(dir.join("m.py"), SOURCE).unwrap();
    std::fs::write(dir.join("new"), "def a(x):\n").unwrap();
    let out = editloc(
        &dir,
        &["apply", "m.py", "--old", "-", "--new", "new"],
        "def a():\n",
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(
        read(&dir.join("m.py")),
        "def a(x):\n    return 1\n\ndef b():\n    return b\n"
    );
}

#[test]
fn bad_inputs_read_only_missing_directory_and_empty_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("bad");
    let ro = dir.join("ro.py");
    std::fs::write(&ro, SOURCE).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = editloc(
        &dir,
        &["apply", "ro.py", "--patch", "-"],
        TWO_BLOCKS_OUT_OF_ORDER,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("read-only"));
    assert_eq!(read(&ro), SOURCE);

    let out = editloc(
        &dir,
        &["apply", "no/such/dir/m.py", "--patch", "-"],
        TWO_BLOCKS_OUT_OF_ORDER,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No such file"));
    assert!(!dir.join("no").exists());

    std::fs::write(dir.join("zero.py"), "").unwrap();
    let out = editloc(
        &dir,
        &["apply", "zero.py", "--patch", "-"],
        TWO_BLOCKS_OUT_OF_ORDER,
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(dir.join("zero.py")).unwrap(), b"");
}

/// A file of distinct numbered lines and edits each replacing a few of them. The new text
/// starts unindented so that re-indentation (the writer's job, tested elsewhere) leaves it as
/// is and the whole expected file can be spelled out.
fn file_and_edits() -> impl Strategy<Value = (Vec<String>, Vec<(usize, usize, String)>)> {
    (5usize..40).prop_flat_map(|n| {
        let lines: Vec<String> = (0..n)
            .map(|i| format!("line {i} {}", "x".repeat(i % 3)))
            .collect();
        let edits = prop::collection::vec((0..n, 1usize..3, "[a-z][a-z ]{0,9}"), 1..5);
        (Just(lines), edits)
    })
}

proptest! {
    #[test]
    fn bytes_outside_edited_ranges_are_unchanged((lines, raw) in file_and_edits()) {
        let file: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let mut taken = vec![false; lines.len()];
        let mut edits = Vec::new();
        let mut spans = Vec::new();
        for (start, len, new) in raw {
            let end = (start + len).min(lines.len());
            if taken[start..end].iter().any(|t| *t) {
                continue;
            }
            taken[start..end].iter_mut().for_each(|t| *t = true);
            let old: String = lines[start..end].iter().map(|l| format!("{l}\n")).collect();
            edits.push(Edit::new(old.as_str(), format!("{new}!\n")));
            spans.push((start, end));
        }
        let doc = Document::new(file.as_str());
        let b = apply_edits(&doc, &edits, &Options::default(), Mode::AllOrNothing).unwrap();
        let mut expected = String::new();
        for (i, line) in lines.iter().enumerate() {
            match spans.iter().position(|&(s, _)| s == i) {
                Some(k) => expected.push_str(&edits[k].new),
                None if taken[i] => {}
                None => expected.push_str(&format!("{line}\n")),
            }
        }
        prop_assert_eq!(b.content, expected);
    }
}

#[test]
fn a_patch_cannot_reach_outside_its_folder() {
    let root = scratch("outside");
    let dir = root.join("work");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(root.join("secret.txt"), "keep\n").unwrap();
    std::fs::write(dir.join("a.txt"), "one\n").unwrap();
    for patch in [
        "*** Begin Patch\n*** Update File: ../secret.txt\n-keep\n+gone\n*** End Patch\n"
            .to_string(),
        format!(
            "*** Begin Patch\n*** Add File: {}\n+new\n*** End Patch\n",
            root.join("added.txt").display()
        ),
        "../secret.txt\n<<<<<<< SEARCH\nkeep\n=======\ngone\n>>>>>>> REPLACE\n".to_string(),
    ] {
        let err = apply_patch(
            &dir,
            &parse(&patch).unwrap(),
            None,
            &PatchOptions::default(),
        )
        .unwrap_err();
        assert!(matches!(err, PatchError::Outside(_)), "{err:?}");
        // Refused (exit 1) with the code `outside_root`.
        let out = editloc(&dir, &["apply", "--patch", "-", "--json"], &patch);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        assert_eq!(json(&out)["code"], "outside_root", "{out:?}");
    }
    assert_eq!(read(&root.join("secret.txt")), "keep\n");
    assert!(!root.join("added.txt").exists());
    assert_eq!(read(&dir.join("a.txt")), "one\n");
    // An absolute path inside the folder is fine.
    let inside = format!(
        "*** Begin Patch\n*** Update File: {}\n-one\n+ONE\n*** End Patch\n",
        dir.join("a.txt").display()
    );
    apply_patch(
        &dir,
        &parse(&inside).unwrap(),
        None,
        &PatchOptions::default(),
    )
    .unwrap();
    assert_eq!(read(&dir.join("a.txt")), "ONE\n");
}

#[test]
fn one_file_under_two_spellings_is_one_file() {
    let dir = scratch("spellings");
    std::fs::write(dir.join("a.py"), "x = 1\ny = 2\n").unwrap();
    let patch = "*** Begin Patch\n*** Update File: a.py\n-x = 1\n+x = 10\n*** Update File: ./a.py\n-y = 2\n+y = 20\n*** End Patch\n";
    let err =
        apply_patch(&dir, &parse(patch).unwrap(), None, &PatchOptions::default()).unwrap_err();
    assert!(matches!(err, PatchError::Duplicate(_)), "{err:?}");
    assert_eq!(read(&dir.join("a.py")), "x = 1\ny = 2\n");
}

#[test]
fn replace_all_leaves_longer_words_alone() {
    let doc = Document::new("count = 0\naccount = count + counter\n");
    let edit = Edit {
        replace_all: true,
        ..Edit::new("count", "total")
    };
    let b = apply_edits(&doc, &[edit], &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(b.content, "total = 0\naccount = total + counter\n");
}
