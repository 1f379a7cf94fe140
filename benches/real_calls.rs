//! What real calls cost: the corpus's own files and edits, one CLI process per edit (cold) and
//! in one process (warm), per kind of edit.
//!
//! `cargo bench --bench real_calls` (release build; about a minute on 2 cores). For each
//! category a fixed sample of at most [`PER_CATEGORY`] cases of files of at most
//! [`MAX_LINES`] lines is taken from `corpus/` (evenly spaced in path order, so every run
//! times the same cases):
//!
//! | category | cases |
//! |---|---|
//! | exact | mined, `drift = "exact"`, applied |
//! | whitespace | mined, CRLF / trailing spaces / tabs / dedent, applied |
//! | comments | generated, comment drift, applied |
//! | reflow | mined, re-formatted by Prettier / black / rustfmt / gofmt, applied |
//! | miss: … | a renamed identifier, a changed literal or operator, a deleted statement (generated), a stale `old` (mined): refused with the report |
//! | already applied | mined, `new` is already there |
//!
//! and times, per case:
//! - **cold**: the release binary spawned for the one edit (`editloc apply --json --dry-run`
//!   on a copy of the case's files), [`COLD_RUNS`] times: `elapsed_ms` from its answer (the
//!   edit inside the process; a refusal's answer has none) and the whole process's wall time;
//! - **warm**: `Document::apply_with` on a document built beforehand, after two warm-up calls
//!   (what a binding or an MCP session pays per edit), the median of the repetitions;
//! - **floor**: `memmem` counting `old` in the file, and **parse**: one tree-sitter parse of
//!   the whole file with a warm parser.
//!
//! The table gives each category's median, p90 and p99 over its cases (cold: over every run),
//! and the median of the cases' warm time as a multiple of their floor and of their parse.
//! With [`PER_CATEGORY`] cases, p99 is close to the slowest case. The machine's load moves
//! every figure: compare the columns of one run, not runs of different days.

use criterion::Criterion;
use editloc::{Document, Language, LocateError, Options};
use memchr::memmem;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Cases per category.
const PER_CATEGORY: usize = 20;
/// The largest file (in lines) sampled: the targets are for ordinary files.
const MAX_LINES: usize = 1000;
/// Processes spawned per case.
const COLD_RUNS: usize = 2;
/// Warm repetitions per case: enough for about this long, within the bounds below.
const WARM_BUDGET: Duration = Duration::from_millis(40);
const WARM_REPS: (usize, usize) = (5, 40);

/// One case of the corpus: what its `case.toml` says and where its files are.
struct Case {
    dir: PathBuf,
    /// The path under `corpus/`.
    name: String,
    drift: String,
    expect: String,
    lang: Option<Language>,
    file_name: String,
    file: Vec<u8>,
    old: String,
    new: String,
}

/// A kind of call, and which cases are of it.
struct Category {
    name: &'static str,
    set: &'static str,
    drifts: &'static [&'static str],
    expect: &'static str,
}

const CATEGORIES: [Category; 10] = [
    Category {
        name: "exact",
        set: "mined",
        drifts: &["exact"],
        expect: "applied",
    },
    Category {
        name: "whitespace",
        set: "mined",
        drifts: &["crlf", "trailing-ws", "tabs", "dedent"],
        expect: "applied",
    },
    Category {
        name: "comments",
        set: "cases",
        drifts: &["comments"],
        expect: "applied",
    },
    Category {
        name: "reflow",
        set: "mined",
        drifts: &["prettier", "black", "rustfmt", "gofmt"],
        expect: "applied",
    },
    Category {
        name: "miss: renamed identifier",
        set: "cases",
        drifts: &["renamed-identifier"],
        expect: "not_found",
    },
    Category {
        name: "miss: changed literal",
        set: "cases",
        drifts: &["changed-literal"],
        expect: "not_found",
    },
    Category {
        name: "miss: changed operator",
        set: "cases",
        drifts: &["changed-operator"],
        expect: "not_found",
    },
    Category {
        name: "miss: deleted statement",
        set: "cases",
        drifts: &["deleted-statement"],
        expect: "not_found",
    },
    Category {
        name: "miss: stale old",
        set: "mined",
        drifts: &["stale-old"],
        expect: "not_found",
    },
    Category {
        name: "already applied",
        set: "mined",
        drifts: &["already-applied"],
        expect: "already_applied",
    },
];

/// Every folder under `dir` holding a `case.toml`.
fn case_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.join("case.toml").is_file() {
                out.push(path);
            } else {
                case_dirs(&path, out);
            }
        }
    }
}

