//! Behaviour of the `editloc` binary: exit codes, text and JSON output, and what is (and is
//! not) written to disk.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const BIN: &str = env!("CARGO_BIN_EXE_editloc");

/// A scratch folder under the system temp dir, removed on drop.
pub(crate) struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    pub(crate) fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "editloc-cli-{}-{}-{name}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch { dir }
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    pub(crate) fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn run(args: &[&dyn AsRef<std::ffi::OsStr>]) -> Output {
    run_with_stdin(args, None)
}

pub(crate) fn run_with_stdin(args: &[&dyn AsRef<std::ffi::OsStr>], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(BIN);
    for a in args {
        cmd.arg(a);
    }
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn editloc");
    if let Some(input) = stdin {
        // The binary may refuse its arguments and exit before reading: a broken pipe here
        // is not the test's concern, the exit code and output are.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    }
    child.wait_with_output().expect("wait for editloc")
}

pub(crate) fn code(out: &Output) -> i32 {
    out.status.code().expect("exited with a code")
}

pub(crate) fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// The one JSON object printed on stdout.
pub(crate) fn json(out: &Output) -> Value {
    let s = stdout(out);
    serde_json::from_str(s.trim())
        .unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}): {s:?}"))
}

pub(crate) fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

const CRLF_TABS: &str = "function total(items) {\r\n\tlet sum = 0;\r\n\tfor (const item of items) {\r\n\t\tsum += item.price;\r\n\t}\r\n\treturn sum;\r\n}\r\n";

