//! The Codex `apply_patch` envelope.
//!
//! ```text
//! *** Begin Patch
//! *** Update File: src/app.py
//! @@ def greet():
//!      name = input()
//! -    print("hi", name)
//! +    print("hello", name)
//! *** Add File: NOTES.md
//! +first line
//! *** Delete File: old.txt
//! *** End Patch
//! ```
//!
//! Rules, following Codex's parser where it has one:
//! - Text before `*** Begin Patch` is ignored (prose, a fence, a heredoc
//!   opener); after `*** End Patch` only blank lines, fences and a heredoc
//!   terminator (a lone upper-case word such as `EOF`) may follow.
//! - Header lines (`*** …`) are compared trimmed; blank lines between
//!   sections and before a hunk are skipped.
//! - Each hunk becomes one [`Edit`]: `old` = its context (` `) and removed
//!   (`-`) lines in order, `new` = its context and added (`+`) lines, each
//!   line without its prefix and with its own terminator. An empty line
//!   inside a hunk is an empty context line (models drop the lone space);
//!   empty lines ending a hunk are dropped as separators, which can only make
//!   `old` less specific, never wrong.
//! - `@@ <line>` becomes [`Edit::anchor`]. Several consecutive headers
//!   (`@@ class A` then `@@ def f`) nest: the anchor holds them all, one per
//!   line, outermost first. A unified-diff header (`@@ -3,4 +3,5 @@ fn main`)
//!   is reduced to the text after its second `@@`; its old start line becomes
//!   [`Edit::line_hint`] (a tie-breaker, never trusted).
//! - The first hunk of a file may omit `@@`; later ones need it.
//! - `*** End of File` is accepted but its constraint (hunk at the end of the
//!   file) is not carried: the locator still requires `old` to be unique, so
//!   dropping it can cause a refusal, not a wrong edit.
//! - `*** Move to: path` right after `*** Update File:` renames the file
//!   ([`FileOp::Move`]); its hunks, if any, edit the content on the way.
//! - Refused: hunks with only `+` lines (nothing to locate them by; Codex
//!   appends those at the end of the file, which editloc will not guess).
//! - Each file section is its own [`FilePatch`], in patch order.

use std::path::PathBuf;

use super::hunk;
use super::lines::{END_OF_INPUT, Line, first_non_blank, lines, quote};
use super::model::{Edit, FileOp, FilePatch, FormatError, Patch};

const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";
const ADD: &str = "*** Add File:";
const DELETE: &str = "*** Delete File:";
const UPDATE: &str = "*** Update File:";
const MOVE: &str = "*** Move to:";
const END_OF_FILE: &str = "*** End of File";

/// Whether a line opens the envelope; format detection uses this.
pub(super) fn is_begin(line: &str) -> bool {
    line.trim() == BEGIN
}

/// Parses a complete apply_patch envelope (see the module docs for the rules).
pub(super) fn parse(text: &str) -> Result<Patch, FormatError> {
    let all: Vec<Line<'_>> = lines(text).collect();
    let Some(begin) = all.iter().position(|line| is_begin(line.text)) else {
        return Err(FormatError::new(
            1,
            format!("`{BEGIN}`"),
            first_non_blank(text),
        ));
    };
    let mut parser = Parser {
        all: &all,
        next: begin + 1,
    };
    let mut files = Vec::new();
    while let Some(file) = parser.section()? {
        files.push(file);
    }
    if files.is_empty() {
        return Err(FormatError::new(
            all[begin].no,
            "at least one file section after `*** Begin Patch`",
            format!("`{END}`"),
        ));
    }
    Ok(Patch { files })
}

/// The path after a file header, which must not be empty.
fn path_of(line: Line<'_>, rest: &str, header: &str) -> Result<PathBuf, FormatError> {
    let path = rest.trim();
    if path.is_empty() {
        return Err(FormatError::new(
            line.no,
            format!("a path after `{header}`"),
            quote(line.text),
        ));
    }
    Ok(PathBuf::from(path))
}

/// Cursor over the envelope's lines.
struct Parser<'l, 'a> {
    all: &'l [Line<'a>],
    next: usize,
}

