//! Bounded inputs (issue 22 items 6, 7, 9, 10, 11; issue 25 item 5): every text the CLI reads
//! is checked as FILE is (a regular file within `--max-size`), every numeric argument is
//! range-checked, a long edit list's answer is bounded, `--edit-json` takes a list of edits,
//! and a NUL in `new` is refused. Each case asserts the whole file afterwards.

use super::cli::{Scratch, code, json, read, run, run_with_stdin};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_editloc");
const FILE: &str = "x = 1\ny = 2\n";

/// Runs editloc with `args` and standard input closed, and fails the test unless it answers
/// within `limit`.
fn run_within(limit: Duration, args: &[&dyn AsRef<OsStr>]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn editloc");
    let started = Instant::now();
    while child.try_wait().expect("wait for editloc").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "no answer within {limit:?}: {:?}",
                args.iter().map(|a| a.as_ref()).collect::<Vec<_>>()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("editloc's output")
}

/// Exit 2, one JSON answer with `code`, and `file` still `FILE`.
fn expect_error(out: &Output, wanted: &str, file: &Path) -> Value {
    assert_eq!(code(out), 2, "{out:?}");
    let v = json(out);
    assert_eq!(v["code"], wanted, "{v}");
    assert_eq!(v["status"], "error", "{v}");
    assert_eq!(String::from_utf8(read(file)).unwrap(), FILE);
    v
}

#[test]
fn texts_that_are_not_regular_files_are_refused_at_once() {
    let s = Scratch::new("not-regular");
    let file = s.file("a.py", FILE);
    let fifo = s.path("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let folder = s.path("");
    let cases: Vec<Vec<&dyn AsRef<OsStr>>> = vec![
        vec![&"--old", &"/dev/zero", &"--new-text", &"y"],
        vec![&"--old-text", &"x = 1", &"--new", &"/dev/urandom"],
        vec![&"--patch", &"/dev/zero"],
        vec![&"--old", &fifo, &"--new-text", &"y"],
        vec![&"--old-text", &"x = 1", &"--new", &fifo],
        vec![&"--patch", &fifo],
        vec![&"--old", &folder, &"--new-text", &"y"],
    ];
    for case in cases {
        let mut args: Vec<&dyn AsRef<OsStr>> = vec![&"apply", &file, &"--json"];
        args.extend(case);
        let v = expect_error(
            &run_within(Duration::from_secs(10), &args),
            "not_a_file",
            &file,
        );
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("not a regular file"),
            "{v}"
        );
    }
    let out = run_within(
        Duration::from_secs(10),
        &[&"check", &file, &"--old", &"/dev/zero", &"--json"],
    );
    expect_error(&out, "not_a_file", &file);
}

#[test]
fn texts_over_max_size_are_refused() {
    let s = Scratch::new("too-large");
    let file = s.file("a.py", FILE);
    let big = s.file("big", "x".repeat(100));
    let patch = s.file(
        "p.json",
        format!(
            "[{{\"old_string\": \"x = 1\", \"new_string\": \"{}\"}}]",
            "z".repeat(100)
        ),
    );
    fn limited<'a>(
        file: &'a dyn AsRef<OsStr>,
        args: &[&'a dyn AsRef<OsStr>],
    ) -> Vec<&'a dyn AsRef<OsStr>> {
        let mut all: Vec<&dyn AsRef<OsStr>> = vec![&"apply", file];
        all.extend_from_slice(args);
        all.extend_from_slice(&[&"--json", &"--max-size", &"64"]);
        all
    }
    expect_error(
        &run(&limited(&file, &[&"--old", &big, &"--new-text", &"y"])),
        "too_large",
        &file,
    );
    expect_error(
        &run(&limited(&file, &[&"--old-text", &"x = 1", &"--new", &big])),
        "too_large",
        &file,
    );
    expect_error(
        &run(&limited(&file, &[&"--patch", &patch])),
        "too_large",
        &file,
    );
    let over = "x".repeat(65);
    let out = run_with_stdin(
        &limited(&file, &[&"--old", &"-", &"--new-text", &"y"]),
        Some(&over),
    );
    let v = expect_error(&out, "too_large", &file);
    assert!(
        v["message"].as_str().unwrap().contains("standard input"),
        "{v}"
    );
    let edit = format!(
        "{{\"old_string\": \"x = 1\", \"new_string\": \"{}\"}}",
        "z".repeat(64)
    );
    let out = run_with_stdin(&limited(&file, &[&"--edit-json", &"-"]), Some(&edit));
    expect_error(&out, "too_large", &file);
    // Within the limit, the same inputs are read.
    let old = s.file("old", "x = 1");
    let out = run(&limited(&file, &[&"--old", &old, &"--new-text", &"x = 3"]));
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(String::from_utf8(read(&file)).unwrap(), "x = 3\ny = 2\n");
}

