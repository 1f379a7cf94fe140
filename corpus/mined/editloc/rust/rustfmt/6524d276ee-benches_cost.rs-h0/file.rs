//! What an edit costs, against the floor: one `memchr::memmem` pass over the file.
//!
//! `cargo bench --bench cost` (criterion; a filter such as `-- ts_50k` runs one group). Every
//! group is one generated file (TypeScript 1k/10k/50k/100k lines; Python and Rust 10k/100k)
//! with the edited function near its end, and times:
//!
//! - `floor`: `memmem` counting `old`'s occurrences over the whole file (what the exact tier
//!   cannot do without);
//! - `exact_*`, `normalized_*`: `apply` landing on that tier, syntax check and diff included —
//!   `_in_call` on a `Document` built beforehand (what `elapsed_ms` of `editloc apply --json`
//!   measures: the file is read and indexed before the call), `_e2e` with `Document::new`
//!   timed too (a library user's one-off edit);
//! - `structural_cold` (a fresh `Document` per iteration, parse included) and
//!   `structural_warm` (one `Document`, its tree reused);
//! - `syntax_check`: the post-edit check alone on the exact edit (a window around the change);
//!   `syntax_check_whole`: the same check on the whole original and result, as it was before
//!   it was windowed (TypeScript only);
//! - `miss_in_call`: a renamed identifier, every tier and repair tried, the report with its
//!   closest candidate; `miss_text_in_call` the same with `max_tier = normalized`;
//! - `document_new`: building the `Document` (line index and what else it computes eagerly).
//!
//! After criterion's own output a table repeats each median (criterion's `estimates.json` of
//! this run) in ms and as a multiple of the group's floor, and checks the text tiers' target:
//! in-call ≤ 3 × floor + 0.3 ms.

use criterion::{BatchSize, Criterion};
use editloc::Language;
use editloc::verify::{Change, counts};
use editloc::{Document, LocateError, Options, Tier};
use memchr::memmem;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// A generated file and the edits the cases make on it.
struct Case {
    group: String,
    name: &'static str,
    language: Language,
    file: String,
    /// (old, new) landing on the exact, normalized and structural tier; a miss.
    exact: (String, String),
    normalized: (String, String),
    structural: (String, String),
    miss: String,
}

/// One TypeScript function, Prettier style (14 lines).
fn ts_function(i: usize) -> String {
    format!(
        "export async function handler{i}(\n  orderId: string,\n  userId: string,\n): Promise<number> {{\n  const order = await db.orders.find({{ id: orderId, owner: userId }});\n  // step {i}\n  if (!order) {{\n    throw new Error(\"missing {i}\");\n  }}\n  return order.items\n    .map((item) => item.price * item.qty + {i})\n    .reduce((a, b) => a + b, 0);\n}}\n\n"
    )
}

/// One Python function, black style (10 lines).
fn py_function(i: usize) -> String {
    format!(
        "def handler_{i}(order_id, user_id):\n    order = db.orders.find(id=order_id, owner=user_id)\n    # step {i}\n    if not order:\n        raise KeyError(\"missing {i}\")\n    return sum(\n        item.price * item.qty + {i} for item in order.items\n    )\n\n\n"
    )
}

/// One Rust function, rustfmt style (13 lines).
fn rs_function(i: usize) -> String {
    format!(
        "pub fn handler_{i}(order_id: u64, user_id: u64) -> Result<u64, Error> {{\n    let order = db::orders::find(order_id, user_id)?;\n    // step {i}\n    if order.is_empty() {{\n        return Err(Error::Missing(\"missing {i}\"));\n    }}\n    Ok(order\n        .items\n        .iter()\n        .map(|item| item.price * item.qty + {i})\n        .sum())\n}}\n\n"
    )
}

/// A file of about `lines` lines of `function`s, each `per` lines long.
fn file(lines: usize, per: usize, function: fn(usize) -> String) -> (String, usize) {
    let n = lines / per;
    ((0..n).map(function).collect(), n * 9 / 10)
}

fn typescript(lines: usize, label: &str) -> Case {
    let (file, k) = file(lines, 14, ts_function);
    let exact = format!(
        "  if (!order) {{\n    throw new Error(\"missing {k}\");\n  }}\n  return order.items\n    .map((item) => item.price * item.qty + {k})"
    );
    let normalized = exact.replace("\n  ", "\n    ").replace("  if", "    if");
    let structural = format!(
        "  if (!order) {{ throw new Error('missing {k}') }}\n  return order.items.map(item => item.price * item.qty + {k}).reduce((a, b) => a + b, 0)\n"
    );
    Case {
        group: format!("ts_{label}"),
        name: "bench.ts",
        language: Language::TypeScript,
        miss: exact.replace("order", "ordr"),
        exact: edited(exact),
        normalized: edited(normalized),
        structural: edited(structural),
        file,
    }
}

