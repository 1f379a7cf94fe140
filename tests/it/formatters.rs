//! Edits into files re-formatted by the real formatters (Prettier 3.10.1, black 26.10.1,
//! rustfmt 1.9.0, gofmt): the rewrites they make that the structural tier treats as equal,
//! the near misses it must keep refusing, and `new` written in the file's conventions.
//! Fixtures are the formatters' committed outputs (tests/fixtures/formatters/make.py
//! regenerates them); an `*.expected-*` fixture is the formatter's own output for the
//! source with the edit applied, so a test that compares with one checks that the edit
//! comes out as the formatter writes it.

use editloc::Convention;
use editloc::{Applied, Document, LocateError, Options, Tier};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/formatters/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `text` with `from` (which must occur once) replaced by `to`.
fn edited(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} must occur once");
    text.replacen(from, to, 1)
}

fn try_apply(name: &str, file: &str, old: &str, new: &str) -> Result<Applied, LocateError> {
    Document::new(file)
        .with_name(name)
        .apply_with(old, new, &Options::default())
}

/// Applies an edit that must land on the structural tier.
fn apply(name: &str, file: &str, old: &str, new: &str) -> Applied {
    let applied = try_apply(name, file, old, new).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        applied.provenance.tier,
        Tier::Structural,
        "{}",
        applied.diff
    );
    applied
}

/// The edit is refused (not found or ambiguous) and nothing is written.
fn refused(name: &str, file: &str, old: &str, new: &str) -> LocateError {
    match try_apply(name, file, old, new) {
        Ok(a) => panic!("must be refused, landed:\n{}", a.diff),
        Err(e) => e,
    }
}

// ---- 1. Trailing commas in every list the grammar allows one ----

#[test]
fn ts_type_parameters_with_a_trailing_comma() {
    let file = fixture("cache.prettier.ts");
    let old = "export function memoize<TArgs extends readonly unknown[], TResult extends object, TKey extends string = string>(fn: (...args: TArgs) => TResult, keyOf: (...args: TArgs) => TKey): (...args: TArgs) => TResult {";
    let new = old.replace("TKey extends string", "TKey extends PropertyKey");
    let out = apply("cache.ts", &file, old, &new);
    assert_eq!(out.content, fixture("cache.expected-tkey.ts"));
    assert!(!out.fallback);
}

#[test]
fn tsx_type_parameter_comma_that_keeps_it_generic() {
    let file = fixture("card.prettier.tsx");
    let old = "export const first = <T>(items: T[]): T | undefined => items[0]";
    let new = "export const first = <T>(items: readonly T[]): T | undefined => items[0]";
    let out = apply("card.tsx", &file, old, new);
    assert_eq!(out.content, fixture("card.expected-readonly.tsx"));
}

#[test]
fn arrow_parameters_wrapped_with_a_trailing_comma() {
    let file = fixture("loader.prettier-all.js");
    let old = "export const loadConfig = async configurationFilePathFromTheEnvironment => {\n  const text = await readFile(configurationFilePathFromTheEnvironment, 'utf8')";
    let new = old.replace("'utf8'", "'latin1'");
    let out = apply("loader.js", &file, old, &new);
    assert_eq!(
        out.content,
        fixture("loader.prettier-all.expected-latin1.js")
    );
}

#[test]
fn a_comma_before_a_hole_or_a_repetition_operator_is_not_trailing() {
    // `[first, ,]` has two elements; `[first,]` one.
    let file = "const pair = [first, ,];\nconst one = [first];\n";
    refused(
        "a.js",
        file,
        "const pair = [first,];",
        "const pair = [second,];",
    );
    // In a macro repetition `$(..),*` the `,` is the separator.
    let file = fixture("command.rustfmt.rs");
    refused(
        "command.rs",
        &file,
        "    ($($k:expr)*) => { vec![$($k.to_string()),*] };",
        "    ($($k:expr)*) => { vec![$($k.to_owned()),*] };",
    );
}