#[test]
fn numeric_arguments_out_of_range_are_bad_arguments() {
    let s = Scratch::new("numbers");
    let file = s.file("a.py", FILE);
    let cases: &[(&str, &str)] = &[
        ("--lock-timeout", "1e20"),
        ("--lock-timeout", "-1"),
        ("--lock-timeout", "NaN"),
        ("--lock-timeout", "inf"),
        ("--lock-timeout", "86401"),
        ("--line", "0"),
        ("--line", "-3"),
        ("--line", "2.5"),
        ("--line", "99999999999999999999999"),
        ("--max-size", "-1"),
        ("--max-size", "1.5G"),
        ("--max-size", "99999999999G"),
    ];
    for (flag, value) in cases {
        let flag_value = format!("{flag}={value}");
        let args: [&dyn AsRef<OsStr>; 8] = [
            &"apply",
            &file,
            &"--old-text",
            &"x = 1",
            &"--new-text",
            &"x = 2",
            &flag_value,
            &"--json",
        ];
        let v = expect_error(&run(&args), "bad_arguments", &file);
        assert!(v["message"].as_str().unwrap().contains(value), "{v}");
        // Without --json: the same exit status, the reason on standard error, no panic.
        let out = run(&args[..7]);
        assert_eq!(code(&out), 2, "{flag_value}: {out:?}");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{out:?}"
        );
    }
    // The range's ends are accepted.
    let out = run(&[
        &"apply",
        &file,
        &"--old-text",
        &"x = 1",
        &"--new-text",
        &"x = 2",
        &"--lock-timeout",
        &"86400",
        &"--line",
        &"1",
        &"--max-size",
        &"1K",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(String::from_utf8(read(&file)).unwrap(), "x = 2\ny = 2\n");
}

#[test]
fn edit_json_takes_a_list_of_edits_as_multi_edit_does() {
    let s = Scratch::new("edit-list");
    let file = s.file("m.py", "a = 1\nb = 2\nc = 3\n");
    // A list: every edit located in the file as it is, all written at once.
    let list = r#"[{"old_string": "a = 1", "new_string": "a = 10"}, {"old_string": "c = 3", "new_string": "c = 30"}]"#;
    let out = run(&[&"apply", &file, &"--edit-json", &list, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "applied", "{v}");
    assert_eq!(v["files"][0]["edits"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(
        String::from_utf8(read(&file)).unwrap(),
        "a = 10\nb = 2\nc = 30\n"
    );
    // The MultiEdit object, sequential: the second edit sees the first one's result.
    let object = format!(
        r#"{{"file_path": "{}", "edits": [{{"old_string": "b = 2", "new_string": "b = 20"}}, {{"old_string": "b = 20", "new_string": "b = 21"}}], "sequential": true}}"#,
        file.display()
    );
    let out = run(&[&"apply", &"--edit-json", &object, &"--json"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(
        String::from_utf8(read(&file)).unwrap(),
        "a = 10\nb = 21\nc = 30\n"
    );
    // All or nothing: one edit that does not locate, nothing written.
    let failing = r#"[{"old_string": "a = 10", "new_string": "a = 11"}, {"old_string": "q = 7", "new_string": "q = 8"}]"#;
    let out = run(&[&"apply", &file, &"--edit-json", &failing, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    let v = json(&out);
    assert_eq!(v["status"], "refused", "{v}");
    assert_eq!(v["files"][0]["edits"][1]["code"], "not_found", "{v}");
    assert_eq!(
        String::from_utf8(read(&file)).unwrap(),
        "a = 10\nb = 21\nc = 30\n"
    );
    // Malformed lists and mismatched files are bad arguments.
    for bad in [
        "[]".to_string(),
        r#"[{"old_string": "a = 10"}]"#.to_string(),
        r#"[{"old_string": "a = 10", "new_string": "a = 1", "file_path": "other.py"}]"#.to_string(),
    ] {
        let out = run(&[&"apply", &file, &"--edit-json", &bad, &"--json"]);
        assert_eq!(json(&out)["code"], "bad_arguments", "{bad}: {out:?}");
    }
    let out = run(&[
        &"apply",
        &file,
        &"--edit-json",
        &list,
        &"--replace-all",
        &"--json",
    ]);
    assert_eq!(json(&out)["code"], "bad_arguments", "{out:?}");
    assert_eq!(
        String::from_utf8(read(&file)).unwrap(),
        "a = 10\nb = 21\nc = 30\n"
    );
}

#[test]
fn a_nul_in_new_is_refused_on_every_surface() {
    use editloc::{Code, Document, Edit, FileOp, FilePatch, InputError, LocateError, Mode, Patch};
    // The library: one edit, a batch, an insertion, a patch adding a file.
    let doc = Document::new(FILE);
    let err = doc.apply("x = 1", "x = \u{0}2").unwrap_err();
    assert!(
        matches!(err, LocateError::Input(InputError::BinaryNew { offset: 4 })),
        "{err:?}"
    );
    assert_eq!(err.code(), Code::BinaryNew);
    let insert = Edit {
        at_line: Some(1),
        ..Edit::new("", "\u{0}")
    };
    for edit in [Edit::new("y = 2", "y = \u{0}"), insert] {
        let err = editloc::apply_edits(&doc, &[edit], &Default::default(), Mode::AllOrNothing)
            .unwrap_err();
        assert_eq!(err.code(), Code::BinaryNew, "{err}");
    }
    let s = Scratch::new("nul");
    let patch = Patch {
        files: vec![FilePatch {
            path: Some("new.py".into()),
            op: FileOp::Add("a = 1\n\u{0}\n".into()),
        }],
    };
    let refused = editloc::apply_patch(&s.path(""), &patch, None, &Default::default());
    let Err(editloc::PatchError::Refused(outcome)) = refused else {
        panic!("{refused:?}")
    };
    assert_eq!(outcome.files[0].code(), Some(Code::BinaryNew));
    assert!(!s.path("new.py").exists());
    // The CLI: `--new` from a file, and `--edit-json`.
    let file = s.file("a.py", FILE);
    let new = s.file("new", "x = \u{0}2");
    let out = run(&[
        &"apply",
        &file,
        &"--old-text",
        &"x = 1",
        &"--new",
        &new,
        &"--json",
    ]);
    expect_error(&out, "binary_new", &file);
    let edit = r#"{"old_string": "x = 1", "new_string": "x = \u00002"}"#;
    let out = run(&[&"apply", &file, &"--edit-json", &edit, &"--json"]);
    expect_error(&out, "binary_new", &file);
    // The MCP server.
    let server = editloc::mcp::Server::new(editloc::mcp::Roots::new(&[s.path("")]).unwrap());
    let answer = server.do_edit(editloc::mcp::EditParams {
        file_path: file.display().to_string(),
        old_string: "x = 1".into(),
        new_string: "x = \u{0}2".into(),
        replace_all: None,
        expected_sha256: None,
    });
    assert!(answer.is_error, "{answer:?}");
    assert_eq!(answer.json["code"], "binary_new", "{answer:?}");
    assert_eq!(String::from_utf8(read(&file)).unwrap(), FILE);
}

#[test]
fn already_applied_only_where_old_would_be_with_a_distinctive_new() {
    use editloc::{Document, LocateError};
    let status = |file: &str, old: &str, new: &str| match Document::new(file).apply(old, new) {
        Ok(a) => format!("applied: {}", a.content),
        Err(LocateError::NotFound(_)) => "not_found".to_string(),
        Err(LocateError::AlreadyApplied(r)) => {
            format!(
                "already_applied at {}",
                r.already_applied.expect("lines").start
            )
        }
        Err(e) => format!("{e:?}"),
    };
    // A `new` too small to prove anything: one character, or part of a line.
    assert_eq!(status(FILE, "nope nope", "x"), "not_found");
    assert_eq!(status("x = 2\n", "1", "2"), "not_found");
    let area = "def area(r):\n    return 3.14 * r * r\n";
    assert_eq!(status(area, "return 3.1 * r * r", "3.14"), "not_found");
    // A distinctive `new` near a candidate `old` does not resemble.
    let conf = "import os\nconfigure(verbose=True)\n";
    assert_eq!(
        status(conf, "log(x)", "configure(verbose=True)"),
        "not_found"
    );
    // Where `old` would be, and saying enough: still already applied.
    assert_eq!(
        status(conf, "configure()", "configure(verbose=True)"),
        "already_applied at 2"
    );
    assert_eq!(status("a\nB\nc\n", "b\n", "B\n"), "already_applied at 2");
    assert_eq!(status(FILE, "y = 3", "y = 2"), "already_applied at 2");
    // Through the CLI: exit 1 with not_found, the file as it was.
    let s = Scratch::new("applied");
    let file = s.file("a.py", FILE);
    let out = run(&[
        &"apply",
        &file,
        &"--old-text",
        &"nope nope",
        &"--new-text",
        &"x",
        &"--json",
    ]);
    assert_eq!(code(&out), 1, "{out:?}");
    assert_eq!(json(&out)["code"], "not_found");
    assert_eq!(String::from_utf8(read(&file)).unwrap(), FILE);
}

/// A file of `n` lines `v{i} = 0` and a JSON list of `n` edits setting each to 1, except
/// that the edits numbered in `missing` name a line that is not there.
fn many_edits(s: &Scratch, n: usize, missing: &[usize]) -> (std::path::PathBuf, String) {
    let file = s.file(
        "v.py",
        (0..n).map(|i| format!("v{i} = 0\n")).collect::<String>(),
    );
    let edits: Vec<Value> = (0..n)
        .map(|i| {
            let old = match missing.contains(&(i + 1)) {
                true => format!("w{i} = 0"),
                false => format!("v{i} = 0"),
            };
            serde_json::json!({"old_string": old, "new_string": format!("v{i} = 1")})
        })
        .collect();
    (file, serde_json::to_string(&edits).unwrap())
}

#[test]
fn a_long_edit_list_answers_with_counts_and_the_first_edits() {
    let s = Scratch::new("long-list");
    let n = 3000;
    let (file, list) = many_edits(&s, n, &[]);
    let before = read(&file);
    let patch = s.file("edits.json", &list);
    let out = run(&[&"apply", &file, &"--patch", &patch, &"--json", &"--dry-run"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(out.stdout.len() < 200_000, "{} bytes", out.stdout.len());
    let v = json(&out);
    let f = &v["files"][0];
    assert_eq!(f["edit_counts"], json!({"would_apply": n}), "{f}");
    assert_eq!(f["edits"].as_array().unwrap().len(), 100);
    assert_eq!(f["edits"][99]["index"], 100);
    assert_eq!(f["edits_omitted"], n - 100);
    assert_eq!(f["text_edits"].as_array().unwrap().len(), 1000);
    assert_eq!(f["text_edits_omitted"], n - 1000);
    assert_eq!(read(&file), before);
}

#[test]
fn the_failed_edits_of_a_long_list_are_listed_first() {
    let s = Scratch::new("long-failing");
    let n = 3000;
    let (file, list) = many_edits(&s, n, &[2500, 2999]);
    let before = read(&file);
    let args: [&dyn AsRef<OsStr>; 5] = [&"apply", &file, &"--edit-json", &"-", &"--json"];
    let out = run_with_stdin(&args, Some(&list));
    assert_eq!(code(&out), 1, "{out:?}");
    assert!(out.stdout.len() < 200_000, "{} bytes", out.stdout.len());
    let v = json(&out);
    let f = &v["files"][0];
    let edits = f["edits"].as_array().unwrap();
    assert_eq!(edits.len(), 100);
    let failed: Vec<&Value> = edits.iter().filter(|e| e["code"] == "not_found").collect();
    let indices: Vec<&Value> = failed.iter().map(|e| &e["index"]).collect();
    assert_eq!(indices, [&json!(2500), &json!(2999)], "{f}");
    let counts = json!({"not_found": 2, "would_apply": n - 2});
    assert_eq!(f["edit_counts"], counts);
    assert_eq!(read(&file), before);
    // Text: the listed edits and a count of the others.
    let out = run_with_stdin(&args[..4], Some(&list));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() < 200, "{} lines", text.lines().count());
    let count = "(2900 more edits not listed; in all: 2 not found, 2998 would apply)";
    assert!(text.contains(count), "{text}");
    // The MCP server's apply_patch answer is bounded the same way.
    let server = editloc::mcp::Server::new(editloc::mcp::Roots::new(&[s.path("")]).unwrap());
    let mut named: Vec<Value> = serde_json::from_str(&list).unwrap();
    for edit in &mut named {
        edit["file_path"] = "v.py".into();
    }
    let answer = server.do_apply_patch(editloc::mcp::PatchParams {
        patch: serde_json::to_string(&named).unwrap(),
    });
    let f = &answer.json["files"][0];
    assert_eq!(f["edits"].as_array().unwrap().len(), 100, "{f}");
    assert_eq!(f["edits_omitted"], n - 100);
    assert_eq!(f["edit_counts"], counts);
    assert_eq!(read(&file), before);
}

/// Sends `lines` to `editloc mcp --root ROOT` and gathers the answers: by id, and how many
/// parse errors answered with id null. Standard input stays open until `expected` answers
/// with an id are in (or a minute has passed).
fn mcp_answers(root: &Path, lines: Vec<String>, expected: usize) -> (BTreeMap<u64, Value>, usize) {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(BIN)
        .args(["mcp", "--root"])
        .arg(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn editloc mcp");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for line in lines {
            stdin.write_all(line.as_bytes()).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
        stdin
    });
    let (mut answers, mut parse_errors) = (BTreeMap::new(), 0);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let started = Instant::now();
    while answers.len() < expected && started.elapsed() < Duration::from_secs(60) {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        let v: Value = serde_json::from_str(&line).unwrap();
        match v["id"].as_u64() {
            Some(id) => drop(answers.insert(id, v)),
            None => {
                assert_eq!(v["error"]["code"], -32700, "{v}");
                parse_errors += 1;
            }
        }
    }
    drop(writer.join().unwrap());
    let _ = child.kill();
    let _ = child.wait();
    (answers, parse_errors)
}

/// A `tools/call` request line.
fn call(id: u64, name: &str, arguments: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{name}","arguments":{arguments}}}}}"#
    )
}

#[test]
fn the_mcp_server_answers_every_request_line() {
    let s = Scratch::new("mcp-lines");
    let file = s.file("a.py", FILE);
    let deep = format!(
        r#"{{"file_path":"a.py","x":{}1{}}}"#,
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let huge = format!(
        r#"{{"file_path":"a.py","old_string":"x = 1","new_string":"{}"}}"#,
        "y".repeat(17 << 20)
    );
    let lines = vec![
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#.to_string(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_string(),
        "not json".to_string(),
        call(11, "read", r#"{"file_path":"a.py","limit":1e309}"#),
        call(12, "edit", r#"{"file_path":"a.py","old_string":"x = 1","new_string":"\ud800"}"#),
        call(13, "read", &deep),
        call(14, "edit", &huge),
        call(15, "read", r#"{"file_path":"a.py","limit":1e300}"#),
        r#"{"jsonrpc":"2.0","id":16,"method":"tools/list"}"#.to_string(),
        call(17, "edit", r#"{"file_path":"a.py","old_string":"y = 2","new_string":"y = 3"}"#),
    ];
    let (answers, parse_errors) = mcp_answers(&s.path(""), lines, 8);
    let ids: Vec<u64> = answers.keys().copied().collect();
    assert_eq!(ids, [0, 11, 12, 13, 14, 15, 16, 17], "{answers:#?}");
    assert_eq!(parse_errors, 1);
    let error = |id: u64| {
        let e = &answers[&id]["error"];
        (
            e["code"].as_i64().unwrap(),
            e["data"]["code"].as_str().unwrap(),
        )
    };
    assert_eq!(error(11), (-32602, "bad_arguments"));
    assert_eq!(error(12), (-32602, "bad_arguments"));
    assert_eq!(error(13), (-32602, "bad_arguments"));
    assert_eq!(error(14), (-32600, "too_large"));
    // A number too large for a count is a tool error with the code.
    let result = |id: u64| &answers[&id]["result"];
    assert_eq!(result(15)["isError"], true, "{}", answers[&15]);
    assert_eq!(result(15)["structuredContent"]["code"], "bad_arguments");
    assert!(result(16)["tools"].is_array());
    assert_eq!(result(17)["isError"], false, "{}", answers[&17]);
    assert_eq!(String::from_utf8(read(&file)).unwrap(), "x = 1\ny = 3\n");
}

#[test]
fn a_line_hint_of_zero_is_bad_arguments() {
    use editloc::{Code, Document, InputError, LocateError, Options};
    // It chose the first of two places, as the nearer to line 0.
    let doc = Document::new("a = 1\nb = 2\na = 1\n");
    let zero = Options::default().with_line_hint(Some(0));
    for result in [
        doc.apply_with("a = 1", "a = 2", &zero).map(|a| a.content),
        doc.locate_with("a = 1", &zero).map(|m| m.lines.to_string()),
    ] {
        let err = result.unwrap_err();
        assert!(
            matches!(err, LocateError::Input(InputError::LineHintZero)),
            "{err:?}"
        );
        assert_eq!(err.code(), Code::BadArguments);
    }
    let third = Options::default().with_line_hint(Some(3));
    let applied = doc.apply_with("a = 1", "a = 2", &third).unwrap();
    assert_eq!(applied.content, "a = 1\nb = 2\na = 2\n");
}

#[test]
fn an_mcp_read_with_the_largest_limit_reads_to_the_end() {
    let s = Scratch::new("mcp-read");
    s.file("r.py", "a\nb\nc\n");
    let server = editloc::mcp::Server::new(editloc::mcp::Roots::new(&[s.path("")]).unwrap());
    // `offset - 1 + limit` overflowed: a panic, and no answer.
    let answer = server.do_read(editloc::mcp::ReadParams {
        file_path: "r.py".into(),
        offset: Some(2),
        limit: Some(usize::MAX),
    });
    assert!(!answer.is_error, "{answer:?}");
    assert_eq!(answer.json["lines"], json!({"start": 2, "end": 3}));
    assert!(
        answer.text.ends_with("     2\tb\n     3\tc\n"),
        "{}",
        answer.text
    );
}
