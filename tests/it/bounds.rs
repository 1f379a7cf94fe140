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