// ---- 2. The parenthesised forms black writes ----

#[test]
fn black_import_list_in_parentheses() {
    let file = fixture("billing.black.py");
    let old = "from billing.models import Invoice, LineItem, TaxRule, CurrencyRate\n";
    let new = "from billing.models import Invoice, LineItem, CurrencyRate\n";
    let out = apply("billing.py", &file, old, new);
    assert_eq!(out.content, edited(&file, "    TaxRule,\n", ""));
    // The magic trailing comma of a one-name import.
    let out = apply(
        "billing.py",
        &file,
        "from billing.rules import discount\n",
        "from billing.rules import rebate\n",
    );
    assert_eq!(
        out.content,
        edited(&file, "    discount,\n", "    rebate,\n")
    );
}

#[test]
fn black_parenthesised_tuple_on_the_right() {
    let file = fixture("billing.black.py");
    let old = "    start_offset, end_offset = m.start() + len(m.group(1)), m.end()\n";
    let new = "    start_offset, end_offset = m.start() + len(m.group(1)), m.end() - 1\n";
    let out = apply("billing.py", &file, old, new);
    assert_eq!(out.content, fixture("billing.expected-tuple.py"));
}

#[test]
fn black_parenthesised_return_value() {
    let file = fixture("billing.black.py");
    let old = "    return sum(kept) > minimum and not invoice_is_locked or allow_override";
    let new = "    return sum(kept) > minimum and not invoice_is_locked or force";
    let out = apply("billing.py", &file, old, new);
    assert_eq!(out.content, fixture("billing.expected-return.py"));
}

#[test]
fn black_parenthesised_with_statement() {
    let file = fixture("billing.black.py");
    let old = "    with open(first_path, \"w\") as first_file, open(second_path, \"w\") as second_file:\n        first_file.write(str(invoice))\n";
    let new = old.replace("open(second_path, \"w\")", "open(second_path, \"a\")");
    let out = apply("billing.py", &file, old, &new);
    assert_eq!(out.content, fixture("billing.expected-with.py"));
}

#[test]
fn comprehension_condition_in_parentheses() {
    let file = fixture("billing.black.py");
    let old =
        "    kept = [item.total for item in items if item.total > minimum and not item.voided]\n";
    let new = old.replacen("item.total", "item.net", 1);
    let out = apply("billing.py", &file, old, &new);
    assert_eq!(out.content, fixture("billing.expected-comprehension.py"));
}

#[test]
fn parentheses_that_make_a_tuple_or_regroup_stay_significant() {
    let file = fixture("billing.black.py");
    // `"…" % (a, b)` formats a tuple; `"…" % a, b` is a tuple of two.
    refused(
        "billing.py",
        &file,
        "        return \"%08d %s\" % invoice.number, invoice.customer\n",
        "        return \"%08d %s\" % invoice.number, invoice.name\n",
    );
    // A call with one tuple argument is not a call with two arguments.
    let file = "def f(a, b):\n    g((a, b))\n";
    refused("a.py", file, "    g(a, b)\n", "    g(a, c)\n");
    // In a comprehension's `if`, a conditional expression needs its parentheses.
    let file = "xs = [x for x in ys if (x if flag else default)]\n";
    refused(
        "a.py",
        file,
        "xs = [x for x in ys if x if flag else default]\n",
        "xs = [x for x in zs if x if flag else default]\n",
    );
    // `with (a, b) as c:` enters one tuple, `with a, b as c:` two managers.
    let file = "with (a, b) as c:\n    pass\n";
    refused("a.py", file, "with a, b as c:\n", "with a, d as c:\n");
}

// ---- 3. rustfmt ----

#[test]
fn rustfmt_unwrapped_match_arm_block() {
    let file = fixture("command.rustfmt.rs");
    let old = "        \"PING\" => { Ok(Command::Ping) }\n";
    let new = "        \"PING\" | \"HEALTH\" => { Ok(Command::Ping) }\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(out.content, fixture("command.expected-health.rs"));
}

