//! Structural tier, end to end: locate `old` in a re-formatted file, rewrite with `new`,
//! and check the whole resulting file.

use super::rules::rewrite;
use crate::lang::Language;
use crate::locate::structural::{Outcome, locate};
use crate::syntax::Syntax;
use crate::text::Style;

/// Applies one edit structurally; returns the whole new file and the fallback flag.
fn apply(lang: Language, text: &str, old: &str, new: &str) -> (String, bool) {
    let syntax = Syntax::parse(lang, text);
    let found = match locate(&syntax, text, old) {
        Outcome::Unique(found) => found,
        other => panic!("expected a unique match, got {other:?}"),
    };
    let rw = rewrite(&syntax, text, &found, old, new, &Style::detect(text)).expect("rewrite");
    let mut out = text.to_string();
    out.replace_range(found.range.clone(), &rw.replacement);
    (out, rw.fallback)
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/structural/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
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
    assert_eq!(
        out,
        "function f() {\r\n\tconst a = 1;\r\n\tlog(a)\r\n\treturn a;\r\n}\r\n"
    );
    assert!(!fallback);
}

/// `formatted` with `from` (which must occur exactly once) replaced by `to`.
fn edited(formatted: &str, from: &str, to: &str) -> String {
    assert_eq!(
        formatted.matches(from).count(),
        1,
        "fixture must contain {from:?} once"
    );
    formatted.replacen(from, to, 1)
}

fn not_found(lang: Language, text: &str, old: &str) -> crate::locate::structural::TokenCandidate {
    let syntax = Syntax::parse(lang, text);
    match locate(&syntax, text, old) {
        Outcome::NotFound(Some(closest)) => closest,
        other => panic!("expected not found with a candidate, got {other:?}"),
    }
}

fn ambiguous(lang: Language, text: &str, old: &str) -> Vec<std::ops::Range<usize>> {
    let syntax = Syntax::parse(lang, text);
    match locate(&syntax, text, old) {
        Outcome::Ambiguous(ranges) => ranges,
        other => panic!("expected ambiguous, got {other:?}"),
    }
}

// ---- TypeScript, re-formatted by Prettier 3 ----

#[test]
fn ts_signature_rewrapped_with_trailing_comma() {
    let file = fixture("order.prettier.ts");
    let old = "export async function processOrder(\n  orderId: string, userId: string, options: ProcessOptions\n): Promise<OrderResult> {\n";
    let new = "export async function processOrder(\n  orderId: string, customerId: string, options: ProcessOptions\n): Promise<OrderResult | null> {\n";
    let (out, fallback) = apply(Language::TypeScript, &file, old, new);
    let want = edited(
        &file,
        "  userId: string,\n  options: ProcessOptions,\n): Promise<OrderResult> {",
        "  customerId: string,\n  options: ProcessOptions,\n): Promise<OrderResult | null> {",
    );
    assert_eq!(out, want);
    assert!(!fallback);
}

#[test]
fn ts_parameter_appended_to_vertical_list_gets_its_own_line() {
    let file = fixture("order.prettier.ts");
    let old = "export async function processOrder(orderId: string, userId: string, options: ProcessOptions): Promise<OrderResult> {";
    let new = "export async function processOrder(orderId: string, userId: string, options: ProcessOptions, trace: boolean): Promise<OrderResult> {";
    let (out, _) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "  options: ProcessOptions,\n",
            "  options: ProcessOptions,\n  trace: boolean,\n"
        )
    );
}

#[test]
fn ts_quote_style_flipped() {
    let file = fixture("order.prettier.ts");
    let old = "  if (!order) { throw new Error('Order not found: it\\'s missing'); }\n";
    let new = "  if (!order) { throw new Error('Order not found: it\\'s gone'); }\n";
    let (out, fallback) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "\"Order not found: it's missing\"",
            "\"Order not found: it's gone\""
        )
    );
    assert!(!fallback);
}

#[test]
fn ts_semicolons_removed_and_numbers_normalised() {
    let file = fixture("order.nosemi.ts");
    let old = "  const discount = total > 100 ? .5 : 1.50;\n";
    let new = "  const discount = total >= 100 ? .5 : 1.50;\n";
    let (out, _) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "total > 100 ? 0.5 : 1.5\n",
            "total >= 100 ? 0.5 : 1.5\n"
        )
    );
}

#[test]
fn ts_arrow_parens_added() {
    let file = fixture("order.prettier.ts");
    let old = "  const total = order.items.map(item => item.price * item.qty).reduce((a, b) => a + b, 0);\n";
    let new = "  const total = order.items.map(item => item.price * item.qty * item.weight).reduce((a, b) => a + b, 0);\n";
    let (out, _) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "(item) => item.price * item.qty)",
            "(item) => item.price * item.qty * item.weight)"
        )
    );
}

#[test]
fn ts_object_literal_broken_across_lines() {
    let file = fixture("order.prettier.ts");
    let old = "  return { id: order.id, total: total * discount, status: 'processed', retries: options.retries };\n";
    let new = "  return { id: order.id, total: total * discount, status: 'shipped', retries: options.retries, at: Date.now() };\n";
    let (out, fallback) = apply(Language::TypeScript, &file, old, new);
    let want = edited(
        &file,
        "    status: \"processed\",\n    retries: options.retries,\n",
        "    status: \"shipped\",\n    retries: options.retries,\n    at: Date.now(),\n",
    );
    assert_eq!(out, want);
    assert!(!fallback);
}

#[test]
fn ts_comment_the_file_has_and_old_lacks_is_kept() {
    let file = fixture("order.prettier.ts");
    let old = "  const order = await db.orders.find({ 'id': orderId, owner: userId });\n  if (!order) { throw new Error('Order not found: it\\'s missing'); }\n";
    let new = "  const order = await db.orders.findOne({ 'id': orderId, owner: userId });\n  if (!order) { throw new Error('Order not found: it\\'s missing'); }\n";
    let (out, fallback) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "db.orders.find({ id: orderId, owner",
            "db.orders.findOne({ id: orderId, owner"
        )
    );
    assert!(out.contains("  // make sure the order exists\n"));
    assert!(!fallback);
}

#[test]
fn ts_comment_old_has_and_file_lacks_is_not_brought_back() {
    let file = edited(
        &fixture("order.prettier.ts"),
        "  // make sure the order exists\n",
        "",
    );
    let old = "  const order = await db.orders.find({ 'id': orderId, owner: userId });\n  // make sure the order exists\n  if (!order) { throw new Error('Order not found: it\\'s missing'); }\n";
    let new = "  const order = await db.orders.find({ 'id': orderId, owner: userId });\n  // make sure the order exists\n  if (!order) { throw new Error('No order'); }\n";
    let (out, fallback) = apply(Language::TypeScript, &file, old, new);
    assert_eq!(
        out,
        edited(&file, "\"Order not found: it's missing\"", "\"No order\"")
    );
    assert!(!fallback);
}

