//! Writes that lose nothing, through the binary: concurrent writers, owner, group, mode and
//! hard links kept, symlinks followed, a closed stdout, bounded output, and bad inputs that
//! leave the file byte-identical with a message naming the cause.

use serde_json::Value;
use std::io::Read;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_editloc");
const NOBODY: u32 = 65534;

struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "editloc-safe-{}-{}-{name}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch { dir }
    }

    fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// The names in the folder, sorted (no lock, temporary or backup file may be left).
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::set_permissions(&self.dir, std::fs::Permissions::from_mode(0o755));
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn editloc(args: &[&str]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd
}

fn run(args: &[&str]) -> Output {
    editloc(args).output().unwrap()
}

/// Runs the binary as `nobody` (only root can; `None` otherwise).
/// The binary run as `nobody`; panics when this process is not root (only root can).
fn run_as_nobody(args: &[&str]) -> Output {
    assert!(is_root(), "only root can run the binary as another user");
    editloc(args).uid(NOBODY).gid(NOBODY).output().unwrap()
}

/// Whether this process runs as root: the files it creates are root's.
fn is_root() -> bool {
    let probe = std::env::temp_dir().join(format!("editloc-safe-{}-uid", std::process::id()));
    std::fs::write(&probe, "").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    let _ = std::fs::remove_file(&probe);
    uid == 0
}