#[test]
fn match_arm_block_the_file_kept() {
    let file = fixture("command.rustfmt.rs");
    let old = "        Command::Get { key } => format!(\"get {}\", key),\n";
    let new = "        Command::Get { key } => format!(\"GET {}\", key),\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(out.content, fixture("command.expected-upper.rs"));
}

#[test]
fn rustfmt_merged_derives() {
    let file = fixture("command.rustfmt.rs");
    let old = "#[derive(Debug)]\n#[derive(Clone, PartialEq)]\npub enum Command {\n";
    let new = "#[derive(Debug)]\n#[derive(Clone, PartialEq, Eq)]\npub enum Command {\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(out.content, fixture("command.expected-eq.rs"));
    // With the use lists rustfmt sorted in the same `old`.
    let old = "use std::collections::{HashMap, BTreeMap};\nuse std::fmt::{self, Display, Debug};\n\n#[derive(Debug)]\n#[derive(Clone, PartialEq)]\n";
    let new = old.replace("PartialEq)", "PartialEq, Eq)");
    let out = apply("command.rs", &file, old, &new);
    assert_eq!(out.content, fixture("command.expected-eq.rs"));
}

#[test]
fn use_list_in_another_order() {
    let file = fixture("command.rustfmt.rs");
    let old = "use std::collections::{HashMap, BTreeMap};\n";
    let new = "use std::collections::{HashMap, BTreeMap, HashSet};\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(
        out.content,
        edited(&file, "HashMap};", "HashMap, HashSet};")
    );
    assert!(!out.fallback);
    // When `new`'s items cannot be placed token by token in the file's order, the line is
    // rewritten from `new`, and the result says so.
    let new = "use std::collections::{HashSet, HashMap, BTreeMap};\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "use std::collections::{BTreeMap, HashMap};\n",
            "use std::collections::{HashSet, HashMap, BTreeMap};\n"
        )
    );
    assert!(out.fallback);
}

#[test]
fn rustfmt_near_misses_stay_refused() {
    let file = fixture("command.rustfmt.rs");
    // Two `use` statements are not one with a brace list.
    refused(
        "command.rs",
        &file,
        "use std::collections::HashMap;\nuse std::collections::BTreeMap;\n",
        "use std::collections::HashMap;\n",
    );
    // A block ending in a statement returns `()`.
    refused(
        "command.rs",
        &file,
        "        \"PING\" => { Ok(Command::Ping); }\n",
        "        \"PING\" => { Ok(Command::Pong); }\n",
    );
    // Derives merge in order; they are not sorted.
    refused(
        "command.rs",
        &file,
        "#[derive(Debug)]\n#[derive(PartialEq, Clone)]\npub enum Command {\n",
        "#[derive(Debug)]\n#[derive(PartialEq, Clone, Eq)]\npub enum Command {\n",
    );
}

// ---- 4. Multi-line strings in an indented fragment ----

#[test]
fn docstring_in_an_indented_fragment_keeps_its_value() {
    let file = fixture("billing.black.py");
    let old = "    def header(self, invoice):\n        \"\"\"Render the invoice header.\n\n        The number is padded to eight digits;\n            the customer name follows it.\n        \"\"\"\n        return \"%08d %s\" % (invoice.number, invoice.customer)\n";
    let new = old.replace("invoice.customer)", "invoice.customer.upper())");
    let out = apply("billing.py", &file, old, &new);
    assert_eq!(out.content, fixture("billing.expected-docstring.py"));
    // A docstring whose text differs is another value.
    let changed = old.replace("follows it.", "follows.");
    refused("billing.py", &file, &changed, &new);
}

// ---- 5. Python `...` is code ----