#[test]
fn ts_negatives_report_what_differs() {
    let file = fixture("order.prettier.ts");
    let c = not_found(
        Language::TypeScript,
        &file,
        "  const order = await db.orders.find({ 'id': orderId, owner: userID });\n",
    );
    assert_eq!(
        c.identifiers,
        vec![("userID".to_string(), "userId".to_string())]
    );
    assert!(c.similarity > 0.8 && c.similarity < 1.0);
    // The optional `;` is trivia, so the candidate ends at the call.
    assert_eq!(
        &file[c.range],
        "const order = await db.orders.find({ id: orderId, owner: userId })"
    );
    let c = not_found(
        Language::TypeScript,
        &file,
        "  const discount = total > 100 ? .5 : 1.25;\n",
    );
    assert_eq!(c.literals, vec![("1.25".to_string(), "1.5".to_string())]);
    let c = not_found(
        Language::TypeScript,
        &file,
        "if (!order) { throw new Error('Order missing'); }",
    );
    assert_eq!(c.literals.len(), 1);
}

#[test]
fn ts_two_equivalent_functions_are_ambiguous() {
    let file = fixture("order.prettier.ts");
    let old = "  const order = await db.orders.find({ 'id': orderId })\n  await db.orders.update(order.id, { status: 'cancelled' })\n";
    assert_eq!(ambiguous(Language::TypeScript, &file, old).len(), 2);
}

// ---- Python, re-formatted by black ----

#[test]
fn py_wrapped_call_with_flipped_quotes() {
    let file = fixture("users.black.py");
    let old = "    query = build_query('users', {'id': user_id, 'active': True}, limit=1, order_by='created_at', retries=retries)\n";
    let new = "    query = build_query('users', {'id': user_id, 'active': True}, limit=10, order_by='created_at', retries=retries)\n";
    let (out, fallback) = apply(Language::Python, &file, old, new);
    assert_eq!(
        out,
        edited(&file, "        limit=1,\n", "        limit=10,\n")
    );
    assert!(!fallback);
}

#[test]
fn py_magic_trailing_comma_signature() {
    let file = fixture("users.black.py");
    let old = "    def save(self, item, overwrite=False,):\n        key = 'item:%s' % item.id\n";
    let new = "    def save(self, item, overwrite=True,):\n        key = 'item:%s' % item.id\n";
    let (out, _) = apply(Language::Python, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "        overwrite=False,\n",
            "        overwrite=True,\n"
        )
    );
}

#[test]
fn py_redundant_parens_removed_and_line_inserted() {
    let file = fixture("users.black.py");
    let old = "    if (include_orders):\n        query = query.join('orders', on='user_id')\n    return (query.first())\n";
    let new = "    if (include_orders):\n        query = query.join('orders', on='user_id')\n        query = query.distinct()\n    return (query.first())\n";
    let (out, fallback) = apply(Language::Python, &file, old, new);
    let want = edited(
        &file,
        "on=\"user_id\")\n    return",
        "on=\"user_id\")\n        query = query.distinct()\n    return",
    );
    assert_eq!(out, want);
    assert!(!fallback);
}

#[test]
fn py_method_body_without_its_indentation() {
    let file = fixture("users.black.py");
    let old = "key = 'item:%s' % item.id\nself.store.put(key, item.to_json(), ttl=3600, overwrite=overwrite)\n";
    let new = "key = 'item:%s' % item.id\nself.store.put(key, item.to_json(), ttl=60, overwrite=overwrite)\n";
    let (out, _) = apply(Language::Python, &file, old, new);
    assert_eq!(out, edited(&file, "ttl=3600", "ttl=60"));
}

#[test]
fn py_negatives_and_ambiguity() {
    let file = fixture("users.black.py");
    let c = not_found(
        Language::Python,
        &file,
        "        self.store.put(key, item.to_json(), ttl=3600, overwrite=overwritten)\n",
    );
    assert_eq!(
        c.identifiers,
        vec![("overwritten".to_string(), "overwrite".to_string())]
    );
    let c = not_found(
        Language::Python,
        &file,
        "        key = 'item:%d' % item.id\n        self.store.put(key, item.to_json(), ttl=3600, overwrite=overwrite)\n",
    );
    assert_eq!(
        c.literals,
        vec![("'item:%d'".to_string(), "\"item:%s\"".to_string())]
    );
    // Indentation is syntax: the same lines at another depth are not the same code.
    assert!(matches!(
        locate(
            &Syntax::parse(Language::Python, &file),
            &file,
            "if include_orders:\n    query = query.join('orders', on='user_id')\nreturn query.first()\nx = 1\n"
        ),
        Outcome::NotFound(_)
    ));
    let old = "        key = 'item:%s' % item.id\n        self.store.delete(key)\n";
    assert_eq!(ambiguous(Language::Python, &file, old).len(), 2);
}

// ---- Rust, re-formatted by rustfmt ----

#[test]
fn rs_closure_reflowed() {
    let file = fixture("total.rustfmt.rs");
    let old = "    items.iter().map(|item| { let rate = rates.get(&item.currency).copied().unwrap_or(1.0); item.price * rate * (item.qty as f64) }).sum()\n";
    let new = "    items.iter().map(|item| { let rate = rates.get(&item.currency).copied().unwrap_or(0.0); item.price * rate * (item.qty as f64) }).sum()\n";
    let (out, fallback) = apply(Language::Rust, &file, old, new);
    assert_eq!(out, edited(&file, "unwrap_or(1.0)", "unwrap_or(0.0)"));
    assert!(!fallback);
}

#[test]
fn rs_struct_field_appended() {
    let file = fixture("total.rustfmt.rs");
    let old = "pub struct Config { pub name: String, pub retries: u32, pub verbose: bool }";
    let new = "pub struct Config { pub name: String, pub retries: u32, pub verbose: bool, pub timeout: u64 }";
    let (out, _) = apply(Language::Rust, &file, old, new);
    assert_eq!(
        out,
        edited(
            &file,
            "    pub verbose: bool,\n",
            "    pub verbose: bool,\n    pub timeout: u64,\n"
        )
    );
}

