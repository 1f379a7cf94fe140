//! The regression corpus (`corpus/`: the generated cases, the hand-written ones and the
//! independent evaluation sets), run by the same runner as `editloc corpus corpus/` and
//! compared case by case with the committed `corpus/expected-summary.toml`: a regression, or
//! any change of the corpus (a case added, removed, or whose files changed) fails.
//!
//! The summary is recorded by `editloc corpus corpus/ --write-summary` (never by this test).

use editloc::corpus::{ExpectedSummary, Miss, SUMMARY_FILE, Summary};
use std::path::{Path, PathBuf};

#[test]
fn the_corpus_does_no_worse_than_its_expected_summary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let summary = editloc::corpus::run(&root, &|| {}).expect("corpus folder readable");
    let expected = ExpectedSummary::load(&root)
        .expect("expected summary readable")
        .unwrap_or_else(|| panic!("corpus/{SUMMARY_FILE} is missing"));
    let comparison = expected.compare(&summary);
    println!("{comparison}");
    assert!(comparison.ok(), "{summary}\n{comparison}");
    for set in [
        "cases",
        "manual",
        "independent/heldout",
        "independent/adversarial",
        "independent/adversarial-text",
    ] {
        assert!(summary.by_set.contains_key(set), "no case of set {set} ran");
    }
    let generated: usize = summary.by_set["cases"].values().map(|c| c.cases).sum();
    assert!(generated >= 1500, "only {generated} generated cases");
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-corpus-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn write(dir: &Path, case: &str, name: &str, text: &str) {
    std::fs::create_dir_all(dir.join(case)).unwrap();
    std::fs::write(dir.join(case).join(name), text).unwrap();
}

fn run(dir: &Path) -> Summary {
    let summary = editloc::corpus::run(dir, &|| {}).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    summary
}

const APPLIED: &str = "drift = \"exact\"\nexpect = \"applied\"\ntier = \"exact\"\n";

#[test]
fn malformed_and_failing_cases_are_reported() {
    let dir = scratch("failing");
    // A case without `old`.
    write(&dir, "broken", "case.toml", APPLIED);
    write(&dir, "broken", "file.py", "x = 1\n");
    write(&dir, "broken", "expected.py", "x = 2\n");
    // A case whose expected file is wrong: the runner must call the landing wrong.
    write(&dir, "lies", "case.toml", APPLIED);
    write(&dir, "lies", "file.py", "x = 1\n");
    write(&dir, "lies", "old", "x = 1\n");
    write(&dir, "lies", "new", "x = 2\n");
    write(&dir, "lies", "expected.py", "x = 3\n");
    // A correct refusal.
    let twice = "drift = \"duplicated-block\"\nexpect = \"ambiguous\"\n";
    write(&dir, "twice", "case.toml", twice);
    write(&dir, "twice", "file.py", "x = 1\nx = 1\n");
    write(&dir, "twice", "old", "x = 1\n");
    write(&dir, "twice", "new", "x = 2\n");
    let summary = run(&dir);
    assert!(!summary.passed());
    assert_eq!(summary.malformed.len(), 1);
    assert_eq!(summary.malformed[0].path, "broken");
    assert!(
        summary.malformed[0].error.contains("old"),
        "{:?}",
        summary.malformed
    );
    assert_eq!(summary.total.cases, 2);
    assert_eq!(summary.total.wrong, 1);
    assert_eq!(summary.total.refused_correctly, 1);
    assert_eq!(summary.failures[0].name, "lies");
}

