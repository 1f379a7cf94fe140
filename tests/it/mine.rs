//! `editloc corpus mine` on a tiny git repository made in a temporary folder: the cases it
//! writes (whole files), their verdicts through the corpus runner, determinism, resuming,
//! the must-refuse cases, and the refusal to write inside the mined repository.

use editloc::corpus::mine::{Drift, MineOptions, Source, mine};
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_editloc");

/// The first revision of the mined file.
const V1: &str = "def first(a):\n    total = a + 1\n    return total\n\n\ndef second(b):\n    if b:\n        return b * 2\n    return 0\n\n\ndef third(c):\n    values = [c, c]\n    return values\n";
/// Two hunks: `first` and `third` change.
const V2: &str = "def first(a):\n    total = a + 2\n    return total\n\n\ndef second(b):\n    if b:\n        return b * 2\n    return 0\n\n\ndef third(c):\n    values = [c, c, c]\n    return values\n";
/// `first` changes again: commit 2's edit of it is stale at the end of the range.
const V3: &str = "def first(a):\n    total = compute(a)\n    return total\n\n\ndef second(b):\n    if b:\n        return b * 2\n    return 0\n\n\ndef third(c):\n    values = [c, c, c]\n    return values\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-mine-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn git(repo: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(repo)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&status.stderr)
    );
}

/// A repository with three commits of `m.py` (V1, V2, V3).
fn repository(name: &str) -> PathBuf {
    let repo = scratch(name).join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    git(&repo, &["init", "-q"]);
    for (k, text) in [V1, V2, V3].iter().enumerate() {
        std::fs::write(repo.join("m.py"), text).unwrap();
        git(&repo, &["add", "m.py"]);
        git(&repo, &["commit", "-q", "-m", &format!("v{}", k + 1)]);
    }
    repo
}

fn options(out: &Path, drifts: Vec<Drift>) -> MineOptions {
    MineOptions {
        out: out.to_path_buf(),
        label: "tiny".into(),
        seed: 5,
        max_cases: None,
        drifts,
        cases_per_hunk: 1,
        formatter: None,
        max_file_bytes: 65_536,
        max_hunk_lines: 40,
        languages: None,
        exclude: Vec::new(),
    }
}

/// Every case folder under `root`, sorted, relative to it.
fn case_folders(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if dir.join("case.toml").is_file() {
            out.push(dir.strip_prefix(root).unwrap().display().to_string());
            continue;
        }
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// Mines `repo`'s last two commits under `drifts` into `out`.
fn mine_into(repo: &Path, out: &Path, drifts: Vec<Drift>) -> editloc::corpus::mine::Tally {
    let source = Source::Git {
        repo: repo.to_path_buf(),
        range: "HEAD~2..HEAD".into(),
    };
    mine(&source, &options(out, drifts), &|_| {}, &|| {}).unwrap()
}

#[test]
fn exact_cases_hold_the_earlier_revision_and_one_hunk_made() {
    let repo = repository("exact");
    let out = repo.parent().unwrap().join("out");
    mine_into(&repo, &out, vec![Drift::Exact]);
    let first = V1.replace("a + 1", "a + 2");
    let third = V1.replace("[c, c]", "[c, c, c]");
    let mut seen = 0;
    for name in case_folders(&out) {
        let dir = out.join(&name);
        if !name.contains("/exact/") {
            continue;
        }
        let (file, old, new, expected) = (
            read(&dir, "file.py"),
            read(&dir, "old"),
            read(&dir, "new"),
            read(&dir, "expected.py"),
        );
        assert_eq!(
            file.matches(&old).count(),
            1,
            "{name}: old once in the file"
        );
        assert_eq!(file.replacen(&old, &new, 1), expected, "{name}");
        if name.contains("-h0") && name.contains("m.py") && file == V1 {
            assert!(
                expected == first || expected == third,
                "{name}:\n{expected}"
            );
            seen += 1;
        }
    }
    assert!(
        seen >= 1,
        "an exact case of commit v2: {:?}",
        case_folders(&out)
    );
    let summary = editloc::corpus::run(&out, &|| {}).unwrap();
    assert!(summary.passed(), "{summary}");
}

#[test]
fn crlf_cases_expect_the_edit_written_with_crlf() {
    let repo = repository("crlf");
    let out = repo.parent().unwrap().join("out");
    mine_into(&repo, &out, vec![Drift::Crlf]);
    let names = case_folders(&out);
    let crlf: Vec<&String> = names.iter().filter(|n| n.contains("/crlf/")).collect();
    assert!(!crlf.is_empty(), "{names:?}");
    for name in crlf {
        let dir = out.join(name);
        let file = read(&dir, "file.py");
        let expected = read(&dir, "expected.py");
        let before = file.replace("\r\n", "\n");
        assert!(before == V1 || before == V2, "{name}:\n{file:?}");
        let first = V1.replace("a + 1", "a + 2");
        let third = V1.replace("[c, c]", "[c, c, c]");
        let intended = [first, third, V3.to_string()].map(|t| t.replace('\n', "\r\n"));
        assert!(intended.contains(&expected), "{name}:\n{expected:?}");
        assert!(
            read(&dir, "case.toml").contains("tier = \"normalized\""),
            "{name}"
        );
    }
}

#[test]
fn a_spot_changed_again_later_gives_a_stale_old_case_that_must_be_refused() {
    let repo = repository("stale-old");
    let out = repo.parent().unwrap().join("out");
    mine_into(&repo, &out, vec![Drift::Exact]);
    let names = case_folders(&out);
    let stale: Vec<&String> = names.iter().filter(|n| n.contains("/stale-old/")).collect();
    assert_eq!(stale.len(), 1, "{names:?}");
    let dir = out.join(stale[0]);
    assert_eq!(read(&dir, "file.py"), V3);
    assert!(read(&dir, "old").contains("a + 1") && read(&dir, "new").contains("a + 2"));
    assert!(read(&dir, "case.toml").contains("expect = \"not_found\""));
    assert!(!dir.join("expected.py").exists());
}

#[test]
fn mining_is_deterministic_resumable_and_bounded() {
    let repo = repository("again");
    let parent = repo.parent().unwrap().to_path_buf();
    let (one, two) = (parent.join("one"), parent.join("two"));
    let first = mine_into(&repo, &one, editloc::corpus::mine::ALL_DRIFTS.to_vec());
    mine_into(&repo, &two, editloc::corpus::mine::ALL_DRIFTS.to_vec());
    let names = case_folders(&one);
    assert_eq!(names, case_folders(&two));
    for name in &names {
        for file in ["case.toml", "old", "new", "file.py"] {
            assert_eq!(
                read(&one.join(name), file),
                read(&two.join(name), file),
                "{name}/{file}"
            );
        }
    }
    let again = mine_into(&repo, &one, editloc::corpus::mine::ALL_DRIFTS.to_vec());
    assert_eq!((again.written.len(), again.kept), (0, first.total()));
    let bounded = parent.join("bounded");
    let source = Source::Git {
        repo: repo.clone(),
        range: "HEAD~2..HEAD".into(),
    };
    let mut opts = options(&bounded, vec![Drift::Exact]);
    opts.max_cases = Some(1);
    let tally = mine(&source, &opts, &|_| {}, &|| {}).unwrap();
    assert_eq!((tally.total(), case_folders(&bounded).len()), (1, 1));
}

#[test]
fn the_output_may_not_be_in_the_git_folder_or_among_tracked_files() {
    let repo = repository("inside");
    let source = Source::Git {
        repo: repo.clone(),
        range: "HEAD~2..HEAD".into(),
    };
    let run = |out: PathBuf| mine(&source, &options(&out, vec![Drift::Exact]), &|_| {}, &|| {});
    for out in [repo.join(".git/cases"), repo.clone()] {
        let err = run(out.clone()).unwrap_err();
        assert!(err.to_string().contains("inside the mined source"), "{err}");
    }
    assert!(!repo.join(".git/cases").exists());
    let tally = run(repo.join("mined")).unwrap();
    assert!(tally.total() > 0);
    let status = Command::new("git")
        .arg("-C")
        .arg(&repo)
        .args(["status", "--porcelain"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&status.stdout), "?? mined/\n");
}

#[test]
fn the_command_line_mines_two_trees_and_the_corpus_command_runs_them() {
    let dir = scratch("trees");
    let (from, to, out) = (dir.join("v1"), dir.join("v2"), dir.join("out"));
    for (tree, text) in [(&from, V1), (&to, V2)] {
        std::fs::create_dir_all(tree.join("pkg")).unwrap();
        std::fs::write(tree.join("pkg/m.py"), text).unwrap();
    }
    let mined = Command::new(BIN)
        .args(["corpus", "mine", "--from"])
        .arg(&from)
        .arg("--to")
        .arg(&to)
        .arg("--out")
        .arg(&out)
        .args(["--drift", "exact,crlf,dedent", "--seed", "3"])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&mined.stdout);
    assert!(
        mined.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&mined.stderr)
    );
    assert!(table.contains("| drift | python | total |"), "{table}");
    assert!(!case_folders(&out).is_empty());
    let run = Command::new(BIN).arg("corpus").arg(&out).output().unwrap();
    let printed = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{printed}");
}

