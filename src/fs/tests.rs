use super::write::{Stage, fault};
use super::*;
use crate::outcome::Code;
use std::fs::File;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-fs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `edit_file` with an `old → new` replacement (exact text, for these tests).
fn replace(path: &Path, old: &str, new: &str) -> Result<String, EditFailure> {
    edit_file(path, &FileOptions::default(), |doc| {
        Ok::<_, EditFailure>(doc.content().replacen(old, new, 1))
    })
}

#[test]
fn writes_and_keeps_permissions() {
    let dir = scratch("perm");
    let f = dir.join("a.sh");
    std::fs::write(&f, "echo a\n").unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o751)).unwrap();
    write_atomic(&f, "echo a\n", "echo b\n").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "echo b\n");
    let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o751);
    assert_eq!(names(&dir), ["a.sh"]);
}

#[test]
fn refuses_when_the_file_changed() {
    let dir = scratch("changed");
    let f = dir.join("a.txt");
    std::fs::write(&f, "someone else\n").unwrap();
    let err = write_atomic(&f, "what we read\n", "ours\n").unwrap_err();
    assert!(matches!(err, FileError::Changed { .. }));
    assert_eq!(err.code(), Code::FileChanged);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "someone else\n");
    assert_eq!(names(&dir), ["a.txt"]);
}

#[test]
fn refuses_a_read_only_file() {
    let dir = scratch("readonly");
    let f = dir.join("a.txt");
    std::fs::write(&f, "a\n").unwrap();
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o444)).unwrap();
    let err = write_atomic(&f, "a\n", "b\n").unwrap_err();
    assert!(matches!(err, FileError::ReadOnly { .. }));
    assert!(err.to_string().contains("read-only"), "{err}");
    assert_eq!(err.code(), Code::PermissionDenied);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "a\n");
    assert_eq!(names(&dir), ["a.txt"]);
}

#[test]
fn creates_with_folders_and_never_over_content() {
    let dir = scratch("create");
    let f = dir.join("x/y/new.txt");
    create_atomic(&f, "hi\n").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "hi\n");
    let err = create_atomic(&f, "again\n").unwrap_err();
    assert!(matches!(err, FileError::Exists { .. }));
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    create_atomic(&empty, "filled\n").unwrap();
    assert_eq!(std::fs::read_to_string(&empty).unwrap(), "filled\n");
    assert_eq!(names(&dir.join("x/y")), ["new.txt"]);
}

#[test]
fn a_dangling_link_is_named_as_such_and_left_alone() {
    let dir = scratch("dangling");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(dir.join("missing.txt"), &link).unwrap();
    let err = create_atomic(&link, "hi\n").unwrap_err();
    assert!(matches!(err, FileError::DanglingLink { .. }), "{err:?}");
    assert_eq!(err.code(), Code::DanglingLink);
    assert!(!dir.join("missing.txt").exists());
    assert_eq!(names(&dir), ["link.txt"]);
}

#[test]
fn removes_only_what_was_read() {
    let dir = scratch("remove");
    let f = dir.join("a.txt");
    std::fs::write(&f, "now\n").unwrap();
    assert!(matches!(
        remove_checked(&f, "then\n"),
        Err(FileError::Changed { .. })
    ));
    remove_checked(&f, "now\n").unwrap();
    assert!(!f.exists());
    assert!(names(&dir).is_empty());
}

#[test]
fn sha256_is_lower_case_hex() {
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert!(is_sha256_hex(&sha256_hex(b"abc").to_uppercase()));
    assert!(!is_sha256_hex("nothex"));
    assert!(!is_sha256_hex(&"g".repeat(64)));
    assert!(!is_sha256_hex(&"a".repeat(63)));
}

#[test]
fn writes_through_a_symlink() {
    let dir = scratch("link");
    let real = dir.join("real.txt");
    let link = dir.join("link.txt");
    std::fs::write(&real, "a\n").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_atomic(&link, "a\n", "b\n").unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "b\n");
    assert_eq!(names(&dir), ["link.txt", "real.txt"]);
}