#[test]
fn rs_negatives() {
    let file = fixture("total.rustfmt.rs");
    let c = not_found(
        Language::Rust,
        &file,
        "Config { name: name.to_string(), retries: 5, verbose: false }",
    );
    assert_eq!(c.literals, vec![("5".to_string(), "3".to_string())]);
    let c = not_found(
        Language::Rust,
        &file,
        "let rate = rates.get(&item.currency_code).copied().unwrap_or(1.0);",
    );
    assert_eq!(
        c.identifiers,
        vec![("currency_code".to_string(), "currency".to_string())]
    );
}

// ---- Go, re-formatted by gofmt ----

#[test]
fn go_if_parens_and_semicolons_stripped() {
    let file = fixture("total.gofmt.go");
    let old =
        "\tsum := 0.0;\n\tfor i := 0; i < len(items); i++ {\n\t\tif (items[i].Qty > limit) {\n";
    let new =
        "\tsum := 0.0;\n\tfor i := 0; i < len(items); i++ {\n\t\tif (items[i].Qty >= limit) {\n";
    let (out, fallback) = apply(Language::Go, &file, old, new);
    assert_eq!(
        out,
        edited(&file, "items[i].Qty > limit", "items[i].Qty >= limit")
    );
    assert!(!fallback);
}

#[test]
fn go_aligned_struct_gains_a_field() {
    let file = fixture("total.gofmt.go");
    let old = "type Item struct {\n    Name string\n    Price float64\n    Qty int\n}\n";
    let new =
        "type Item struct {\n    Name string\n    Price float64\n    Qty int\n    SKU string\n}\n";
    let (out, _) = apply(Language::Go, &file, old, new);
    // Written in the file's indentation (tabs); gofmt's column alignment is not redone.
    assert_eq!(
        out,
        edited(&file, "\tQty   int\n}", "\tQty   int\n\tSKU string\n}")
    );
}

#[test]
fn go_negatives() {
    let file = fixture("total.gofmt.go");
    let c = not_found(
        Language::Go,
        &file,
        "\t\t\treturn 0, fmt.Errorf(\"too many %s\", items[i].Title)\n",
    );
    assert_eq!(
        c.identifiers,
        vec![("Title".to_string(), "Name".to_string())]
    );
    let c = not_found(
        Language::Go,
        &file,
        "return 0, fmt.Errorf(\"too few %s\", items[i].Name)",
    );
    assert_eq!(
        c.literals,
        vec![("\"too few %s\"".to_string(), "\"too many %s\"".to_string())]
    );
}

// ---- TSX and JavaScript, re-formatted by Prettier 3 ----

#[test]
fn tsx_jsx_wrapped_in_parens() {
    let file = fixture("card.prettier.tsx");
    let old = "  return <div className='card'><h2>{name}</h2><span>{count} {label}</span></div>;\n";
    let new =
        "  return <div className='card big'><h2>{title}</h2><span>{count} {label}</span></div>;\n";
    let (out, fallback) = apply(Language::Tsx, &file, old, new);
    let want = edited(
        &edited(&file, "\"card\"", "\"card big\""),
        "{name}",
        "{title}",
    );
    assert_eq!(out, want);
    assert!(!fallback);
    // JSX text spacing is meaning: `{count}{label}` is not `{count} {label}`.
    let syntax = Syntax::parse(Language::Tsx, &file);
    assert!(matches!(
        locate(&syntax, &file, "<span>{count}{label}</span>"),
        Outcome::NotFound(_)
    ));
}

#[test]
fn tsx_sibling_elements_parse_as_children_and_text_keeps_its_lines() {
    let text = "export function Pager() {\n  return (\n    <div>\n      <button onClick={() => back()}>\n        Previous\n      </button>\n      <span>\n        Page {page} of {count}\n      </span>\n    </div>\n  );\n}\n";
    let old = "      <button onClick={() => back()}>Previous</button>\n      <span>Page {page} of {count}</span>\n";
    let new = "      <button onClick={() => back()}>Prev</button>\n      <span>Page {page} of {count}</span>\n";
    let (out, fallback) = apply(Language::Tsx, text, old, new);
    assert_eq!(
        out,
        "export function Pager() {\n  return (\n    <div>\n      <button onClick={() => back()}>\n        Prev\n      </button>\n      <span>\n        Page {page} of {count}\n      </span>\n    </div>\n  );\n}\n"
    );
    assert!(!fallback);
    // Visible spacing at a text's edge is still meaning: `Page{page}` is another text.
    let syntax = Syntax::parse(Language::Tsx, text);
    assert!(matches!(
        locate(
            &syntax,
            text,
            "<button onClick={() => back()}>Previous</button>\n<span>Page{page} of {count}</span>"
        ),
        Outcome::NotFound(_)
    ));
}

#[test]
fn ts_try_tail_fragment_keeps_catch_parens() {
    let text = "async function f() {\n  try {\n    await go()\n  } catch (err) {\n    fail(err instanceof Error ? err.message : \"Login failed\")\n  } finally {\n    done(false)\n  }\n}\n";
    let old = "  } catch (err) {\n    fail(err instanceof Error ? err.message : 'Login failed');\n  } finally {\n    done(false);\n";
    let new = "  } catch (err) {\n    fail(err instanceof Error ? err.message : 'Sign-in failed');\n  } finally {\n    done(false);\n";
    for lang in [Language::Tsx, Language::TypeScript, Language::JavaScript] {
        let (out, fallback) = apply(lang, text, old, new);
        assert_eq!(
            out,
            "async function f() {\n  try {\n    await go()\n  } catch (err) {\n    fail(err instanceof Error ? err.message : \"Sign-in failed\")\n  } finally {\n    done(false)\n  }\n}\n",
            "{lang:?}"
        );
        assert!(!fallback);
    }
}