/// The case in `dir`, unless it is sent in an edit format, has no `file.*`, or its file is
/// longer than [`MAX_LINES`].
fn load(root: &Path, dir: PathBuf) -> Option<Case> {
    let meta: toml::Table =
        toml::from_str(&std::fs::read_to_string(dir.join("case.toml")).ok()?).ok()?;
    if meta.contains_key("format") {
        return None;
    }
    let text = |key: &str| meta.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let file_name = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("file."))?;
    let file = std::fs::read(dir.join(&file_name)).ok()?;
    if file.iter().filter(|&&b| b == b'\n').count() > MAX_LINES {
        return None;
    }
    Some(Case {
        name: dir.strip_prefix(root).ok()?.display().to_string(),
        drift: text("drift")?,
        expect: text("expect")?,
        lang: text("lang").and_then(|l| Language::from_name(&l)),
        old: std::fs::read_to_string(dir.join("old")).ok()?,
        new: std::fs::read_to_string(dir.join("new")).ok()?,
        file_name,
        file,
        dir,
    })
}

/// [`PER_CATEGORY`] cases of `category`, evenly spaced in path order.
fn sample<'c>(cases: &'c [Case], category: &Category) -> Vec<&'c Case> {
    let fits: Vec<&Case> = cases
        .iter()
        .filter(|c| {
            c.name.starts_with(category.set)
                && category.drifts.contains(&c.drift.as_str())
                && c.expect == category.expect
        })
        .collect();
    let step = (fits.len() as f64 / PER_CATEGORY as f64).max(1.0);
    (0..PER_CATEGORY)
        .map(|i| (i as f64 * step) as usize)
        .take_while(|&i| i < fits.len())
        .map(|i| fits[i])
        .collect()
}

/// The case's document, as the CLI builds it.
fn document(case: &Case) -> Document {
    let doc = Document::from_bytes(case.file.clone())
        .expect("a corpus file is text")
        .with_name(case.file_name.clone());
    match case.lang {
        Some(lang) => doc.with_language(lang),
        None => doc,
    }
}

/// The tree-sitter grammar of `lang`.
fn grammar(lang: Language) -> tree_sitter::Language {
    match lang {
        Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
        Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
        Language::Python => tree_sitter_python::LANGUAGE.into(),
        Language::Go => tree_sitter_go::LANGUAGE.into(),
        Language::Rust => tree_sitter_rust::LANGUAGE.into(),
    }
}

