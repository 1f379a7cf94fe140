//! Bounded work (issue 22 items 5 and 15): a miss on a long line and the closest-candidate
//! search cost at most linear-times-log in the file. Each case states the time it must stay
//! under in a debug build, far above what the bounded code takes and far below what the
//! quadratic code took.

use editloc::{Code, Document, LocateError};
use std::time::{Duration, Instant};

/// One line of minified JavaScript, about `bytes` long.
fn minified(bytes: usize) -> String {
    let mut line = String::new();
    let mut i = 0;
    while line.len() < bytes {
        line.push_str(&format!(
            "function a{i}(b,c){{var d=b+c*{i};if(d>{}){{return e{}(d,\"k{i}\")}}return null}};",
            i % 97,
            i % 13
        ));
        i += 1;
    }
    line
}

/// `f` runs within `limit`; its answer.
fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let answer = f();
    let took = started.elapsed();
    assert!(took < limit, "took {took:?}, over {limit:?}");
    answer
}

#[test]
fn a_miss_on_a_long_line_is_not_quadratic() {
    // 200 KB: 19 s in a release build before the report's diffs were bounded.
    let line = minified(200_000);
    let doc = Document::new(line.clone()).with_name("bundle.min.js");
    let err = within(Duration::from_secs(5), || doc.locate("foo(bar)")).unwrap_err();
    assert_eq!(err.code(), Code::NotFound, "{err}");
    let LocateError::NotFound(report) = err else {
        unreachable!()
    };
    let closest = report.closest.expect("a closest candidate");
    assert_eq!((closest.lines.start, closest.lines.end), (1, 1));
    assert_eq!(doc.content(), line);
}

/// `f(f(…(x)…))` nested `depth` deep, with a space after each `(` when `spaced`.
fn nested(depth: usize, spaced: bool) -> String {
    let open = if spaced { "f( " } else { "f(" };
    format!("{}x{}", open.repeat(depth), ")".repeat(depth))
}

#[test]
fn old_nested_past_the_budget_is_too_complex() {
    // Depth 5,000 found by the structural tier (the file spaces it otherwise): 29.6 s to
    // apply in a release build before the budget.
    let file = format!("a = 1\ny = {}\nb = 2\n", nested(5_000, true));
    let doc = Document::new(file.clone()).with_name("deep.py");
    let old = nested(5_000, false);
    let err = within(Duration::from_secs(5), || doc.apply(&old, "x")).unwrap_err();
    assert_eq!(err.code(), Code::TooComplex, "{err}");
    assert_eq!(err.code().as_str(), "too_complex");
    let report = err.report().expect("a report");
    assert!(
        report.hint.contains("nests 5000 brackets deep"),
        "{}",
        report.hint
    );
    assert_eq!(doc.content(), file);
    // The same text found byte for byte needs no structural comparison.
    let exact = Document::new(format!("y = {old}\n")).with_name("deep.py");
    let applied = within(Duration::from_secs(5), || exact.apply(&old, "x")).unwrap();
    assert_eq!(applied.content, "y = x\n");
}

#[test]
fn old_nested_within_the_budget_is_compared_structurally() {
    let file = format!("a = 1\ny = {}\nb = 2\n", nested(100, true));
    let doc = Document::new(file).with_name("deep.py");
    let applied = doc
        .apply(&format!("y = {}", nested(100, false)), "y = 0")
        .unwrap();
    assert_eq!(applied.content, "a = 1\ny = 0\nb = 2\n");
}

#[test]
fn a_large_old_resembling_nothing_is_too_complex() {
    // 10,000 lines of no code took 31 s to check in a release build (20 s of diffs in the
    // report, 10 s of tree-sitter's error recovery); 2,000 lines (36 KB) keep this test
    // short in a debug build.
    let old: String = (0..2_000)
        .map(|i| format!("{} {i}\n", ["qwx", "zjk", "vqz", "kxw"][i % 4].repeat(4)))
        .collect();
    let file: String = (0..3_000)
        .map(|i| format!("function h{i}(a) {{\n  return a + {i};\n}}\n"))
        .collect();
    let doc = Document::new(file.clone()).with_name("module.js");
    let err = within(Duration::from_secs(5), || doc.locate(&old)).unwrap_err();
    assert_eq!(err.code(), Code::TooComplex, "{err}");
    let hint = &err.report().expect("a report").hint;
    assert!(
        hint.contains("more than the structural tier's 32 KiB"),
        "{hint}"
    );
    assert_eq!(doc.content(), file);
}

#[test]
fn a_long_line_with_its_spacing_changed_is_too_complex() {
    // 1 MB of minified code with spaces added: past 100 s to apply in a release build.
    let line = minified(1_000_000);
    let old = line.replace(',', ", ").replace('{', " { ");
    let doc = Document::new(line.clone()).with_name("bundle.min.js");
    let err = within(Duration::from_secs(5), || doc.apply(&old, "x")).unwrap_err();
    assert_eq!(err.code(), Code::TooComplex, "{err}");
    assert_eq!(doc.content(), line);
    // Within the budget the same change is still found and written.
    let small = minified(2_000);
    let doc = Document::new(format!("{small}\n")).with_name("bundle.min.js");
    let spaced = small.replace(',', ", ");
    let applied = doc.apply(&spaced, "x();").unwrap();
    assert_eq!(applied.content, "x();\n");
}
