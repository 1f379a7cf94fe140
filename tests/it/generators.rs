//! Every generated case set whose generator needs no formatter is regenerated in a scratch
//! folder and compared, file by file and byte for byte, with what is committed: an expected
//! file cannot drift from its generator (an expectation changes only with its generator and a
//! stated rule). Needs `python3`; without it the test fails, it does not skip.
//!
//! The sets whose generators run the real formatters (`corpus/generate` for `corpus/cases/`,
//! `corpus/independent/heldout/build.py`) are regenerated and compared by `.ci/run`, where the
//! formatters are installed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file under `dir`, by path relative to it, with its bytes.
fn files_under(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Runs `set`'s `build.py` (it writes `cases/` beside itself) on a copy in a scratch folder
/// and returns the differences from the committed `cases/`, one line each.
fn regenerate(set: &str) -> Vec<String> {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/independent")
        .join(set);
    let scratch = std::env::temp_dir().join(format!("editloc-regen-{set}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    std::fs::copy(committed.join("build.py"), scratch.join("build.py")).unwrap();
    let out = Command::new("python3")
        .arg("build.py")
        .current_dir(&scratch)
        .output()
        .expect("python3 runs (the generators are Python)");
    assert!(
        out.status.success(),
        "{set}/build.py failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (was, now) = (
        files_under(&committed.join("cases")),
        files_under(&scratch.join("cases")),
    );
    std::fs::remove_dir_all(&scratch).unwrap();
    assert!(was.len() > 50, "{set}: only {} committed files", was.len());
    let mut differences = Vec::new();
    for (path, bytes) in &was {
        match now.get(path) {
            None => differences.push(format!("{set}/cases/{}: not generated", path.display())),
            Some(b) if b != bytes => differences.push(format!(
                "{set}/cases/{}: generated differently",
                path.display()
            )),
            Some(_) => {}
        }
    }
    for path in now.keys().filter(|p| !was.contains_key(*p)) {
        differences.push(format!(
            "{set}/cases/{}: generated, not committed",
            path.display()
        ));
    }
    differences
}

#[test]
fn the_adversarial_set_is_what_its_generator_writes() {
    assert_eq!(regenerate("adversarial"), Vec::<String>::new());
}

#[test]
fn the_adversarial_text_set_is_what_its_generator_writes() {
    assert_eq!(regenerate("adversarial-text"), Vec::<String>::new());
}
