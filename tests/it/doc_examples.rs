//! The shell sessions of the README and the manual (`docs/src/**/*.md`), run as written, and
//! their links, which must lead to a file and a heading that exist.
//!
//! A session is a fenced block whose info string is `console`. A line starting with `$ ` is a
//! command (a line ending in `\` goes on on the next line, a here-document `<<'EOF'` up to its
//! `EOF` line); the lines after it, up to the next command, are what it prints — standard output
//! and standard error together, in order —, a line that is only `...` standing for any number
//! of lines and `[..]` in a line for any text. Every command must exit 0; a page
//! that shows a refusal says so in the command (`; echo "exit $?"`). Each block runs in an empty
//! folder of its own, with the `editloc` under test first on `PATH` and `HOME` set to the folder;
//! in what it prints, that folder reads `/home/you` and the binary's folder
//! `/home/you/.cargo/bin` (where `cargo install` puts it for a user `you`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const BIN: &str = env!("CARGO_BIN_EXE_editloc");

/// One command of a session and the lines it must print.
#[derive(Debug)]
struct Step {
    command: String,
    expected: Vec<String>,
}

/// One `console` block: where it stands and its commands.
#[derive(Debug)]
struct Session {
    place: String,
    steps: Vec<Step>,
}

/// The `console` blocks of one Markdown text.
fn sessions(name: &str, markdown: &str) -> Vec<Session> {
    let mut found = Vec::new();
    let mut lines = markdown.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let body: Vec<&str> = lines
            .by_ref()
            .map(|(_, l)| l)
            .take_while(|l| l.trim() != "```")
            .collect();
        found.push(Session {
            place: format!("{name}:{}", number + 1),
            steps: steps(&body),
        });
    }
    found
}

/// A block's lines as commands and their expected output.
fn steps(body: &[&str]) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut open: Option<String> = None;
    for line in body {
        if let Some(end) = &open {
            let step = steps.last_mut().expect("a continuation follows a command");
            step.command.push('\n');
            step.command.push_str(line);
            open = still_open(line, end);
        } else if let Some(command) = line.strip_prefix("$ ") {
            steps.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
            });
            open = opens(command);
        } else {
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("output before any command: {line:?}"));
            step.expected.push(line.to_string());
        }
    }
    steps
}

/// What ends the command `line` starts when it goes on past its line: `\\` for a line ending
/// in a backslash, the word of a here-document (`<<'EOF'`).
fn opens(line: &str) -> Option<String> {
    if line.ends_with('\\') {
        return Some("\\".to_string());
    }
    let word = line.split("<<'").nth(1)?.split('\'').next()?;
    Some(word.to_string())
}

/// What still ends the command after its further line `line`, if it goes on.
fn still_open(line: &str, end: &str) -> Option<String> {
    match end {
        "\\" if line.ends_with('\\') => Some(end.to_string()),
        "\\" => opens(line),
        _ if line == end => None,
        _ => Some(end.to_string()),
    }
}

/// Whether `actual` is `expected`, a `...` line standing for any run of lines and `[..]` in a
/// line for any text.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, after)| line_matches(first, line) && matches(rest, after)),
    }
}

/// Whether `line` is `pattern`, each `[..]` in it standing for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut pieces = pattern.split("[..]");
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else {
        return rest.is_empty();
    };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// An empty folder for one session, removed on drop.
struct Folder(PathBuf);

impl Folder {
    fn new() -> Folder {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "editloc-doc-examples-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs every step of `session` in a fresh folder; the first that fails is the panic.
fn run_session(session: &Session) {
    let folder = Folder::new();
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    for step in &session.steps {
        let out = Command::new("bash")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", step.command))
            .current_dir(&folder.0)
            .env("PATH", &path)
            .env("HOME", &folder.0)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&out.stdout)
            .replace(&*bin_dir.to_string_lossy(), "/home/you/.cargo/bin")
            .replace(&*folder.0.to_string_lossy(), "/home/you");
        let actual: Vec<&str> = printed.lines().collect();
        assert!(
            out.status.success(),
            "{}: `{}` exited {:?}:\n{printed}",
            session.place,
            step.command,
            out.status.code()
        );
        assert!(
            matches(&step.expected, &actual),
            "{}: `{}` printed\n{printed}\nbut the page shows\n{}",
            session.place,
            step.command,
            step.expected.join("\n")
        );
    }
}

/// The Markdown files of the manual, in a fixed order.
fn manual_pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src");
    let mut pages = Vec::new();
    let mut folders = vec![root];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The sessions of `files`, named relative to the repository.
fn sessions_of(files: &[PathBuf]) -> Vec<Session> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    files
        .iter()
        .flat_map(|file| {
            let name = file
                .strip_prefix(root)
                .unwrap_or(file)
                .display()
                .to_string();
            sessions(&name, &std::fs::read_to_string(file).unwrap())
        })
        .collect()
}

#[test]
fn readme_sessions_run_as_written() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let sessions = sessions_of(&[readme]);
    assert!(
        sessions.len() >= 2,
        "the README shows the CLI and the MCP configuration as sessions: {sessions:?}"
    );
    sessions.iter().for_each(run_session);
}

