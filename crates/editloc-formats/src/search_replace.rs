//! SEARCH/REPLACE blocks, as Cline and Aider write them.
//!
//! ````text
//! path/to/file.py            <- optional file-name line (Aider)
//! ```python                  <- optional fence, before or after the name
//! <<<<<<< SEARCH             (Cline: ------- SEARCH)
//! text to find
//! =======
//! text to put instead
//! >>>>>>> REPLACE            (Cline: +++++++ REPLACE)
//! ````
//!
//! Markers follow Cline's regexes (`^[-<]{3,} SEARCH>?$`, `^={3,}$`,
//! `^[+>]{3,} REPLACE>?$`), which also cover Aider's 7-character markers.
//! Trailing spaces, tabs and `\r` on a marker line are ignored (CRLF patches,
//! sloppy models); leading whitespace is not, so indented text that merely
//! looks like a marker stays text. Dialects may be mixed within a block.
//!
//! A marker line is a marker wherever it appears: inside a section it cannot
//! be text, so an out-of-place one is an error rather than silently becoming
//! part of the edit. Lines outside blocks (prose, fences) are ignored.
//!
//! Each section's text is the exact bytes of its lines, each with its own
//! terminator (see the module rule in `formats`): the SEARCH text of
//! `SEARCH\na\r\nb\n=======` is `"a\r\nb\n"`, and an empty section is `""`.

use std::path::PathBuf;

use super::lines::{END_OF_INPUT, Line, lines, quote};
use super::model::{Edit, FormatError, Patch, group_updates};

/// The three marker kinds; which dialect's characters were used is kept so
/// error messages can ask for the end marker in the dialect the block began with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Search { legacy: bool },
    Divider,
    Replace,
}

/// Classifies a line (without terminator) as a marker, per Cline's regexes.
fn marker(line: &str) -> Option<Marker> {
    let line = line.trim_end_matches([' ', '\t', '\r']);
    let first = line.chars().next()?;
    let rest = line.trim_start_matches(first);
    if line.len() - rest.len() < 3 {
        return None;
    }
    let word = |word: &str| {
        rest.strip_prefix(' ')
            .and_then(|r| r.strip_prefix(word))
            .is_some_and(|r| r.is_empty() || r == ">")
    };
    match first {
        '=' if rest.is_empty() => Some(Marker::Divider),
        '-' if word("SEARCH") => Some(Marker::Search { legacy: false }),
        '<' if word("SEARCH") => Some(Marker::Search { legacy: true }),
        '+' | '>' if word("REPLACE") => Some(Marker::Replace),
        _ => None,
    }
}

/// Whether a line opens a block; format detection uses this.
pub(super) fn is_search_marker(line: &str) -> bool {
    matches!(marker(line), Some(Marker::Search { .. }))
}

/// One complete block, with the file it names (or inherits).
#[derive(Debug)]
struct Block {
    path: Option<PathBuf>,
    edit: Edit,
}

/// A block being read: the line that opened it (errors about an unfinished block point
/// there), its dialect, and the file it belongs to.
struct Opened {
    open: usize,
    legacy: bool,
    path: Option<PathBuf>,
}

/// Where the scanner is. Sections collect their lines verbatim, terminators included.
enum State {
    Outside,
    /// In the SEARCH section: its text so far.
    Search(Opened, String),
    /// In the REPLACE section: the SEARCH text, and the REPLACE text so far.
    Replace(Opened, String, String),
}

fn search_expected() -> &'static str {
    "a SEARCH marker (`------- SEARCH` or `<<<<<<< SEARCH`) first"
}

fn replace_expected(legacy: bool) -> String {
    let end = if legacy {
        ">>>>>>> REPLACE"
    } else {
        "+++++++ REPLACE"
    };
    format!("`{end}` after REPLACE text")
}

const DIVIDER_EXPECTED: &str = "`=======` after SEARCH text";

