//! Structural tier, end to end: locate `old` in a re-formatted file, rewrite with `new`,
//! and check the whole resulting file.

use editloc::lang::Language;
use editloc::structural::{Outcome, Syntax, locate, rewrite};

/// Applies one edit structurally; returns the whole new file and the fallback flag.
fn apply(lang: Language, text: &str, old: &str, new: &str) -> (String, bool) {
    let syntax = Syntax::parse(lang, text);
    let found = match locate(&syntax, text, old) {
        Outcome::Unique(found) => found,
        other => panic!("expected a unique match, got {other:?}"),
    };
    let rw = rewrite(&syntax, text, &found, old, new).expect("rewrite");
    let mut out = text.to_string();
    out.replace_range(found.range.clone(), &rw.replacement);
    (out, rw.fallback)
}

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/structural/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn call_rewrapped_with_trailing_comma_keeps_layout() {
    let text = "foo(\n  a,\n  b,\n);\n";
    let (out, fallback) = apply(Language::TypeScript, text, "foo(a, b)", "foo(a, c)");
    assert_eq!(out, "foo(\n  a,\n  c,\n);\n");
    assert!(!fallback);
}

#[test]
fn changed_string_keeps_file_quotes() {
    let text = "const x = {\n  name: \"foo\",\n};\n";
    let (out, _) = apply(Language::TypeScript, text, "name: 'foo'", "name: 'bar'");
    assert_eq!(out, "const x = {\n  name: \"bar\",\n};\n");
    let (out, _) = apply(Language::TypeScript, text, "name: 'foo'", "name: 'it\\'s'");
    assert_eq!(out, "const x = {\n  name: \"it's\",\n};\n");
}

#[test]
fn inserted_lines_take_file_indentation_and_crlf() {
    let text = "function f() {\r\n\tconst a = 1;\r\n\treturn a;\r\n}\r\n";
    let old = "  const a = 1\n  return a\n";
    let new = "  const a = 1\n  log(a)\n  return a\n";
    let (out, fallback) = apply(Language::TypeScript, text, old, new);
    assert_eq!(out, "function f() {\r\n\tconst a = 1;\r\n\tlog(a)\r\n\treturn a;\r\n}\r\n");
    assert!(!fallback);
}