fn json(out: &Output) -> Value {
    let s = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(s.trim()).unwrap_or_else(|e| panic!("not one JSON value ({e}): {s:?}"))
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("an exit code")
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `every edit reported applied is in the final file, every other one got a retryable code`.
#[test]
fn concurrent_writers_lose_no_edit() {
    const N: usize = 16;
    const ROUNDS: usize = 20;
    let s = Scratch::new("concurrent");
    let f = s.dir.join("c.ts");
    let started = Instant::now();
    let (mut applied, mut retried) = (0, 0);
    for round in 1..=ROUNDS {
        std::fs::write(
            &f,
            (0..N)
                .map(|i| format!("export const v{i} = 0;\n"))
                .collect::<String>(),
        )
        .unwrap();
        let children: Vec<Child> = (0..N)
            .map(|i| {
                let (old, new) = (
                    format!("export const v{i} = 0;"),
                    format!("export const v{i} = {round};"),
                );
                let args = [
                    "apply",
                    p(&f),
                    "--old-text",
                    &old,
                    "--new-text",
                    &new,
                    "--json",
                ];
                editloc(&args).spawn().unwrap()
            })
            .collect();
        let outs: Vec<Output> = children
            .into_iter()
            .map(|c| c.wait_with_output().unwrap())
            .collect();
        let fin = std::fs::read_to_string(&f).unwrap();
        for (i, out) in outs.iter().enumerate() {
            let v = json(out);
            if code(out) == 0 {
                assert_eq!(v["status"], "applied", "{v}");
                assert!(
                    fin.contains(&format!("export const v{i} = {round};\n")),
                    "edit {i} of round {round} reported applied is lost:\n{fin}"
                );
                applied += 1;
            } else {
                assert_eq!((code(out), v["status"].as_str()), (3, Some("retry")), "{v}");
                assert!(
                    matches!(v["code"].as_str(), Some("locked" | "file_changed")),
                    "{v}"
                );
                retried += 1;
            }
        }
    }
    eprintln!(
        "{applied} applied, {retried} retryable, in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(applied > 0);
    assert_eq!(s.names(), ["c.ts"]);
}

#[test]
#[ignore = "needs root to give a file away; .ci/run runs it as root"]
fn owner_group_and_mode_are_kept_as_root() {
    let s = Scratch::new("owner");
    let f = s.file("own.py", "x = 1\ny = 2\n");
    rustix::fs::chown(
        &f,
        Some(rustix::fs::Uid::from_raw(NOBODY)),
        Some(rustix::fs::Gid::from_raw(NOBODY)),
    )
    .expect("root gives the file away");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = run(&["apply", p(&f), "--old-text", "x = 1", "--new-text", "x = 3"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "x = 3\ny = 2\n");
    let m = std::fs::metadata(&f).unwrap();
    assert_eq!(
        (m.uid(), m.gid(), m.mode() & 0o7777),
        (NOBODY, NOBODY, 0o640)
    );
    assert_eq!(s.names(), ["own.py"]);
}

/// A user who may write a file another user owns (mode 0666) cannot give a new file away:
/// the file is written in place and keeps its owner.
#[test]
#[ignore = "needs root to run the binary as another user; .ci/run runs it as root"]
fn an_owner_that_cannot_be_given_is_kept_by_writing_in_place_as_root() {
    let s = Scratch::new("not-mine");
    std::fs::set_permissions(&s.dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let f = s.file("root.py", "x = 1\ny = 2\n");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o666)).unwrap();
    let before = std::fs::metadata(&f).unwrap();
    let out = run_as_nobody(&["apply", p(&f), "--old-text", "x = 1", "--new-text", "x = 3"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "x = 3\ny = 2\n");
    let after = std::fs::metadata(&f).unwrap();
    assert_eq!(
        (after.uid(), after.gid(), after.ino()),
        (before.uid(), before.gid(), before.ino())
    );
    assert_eq!(after.mode() & 0o7777, 0o666);
    assert_eq!(s.names(), ["root.py"]);
}

#[test]
fn hard_links_are_kept() {
    let s = Scratch::new("hardlink");
    let f = s.file("h1.py", "x = 1\ny = 2\n");
    let g = s.dir.join("h2.py");
    std::fs::hard_link(&f, &g).unwrap();
    let out = run(&["apply", p(&f), "--old-text", "x = 1", "--new-text", "x = 3"]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "x = 3\ny = 2\n");
    assert_eq!(std::fs::read_to_string(&g).unwrap(), "x = 3\ny = 2\n");
    assert_eq!(
        std::fs::metadata(&f).unwrap().ino(),
        std::fs::metadata(&g).unwrap().ino()
    );
    assert_eq!(s.names(), ["h1.py", "h2.py"]);
}

#[test]
fn a_symlink_into_another_folder_is_followed_and_stays() {
    let s = Scratch::new("symlink");
    std::fs::create_dir(s.dir.join("real")).unwrap();
    let real = s.file("real/a.py", "x = 1\n");
    let link = s.dir.join("link.py");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run(&[
        "apply",
        p(&link),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "x = 2\n");
    assert_eq!(std::fs::read_link(&link).unwrap(), real);
    assert_eq!(s.names(), ["link.py", "real"]);
    assert_eq!(std::fs::read_dir(s.dir.join("real")).unwrap().count(), 1);
}

/// `editloc apply … | head -c 1`: the edit lands, the exit status says so.
#[test]
fn a_closed_stdout_is_not_a_crash() {
    let s = Scratch::new("epipe");
    let text: String = (0..40_000).map(|i| format!("a{i} = {i}\n")).collect();
    let f = s.file("big.py", &text);
    // --content makes the answer far larger than a pipe's buffer.
    let mut child = editloc(&[
        "apply",
        p(&f),
        "--old-text",
        "a0 = 0\n",
        "--new-text",
        "a0 = 1\n",
        "--json",
        "--content",
    ])
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    stdout.read_exact(&mut one).unwrap();
    drop(stdout);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(
        std::fs::read_to_string(&f)
            .unwrap()
            .starts_with("a0 = 1\na1 = 1\n")
    );

    // Through a shell pipe, as a user would.
    let cmd = format!(
        "'{BIN}' apply '{}' --old-text 'a1 = 1' --new-text 'a1 = 2' --json --content | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}",
        p(&f)
    );
    let out = Command::new("bash").arg("-c").arg(cmd).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0", "{out:?}");
    assert!(
        std::fs::read_to_string(&f)
            .unwrap()
            .starts_with("a0 = 1\na1 = 2\n")
    );
}

#[test]
fn output_is_bounded() {
    let s = Scratch::new("bounded");
    let amb = s.file("amb.py", "pass\n".repeat(5000));
    let f = amb.clone();
    let out = run(&["apply", p(&f), "--old-text", "pass", "--new-text", "return"]);
    assert_eq!(code(&out), 1);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.len() < 2000, "{} bytes: {text}", text.len());
    assert!(text.contains("and 4,980 more"), "{text}");
    let v = json(&run(&["check", p(&f), "--old-text", "pass", "--json"]));
    assert_eq!(v["code"], "ambiguous");
    assert_eq!(v["report"]["candidates"].as_array().unwrap().len(), 20);
    assert_eq!(v["report"]["more_candidates"], 4980);

    // A not-found whose closest candidate differs on every line: the diff is cut.
    let big: String = (0..3000)
        .map(|i| format!("value_{i} = compute({i})\n"))
        .collect();
    let f = s.file("big.py", &big);
    let old: String = (0..3000)
        .map(|i| format!("value_{i} = compute({})\n", i + 1))
        .collect();
    let old_file = s.file("old", &old);
    let out = run(&["check", p(&f), "--old", p(&old_file), "--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    assert!(out.stdout.len() < 40_000, "{} bytes", out.stdout.len());
    let v = json(&out);
    let diff = v["report"]["closest"]["diff"].as_str().unwrap();
    assert!(diff.contains("[diff cut: 300 of"), "{diff}");
    let missing = v["report"]["closest"]["differences"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"] == "missing_lines");
    if let Some(m) = missing {
        assert!(m["lines"].as_array().unwrap().len() <= 20, "{m}");
    }

    // Applied: the JSON carries the diff, not the 3,000-line file.
    let out = run(&[
        "apply",
        p(&f),
        "--old-text",
        "value_7 = compute(7)",
        "--new-text",
        "value_7 = 0",
        "--json",
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(out.stdout.len() < 2000, "{} bytes", out.stdout.len());
    let huge_old = s.file("huge-old", "x".repeat(200_000));
    let out = run(&["check", p(&amb), "--old", p(&huge_old), "--json"]);
    assert_eq!(
        (code(&out), json(&out)["code"].as_str()),
        (2, Some("too_large"))
    );
}

/// Runs `args` (the file last-but-one… anywhere) and checks the code, exit status, message and
/// that `file` is byte-identical afterwards.
fn refused_untouched(file: &Path, args: &[&str], want: (&str, i32, &str)) {
    let before = std::fs::read(file).ok();
    let mut args = args.to_vec();
    args.push("--json");
    let out = run(&args);
    let v = json(&out);
    assert_eq!(
        (v["code"].as_str(), code(&out)),
        (Some(want.0), want.1),
        "{v}"
    );
    let message = v["message"].as_str().unwrap();
    assert!(
        message.to_lowercase().contains(&want.2.to_lowercase()),
        "{message:?} should name {:?}",
        want.2
    );
    assert_eq!(std::fs::read(file).ok(), before, "the file changed");
    args.pop();
    let out = run(&args);
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.to_lowercase().contains(&want.2.to_lowercase()),
        "{text}"
    );
    assert_eq!(std::fs::read(file).ok(), before, "the file changed");
}

#[test]
fn utf16_and_utf32_files_are_named_and_left_alone() {
    let s = Scratch::new("utf16");
    let text = "x = 1\ny = 2\n";
    let mut le_bom = vec![0xFF, 0xFE];
    le_bom.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let le32: Vec<u8> = text
        .chars()
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    for (name, bytes, says, family) in [
        ("a.py", le_bom, "UTF-16LE with BOM", "UTF-16"),
        ("b.py", be, "UTF-16BE without BOM", "UTF-16"),
        ("c.py", le32, "UTF-32LE", "UTF-32"),
    ] {
        let f = s.file(name, bytes);
        let args = ["apply", p(&f), "--old-text", "x = 1", "--new-text", "x = 3"];
        refused_untouched(&f, &args, ("utf16", 2, says));
        let convert =
            format!("{family} is not supported; convert to UTF-8 (e.g. `iconv -f {family}");
        refused_untouched(&f, &args, ("utf16", 2, &convert));
    }
}

#[test]
fn fifos_and_devices_are_refused_without_reading() {
    let s = Scratch::new("fifo");
    let fifo = s.dir.join("pipe.py");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let started = Instant::now();
    let mut child = editloc(&[
        "apply",
        p(&fifo),
        "--old-text",
        "a",
        "--new-text",
        "b",
        "--json",
    ])
    .spawn()
    .unwrap();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("editloc hangs on a FIFO");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let v = json(&out);
    assert_eq!(
        (v["code"].as_str(), code(&out)),
        (Some("not_a_file"), 2),
        "{v}"
    );
    assert!(v["message"].as_str().unwrap().contains("FIFO"), "{v}");
    let out = run(&["check", "/dev/null", "--old-text", "a", "--json"]);
    assert_eq!(json(&out)["code"], "not_a_file");
    assert_eq!(s.names(), ["pipe.py"]);
}

#[test]
fn a_read_only_folder_is_named() {
    let s = Scratch::new("ro-dir");
    let f = s.file("a.py", "x = 1\n");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(&s.dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let args = [
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--json",
    ];
    // Root writes anywhere: drop to `nobody` when root, as the check would for a user.
    let out = if is_root() {
        run_as_nobody(&args)
    } else {
        run(&args)
    };
    let v = json(&out);
    assert_eq!(
        (v["code"].as_str(), code(&out)),
        (Some("permission_denied"), 2),
        "{v}"
    );
    let message = v["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("cannot write in the folder {}", s.dir.display())),
        "{message}"
    );
    assert_eq!(std::fs::read(&f).unwrap(), b"x = 1\n");
    assert_eq!(s.names(), ["a.py"]);
}

#[test]
fn a_bad_sha256_is_a_bad_argument() {
    let s = Scratch::new("sha");
    let f = s.file("a.py", "x = 1\n");
    let args = [
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--expect-sha256",
        "nothex",
    ];
    refused_untouched(&f, &args, ("bad_arguments", 2, "64 hex digits"));
}

#[test]
fn a_file_over_the_limit_is_refused_before_reading() {
    let s = Scratch::new("limit");
    let f = s.file("a.py", "x = 1\n".repeat(1000));
    let args = [
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--max-size",
        "4K",
    ];
    refused_untouched(&f, &args, ("too_large", 2, "over the limit of 4096 bytes"));
}

#[test]
fn a_held_lock_times_out_as_retryable() {
    let s = Scratch::new("locked");
    let f = s.file("a.py", "x = 1\n");
    let lock = std::fs::File::create(s.dir.join(".a.py.editloc.lock")).unwrap();
    rustix::fs::flock(&lock, rustix::fs::FlockOperation::LockExclusive).unwrap();
    let args = [
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--lock-timeout",
        "0.3",
    ];
    let started = Instant::now();
    refused_untouched(&f, &args, ("locked", 3, "lock"));
    assert!(started.elapsed() >= Duration::from_millis(600));
    drop(lock);
    let out = run(&args);
    assert_eq!(code(&out), 0, "{out:?}");
    assert_eq!(std::fs::read(&f).unwrap(), b"x = 2\n");
}

/// A full disk (a 64 KiB tmpfs, which only root may mount): nothing changes, by rename or
/// in place.
#[test]
#[ignore = "needs root to mount a 64 KiB tmpfs; .ci/run runs it as root"]
fn a_full_disk_leaves_the_file_as_it_was_as_root() {
    let s = Scratch::new("tmpfs");
    let mnt = s.dir.join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs", p(&mnt)])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(mounted, "cannot mount a tmpfs here: run this test as root");
    struct Unmount<'a>(&'a Path);
    impl Drop for Unmount<'_> {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(self.0).status();
        }
    }
    let _unmount = Unmount(&mnt);
    let text = format!("first = 0\n{}", "x = 1\n".repeat(6000)); // 36 KB: two do not fit
    let f = mnt.join("a.py");
    std::fs::write(&f, &text).unwrap();
    let args = [
        "apply",
        p(&f),
        "--old-text",
        "first = 0",
        "--new-text",
        "first = 1",
    ];
    let out = run(&[&args[..], &["--json"]].concat());
    let v = json(&out);
    assert_eq!((v["code"].as_str(), code(&out)), (Some("io"), 2), "{v}");
    assert!(
        v["message"].as_str().unwrap().contains("No space left"),
        "{v}"
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    std::fs::hard_link(&f, mnt.join("b.py")).unwrap();
    let out = run(&[&args[..], &["--json"]].concat());
    assert_eq!(json(&out)["code"], "io", "{out:?}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    let mut names: Vec<String> = std::fs::read_dir(&mnt)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.py", "b.py"]);
}

#[test]
fn a_stale_view_is_said_in_text_too() {
    let s = Scratch::new("stale");
    let f = s.file("a.py", "x = 1\n");
    let seen = "0".repeat(64);
    let out = run(&[
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--expect-sha256",
        &seen,
    ]);
    assert_eq!(code(&out), 0, "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("stale view"),
        "{out:?}"
    );
    std::fs::write(&f, "x = 1\n").unwrap();
    let out = run(&[
        "apply",
        p(&f),
        "--old-text",
        "x = 1",
        "--new-text",
        "x = 2",
        "--expect-sha256",
        &seen,
        "--refuse-stale",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(
        (v["status"].as_str(), v["code"].as_str(), code(&out)),
        (Some("refused"), Some("stale_view"), 1),
        "{v}"
    );
    assert_eq!(v["stale_view"], true);
    assert_eq!(std::fs::read(&f).unwrap(), b"x = 1\n");
}
