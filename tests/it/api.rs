//! Behaviour through the public API. Every edit test asserts the whole resulting file.

use editloc::{Difference, Document, InputError, LocateError, Options, Tier};

fn apply(file: &str, old: &str, new: &str) -> editloc::Applied {
    Document::new(file)
        .apply(old, new)
        .unwrap_or_else(|e| panic!("apply failed: {e:?}"))
}

#[test]
fn exact_match_replaces_in_place() {
    let a = apply("a\nb\nc\n", "b\n", "B\n");
    assert_eq!(a.provenance.tier, Tier::Exact);
    assert_eq!(a.content, "a\nB\nc\n");
    assert_eq!((a.lines.start, a.lines.end), (2, 2));
}

#[test]
fn crlf_file_single_line_lf_edit_part_of_a_line() {
    let a = apply("line one\r\nfoo bar\r\nline three", "foo bar", "baz qux");
    assert_eq!(a.content, "line one\r\nbaz qux\r\nline three");
}

#[test]
fn crlf_file_multi_line_lf_edit_stays_crlf() {
    let a = apply("a\r\nb\r\nc\r\nd", "b\nc\nd", "x\ny");
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert_eq!(a.content, "a\r\nx\r\ny");
}

#[test]
fn crlf_file_inserted_lines_get_crlf() {
    let file = "function f() {\r\n  const a = 1;\r\n  return a;\r\n}\r\n";
    let a = apply(
        file,
        "  const a = 1;\n  return a;\n",
        "  const a = 1;\n  const b = 2;\n  return a + b;\n",
    );
    assert_eq!(
        a.content,
        "function f() {\r\n  const a = 1;\r\n  const b = 2;\r\n  return a + b;\r\n}\r\n"
    );
}

#[test]
fn tabs_file_space_indented_edit_keeps_tabs() {
    let file = "class A {\n\tm() {\n\t\tif (x) {\n\t\t\treturn 1;\n\t\t}\n\t}\n}\n";
    let old = "    m() {\n        if (x) {\n            return 1;\n        }\n";
    let new =
        "    m() {\n        if (x) {\n            log(x);\n            return 2;\n        }\n";
    let a = apply(file, old, new);
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert_eq!(
        a.content,
        "class A {\n\tm() {\n\t\tif (x) {\n\t\t\tlog(x);\n\t\t\treturn 2;\n\t\t}\n\t}\n}\n"
    );
}

#[test]
fn python_method_with_omitted_indentation_stays_in_its_class() {
    let file = "class Service:\n    def run(self):\n        total = 0\n        for x in self.items:\n            total += x\n        return total\n\n\ndef main():\n    pass\n";
    let old = "total = 0\nfor x in self.items:\n    total += x\nreturn total\n";
    let new = "total = 0\nfor x in self.items:\n    if x > 0:\n        total += x\nreturn total\n";
    let a = apply(file, old, new);
    assert_eq!(
        a.content,
        "class Service:\n    def run(self):\n        total = 0\n        for x in self.items:\n            if x > 0:\n                total += x\n        return total\n\n\ndef main():\n    pass\n"
    );
}

#[test]
fn over_indented_edit_is_brought_back_to_the_file_depth() {
    let file = "def f():\n    a = 1\n    b = 2\n";
    let old = "        a = 1\n        b = 2\n";
    let new = "        a = 1\n        if a:\n            b = 3\n";
    let a = apply(file, old, new);
    assert_eq!(a.content, "def f():\n    a = 1\n    if a:\n        b = 3\n");
}

#[test]
fn trailing_spaces_on_untouched_lines_are_kept() {
    let file = "foo  \nbar\t\nbaz\n";
    let a = apply(file, "foo\nbar\n", "foo\nBAR\n");
    assert_eq!(a.content, "foo  \nBAR\nbaz\n");
}

#[test]
fn curly_quotes_the_model_did_not_change_are_kept() {
    let file = "msg = \u{2018}it\u{2019}s here\u{2019}  # note \u{2014} keep\nx = 1\n";
    let old = "msg = 'it's here'  # note - keep\nx = 1\n";
    let new = "msg = 'it's there'  # note - keep\nx = 1\n";
    let a = apply(file, old, new);
    assert_eq!(
        a.content,
        "msg = \u{2018}it\u{2019}s there\u{2019}  # note \u{2014} keep\nx = 1\n"
    );
}

#[test]
fn blank_lines_the_file_has_inside_the_region_stay() {
    let file = "a = 1\n\n\nb = 2\nc = 3\n";
    let a = apply(file, "a = 1\nb = 2\n", "a = 10\nb = 2\n");
    assert_eq!(a.content, "a = 10\n\n\nb = 2\nc = 3\n");
}

