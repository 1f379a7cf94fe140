//! The walk to a place: links followed anywhere, confined beneath roots, `..` bounded, and
//! the later operations never following a link swapped in at the name.

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("editloc-place-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::canonicalize(dir).unwrap()
}

fn code(e: FileError) -> crate::outcome::Code {
    e.code()
}

#[test]
fn anywhere_follows_links_to_where_the_file_is() {
    let dir = scratch("anywhere");
    std::fs::create_dir_all(dir.join("real/sub")).unwrap();
    std::fs::write(dir.join("real/sub/a.py"), "x\n").unwrap();
    std::os::unix::fs::symlink("real/sub", dir.join("rel")).unwrap();
    std::os::unix::fs::symlink(dir.join("real/sub/a.py"), dir.join("abs.py")).unwrap();
    for path in [
        "rel/a.py",
        "abs.py",
        "real/../real/sub/./a.py",
        "rel/../sub/a.py",
    ] {
        let place = Place::resolve(&dir.join(path), Scope::Anywhere).unwrap();
        assert_eq!(place.real(), dir.join("real/sub/a.py"), "{path}");
        assert_eq!(place.shown(), dir.join(path));
    }
    let missing = Place::resolve(&dir.join("real/new/deeper/b.py"), Scope::Anywhere).unwrap();
    assert!(missing.has_missing_folders());
    assert_eq!(missing.real(), dir.join("real/new/deeper/b.py"));
    let made = missing.create_folders().unwrap();
    assert!(!made.has_missing_folders());
    assert!(dir.join("real/new/deeper").is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn beneath_roots_links_that_stay_inside_work_and_the_rest_is_outside() {
    let root = scratch("root");
    let out = scratch("out");
    std::fs::create_dir_all(root.join("pkg")).unwrap();
    std::fs::write(root.join("pkg/a.py"), "x\n").unwrap();
    std::fs::write(out.join("secret.py"), "s\n").unwrap();
    std::os::unix::fs::symlink("pkg/a.py", root.join("rel.py")).unwrap();
    std::os::unix::fs::symlink(root.join("pkg"), root.join("abs")).unwrap();
    std::os::unix::fs::symlink(out.join("secret.py"), root.join("leak.py")).unwrap();
    std::os::unix::fs::symlink("../out", root.join("up")).unwrap();
    std::os::unix::fs::symlink(out.join("none.py"), root.join("dangling-out.py")).unwrap();
    std::os::unix::fs::symlink("nowhere.py", root.join("dangling.py")).unwrap();
    let roots = [Folder::open(&root).unwrap()];
    let scope = Scope::Beneath(&roots);
    for (path, real) in [
        ("rel.py", "pkg/a.py"),
        ("abs/a.py", "pkg/a.py"),
        ("pkg/../pkg/a.py", "pkg/a.py"),
        ("new/b.py", "new/b.py"),
    ] {
        assert_eq!(
            Place::resolve(Path::new(path), scope).unwrap().real(),
            root.join(real),
            "{path}"
        );
    }
    let absolute = root.join("pkg/a.py");
    assert_eq!(Place::resolve(&absolute, scope).unwrap().real(), absolute);
    for path in [
        "leak.py",
        "up/secret.py",
        "../out/secret.py",
        "pkg/../../out/secret.py",
        "dangling-out.py",
        "new/../../x.py",
    ] {
        let err = Place::resolve(Path::new(path), scope).unwrap_err();
        assert_eq!(code(err), crate::outcome::Code::OutsideRoot, "{path}");
    }
    let err = Place::resolve(&out.join("secret.py"), scope).unwrap_err();
    assert_eq!(code(err), crate::outcome::Code::OutsideRoot);
    let err = Place::resolve(Path::new("dangling.py"), scope).unwrap_err();
    assert_eq!(code(err), crate::outcome::Code::DanglingLink);
    let err = Place::resolve(Path::new("."), scope).unwrap_err();
    assert_eq!(code(err), crate::outcome::Code::NotAFile);
    std::fs::remove_dir_all(&root).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn a_link_swapped_in_after_the_walk_is_never_followed() {
    let root = scratch("swap");
    let out = scratch("swap-out");
    std::fs::write(root.join("a.py"), "inside\n").unwrap();
    std::fs::write(out.join("secret.py"), "secret\n").unwrap();
    let roots = [Folder::open(&root).unwrap()];
    let place = Place::resolve(Path::new("a.py"), Scope::Beneath(&roots)).unwrap();
    std::fs::remove_file(root.join("a.py")).unwrap();
    std::os::unix::fs::symlink(out.join("secret.py"), root.join("a.py")).unwrap();
    assert_eq!(place.open(OFlags::RDONLY).unwrap_err(), Errno::LOOP);
    let st = place.stat().unwrap().unwrap();
    assert_eq!(FileType::from_raw_mode(st.st_mode), FileType::Symlink);
    // The folder itself swapped for a link: the handle still names the folder walked.
    let moved = root.with_file_name(format!(
        "{}-moved",
        root.file_name().unwrap().to_string_lossy()
    ));
    let _ = std::fs::remove_dir_all(&moved);
    std::fs::rename(&root, &moved).unwrap();
    std::os::unix::fs::symlink(&out, &root).unwrap();
    assert_eq!(
        place
            .stat()
            .unwrap()
            .map(|s| FileType::from_raw_mode(s.st_mode)),
        Some(FileType::Symlink)
    );
    assert!(out.join("secret.py").exists());
    std::fs::remove_file(&root).unwrap();
    std::fs::remove_dir_all(&moved).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn link_loops_end() {
    let dir = scratch("loop");
    std::os::unix::fs::symlink("b", dir.join("a")).unwrap();
    std::os::unix::fs::symlink("a", dir.join("b")).unwrap();
    let err = Place::resolve(&dir.join("a"), Scope::Anywhere).unwrap_err();
    assert!(err.to_string().contains("symbolic links"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
