//! Edits shaped as real edits send them, found wrong or refused by the agent-shaped and
//! release-diff sets (issue "No wrong write by construction", `../shared/checks/writer3.py`):
//! each asserts the whole resulting file.

use editloc::Document;

fn apply(name: &str, file: &str, old: &str, new: &str) -> String {
    Document::new(file)
        .with_name(name)
        .apply(old, new)
        .unwrap_or_else(|e| panic!("apply failed: {e}"))
        .content
}

#[test]
fn a_deleted_statement_takes_the_semicolon_the_model_did_not_copy() {
    let file = "const A = 1;\n/** doc */\nexport const isDraft = (v: any): boolean => !!v;\nexport const B = 2;\n";
    let old = "/** doc */\nexport const isDraft = (v: any): boolean => !!v";
    assert_eq!(
        apply("r.ts", file, old, "/** doc */"),
        "const A = 1;\n/** doc */\nexport const B = 2;\n"
    );
}

#[test]
fn a_regex_is_written_as_new_spells_it() {
    let file = "const SPACES = /\\s+/gu;\nconst name = 'x';\n";
    let old = "const SPACES = /\\s+/gu\nconst name = \"x\"";
    let new = "const SPACES = /\\s*/gu\nconst name = \"x\"";
    assert_eq!(
        apply("r.js", file, old, new),
        "const SPACES = /\\s*/gu;\nconst name = 'x';\n"
    );
}

#[test]
fn lines_new_puts_above_a_blank_line_go_above_the_file_s() {
    let file =
        "function f() {\n  const s = connect('a');\n\n  let entry = make(s);\n  return entry;\n}\n";
    let old = "  const s = connect(\"a\")\n\n  let entry = make(s)";
    let new = "  const s = connect(\"a\")\n  s.once(\"error\", onError)\n  s.once(\"close\", onClose)\n\n  let entry = make(s)";
    assert_eq!(
        apply("r.js", file, old, new),
        // Literals new writes are written as new spells them.
        "function f() {\n  const s = connect('a');\n  s.once(\"error\", onError);\n  s.once(\"close\", onClose);\n\n  let entry = make(s);\n  return entry;\n}\n"
    );
}

#[test]
fn a_docstring_s_lines_are_not_indentation() {
    let file = "class A:\n    def f(self):\n        \"\"\"Do it.\"\"\"\n        return 1\n";
    let old = "        \"\"\"Do it.\"\"\"";
    let new = "        \"\"\"Do it.\n\n        :meta private:\n        \"\"\"";
    assert_eq!(
        apply("r.py", file, old, new),
        "class A:\n    def f(self):\n        \"\"\"Do it.\n\n        :meta private:\n        \"\"\"\n        return 1\n"
    );
}

#[test]
fn a_fragment_starting_at_a_closer_lands_and_keeps_the_statement_s_semicolon() {
    let file = "describe('x', () => {\n  it('a', () => {\n    run();\n  });\n\n  it('b', () => {\n    stop();\n  });\n});\n";
    let old = "  })\n\n  it(\"b\", () => {\n    stop()";
    let new = "  })\n\n  it(\"b\", () => {\n    stop()\n    done()";
    assert_eq!(
        apply("r.js", file, old, new),
        "describe('x', () => {\n  it('a', () => {\n    run();\n  });\n\n  it('b', () => {\n    stop();\n    done();\n  });\n});\n"
    );
}

#[test]
fn text_in_another_unicode_normalization_is_found_and_kept_as_the_file_spells_it() {
    let nfd = "nai\u{308}ve re\u{301}sume\u{301}";
    let nfc = "na\u{ef}ve r\u{e9}sum\u{e9}";
    let file = format!("x = \"{nfd}\"\ny = 1\n");
    let old = format!("x = \"{nfc}\"\ny = 1");
    let new = format!("x = \"{nfc}\"\ny = 2");
    assert_eq!(
        apply("r.py", &file, &old, &new),
        format!("x = \"{nfd}\"\ny = 2\n")
    );
}

#[test]
fn black_s_parens_around_an_annotation_are_not_the_edit_s() {
    let file =
        "def handler(\n    request: (\n        Request | None\n    ),\n) -> None:\n    pass\n";
    let old = "def handler(request: Request | None) -> None:\n    pass";
    let new = "def handler(request: Request | None) -> None:\n    return None";
    assert_eq!(
        apply("r.py", file, old, new),
        "def handler(\n    request: (\n        Request | None\n    ),\n) -> None:\n    return None\n"
    );
}