#[test]
fn js_quoted_key_and_no_semicolons() {
    let file = fixture("cart.prettier.js");
    let old = "const add = (cart, item) => { cart.items.push({ 'sku': item.sku, qty: item.qty || 1 }); return cart; };\n";
    let new = "const add = (cart, item) => { cart.items.push({ 'sku': item.sku, qty: item.qty || 0 }); return cart; };\n";
    let (out, _) = apply(Language::JavaScript, &file, old, new);
    assert_eq!(out, edited(&file, "item.qty || 1 }", "item.qty || 0 }"));
    let c = not_found(
        Language::JavaScript,
        &file,
        "cart.items.push({ sku: item.id, qty: item.qty || 1 })",
    );
    assert_eq!(c.identifiers, vec![("id".to_string(), "sku".to_string())]);
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    const FILE: &str =
        "function f(a, b) {\n  const x = { 'k': [1, 2], y: \"s\" };\n  return (a + b) * x.y;\n}\n";

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Any fragment, in any language: locate and rewrite return, never panic.
        #[test]
        fn any_fragment(old in "[ -~\\n\\té”{}()]{0,80}", new in "[ -~\\n\\t]{0,40}", lang in 0usize..6) {
            let lang = crate::LANGUAGES[lang];
            let syntax = Syntax::parse(lang, FILE);
            let _ = syntax.error_count();
            if let Outcome::Unique(found) = locate(&syntax, FILE, &old) {
                prop_assert!(found.range.end <= FILE.len());
                let _ = rewrite(&syntax, FILE, &found, &old, &new, &Style::detect(FILE));
            }
        }

        /// Slices of the file itself always match; any `new` rewrites without panicking, or
        /// is refused as unmappable (a `new` that cannot be written without breaking the
        /// code around the region).
        #[test]
        fn file_slices(a in 0usize..FILE.len(), len in 1usize..60, new in "[ -~\\n]{0,60}") {
            let b = (a + len).min(FILE.len());
            let old = &FILE[a..b];
            let syntax = Syntax::parse(Language::JavaScript, FILE);
            if let Outcome::Unique(found) = locate(&syntax, FILE, old) {
                let rw = rewrite(&syntax, FILE, &found, old, &new, &Style::detect(FILE));
                prop_assert!(rw.as_ref().map_or_else(|r| r.code == crate::Code::Unmappable, |_| true));
            }
        }
    }
}

#[test]
fn deleting_a_statement_removes_its_whole_line() {
    let text = "function f() {\n  a(); // first\n  b();\n  c();\n}\n";
    let (out, fallback) = apply(Language::TypeScript, text, "a()\nb()\nc()\n", "a()\nc()\n");
    assert_eq!(out, "function f() {\n  a(); // first\n  c();\n}\n");
    assert!(!fallback);
    let (out, _) = apply(Language::TypeScript, text, "  b();\n", "");
    assert_eq!(out, "function f() {\n  a(); // first\n  c();\n}\n");
}

#[test]
fn py_inserted_block_is_written_as_lines_token_by_token() {
    // Black re-quoted the file; `new` adds a whole `if` block at the top of the loop body
    // and another at the end of a nested body. Both land as lines in the file's
    // indentation, the file's quotes stay, and `old`'s comment (which the file lacks)
    // is not brought back.
    let text = "def prune(backups, keep):\n    while len(backups) > keep:\n        oldest = backups.pop(0)\n        log.info(\"removing %s\", oldest)\n        for child in oldest.rglob(\"*\"):\n            child.unlink()\n    return backups\n";
    let old = "    while len(backups) > keep:\n        oldest = backups.pop(0)\n        # see the notes\n        log.info('removing %s', oldest)\n        for child in oldest.rglob('*'):\n            child.unlink()\n";
    let new = "    while len(backups) > keep:\n        if oldest_only:\n            break\n        oldest = backups.pop(0)\n        # see the notes\n        log.info('removing %s', oldest)\n        for child in oldest.rglob('*'):\n            child.unlink()\n            if child.is_dir():\n                continue\n";
    let (out, fallback) = apply(Language::Python, text, old, new);
    assert_eq!(
        out,
        "def prune(backups, keep):\n    while len(backups) > keep:\n        if oldest_only:\n            break\n        oldest = backups.pop(0)\n        log.info(\"removing %s\", oldest)\n        for child in oldest.rglob(\"*\"):\n            child.unlink()\n            if child.is_dir():\n                continue\n    return backups\n"
    );
    assert!(!fallback);
}

#[test]
fn lines_inserted_above_a_kept_line_go_above_its_comment() {
    // The file has a comment `old` lacks right above the next kept line: the comment
    // belongs to that line, so the inserted line goes above it.
    let text =
        "function f() {\n  info(user);\n  // keep in sync with the docs\n  return user;\n}\n";
    let old = "  info(user);\n  return user;\n";
    let new = "  info(user);\n  debug(user);\n  return user;\n";
    let (out, fallback) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f() {\n  info(user);\n  debug(user);\n  // keep in sync with the docs\n  return user;\n}\n"
    );
    assert!(!fallback);
    // Where `new` itself puts the comment before the inserted line, it stays above.
    let old = "  info(user);\n  // keep in sync with the docs\n  return user;\n";
    let new = "  info(user);\n  // keep in sync with the docs\n  debug(user);\n  return user;\n";
    let (out, _) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f() {\n  info(user);\n  // keep in sync with the docs\n  debug(user);\n  return user;\n}\n"
    );
    // Go, tabs, two comment lines.
    let text = "package p\n\nfunc f() {\n\tin.At = now()\n\t// keep in sync\n\t// with the docs\n\tx, err := create(in)\n}\n";
    let old = "    in.At = now()\n    x, err := create(in)\n";
    let new = "    in.At = now()\n    in.Done = false\n    x, err := create(in)\n";
    let (out, fallback) = apply(Language::Go, text, old, new);
    assert_eq!(
        out,
        "package p\n\nfunc f() {\n\tin.At = now()\n\tin.Done = false\n\t// keep in sync\n\t// with the docs\n\tx, err := create(in)\n}\n"
    );
    assert!(!fallback);
}

#[test]
fn block_structure_change_falls_back_to_reindented_new() {
    let file = fixture("users.black.py");
    let old = "    if (include_orders):\n        query = query.join('orders', on='user_id')\n    return (query.first())\n";
    let new = "    if include_orders:\n        query = query.join('orders', on='user_id')\n        return query.first()\n";
    let (out, fallback) = apply(Language::Python, &file, old, new);
    let region = "    if include_orders:\n        query = query.join(\"orders\", on=\"user_id\")\n    return query.first()\n";
    assert_eq!(out, edited(&file, region, new));
    assert!(fallback);
}

#[test]
fn fallback_reindents_into_tabs() {
    let text = "func f() {\n\tif x {\n\t\tg()\n\t}\n}\n";
    let old = "if x {\n    g()\n}";
    let new = "if x {\n    g()\n} else {\n    h()\n}";
    let (out, _) = apply(Language::Go, text, old, new);
    assert_eq!(
        out,
        "func f() {\n\tif x {\n\t\tg()\n\t} else {\n\t\th()\n\t}\n}\n"
    );
}