#[test]
fn manual_sessions_run_as_written() {
    let sessions = sessions_of(&manual_pages());
    assert!(
        sessions.len() >= 5,
        "the manual's CLI examples are sessions: {sessions:?}"
    );
    sessions.iter().for_each(run_session);
}

#[test]
fn a_session_is_read_as_commands_and_their_output() {
    let page =
        "text\n```console\n$ printf 'a\\nb\\n'\na\n...\n$ echo one \\\n  two\none two\n```\n";
    let found = sessions("page.md", page);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].place, "page.md:2");
    let commands: Vec<&str> = found[0].steps.iter().map(|s| s.command.as_str()).collect();
    assert_eq!(commands, ["printf 'a\\nb\\n'", "echo one \\\n  two"]);
    assert_eq!(found[0].steps[0].expected, ["a", "..."]);
    assert_eq!(found[0].steps[1].expected, ["one two"]);
    run_session(&found[0]);
}

#[test]
fn an_ellipsis_line_stands_for_any_run_of_lines() {
    let expected = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(
        &expected(&["a", "...", "d"]),
        &["a", "b", "c", "d"]
    ));
    assert!(matches(&expected(&["a", "...", "d"]), &["a", "d"]));
    assert!(!matches(&expected(&["a", "...", "d"]), &["a", "b"]));
    assert!(!matches(&expected(&["a"]), &["a", "b"]));
    assert!(matches(&expected(&["..."]), &[]));
    assert!(matches(&expected(&["took [..] ms"]), &["took 0.21 ms"]));
    assert!(matches(&expected(&["a[..]b[..]c"]), &["a1b2c"]));
    assert!(!matches(&expected(&["a[..]b[..]c"]), &["a1c2b"]));
    assert!(!matches(&expected(&["took [..] ms"]), &["took 0.21 s"]));
}

#[test]
fn a_here_document_belongs_to_its_command() {
    let page = "```console\n$ cat > a.txt <<'EOF'\n$ not a command\nEOF\n$ wc -l < a.txt\n1\n```\n";
    let found = sessions("page.md", page);
    let commands: Vec<&str> = found[0].steps.iter().map(|s| s.command.as_str()).collect();
    assert_eq!(
        commands,
        ["cat > a.txt <<'EOF'\n$ not a command\nEOF", "wc -l < a.txt"]
    );
    assert_eq!(found[0].steps[1].expected, ["1"]);
    run_session(&found[0]);
}

/// The relative links of a Markdown text (`[text](target)`, web links left out), with the
/// line each stands on.
fn relative_links(markdown: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    for (number, line) in markdown.lines().enumerate() {
        for piece in line.split("](").skip(1) {
            let Some(target) = piece.split(')').next() else {
                continue;
            };
            if !target.contains("://") && !target.starts_with("mailto:") && !target.is_empty() {
                links.push((number + 1, target.to_string()));
            }
        }
    }
    links
}

/// The anchor mdBook and GitHub give a heading: lower case, spaces as `-`, other punctuation
/// dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether the Markdown at `page` has a heading whose anchor is `fragment`.
fn has_anchor(page: &Path, fragment: &str) -> bool {
    std::fs::read_to_string(page).is_ok_and(|text| {
        text.lines()
            .filter_map(|line| {
                line.trim_start_matches('#')
                    .strip_prefix(' ')
                    .filter(|_| line.starts_with('#'))
            })
            .any(|heading| anchor(heading) == fragment)
    })
}

/// The chapters `docs/src/SUMMARY.md` lists: `mdbook build` (with `create-missing = false`)
/// fails when one is missing, so a link to one is checked there.
fn summary_chapters() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    relative_links(&summary)
        .into_iter()
        .map(|(_, target)| src.join(target))
        .collect()
}

/// Why the link `target` of the page `page` leads nowhere, if it does.
fn broken(page: &Path, target: &str) -> Option<String> {
    let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
    let destination = if file.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(file)
    };
    if !destination.exists() {
        return (!summary_chapters().contains(&destination))
            .then(|| format!("{} does not exist", destination.display()));
    }
    let markdown = destination.extension().is_some_and(|e| e == "md");
    (markdown && !fragment.is_empty() && !has_anchor(&destination, fragment))
        .then(|| format!("{} has no heading #{fragment}", destination.display()))
}

#[test]
fn every_link_of_the_readme_and_the_manual_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = manual_pages();
    pages.push(root.join("README.md"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for (line, target) in relative_links(&text) {
            checked += 1;
            if let Some(why) = broken(page, &target) {
                failures.push(format!("{}:{line}: ({target}) {why}", page.display()));
            }
        }
    }
    assert!(checked > 100, "only {checked} links found");
    assert!(
        failures.is_empty(),
        "broken links:\n{}",
        failures.join("\n")
    );
}

#[test]
fn anchors_are_spelled_as_mdbook_spells_them() {
    assert_eq!(
        anchor("Mining your own history: `editloc corpus mine`"),
        "mining-your-own-history-editloc-corpus-mine"
    );
    assert_eq!(anchor("Limits and budgets"), "limits-and-budgets");
    let page = "[a](b.md) and [c](https://x.org) [d](#e-f)\n";
    assert_eq!(
        relative_links(page),
        [(1, "b.md".to_string()), (1, "#e-f".to_string())]
    );
}