#[test]
fn ellipsis_body_is_code() {
    let file = fixture("billing.black.py");
    let old = "    def rate(self, currency: str) -> Decimal:\n        ...\n";
    let new = "    def rate(self, currency: str, day: date) -> Decimal:\n        ...\n";
    let out = apply("billing.py", &file, old, new);
    assert_eq!(out.content, fixture("billing.expected-rate.py"));
    assert!(
        out.provenance.repairs.is_empty(),
        "{:?}",
        out.provenance.repairs
    );
}

#[test]
fn ellipsis_inside_an_expression_is_an_elision() {
    let file =
        "CONFIG = dict(\n    name=\"x\",\n    retries=3,\n    timeout=10,\n    debug=False,\n)\n";
    let old = "CONFIG = dict(\n    name=\"x\",\n    ...\n    debug=False,\n)\n";
    let new = "CONFIG = dict(\n    name=\"x\",\n    ...\n    debug=True,\n)\n";
    let out = try_apply("a.py", file, old, new).expect("lands");
    assert_eq!(out.content, edited(file, "debug=False", "debug=True"));
    assert_eq!(out.provenance.repairs, [editloc::Repair::Elision]);
}

#[test]
fn ellipsis_code_found_twice_stays_ambiguous() {
    let file = "class A(Protocol):\n    def close(self) -> None: ...\n\n\nclass B(Protocol):\n    def close(self) -> None: ...\n";
    let old = "    def close(self) -> None:\n        ...\n";
    let new = "    def close(self, force: bool) -> None:\n        ...\n";
    let e = refused("a.py", file, old, new);
    assert!(matches!(e, LocateError::Ambiguous(_)), "{e}");
}

// ---- 7. `new` in the file's conventions ----

#[test]
fn prettier_file_gets_double_quotes_semicolons_and_trailing_commas() {
    let file = fixture("loader.prettier-all.js");
    let old = "  log('describe', user.id)\n  return parts.filter(Boolean).join(' ')";
    let new = "  log('describe', user.id)\n  const tags = [\n    user.role,\n    user.team,\n    user.department,\n    user.location,\n    user.manager\n  ]\n  log('tags', tags.length)\n  return parts.filter(Boolean).join(' ')";
    let out = apply("loader.js", &file, old, new);
    assert_eq!(out.content, fixture("loader.prettier-all.expected-tags.js"));
    assert_eq!(
        out.adapted,
        [
            Convention::Quotes,
            Convention::Semicolons,
            Convention::TrailingCommas
        ]
    );
}

#[test]
fn prettier_no_semi_file_loses_new_semicolons_and_trailing_commas() {
    let file = fixture("loader.prettier-nosemi.js");
    let old = "  log('describe', user.id);\n  return parts.filter(Boolean).join(' ');";
    let new = "  log('describe', user.id);\n  const tags = [\n    user.role,\n    user.team,\n    user.department,\n    user.location,\n    user.manager,\n  ];\n  log('tags', tags.length);\n  return parts.filter(Boolean).join(' ');";
    let out = apply("loader.js", &file, old, new);
    assert_eq!(
        out.content,
        fixture("loader.prettier-nosemi.expected-tags.js")
    );
}

#[test]
fn verbatim_keeps_new_spelling() {
    let file = fixture("loader.prettier-nosemi.js");
    let old = "  log('describe', user.id);\n";
    let new = "  log('describe', user.id);\n  log('more', 1);\n";
    let options = Options::default().with_verbatim(true);
    let out = Document::new(file.as_str())
        .with_name("loader.js")
        .apply_with(old, new, &options)
        .expect("lands");
    assert_eq!(
        out.content,
        edited(
            &file,
            "  log(\"describe\", user.id)\n",
            "  log(\"describe\", user.id)\n  log('more', 1);\n"
        )
    );
    assert!(out.adapted.is_empty());
}