#[test]
fn a_hard_linked_file_is_written_in_place_and_both_names_see_it() {
    let dir = scratch("hardlink");
    let (a, b) = (dir.join("a.py"), dir.join("b.py"));
    std::fs::write(&a, "x = 1\ny = 2\n").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let inode = std::fs::metadata(&a).unwrap().ino();
    replace(&a, "x = 1", "x = 3").unwrap();
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "x = 3\ny = 2\n");
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "x = 3\ny = 2\n");
    assert_eq!(std::fs::metadata(&a).unwrap().ino(), inode);
    assert_eq!(std::fs::metadata(&b).unwrap().nlink(), 2);
    // Shorter content: the file is cut to it.
    replace(&b, "x = 3\n", "").unwrap();
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "y = 2\n");
    assert_eq!(names(&dir), ["a.py", "b.py"]);
}

#[test]
fn extended_attributes_are_kept() {
    let dir = scratch("xattr");
    let f = dir.join("a.txt");
    std::fs::write(&f, "a\n").unwrap();
    let file = File::open(&f).unwrap();
    // ext4, XFS, Btrfs and tmpfs (Linux 6.6+) take user attributes; a temporary folder on a
    // file system that does not is a failure to see, not a pass.
    rustix::fs::fsetxattr(
        &file,
        "user.editloc",
        b"kept",
        rustix::fs::XattrFlags::empty(),
    )
    .expect("the temporary folder's file system takes user extended attributes");
    drop(file);
    replace(&f, "a", "b").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "b\n");
    let file = File::open(&f).unwrap();
    let mut value = [0u8; 16];
    let n = rustix::fs::fgetxattr(&file, "user.editloc", &mut value[..]).unwrap();
    assert_eq!(&value[..n], b"kept");
}

#[test]
#[ignore = "needs root to give a file away; .ci/run runs it as root"]
fn owner_and_group_are_kept_as_root() {
    let dir = scratch("owner");
    let f = dir.join("a.txt");
    std::fs::write(&f, "a\n").unwrap();
    let (uid, gid) = (65534, 65534);
    rustix::fs::chown(
        &f,
        Some(rustix::fs::Uid::from_raw(uid)),
        Some(rustix::fs::Gid::from_raw(gid)),
    )
    .expect("run as root");
    std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
    replace(&f, "a", "b").unwrap();
    let meta = std::fs::metadata(&f).unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "b\n");
    assert_eq!(
        (meta.uid(), meta.gid(), meta.mode() & 0o7777),
        (uid, gid, 0o640)
    );
}

#[test]
fn a_full_disk_leaves_the_file_as_it_was() {
    let dir = scratch("full");
    let f = dir.join("a.txt");
    std::fs::write(&f, "short\n").unwrap();
    let _full = fault::disk_full(Stage::Temp, 3);
    let err = replace(&f, "short", "a much longer line").unwrap_err();
    assert_eq!(err.code(), Code::Io, "{err}");
    assert!(err.to_string().contains("No space left"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), b"short\n");
    assert_eq!(names(&dir), ["a.txt"]);
}

#[test]
fn a_full_disk_in_place_restores_the_original() {
    let dir = scratch("full-in-place");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "one\ntwo\n").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let _full = fault::disk_full(Stage::InPlace, 5);
    let err = replace(&a, "two", "two and more").unwrap_err();
    assert_eq!(err.code(), Code::Io, "{err}");
    assert_eq!(std::fs::read(&a).unwrap(), b"one\ntwo\n");
    assert_eq!(std::fs::read(&b).unwrap(), b"one\ntwo\n");
    assert_eq!(names(&dir), ["a.txt", "b.txt"]);
}

#[test]
fn an_in_place_write_that_cannot_be_undone_keeps_the_backup() {
    let dir = scratch("damaged");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "one\ntwo\n").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let _full = fault::disk_full(Stage::InPlace, 2);
    let _also = fault::disk_full(Stage::Restore, 1);
    let err = replace(&a, "two", "2").unwrap_err();
    let EditFailure::File(FileError::Damaged { backup, .. }) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(std::fs::read(backup).unwrap(), b"one\ntwo\n");
    assert!(err.to_string().contains("saved in"), "{err}");
}