fn python(lines: usize, label: &str) -> Case {
    let (file, k) = file(lines, 10, py_function);
    let exact = format!(
        "    if not order:\n        raise KeyError(\"missing {k}\")\n    return sum(\n        item.price * item.qty + {k} for item in order.items"
    );
    let normalized = exact.replace("\n    ", "\n").trim_start().to_string();
    let structural = format!(
        "    if not order:\n        raise KeyError('missing {k}')\n    return sum(item.price * item.qty + {k} for item in order.items)\n"
    );
    Case {
        group: format!("py_{label}"),
        name: "bench.py",
        language: Language::Python,
        miss: exact.replace("order", "ordr"),
        exact: edited(exact),
        normalized: edited(normalized),
        structural: edited(structural),
        file,
    }
}

fn rust(lines: usize, label: &str) -> Case {
    let (file, k) = file(lines, 13, rs_function);
    let exact = format!(
        "    if order.is_empty() {{\n        return Err(Error::Missing(\"missing {k}\"));\n    }}\n    Ok(order\n        .items"
    );
    let normalized = exact.replace("    ", "\t");
    let structural = format!(
        "    if order.is_empty() {{ return Err(Error::Missing(\"missing {k}\")); }}\n    Ok(order.items.iter().map(|item| item.price * item.qty + {k}).sum())\n"
    );
    Case {
        group: format!("rs_{label}"),
        name: "bench.rs",
        language: Language::Rust,
        miss: exact.replace("order", "ordr"),
        exact: edited(exact),
        normalized: edited(normalized),
        structural: edited(structural),
        file,
    }
}

/// `old` and the edit of it every case makes: one string literal changed.
fn edited(old: String) -> (String, String) {
    let new = old.replace("missing", "absent");
    (old, new)
}

impl Case {
    fn doc(&self) -> Document {
        Document::new(self.file.as_str()).with_name(self.name)
    }

    /// Checks that each edit lands on the tier it is meant for and writes what it should,
    /// and that the miss misses.
    fn check(&self) {
        for (tier, (old, new)) in [
            (Tier::Exact, &self.exact),
            (Tier::Normalized, &self.normalized),
            (Tier::Structural, &self.structural),
        ] {
            let applied = self.doc().apply(old, new).unwrap_or_else(|e| {
                panic!("{}: the {} edit: {e}", self.group, tier.name());
            });
            assert_eq!(applied.provenance.tier, tier, "{}", self.group);
            assert!(applied.warnings.is_empty(), "{:?}", applied.warnings);
            let at = applied.range.start;
            let expected_len = self.file.len() - "missing".len() + "absent".len();
            assert_eq!(applied.content.len(), expected_len, "{}", self.group);
            assert_eq!(applied.content[..at], self.file[..at]);
        }
        let miss = self.doc().apply(&self.miss, &self.exact.1);
        assert!(
            matches!(&miss, Err(LocateError::NotFound(r)) if r.closest.is_some()),
            "{}: {miss:?}",
            self.group
        );
    }
}

fn text_tiers() -> Options {
    Options {
        max_tier: Tier::Normalized,
        ..Options::default()
    }
}

/// Times `apply(old, new)` on a document built outside the timing (`_in_call`) and with
/// `Document::new` timed too (`_e2e`).
fn bench_apply(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &Case,
    label: &str,
    (old, new): &(String, String),
) {
    group.bench_function(format!("{label}_in_call"), |b| {
        b.iter_batched_ref(
            || case.doc(),
            |doc| doc.apply(black_box(old), black_box(new)).unwrap(),
            BatchSize::PerIteration,
        )
    });
    group.bench_function(format!("{label}_e2e"), |b| {
        b.iter(|| case.doc().apply(black_box(old), black_box(new)).unwrap())
    });
}

