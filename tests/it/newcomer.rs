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

/// `editloc mcp config CLIENT --root DIR` for one client: its snippet, checked to be the
/// client's format, and where it goes (standard error).
fn mcp_config(client: &str, root: &std::path::Path) -> (String, String) {
    let out = run(&[&"mcp", &"config", &client, &"--root", &root]);
    assert_eq!(code(&out), 0, "{client}: {out:?}");
    (
        stdout(&out),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The binary's absolute path as the snippets must give it.
fn binary() -> String {
    std::fs::canonicalize(env!("CARGO_BIN_EXE_editloc"))
        .unwrap()
        .display()
        .to_string()
}

#[test]
fn mcp_config_json_clients_name_the_binary_and_the_root() {
    let s = Scratch::new("mcp-config");
    let root = s.path("my \"project\" \\ dir");
    std::fs::create_dir_all(&root).unwrap();
    let root_text = root.canonicalize().unwrap().display().to_string();
    let args = serde_json::json!(["mcp", "--root", root_text]);
    for (client, key, place) in [
        ("claude-code", "mcpServers", ".mcp.json"),
        ("cursor", "mcpServers", ".cursor/mcp.json"),
        ("windsurf", "mcpServers", "mcp_config.json"),
        ("vscode", "servers", ".vscode/mcp.json"),
        ("zed", "context_servers", "settings"),
    ] {
        let (snippet, destination) = mcp_config(client, &root);
        let parsed: serde_json::Value = serde_json::from_str(&snippet)
            .unwrap_or_else(|e| panic!("{client}: not JSON ({e}): {snippet}"));
        let server = &parsed[key]["editloc"];
        assert_eq!(server["command"], binary().as_str(), "{client}");
        assert_eq!(server["args"], args, "{client}");
        assert_eq!(parsed.as_object().unwrap().len(), 1, "{client}: one key");
        assert!(destination.contains(place), "{client}: {destination}");
    }
    let (vscode, _) = mcp_config("vscode", &root);
    let vscode: serde_json::Value = serde_json::from_str(&vscode).unwrap();
    assert_eq!(vscode["servers"]["editloc"]["type"], "stdio");
}

#[test]
fn mcp_config_codex_is_toml_and_continue_is_yaml() {
    let s = Scratch::new("mcp-config-formats");
    let root = s.path("dir 'with' quotes: and # marks");
    std::fs::create_dir_all(&root).unwrap();
    let root_text = root.canonicalize().unwrap().display().to_string();
    let args = ["mcp", "--root", root_text.as_str()];

    let (codex, destination) = mcp_config("codex", &root);
    assert!(
        destination.contains("~/.codex/config.toml"),
        "{destination}"
    );
    assert!(codex.starts_with("[mcp_servers.editloc]\n"), "{codex}");
    let table: toml::Table = toml::from_str(&codex).unwrap();
    let server = &table["mcp_servers"]["editloc"];
    assert_eq!(server["command"].as_str(), Some(binary().as_str()));
    let parsed: Vec<&str> = server["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(parsed, args);

    let (yaml, destination) = mcp_config("continue", &root);
    assert!(
        destination.contains(".continue/mcpServers/"),
        "{destination}"
    );
    let docs = yaml_rust2::YamlLoader::load_from_str(&yaml).unwrap();
    assert_eq!(docs.len(), 1, "{yaml}");
    let block = &docs[0];
    assert_eq!(block["name"].as_str(), Some("editloc"));
    assert_eq!(block["schema"].as_str(), Some("v1"));
    let server = &block["mcpServers"][0];
    assert_eq!(server["name"].as_str(), Some("editloc"));
    assert_eq!(server["command"].as_str(), Some(binary().as_str()));
    let parsed: Vec<&str> = server["args"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(parsed, args);
}

#[test]
fn mcp_config_without_roots_leaves_the_folder_to_the_client_and_refuses_unknown_clients() {
    let out = run(&[&"mcp", &"config", &"cursor"]);
    assert_eq!(code(&out), 0);
    let parsed: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        parsed["mcpServers"]["editloc"]["args"],
        serde_json::json!(["mcp"])
    );
    let out = run(&[&"mcp", &"config", &"emacs"]);
    assert_eq!(code(&out), 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("claude-code, cursor, vscode, codex, zed, windsurf, continue"),
        "{stderr}"
    );
}

/// A module of look-alike functions, for hints.
const LOOK_ALIKES: &str = "def get(key):\n    return STORE[key]\n\n\ndef put(key, value):\n    STORE[key] = value\n\n\ndef drop(key):\n    STORE.pop(key)\n";

/// `check FILE --old-text OLD --json` on a miss: the answer's report.
fn missed(name: &str, content: &str, old: &str) -> serde_json::Value {
    let s = Scratch::new("hints");
    let file = s.file(name, content);
    let out = run(&[&"check", &file, &"--old-text", &old, &"--json"]);
    assert_eq!(code(&out), 1, "{out:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), content);
    crate::cli::json(&out)["report"].clone()
}

#[test]
fn a_function_the_file_lacks_gets_no_hint_towards_another() {
    for old in ["def delete(key):", "def delete(key):\n    STORE.pop(key)\n"] {
        let report = missed("store.py", LOOK_ALIKES, old);
        assert_eq!(
            report["hint"], "the file has no code like this; re-read the file",
            "{report:#}"
        );
        // The closest lines are still reported, as data, not as advice.
        assert!(report["closest"]["lines"]["start"].as_u64().is_some());
    }
    let report = missed("c.js", "const a = 2;\nconst b = 3;\n", "const zz = 9;");
    assert_eq!(
        report["hint"],
        "the file has no code like this; re-read the file"
    );
}

#[test]
fn misremembered_code_still_gets_its_hint() {
    // A near spelling: `STOR` for `STORE`.
    let report = missed(
        "store.py",
        LOOK_ALIKES,
        "def put(key, value):\n    STOR[key] = value\n",
    );
    assert_eq!(
        report["hint"], "re-read lines 5-6; `STOR` is `STORE` in the file",
        "{report:#}"
    );
    // A consistent rename: `k` for `key`, twice.
    let report = missed("store.py", LOOK_ALIKES, "def drop(k):\n    STORE.pop(k)\n");
    assert_eq!(
        report["hint"],
        "re-read lines 9-10; `k` is `key` in the file"
    );
}

#[test]
fn mcp_check_of_a_missing_constant_does_not_point_at_another() {
    use editloc::mcp::{CheckParams, Roots, Server};
    let s = Scratch::new("hints-mcp");
    s.file("c.js", "const a = 2;\nconst b = 3;\n");
    let server = Server::new(Roots::new(&[s.path("")]).unwrap());
    let answer = server.do_check(CheckParams {
        file_path: "c.js".into(),
        old_string: "const zz = 9;".into(),
    });
    assert!(!answer.is_error, "a miss is check's answer");
    assert!(
        !answer.text.contains("`zz` is `a` in the file"),
        "{}",
        answer.text
    );
    assert!(
        answer
            .text
            .ends_with("hint: the file has no code like this; re-read the file"),
        "{}",
        answer.text
    );
}