#[test]
fn a_file_removed_or_changed_during_the_edit_is_left_alone() {
    let dir = scratch("during");
    let f = dir.join("a.txt");
    std::fs::write(&f, "a\n").unwrap();
    let err = edit_file(&f, &FileOptions::default(), |doc| {
        std::fs::remove_file(&f).unwrap();
        Ok::<_, EditFailure>(doc.content().replace('a', "b"))
    })
    .unwrap_err();
    assert_eq!(err.code(), Code::FileChanged, "{err}");
    assert!(err.to_string().contains("removed"), "{err}");
    assert!(!f.exists());

    std::fs::write(&f, "a\n").unwrap();
    let err = edit_file(&f, &FileOptions::default(), |doc| {
        std::fs::write(&f, "someone else\n").unwrap();
        Ok::<_, EditFailure>(doc.content().replace('a', "b"))
    })
    .unwrap_err();
    assert_eq!(err.code(), Code::FileChanged, "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), b"someone else\n");
    assert_eq!(names(&dir), ["a.txt"]);
}

#[test]
fn special_files_and_large_files_are_refused_before_reading() {
    let dir = scratch("special");
    let fifo = dir.join("pipe");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    // Would hang if it were opened for reading.
    let err = read_document(&fifo, None).unwrap_err();
    assert_eq!(err.code(), Code::NotAFile, "{err}");
    assert!(err.to_string().contains("FIFO"), "{err}");
    let err = read_document(&dir, None).unwrap_err();
    assert_eq!(err.code(), Code::NotAFile, "{err}");
    // (Where /dev/null is a character device: a sandbox may have replaced it by a file.)
    let null = Path::new("/dev/null");
    if std::fs::metadata(null).is_ok_and(|m| {
        use std::os::unix::fs::FileTypeExt;
        m.file_type().is_char_device()
    }) {
        let err = read_document(null, None).unwrap_err();
        assert!(err.to_string().contains("character device"), "{err}");
    }

    let big = dir.join("big.txt");
    std::fs::write(&big, "x".repeat(2000)).unwrap();
    let options = FileOptions {
        max_size: 1000,
        ..FileOptions::default()
    };
    let err = read_document_with(&big, &options).unwrap_err();
    assert_eq!(err.code(), Code::TooLarge, "{err}");
    assert!(err.to_string().contains("2000 bytes"), "{err}");
}

#[test]
fn a_missing_file_is_created_only_when_asked() {
    let dir = scratch("missing");
    let f = dir.join("sub/new.py");
    let err = replace(&f, "", "x").unwrap_err();
    assert_eq!(err.code(), Code::FileNotFound, "{err}");
    let options = FileOptions {
        create_missing: true,
        ..FileOptions::default()
    };
    edit_file(&f, &options, |doc| {
        assert_eq!(doc.content(), "");
        Ok::<_, EditFailure>("print(1)\n".to_string())
    })
    .unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "print(1)\n");
    assert_eq!(names(&dir.join("sub")), ["new.py"]);
}

#[test]
fn threads_of_one_process_lose_no_edit() {
    let dir = scratch("threads");
    let f = dir.join("a.txt");
    let lines: String = (0..8).map(|i| format!("v{i} = 0\n")).collect();
    std::fs::write(&f, &lines).unwrap();
    std::thread::scope(|s| {
        for i in 0..8 {
            let f = &f;
            s.spawn(move || {
                for round in 1..=10 {
                    let options = FileOptions {
                        lock_timeout: Duration::from_secs(60),
                        ..FileOptions::default()
                    };
                    edit_file(f, &options, |doc| {
                        let old = format!("v{i} = {}\n", round - 1);
                        let new = format!("v{i} = {round}\n");
                        assert!(doc.content().contains(&old), "{}", doc.content());
                        Ok::<_, EditFailure>(doc.content().replace(&old, &new))
                    })
                    .unwrap();
                }
            });
        }
    });
    let expected: String = (0..8).map(|i| format!("v{i} = 10\n")).collect();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), expected);
    assert_eq!(names(&dir), ["a.txt"]);
}

/// Watches `dir` on a thread of its own while `work` runs; returns every file other than
/// `keep` seen with a permission bit for the group or others.
fn wider_files_seen(dir: &Path, keep: &str, work: impl FnOnce()) -> Vec<(String, u32)> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        let watcher = s.spawn(|| {
            let mut wide = Vec::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for entry in std::fs::read_dir(dir).unwrap().flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    let mode = entry.metadata().map(|m| m.mode() & 0o777).unwrap_or(0);
                    if name != keep && mode & 0o077 != 0 {
                        wide.push((name, mode));
                    }
                }
            }
            wide
        });
        work();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        watcher.join().unwrap()
    })
}

