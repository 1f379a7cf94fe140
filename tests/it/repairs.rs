//! Repairs of garbled edits (line-number prefixes, HTML entities, double encoding, comment edges, elision) and
//! the line hint, through the API and the binary. Every edit test asserts the whole file.

use editloc::Edit;
use editloc::{Document, LocateError, Mode, Options, Repair, Tier, apply_edits};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn apply(file: &str, old: &str, new: &str) -> editloc::Applied {
    Document::new(file)
        .apply(old, new)
        .unwrap_or_else(|e| panic!("apply failed: {e}\n{e:?}"))
}

fn hinted(line: usize) -> Options {
    Options::default().with_line_hint(Some(line))
}

// ---- line numbers ----------------------------------------------------------------------

const TABBED: &str = "fn main() {\n\tlet a = 1;\n\tlet b = 2;\n\tprintln!(\"{}\", a + b);\n}\n";

#[test]
fn cat_n_prefixes_are_stripped_and_the_numbers_agree() {
    let a = apply(
        TABBED,
        "     2\t    let a = 1;\n     3\t    let b = 2;\n",
        "     2\t    let a = 10;\n     3\t    let b = 2;\n",
    );
    assert_eq!(
        a.content,
        "fn main() {\n\tlet a = 10;\n\tlet b = 2;\n\tprintln!(\"{}\", a + b);\n}\n"
    );
    assert_eq!(a.provenance.repairs, [Repair::LineNumbers]);
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert!(
        a.provenance.notes.iter().any(|n| n.contains("agree")),
        "{:?}",
        a.provenance.notes
    );
}

#[test]
fn every_read_tool_style_is_recognised() {
    for (old, new) in [
        (
            "  2 | \tlet a = 1;\n  3 | \tlet b = 2;\n",
            "  2 | \tlet a = 1;\n  3 | \tlet b = 3;\n",
        ),
        (
            "2│\tlet a = 1;\n3│\tlet b = 2;\n",
            "2│\tlet a = 1;\n3│\tlet b = 3;\n",
        ),
        (
            "L2: \tlet a = 1;\nL3: \tlet b = 2;\n",
            "L2: \tlet a = 1;\nL3: \tlet b = 3;\n",
        ),
        (
            "     2→\tlet a = 1;\n     3→\tlet b = 2;\n",
            "     2→\tlet a = 1;\n     3→\tlet b = 3;\n",
        ),
    ] {
        let a = apply(TABBED, old, new);
        assert_eq!(
            a.content, "fn main() {\n\tlet a = 1;\n\tlet b = 3;\n\tprintln!(\"{}\", a + b);\n}\n",
            "{old:?}"
        );
        assert_eq!(a.provenance.tier, Tier::Exact, "{old:?}");
        assert_eq!(a.provenance.repairs, [Repair::LineNumbers]);
    }
}

#[test]
fn lines_new_adds_may_carry_no_number_or_repeat_one() {
    let a = apply(
        TABBED,
        "  3 |     let b = 2;\n  4 |     println!(\"{}\", a + b);\n",
        "  3 |     let b = 2;\n    let c = 3;\n  3 |     let d = 4;\n  4 |     println!(\"{}\", a + b + c + d);\n",
    );
    assert_eq!(
        a.content,
        "fn main() {\n\tlet a = 1;\n\tlet b = 2;\n\tlet c = 3;\n\tlet d = 4;\n\tprintln!(\"{}\", a + b + c + d);\n}\n"
    );
}

#[test]
fn a_prefix_style_on_only_some_lines_is_no_repair() {
    let err = Document::new(TABBED)
        .apply(
            "  2 |     let a = 1;\n    let b = 2;\n",
            "  2 |     let a = 5;\n    let b = 2;\n",
        )
        .unwrap_err();
    let LocateError::NotFound(report) = &err else {
        panic!("{err:?}")
    };
    let numbers = report
        .repairs
        .iter()
        .find(|r| r.repair == "line-numbers")
        .unwrap();
    assert!(numbers.outcome.starts_with("not applicable"), "{numbers:?}");
    assert!(numbers.outcome.contains("line 2"), "{numbers:?}");
    assert_eq!(report.repairs.len(), 5, "{:?}", report.repairs);
    // The text names only repairs that were tried; none was.
    assert!(!err.report().unwrap().to_string().contains("repairs:"));
}