/// A formatter-judged case whose output differs from `expected`: met when `verdicts.toml`
/// records the output as met, wrong when it records it as wrong, unjudged otherwise.
#[test]
fn formatter_judged_outputs_are_met_wrong_or_unjudged_by_their_recorded_verdict() {
    let dir = scratch("judged");
    let toml = "drift = \"black\"\nexpect = \"applied\"\ntier = \"exact\"\n\
                judge = \"formatter\"\nformatter = { tool = \"black\" }\nregion = [2, 2]\n";
    // editloc writes `x = 2\ny = 0\n`; the formatter's output of the intended file is
    // `x = 2  \ny = 0\n` (a stand-in: only the recorded verdict decides; the region names line 2,
    // so the literal replacement of line 1 is not met by that rule).
    let output_sha = editloc::sha256_hex(b"x = 2\ny = 0\n");
    for (case, verdict) in [
        (
            "met",
            format!("[[output]]\nsha256 = \"{output_sha}\"\nmet = true\n"),
        ),
        (
            "wrong",
            format!("[[output]]\nsha256 = \"{output_sha}\"\nmet = false\nwhy = \"no\"\n"),
        ),
        ("unjudged", String::new()),
    ] {
        write(&dir, case, "case.toml", toml);
        write(&dir, case, "file.py", "x = 1\ny = 0\n");
        write(&dir, case, "old", "x = 1");
        write(&dir, case, "new", "x = 2");
        write(&dir, case, "expected.py", "x = 2  \ny = 0\n");
        if !verdict.is_empty() {
            write(&dir, case, "verdicts.toml", &verdict);
        }
    }
    let summary = run(&dir);
    assert!(summary.malformed.is_empty(), "{:?}", summary.malformed);
    let miss = |name: &str| {
        let o = summary.outcomes.iter().find(|o| o.name == name).unwrap();
        o.miss
    };
    assert_eq!(miss("met"), None);
    assert_eq!(miss("wrong"), Some(Miss::Wrong));
    assert_eq!(miss("unjudged"), Some(Miss::Unjudged));
    assert!(ExpectedSummary::from_summary(&summary).is_err());
}

/// A formatter-judged case whose output is the literal replacement of the one exact
/// occurrence of `old` (where it meets the region) is met with no recorded verdict; the same
/// output where `old` occurs twice, or outside the region, is not decided by that rule.
#[test]
fn the_literal_replacement_of_a_unique_exact_old_is_met() {
    let dir = scratch("literal");
    let toml = |region: &str| {
        format!(
            "drift = \"black\"\nexpect = \"applied\"\ntier = \"exact\"\n\
             judge = \"formatter\"\nformatter = {{ tool = \"black\" }}\nregion = {region}\n"
        )
    };
    for (case, region) in [("literal", "[1, 2]"), ("elsewhere", "[3, 3]")] {
        write(&dir, case, "case.toml", &toml(region));
        write(&dir, case, "file.py", "def f():\n    return 1\n\nz = 0\n");
        write(&dir, case, "old", "def f():\n    return 1");
        write(&dir, case, "new", "def f():\n    return g(1, 2, 3)");
        write(
            &dir,
            case,
            "expected.py",
            "def f():\n    return g(\n        1, 2, 3\n    )\n\nz = 0\n",
        );
    }
    let summary = run(&dir);
    assert!(summary.malformed.is_empty(), "{:?}", summary.malformed);
    let miss = |name: &str| {
        let o = summary.outcomes.iter().find(|o| o.name == name).unwrap();
        o.miss
    };
    assert_eq!(miss("literal"), None);
    assert_eq!(miss("elsewhere"), Some(Miss::Unjudged));
}