/// Inserted tokens lean on the neighbour they belong to: a run that opens a call goes right
/// before what it wraps (the file's spacing stays on its left), a run that closes goes right
/// after what it ends — never `total *Math.min( discount`.
#[test]
fn inserted_tokens_keep_the_file_spacing_on_the_right_side() {
    let file = "function f(total: number, discount: number) {\n  total = total - total * discount;\n  return total;\n}\n";
    let (out, fallback) = apply(
        Language::TypeScript,
        file,
        "  total = total - total*discount;\n",
        "  total = total - total*Math.min(discount, 1);\n",
    );
    assert!(!fallback);
    assert_eq!(
        out,
        "function f(total: number, discount: number) {\n  total = total - total * Math.min(discount, 1);\n  return total;\n}\n"
    );

    let file = "def keep(record, out):\n    out.update({k: v for k, v in record.items() if v is not None})\n    return out\n";
    let (out, _) = apply(
        Language::Python,
        file,
        "    out.update({k:v for k,v in record.items() if v is not None})\n",
        "    out.update({k:v for k,v in record.items() if v not in (None, '')})\n",
    );
    assert_eq!(
        out,
        "def keep(record, out):\n    out.update({k: v for k, v in record.items() if v not in (None, '')})\n    return out\n"
    );
}

/// A closing bracket inserted at the end of a line in a `--no-semi` file belongs to that
/// line, not to the next one (the next token is not the end of a one-item-per-line list).
#[test]
fn a_closer_inserted_before_a_line_break_stays_on_its_line() {
    let file = "function escape(text) {\n  return text\n    .replace(/&/g, \"&amp;\")\n    .replace(/</g, \"&lt;\")\n}\n";
    let (out, fallback) = apply(
        Language::JavaScript,
        file,
        "  return text\n    .replace(/&/g, '&amp;')\n",
        "  return String(text)\n    .replace(/&/g, '&amp;')\n",
    );
    assert!(!fallback);
    assert_eq!(
        out,
        "function escape(text) {\n  return String(text)\n    .replace(/&/g, \"&amp;\")\n    .replace(/</g, \"&lt;\")\n}\n"
    );
}

fn try_rewrite(lang: Language, text: &str, old: &str, new: &str) -> Result<String, String> {
    let syntax = Syntax::parse(lang, text);
    let found = match locate(&syntax, text, old) {
        Outcome::Unique(found) => found,
        other => panic!("expected a unique match, got {other:?}"),
    };
    let rw =
        rewrite(&syntax, text, &found, old, new, &Style::detect(text)).map_err(|r| r.message)?;
    let mut out = text.to_string();
    out.replace_range(found.range.clone(), &rw.replacement);
    Ok(out)
}

fn absent(lang: Language, text: &str, old: &str) {
    let syntax = Syntax::parse(lang, text);
    let outcome = locate(&syntax, text, old);
    assert!(
        matches!(outcome, Outcome::NotFound(_)),
        "{old:?} must not match {text:?}: {outcome:?}"
    );
}

#[test]
fn ts_clarifying_parens_prettier_added() {
    let text = "function f() {\n  return (flags.beta && inBucket) || allowList.has(userId);\n}\n";
    let old = "  return flags.beta && inBucket || allowList.has(userId);\n";
    let new = "  return flags.beta && inBucket || allowList.has(userId) || userId === 0;\n";
    let (out, fallback) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f() {\n  return (flags.beta && inBucket) || allowList.has(userId) || userId === 0;\n}\n"
    );
    assert!(!fallback);
}

#[test]
fn ts_operand_changed_inside_dropped_parens() {
    let text = "const ok = (a && b) || c;\n";
    let (out, fallback) = apply(
        Language::TypeScript,
        text,
        "const ok = a && b || c",
        "const ok = a && d || c",
    );
    assert_eq!(out, "const ok = (a && d) || c;\n");
    assert!(!fallback);
    // Inline, starting inside the parens: the file's `(` stays before the match.
    let (out, _) = apply(Language::TypeScript, text, "a && b || c", "a && b || e");
    assert_eq!(out, "const ok = (a && b) || e;\n");
}

#[test]
fn ts_parens_in_old_the_file_lacks() {
    let text = "if (x) {\n  y = a * b % c;\n  z = p && q || r;\n}\n";
    let (out, _) = apply(
        Language::TypeScript,
        text,
        "  y = (a * b) % c;\n  z = (p && q) || r;\n",
        "  y = (a * b) % d;\n  z = (p && q) || r;\n",
    );
    assert_eq!(out, "if (x) {\n  y = a * b % d;\n  z = p && q || r;\n}\n");
}

#[test]
fn file_parens_that_would_rebind_fall_back_to_new() {
    // `(a * b) + c` → `a + b * c`: written token by token the file's parens would make
    // it `(a + b) * c`.
    let text = "const x = (a * b) + c;\n";
    let (out, fallback) = apply(
        Language::TypeScript,
        text,
        "const x = a * b + c;\n",
        "const x = a + b * c;\n",
    );
    assert_eq!(out, "const x = a + b * c;\n");
    assert!(fallback);
}

#[test]
fn a_match_that_splits_file_parens_is_refused() {
    let text = "const x = (a && b) || c;\n";
    let err = try_rewrite(Language::TypeScript, text, "b || c", "d").expect_err("refused");
    assert!(err.contains("parenthesised"), "{err}");
}

#[test]
fn parens_that_change_grouping_never_match() {
    use Language::*;
    for (lang, text, old) in [
        (
            TypeScript,
            "const x = (a + b) * c;\n",
            "const x = a + b * c;",
        ),
        (
            TypeScript,
            "const x = a + b * c;\n",
            "const x = (a + b) * c;",
        ),
        (
            TypeScript,
            "const x = a - (b - c);\n",
            "const x = a - b - c;",
        ),
        (
            TypeScript,
            "const x = a - b - c;\n",
            "const x = a - (b - c);",
        ),
        (
            TypeScript,
            "const x = (a ?? b) || c;\n",
            "const x = a ?? b || c;",
        ),
        (
            JavaScript,
            "const x = a ?? (b || c);\n",
            "const x = a ?? b || c;",
        ),
        (Python, "x = (a < b) < c\n", "x = a < b < c\n"),
        (Python, "x = (-a) ** b\n", "x = -a ** b\n"),
        (
            Go,
            "package p\n\nvar x = a - (b - c)\n",
            "var x = a - b - c\n",
        ),
        (
            Rust,
            "fn f() {\n    let x = (a + b) * c;\n}\n",
            "    let x = a + b * c;\n",
        ),
    ] {
        absent(lang, text, old);
    }
}

