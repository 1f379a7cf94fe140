//! What a newcomer meets first (issue 25): `--help` with exit statuses and examples, `apply
//! --help` naming every patch format, shell completions, the man page, reports that say
//! "line 9" for one line and diffs without `\ No newline at end of file`.

use crate::cli::{Scratch, code, run, stdout};
use std::process::Command;

#[test]
fn help_lists_exit_statuses_and_examples() {
    let out = run(&[&"--help"]);
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    for needle in [
        "Exit status:",
        "  0  applied, found or would apply",
        "  1  refused",
        "  2  bad input or I/O",
        "  3  retryable",
        "Examples:",
        "git diff | editloc apply --patch -",
        "completions",
        "man",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
    }
}

#[test]
fn apply_help_names_every_patch_format() {
    let out = run(&[&"apply", &"--help"]);
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    for needle in [
        "<<<<<<< SEARCH",
        "------- SEARCH",
        "*** Begin Patch",
        "unified diff",
        "git diff",
        "old_string",
        "str_replace_based_edit_tool",
        "Examples:",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
    }
}

#[test]
fn bash_completion_script_parses_and_completes_the_commands() {
    let s = Scratch::new("completions");
    let out = run(&[&"completions", &"bash"]);
    assert_eq!(code(&out), 0);
    let script = stdout(&out);
    for command in ["check", "apply", "mcp", "completions", "man", "--edit-json"] {
        assert!(script.contains(command), "{command} missing");
    }
    let path = s.file("editloc.bash", &script);
    let checked = Command::new("bash").arg("-n").arg(&path).output().unwrap();
    assert!(checked.status.success(), "{checked:?}");
    // Sourced, it registers the completion function for `editloc`.
    let sourced = Command::new("bash")
        .arg("-c")
        .arg(format!("source {} && complete -p editloc", path.display()))
        .output()
        .unwrap();
    assert!(sourced.status.success(), "{sourced:?}");
    assert!(String::from_utf8_lossy(&sourced.stdout).contains("editloc"));
}

#[test]
fn every_shell_has_a_script_and_an_unknown_one_is_refused() {
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = run(&[&"completions", &shell]);
        assert_eq!(code(&out), 0, "{shell}");
        assert!(stdout(&out).contains("editloc"), "{shell}");
    }
    let out = run(&[&"completions", &"tcsh", &"--json"]);
    assert_eq!(code(&out), 2);
    assert_eq!(crate::cli::json(&out)["code"], "bad_arguments");
}

#[test]
fn man_page_is_roff_with_every_command_and_the_exit_statuses() {
    let out = run(&[&"man"]);
    assert_eq!(code(&out), 0);
    let page = stdout(&out);
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{}", &page[..80]);
    assert!(page.contains(".TH editloc 1"), "no title header");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS", ".SH EXTRA"] {
        assert!(page.contains(section), "{section} missing");
    }
    for command in [
        "editloc\\-check",
        "editloc\\-apply",
        "editloc\\-mcp",
        "editloc\\-man",
    ] {
        assert!(page.contains(command), "{command} missing");
    }
    assert!(page.contains("Exit status:"));
}

const FUNCTIONS: &str = "def load(path):\n    with open(path) as f:\n        return f.read()\n\n\ndef save(path, text):\n    with open(path, \"w\") as f:\n        f.write(text)\n";

#[test]
fn one_line_of_a_batch_is_line_not_lines() {
    let s = Scratch::new("singular");
    let file = s.file("m.py", FUNCTIONS);
    let patch = "------- SEARCH\n        f.write(text)\n=======\n        f.write(text.strip())\n+++++++ REPLACE\n";
    let out = crate::cli::run_with_stdin(&[&"apply", &file, &"--patch", &"-"], Some(patch));
    assert_eq!(code(&out), 0, "{out:?}");
    let text = stdout(&out);
    assert!(text.contains("edit 1: applied at line 8 ("), "{text}");
    assert!(!text.contains("lines 8"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        FUNCTIONS.replace("f.write(text)", "f.write(text.strip())")
    );
}

#[test]
fn closest_candidate_diff_has_no_missing_newline_noise() {
    let s = Scratch::new("newline-noise");
    let file = s.file("m.py", FUNCTIONS.trim_end());
    // `old` with and without its final line break, against a region at the end of a file
    // that has none: the diff shows the changed line and nothing about line breaks.
    for old in [
        "def save(path, text):\n    with open(path, \"a\") as f:\n        f.write(text)\n",
        "def save(path, text):\n    with open(path, \"a\") as f:\n        f.write(text)",
    ] {
        let out = run(&[&"check", &file, &"--old-text", &old, &"--json"]);
        assert_eq!(code(&out), 1, "{out:?}");
        let answer = crate::cli::json(&out);
        let diff = answer["report"]["closest"]["diff"].as_str().unwrap();
        assert!(
            diff.contains("-    with open(path, \"a\") as f:\n"),
            "{diff}"
        );
        assert!(
            diff.contains("+    with open(path, \"w\") as f:\n"),
            "{diff}"
        );
        assert!(!diff.contains("No newline"), "{diff}");
    }
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        FUNCTIONS.trim_end()
    );
}

#[test]
fn each_command_has_its_man_page_with_its_options() {
    for (command, option) in [
        ("check", "\\-\\-old\\-text"),
        ("apply", "\\-\\-edit\\-json"),
        ("mcp", "\\-\\-root"),
        ("completions", "powershell"),
    ] {
        let out = run(&[&"man", &command]);
        assert_eq!(code(&out), 0, "{command}");
        let page = stdout(&out);
        let title = format!(".TH editloc-{command} 1  \"editloc 0.1.0\"");
        assert!(page.contains(&title), "{command}: {}", &page[..200]);
        let synopsis = format!(".SH SYNOPSIS\n\\fBeditloc {command}\\fR");
        assert!(page.contains(&synopsis), "{command}: {}", &page[..300]);
        assert!(page.contains(option), "{command}: {option} missing");
    }
    let apply = stdout(&run(&[&"man", &"apply"]));
    assert!(
        apply.contains("Begin Patch"),
        "apply's page names the formats"
    );
    let out = run(&[&"man", &"frobnicate"]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no command \"frobnicate\""));
}
