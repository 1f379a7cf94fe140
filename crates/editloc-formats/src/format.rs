//! Which format a patch text is in ([`detect`]) and parsing it by its format ([`parse`],
//! [`parse_as`]): the one place that knows every parser.

use super::lines::{Line, first_non_blank, lines};
use super::model::{FormatError, Patch};
use super::{apply_patch, commands, json, search_replace, unified};

/// The edit formats editloc understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Cline (`------- SEARCH` / `=======` / `+++++++ REPLACE`) or Aider
    /// (`<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE`) blocks.
    SearchReplace,
    /// Codex `*** Begin Patch` envelope.
    ApplyPatch,
    /// MultiEdit-style JSON (`old_string` / `new_string` / `replace_all`), or
    /// `str_replace_based_edit_tool` command objects (`{"command": "str_replace", …}`).
    Json,
    /// A unified diff (`--- a/x` / `+++ b/x` / `@@ -l,n +l,n @@`), as `diff -u` and `git diff`
    /// write it; its line numbers are hints only.
    UnifiedDiff,
}

/// Guesses the format of `text`, or `None` when it looks like none of them.
///
/// JSON is recognized by its first non-blank character (`[` or `{`), which neither line
/// format can start with, and hunks without a file header by a first line that is a `@@`
/// header. Otherwise the first line that is a SEARCH marker, `*** Begin Patch` or a unified
/// diff's file header (`diff --git`, or `--- ` directly followed by `+++ `) decides, so a
/// SEARCH/REPLACE block whose text mentions `*** Begin Patch` (or the reverse) is not
/// misread.
pub fn detect(text: &str) -> Option<Format> {
    if text.trim_start().starts_with(['[', '{']) {
        return Some(Format::Json);
    }
    if unified::is_headerless(text) {
        return Some(Format::UnifiedDiff);
    }
    let all: Vec<Line<'_>> = lines(text).collect();
    all.iter().enumerate().find_map(|(i, line)| {
        if apply_patch::is_begin(line.text) {
            Some(Format::ApplyPatch)
        } else if search_replace::is_search_marker(line.text) {
            Some(Format::SearchReplace)
        } else if unified::is_file_header(&all[i..]) {
            Some(Format::UnifiedDiff)
        } else {
            None
        }
    })
}

/// Parses `text`, detecting its format first.
pub fn parse(text: &str) -> Result<Patch, FormatError> {
    match detect(text) {
        Some(format) => parse_as(format, text),
        None => Err(FormatError::new(
            1,
            "a SEARCH/REPLACE block, a `*** Begin Patch` envelope, a unified diff or a JSON edit list",
            first_non_blank(text),
        )),
    }
}