fn bench_case(c: &mut Criterion, case: &Case, slow_too: bool) {
    case.check();
    let mut group = c.benchmark_group(&case.group);
    if case.file.len() > 1 << 20 {
        group.sample_size(10);
    }
    let bytes = case.file.as_bytes();
    let old = case.exact.0.as_bytes();
    group.bench_function("floor", |b| {
        b.iter(|| memmem::find_iter(black_box(bytes), black_box(old)).count())
    });
    group.bench_function("document_new", |b| b.iter(|| case.doc()));
    bench_apply(&mut group, case, "exact", &case.exact);
    bench_apply(&mut group, case, "normalized", &case.normalized);
    let (old, new) = &case.structural;
    group.bench_function("structural_cold", |b| {
        b.iter(|| case.doc().apply(black_box(old), black_box(new)).unwrap())
    });
    let warm = case.doc();
    warm.apply(old, new).unwrap();
    group.bench_function("structural_warm", |b| {
        b.iter(|| warm.apply(black_box(old), black_box(new)).unwrap())
    });
    let (old, new) = &case.exact;
    let at = case.file.find(old.as_str()).expect("old in the file");
    let after = format!("{}{new}{}", &case.file[..at], &case.file[at + old.len()..]);
    let changes = [Change {
        range: at..at + old.len(),
        len: new.len(),
    }];
    group.bench_function("syntax_check", |b| {
        b.iter(|| counts(case.language, &case.file, black_box(&after), &changes))
    });
    if slow_too {
        // No change given: no window, the original and the result are parsed whole.
        group.bench_function("syntax_check_whole", |b| {
            b.iter(|| counts(case.language, &case.file, black_box(&after), &[]))
        });
    }
    for (label, options) in [
        ("miss_in_call", Options::default()),
        ("miss_text_in_call", text_tiers()),
    ] {
        group.bench_function(label, |b| {
            b.iter_batched_ref(
                || case.doc(),
                |doc| {
                    doc.apply_with(black_box(&case.miss), &case.exact.1, &options)
                        .unwrap_err()
                },
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// Where criterion writes its results.
fn output_directory() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("criterion")
}

/// The median (ms) criterion estimated for `group/function` in this run (`since`).
fn median_ms(dir: &Path, group: &str, function: &str, since: SystemTime) -> Option<f64> {
    let path = dir.join(group).join(function).join("new/estimates.json");
    let fresh = std::fs::metadata(&path).ok()?.modified().ok()? >= since;
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
    let ns = json["median"]["point_estimate"].as_f64()?;
    fresh.then_some(ns / 1e6)
}

const ROWS: &[&str] = &[
    "floor",
    "exact_in_call",
    "exact_e2e",
    "normalized_in_call",
    "normalized_e2e",
    "structural_cold",
    "structural_warm",
    "syntax_check",
    "syntax_check_whole",
    "miss_in_call",
    "miss_text_in_call",
    "document_new",
];

/// Prints each group's medians in ms and as multiples of its floor, and the text tiers'
/// target (in-call ≤ 3 × floor + 0.3 ms).
fn print_ratios(dir: &Path, groups: &[(String, usize, usize)], since: SystemTime) {
    println!("\nmedians of this run (ms, and × the memmem floor of the same file)\n");
    print!("{:<20}", "");
    for (g, lines, bytes) in groups {
        print!(" {:>20}", format!("{g} ({lines}l {}KB)", bytes >> 10));
    }
    println!();
    for row in ROWS {
        let cells: Vec<Option<(f64, f64)>> = groups
            .iter()
            .map(|(g, ..)| {
                let floor = median_ms(dir, g, "floor", since)?;
                median_ms(dir, g, row, since).map(|ms| (ms, ms / floor))
            })
            .collect();
        if cells.iter().all(Option::is_none) {
            continue;
        }
        print!("{row:<20}");
        for cell in cells {
            match cell {
                Some((ms, x)) => print!(" {:>20}", format!("{ms:.3} ms {x:>6.1}×")),
                None => print!(" {:>20}", "-"),
            }
        }
        println!();
    }
    println!("\ntarget, text tiers in call: ≤ 3 × floor + 0.3 ms");
    for (g, ..) in groups {
        let Some(floor) = median_ms(dir, g, "floor", since) else {
            continue;
        };
        let limit = 3.0 * floor + 0.3;
        for row in ["exact_in_call", "normalized_in_call"] {
            if let Some(ms) = median_ms(dir, g, row, since) {
                let verdict = if ms <= limit { "met" } else { "NOT MET" };
                println!("  {g:<8} {row:<20} {ms:>8.3} ms ≤ {limit:.3} ms: {verdict}");
            }
        }
    }
}

fn main() {
    let since = SystemTime::now() - Duration::from_secs(1);
    let dir = output_directory();
    let mut c = Criterion::default()
        .output_directory(&dir)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    let mut groups = Vec::new();
    let cases = [
        (1_000, "1k"),
        (10_000, "10k"),
        (50_000, "50k"),
        (100_000, "100k"),
    ]
    .map(|(n, l)| (typescript(n, l), true))
    .into_iter()
    .chain([10_000, 100_000].into_iter().flat_map(|n| {
        let l = format!("{}k", n / 1000);
        [(python(n, &l), false), (rust(n, &l), false)]
    }));
    for (case, slow_too) in cases {
        bench_case(&mut c, &case, slow_too);
        groups.push((
            case.group.clone(),
            case.file.lines().count(),
            case.file.len(),
        ));
    }
    c.final_summary();
    print_ratios(&dir, &groups, since);
}