#[test]
fn blank_lines_old_has_and_the_file_lacks_are_not_brought_back() {
    let file = "a = 1\nb = 2\n";
    let a = apply(file, "a = 1\n\nb = 2\n", "a = 1\n\nb = 20\n");
    assert_eq!(a.content, "a = 1\nb = 20\n");
}

#[test]
fn bom_and_missing_final_newline_are_kept() {
    let file = "\u{FEFF}x = 1\r\ny = 2";
    let a = apply(file, "y = 2\n", "y = 3\nz = 4\n");
    assert_eq!(a.content, "\u{FEFF}x = 1\r\ny = 3\r\nz = 4");
}

#[test]
fn deleting_lines_removes_them_whole() {
    let file = "\tone();\n\ttwo();\n\tthree();\n";
    let a = apply(file, "    two();\n", "");
    assert_eq!(a.content, "\tone();\n\tthree();\n");
}

#[test]
fn inconsistent_relative_indentation_is_refused() {
    let file = "if a:\n    x = 1\ny = 2\n";
    // The model's view puts `x = 1` at the same depth as `if a:`; a line it inserts at that
    // depth could belong in the block or after it.
    let err = Document::new(file)
        .apply("if a:\nx = 1\ny = 2\n", "if a:\nx = 1\nz = 0\ny = 2\n")
        .unwrap_err();
    assert!(matches!(err, LocateError::Refused { .. }), "{err:?}");
}

#[test]
fn two_places_are_ambiguous_with_every_candidate() {
    let file = "if (x) {\n  go();\n}\nwait();\nif (x) {\n  go();\n}\n";
    let err = Document::new(file)
        .locate("if (x) {\n  go();\n}\n")
        .unwrap_err();
    let LocateError::Ambiguous(report) = err else {
        panic!("{err:?}")
    };
    let lines: Vec<_> = report.candidates.iter().map(|r| (r.start, r.end)).collect();
    assert_eq!(lines, vec![(1, 3), (5, 7)]);
    assert!(report.hint.contains("2 places"));
}

#[test]
fn not_found_report_names_tiers_candidate_and_identifier() {
    let file = "fn a() {}\n\nfn load(user_id: u32) {\n    let user = db.get(userID);\n    user.touch();\n}\n";
    let err = Document::new(file)
        .locate("    let user = db.get(userId);\n    user.touch();\n")
        .unwrap_err();
    let LocateError::NotFound(report) = err else {
        panic!("{err:?}")
    };
    assert_eq!(report.tiers[0].outcome(), "0 occurrences");
    assert_eq!(report.tiers[1].outcome(), "0 occurrences");
    let closest = report.closest.as_ref().unwrap();
    assert_eq!((closest.lines.start, closest.lines.end), (4, 5));
    assert!(closest.similarity > 0.8);
    assert!(closest.differences.contains(&Difference::Identifiers {
        pairs: vec![("userId".into(), "userID".into())],
        more: 0
    }));
    assert!(
        report.hint.contains("`userId` is `userID`"),
        "{}",
        report.hint
    );
}

#[test]
fn already_applied_edit_is_reported_as_such() {
    let err = Document::new("a\nB\nc\n").apply("b\n", "B\n").unwrap_err();
    let LocateError::AlreadyApplied(report) = err else {
        panic!("{err:?}")
    };
    assert_eq!(report.already_applied.map(|l| l.start), Some(2));
}

#[test]
fn strict_mode_stops_at_the_exact_tier() {
    let options = Options::default().with_max_tier(Tier::Exact);
    let err = Document::new("a\r\nb\r\n")
        .locate_with("a\nb\n", &options)
        .unwrap_err();
    assert!(matches!(err, LocateError::NotFound(_)));
}

#[test]
fn bad_inputs_are_clear_errors() {
    let doc = Document::new("a\n");
    assert!(matches!(
        doc.apply("", "x"),
        Err(LocateError::Input(InputError::EmptyOld))
    ));
    assert!(matches!(
        doc.apply("a", "a"),
        Err(LocateError::Input(InputError::NoChange))
    ));
    assert_eq!(
        Document::from_bytes(vec![b'a', 0, b'b']).unwrap_err(),
        InputError::Binary { offset: 1 }
    );
    assert_eq!(
        Document::from_bytes(vec![b'a', b'b', 0xff]).unwrap_err(),
        InputError::NotUtf8 { offset: 2 }
    );
}

#[test]
fn empty_file_has_nothing_to_find() {
    assert!(matches!(
        Document::new("").locate("x"),
        Err(LocateError::NotFound(_))
    ));
}