/// The median of `f`'s time over `reps` calls (after one warm-up), timed in batches of
/// `batch` calls so that sub-microsecond work is measurable.
fn median_of(reps: usize, batch: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..reps)
        .map(|_| {
            let started = Instant::now();
            for _ in 0..batch {
                f();
            }
            started.elapsed() / batch as u32
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

/// What one case costs warm, and its floor and parse.
struct Warm {
    apply: Duration,
    floor: Duration,
    parse: Option<Duration>,
    /// The outcome is the case's expectation (`applied`, `not_found`, `already_applied`).
    as_expected: bool,
}

fn outcome(result: &Result<editloc::Applied, LocateError>) -> &'static str {
    match result {
        Ok(_) => "applied",
        Err(LocateError::NotFound(_)) => "not_found",
        Err(LocateError::AlreadyApplied(_)) => "already_applied",
        Err(_) => "other",
    }
}

fn warm(case: &Case, parser: &mut tree_sitter::Parser) -> Warm {
    let doc = document(case);
    let options = Options::default();
    let call = || doc.apply_with(&case.old, &case.new, &options);
    let as_expected = outcome(&call()) == case.expect;
    let started = Instant::now();
    let _ = black_box(call());
    let once = started.elapsed().max(Duration::from_micros(1));
    let reps = (WARM_BUDGET.as_nanos() / once.as_nanos()) as usize;
    let apply = median_of(reps.clamp(WARM_REPS.0, WARM_REPS.1), 1, || {
        let _ = black_box(call());
    });
    let file = doc.content().as_bytes();
    let finder = memmem::Finder::new(case.old.as_bytes());
    let floor = median_of(9, 20, || {
        black_box(finder.find_iter(file).count());
    });
    let parse = doc.language().map(|lang| {
        parser.set_language(&grammar(lang)).expect("pinned grammar");
        median_of(5, 1, || {
            black_box(parser.parse(file, None));
        })
    });
    Warm {
        apply,
        floor,
        parse,
        as_expected,
    }
}

/// One cold run: the edit in a fresh process. `elapsed_ms` from its answer (none for a
/// refusal) and the process's wall time.
fn cold(binary: &Path, scratch: &Path, case: &Case) -> (Option<Duration>, Duration) {
    let file = scratch.join(&case.file_name);
    std::fs::write(&file, &case.file).expect("scratch is writable");
    let mut command = Command::new(binary);
    command
        .args(["apply", "--json", "--dry-run", "--old"])
        .arg(case.dir.join("old"))
        .arg("--new")
        .arg(case.dir.join("new"));
    if let Some(lang) = case.lang {
        command.args(["--lang", lang.name()]);
    }
    let started = Instant::now();
    let output = command.arg(&file).output().expect("the binary runs");
    let wall = started.elapsed();
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_default();
    let in_call = answer["elapsed_ms"]
        .as_f64()
        .map(|ms| Duration::from_secs_f64(ms / 1000.0));
    (in_call, wall)
}

/// `p` (0–1) of sorted `values`, nearest rank.
fn percentile(values: &[f64], p: f64) -> f64 {
    let rank = ((values.len() as f64 * p).ceil() as usize).clamp(1, values.len());
    values[rank - 1]
}

/// `median / p90 / p99` of `values` in ms, or `—`.
fn spread(values: &mut [f64]) -> String {
    if values.is_empty() {
        return "—".into();
    }
    values.sort_by(f64::total_cmp);
    let ms = |v: f64| {
        if v < 1.0 {
            format!("{v:.3}")
        } else {
            format!("{v:.2}")
        }
    };
    format!(
        "{} / {} / {}",
        ms(percentile(values, 0.5)),
        ms(percentile(values, 0.9)),
        ms(percentile(values, 0.99))
    )
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The median of `values`, formatted as a multiple.
fn median_multiple(values: &mut [f64]) -> String {
    if values.is_empty() {
        return "—".into();
    }
    values.sort_by(f64::total_cmp);
    format!("{:.1}×", percentile(values, 0.5))
}

/// One category's table row.
fn row(category: &Category, cases: &[&Case], parser: &mut tree_sitter::Parser) -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_editloc"));
    let scratch = std::env::temp_dir().join(format!("editloc-real-calls-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("temp dir is writable");
    let (mut in_call, mut wall) = (Vec::new(), Vec::new());
    let (mut warm_ms, mut floors, mut parses, mut lines) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut expected = 0;
    for case in cases {
        for _ in 0..COLD_RUNS {
            let (call, process) = cold(binary, &scratch, case);
            in_call.extend(call.map(ms));
            wall.push(ms(process));
        }
        let w = warm(case, parser);
        expected += usize::from(w.as_expected);
        warm_ms.push(ms(w.apply));
        floors.push(w.apply.as_secs_f64() / w.floor.as_secs_f64().max(1e-9));
        parses.extend(w.parse.map(|p| w.apply.as_secs_f64() / p.as_secs_f64()));
        lines.push(case.file.iter().filter(|&&b| b == b'\n').count() as f64);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    lines.sort_by(f64::total_cmp);
    format!(
        "| {} | {}/{} | {} | {} | {} | {} | {} | {} |",
        category.name,
        expected,
        cases.len(),
        if lines.is_empty() {
            0.0
        } else {
            percentile(&lines, 0.5)
        },
        spread(&mut in_call),
        spread(&mut wall),
        spread(&mut warm_ms),
        median_multiple(&mut floors),
        median_multiple(&mut parses),
    )
}

/// Criterion's own measurement of one warm apply per category (the sample's median-size
/// case), a check on the hand-timed warm column.
fn criterion_groups(samples: &[(&Category, Vec<&Case>)]) {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    let mut group = criterion.benchmark_group("real_calls_warm");
    for (category, cases) in samples {
        let mut by_size: Vec<&&Case> = cases.iter().collect();
        by_size.sort_by_key(|c| c.file.len());
        let Some(case) = by_size.get(by_size.len() / 2) else {
            continue;
        };
        let doc = document(case);
        let options = Options::default();
        group.bench_function(category.name.replace([':', ' '], "_"), |b| {
            b.iter(|| black_box(doc.apply_with(&case.old, &case.new, &options)))
        });
    }
    group.finish();
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut dirs = Vec::new();
    case_dirs(&root, &mut dirs);
    dirs.sort();
    let cases: Vec<Case> = dirs.into_iter().filter_map(|d| load(&root, d)).collect();
    let samples: Vec<(&Category, Vec<&Case>)> = CATEGORIES
        .iter()
        .map(|category| (category, sample(&cases, category)))
        .collect();
    criterion_groups(&samples);
    let mut parser = tree_sitter::Parser::new();
    println!(
        "\n| category | as expected | lines (median) | cold in-call ms (median / p90 / p99) | cold process ms | warm ms | warm × floor | warm × parse |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (category, cases) in &samples {
        println!("{}", row(category, cases, &mut parser));
    }
}
