//! The Rust side of the bindings' per-call overhead bench (`bindings/bench/run`): the same
//! edit as `overhead.py` and `overhead.mjs`, timed through the library directly and through
//! `editloc-bind` (the library call plus the serde value the bindings convert).
//!
//! Prints one line per measurement: `rust <what> <lines> <µs per call>`.

use editloc::{Document, Options};
use editloc_bind::{Settings, Units};
use std::time::Instant;

/// The bench's file and edit: a function of `n` CRLF + tab lines; the model's `old`/`new`
/// with spaces and LF (normalized tier), two lines from the middle.
fn case(n: usize) -> (String, String, String) {
    let line = |i: usize| format!("const v{i} = compute({i}, \"x{i}\");");
    let mut file = String::from("function f() {\r\n");
    for i in 0..n {
        file.push_str(&format!("\t{}\r\n", line(i)));
    }
    file.push_str("}\r\n");
    let k = n / 2;
    let old = format!("    {}\n    {}", line(k), line(k + 1));
    let new = format!(
        "    {}\n    const v{} = compute({}, \"y\");",
        line(k),
        k + 1,
        k + 1
    );
    (file, old, new)
}

fn time(calls: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..calls / 10 {
        f();
    }
    let start = Instant::now();
    for _ in 0..calls {
        f();
    }
    start.elapsed().as_secs_f64() * 1e6 / calls as f64
}

fn main() {
    for (n, calls) in [(20, 20_000), (1_000, 2_000)] {
        let (file, old, new) = case(n);
        let doc = Document::new(file.clone());
        let options = Options::default();
        let settings = Settings::default();
        let direct = time(calls, || {
            doc.apply_with(&old, &new, &options).expect("applies");
        });
        let value = time(calls, || {
            editloc_bind::apply(&doc, &old, &new, &settings, Units::Chars).expect("applies");
        });
        let fresh = time(calls, || {
            Document::new(file.clone())
                .apply_with(&old, &new, &options)
                .expect("applies");
        });
        println!("rust apply {n} {direct:.2}");
        println!("rust apply+value {n} {value:.2}");
        println!("rust new+apply {n} {fresh:.2}");
    }
}