/// Parses `text` as the given format, for callers that know it (no guessing).
pub fn parse_as(format: Format, text: &str) -> Result<Patch, FormatError> {
    match format {
        Format::SearchReplace => search_replace::parse(text),
        Format::ApplyPatch => apply_patch::parse(text),
        Format::Json if commands::is_command(text) => commands::parse(text),
        Format::Json => json::parse(text),
        Format::UnifiedDiff => unified::parse(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edit, FileOp, FilePatch, parse_search_replace_partial};
    use proptest::prelude::*;

    #[test]
    fn detect_recognizes_each_format() {
        assert_eq!(detect("  [{\"old_string\":\"a\"}]"), Some(Format::Json));
        assert_eq!(detect("{\"edits\": []}"), Some(Format::Json));
        assert_eq!(
            detect("*** Begin Patch\n*** Delete File: a\n*** End Patch\n"),
            Some(Format::ApplyPatch)
        );
        assert_eq!(
            detect("------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n"),
            Some(Format::SearchReplace)
        );
        assert_eq!(
            detect("src/a.py\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n"),
            Some(Format::SearchReplace)
        );
        assert_eq!(detect("just some prose\n"), None);
        assert_eq!(detect(""), None);
    }

    #[test]
    fn detect_uses_the_first_deciding_line() {
        let sr_mentioning_envelope =
            "------- SEARCH\n*** Begin Patch\n=======\nx\n+++++++ REPLACE\n";
        assert_eq!(detect(sr_mentioning_envelope), Some(Format::SearchReplace));
        let envelope_mentioning_sr =
            "*** Begin Patch\n*** Add File: a\n+<<<<<<< SEARCH\n*** End Patch\n";
        assert_eq!(detect(envelope_mentioning_sr), Some(Format::ApplyPatch));
    }

    #[test]
    fn parse_dispatches_on_detected_format() {
        let patch = parse("[{\"old_string\": \"a\", \"new_string\": \"b\"}]").unwrap();
        assert_eq!(
            patch,
            Patch {
                files: vec![FilePatch {
                    path: None,
                    op: FileOp::Update(vec![Edit::new("a", "b")]),
                }],
            }
        );
    }

    #[test]
    fn parse_rejects_unrecognizable_text() {
        assert_eq!(
            parse("\n  hello there\n").unwrap_err(),
            FormatError::new(
                1,
                "a SEARCH/REPLACE block, a `*** Begin Patch` envelope, a unified diff or a JSON edit list",
                "`hello there`",
            )
        );
        assert_eq!(parse("").unwrap_err().found, "end of input");
    }

    #[test]
    fn parse_as_does_not_guess() {
        let err = parse_as(
            Format::ApplyPatch,
            "------- SEARCH\na\n=======\nb\n+++++++ REPLACE\n",
        )
        .unwrap_err();
        assert_eq!(err.expected, "`*** Begin Patch`");
    }

    const VALID_PATCHES: &[&str] = &[
        "------- SEARCH\nfn a() {}\n=======\nfn b() {}\n+++++++ REPLACE\n\n------- SEARCH\n=======\nx\n+++++++ REPLACE\n",
        "src/a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n",
        "*** Begin Patch\n*** Update File: a.rs\n@@ fn main\n ctx\n-old\n+new\n*** End of File\n*** Add File: b.rs\n+hi\n*** Delete File: c.rs\n*** End Patch\n",
        "{\"file_path\": \"a\", \"edits\": [{\"old_string\": \"x\", \"new_string\": \"y\", \"replace_all\": true}]}",
        "--- a/x.rs\n+++ b/x.rs\n@@ -1,3 +1,3 @@\n ctx\n-old\n+new\n\\ No newline at end of file\n--- /dev/null\n+++ b/n.rs\n@@ -0,0 +1 @@\n+hi\n",
        "[{\"command\": \"str_replace\", \"path\": \"a\", \"old_str\": \"x\", \"new_str\": \"y\"}, {\"command\": \"insert\", \"path\": \"a\", \"insert_line\": 2, \"new_str\": \"z\"}]",
    ];

    /// Mutations a streaming or sloppy model produces: cuts, deletions,
    /// duplications and stray insertions anywhere in a valid patch.
    fn mutated_patch() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("=======".to_string()),
            Just("------- SEARCH".to_string()),
            Just(">>>>>>> REPLACE".to_string()),
            Just("*** End of File".to_string()),
            Just("@@".to_string()),
            Just("--- a/x".to_string()),
            Just("+++ b/x".to_string()),
            Just("@@ -1,2 +1 @@".to_string()),
            Just("\"".to_string()),
            "\\PC{0,8}",
        ];
        (
            prop::sample::select(VALID_PATCHES),
            prop::collection::vec((any::<prop::sample::Index>(), 0usize..4, pieces), 1..6),
        )
            .prop_map(|(base, mutations)| {
                let mut text = base.to_string();
                for (at, kind, piece) in mutations {
                    let boundaries: Vec<usize> = text
                        .char_indices()
                        .map(|(i, _)| i)
                        .chain([text.len()])
                        .collect();
                    let start = boundaries[at.index(boundaries.len())];
                    let end =
                        boundaries[(at.index(boundaries.len()) + 3).min(boundaries.len() - 1)];
                    match kind {
                        0 => text.truncate(start),
                        1 => text.replace_range(start..end, ""),
                        2 => text.insert_str(start, &piece),
                        _ => {
                            let copy = text[start..end].to_string();
                            text.insert_str(end, &copy);
                        }
                    }
                }
                text
            })
    }

    fn exercise_every_parser(text: &str) {
        let _ = parse(text);
        for format in [
            Format::SearchReplace,
            Format::ApplyPatch,
            Format::Json,
            Format::UnifiedDiff,
        ] {
            if let Err(err) = parse_as(format, text) {
                assert!(err.line >= 1, "line numbers are 1-based: {err:?}");
            }
        }
        let _ = parse_search_replace_partial(text);
    }

    proptest! {
        #[test]
        fn random_text_never_panics(text in "[\\PC\\r\\n]{0,200}") {
            exercise_every_parser(&text);
        }

        /// Text built from the formats' own punctuation reaches deep parser states.
        #[test]
        fn marker_soup_never_panics(text in "[-=<>+@* \\r\\n\\[\\]{}:\"a]{0,20}(SEARCH|REPLACE|Begin Patch|End Patch|Update File: a|old_string)?[-=<>+@* \\r\\n\\[\\]{}:\"a]{0,80}") {
            exercise_every_parser(&text);
        }

        #[test]
        fn mutated_patches_never_panic(text in mutated_patch()) {
            exercise_every_parser(&text);
        }
    }
}