impl<'a> Parser<'_, 'a> {
    fn peek(&self) -> Option<Line<'a>> {
        self.all.get(self.next).copied()
    }

    fn skip_blank(&mut self) {
        while self.peek().is_some_and(|line| line.text.trim().is_empty()) {
            self.next += 1;
        }
    }

    /// An error about the current line, or about the end of the input.
    fn error_here(&self, expected: impl Into<String>) -> FormatError {
        match self.peek() {
            Some(line) => FormatError::new(line.no, expected, quote(line.text)),
            None => FormatError::new(
                self.all.last().map_or(1, |line| line.no),
                expected,
                END_OF_INPUT,
            ),
        }
    }

    /// The next file section, or `None` at `*** End Patch` (when only what wraps a patch
    /// follows it).
    fn section(&mut self) -> Result<Option<FilePatch>, FormatError> {
        self.skip_blank();
        let Some(line) = self.peek() else {
            return Err(self.error_here(format!("`{END}`")));
        };
        let header = line.text.trim();
        self.next += 1;
        let (path, op) = if header == END {
            self.expect_only_trailer()?;
            return Ok(None);
        } else if let Some(rest) = header.strip_prefix(ADD) {
            let path = path_of(line, rest, ADD)?;
            (path, FileOp::Add(self.added_content()))
        } else if let Some(rest) = header.strip_prefix(DELETE) {
            (
                path_of(line, rest, DELETE)?,
                FileOp::Delete { content: None },
            )
        } else if let Some(rest) = header.strip_prefix(UPDATE) {
            let path = path_of(line, rest, UPDATE)?;
            let op = match self.move_to()? {
                Some(to) => FileOp::Move {
                    to,
                    edits: self.hunks(line, true)?,
                },
                None => FileOp::Update(self.hunks(line, false)?),
            };
            (path, op)
        } else {
            return Err(FormatError::new(
                line.no,
                format!("`{ADD}`, `{DELETE}`, `{UPDATE}` or `{END}`"),
                quote(line.text),
            ));
        };
        Ok(Some(FilePatch {
            path: Some(path),
            op,
        }))
    }

    /// After `*** End Patch`: allow what wraps a patch in a chat or shell
    /// (blank lines, fences, a heredoc terminator), refuse anything else so
    /// a second envelope or stray hunk is not silently dropped.
    fn expect_only_trailer(&mut self) -> Result<(), FormatError> {
        while let Some(line) = self.peek() {
            let text = line.text.trim();
            let wrapper = text.is_empty()
                || text.starts_with("```")
                || text.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            if !wrapper {
                return Err(self.error_here(format!("nothing after `{END}`")));
            }
            self.next += 1;
        }
        Ok(())
    }

    /// The `+` lines of an Add File section, prefix removed.
    fn added_content(&mut self) -> String {
        let mut content = String::new();
        while let Some(line) = self.peek() {
            let Some(body) = line.text.strip_prefix('+') else {
                break;
            };
            line.push_with_terminator(body, &mut content);
            self.next += 1;
        }
        content
    }

    /// The destination of a `*** Move to:` line right after the Update File header.
    fn move_to(&mut self) -> Result<Option<PathBuf>, FormatError> {
        let Some(line) = self.peek() else {
            return Ok(None);
        };
        let Some(rest) = line.text.trim().strip_prefix(MOVE) else {
            return Ok(None);
        };
        self.next += 1;
        path_of(line, rest, MOVE).map(Some)
    }

    /// The hunks of an Update File section, one edit each (none only when `may_be_empty`: a
    /// pure rename).
    fn hunks(&mut self, header: Line<'_>, may_be_empty: bool) -> Result<Vec<Edit>, FormatError> {
        let mut edits = Vec::new();
        loop {
            self.skip_blank();
            let at_section_end = self
                .peek()
                .is_none_or(|line| line.text.trim_start().starts_with("***"));
            if at_section_end {
                break;
            }
            edits.push(self.hunk(edits.is_empty())?);
        }
        if edits.is_empty() && !may_be_empty {
            return Err(self.error_here(format!("a hunk after `{}`", header.text.trim())));
        }
        Ok(edits)
    }

    /// One hunk: optional `@@` headers, then prefixed lines up to the next
    /// `@@`, `***` header or `*** End of File`.
    fn hunk(&mut self, first: bool) -> Result<Edit, FormatError> {
        let start = self.peek().map_or(1, |line| line.no);
        let (anchors, line_hint, has_header) = self.hunk_headers();
        if !first && !has_header {
            return Err(self.error_here("`@@` to start the next hunk"));
        }
        let mut edit = Edit {
            anchor: (!anchors.is_empty()).then(|| anchors.join("\n")),
            line_hint,
            ..Edit::default()
        };
        let (body_lines, locatable) = self.hunk_body(&mut edit)?;
        if body_lines == 0 {
            return Err(self.error_here("hunk lines starting with ` `, `-` or `+`"));
        }
        if !locatable {
            return Err(FormatError::new(
                start,
                "a context (` `) or removed (`-`) line in this hunk to locate it by",
                "only added (`+`) lines",
            ));
        }
        Ok(edit)
    }

    /// The `@@` lines opening a hunk: their anchor texts, the line hint of the last unified
    /// range among them, and whether there was any.
    fn hunk_headers(&mut self) -> (Vec<&'a str>, Option<usize>, bool) {
        let mut anchors: Vec<&str> = Vec::new();
        let mut line_hint = None;
        let mut has_header = false;
        while let Some(line) = self.peek() {
            let Some(rest) = line.text.trim_end().strip_prefix("@@") else {
                break;
            };
            if !(rest.is_empty() || rest.starts_with(' ')) {
                break;
            }
            has_header = true;
            if let Some(context) = header_context(rest) {
                anchors.push(context);
            }
            line_hint = unified_start(rest).or(line_hint);
            self.next += 1;
        }
        (anchors, line_hint, has_header)
    }

    /// The prefixed lines of a hunk, appended to `edit`'s `old` (context and `-`) and `new`
    /// (context and `+`): how many there were, and whether any can locate the hunk (is not
    /// `+`).
    fn hunk_body(&mut self, edit: &mut Edit) -> Result<(usize, bool), FormatError> {
        let ends = |rest: &[Line<'_>]| {
            let text = rest[0].text;
            if text.trim() == END_OF_FILE {
                Some(true)
            } else {
                (text.starts_with("@@") || text.starts_with("***")).then_some(false)
            }
        };
        let read = hunk::body(self.all, self.next, edit, &ends, false)?;
        self.next = read.next;
        Ok((read.lines, read.locatable))
    }
}