#[test]
fn a_result_that_parses_worse_is_flagged_or_refused() {
    let file = "function f(a: number) {\n  return a;\n}\n";
    let doc = Document::new(file).with_name("f.ts");
    let a = doc.apply("  return a;\n", "  return a +;\n").unwrap();
    assert_eq!(a.content, "function f(a: number) {\n  return a +;\n}\n");
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert!(a.warnings[0].contains("typescript"), "{:?}", a.warnings);
    let strict = Options::default().with_require_clean_parse(true);
    let err = doc
        .apply_with("  return a;\n", "  return a +;\n", &strict)
        .unwrap_err();
    assert!(matches!(err, LocateError::Refused { .. }), "{err:?}");
    let clean = doc
        .apply_with("  return a;\n", "  return a * 2;\n", &strict)
        .unwrap();
    assert_eq!(
        clean.content,
        "function f(a: number) {\n  return a * 2;\n}\n"
    );
    assert!(clean.warnings.is_empty());
}

#[test]
fn unknown_language_skips_the_structural_tier_and_says_so() {
    let doc = Document::new("alpha beta\n").with_name("notes.txt");
    let LocateError::NotFound(report) = doc.locate("gamma").unwrap_err() else {
        panic!()
    };
    assert_eq!(report.tiers[2].tier, Tier::Structural);
    assert!(
        report.tiers[2]
            .outcome()
            .starts_with("skipped: no grammar for `notes.txt`"),
        "{}",
        report.tiers[2].outcome()
    );
}

#[test]
fn prettier_reflowed_signature_lands_structurally_keeping_the_file_format() {
    let file = "export function processOrder(\n  orderId: string,\n  userId: string,\n  options: ProcessOptions,\n): Promise<OrderResult> {\n  return run(orderId);\n}\n";
    let old = "export function processOrder(\n  orderId: string, userId: string, options: ProcessOptions\n): Promise<OrderResult> {\n";
    let new = "export function processOrder(\n  orderId: string, customerId: string, options: ProcessOptions\n): Promise<OrderResult> {\n";
    let a = Document::new(file)
        .with_name("order.ts")
        .apply(old, new)
        .unwrap();
    assert_eq!(a.provenance.tier, Tier::Structural);
    assert!(!a.fallback);
    assert_eq!(
        a.content,
        "export function processOrder(\n  orderId: string,\n  customerId: string,\n  options: ProcessOptions,\n): Promise<OrderResult> {\n  return run(orderId);\n}\n"
    );
}

#[test]
fn an_ellipsis_in_the_file_matches_three_dots_and_stays() {
    let file = "export const labels = {\n  loading: \"Loading\u{2026}\",\n  empty: \"Nothing here\",\n};\n";
    let a = apply(
        file,
        "  loading: \"Loading...\",\n  empty: \"Nothing here\",\n",
        "  loading: \"Loading...\",\n  empty: \"Nothing here yet\",\n",
    );
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert_eq!(
        a.content,
        "export const labels = {\n  loading: \"Loading\u{2026}\",\n  empty: \"Nothing here yet\",\n};\n"
    );
}

#[test]
fn an_occurrence_inside_a_longer_word_is_not_taken() {
    let doc = Document::new("def f():\n    retry_count = 0\n    return retry_count\n");
    let err = doc.apply("count = 0", "count = 1").unwrap_err();
    let LocateError::NotFound(report) = err else {
        panic!("{err:?}")
    };
    assert_eq!(
        report.tiers[0].outcome(),
        "1 occurrence, inside a longer word at line 2 (not taken)"
    );
    let a = doc.apply("retry_count = 0", "retry_count = 1").unwrap();
    assert_eq!(
        a.content,
        "def f():\n    retry_count = 1\n    return retry_count\n"
    );
}

#[test]
fn an_elision_marker_is_not_a_comment_to_the_structural_tier() {
    // Read as a comment, `// ...` would make `a();` and the first `log();` adjacent; as an
    // elision both `log();` lines fit after `a();`, so the edit is ambiguous.
    let file = "function run() {\n  a();\n  log();\n  b();\n  log();\n}\n";
    let doc = Document::new(file).with_name("run.ts");
    let err = doc
        .apply(
            "  a();\n  // ...\n  log();\n",
            "  a();\n  // ...\n  log(1);\n",
        )
        .unwrap_err();
    assert!(matches!(err, LocateError::Ambiguous(_)), "{err:?}");
}