#[test]
fn black_file_gets_double_quotes() {
    let file = fixture("billing.black.py");
    let old =
        "    kept = [item.total for item in items if (item.total > minimum and not item.voided)]\n";
    let new = format!("{old}    log('kept', len(kept))\n");
    let out = apply("billing.py", &file, old, &new);
    assert_eq!(out.content, fixture("billing.expected-log.py"));
    assert_eq!(out.adapted, [Convention::Quotes]);
}

#[test]
fn rustfmt_file_gets_trailing_commas_in_vertical_lists() {
    let file = fixture("command.rustfmt.rs");
    let old = "        \"PING\" => { Ok(Command::Ping) }\n";
    let new = "        \"PING\" => { Ok(Command::Ping) }\n        \"SET\" => Ok(Command::Set {\n            key: key.to_string(),\n            value: String::from(\"initial-value-for-a-new-key\")\n        }),\n";
    let out = apply("command.rs", &file, old, new);
    assert_eq!(out.content, fixture("command.expected-set.rs"));
    assert_eq!(out.adapted, [Convention::TrailingCommas]);
}

#[test]
fn gofmt_file_loses_new_semicolons() {
    let file = fixture("total.gofmt.go");
    let old = "\tsum := 0;\n\tfor _, l := range lines {\n";
    let new = "\tsum := 0;\n\tcount := 0;\n\tfor _, l := range lines {\n\t\tcount++;\n";
    let out = apply("total.go", &file, old, new);
    assert_eq!(out.content, fixture("total.expected-count.go"));
    assert_eq!(out.adapted, [Convention::Semicolons]);
}

#[test]
fn mixed_file_keeps_new_spelling() {
    let file = "const a = 'x';\nconst b = \"y\"\nconst c = 'z';\nconst d = \"w\"\n";
    let old = "const a = 'x'\nconst b = \"y\"";
    let new = "const a = 'x'\nconst e = 'v'\nconst b = \"y\"";
    let out = apply("a.js", file, old, new);
    assert_eq!(
        out.content,
        edited(file, "const b", "const e = 'v'\nconst b")
    );
    assert!(out.adapted.is_empty());
}

#[test]
fn a_semicolon_that_keeps_statements_apart_is_not_removed() {
    let file = fixture("loader.prettier-nosemi.js");
    let old = "  log('describe', user.id);\n";
    let new = "  log('describe', user.id);\n  flush();\n  [1, 2].forEach(log);\n";
    let out = apply("loader.js", &file, old, new);
    // Dropping `flush();`'s `;` would call its result with `[1, 2]`.
    assert_eq!(
        out.content,
        edited(
            &file,
            "  log(\"describe\", user.id)\n",
            "  log(\"describe\", user.id)\n  flush();\n  [1, 2].forEach(log);\n"
        )
    );
    assert!(!out.adapted.contains(&Convention::Semicolons));
}