#[test]
fn py_go_rs_redundant_operand_parens_both_ways() {
    let (out, _) = apply(
        Language::Python,
        "if (a and b) or c:\n    run()\n",
        "if a and b or c:\n",
        "if a and d or c:\n",
    );
    assert_eq!(out, "if (a and d) or c:\n    run()\n");
    let (out, _) = apply(
        Language::Python,
        "ok = a and b or not c\n",
        "ok = (a and b) or (not c)\n",
        "ok = (a and b) or (not e)\n",
    );
    assert_eq!(out, "ok = a and b or not e\n");
    let (out, _) = apply(
        Language::Go,
        "package p\n\nfunc f() bool {\n\treturn (a && b) || c\n}\n",
        "return a && b || c\n",
        "return a && b || d\n",
    );
    assert_eq!(
        out,
        "package p\n\nfunc f() bool {\n\treturn (a && b) || d\n}\n"
    );
    let (out, _) = apply(
        Language::Rust,
        "fn f() -> bool {\n    let x = a * b + c;\n    x\n}\n",
        "    let x = (a * b) + c;\n",
        "    let x = (a * b) + d;\n",
    );
    assert_eq!(out, "fn f() -> bool {\n    let x = a * b + d;\n    x\n}\n");
}

#[test]
fn js_chain_middle_with_regex_and_no_semicolons() {
    let text = "export function esc(t) {\n  return t\n    .replace(/&/g, \"&amp;\")\n    .replace(/\"/g, \"&quot;\")\n}\n";
    let (out, fallback) = apply(
        Language::JavaScript,
        text,
        "    .replace(/\"/g, '&quot;');\n",
        "    .replace(/\"/g, '&#34;');\n",
    );
    assert_eq!(
        out,
        "export function esc(t) {\n  return t\n    .replace(/&/g, \"&amp;\")\n    .replace(/\"/g, \"&#34;\")\n}\n"
    );
    assert!(!fallback);
}

#[test]
fn py_and_rs_chain_middles() {
    let text = "rows = (\n    query\n    .filter(active=True)\n    .order_by(\"name\")\n)\n";
    let (out, _) = apply(
        Language::Python,
        text,
        ".filter(active=True)\n.order_by('name')\n",
        ".filter(active=True)\n.order_by('-name')\n",
    );
    assert_eq!(
        out,
        "rows = (\n    query\n    .filter(active=True)\n    .order_by(\"-name\")\n)\n"
    );
    let text = "fn f(v: &[u32]) -> Vec<u32> {\n    v.iter()\n        .map(|x| x + 1)\n        .collect()\n}\n";
    let (out, _) = apply(
        Language::Rust,
        text,
        "        .map(|x| x + 1)\n",
        "        .map(|x| x + 2)\n",
    );
    assert_eq!(
        out,
        "fn f(v: &[u32]) -> Vec<u32> {\n    v.iter()\n        .map(|x| x + 2)\n        .collect()\n}\n"
    );
}

// ---- Statement ends (ASI): `;` is optional, where statements end is not ----

fn refused(lang: Language, text: &str, old: &str) -> bool {
    let syntax = Syntax::parse(lang, text);
    !matches!(locate(&syntax, text, old), Outcome::Unique(_))
}

#[test]
fn asi_continuations_are_not_two_statements() {
    // `b\n(c || d)` is a call, `g()\n[a, b]` an index, `a\n++b` is `a; ++b`, and
    // `return\n  x` returns nothing: old's statements are other code.
    for (lang, text, old) in [
        (
            Language::TypeScript,
            "const a = b\n(c || d).run()\n",
            "const a = b;\n(c || d).run();\n",
        ),
        (
            Language::JavaScript,
            "function f(a, b) {\n  let x = g()\n  [a, b].forEach(h)\n  return x\n}\n",
            "  let x = g();\n  [a, b].forEach(h);\n",
        ),
        (
            Language::JavaScript,
            "function f() {\n  a\n  ++b\n  return a + b\n}\n",
            "  a++;\n  b;\n",
        ),
        (
            Language::JavaScript,
            "function f(x) {\n  return\n    x * 2\n}\n",
            "  return x * 2;\n",
        ),
        (
            Language::JavaScript,
            "function f(x) {\n  return x * 2;\n}\n",
            "  return\n    x * 2\n",
        ),
    ] {
        assert!(refused(lang, text, old), "{old:?} in {text:?}");
    }
}

#[test]
fn statements_match_with_or_without_semicolons() {
    let semi = "function f() {\n  const a = b;\n  (c || d).run();\n  e();\n}\n";
    let nosemi = "function f() {\n  const a = b\n  ;(c || d).run()\n  e()\n}\n";
    let old_semi = "  const a = b;\n  (c || d).run();\n";
    let old_nosemi = "  const a = b\n  ;(c || d).run()\n";
    let (out, _) = apply(
        Language::TypeScript,
        nosemi,
        old_semi,
        "  const a = b;\n  (c || d).stop();\n",
    );
    assert_eq!(out, nosemi.replace("run()", "stop()"));
    let (out, _) = apply(
        Language::TypeScript,
        semi,
        old_nosemi,
        "  const a = b\n  ;(c || d).stop()\n",
    );
    assert_eq!(out, semi.replace("run()", "stop()"));
    // A statement added after a no-semicolon line, and one removed.
    let (out, _) = apply(Language::JavaScript, nosemi, "  e();\n", "  e();\n  g();\n");
    assert_eq!(out, nosemi.replace("  e()\n", "  e()\n  g();\n"));
    let (out, _) = apply(
        Language::JavaScript,
        semi,
        "  (c || d).run()\n  e()\n",
        "  (c || d).run()\n",
    );
    assert_eq!(out, semi.replace("  e();\n", ""));
}

#[test]
fn go_statement_ends_are_syntax() {
    let text = "package p\n\nfunc f() int {\n\tb\n\t(c)\n\treturn\n}\n";
    assert!(refused(Language::Go, text, "\tb(c)\n"));
    let text = "package p\n\nfunc f() {\n\ta := 1\n\tb(a)\n}\n";
    let (out, _) = apply(
        Language::Go,
        text,
        "\ta := 1;\n\tb(a);\n",
        "\ta := 2;\n\tb(a);\n",
    );
    assert_eq!(out, text.replace("a := 1", "a := 2"));
}

// ---- Python: line ends end statements; an unbracketed comma makes a tuple ----

#[test]
fn py_tuple_trailing_comma_is_syntax() {
    let text = "def f():\n    return 1,  # tuple\n";
    assert!(refused(Language::Python, text, "    return 1\n"));
    let text = "def f():\n    x = 1,  # tuple\n    return x\n";
    assert!(refused(Language::Python, text, "    x = 1\n"));
    let text = "def f():\n    return 1\n";
    assert!(refused(Language::Python, text, "    return 1,\n"));
    let text = "def f():\n    a\n    (b)\n";
    assert!(refused(Language::Python, text, "    a(b)\n"));
}

