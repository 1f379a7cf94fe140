//! A miss on one long line (issue 22 item 5): minified bundles are one line, and the
//! closest-candidate search once diffed `old` against it token by token, quadratically
//! (a 229 KB line took 19 s, a 1.3 MB line over 300 s).
//!
//! `cargo bench --bench long_line` times `locate` of a short `old` that is nowhere (every
//! tier, the repairs and the closest candidate) on one-line JavaScript files of 100 KB, 1 MB
//! and 10 MB (the last past [`editloc::MAX_SYNTAX_BYTES`], so without the structural tier),
//! the file read and indexed beforehand, and prints the median of `RUNS` runs in ms with
//! the time per MB, which stays about flat when the cost is linear.

use editloc::{Document, LocateError};
use std::time::Instant;

/// Runs timed per size.
const RUNS: usize = 3;

/// One line of minified JavaScript, about `bytes` long.
fn minified(bytes: usize) -> String {
    let mut line = String::with_capacity(bytes + 100);
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

fn main() {
    println!("{:>8} {:>12} {:>12}", "file", "miss (ms)", "ms per MB");
    for (name, bytes) in [
        ("100 KB", 100_000),
        ("1 MB", 1_000_000),
        ("10 MB", 10_000_000),
    ] {
        let mut times = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let doc = Document::new(minified(bytes)).with_name("bundle.min.js");
            let started = Instant::now();
            let answer = doc.locate("foo(bar)");
            times.push(started.elapsed().as_secs_f64() * 1e3);
            assert!(
                matches!(answer, Err(LocateError::NotFound(_))),
                "{answer:?}"
            );
        }
        times.sort_by(f64::total_cmp);
        let median = times[RUNS / 2];
        let per_mb = median / (bytes as f64 / 1e6);
        println!("{name:>8} {median:>12.1} {per_mb:>12.1}");
    }
}