#[test]
fn numbers_that_contradict_the_location_are_refused() {
    let mut file = String::new();
    for i in 1..=40 {
        file.push_str(&format!("line {i}\n"));
    }
    let err = Document::new(file.as_str())
        .apply(
            "  3 | line 30\n  4 | line 31\n",
            "  3 | line 30\n  4 | LINE 31\n",
        )
        .unwrap_err();
    let LocateError::Refused { lines, reason, .. } = &err else {
        panic!("{err:?}")
    };
    assert_eq!((lines.start, lines.end), (30, 31));
    assert!(reason.contains("contradict"), "{reason}");
    // Within the tolerance (5 lines) the edit lands.
    let a = apply(
        &file,
        "  26 | line 30\n  27 | line 31\n",
        "  26 | line 30\n  27 | LINE 31\n",
    );
    assert_eq!(a.content, file.replace("line 31\n", "LINE 31\n"));
    assert!(
        a.provenance
            .notes
            .iter()
            .any(|n| n.contains("4 line(s) off")),
        "{:?}",
        a.provenance.notes
    );
}

#[test]
fn the_numbers_choose_between_duplicates_only_when_they_point_at_one() {
    // `  x = 1` at lines 2 and 20.
    let filler: String = (3..20).map(|i| format!("f{i}\n")).collect();
    let file = format!("a\n  x = 1\n{filler}  x = 1\nz\n");
    let a = apply(&file, "    20\t  x = 1\n", "    20\t  x = 2\n");
    assert_eq!(a.content, format!("a\n  x = 1\n{filler}  x = 2\nz\n"));
    assert!(
        !a.provenance.hint_decided,
        "numbers are not the caller's hint"
    );
    assert!(
        a.provenance
            .notes
            .iter()
            .any(|n| n.contains("chose lines 20")),
        "{:?}",
        a.provenance.notes
    );
    // Line 11 is 9 lines from both; nothing within the tolerance decides.
    let err = Document::new(file.as_str())
        .apply("    11\t  x = 1\n", "    11\t  x = 2\n")
        .unwrap_err();
    assert!(matches!(err, LocateError::Ambiguous(_)), "{err:?}");
    assert!(err.to_string().contains("did not decide"), "{err}");
}

// ---- HTML entities ---------------------------------------------------------------------

#[test]
fn html_entities_are_decoded_in_old_and_new() {
    let file =
        "function f(a, b) {\r\n  if (a < b && b > 0) {\r\n    return \"lt\";\r\n  }\r\n}\r\n";
    let a = apply(
        file,
        "  if (a &lt; b &amp;&amp; b &gt; 0) {\n    return &quot;lt&quot;;\n",
        "  if (a &lt;= b &amp;&amp; b &gt; 0) {\n    return &#39;le&#39;;\n",
    );
    assert_eq!(
        a.content,
        "function f(a, b) {\r\n  if (a <= b && b > 0) {\r\n    return 'le';\r\n  }\r\n}\r\n"
    );
    assert_eq!(a.provenance.repairs, [Repair::HtmlEntities]);
}

#[test]
fn entities_the_file_really_contains_land_plainly() {
    let file = "<p>a &lt; b</p>\n<p>c</p>\n";
    let a = apply(file, "<p>a &lt; b</p>\n", "<p>a &lt; b &amp; c</p>\n");
    assert_eq!(a.content, "<p>a &lt; b &amp; c</p>\n<p>c</p>\n");
    assert!(a.provenance.repairs.is_empty());
    assert_eq!(a.provenance.tier, Tier::Exact);
}

// ---- double encoding -------------------------------------------------------------------

#[test]
fn double_encoded_old_and_new_are_decoded_like_json() {
    let file = "def greet(name):\n    print(\"hi\", name)\n    return name\n";
    let a = apply(
        file,
        r#"def greet(name):\n    print(\"hi\", name)\n"#,
        r#"def greet(name):\n    print(\"hello\", name)\n\treturn None\n"#,
    );
    // Decoded, `old` occurs exactly: `new` is written as sent, its tab included.
    assert_eq!(
        a.content,
        "def greet(name):\n    print(\"hello\", name)\n\treturn None\n    return name\n"
    );
    assert_eq!(a.provenance.repairs, [Repair::DoubleEncoded]);
}

#[test]
fn text_that_is_not_a_json_string_body_is_not_decoded() {
    let err = Document::new("x = re.compile('\\d+')\ny = 1\n")
        .apply(r"x = re.compile('\d+')\ny = 2", "z")
        .unwrap_err();
    let LocateError::NotFound(report) = &err else {
        panic!("{err:?}")
    };
    let r = report
        .repairs
        .iter()
        .find(|r| r.repair == "double-encoded")
        .unwrap();
    assert!(r.outcome.contains("not a JSON escape"), "{r:?}");
}