/// Scans blocks in order. Stops at the first malformed line and returns the
/// blocks completed before it together with the error, so the streaming
/// parser can keep those and the strict one can refuse.
fn scan(all: &[Line<'_>]) -> (Vec<Block>, Result<(), FormatError>) {
    let mut scanner = Scanner {
        blocks: Vec::new(),
        outside_from: 0,
        current_path: None,
    };
    let mut state = State::Outside;
    for index in 0..all.len() {
        state = match scanner.step(state, all, index) {
            Ok(next) => next,
            Err(err) => return (scanner.blocks, Err(err)),
        };
    }
    (scanner.blocks, unfinished(state))
}

/// What the scan has found so far besides its state.
struct Scanner {
    /// The blocks completed.
    blocks: Vec<Block>,
    /// Lines from this index on are outside any block and may hold a file name.
    outside_from: usize,
    /// Aider's rule: a block without a file-name line belongs to the last named file.
    current_path: Option<PathBuf>,
}

impl Scanner {
    /// The state after line `index` of `all`, or the error that line is.
    fn step(&mut self, state: State, all: &[Line<'_>], index: usize) -> Result<State, FormatError> {
        let line = &all[index];
        let unexpected = |expected: String| FormatError::new(line.no, expected, quote(line.text));
        Ok(match (state, marker(line.text)) {
            (State::Outside, None) => State::Outside,
            (State::Outside, Some(Marker::Search { legacy })) => {
                if let Some(named) = file_name_before(&all[self.outside_from..index]) {
                    self.current_path = Some(named);
                }
                let path = self.current_path.clone();
                let opened = Opened {
                    open: line.no,
                    legacy,
                    path,
                };
                State::Search(opened, String::new())
            }
            (State::Outside, Some(_)) => return Err(unexpected(search_expected().into())),
            (State::Search(opened, mut text), None) => {
                text.push_str(line.raw);
                State::Search(opened, text)
            }
            (State::Search(opened, text), Some(Marker::Divider)) => {
                State::Replace(opened, text, String::new())
            }
            (State::Search(..), Some(_)) => return Err(unexpected(DIVIDER_EXPECTED.into())),
            (State::Replace(opened, old, mut text), None) => {
                text.push_str(line.raw);
                State::Replace(opened, old, text)
            }
            (State::Replace(opened, old, new), Some(Marker::Replace)) => {
                let edit = Edit {
                    old,
                    new,
                    ..Edit::default()
                };
                self.blocks.push(Block {
                    path: opened.path,
                    edit,
                });
                self.outside_from = index + 1;
                State::Outside
            }
            (State::Replace(opened, ..), Some(_)) => {
                return Err(unexpected(replace_expected(opened.legacy)));
            }
        })
    }
}

/// The error of a text that ends inside a block, pointing at the line that opened it.
fn unfinished(state: State) -> Result<(), FormatError> {
    match state {
        State::Outside => Ok(()),
        State::Search(opened, _) => Err(FormatError::new(
            opened.open,
            format!("{DIVIDER_EXPECTED} (block opened here)"),
            END_OF_INPUT,
        )),
        State::Replace(opened, ..) => Err(FormatError::new(
            opened.open,
            format!("{} (block opened here)", replace_expected(opened.legacy)),
            END_OF_INPUT,
        )),
    }
}

/// Finds the file name Aider writes just before a block: the last line
/// before the SEARCH marker, or the one before that when the last is an
/// opening fence (```` ```lang ````). Only lines since the previous block count.
fn file_name_before(outside: &[Line<'_>]) -> Option<PathBuf> {
    let mut candidates = outside.iter().rev();
    let mut last = candidates.next()?;
    if last.text.trim_start().starts_with("```") {
        last = candidates.next()?;
    }
    file_name(last.text).map(PathBuf::from)
}

/// Whether a line is a file name, after removing the decorations models add
/// (`# `, `**`, backticks, a trailing colon).
///
/// Since we cannot check the name against the file system here, the rule is
/// conservative: a single token without whitespace, and when it ends with a
/// colon (as in `Changes:`) it must also look like a path (contain `.`, `/`
/// or `\`), and characters no sane path holds (`<>|"?*`) rule it out, which
/// keeps Cline's `<diff>` wrapper and prose from becoming file names. A bare
/// extensionless name like `Makefile` is accepted.
fn file_name(line: &str) -> Option<&str> {
    let name = line.trim().trim_start_matches('#').trim();
    if name.starts_with("```") {
        return None;
    }
    let name = name.trim_matches(['*', '`']);
    let name = match name.strip_suffix(':') {
        Some(stripped) if stripped.contains(['.', '/', '\\']) => stripped,
        Some(_) => return None,
        None => name,
    };
    let name = name.trim_matches(['*', '`']);
    let plausible = !name.is_empty()
        && !name.contains(char::is_whitespace)
        && !name.contains(['<', '>', '|', '"', '?', '*'])
        && marker(name).is_none();
    plausible.then_some(name)
}

/// Parses a complete SEARCH/REPLACE patch (see the module docs for the rules).
///
/// Blocks are grouped per file in order of first appearance; blocks before
/// any file-name line get path `None`, and a block without its own name
/// belongs to the last file named before it (Aider's rule).
pub(super) fn parse(text: &str) -> Result<Patch, FormatError> {
    let all: Vec<Line<'_>> = lines(text).collect();
    let (blocks, outcome) = scan(&all);
    outcome?;
    if blocks.is_empty() {
        return Err(FormatError::new(
            1,
            "at least one SEARCH/REPLACE block",
            END_OF_INPUT,
        ));
    }
    Ok(group_updates(
        blocks.into_iter().map(|block| (block.path, block.edit)),
    ))
}

/// Returns the blocks that are complete so far in a streamed SEARCH/REPLACE
/// text, in order, without file names; never fails.
///
/// A line only counts once its newline has arrived, because a marker still
/// being written (`+++++++ REPL`) or a text line that merely starts like one
/// is not yet what it will be. So the last, incomplete block is left out,
/// as is anything from a malformed line onwards; call [`super::parse`] on
/// the finished text for the final result and its errors.
pub fn parse_search_replace_partial(text: &str) -> Vec<Edit> {
    let complete: Vec<Line<'_>> = lines(text).filter(Line::terminated).collect();
    let (blocks, _) = scan(&complete);
    blocks.into_iter().map(|block| block.edit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FileOp, FilePatch};

    fn update(path: Option<&str>, edits: Vec<Edit>) -> FilePatch {
        FilePatch {
            path: path.map(PathBuf::from),
            op: FileOp::Update(edits),
        }
    }

    fn err(line: usize, expected: &str, found: &str) -> FormatError {
        FormatError::new(line, expected, found)
    }

    #[test]
    fn markers_follow_clines_regexes() {
        for search in [
            "------- SEARCH",
            "--- SEARCH",
            "------- SEARCH>",
            "<<<<<<< SEARCH",
            "<<< SEARCH>",
            "------- SEARCH \r",
        ] {
            assert_eq!(
                marker(search),
                Some(Marker::Search {
                    legacy: search.starts_with('<')
                }),
                "{search:?}"
            );
        }
        for divider in ["===", "=======", "=========  "] {
            assert_eq!(marker(divider), Some(Marker::Divider), "{divider:?}");
        }
        for replace in ["+++++++ REPLACE", ">>>>>>> REPLACE", "+++ REPLACE>"] {
            assert_eq!(marker(replace), Some(Marker::Replace), "{replace:?}");
        }
        for text in [
            "-- SEARCH",
            "== ",
            "==",
            " =======",
            "------- SEARCHING",
            "------- search",
            "-------SEARCH",
            "+++ b/src/main.rs",
            "---",
            "------- SEA",
            "+++++++ REPLACE>>",
            "-=- SEARCH",
            "",
        ] {
            assert_eq!(marker(text), None, "{text:?}");
        }
    }

    #[test]
    fn cline_blocks_without_names_go_to_the_command_line_file() {
        let text = "------- SEARCH\nfn a() {\n    1\n}\n=======\nfn a() {\n    2\n}\n+++++++ REPLACE\n\
                    \n------- SEARCH\nuse x;\n=======\n+++++++ REPLACE\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(
                    None,
                    vec![
                        Edit::new("fn a() {\n    1\n}\n", "fn a() {\n    2\n}\n"),
                        Edit::new("use x;\n", ""),
                    ],
                )],
            }
        );
    }

    #[test]
    fn empty_search_is_an_edit_with_empty_old() {
        let text = "------- SEARCH\n=======\nfirst line\n+++++++ REPLACE";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(None, vec![Edit::new("", "first line\n")])],
            }
        );
    }

    #[test]
    fn aider_blocks_name_files_and_group_per_file_in_order() {
        let text = "Here are the changes.\n\
                    \n\
                    src/b.py\n\
                    ```python\n\
                    <<<<<<< SEARCH\n\
                    x = 1\n\
                    =======\n\
                    x = 2\n\
                    >>>>>>> REPLACE\n\
                    ```\n\
                    \n\
                    ```python\n\
                    src/a.py\n\
                    <<<<<<< SEARCH\n\
                    import os\n\
                    =======\n\
                    import sys\n\
                    >>>>>>> REPLACE\n\
                    ```\n\
                    \n\
                    src/b.py\n\
                    ```\n\
                    <<<<<<< SEARCH\n\
                    y = 1\n\
                    =======\n\
                    y = 2\n\
                    >>>>>>> REPLACE\n\
                    ```\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    update(
                        Some("src/b.py"),
                        vec![
                            Edit::new("x = 1\n", "x = 2\n"),
                            Edit::new("y = 1\n", "y = 2\n")
                        ],
                    ),
                    update(
                        Some("src/a.py"),
                        vec![Edit::new("import os\n", "import sys\n")]
                    ),
                ],
            }
        );
    }

    #[test]
    fn unnamed_block_inherits_the_last_named_file() {
        let text = "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n\
                    lib.rs\n------- SEARCH\nc\n=======\nd\n+++++++ REPLACE\n\
                    ------- SEARCH\ne\n=======\nf\n+++++++ REPLACE\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    update(None, vec![Edit::new("a\n", "b\n")]),
                    update(
                        Some("lib.rs"),
                        vec![Edit::new("c\n", "d\n"), Edit::new("e\n", "f\n")]
                    ),
                ],
            }
        );
    }

    #[test]
    fn file_name_decorations_are_stripped_and_prose_is_not_a_name() {
        assert_eq!(file_name("**src/main.rs**"), Some("src/main.rs"));
        assert_eq!(file_name("`src/main.rs`:"), Some("src/main.rs"));
        assert_eq!(file_name("### src/main.rs"), Some("src/main.rs"));
        assert_eq!(file_name("Makefile"), Some("Makefile"));
        assert_eq!(file_name("Changes:"), None);
        assert_eq!(file_name("Here is the fix:"), None);
        assert_eq!(file_name("```rust"), None);
        assert_eq!(file_name("   "), None);
        assert_eq!(file_name("<diff>"), None);
        assert_eq!(file_name("+++++++ REPLACE"), None);
    }

    #[test]
    fn prose_line_before_a_block_is_not_taken_as_a_name() {
        let text = "I will change this:\n------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(None, vec![Edit::new("a\n", "b\n")])],
            }
        );
    }

    #[test]
    fn text_keeps_exact_bytes_including_crlf_and_blank_lines() {
        let text = "------- SEARCH\r\n  a\t\r\n\r\nb\r\n=======\r\nc\r\n+++++++ REPLACE\r\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(None, vec![Edit::new("  a\t\r\n\r\nb\r\n", "c\r\n")])],
            }
        );
    }

    #[test]
    fn look_alike_lines_stay_text() {
        let text =
            "------- SEARCH\n---\n +++++++ REPLACE\n== \n=======\n<<<<<<< HEAD\n+++++++ REPLACE\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![update(
                    None,
                    vec![Edit::new("---\n +++++++ REPLACE\n== \n", "<<<<<<< HEAD\n")],
                )],
            }
        );
    }

    #[test]
    fn replace_marker_inside_search_text_is_reported() {
        let text = "------- SEARCH\na\n+++++++ REPLACE\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(3, "`=======` after SEARCH text", "`+++++++ REPLACE`")
        );
        assert_eq!(
            parse(text).unwrap_err().to_string(),
            "line 3: expected `=======` after SEARCH text, found `+++++++ REPLACE`"
        );
    }

    #[test]
    fn second_search_marker_before_divider_is_reported() {
        let text = "<<<<<<< SEARCH\na\n<<<<<<< SEARCH\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(3, "`=======` after SEARCH text", "`<<<<<<< SEARCH`")
        );
    }

    #[test]
    fn search_without_divider_is_reported_at_its_opening_line() {
        let text = "x\n------- SEARCH\na\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(
                2,
                "`=======` after SEARCH text (block opened here)",
                "end of input"
            )
        );
    }

    #[test]
    fn divider_without_end_marker_is_reported_in_the_blocks_dialect() {
        assert_eq!(
            parse("<<<<<<< SEARCH\na\n=======\nb\n").unwrap_err(),
            err(
                1,
                "`>>>>>>> REPLACE` after REPLACE text (block opened here)",
                "end of input"
            )
        );
        assert_eq!(
            parse("------- SEARCH\na\n=======\nb\n").unwrap_err(),
            err(
                1,
                "`+++++++ REPLACE` after REPLACE text (block opened here)",
                "end of input"
            )
        );
    }

    #[test]
    fn second_divider_or_search_in_replace_text_is_reported() {
        assert_eq!(
            parse("------- SEARCH\na\n=======\nb\n=======\n").unwrap_err(),
            err(5, "`+++++++ REPLACE` after REPLACE text", "`=======`")
        );
        assert_eq!(
            parse("------- SEARCH\na\n=======\nb\n------- SEARCH\n").unwrap_err(),
            err(
                5,
                "`+++++++ REPLACE` after REPLACE text",
                "`------- SEARCH`"
            )
        );
    }

    #[test]
    fn stray_divider_or_replace_marker_is_reported() {
        let expected = "a SEARCH marker (`------- SEARCH` or `<<<<<<< SEARCH`) first";
        assert_eq!(
            parse("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n>>>>>>> REPLACE\n").unwrap_err(),
            err(6, expected, "`>>>>>>> REPLACE`")
        );
        assert_eq!(
            parse("prose\n=======\n").unwrap_err(),
            err(2, expected, "`=======`")
        );
    }

    #[test]
    fn text_without_blocks_is_reported() {
        assert_eq!(
            parse("no blocks here\n").unwrap_err(),
            err(1, "at least one SEARCH/REPLACE block", "end of input")
        );
    }

    #[test]
    fn partial_returns_only_complete_blocks() {
        let first = "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n";
        let expected = vec![Edit::new("a\n", "b\n")];
        for tail in [
            "",
            "------- SEA",
            "------- SEARCH\n",
            "------- SEARCH\nc\n=====",
            "------- SEARCH\nc\n=======\n",
            "------- SEARCH\nc\n=======\nd\n",
            "------- SEARCH\nc\n=======\nd\n+++++++ REPL",
            "------- SEARCH\nc\n=======\nd\n+++++++ REPLACE",
        ] {
            let text = format!("{first}{tail}");
            assert_eq!(parse_search_replace_partial(&text), expected, "{text:?}");
        }
        let both = format!("{first}------- SEARCH\nc\n=======\nd\n+++++++ REPLACE\n");
        assert_eq!(
            parse_search_replace_partial(&both),
            vec![Edit::new("a\n", "b\n"), Edit::new("c\n", "d\n")]
        );
    }

    #[test]
    fn partial_keeps_blocks_before_a_malformed_line() {
        let text = "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n=======\n\
                    ------- SEARCH\nc\n=======\nd\n+++++++ REPLACE\n";
        assert_eq!(
            parse_search_replace_partial(text),
            vec![Edit::new("a\n", "b\n")]
        );
        assert_eq!(parse_search_replace_partial(""), Vec::<Edit>::new());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// Lines that are never markers, so cutting the patch cannot change their meaning.
        fn text_line() -> impl Strategy<Value = String> {
            "[a-z =<>+-]{0,12}".prop_filter("not a marker", |line| marker(line).is_none())
        }

        fn block() -> impl Strategy<Value = (Vec<String>, Vec<String>)> {
            (
                prop::collection::vec(text_line(), 0..4),
                prop::collection::vec(text_line(), 0..4),
            )
        }

        fn render(blocks: &[(Vec<String>, Vec<String>)], crlf: bool) -> String {
            let nl = if crlf { "\r\n" } else { "\n" };
            let mut out = String::new();
            for (old, new) in blocks {
                out.push_str(&format!("------- SEARCH{nl}"));
                old.iter()
                    .for_each(|line| out.push_str(&format!("{line}{nl}")));
                out.push_str(&format!("======={nl}"));
                new.iter()
                    .for_each(|line| out.push_str(&format!("{line}{nl}")));
                out.push_str(&format!(">>>>>>> REPLACE{nl}"));
            }
            out
        }

        fn joined(lines: &[String], nl: &str) -> String {
            lines.iter().map(|line| format!("{line}{nl}")).collect()
        }

        proptest! {
            #[test]
            fn parse_round_trips_rendered_blocks(
                blocks in prop::collection::vec(block(), 1..4),
                crlf in any::<bool>(),
            ) {
                let nl = if crlf { "\r\n" } else { "\n" };
                let expected: Vec<Edit> = blocks
                    .iter()
                    .map(|(old, new)| Edit::new(joined(old, nl), joined(new, nl)))
                    .collect();
                let patch = parse(&render(&blocks, crlf)).unwrap();
                prop_assert_eq!(patch, Patch { files: vec![update(None, expected)] });
            }

            #[test]
            fn partial_of_any_prefix_is_a_prefix_of_the_full_parse(
                blocks in prop::collection::vec(block(), 1..4),
                crlf in any::<bool>(),
                cut in any::<prop::sample::Index>(),
            ) {
                let text = render(&blocks, crlf);
                let full = parse_search_replace_partial(&text);
                prop_assert_eq!(full.len(), blocks.len());
                let prefix = &text[..cut.index(text.len() + 1)];
                let partial = parse_search_replace_partial(prefix);
                prop_assert!(full.starts_with(&partial), "{:?} vs {:?}", partial, full);
            }
        }
    }
}