#[test]
fn temporary_copies_of_a_private_file_are_never_readable_by_others() {
    let dir = scratch("private");
    let f = dir.join("secret.env");
    let body: String = (0..60_000)
        .map(|i| format!("KEY_{i}=sk-{i:040}\n"))
        .collect();
    let wide = wider_files_seen(&dir, "secret.env", || {
        for round in 0..6 {
            std::fs::write(&f, format!("{body}TOKEN={round}\n")).unwrap();
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o600)).unwrap();
            replace(&f, &format!("TOKEN={round}"), "TOKEN=x").unwrap();
            assert_eq!(
                std::fs::read_to_string(&f).unwrap(),
                format!("{body}TOKEN=x\n")
            );
            assert_eq!(std::fs::metadata(&f).unwrap().mode() & 0o777, 0o600);
        }
    });
    assert!(wide.is_empty(), "{wide:?}");
    assert_eq!(names(&dir), ["secret.env"]);
}

#[test]
fn the_backup_of_an_in_place_write_is_private() {
    let dir = scratch("private-backup");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    std::fs::write(&a, "one\ntwo\n").unwrap();
    std::fs::set_permissions(&a, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    let _full = fault::disk_full(Stage::InPlace, 2);
    let _also = fault::disk_full(Stage::Restore, 1);
    let err = replace(&a, "two", "2").unwrap_err();
    let EditFailure::File(FileError::Damaged { backup, .. }) = &err else {
        panic!("{err:?}")
    };
    assert_eq!(std::fs::read(backup).unwrap(), b"one\ntwo\n");
    assert_eq!(std::fs::metadata(backup).unwrap().mode() & 0o777, 0o600);
}

#[test]
fn edits_through_two_hard_links_of_one_file_take_turns() {
    let dir = scratch("links-lock");
    let (a, b) = (dir.join("a.py"), dir.join("b.py"));
    let lines: String = (0..16).map(|i| format!("v{i} = 0\n")).collect();
    std::fs::write(&a, &lines).unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    std::thread::scope(|s| {
        for i in 0..16 {
            let name = if i % 2 == 0 { &a } else { &b };
            s.spawn(move || {
                for round in 1..=5 {
                    let options = FileOptions {
                        lock_timeout: Duration::from_secs(60),
                        ..FileOptions::default()
                    };
                    edit_file(name, &options, |doc| {
                        let old = format!("v{i} = {}\n", round - 1);
                        let new = format!("v{i} = {round}\n");
                        Ok::<_, EditFailure>(doc.content().replace(&old, &new))
                    })
                    .unwrap();
                }
            });
        }
    });
    let expected: String = (0..16).map(|i| format!("v{i} = 5\n")).collect();
    assert_eq!(std::fs::read_to_string(&a).unwrap(), expected);
    assert_eq!(
        std::fs::metadata(&a).unwrap().ino(),
        std::fs::metadata(&b).unwrap().ino()
    );
    assert_eq!(names(&dir), ["a.py", "b.py"]);
}

#[test]
fn a_file_renamed_over_during_the_edit_is_left_alone_even_with_the_same_bytes() {
    let dir = scratch("renamed-over");
    let f = dir.join("a.txt");
    std::fs::write(&f, "a\n").unwrap();
    let err = edit_file(&f, &FileOptions::default(), |doc| {
        // An editor's safe write of the same content: a new inode under the name.
        std::fs::write(dir.join("a.txt.new"), "a\n").unwrap();
        std::fs::rename(dir.join("a.txt.new"), &f).unwrap();
        Ok::<_, EditFailure>(doc.content().replace('a', "b"))
    })
    .unwrap_err();
    assert_eq!(err.code(), Code::FileChanged, "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), b"a\n");
    assert_eq!(names(&dir), ["a.txt"]);
}

#[test]
fn a_temporary_file_left_by_a_dead_writer_is_removed_by_the_next_write() {
    let dir = scratch("stale");
    let f = dir.join("a.py");
    std::fs::write(&f, "x = 1\n").unwrap();
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = format!(".a.py.editloc-{dead}-0.tmp");
    let live = format!(".a.py.editloc-{}-99.tmp", std::process::id());
    let backup = format!(".a.py.editloc-{dead}-1.bak");
    for name in [&stale, &live, &backup] {
        std::fs::write(dir.join(name), "partial").unwrap();
    }
    replace(&f, "x = 1", "x = 2").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "x = 2\n");
    let mut expected = vec![backup.clone(), live.clone(), "a.py".to_string()];
    expected.sort();
    assert_eq!(names(&dir), expected);
}