#[test]
fn cli_reports_adapted_and_verbatim_turns_it_off() {
    let dir = std::env::temp_dir().join(format!("editloc-formatters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("loader.js");
    std::fs::write(&file, fixture("loader.prettier-nosemi.js")).expect("write");
    std::fs::write(dir.join("old"), "  log('describe', user.id);\n").expect("write");
    std::fs::write(
        dir.join("new"),
        "  log('describe', user.id);\n  log('more', 1);\n",
    )
    .expect("write");
    let run = |extra: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_editloc"))
            .arg("apply")
            .arg(&file)
            .arg("--old")
            .arg(dir.join("old"))
            .arg("--new")
            .arg(dir.join("new"))
            .args(["--dry-run", "--json", "--content"])
            .args(extra)
            .output()
            .expect("runs");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let adapted = run(&[]);
    assert_eq!(
        adapted["adapted"],
        serde_json::json!(["quotes", "semicolons"])
    );
    assert!(
        adapted["content"]
            .as_str()
            .is_some_and(|c| c.contains("  log(\"more\", 1)\n"))
    );
    let verbatim = run(&["--verbatim"]);
    assert_eq!(verbatim["adapted"], serde_json::json!([]));
    assert!(
        verbatim["content"]
            .as_str()
            .is_some_and(|c| c.contains("  log('more', 1);\n"))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn batch_edits_report_what_was_adapted() {
    let file = fixture("loader.prettier-nosemi.js");
    let doc = Document::new(file.as_str()).with_name("loader.js");
    let edit = editloc::Edit::new(
        "  log('describe', user.id);\n",
        "  log('describe', user.id);\n  log('more', 1);\n",
    );
    let b = editloc::apply_edits(
        &doc,
        &[edit],
        &Options::default(),
        editloc::Mode::AllOrNothing,
    )
    .expect("applies");
    assert_eq!(
        b.content,
        edited(
            &file,
            "  log(\"describe\", user.id)\n",
            "  log(\"describe\", user.id)\n  log(\"more\", 1)\n"
        )
    );
    let located = b.edits[0].result.as_ref().expect("located");
    assert_eq!(
        located.adapted,
        [Convention::Quotes, Convention::Semicolons]
    );
}

#[test]
fn for_header_semicolons_are_not_statement_ends() {
    let file = fixture("loader.prettier-nosemi.js");
    let old = "  log('describe', user.id);\n";
    let new =
        "  log('describe', user.id);\n  for (let i = 0; i < 3; i++) {\n    log('try', i);\n  }\n";
    let out = apply("loader.js", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "  log(\"describe\", user.id)\n",
            "  log(\"describe\", user.id)\n  for (let i = 0; i < 3; i++) {\n    log(\"try\", i)\n  }\n"
        )
    );
}

// ---- 8. Quotes follow the code nearest the edit ----

/// A TypeScript class of `n` methods in double quotes, with `odd` (a method) after the
/// third.
fn ts_class(n: usize, odd: &str) -> String {
    let mut s = String::from("export class Service {\n");
    for i in 0..n {
        s.push_str(&format!(
            "  f{i}(x: string): string {{\n    const a = \"alpha{i}\";\n    if (x === \"gamma\") {{\n      return a + \"delta\";\n    }}\n    return \"none\";\n  }}\n\n"
        ));
        if i == 2 {
            s.push_str(odd);
        }
    }
    s.push_str("}\n");
    s
}

/// A Python class of `n` methods in double quotes, with `odd` (a method) after the third.
fn py_class(n: usize, odd: &str) -> String {
    let mut s = String::from("class Service:\n");
    for i in 0..n {
        s.push_str(&format!(
            "    def f{i}(self, x):\n        a = \"alpha{i}\"\n        if x == \"gamma\":\n            return a + \"delta\"\n        return \"none\"\n\n"
        ));
        if i == 2 {
            s.push_str(odd);
        }
    }
    s
}

const TS_SINGLE: &str = "  handle(action: string): string {\n    const kind = 'order';\n    // note\n    if (action === 'cancel') {\n      return kind + 'stop';\n    }\n    return 'go';\n  }\n\n";

#[test]
fn a_method_in_single_quotes_keeps_them_in_a_double_quoted_file() {
    let file = ts_class(20, TS_SINGLE);
    let old = "const kind = 'order';\n    if (action === 'cancel') {";
    let new = "const kind = 'order';\n    if (action === 'purchase') {";
    let out = apply("service.ts", &file, old, new);
    assert_eq!(out.content, edited(&file, "'cancel'", "'purchase'"));
    assert!(out.adapted.is_empty(), "{:?}", out.adapted);

    let odd = "    def handle(self, action):\n        kind = 'order'\n        # note\n        if action == 'cancel':\n            return kind + 'stop'\n        return 'go'\n\n";
    let file = py_class(20, odd);
    let old = "kind = 'order'\n        if action == 'cancel':";
    let new = "kind = 'order'\n        if action == 'purchase':";
    let out = apply("service.py", &file, old, new);
    assert_eq!(out.content, edited(&file, "'cancel'", "'purchase'"));
    assert!(out.adapted.is_empty(), "{:?}", out.adapted);
}

#[test]
fn a_string_new_adds_takes_the_quote_of_its_method() {
    let file = ts_class(20, TS_SINGLE);
    let old = "const kind = 'order';\n    if (action === 'cancel') {";
    let new = "const kind = 'order';\n    log(\"kind\", kind);\n    if (action === 'cancel') {";
    let out = apply("service.ts", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "    // note\n",
            "    log('kind', kind);\n    // note\n"
        )
    );
    assert!(out.adapted.contains(&Convention::Quotes));
    // In a method in double quotes, the file's quote as before.
    let old = "const a = \"alpha5\";\n    if (x === \"gamma\") {";
    let new = "const a = \"alpha5\";\n    log('a', a);\n    if (x === \"gamma\") {";
    let file = edited(
        &file,
        "    const a = \"alpha5\";\n",
        "    const a = \"alpha5\";\n    // note\n",
    );
    let out = apply("service.ts", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "    // note\n    if (x === \"gamma\") {",
            "    log(\"a\", a);\n    // note\n    if (x === \"gamma\") {"
        )
    );
}

#[test]
fn a_replaced_literal_keeps_its_quote_where_its_method_shows_no_other() {
    let odd = "  handle(action: string): number {\n    if (action === 'cancel') {\n      // note\n      return 1;\n    }\n    return 0;\n  }\n\n";
    let file = ts_class(20, odd);
    let old = "if (action === 'cancel') {\n      return 1;";
    let new = "if (action === 'purchase') {\n      return 1;";
    let out = apply("service.ts", &file, old, new);
    assert_eq!(out.content, edited(&file, "'cancel'", "'purchase'"));
    assert!(out.adapted.is_empty(), "{:?}", out.adapted);
}

#[test]
fn a_replaced_literal_keeps_its_quote_among_strings_in_the_other() {
    let odd = "  handle(action: string): number {\n    if (action) {\n      // note\n      return send(\"a\", \"b\", \"c\", \"d\", 'cancel');\n    }\n    return 0;\n  }\n\n";
    let file = ts_class(20, odd);
    let old = "{\n      return send(\"a\", \"b\", \"c\", \"d\", 'cancel');";
    let new = "{\n      return send(\"a\", \"b\", \"c\", \"d\", 'purchase');";
    let out = apply("service.ts", &file, old, new);
    assert_eq!(out.content, edited(&file, "'cancel'", "'purchase'"));
    assert!(out.adapted.is_empty(), "{:?}", out.adapted);
}

#[test]
fn a_triple_quoted_string_keeps_three_quotes() {
    let file = py_class(20, "");
    let old = "a = \"alpha4\"\n        # note\n        if x == \"gamma\":";
    let new = "a = \"alpha4\"\n        b = '''doc'''\n        if x == \"gamma\":";
    let out = apply("service.py", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "a = \"alpha4\"\n",
            "a = \"alpha4\"\n        b = \"\"\"doc\"\"\"\n"
        )
    );
    assert!(out.adapted.contains(&Convention::Quotes));
}