/// The anchor text of a hunk header, given what follows `@@`.
///
/// `@@ def f():` gives `def f():`; a unified-diff range header
/// `@@ -3,4 +3,5 @@ def f():` gives the text after its closing `@@`
/// (or nothing when that is empty), since its line numbers cannot be trusted.
fn header_context(rest: &str) -> Option<&str> {
    let context = rest.strip_prefix(' ')?;
    let context = match context.split_once("@@") {
        Some((range, after)) if is_unified_range(range) => after.trim_start(),
        _ => context,
    };
    (!context.trim().is_empty()).then_some(context)
}

/// The old start line of a unified-diff range header (`@@ -3,4 +3,5 @@`), given what follows
/// its first `@@`.
fn unified_start(rest: &str) -> Option<usize> {
    let (range, _) = rest.strip_prefix(' ')?.split_once("@@")?;
    if !is_unified_range(range) {
        return None;
    }
    let old = range.split_whitespace().next()?.strip_prefix('-')?;
    old.split(',').next()?.parse().ok().filter(|&n| n > 0)
}

/// Whether text is a unified-diff range such as `-3,4 +3,5 `.
fn is_unified_range(range: &str) -> bool {
    let mut parts = range.split_whitespace();
    let well_formed = |part: Option<&str>, sign: char| {
        part.and_then(|p| p.strip_prefix(sign)).is_some_and(|p| {
            !p.is_empty()
                && p.split(',')
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    well_formed(parts.next(), '-') && well_formed(parts.next(), '+') && parts.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(old: &str, new: &str, anchor: Option<&str>) -> Edit {
        Edit {
            old: old.into(),
            new: new.into(),
            replace_all: false,
            anchor: anchor.map(str::to_string),
            ..Edit::default()
        }
    }

    fn file(path: &str, op: FileOp) -> FilePatch {
        FilePatch {
            path: Some(PathBuf::from(path)),
            op,
        }
    }

    fn err(line: usize, expected: &str, found: &str) -> FormatError {
        FormatError::new(line, expected, found)
    }

    #[test]
    fn full_envelope_becomes_one_file_patch_per_section() {
        let text = "*** Begin Patch\n\
                    *** Update File: src/app.py\n\
                    @@ def greet():\n\
                    \x20    name = input()\n\
                    -    print(\"hi\", name)\n\
                    +    print(\"hello\", name)\n\
                    @@\n\
                    -x = 1\n\
                    +x = 2\n\
                    \x20y = 3\n\
                    *** End of File\n\
                    *** Add File: NOTES.md\n\
                    +first\n\
                    +\n\
                    +third\n\
                    *** Delete File: old.txt\n\
                    *** End Patch\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    file(
                        "src/app.py",
                        FileOp::Update(vec![
                            edit(
                                "    name = input()\n    print(\"hi\", name)\n",
                                "    name = input()\n    print(\"hello\", name)\n",
                                Some("def greet():"),
                            ),
                            edit("x = 1\ny = 3\n", "x = 2\ny = 3\n", None),
                        ]),
                    ),
                    file("NOTES.md", FileOp::Add("first\n\nthird\n".into())),
                    file("old.txt", FileOp::Delete { content: None }),
                ],
            }
        );
    }

    #[test]
    fn first_hunk_may_omit_header_and_wrappers_are_ignored() {
        let text = "Here you go:\n```\n*** Begin Patch\r\n*** Update File: a.rs  \r\n keep\r\n-old\r\n+new\r\n*** End Patch\r\n```\nEOF\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![file(
                    "a.rs",
                    FileOp::Update(vec![edit("keep\r\nold\r\n", "keep\r\nnew\r\n", None)]),
                )],
            }
        );
    }

    #[test]
    fn empty_lines_inside_a_hunk_are_context_and_trailing_ones_are_dropped() {
        let text = "*** Begin Patch\n*** Update File: a\n@@\n a\n\n-b\n+c\n\n\n*** Update File: b\n-x\n*** End Patch";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    file(
                        "a",
                        FileOp::Update(vec![edit("a\n\nb\n", "a\n\nc\n", None)])
                    ),
                    file("b", FileOp::Update(vec![edit("x\n", "", None)])),
                ],
            }
        );
    }

    #[test]
    fn nested_headers_nest_and_unified_headers_give_a_line_hint() {
        let text = "*** Begin Patch\n*** Update File: a.py\n@@ class A\n@@     def f(self):\n-  pass\n+  return 1\n\
                    @@ -10,2 +10,2 @@ def g():\n-  x\n+  y\n@@ -1 +1 @@\n-z\n+w\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![file(
                    "a.py",
                    FileOp::Update(vec![
                        edit(
                            "  pass\n",
                            "  return 1\n",
                            Some("class A\n    def f(self):")
                        ),
                        Edit {
                            line_hint: Some(10),
                            ..edit("  x\n", "  y\n", Some("def g():"))
                        },
                        Edit {
                            line_hint: Some(1),
                            ..edit("z\n", "w\n", None)
                        },
                    ]),
                )],
            }
        );
    }

    #[test]
    fn header_context_rules() {
        assert_eq!(header_context(" fn main() {"), Some("fn main() {"));
        assert_eq!(header_context(""), None);
        assert_eq!(header_context("   "), None);
        assert_eq!(header_context(" -1,2 +1,3 @@ impl X"), Some("impl X"));
        assert_eq!(header_context(" -1,2 +1,3 @@"), None);
        assert_eq!(header_context(" a @@ b"), Some("a @@ b"));
        assert!(is_unified_range("-3 +3 "));
        assert!(!is_unified_range("-3,x +3"));
        assert!(!is_unified_range("-3 +3 +4"));
    }

    #[test]
    fn add_file_with_no_lines_is_empty() {
        let text = "*** Begin Patch\n*** Add File: empty.txt\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![file("empty.txt", FileOp::Add(String::new()))],
            }
        );
    }

    #[test]
    fn missing_begin_is_reported() {
        assert_eq!(
            parse("\n*** Update File: a\n").unwrap_err(),
            err(1, "`*** Begin Patch`", "`*** Update File: a`")
        );
    }

    #[test]
    fn missing_end_is_reported_at_the_last_line() {
        assert_eq!(
            parse("*** Begin Patch\n*** Delete File: a\n").unwrap_err(),
            err(2, "`*** End Patch`", "end of input")
        );
    }

    #[test]
    fn unknown_header_is_reported() {
        assert_eq!(
            parse("*** Begin Patch\n*** Rename File: a\n*** End Patch\n").unwrap_err(),
            err(
                2,
                "`*** Add File:`, `*** Delete File:`, `*** Update File:` or `*** End Patch`",
                "`*** Rename File: a`"
            )
        );
    }

    #[test]
    fn add_line_without_plus_is_reported() {
        let text = "*** Begin Patch\n*** Add File: a\n+one\ntwo\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(
                4,
                "`*** Add File:`, `*** Delete File:`, `*** Update File:` or `*** End Patch`",
                "`two`"
            )
        );
    }

    #[test]
    fn empty_path_is_reported() {
        assert_eq!(
            parse("*** Begin Patch\n*** Delete File:  \n*** End Patch\n").unwrap_err(),
            err(2, "a path after `*** Delete File:`", "`*** Delete File:  `")
        );
    }

    #[test]
    fn move_renames_with_or_without_hunks() {
        let text = "*** Begin Patch\n*** Update File: a\n*** Move to: b/c\n@@\n-x\n+y\n*** Update File: d\n*** Move to: e\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap(),
            Patch {
                files: vec![
                    file(
                        "a",
                        FileOp::Move {
                            to: PathBuf::from("b/c"),
                            edits: vec![edit("x\n", "y\n", None)],
                        }
                    ),
                    file(
                        "d",
                        FileOp::Move {
                            to: PathBuf::from("e"),
                            edits: vec![],
                        }
                    ),
                ],
            }
        );
        let empty = "*** Begin Patch\n*** Update File: a\n*** Move to:  \n*** End Patch\n";
        assert_eq!(
            parse(empty).unwrap_err(),
            err(3, "a path after `*** Move to:`", "`*** Move to:  `")
        );
    }

    #[test]
    fn update_without_hunks_is_reported() {
        assert_eq!(
            parse("*** Begin Patch\n*** Update File: a\n*** End Patch\n").unwrap_err(),
            err(3, "a hunk after `*** Update File: a`", "`*** End Patch`")
        );
    }

    #[test]
    fn header_without_lines_is_reported() {
        assert_eq!(
            parse("*** Begin Patch\n*** Update File: a\n@@ fn x\n*** End Patch\n").unwrap_err(),
            err(
                4,
                "hunk lines starting with ` `, `-` or `+`",
                "`*** End Patch`"
            )
        );
    }

    #[test]
    fn invalid_hunk_line_is_reported() {
        let text = "*** Begin Patch\n*** Update File: a\n@@\n-x\nbad\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(5, "a hunk line starting with ` `, `-` or `+`", "`bad`")
        );
    }

    #[test]
    fn second_hunk_needs_a_header() {
        let text =
            "*** Begin Patch\n*** Update File: a\n-x\n+y\n*** End of File\n-z\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(6, "`@@` to start the next hunk", "`-z`")
        );
    }

    #[test]
    fn pure_addition_hunk_is_refused() {
        let text = "*** Begin Patch\n*** Update File: a\n@@ fn x\n+y\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(
                3,
                "a context (` `) or removed (`-`) line in this hunk to locate it by",
                "only added (`+`) lines"
            )
        );
    }

    #[test]
    fn empty_envelope_is_reported() {
        assert_eq!(
            parse("*** Begin Patch\n*** End Patch\n").unwrap_err(),
            err(
                1,
                "at least one file section after `*** Begin Patch`",
                "`*** End Patch`"
            )
        );
    }

    #[test]
    fn text_after_end_is_reported() {
        let text = "*** Begin Patch\n*** Delete File: a\n*** End Patch\n\n*** Begin Patch\n";
        assert_eq!(
            parse(text).unwrap_err(),
            err(5, "nothing after `*** End Patch`", "`*** Begin Patch`")
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// A hunk as (prefix, text) lines, with at least one line to locate it by.
        fn hunk() -> impl Strategy<Value = Vec<(char, String)>> {
            prop::collection::vec(
                (prop::sample::select(vec![' ', '-', '+']), "[a-z @*]{0,8}"),
                1..6,
            )
            .prop_filter("locatable", |lines| lines.iter().any(|(p, _)| *p != '+'))
        }

        proptest! {
            #[test]
            fn hunks_round_trip_into_edits(hunks in prop::collection::vec(hunk(), 1..4)) {
                let mut text = String::from("*** Begin Patch\n*** Update File: f\n");
                let mut expected = Vec::new();
                for lines in &hunks {
                    text.push_str("@@\n");
                    let mut old = String::new();
                    let mut new = String::new();
                    for (prefix, body) in lines {
                        text.push_str(&format!("{prefix}{body}\n"));
                        if *prefix != '+' {
                            old.push_str(&format!("{body}\n"));
                        }
                        if *prefix != '-' {
                            new.push_str(&format!("{body}\n"));
                        }
                    }
                    expected.push(edit(&old, &new, None));
                }
                text.push_str("*** End Patch\n");
                prop_assert_eq!(
                    parse(&text).unwrap(),
                    Patch { files: vec![file("f", FileOp::Update(expected))] }
                );
            }
        }
    }
}