#[test]
fn python_old_that_puts_a_line_in_another_block_is_refused() {
    // The model thinks `c()` is inside the `if`; in the file it runs after it.
    let file = "def f(a):\n    if a:\n        b()\n    c()\n";
    let err = Document::new(file)
        .with_name("f.py")
        .apply("if a:\n    b()\n    c()\n", "if a:\n    b()\n    d()\n")
        .unwrap_err();
    let LocateError::Refused { reason, .. } = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("indented"), "{reason}");
}

#[test]
fn brace_code_with_flattened_indentation_still_lands_in_the_file_style() {
    // Indentation is not syntax here: the changed line keeps the file's indentation.
    let file = "function f(a) {\n  if (a) {\n    b();\n  }\n  c();\n}\n";
    let a = Document::new(file)
        .with_name("f.js")
        .apply("if (a) {\nb();\n}\nc();\n", "if (a) {\nb();\n}\nd();\n")
        .unwrap();
    assert_eq!(
        a.content,
        "function f(a) {\n  if (a) {\n    b();\n  }\n  d();\n}\n"
    );
}

#[test]
fn new_that_adds_to_old_and_is_already_there_is_already_applied() {
    let file = "import functools\n\n\n@functools.cache\ndef f(x):\n    return x * 2\n";
    let err = Document::new(file)
        .with_name("f.py")
        .apply("def f(x):\n", "@functools.cache\ndef f(x):\n")
        .unwrap_err();
    let LocateError::AlreadyApplied(report) = err else {
        panic!("{err:?}")
    };
    assert_eq!(
        report.already_applied.map(|l| (l.start, l.end)),
        Some((4, 5))
    );
}

#[test]
fn new_adding_what_the_file_already_has_before_old_is_refused() {
    // The model forgot `async` in `old`; its `new` adds it (and an `await`): writing would
    // give `async async function`.
    let file = "async function load(u: string) {\n  return fetch(u);\n}\n";
    let err = Document::new(file)
        .with_name("load.ts")
        .apply(
            "function load(u: string) {\n  return fetch(u);\n}\n",
            "async function load(u: string) {\n  return await fetch(u);\n}\n",
        )
        .unwrap_err();
    let LocateError::Refused { reason, .. } = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("`async`"), "{reason}");
}

#[test]
fn a_change_of_only_typographic_characters_is_written() {
    // The model changes curly quotes to straight ones on purpose: that is its edit.
    let file = "title: \u{201C}hello\u{201D}\nbody: x\n";
    let a = Document::new(file)
        .apply("title: \u{201C}hello\u{201D}\n", "title: \"hello\"\n")
        .unwrap();
    assert_eq!(a.content, "title: \"hello\"\nbody: x\n");
    // Only a trailing Markdown hard break removed, in a CRLF file.
    let file = "line one  \r\nline two\r\n";
    let a = Document::new(file)
        .apply("line one  \nline two\n", "line one\nline two\n")
        .unwrap();
    assert_eq!(a.content, "line one\r\nline two\r\n");
}

#[test]
fn an_edit_that_would_change_nothing_is_already_applied() {
    // `old` has a curly quote the file does not have; `new` spells it as the file does.
    let err = Document::new("say(\"hi\")\n")
        .apply("say(\u{201C}hi\u{201D})\n", "say(\"hi\")\n")
        .unwrap_err();
    assert!(matches!(err, LocateError::AlreadyApplied(_)), "{err:?}");
}

#[test]
fn deleting_part_of_a_line_takes_its_trailing_space_along() {
    let a = apply("call(\u{201C}x\u{201D}, y)\n", "\"x\", ", "");
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert_eq!(a.content, "call(y)\n");
}

#[test]
fn an_inserted_line_takes_its_neighbours_line_ending() {
    // Exact: `old` shows the LF, and `new` is written as sent.
    let file = "a\r\nb\r\nodd\nc\r\nd\r\n";
    let a = apply(file, "odd\n", "odd\nnew\n");
    assert_eq!(a.provenance.tier, Tier::Exact);
    assert_eq!(a.content, "a\r\nb\r\nodd\nnew\nc\r\nd\r\n");
    // Normalized: each kept line keeps its own ending; the inserted line takes the ending of
    // the line it follows, not the file's majority.
    let file = "a\r\nb\r\nodd\nc\r\nd\r\n";
    let a = apply(file, "  odd\n  c", "  odd\n  new\n  c");
    assert_eq!(a.provenance.tier, Tier::Normalized);
    assert_eq!(a.content, "a\r\nb\r\nodd\nnew\nc\r\nd\r\n");
    let a = apply(file, "  b\n  odd", "  b\n  new\n  odd");
    assert_eq!(a.content, "a\r\nb\r\nnew\r\nodd\nc\r\nd\r\n");
}
