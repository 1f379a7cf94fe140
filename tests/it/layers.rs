//! The allowed directions between the top-level modules of `src/` (issue 23): a declared
//! list of layers, lowest first. A file may name modules of lower layers only; modules of one
//! layer never name each other. `write/` reads what locating answers (the places, the
//! haystack they index) and nothing else of `locate/`; both sides share `syntax/`.
//!
//! The paths a file names are read as the cycle test reads them ([`super::import_cycles`]:
//! `crate::`, `super::`, `self::` and child paths, comments, literals and inline test modules
//! skipped). Files that only tests compile (`tests.rs`, a module declared after
//! `#[cfg(test)]`) are left out, and so are `lib.rs` and `main.rs`, the facade. A path
//! through the facade (`crate::Report` instead of `crate::report::Report`) fails too: it
//! would hide the module it depends on.

use super::import_cycles::{Module, lex, module_of, named_modules, read_tree, resolve};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first: the vocabulary (outcome codes, options, languages, reports;
/// the edit formats and the codes themselves are crates of their own, `crates/`), errors,
/// text, the syntax layer and text edits, the two sides (locating; the verifier, which
/// compares texts only), the writers, one edit, a batch of edits, files, patches, the one
/// serialised shape of their outcomes, and the applications.
const LAYERS: &[&[&str]] = &[
    &["outcome"],
    &["options", "lang", "report"],
    &["error"],
    &["text"],
    &["edits", "syntax"],
    &["locate", "verify"],
    &["write"],
    &["document"],
    &["batch"],
    &["fs"],
    &["patch"],
    &["answer"],
    &["corpus", "mcp", "cli"],
];

/// What `write/` may name in `locate/`: what a search answers (the places and their
/// alignment, the haystack they index), not how it searches.
const LOCATE_ANSWERS: &[&str] = &[
    "locate/query",
    "locate/haystack",
    "locate/text_match",
    "locate/structural",
];

#[test]
fn top_level_modules_depend_on_lower_layers_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = BTreeMap::new();
    read_tree(&root, &root, &mut sources);
    let violations = violations(&sources);
    assert!(
        violations.is_empty(),
        "imports against the layers (lowest first: {LAYERS:?}):\n{}",
        violations.join("\n")
    );
}

#[test]
fn an_upward_path_a_same_layer_path_and_a_facade_path_are_caught() {
    let sources: BTreeMap<String, String> = [
        ("lib.rs", "mod text;\n"),
        ("outcome.rs", "pub enum Tier {}\n"),
        ("text/a.rs", "use crate::locate::b::f;\n"),
        (
            "locate/b.rs",
            "pub fn f() {}\nfn g() { crate::verify::h(); }\n",
        ),
        ("verify/mod.rs", "pub fn h() {}\n"),
        ("report.rs", "use crate::{Tier, outcome};\n"),
        (
            "write/c.rs",
            "use crate::locate::query::Place;\nuse crate::locate::b::f;\n",
        ),
        ("locate/query.rs", "pub struct Place;\n"),
        ("batch/tests.rs", "use crate::mcp::x;\n"),
        ("mcp/mod.rs", "pub fn x() {}\n"),
    ]
    .iter()
    .map(|(p, t)| (p.to_string(), t.to_string()))
    .collect();
    assert_eq!(
        violations(&sources),
        [
            "locate/b.rs (layer 5) names verify (layer 5): line 2: fn g() { crate::verify::h(); }",
            "report.rs names the facade (`crate::Tier`): name the module instead: line 1: use crate::{Tier, outcome};",
            "text/a.rs (layer 3) names locate (layer 5): line 1: use crate::locate::b::f;",
            "write/c.rs names locate/b, which is not one of locate's answers \
             [\"locate/query\", \"locate/haystack\", \"locate/text_match\", \"locate/structural\"]: \
             line 2: use crate::locate::b::f;",
        ]
    );
}

/// Each import against the layers, with the line that makes it.
fn violations(sources: &BTreeMap<String, String>) -> Vec<String> {
    let files: BTreeSet<Module> = sources.keys().map(|f| module_of(f)).collect();
    let test_only = test_only_modules(sources);
    let mut out = Vec::new();
    for (file, text) in sources {
        let here = module_of(file);
        if here.is_empty() || test_only.iter().any(|t| here.starts_with(t)) {
            continue;
        }
        for path in named_modules(&lex(text), &here, &files) {
            let Some(target) = resolve(&path, &files) else {
                continue;
            };
            if let Some(why) = against_layers(&here, &path, &target) {
                out.push(format!("{file}{why}: {}", offending_line(text, &path)));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Why a path (resolved to the file module `target`) named from module `here` breaks the
/// layers, or `None` when it may be named.
fn against_layers(here: &Module, path: &Module, target: &Module) -> Option<String> {
    if target.is_empty() {
        return Some(format!(
            " names the facade (`crate::{}`): name the module instead",
            path.join("::")
        ));
    }
    let (from, to) = (&here[0], &target[0]);
    if from == to {
        return None;
    }
    let (a, b) = (layer(from), layer(to));
    if b >= a {
        return Some(format!(" (layer {a}) names {to} (layer {b})"));
    }
    let answer = LOCATE_ANSWERS.iter().any(|m| *target == module(m));
    (from == "write" && to == "locate" && !answer).then(|| {
        format!(
            " names {}, which is not one of locate's answers {LOCATE_ANSWERS:?}",
            target.join("/")
        )
    })
}

/// The layer of a top-level module; a module missing from [`LAYERS`] fails the test.
fn layer(top: &str) -> usize {
    LAYERS
        .iter()
        .position(|layer| layer.contains(&top))
        .unwrap_or_else(|| panic!("`{top}` is in no layer: add it to LAYERS"))
}

fn module(path: &str) -> Module {
    path.split('/').map(str::to_string).collect()
}

/// Modules only tests compile: a `tests` file, or one declared after `#[cfg(test)]`.
fn test_only_modules(sources: &BTreeMap<String, String>) -> Vec<Module> {
    let mut out = Vec::new();
    for (file, text) in sources {
        let here = module_of(file);
        if here.last().is_some_and(|m| m == "tests") {
            out.push(here.clone());
        }
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            let declared = pair[1]
                .trim_start_matches("pub(crate) ")
                .strip_prefix("mod ")
                .and_then(|rest| rest.strip_suffix(';'));
            if let (true, Some(name)) = (pair[0] == "#[cfg(test)]", declared) {
                out.push([here.clone(), vec![name.to_string()]].concat());
            }
        }
    }
    out
}

/// The first line of `text` that spells the start of `path` (`crate::a::b` for the path
/// `a/b/…`), numbered; the path itself when it was reached another way (`super::`).
fn offending_line(text: &str, path: &Module) -> String {
    let spelled = match path.len() {
        0 => "crate::".to_string(),
        1 => format!("crate::{}", path[0]),
        _ => format!("crate::{}::{}", path[0], path[1]),
    };
    let code = |line: &&str| !line.trim_start().starts_with("//");
    let numbered: Vec<(usize, &str)> = text.lines().enumerate().collect();
    let grouped = |line: &str| line.contains("crate::{") && path.iter().any(|p| line.contains(p));
    numbered
        .iter()
        .find(|(_, line)| code(line) && line.contains(&spelled))
        .or_else(|| {
            numbered
                .iter()
                .find(|(_, line)| code(line) && grouped(line))
        })
        .map_or_else(
            || format!("a path to {}", path.join("::")),
            |(i, line)| format!("line {}: {}", i + 1, line.trim()),
        )
}