// ---- elision ---------------------------------------------------------------------------

const LONG_FN: &str = "function total(items) {\r\n  let sum = 0;\r\n  for (const it of items) {\r\n    sum += it.price;\r\n  }\r\n  log(sum);   \r\n  return sum;\r\n}\r\n\r\nfunction other() {\r\n  return 1;\r\n}\r\n";

#[test]
fn elided_lines_are_kept_and_both_parts_are_written() {
    let a = apply(
        LONG_FN,
        "function total(items) {\n  let sum = 0;\n  // ... existing code ...\n  return sum;\n}\n",
        "function total(items) {\n  let sum = 1;\n  // ... existing code ...\n  return sum * 2;\n}\n",
    );
    assert_eq!(
        a.content,
        "function total(items) {\r\n  let sum = 1;\r\n  for (const it of items) {\r\n    sum += it.price;\r\n  }\r\n  log(sum);   \r\n  return sum * 2;\r\n}\r\n\r\nfunction other() {\r\n  return 1;\r\n}\r\n"
    );
    assert_eq!(a.provenance.repairs, [Repair::Elision]);
    assert_eq!((a.lines.start, a.lines.end), (1, 8));
}

#[test]
fn elision_with_line_numbers() {
    let a = apply(
        LONG_FN,
        "  1 | function total(items) {\n  ...\n  7 |   return sum;\n  8 | }\n",
        "  1 | function total(items: Item[]) {\n  ...\n  7 |   return sum;\n  8 | }\n",
    );
    assert_eq!(
        a.content,
        LONG_FN.replacen("total(items)", "total(items: Item[])", 1)
    );
    assert_eq!(a.provenance.repairs, [Repair::LineNumbers, Repair::Elision]);
}

#[test]
fn an_unpaired_marker_is_refused() {
    let err = Document::new(LONG_FN)
        .apply(
            "function total(items) {\n  // ...\n  return sum;\n}\n",
            "function total(items) {\n  return 0;\n}\n",
        )
        .unwrap_err();
    let LocateError::Refused { reason, lines, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("elision marker"), "{reason}");
    assert_eq!((lines.start, lines.end), (1, 8));
}

#[test]
fn elision_parts_must_fit_one_place_in_order() {
    // `}` after the marker could be the loop's or the function's brace; the elided lines
    // must stay inside the block the brace closes, so only the function's fits.
    let a = apply(
        LONG_FN,
        "  let sum = 0;\n  // ...\n}\n",
        "  let sum = 1;\n  // ...\n}\n",
    );
    assert_eq!(a.content, LONG_FN.replace("let sum = 0", "let sum = 1"));
    assert_eq!((a.lines.start, a.lines.end), (2, 8));
    // Two bodies fit: ambiguous, unless a line hint picks one.
    let twice = "function a() {\n  let sum = 0;\n  step();\n  return sum;\n}\nfunction b() {\n  let sum = 0;\n  other();\n  return sum;\n}\n";
    let (old, new) = (
        "  let sum = 0;\n  // ...\n  return sum;\n",
        "  let sum = 1;\n  // ...\n  return sum;\n",
    );
    let err = Document::new(twice).apply(old, new).unwrap_err();
    assert!(matches!(err, LocateError::Ambiguous(_)), "{err:?}");
    let candidates = &err.report().unwrap().candidates;
    assert_eq!(
        candidates
            .iter()
            .map(|c| (c.start, c.end))
            .collect::<Vec<_>>(),
        [(2, 4), (7, 9)]
    );
    let a = Document::new(twice)
        .apply_with(old, new, &hinted(8))
        .unwrap();
    assert_eq!(
        a.content,
        twice
            .replacen("let sum = 0", "let sum = 1", 2)
            .replacen("let sum = 1", "let sum = 0", 1)
    );
    assert!(a.provenance.hint_decided);
    assert_eq!(a.provenance.repairs, [Repair::Elision]);
    // The parts exist, but not in this order.
    let err = Document::new(LONG_FN)
        .apply(
            "  return sum;\n  // ...\n  let sum = 0;\n",
            "  return sum;\n  // ...\n  let sum = 1;\n",
        )
        .unwrap_err();
    let LocateError::NotFound(report) = &err else {
        panic!("{err:?}")
    };
    let r = report
        .repairs
        .iter()
        .find(|r| r.repair == "elision")
        .unwrap();
    assert!(r.outcome.contains("not in that order"), "{r:?}");
}