#[test]
fn py_trailing_commas_inside_brackets_still_match() {
    let text = "def f():\n    g(\n        a,\n        b,\n    )\n    x = [1, 2,]\n";
    let (out, _) = apply(Language::Python, text, "    g(a, b)\n", "    g(a, c)\n");
    assert_eq!(out, text.replace("        b,\n", "        c,\n"));
    let (out, _) = apply(
        Language::Python,
        text,
        "    x = [1, 2]\n",
        "    x = [1, 3]\n",
    );
    assert_eq!(out, text.replace("[1, 2,]", "[1, 3,]"));
}

// ---- Raw strings keep their spelling when the new value fits ----

#[test]
fn raw_string_edit_keeps_the_raw_spelling() {
    let text = "import re\n\nPAT = r\"\\d+\"  # digits\n";
    let (out, _) = apply(
        Language::Python,
        text,
        "PAT = \"\\\\d+\"\n",
        "PAT = \"\\\\d*\"\n",
    );
    assert_eq!(out, "import re\n\nPAT = r\"\\d*\"  # digits\n");
    let text = "fn f() {\n    let p = r#\"C:\\new\"#; // path\n}\n";
    let (out, _) = apply(
        Language::Rust,
        text,
        "    let p = \"C:\\\\new\";\n",
        "    let p = \"C:\\\\old\";\n",
    );
    assert_eq!(out, "fn f() {\n    let p = r#\"C:\\old\"#; // path\n}\n");
    let text = "package main\n\nfunc f() {\n\tp := `C:\\new` // path\n\tuse(p)\n}\n";
    let (out, _) = apply(
        Language::Go,
        text,
        "\tp := \"C:\\\\new\"\n",
        "\tp := \"C:\\\\old\"\n",
    );
    assert_eq!(
        out,
        "package main\n\nfunc f() {\n\tp := `C:\\old` // path\n\tuse(p)\n}\n"
    );
}

#[test]
fn raw_string_takes_new_spelling_when_the_value_needs_escapes() {
    // A quote or a line break cannot be written inside the file's raw string.
    let text = "PAT = r'\\d+'\n";
    let (out, _) = apply(
        Language::Python,
        text,
        "PAT = '\\\\d+'\n",
        "PAT = '\\\\d\\''\n",
    );
    assert_eq!(out, "PAT = '\\\\d\\''\n");
    let text = "package main\n\nvar p = `a`\n";
    let (out, _) = apply(Language::Go, text, "var p = \"a\"\n", "var p = \"a\\nb\"\n");
    assert_eq!(out, "package main\n\nvar p = \"a\\nb\"\n");
}

#[test]
fn a_line_inserted_between_comments_goes_between_them_in_new_order() {
    // `new` puts the line between `# see` and `# TODO`; the file has one more `# see` after
    // `# TODO` that `old` lacks: the line goes after the first, never after the repeat.
    let text = "def add(self, e):\n    self.n += 1\n    # see the notes\n    # TODO: measure\n    # see the notes\n    self.m += 1\n";
    let old = "    self.n += 1\n    # see the notes\n    # TODO: measure\n    self.m += 1";
    let new = "    self.n += 1\n    # see the notes\n    count('edits')\n    # TODO: measure\n    self.m += 1";
    let (out, _) = apply(Language::Python, text, old, new);
    assert_eq!(
        out,
        "def add(self, e):\n    self.n += 1\n    # see the notes\n    count('edits')\n    # TODO: measure\n    # see the notes\n    self.m += 1\n"
    );
    // A comment the file has twice stays on the side `new` has it on.
    let text = "function f() {\n  a();\n  // keep\n  // keep\n  // order\n  b();\n}\n";
    let old = "  a();\n  // keep\n  // order\n  b();";
    let new = "  a();\n  // keep\n  log();\n  // order\n  b();";
    let (out, _) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f() {\n  a();\n  // keep\n  // keep\n  log();\n  // order\n  b();\n}\n"
    );
    let text = "function f() {\n  a();\n  // keep\n  // order\n  // order\n  b();\n}\n";
    let (out, _) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f() {\n  a();\n  // keep\n  log();\n  // order\n  // order\n  b();\n}\n"
    );
}

#[test]
fn a_written_sign_after_an_operator_is_not_spaced_unless_they_would_glue() {
    let text = "def f(ctx, event):\n    value = ctx.lookup(event.key, default=1500)\n";
    let old = "value = ctx.lookup(\n    event.key,\n    default=1500,\n)";
    let (out, _) = apply(Language::Python, text, old, &old.replace("1500", "-1"));
    assert_eq!(out, text.replace("default=1500", "default=-1"));
    let text = "function f() {\n  return a -b;\n}\n";
    let (out, _) = apply(
        Language::TypeScript,
        text,
        "return a - b;",
        "return a - - b;",
    );
    assert_eq!(out, "function f() {\n  return a - -b;\n}\n");
}

/// An inserted run takes the place its neighbours give it: whole lines of `new` go after
/// the last kept line (in the file's tabs and CRLF) or before the next one; a run inside a
/// line goes after what it ends (`.trim()`, a line break and a statement) or before what it
/// wraps or prefixes (`g(`, `...`), keeping the file's spacing on the other side.
#[test]
fn inserted_runs_go_where_their_neighbours_put_them() {
    use Language::*;
    let text = "function f() {\r\n\ta();\r\n\tc();\r\n}\r\n";
    let (out, fallback) = apply(TypeScript, text, "  a();\n", "  a();\n  b();\n");
    assert_eq!(out, "function f() {\r\n\ta();\r\n\tb();\r\n\tc();\r\n}\r\n");
    assert!(!fallback);
    let (out, _) = apply(TypeScript, text, "a();", "a();\nb();");
    assert_eq!(out, "function f() {\r\n\ta();\r\n\tb();\r\n\tc();\r\n}\r\n");
    let text = "function f() {\n\ta();\n}\n";
    let (out, _) = apply(TypeScript, text, "a();", "log();\na();");
    assert_eq!(out, "function f() {\n\tlog();\n\ta();\n}\n");
    let text = "def f():\n    a = 1\n    return a\n";
    let (out, _) = apply(Python, text, "a = 1", "a = 1\nb = 2");
    assert_eq!(out, "def f():\n    a = 1\n    b = 2\n    return a\n");
    let text = "const r = f(a,b);\n";
    let cases = [
        ("f(a, ...b)", "const r = f(a,...b);\n"),
        ("f(a, b).trim()", "const r = f(a,b).trim();\n"),
        ("g(f(a, b))", "const r = g(f(a,b));\n"),
    ];
    for (new, want) in cases {
        let (out, fallback) = apply(TypeScript, text, "f(a, b)", new);
        assert_eq!(out, want, "{new}");
        assert!(!fallback);
    }
}