#[test]
fn judge_records_what_the_formatter_says_of_an_output() {
    let dir = scratch("judge").join("set/python/sed/one");
    std::fs::create_dir_all(&dir).unwrap();
    // Trailing spaces in the file: the normalized tier lands it, not the literal replacement
    // (which would be met without a verdict).
    let toml = "drift = \"sed\"\nexpect = \"applied\"\ntier = \"normalized\"\nlang = \"python\"\njudge = \"formatter\"\nformatter = { command = \"sed -e 's/  =  / = /'\" }\nregion = [2, 2]\n";
    std::fs::write(dir.join("case.toml"), toml).unwrap();
    std::fs::write(dir.join("file.py"), "x = 1\ny = 2  \n").unwrap();
    std::fs::write(dir.join("old"), "y = 2\n").unwrap();
    std::fs::write(dir.join("new"), "y  =  3\n").unwrap();
    std::fs::write(dir.join("expected.py"), "x = 1\ny = 3\n").unwrap();
    let root = dir.ancestors().nth(4).unwrap().to_path_buf();
    let before = editloc::corpus::run(&root, &|| {}).unwrap();
    assert!(!before.passed(), "unjudged before judging");
    let judged = editloc::corpus::judge(&root, None, &|| {}).unwrap();
    assert_eq!((judged.met, judged.wrong), (1, 0));
    let sha = editloc::sha256_hex(b"x = 1\ny  =  3\n");
    assert_eq!(
        read(&dir, "verdicts.toml"),
        format!(
            "# outputs of editloc judged with the real formatter by `editloc corpus judge`\n\n[[output]]\nsha256 = \"{sha}\"\nmet = true\n"
        )
    );
    assert!(editloc::corpus::run(&root, &|| {}).unwrap().passed());
    let wrong = editloc::corpus::Formatter::new("sed -e 's/x = 1/x = 2/'");
    std::fs::remove_file(dir.join("verdicts.toml")).unwrap();
    let judged = editloc::corpus::judge(&root, Some(&wrong), &|| {}).unwrap();
    assert_eq!((judged.met, judged.wrong), (0, 1));
    assert!(
        read(&dir, "verdicts.toml")
            .contains("met = false\nwhy = \"formatting the output does not give")
    );
}