// A changed string whose value holds the file's quote keeps `new`'s quotes: respelling
// would need a new escape.
#[test]
fn a_changed_string_holding_the_files_quote_keeps_new_quotes() {
    let file = "function f() {\n  // note\n  const s = \"a\";\n  return s;\n}\n";
    let old = "function f() {\n  const s = 'a';\n  return s;\n}";
    let new = "function f() {\n  const s = '\"';\n  return s;\n}";
    let out = try_apply("f.ts", file, old, new).expect("applies");
    assert_eq!(out.provenance.tier, Tier::Structural);
    assert_eq!(
        out.content,
        "function f() {\n  // note\n  const s = '\"';\n  return s;\n}\n"
    );
}

// ---- the file's print width ----

/// `orders.prettier40.ts` is Prettier's output at `--print-width 40 --single-quote`: its
/// one-line argument lists reach 37 columns, its broken ones would take 52 and 55 joined,
/// so no line of 52 columns or more stands in it.
const ORDERS: &str = "orders.prettier40.ts";

#[test]
fn a_written_line_past_the_width_hugging_an_object_is_broken_as_prettier_breaks_it() {
    let file = fixture(ORDERS);
    let old = "this.log.info('placed', { id: order.id });";
    let new = "this.log.info('order was placed and then charged', { id: order.id });";
    let out = apply("orders.ts", &file, old, new);
    // What Prettier itself makes of this result: the call's arguments one per line, the
    // object kept expanded as the file had it.
    let broken = "    this.log.info(\n      'order was placed and then charged',\n      {\n        id: order.id,\n      },\n    );\n";
    assert_eq!(
        out.content,
        edited(
            &file,
            "    this.log.info('placed', {\n      id: order.id,\n    });\n",
            broken
        )
    );
    assert_eq!(out.adapted, [Convention::Width]);
}

