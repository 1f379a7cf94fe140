//! The regression corpus, run by the same runner as `editloc corpus corpus/`.

use std::path::Path;

#[test]
fn every_corpus_case_meets_its_expectation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let summary = editloc::corpus::run(&root, &|| {}).expect("corpus folder readable");
    println!("{summary}");
    assert!(summary.passed(), "{summary}");
    assert!(
        summary.total.cases >= 400,
        "only {} cases",
        summary.total.cases
    );
}

#[test]
fn malformed_and_failing_cases_are_reported() {
    let dir = std::env::temp_dir().join(format!("editloc-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let write = |case: &str, name: &str, text: &str| {
        std::fs::create_dir_all(dir.join(case)).unwrap();
        std::fs::write(dir.join(case).join(name), text).unwrap();
    };
    // A case without `old`.
    write(
        "broken",
        "case.toml",
        "drift = \"exact\"\nexpect = \"applied\"\ntier = \"exact\"\n",
    );
    write("broken", "file.py", "x = 1\n");
    write("broken", "expected.py", "x = 2\n");
    // A case whose expected file is wrong: the runner must call the landing wrong.
    write(
        "lies",
        "case.toml",
        "drift = \"exact\"\nexpect = \"applied\"\ntier = \"exact\"\n",
    );
    write("lies", "file.py", "x = 1\n");
    write("lies", "old", "x = 1\n");
    write("lies", "new", "x = 2\n");
    write("lies", "expected.py", "x = 3\n");
    // A correct refusal.
    write(
        "twice",
        "case.toml",
        "drift = \"duplicated-block\"\nexpect = \"ambiguous\"\n",
    );
    write("twice", "file.py", "x = 1\nx = 1\n");
    write("twice", "old", "x = 1\n");
    write("twice", "new", "x = 2\n");
    let summary = editloc::corpus::run(&dir, &|| {}).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
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
