//! Warm documents: `Document::edited` gives the next version of a document after an edit,
//! re-parsing incrementally what the edit changed when the document has its whole tree
//! (`Document::parse_syntax`). Its answers must be a cold document's, edit after edit.

use editloc::{Document, LocateError, Tier};

/// What an apply says: the tier and the whole result, or the refusal's code.
fn said(r: &Result<editloc::Applied, LocateError>) -> String {
    match r {
        Ok(a) => format!("{:?}\n{}", a.provenance.tier, a.content),
        Err(e) => format!("refused: {}", e.code()),
    }
}

/// Runs `edits` in sequence from `file` twice — each next document `edited` from a warm one,
/// and each one cold — and checks every answer and the final file.
fn session(name: &str, file: &str, edits: &[(&str, &str)], last: &str) {
    let mut warm = Document::new(file).with_name(name);
    assert!(warm.parse_syntax(), "{name} has a grammar");
    let mut content = file.to_string();
    for (i, (old, new)) in edits.iter().enumerate() {
        let cold = Document::new(content.as_str()).with_name(name);
        let (a, b) = (warm.apply(old, new), cold.apply(old, new));
        assert_eq!(said(&a), said(&b), "{name}: edit {i}");
        let applied = a.unwrap_or_else(|e| panic!("{name}: edit {i}: {e}"));
        // A located `old` the next edit will not find any more (and an edit that would add
        // it again is already applied).
        assert_eq!(
            said(&warm.edited(applied.content.as_str()).apply(old, new)),
            said(&cold.edited(applied.content.as_str()).apply(old, new)),
            "{name}: edit {i} again"
        );
        warm = warm.edited(applied.content.as_str());
        content = applied.content;
    }
    assert_eq!(content, last);
    assert_eq!(warm.content(), last);
}

#[test]
fn a_typescript_session_answers_as_cold_documents_do() {
    let file = "import { load } from \"./store\";\r\n\r\nexport function total(items: Item[]): number {\r\n\treturn items\r\n\t\t.map((item) => item.price * item.qty)\r\n\t\t.reduce((a, b) => a + b, 0);\r\n}\r\n\r\nexport function first(items: Item[]) {\r\n\treturn items[0];\r\n}\r\n";
    let edits = [
        // Structural (reflowed), then normalized, then exact, then structural again.
        (
            "  return items.map(item => item.price * item.qty).reduce((a, b) => a + b, 0)",
            "  return items.map(item => item.price * item.qty * TAX).reduce((a, b) => a + b, 0)",
        ),
        ("    return items[0];", "    return items.at(0);"),
        (
            "import { load } from \"./store\";",
            "import { load, TAX } from \"./store\";",
        ),
        (
            "export function first(items: Item[]) { return items.at(0) }",
            "export function first(items: Item[]) { return items.at(0) ?? null }",
        ),
    ];
    let last = "import { load, TAX } from \"./store\";\r\n\r\nexport function total(items: Item[]): number {\r\n\treturn items\r\n\t\t.map((item) => item.price * item.qty * TAX)\r\n\t\t.reduce((a, b) => a + b, 0);\r\n}\r\n\r\nexport function first(items: Item[]) {\r\n\treturn items.at(0) ?? null;\r\n}\r\n";
    session("src/total.ts", file, &edits, last);
}

#[test]
fn a_python_session_answers_as_cold_documents_do() {
    let file = "def load(path):\n    # read it whole\n    with open(path) as f:\n        return f.read()\n\n\ndef save(path, data):\n    with open(path, \"w\") as f:\n        f.write(data)\n";
    let edits = [
        (
            "with open(path) as f: return f.read()",
            "with open(path, encoding=\"utf-8\") as f: return f.read()",
        ),
        (
            "def save(path, data):",
            "def save(path, data, *, sync=False):",
        ),
        (
            "        f.write(data)",
            "        f.write(data)\n        if sync:\n            f.flush()",
        ),
    ];
    let last = "def load(path):\n    # read it whole\n    with open(path, encoding=\"utf-8\") as f:\n        return f.read()\n\n\ndef save(path, data, *, sync=False):\n    with open(path, \"w\") as f:\n        f.write(data)\n        if sync:\n            f.flush()\n";
    session("io.py", file, &edits, last);
}

#[test]
fn an_edited_document_keeps_its_name_and_language() {
    let doc = Document::new("fn a() -> u8 {\n    1\n}\n").with_name("lib.rs");
    doc.parse_syntax();
    let next = doc.edited("fn a() -> u8 {\n    2\n}\n");
    assert_eq!(next.name(), "lib.rs");
    assert_eq!(next.language(), doc.language());
    let applied = next
        .apply("fn a() -> u8 { 2 }", "fn a() -> u8 { 3 }")
        .unwrap();
    assert_eq!(applied.provenance.tier, Tier::Structural);
    assert_eq!(applied.content, "fn a() -> u8 {\n    3\n}\n");
    // Any content, not only an edit's result; a byte-order mark added is no change of code.
    let other = next.edited("\u{feff}fn b() {}\n");
    assert_eq!(other.content(), "\u{feff}fn b() {}\n");
    assert!(other.locate("fn b() { }").is_ok());
}
