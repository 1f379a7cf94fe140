//! The outcome codes: the manual lists every one (`docs/src/outcomes.md`; the table is generated
//! from `Code::ALL` here), and the binary answers each case with its code, its status and its
//! exit status, leaving the file byte-identical.

use editloc::{Class, Code};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_editloc");

/// The manual's code table, as generated from the library's enum.
fn code_table() -> String {
    let mut table = String::from("| code | class | exit | meaning |\n|---|---|---|---|\n");
    for code in Code::ALL {
        let class = serde_json::to_value(code.class()).unwrap();
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            code.as_str(),
            class.as_str().unwrap(),
            code.exit_code(),
            code.meaning().replace('|', "\\|")
        ));
    }
    table
}

#[test]
fn the_manual_lists_every_code() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/outcomes.md");
    let manual = std::fs::read_to_string(page).unwrap();
    let table = code_table();
    assert!(
        manual.contains(&table),
        "docs/src/outcomes.md must contain the code table, generated from Code::ALL:\n\n{table}"
    );
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("editloc-outcomes-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the binary in `dir` with `args` and `--json`.
fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .arg("--json")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.unwrap_or("").as_bytes());
    child.wait_with_output().unwrap()
}

/// The `status` a code comes with.
fn status_of(code: Code) -> &'static str {
    match (code, code.class()) {
        (Code::NotFound, _) => "not_found",
        (Code::Ambiguous, _) => "ambiguous",
        (Code::AlreadyApplied, _) => "already_applied",
        (_, Class::Refused) => "refused",
        (_, Class::Retryable) => "retry",
        _ => "error",
    }
}

/// Expects `code` (with its status, exit status and a message) and every file of the folder
/// unchanged.
fn expect(s: &Scratch, args: &[&str], stdin: Option<&str>, code: Code) {
    let snapshot = |dir: &Path| {
        let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
            .collect();
        all.sort();
        all
    };
    let before = snapshot(&s.0);
    let out = run(&s.0, args, stdin);
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(text.trim())
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {text:?} {out:?}"));
    assert_eq!(v["code"], code.as_str(), "{args:?}: {v}");
    assert_eq!(v["status"], status_of(code), "{args:?}: {v}");
    assert_eq!(
        out.status.code(),
        Some(code.exit_code() as i32),
        "{args:?}: {v}"
    );
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
    assert_eq!(snapshot(&s.0), before, "{args:?} changed a file");
}

#[test]
fn every_refusal_has_its_code() {
    let s = Scratch::new("refusals");
    let ts = s.file(
        "a.ts",
        "if (a) {\n  go();\n}\nif (b) {\n  go();\n}\nfunction f(a: number) {\n  return a;\n}\n",
    );
    let apply = |old: &str, new: &str| -> Vec<String> {
        ["apply", &ts, "--old-text", old, "--new-text", new]
            .map(String::from)
            .to_vec()
    };
    let cases: Vec<(Vec<String>, Code)> = vec![
        (apply("stop();", "halt();"), Code::NotFound),
        (apply("  go();", "  stop();"), Code::Ambiguous),
        (apply("  return b;", "  return a;"), Code::AlreadyApplied),
        (
            [
                apply("  return a;\n", "  return a +;\n"),
                vec!["--require-clean-parse".into()],
            ]
            .concat(),
            Code::WorseParse,
        ),
        (
            [
                apply("  return a;", "  return 2;"),
                vec![
                    "--expect-sha256".into(),
                    "0".repeat(64),
                    "--refuse-stale".into(),
                ],
            ]
            .concat(),
            Code::StaleView,
        ),
    ];
    for (args, code) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        expect(&s, &args, None, code);
    }
    let py = s.file("a.py", "if a:\n    x = 1\ny = 2\n");
    let args = [
        "apply",
        &py,
        "--old-text",
        "if a:\nx = 1\ny = 2\n",
        "--new-text",
        "if a:\nx = 1\nz = 0\ny = 2\n",
    ];
    expect(&s, &args, None, Code::IndentInconsistent);
}

#[test]
fn every_input_error_has_its_code() {
    let s = Scratch::new("inputs");
    let ok = s.file("ok.py", "x = 1\n");
    let latin1 = s.file("latin1.py", b"caf\xe9 = 1\n");
    let binary = s.file("bin.py", b"x = 1\n\0\x01\n");
    let readonly = s.file("ro.py", "x = 1\n");
    std::fs::set_permissions(
        &readonly,
        std::os::unix::fs::PermissionsExt::from_mode(0o444),
    )
    .unwrap();
    let dangling = s.0.join("dangling.py");
    std::os::unix::fs::symlink(s.0.join("nowhere.py"), &dangling).unwrap();
    let dangling = dangling.to_str().unwrap();
    let missing = s.0.join("missing.py");
    let missing = missing.to_str().unwrap();
    let huge = "y".repeat(100_000);
    let cases: Vec<(Vec<&str>, Option<&str>, Code)> = vec![
        (
            vec!["apply", &ok, "--old-text", "x = 1", "--nope"],
            None,
            Code::BadArguments,
        ),
        (
            vec!["apply", &ok, "--old", "-", "--new", "-"],
            Some("x"),
            Code::BadArguments,
        ),
        (
            vec!["apply", &ok, "--edit-json", "{\"old\": 1}"],
            None,
            Code::BadArguments,
        ),
        (
            vec!["apply", &ok, "--old-text", "", "--new-text", "y"],
            None,
            Code::EmptyOld,
        ),
        (
            vec!["apply", &ok, "--old-text", "x = 1", "--new-text", "x = 1"],
            None,
            Code::NoChange,
        ),
        (
            vec!["apply", &latin1, "--old-text", "x", "--new-text", "y"],
            None,
            Code::NotUtf8,
        ),
        (
            vec!["apply", &binary, "--old-text", "x", "--new-text", "y"],
            None,
            Code::Binary,
        ),
        (
            vec!["apply", missing, "--old-text", "x", "--new-text", "y"],
            None,
            Code::FileNotFound,
        ),
        (
            vec![
                "apply",
                &readonly,
                "--old-text",
                "x = 1",
                "--new-text",
                "x = 2",
            ],
            None,
            Code::PermissionDenied,
        ),
        (
            vec!["apply", dangling, "--old-text", "", "--new-text", "y"],
            None,
            Code::DanglingLink,
        ),
        (
            vec!["check", "/dev/null", "--old-text", "x"],
            None,
            Code::NotAFile,
        ),
        (
            vec!["apply", &ok, "--patch", "-"],
            Some("<<<<<<< SEARCH\nx = 1\n"),
            Code::BadPatch,
        ),
        (
            vec!["apply", "--patch", "-"],
            Some("*** Begin Patch\n*** Update File: ../x.py\n@@\n-a\n+b\n*** End Patch\n"),
            Code::OutsideRoot,
        ),
        (
            vec!["apply", "--patch", "-"],
            Some("*** Begin Patch\n*** Add File: ok.py\n+y = 2\n*** End Patch\n"),
            Code::Exists,
        ),
        (
            vec!["apply", &ok, "--patch", "-"],
            Some(
                "<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nx = 1\n=======\nx = 3\n>>>>>>> REPLACE\n",
            ),
            Code::Overlap,
        ),
        (
            vec!["apply", &ok, "--old-text", &huge, "--new-text", "z"],
            None,
            Code::TooLarge,
        ),
    ];
    for (args, stdin, code) in cases {
        expect(&s, &args, stdin, code);
    }
}