/// The comparison with an expected summary: a case doing worse is a regression, one doing
/// better an improvement that asks for an update.
#[test]
fn a_run_is_compared_with_the_expected_summary_case_by_case() {
    let make = |dir: &Path, expected: &str| {
        write(dir, "a", "case.toml", APPLIED);
        write(dir, "a", "file.py", "x = 1\ny = 1\n");
        write(dir, "a", "old", "x = 1");
        write(dir, "a", "new", "x = 2");
        write(dir, "a", "expected.py", expected);
    };
    let dir = scratch("recorded");
    make(&dir, "x = 3\ny = 1\n");
    let recorded = ExpectedSummary::from_summary(&run(&dir)).unwrap();
    assert_eq!(recorded.misses.get("a"), Some(&Miss::Wrong));
    let text = recorded.to_toml();
    assert!(text.starts_with("# "), "{text}");
    assert_eq!(toml::from_str::<ExpectedSummary>(&text).unwrap(), recorded);

    // The same files doing better than recorded: an improvement, not a failure.
    let dir = scratch("improved");
    make(&dir, "x = 2\ny = 1\n");
    let met = ExpectedSummary::from_summary(&run(&dir)).unwrap();
    let mut was_wrong = met.clone();
    was_wrong.misses.insert("a".into(), Miss::Wrong);
    let counts = was_wrong
        .counts
        .get_mut(".")
        .unwrap()
        .get_mut("py")
        .unwrap();
    (counts.met, counts.wrong) = (0, 1);
    let dir = scratch("improved2");
    make(&dir, "x = 2\ny = 1\n");
    let c = was_wrong.compare(&run(&dir));
    assert!(c.ok() && c.needs_update(), "{c}");
    assert_eq!(c.improvements, vec!["a: met (summary: wrong)".to_string()]);

    // The expected file edited: the case now misses, and its files changed.
    let dir = scratch("regressed");
    make(&dir, "x = 3\ny = 1\n");
    let c = met.compare(&run(&dir));
    assert!(!c.ok(), "{c}");
    assert_eq!(c.regressions, vec!["a: wrong (summary: met)".to_string()]);
    assert_eq!(c.changed, vec!["a".to_string()]);
}

/// Copies the folder `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A scratch copy of the committed `independent/adversarial-text` set, with its own expected
/// summary recorded from a run of it.
fn recorded_copy(name: &str) -> PathBuf {
    let set = "independent/adversarial-text";
    let root = scratch(name);
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(set),
        &root.join(set),
    );
    let summary = editloc::corpus::run(&root, &|| {}).unwrap();
    assert!(summary.total.cases >= 50, "{summary}");
    editloc::corpus::gate(&root, &summary, true)
        .unwrap()
        .unwrap();
    root
}

/// The gate of a scratch corpus after `change`: the comparison and the gate's text.
fn gate_after(root: &Path, change: impl FnOnce(&Path)) -> (editloc::corpus::Comparison, String) {
    change(root);
    let summary = editloc::corpus::run(root, &|| {}).unwrap();
    let expected = ExpectedSummary::load(root).unwrap().unwrap();
    let text = editloc::corpus::gate(root, &summary, false)
        .unwrap()
        .unwrap();
    std::fs::remove_dir_all(root).unwrap();
    assert_eq!(text.ok, expected.compare(&summary).ok());
    (expected.compare(&summary), text.text)
}

/// Deleting one case, editing one expected file, or adding a case each fails the gate, and
/// the failure names the case; the untouched copy passes it.
#[test]
fn deleting_or_editing_or_adding_a_case_fails_the_gate_with_its_name() {
    let case = "independent/adversarial-text/cases/eol/mixed-insert-after-odd-lf-line";
    let (c, text) = gate_after(&recorded_copy("gate-same"), |_| {});
    assert!(c.ok() && !c.needs_update(), "{text}");

    let (c, text) = gate_after(&recorded_copy("gate-deleted"), |root| {
        std::fs::remove_dir_all(root.join(case)).unwrap();
    });
    assert!(!c.ok(), "{text}");
    assert_eq!(c.removed, vec![case.to_string()], "{text}");
    assert!(text.contains(&format!("REMOVED {case}")), "{text}");

    let (c, text) = gate_after(&recorded_copy("gate-edited"), |root| {
        let dir = root.join(case);
        let expected = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_stem().is_some_and(|s| s == "expected"))
            .unwrap();
        let mut bytes = std::fs::read(&expected).unwrap();
        bytes.extend_from_slice(b"\n");
        std::fs::write(&expected, bytes).unwrap();
    });
    assert!(!c.ok(), "{text}");
    assert_eq!(c.changed, vec![case.to_string()], "{text}");
    assert!(text.contains(&format!("CHANGED {case}")), "{text}");

    let added = format!("{case}-copy");
    let (c, text) = gate_after(&recorded_copy("gate-added"), |root| {
        copy_tree(&root.join(case), &root.join(&added));
    });
    assert!(!c.ok(), "{text}");
    assert_eq!(c.added, vec![added.clone()], "{text}");
    assert!(text.contains(&format!("ADDED {added}")), "{text}");
}