#[test]
fn an_elision_does_not_run_out_of_its_block() {
    // `return y` is only in `b`: reaching it from `a` would elide `a`'s end and `def b`.
    let file =
        "def a(x):\n    y = x + 1\n    return y * 2\n\n\ndef b(x):\n    y = x - 1\n    return y\n";
    let err = Document::new(file)
        .apply(
            "def a(x):\n    # ...\n    return y\n",
            "def a(x):\n    # ...\n    return y + 1\n",
        )
        .unwrap_err();
    assert!(matches!(err, LocateError::NotFound(_)), "{err:?}");
    let a = apply(
        file,
        "def a(x):\n    # ...\n    return y * 2\n",
        "def a(x):\n    # ...\n    return y * 3\n",
    );
    assert_eq!(a.content, file.replace("y * 2", "y * 3"));
}

// ---- line hint -------------------------------------------------------------------------

const TWICE: &str =
    "def a():\n    return 1\n\n\n\n\n\n\n\n\ndef b():\n    return 1\n\ndef c():\n    pass\n";

#[test]
fn the_line_hint_breaks_a_tie() {
    let doc = Document::new(TWICE);
    let a = doc
        .apply_with("    return 1\n", "    return 2\n", &hinted(11))
        .unwrap();
    assert_eq!(
        a.content,
        "def a():\n    return 1\n\n\n\n\n\n\n\n\ndef b():\n    return 2\n\ndef c():\n    pass\n"
    );
    assert!(a.provenance.hint_decided);
    assert!(a.provenance.repairs.is_empty());
    assert!(
        a.provenance.notes[0].contains("line hint 11 chose lines 12"),
        "{:?}",
        a.provenance.notes
    );
    let m = doc.locate_with("    return 1\n", &hinted(3)).unwrap();
    assert_eq!(m.lines.start, 2);
    assert!(m.provenance.hint_decided);
}

#[test]
fn without_a_decisive_hint_ambiguity_stays() {
    let doc = Document::new(TWICE);
    for options in [Options::default(), hinted(7), hinted(200)] {
        let err = doc
            .apply_with("    return 1\n", "    return 2\n", &options)
            .unwrap_err();
        assert!(
            matches!(err, LocateError::Ambiguous(_)),
            "{options:?}: {err:?}"
        );
        if options.line_hint.is_some() {
            assert!(err.to_string().contains("did not decide"), "{err}");
        }
    }
}

// ---- batches, check ----------------------------------------------------------------------

#[test]
fn batches_get_the_repairs_through_the_shared_plan() {
    let doc = Document::new(TABBED);
    let edits = [
        Edit {
            old: "     2\t    let a = 1;\n".into(),
            new: "     2\t    let a = 7;\n".into(),
            ..Edit::default()
        },
        Edit {
            old: r#"    println!(\"{}\", a + b);\n}"#.into(),
            new: r#"    println!(\"{}\", a * b);\n}"#.into(),
            ..Edit::default()
        },
    ];
    let b = apply_edits(&doc, &edits, &Options::default(), Mode::AllOrNothing).unwrap();
    assert_eq!(
        b.content,
        "fn main() {\n\tlet a = 7;\n\tlet b = 2;\n\tprintln!(\"{}\", a * b);\n}\n"
    );
    let located: Vec<_> = b.edits.iter().map(|e| e.result.as_ref().unwrap()).collect();
    assert_eq!(located[0].provenance.repairs, [Repair::LineNumbers]);
    assert_eq!(located[1].provenance.repairs, [Repair::DoubleEncoded]);
}

#[test]
fn an_edit_that_only_changes_line_numbers_changes_nothing() {
    let err = Document::new(TABBED)
        .apply("  2 | \tlet a = 1;\n", "  3 | \tlet a = 1;\n")
        .unwrap_err();
    assert!(matches!(err, LocateError::Input(_)), "{err:?}");
}