#[test]
fn an_item_inserted_into_a_list_laid_one_per_line_gets_its_own_line() {
    let text = "import {\n  useCallback,\n  useEffect, // effects\n  // state\n  useState,\n} from \"react\";\n";
    let old = "import { useCallback, useEffect, useState } from \"react\"";
    let new = "import { useCallback, useEffect, useMemo, useState } from \"react\"";
    let (out, _) = apply(Language::Tsx, text, old, new);
    assert_eq!(
        out,
        "import {\n  useCallback,\n  useEffect, // effects\n  useMemo,\n  // state\n  useState,\n} from \"react\";\n"
    );
    // First in the list, and a CRLF file.
    let text = "f(\r\n  a,\r\n  b,\r\n);\r\n";
    let (out, _) = apply(Language::TypeScript, text, "f(a, b)", "f(x, a, b)");
    assert_eq!(out, "f(\r\n  x,\r\n  a,\r\n  b,\r\n);\r\n");
    // A list on one line stays on one line.
    let (out, _) = apply(Language::TypeScript, "f(a,  b);\n", "f(a, b)", "f(a, x, b)");
    assert_eq!(out, "f(a, x,  b);\n");
}

#[test]
fn a_jsx_comment_container_old_lacks_is_a_comment_and_stays() {
    let text = "export function Page() {\n  return (\n    <main>\n      {/* header */}\n      <Header />\n      <Body />\n      {/* footer */}\n      <Footer />\n    </main>\n  );\n}\n";
    let old = "<Header />\n      <Body />\n      <Footer />";
    let (out, _) = apply(Language::Tsx, text, old, "<Header />\n      <Footer />");
    assert_eq!(out, text.replace("      <Body />\n", ""));
    // Braces holding code are code: `{count /* n */}` is not skipped.
    let text = "const a = (\n  <p>\n    {count /* n */}\n    <b />\n  </p>\n);\n";
    let syntax = Syntax::parse(Language::Tsx, text);
    assert!(matches!(
        locate(&syntax, text, "<p>\n    <b />\n  </p>"),
        Outcome::NotFound(_)
    ));
}

#[test]
fn a_wrapped_statement_moved_into_a_new_block_takes_its_continuation_lines_along() {
    let text = "fn names(users: &[User]) -> Vec<String> {\n    let mut out = Vec::new();\n    out.extend(\n        users\n            .iter()\n            .map(|u| u.name.clone()), // names\n    );\n    out\n}\n";
    let old = "    let mut out = Vec::new();\n    out.extend(users.iter().map(|u| u.name.clone()));\n    out";
    let new = "    let mut out = Vec::new();\n    if !users.is_empty() {\n        out.extend(users.iter().map(|u| u.name.clone()));\n    }\n    out";
    let (out, _) = apply(Language::Rust, text, old, new);
    assert_eq!(
        out,
        "fn names(users: &[User]) -> Vec<String> {\n    let mut out = Vec::new();\n    if !users.is_empty() {\n        out.extend(\n            users\n                .iter()\n                .map(|u| u.name.clone()), // names\n        );\n    }\n    out\n}\n"
    );
}

#[test]
fn a_comment_old_lacks_moves_with_the_lines_a_reindent_moves() {
    let text = "fn index(words: &[String]) -> usize {\n  let mut n = 0;\n  /*\n   * count each word\n   */\n  for w in words {\n    n += w.len();\n  }\n  // done\n  n\n}\n";
    let old = "  let mut n = 0;\n  for w in words {\n    n += w.len();\n  }\n  n";
    let new = "    let mut n = 0;\n    for w in words {\n        n += w.len();\n    }\n    n";
    let (out, _) = apply(Language::Rust, text, old, new);
    assert_eq!(
        out,
        "fn index(words: &[String]) -> usize {\n    let mut n = 0;\n    /*\n     * count each word\n     */\n    for w in words {\n        n += w.len();\n    }\n    // done\n    n\n}\n"
    );
}

#[test]
fn unwrapping_a_block_copied_from_after_its_indentation_keeps_the_lines_at_its_depth() {
    let text = "function f(o) {\n  if (o) {\n    // overrides win\n    config.update(o);\n    validate(config);\n  }\n  return config;\n}\n";
    let old = "if (o) {\n    config.update(o);\n    validate(config);\n  }";
    let new = "config.update(o);\n  validate(config);";
    let (out, _) = apply(Language::TypeScript, text, old, new);
    assert_eq!(
        out,
        "function f(o) {\n  // overrides win\n  config.update(o);\n  validate(config);\n  return config;\n}\n"
    );
}

#[test]
fn an_item_appended_to_a_list_with_a_trailing_comma_gets_its_own_line() {
    // black's parenthesised import: the parentheses and the trailing comma are layout.
    let text = "from app.db import (\n    session_scope,\n    RefundModel,\n)\nx = 1\n";
    let old = "from app.db import session_scope, RefundModel";
    let new = "from app.db import session_scope, RefundModel, InvoiceModel";
    let (out, _) = apply(Language::Python, text, old, new);
    assert_eq!(
        out,
        "from app.db import (\n    session_scope,\n    RefundModel,\n    InvoiceModel,\n)\nx = 1\n"
    );
}

#[test]
fn an_attribute_or_statement_new_writes_inline_gets_a_line_of_its_own() {
    let text = "export function F() {\n  return (\n    <Button\n      variant=\"primary\"\n      disabled={busy}\n    >\n      Save\n    </Button>\n  );\n}\n";
    let old = "<Button variant=\"primary\" disabled={busy}>";
    let (out, _) = apply(
        Language::Tsx,
        text,
        old,
        "<Button variant=\"primary\" disabled={busy} title=\"Save\">",
    );
    assert_eq!(
        out,
        text.replace(
            "      disabled={busy}\n",
            "      disabled={busy}\n      title=\"Save\"\n"
        )
    );
    let (out, _) = apply(
        Language::Tsx,
        text,
        old,
        "<Button id=\"b\" variant=\"primary\" disabled={busy}>",
    );
    assert_eq!(
        out,
        text.replace("    <Button\n", "    <Button\n      id=\"b\"\n")
    );
    let text = "function f(p) {\n  setName(p.name); // name\n  setAge(p.age);\n}\n";
    let (out, _) = apply(
        Language::TypeScript,
        text,
        "setName(p.name); setAge(p.age);",
        "setName(p.name); setEmail(p.email); setAge(p.age);",
    );
    assert_eq!(
        out,
        "function f(p) {\n  setName(p.name); // name\n  setEmail(p.email);\n  setAge(p.age);\n}\n"
    );
}