#[test]
fn a_written_call_past_the_width_gets_one_argument_per_line_and_the_file_comma() {
    let file = fixture(ORDERS);
    let old = "this.store.remove( id )";
    let new = "this.store.remove( id, \"cancelled by the customer\" )";
    let out = apply("orders.ts", &file, old, new);
    assert_eq!(
        out.content,
        edited(
            &file,
            "    this.store.remove(id);\n",
            "    this.store.remove(\n      id,\n      'cancelled by the customer',\n    );\n"
        )
    );
    assert_eq!(out.adapted, [Convention::Quotes, Convention::Width]);
}

#[test]
fn lines_the_width_does_not_show_or_that_are_not_one_call_stay_as_written() {
    let file = fixture(ORDERS);
    // 45 columns: past Prettier's 40, but the file's lists only show that 52 is too wide.
    let out = apply(
        "orders.ts",
        &file,
        "this.store.remove( id )",
        "this.store.remove( id, 'by the customer' )",
    );
    let line = "    this.store.remove(id, 'by the customer');\n";
    assert_eq!(
        out.content,
        edited(&file, "    this.store.remove(id);\n", line)
    );
    assert!(out.adapted.is_empty(), "{:?}", out.adapted);
    // An assignment: Prettier may break after `=` first; the line is left to it.
    let out = apply(
        "orders.ts",
        &file,
        "this.store.touch( id, Date.now() )",
        "const stamp = this.store.touch(id, Date.now(), 'touched by the audit')",
    );
    let line = "    const stamp = this.store.touch(id, Date.now(), 'touched by the audit');\n";
    assert_eq!(
        out.content,
        edited(&file, "    this.store.touch(id, Date.now());\n", line)
    );
    // The exact tier writes `new` as sent, whatever its width.
    let new = "this.store.remove(id, 'cancelled by the customer');";
    let out = try_apply("orders.ts", &file, "this.store.remove(id);", new).expect("lands");
    assert_eq!(out.provenance.tier, Tier::Exact);
    assert_eq!(out.content, edited(&file, "this.store.remove(id);", new));
}

#[test]
fn a_file_formatted_by_hand_shows_no_width() {
    // One-line lists as wide as the broken one: no width holds for both.
    let file = "function f(id) {\n  store.remove(\n    id,\n  );\n  store.touch(id, Date.now(), 'a reason that is long enough');\n  store.touch(id, 1);\n  store.save(\n    id,\n  );\n}\n";
    let out = apply(
        "a.ts",
        file,
        "store.touch( id, 1 )",
        "store.touch( id, 'another reason that is long enough to pass' )",
    );
    assert_eq!(
        out.content,
        edited(
            file,
            "store.touch(id, 1);",
            "store.touch(id, 'another reason that is long enough to pass');"
        )
    );
    assert!(out.adapted.is_empty());
}