// ---- CLI -------------------------------------------------------------------------------

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-repairs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn editloc(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_editloc"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn cli_line_hint_and_repairs_in_json() {
    let dir = scratch("cli");
    std::fs::write(dir.join("f.py"), TWICE).unwrap();
    std::fs::write(dir.join("old"), "    return 1\n").unwrap();
    std::fs::write(dir.join("new"), "    return 2\n").unwrap();
    let args = ["apply", "f.py", "--old", "old", "--new", "new", "--json"];
    let out = editloc(&dir, &args);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["status"], "ambiguous");
    assert_eq!(std::fs::read_to_string(dir.join("f.py")).unwrap(), TWICE);

    let out = editloc(&dir, &[&args[..], &["--line", "12"]].concat());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json(&out);
    assert_eq!(v["hint_decided"], true);
    assert_eq!(v["repairs"], serde_json::json!([]));
    assert_eq!(
        std::fs::read_to_string(dir.join("f.py")).unwrap(),
        "def a():\n    return 1\n\n\n\n\n\n\n\n\ndef b():\n    return 2\n\ndef c():\n    pass\n"
    );

    std::fs::write(dir.join("old"), "    14\tdef c():\n    15\t    pass\n").unwrap();
    std::fs::write(dir.join("new"), "    14\tdef c():\n    15\t    return 3\n").unwrap();
    let out = editloc(&dir, &args);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let v = json(&out);
    assert_eq!(v["repairs"], serde_json::json!(["line-numbers"]));
    assert_eq!(
        std::fs::read_to_string(dir.join("f.py")).unwrap(),
        "def a():\n    return 1\n\n\n\n\n\n\n\n\ndef b():\n    return 2\n\ndef c():\n    return 3\n"
    );

    std::fs::write(dir.join("old"), "    12\t    return 2\n").unwrap();
    let out = editloc(&dir, &["check", "f.py", "--old", "old"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("repairs: line-numbers"), "{text}");
    assert!(text.contains("note: the line numbers"), "{text}");

    std::fs::write(dir.join("old"), "    return 9\n").unwrap();
    let out = editloc(&dir, &["check", "f.py", "--old", "old"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    // Every repair was not applicable: the JSON says so, the text stays short.
    assert!(!text.contains("repairs:"), "{text}");
    let out = editloc(&dir, &["check", "f.py", "--old", "old", "--json"]);
    let v = json(&out);
    assert_eq!(
        v["report"]["repairs"][0],
        serde_json::json!({"repair": "double-encoded", "outcome": "not applicable: `old` has no `\\n` escape"})
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn repairs_can_be_switched_off() {
    let file = "def f():\n    return 1\n";
    let old = "     2\t    return 1\n";
    let new = "     2\t    return 2\n";
    let doc = Document::new(file);
    let a = doc.apply(old, new).unwrap();
    assert_eq!(a.content, "def f():\n    return 2\n");
    let strict = Options::default().with_repairs(false);
    let err = doc.apply_with(old, new, &strict).unwrap_err();
    let LocateError::NotFound(report) = err else {
        panic!("{err:?}")
    };
    assert!(report.repairs.is_empty(), "{:?}", report.repairs);
}

// ---- comment edges ---------------------------------------------------------------------

const DOCUMENTED: &str = "/**\n * The size.\n */\nexport const size = <V>(self: Set<V>): number =>\n  Map.size(self.keyMap)\n\n/**\n * The rest.\n */\nexport const rest = 1\n";

#[test]
fn an_old_starting_after_a_comment_s_opening_is_found_without_the_partial_comment() {
    // `old` starts with the closing ` */` of the doc comment above (a partial comment that
    // reads as operators) and the file wraps the arrow function: the repair strips ` */` from
    // both sides, checks the file has it right above, and the structural tier finds the rest.
    let a = Document::new(DOCUMENTED)
        .with_language(editloc::Language::TypeScript)
        .apply(
            " */\nexport const size = <V>(self: Set<V>): number => Map.size(self.keyMap)",
            " */\nexport const size = <V>(self: Set<V>): number => Map.count(self.keyMap)",
        )
        .unwrap_or_else(|e| panic!("apply failed: {e}"));
    assert_eq!(
        a.content,
        "/**\n * The size.\n */\nexport const size = <V>(self: Set<V>): number =>\n  Map.count(self.keyMap)\n\n/**\n * The rest.\n */\nexport const rest = 1\n"
    );
    assert_eq!(a.provenance.repairs, [Repair::CommentEdges]);
}

#[test]
fn a_place_without_the_stripped_comment_lines_is_not_old_s() {
    // The rest of `old` is in the file, but not after a comment's end: nothing is found.
    let file = "export const size = 1\n";
    let err = Document::new(file)
        .with_language(editloc::Language::TypeScript)
        .apply(" */\nexport const size = 1", " */\nexport const size = 2")
        .unwrap_err();
    assert!(matches!(err, LocateError::NotFound(_)), "{err:?}");
}