#[test]
fn check_found_prints_lines_and_tier() {
    let s = Scratch::new("found-text");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "\treturn sum;\r\n");
    let out = run(&[&"check", &file, &"--old", &old]);
    assert_eq!(code(&out), 0, "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("found at line 6"), "{text}");
    assert!(text.contains("exact"), "{text}");
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

#[test]
fn check_found_json_fields() {
    let s = Scratch::new("found-json");
    let file = s.file("a.ts", CRLF_TABS);
    // LF and spaces: only the normalized tier finds it.
    let old = s.file(
        "old",
        "    for (const item of items) {\n        sum += item.price;\n",
    );
    let out = run(&[&"check", &file, &"--old", &old, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "found");
    assert_eq!(v["tier"], "normalized");
    assert_eq!(v["lines"]["start"], 3);
    assert_eq!(v["lines"]["end"], 4);
    let start = CRLF_TABS.find("\tfor").unwrap();
    let end = CRLF_TABS.find("\t}\r\n").unwrap();
    assert_eq!(v["range"]["start"], start);
    assert_eq!(v["range"]["end"], end);
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

#[test]
fn check_exact_json_tier() {
    let s = Scratch::new("exact-json");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "\tlet sum = 0;\r\n");
    let v = json(&run(&[&"check", &file, &"--old", &old, &"--json"]));
    assert_eq!(v["status"], "found");
    assert_eq!(v["tier"], "exact");
    assert_eq!(v["lines"]["start"], 2);
    assert_eq!(v["lines"]["end"], 2);
    let start = CRLF_TABS.find("\tlet sum").unwrap();
    assert_eq!(v["range"]["start"], start);
    assert_eq!(v["range"]["end"], start + "\tlet sum = 0;\r\n".len());
}

#[test]
fn check_not_found_reports_tiers_and_closest() {
    let s = Scratch::new("not-found");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file(
        "old",
        "    for (const entry of items) {\n        sum += entry.price;\n",
    );
    let out = run(&[&"check", &file, &"--old", &old, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "not_found");
    let tiers = v["report"]["tiers"].as_array().expect("tiers");
    let names: Vec<&str> = tiers.iter().map(|t| t["tier"].as_str().unwrap()).collect();
    assert_eq!(names, ["exact", "normalized", "structural"]);
    assert_eq!(tiers[0]["outcome"], "0 occurrences");
    assert_eq!(tiers[1]["outcome"], "0 occurrences");
    let closest = &v["report"]["closest"];
    assert_eq!(closest["lines"]["start"], 3);
    assert_eq!(closest["lines"]["end"], 4);
    assert!(closest["similarity"].as_f64().unwrap() > 0.5);
    let differences = closest["differences"].as_array().unwrap();
    let idents = differences
        .iter()
        .find(|d| d["kind"] == "identifiers")
        .unwrap_or_else(|| panic!("no identifiers difference in {differences:?}"));
    assert_eq!(idents["pairs"][0][0], "entry");
    assert_eq!(idents["pairs"][0][1], "item");
    assert!(
        differences
            .iter()
            .any(|d| d["kind"] == "eol" && d["file"] == "crlf" && d["old"] == "lf"),
        "{differences:?}"
    );
    let hint = v["report"]["hint"].as_str().unwrap();
    assert!(hint.contains("`entry` is `item`"), "{hint}");
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

#[test]
fn check_not_found_text_names_the_identifier() {
    let s = Scratch::new("not-found-text");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    let total = 0;\n");
    let out = run(&[&"check", &file, &"--old", &old]);
    assert_eq!(code(&out), 1, "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("not found:"), "{text}");
    assert!(text.contains("`total` is `sum`"), "{text}");
}

#[test]
fn ambiguous_lists_candidates() {
    let s = Scratch::new("ambiguous");
    let file = s.file("a.ts", "if (a) {\n    go();\n}\nif (b) {\n    go();\n}\n");
    let old = s.file("old", "    go();\n");
    let out = run(&[&"check", &file, &"--old", &old, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "ambiguous");
    let c = v["report"]["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(
        (c[0]["start"].as_u64(), c[0]["end"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(
        (c[1]["start"].as_u64(), c[1]["end"].as_u64()),
        (Some(5), Some(5))
    );

    let new = s.file("new", "    stop();\n");
    let before = read(&file);
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 1, "{out:?}");
    let text = stdout(&out);
    assert!(text.starts_with("ambiguous:"), "{text}");
    assert!(text.contains("2, 5"), "{text}");
    assert_eq!(read(&file), before);
}

#[test]
fn apply_keeps_crlf_and_tabs() {
    let s = Scratch::new("apply-crlf");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    let sum = 0;\n    for (const item of items) {\n");
    let new = s.file(
        "new",
        "    let sum = 0;\n    const seen = new Set();\n    for (const item of items.filter(Boolean)) {\n",
    );
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    let text = stdout(&out);
    assert!(
        text.contains("applied at lines 2-3 (normalized tier)"),
        "{text}"
    );
    assert_eq!(
        String::from_utf8(read(&file)).unwrap(),
        "function total(items) {\r\n\tlet sum = 0;\r\n\tconst seen = new Set();\r\n\tfor (const item of items.filter(Boolean)) {\r\n\t\tsum += item.price;\r\n\t}\r\n\treturn sum;\r\n}\r\n"
    );
}

#[test]
fn apply_keeps_bom_and_missing_final_newline() {
    let s = Scratch::new("apply-bom");
    let original = "\u{FEFF}a = 1\r\nb = 2\r\nc = 3";
    let file = s.file("a.py", original);
    let old = s.file("old", "b = 2\nc = 3");
    let new = s.file("new", "b = 20\nc = 3");
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(read(&file), "\u{FEFF}a = 1\r\nb = 20\r\nc = 3".as_bytes());
}

#[test]
fn apply_json_has_every_field() {
    let s = Scratch::new("apply-json");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    return sum;\n");
    let new = s.file("new", "    return sum * 2;\n");
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    let v = json(&out);
    let expected = CRLF_TABS.replace("return sum;", "return sum * 2;");
    assert_eq!(v["status"], "applied");
    assert_eq!(v["dry_run"], false);
    assert_eq!(v["tier"], "normalized");
    assert_eq!(v["lines"]["start"], 6);
    assert_eq!(v["lines"]["end"], 6);
    let start = CRLF_TABS.find("\treturn").unwrap();
    assert_eq!(v["range"]["start"], start);
    assert_eq!(v["range"]["end"], start + "\treturn sum;\r\n".len());
    assert!(
        v.get("content").is_none(),
        "content only with --content: {v}"
    );
    let diff = v["diff"].as_str().unwrap();
    assert!(diff.contains("-\treturn sum;\r\n"), "{diff}");
    assert!(diff.contains("+\treturn sum * 2;\r\n"), "{diff}");
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert_eq!(read(&file), expected.as_bytes());

    let (old, new) = (new, old);
    let out = run(&[
        &"apply",
        &file,
        &"--old",
        &old,
        &"--new",
        &new,
        &"--json",
        &"--content",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(json(&out)["content"], CRLF_TABS);
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

#[test]
fn dry_run_writes_nothing_but_prints_the_content() {
    let s = Scratch::new("dry-run");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    return sum;\n");
    let new = s.file("new", "    return sum + 1;\n");
    let out = run(&[
        &"apply",
        &file,
        &"--old",
        &old,
        &"--new",
        &new,
        &"--dry-run",
        &"--json",
        &"--content",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "would_apply");
    assert_eq!(v["dry_run"], true);
    assert_eq!(
        v["content"],
        CRLF_TABS.replace("return sum;", "return sum + 1;").as_str()
    );
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
    assert_eq!(
        std::fs::read_dir(&s.dir).unwrap().count(),
        3,
        "no stray files"
    );

    let out = run(&[
        &"apply",
        &file,
        &"--old",
        &old,
        &"--new",
        &new,
        &"--dry-run",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(stdout(&out).contains("would apply at line 6"), "{out:?}");
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

#[test]
fn max_tier_exact_refuses_an_eol_mismatch() {
    let s = Scratch::new("max-tier");
    let file = s.file("a.txt", "one\r\ntwo\r\nthree\r\n");
    let old = s.file("old", "one\ntwo\n");
    let new = s.file("new", "one\n2\n");
    let out = run(&[
        &"check",
        &file,
        &"--old",
        &old,
        &"--max-tier",
        &"exact",
        &"--json",
    ]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "not_found");
    let tiers = v["report"]["tiers"].as_array().unwrap();
    assert_eq!(tiers[0]["outcome"], "0 occurrences");
    assert!(
        tiers[1]["outcome"].as_str().unwrap().starts_with("skipped"),
        "{tiers:?}"
    );
    let out = run(&[
        &"apply",
        &file,
        &"--old",
        &old,
        &"--new",
        &new,
        &"--max-tier",
        &"exact",
    ]);
    assert_eq!(code(&out), 1, "{out:?}");
    assert_eq!(read(&file), b"one\r\ntwo\r\nthree\r\n");

    // Without the limit the same edit lands, in CRLF.
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(read(&file), b"one\r\n2\r\nthree\r\n");
}

#[test]
fn bad_max_tier_is_a_usage_error() {
    let s = Scratch::new("bad-tier");
    let file = s.file("a.txt", "x\n");
    let old = s.file("old", "x\n");
    let out = run(&[&"check", &file, &"--old", &old, &"--max-tier", &"fuzzy"]);
    assert_eq!(code(&out), 2, "{out:?}");
    assert_eq!(read(&file), b"x\n");
}

#[test]
fn old_from_stdin() {
    let s = Scratch::new("stdin");
    let file = s.file("a.ts", CRLF_TABS);
    let out = run_with_stdin(
        &[&"check", &file, &"--old", &"-", &"--json"],
        Some("    let sum = 0;\n"),
    );
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(json(&out)["lines"]["start"], 2);

    let new = s.file("new", "    let sum = 1;\n");
    let out = run_with_stdin(
        &[&"apply", &file, &"--old", &"-", &"--new", &new],
        Some("    let sum = 0;\n"),
    );
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(
        read(&file),
        CRLF_TABS.replace("let sum = 0;", "let sum = 1;").as_bytes()
    );
}

#[test]
fn old_and_new_both_from_stdin_is_an_error() {
    let s = Scratch::new("stdin-both");
    let file = s.file("a.ts", CRLF_TABS);
    let out = run_with_stdin(
        &[&"apply", &file, &"--old", &"-", &"--new", &"-", &"--json"],
        Some("x"),
    );
    assert_eq!(code(&out), 2, "{out:?}");
    assert_eq!(json(&out)["status"], "error");
    assert_eq!(read(&file), CRLF_TABS.as_bytes());
}

/// Runs `check` and `apply` (text and JSON) on `file` and expects exit 2 with `status: error`
/// every time, and the file (when it exists) untouched.
fn expect_input_error(s: &Scratch, file: &Path, old: &Path, new: &Path, needle: &str) {
    let before = std::fs::read(file).ok();
    let runs: [Vec<&dyn AsRef<std::ffi::OsStr>>; 2] = [
        vec![&"apply", &file, &"--old", &old, &"--new", &new, &"--json"],
        vec![&"check", &file, &"--old", &old, &"--json"],
    ];
    for (i, args) in runs.iter().enumerate() {
        // `check` cannot see old == new; only `apply` is meaningful there.
        if i == 1 && needle == "identical" {
            continue;
        }
        let out = run(args);
        assert_eq!(code(&out), 2, "run {i}: {out:?}");
        let v = json(&out);
        assert_eq!(v["status"], "error", "{v}");
        assert!(v["code"].as_str().is_some_and(|c| !c.is_empty()), "{v}");
        let msg = v["message"].as_str().unwrap();
        assert!(msg.contains(needle), "{msg:?} should mention {needle:?}");
        assert_eq!(std::fs::read(file).ok(), before);
    }
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 2, "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(std::fs::read(file).ok(), before);
    // Nothing but the inputs is left in the folder.
    for entry in std::fs::read_dir(&s.dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.contains("editloc"), "stray temporary file {name}");
    }
}

#[test]
fn missing_file_is_an_input_error() {
    let s = Scratch::new("missing");
    let old = s.file("old", "x\n");
    let new = s.file("new", "y\n");
    expect_input_error(&s, &s.path("nope.ts"), &old, &new, "nope.ts");
    assert!(!s.path("nope.ts").exists());
}

#[test]
fn non_utf8_file_is_an_input_error() {
    let s = Scratch::new("latin1");
    let file = s.file("a.txt", b"caf\xe9 = 1\nx = 2\n");
    let old = s.file("old", "x = 2\n");
    let new = s.file("new", "x = 3\n");
    expect_input_error(&s, &file, &old, &new, "not valid UTF-8");
}

#[test]
fn binary_file_is_an_input_error() {
    let s = Scratch::new("binary");
    let file = s.file("a.bin", b"x = 2\n\0\x01\x02\n");
    let old = s.file("old", "x = 2\n");
    let new = s.file("new", "x = 3\n");
    expect_input_error(&s, &file, &old, &new, "binary");
}

#[test]
fn empty_old_is_an_input_error() {
    let s = Scratch::new("empty-old");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "");
    let new = s.file("new", "x\n");
    expect_input_error(&s, &file, &old, &new, "empty");
}

#[test]
fn identical_old_and_new_is_an_input_error() {
    let s = Scratch::new("no-change");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    return sum;\n");
    let new = s.file("new", "    return sum;\n");
    expect_input_error(&s, &file, &old, &new, "identical");
}

#[test]
fn missing_old_file_is_an_input_error() {
    let s = Scratch::new("missing-old");
    let file = s.file("a.ts", CRLF_TABS);
    let new = s.file("new", "x\n");
    expect_input_error(&s, &file, &s.path("old-missing"), &new, "old-missing");
}

#[test]
fn non_utf8_old_is_an_input_error() {
    let s = Scratch::new("latin1-old");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", b"caf\xe9\n");
    let new = s.file("new", "x\n");
    expect_input_error(&s, &file, &old, &new, "not valid UTF-8");
}

#[cfg(unix)]
#[test]
fn apply_keeps_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scratch::new("perm");
    let file = s.file("run.sh", "#!/bin/sh\necho one\n");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    let old = s.file("old", "echo one\n");
    let new = s.file("new", "echo two\n");
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(read(&file), b"#!/bin/sh\necho two\n");
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o640);
    assert_eq!(
        std::fs::read_dir(&s.dir).unwrap().count(),
        3,
        "no stray files"
    );
}

#[cfg(unix)]
#[test]
fn apply_through_a_symlink_keeps_the_link() {
    let s = Scratch::new("symlink");
    let real = s.file("real.ts", CRLF_TABS);
    let link = s.path("link.ts");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let old = s.file("old", "    return sum;\n");
    let new = s.file("new", "    return -sum;\n");
    let out = run(&[&"apply", &link, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), real);
    assert_eq!(
        read(&real),
        CRLF_TABS.replace("return sum;", "return -sum;").as_bytes()
    );
}

#[test]
fn applying_twice_reports_already_applied() {
    let s = Scratch::new("twice");
    let file = s.file("a.ts", CRLF_TABS);
    let old = s.file("old", "    return sum;\n");
    let new = s.file("new", "    return Math.round(sum);\n");
    let expected = CRLF_TABS.replace("return sum;", "return Math.round(sum);");
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(read(&file), expected.as_bytes());

    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "already_applied");
    assert_eq!(v["report"]["already_applied"]["start"], 6);
    assert_eq!(v["report"]["already_applied"]["end"], 6);
    assert_eq!(read(&file), expected.as_bytes());

    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 1, "{out:?}");
    assert!(stdout(&out).starts_with("already applied:"), "{out:?}");
}

/// The README's first command (`examples/run.sh`) on the bundled example: the CRLF + tab file
/// gets the model's LF + spaces edit in its own style.
#[test]
fn bundled_example_keeps_crlf_and_tabs() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/crlf-tabs");
    let original = std::fs::read_to_string(example.join("service.ts")).unwrap();
    assert!(original.contains("\r\n\t\tlet sum = 0;\r\n"));
    assert!(
        !original.replace("\r\n", "").contains('\n'),
        "every line ends in CRLF"
    );
    let s = Scratch::new("example");
    let file = s.file("service.ts", &original);
    let (old, new) = (example.join("old.txt"), example.join("new.txt"));
    let out = run(&[&"check", &file, &"--old", &old, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(json(&out)["tier"], "normalized");
    let out = run(&[&"apply", &file, &"--old", &old, &"--new", &new]);
    assert_eq!(code(&out), 0, "{out:?}");
    let expected = original
        .replace(
            "\t\t\tsum += item.price * item.quantity;\r\n\t\t}\r\n",
            "\t\t\tsum += item.price * (item.quantity ?? 1);\r\n\t\t}\r\n\t\tsum -= order.discount ?? 0;\r\n",
        );
    assert_ne!(expected, original);
    assert_eq!(String::from_utf8(read(&file)).unwrap(), expected);
}

/// Many blocks share every word of `old` but one renamed identifier: the closest candidate
/// should be the block whose identifier is most alike (`user7` for `account7`), not the
/// first of the tied blocks.
#[test]
fn closest_is_the_most_similar_of_many_alike_blocks() {
    let s = Scratch::new("closest-ties");
    let file_text: String = (0..10)
        .map(|i| {
            format!(
                "function f{i}() {{\n    const user{i} = load(id, 7);\n    return user{i};\n}}\n"
            )
        })
        .collect();
    let file = s.file("a.ts", &file_text);
    let old = s.file(
        "old",
        "    const account7 = load(id, 7);\n    return account7;\n",
    );
    let out = run(&[&"check", &file, &"--old", &old, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    let closest = &v["report"]["closest"];
    assert_eq!(closest["lines"]["start"], 7 * 4 + 2, "{closest}");
    assert_eq!(closest["lines"]["end"], 7 * 4 + 3, "{closest}");
}

/// The agent commands of the manual's CLI page (`docs/src/cli.md`, also run as written there by
/// `doc_examples::`): inline texts, and one edit as a JSON object naming its file, with
/// `replace_all`.
#[test]
fn readme_agent_commands() {
    let s = Scratch::new("agent");
    std::fs::create_dir(s.path("src")).unwrap();
    let app = s.file(
        "src/app.py",
        "def total(xs, tax):\n\treturn sum(xs)\n\n\ndef rate(tax):\n\treturn tax\n",
    );
    let out = Command::new(BIN)
        .current_dir(&s.dir)
        .args([
            "apply",
            "src/app.py",
            "--old-text",
            "return sum(xs)",
            "--new-text",
            "return sum(xs) * tax",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(json(&out)["status"], "applied");
    let out = Command::new(BIN)
        .current_dir(&s.dir)
        .args(["apply", "--edit-json", r#"{"file_path": "src/app.py", "old_string": "tax", "new_string": "rate", "replace_all": true}"#])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(
        String::from_utf8(read(&app)).unwrap(),
        "def total(xs, rate):\n\treturn sum(xs) * rate\n\n\ndef rate(rate):\n\treturn rate\n"
    );
    assert!(
        stdout(&out).contains("applied at 4 place(s), lines 1, 2, 5, 6"),
        "{out:?}"
    );
}

/// `--old-text` with `--new` from standard input, an empty `old` creating a file, and the
/// inline/file exclusions.
#[test]
fn inline_texts_mix_with_files_and_stdin() {
    let s = Scratch::new("inline");
    let file = s.file("a.ts", CRLF_TABS);
    let out = run_with_stdin(
        &[
            &"apply",
            &file,
            &"--old-text",
            &"    return sum;",
            &"--new",
            &"-",
            &"--json",
        ],
        Some("    return -sum;"),
    );
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(
        read(&file),
        CRLF_TABS.replace("return sum;", "return -sum;").as_bytes()
    );
    let out = run(&[
        &"apply",
        &file,
        &"--old-text",
        &"a",
        &"--old",
        &"x",
        &"--new-text",
        &"b",
        &"--json",
    ]);
    assert_eq!(code(&out), 2, "{out:?}");
    assert_eq!(json(&out)["code"], "bad_arguments");
    let new = s.path("sub/new.py");
    let out = run(&[
        &"apply",
        &new,
        &"--old-text",
        &"",
        &"--new-text",
        &"x = 1\n",
        &"--json",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(json(&out)["status"], "applied");
    assert_eq!(read(&new), b"x = 1\n");
    // A hyphen-led text is a value, not an option.
    let out = run(&[
        &"apply",
        &new,
        &"--old-text",
        &"x = 1",
        &"--new-text",
        &"-x = 2",
        &"--dry-run",
        &"--json",
    ]);
    assert_eq!(json(&out)["status"], "would_apply", "{out:?}");
    assert_eq!(read(&new), b"x = 1\n");
}

/// Runs `editloc ARGS` in `dir` with `stdin`.
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .current_dir(dir)
        .args(args)
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

// Found by the agent-surface tester: options that only matter for writing are not `check`'s,
// and a line hint of 0 is an argument error, not a guess.
#[test]
fn check_offers_no_writing_options_and_line_zero_is_bad_arguments() {
    let out = run(&[&"check", &"--help"]);
    let help = stdout(&out);
    assert!(
        !help.contains("--verbatim") && !help.contains("--require-clean-parse"),
        "{help}"
    );
    let s = Scratch::new("line0");
    let f = s.file("a.py", "a = 1\nb\na = 1\n");
    let out = run(&[
        &"apply",
        &f,
        &"--old-text",
        &"a = 1",
        &"--new-text",
        &"a = 2",
        &"--line",
        &"0",
        &"--json",
    ]);
    assert_eq!(code(&out), 2, "{out:?}");
    assert_eq!(json(&out)["code"], "bad_arguments");
    assert_eq!(read(&f), b"a = 1\nb\na = 1\n");
}

// A patch refused as a whole has the patch answer's shape (`dry_run`, `files`), and the text
// answer says why.
#[test]
fn a_patch_refused_as_a_whole_keeps_the_patch_shape() {
    let s = Scratch::new("outside");
    let patch = "--- a/../x.py\n+++ b/../x.py\n@@ -1 +1 @@\n-a\n+b\n";
    let out = run_in(&s.dir, &["apply", "--patch", "-", "--json"], patch);
    assert_eq!(code(&out), 1, "{out:?}");
    let j = json(&out);
    assert_eq!(j["code"], "outside_root");
    assert_eq!(j["files"], serde_json::json!([]));
    assert_eq!(j["dry_run"], false);
    let out = run_in(&s.dir, &["apply", "--patch", "-"], patch);
    assert!(
        stdout(&out).contains("refused: ../x.py: outside the folder"),
        "{out:?}"
    );
}

// The CLI prints the library's one shape of a patch's outcome: `--json` is
// `serde_json::to_value(&outcome)` of the same patch (paths shown relative to the folder), a
// refused edit's report and a landed edit's lines alike.
#[test]
fn a_patch_answer_is_the_library_outcome_serialized() {
    let s = Scratch::new("one-shape");
    s.file("a.py", "def f():\n    return 1\n");
    s.file("b.py", "def g():\n    return 3\n");
    let patch = "a.py\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n\n\
                 b.py\n<<<<<<< SEARCH\n    return 4\n=======\n    return 5\n>>>>>>> REPLACE\n";
    let out = run_in(
        &s.dir,
        &["apply", "--patch", "-", "--json", "--dry-run"],
        patch,
    );
    assert_eq!(code(&out), 1, "{out:?}");
    let options = editloc::PatchOptions {
        dry_run: true,
        ..editloc::PatchOptions::default()
    };
    let parsed = editloc::parse_patch(patch).unwrap();
    let outcome = match editloc::apply_patch(&s.dir, &parsed, None, &options) {
        Err(editloc::PatchError::Refused(outcome)) => outcome,
        other => panic!("{other:?}"),
    };
    let library = serde_json::to_string(&outcome).unwrap();
    let shown = format!("{}/", s.dir.display());
    let relative = library
        .replace(&format!("a{shown}"), "a/")
        .replace(&format!("b{shown}"), "b/")
        .replace(&shown, "");
    let library: Value = serde_json::from_str(&relative).unwrap();
    assert_eq!(json(&out), library);
    assert_eq!(library["status"], "refused");
    assert_eq!(library["files"][1]["edits"][0]["code"], "not_found");
    assert_eq!(read(&s.path("a.py")), b"def f():\n    return 1\n");
}

// A unified diff deleting a file whose content is not the patch's removed lines deletes
// nothing (`git apply` refuses too); with the file's content it deletes it.
#[test]
fn a_unified_diff_deletes_only_the_file_it_describes() {
    let s = Scratch::new("delete");
    let f = s.file("d.py", "a\nb\n");
    let other = "--- a/d.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-c\n";
    let out = run_in(&s.dir, &["apply", "--patch", "-", "--json"], other);
    assert_eq!(code(&out), 1, "{out:?}");
    assert_eq!(json(&out)["code"], "conflict");
    assert_eq!(read(&f), b"a\nb\n");
    let same = "--- a/d.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n";
    let out = run_in(&s.dir, &["apply", "--patch", "-"], same);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(!f.exists());
}

// A move names its destination; a view shows its lines and refuses lines the file lacks.
#[test]
fn moves_name_the_destination_and_views_show_their_lines() {
    let s = Scratch::new("move");
    s.file("a.py", "x = 1\n");
    let patch = "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n@@\n-x = 1\n+x = 2\n*** End Patch\n";
    let out = run_in(&s.dir, &["apply", "--patch", "-", "--json"], patch);
    assert_eq!(code(&out), 0, "{out:?}");
    let file = &json(&out)["files"][0];
    assert_eq!(file["moved_to"], "b.py");
    assert_eq!(
        file["diff"],
        "rename a.py → b.py\n--- a/a.py\n+++ b/b.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n"
    );
    assert_eq!(read(&s.path("b.py")), b"x = 2\n");
    assert!(!s.path("a.py").exists());
    s.file("s.txt", "a\nb\nc\n");
    let view = r#"{"command":"view","path":"s.txt","view_range":[2,-1]}"#;
    let out = run_in(&s.dir, &["apply", "--patch", "-", "--json"], view);
    assert_eq!(json(&out)["files"][0]["view"], "b\nc\n", "{out:?}");
    let past = r#"{"command":"view","path":"s.txt","view_range":[10,20]}"#;
    let out = run_in(&s.dir, &["apply", "--patch", "-", "--json"], past);
    assert_eq!(code(&out), 2, "{out:?}");
    assert_eq!(json(&out)["code"], "bad_arguments");
    assert_eq!(read(&s.path("s.txt")), b"a\nb\nc\n");
}

#[test]
fn apply_names_the_writer_rules_in_json_and_explains_them_in_text() {
    let s = Scratch::new("apply-rules");
    let file = s.file("a.ts", "foo(\n  a,\n  'b',\n);\n");
    let (old, new) = ("foo(a, \"b\")", "foo(a, \"c\")");
    let args = [
        &"apply" as &dyn AsRef<std::ffi::OsStr>,
        &file,
        &"--old-text",
        &old,
        &"--new-text",
        &new,
    ];
    let out = run(&[&args[..], &[&"--dry-run", &"--json"]].concat());
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(
        json(&out)["rules"],
        serde_json::json!(["token_edits", "replace_tokens", "file_quotes_kept"])
    );
    let out = run(&[&args[..], &[&"--explain"]].concat());
    assert_eq!(code(&out), 0, "{out:?}");
    let text = stdout(&out);
    assert!(
        text.contains(
            "\n  file_quotes_kept (replace): a changed string keeps the file's quote character \
             where only its content changed"
        ),
        "{text}"
    );
    assert_eq!(read(&file), b"foo(\n  a,\n  'c',\n);\n");
}
