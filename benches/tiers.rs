//! Cost of each rung of the ladder on TypeScript-like files of 1k, 10k and 100k lines.
//!
//! `cargo bench --bench tiers -- --warm-up-time 1 --measurement-time 3`
//!
//! - `exact`: a 5-line snippet near the end, byte-identical, on a pre-built document.
//! - `normalized_warm` / `normalized_cold`: the same snippet as a model sends it (LF, 4
//!   spaces) against a CRLF + tab file, so exact fails. Warm reuses a document whose folded
//!   lines are cached; cold builds the fold on every iteration (construction not timed).
//! - `miss`: a snippet with a renamed identifier: every tier fails and the report searches
//!   for the closest candidate.
//! - `new`: `Document::new` (line index and style detection).
//! - `apply_normalized`: locate + merge + the whole-file unified diff.

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use editloc::{Document, LocateError, Tier};
use std::hint::black_box;

const SIZES: [(usize, &str); 3] = [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")];
const BLOCK: usize = 10;

/// One 10-line block of a TypeScript-like file (block `i` uses names no other block uses).
fn block(i: usize, indent: &str, eol: &str) -> String {
    let lines = [
        format!("export async function handler{i}(req: Request, res: Response): Promise<void> {{"),
        format!(
            "{indent}const user{i} = await db.users.find({{ id: req.params.id, tenant: {} }});",
            i % 17
        ),
        format!("{indent}if (!user{i}) {{"),
        format!("{indent}{indent}res.status(404).send(\"not found\");"),
        format!("{indent}{indent}return;"),
        format!("{indent}}}"),
        format!(
            "{indent}const total = user{i}.items.reduce((sum, item) => sum + item.price * {}, 0);",
            i % 7
        ),
        format!("{indent}res.json({{ id: user{i}.id, total }});"),
        "}".to_string(),
        String::new(),
    ];
    let mut s = lines.join(eol);
    s.push_str(eol);
    s
}

/// A deterministic file of `lines` lines.
fn typescript(lines: usize, indent: &str, eol: &str) -> String {
    (0..lines / BLOCK).map(|i| block(i, indent, eol)).collect()
}

/// Lines 2-6 of the second-to-last block, as a model writes them (LF, 4 spaces).
fn snippet(lines: usize) -> String {
    let i = lines / BLOCK - 2;
    block(i, "    ", "\n")
        .lines()
        .skip(1)
        .take(5)
        .map(|l| format!("{l}\n"))
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut exact = c.benchmark_group("exact");
    for (n, name) in SIZES {
        let file = typescript(n, "    ", "\n");
        let old = snippet(n);
        let doc = Document::new(file.as_str());
        assert_eq!(doc.locate(&old).unwrap().tier, Tier::Exact);
        exact.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| doc.locate(black_box(&old)).unwrap())
        });
    }
    exact.finish();

    let mut warm = c.benchmark_group("normalized_warm");
    for (n, name) in SIZES {
        let file = typescript(n, "\t", "\r\n");
        let old = snippet(n);
        let doc = Document::new(file.as_str());
        assert_eq!(doc.locate(&old).unwrap().tier, Tier::Normalized);
        warm.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| doc.locate(black_box(&old)).unwrap())
        });
    }
    warm.finish();

    let mut cold = c.benchmark_group("normalized_cold");
    for (n, name) in SIZES {
        let file = typescript(n, "\t", "\r\n");
        let old = snippet(n);
        cold.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter_batched(
                || Document::new(file.as_str()),
                |doc| doc.locate(black_box(&old)).unwrap(),
                BatchSize::LargeInput,
            )
        });
    }
    cold.finish();

    let mut miss = c.benchmark_group("miss");
    {
        let n = 10_000;
        let file = typescript(n, "\t", "\r\n");
        let i = n / BLOCK - 2;
        let old = snippet(n).replace(&format!("user{i}"), &format!("account{i}"));
        let doc = Document::new(file.as_str());
        match doc.locate(&old) {
            Err(LocateError::NotFound(report)) => {
                // Any block is a plausible closest candidate here: they all share the same
                // words (the report's pre-filter ties and keeps the first ones).
                assert!(report.closest.is_some(), "a closest candidate");
            }
            other => panic!("expected a miss, got {other:?}"),
        }
        miss.bench_function("10k_warm", |b| {
            b.iter(|| doc.locate(black_box(&old)).unwrap_err())
        });
        miss.bench_function("10k_cold", |b| {
            b.iter_batched(
                || Document::new(file.as_str()),
                |doc| doc.locate(black_box(&old)).unwrap_err(),
                BatchSize::LargeInput,
            )
        });
    }
    miss.finish();

    let mut new = c.benchmark_group("new");
    for (n, name) in SIZES {
        let file = typescript(n, "\t", "\r\n");
        new.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| Document::new(black_box(file.as_str())))
        });
    }
    new.finish();

    let mut apply = c.benchmark_group("apply_normalized");
    for (n, name) in SIZES {
        let file = typescript(n, "\t", "\r\n");
        let old = snippet(n);
        let new = old.replace("return;", "return res.end();");
        let doc = Document::new(file.as_str());
        let applied = doc.apply(&old, &new).unwrap();
        let at = file.find(&format!("handler{}(", n / BLOCK - 2)).unwrap();
        let expected = format!(
            "{}{}",
            &file[..at],
            file[at..].replacen("\t\treturn;\r\n", "\t\treturn res.end();\r\n", 1)
        );
        assert_eq!(applied.content, expected);
        apply.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| doc.apply(black_box(&old), black_box(&new)).unwrap())
        });
    }
    apply.finish();
}

criterion_group!(tiers, benches);
criterion_main!(tiers);
