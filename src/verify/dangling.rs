//! Line breaks and comments that end code where the language says it ends, read from the
//! text alone (written for the verifier; the writers keep comments as trivia and cannot see
//! this). Go ends a statement at a line break after an identifier, a literal, a closing
//! bracket or `++`/`--` (its automatic semicolons): such a break inside `(…)` or `[…]`, or
//! before a line starting with `{`, `:` or `.`, is a syntax error tree-sitter's recovery
//! hides (a comma or `{` pushed past a kept comment). Rust's `///` documents the item after
//! it: one followed by a closing bracket documents nothing (rustc's E0584/E0585).
//! Python refuses a block indented with tabs on one line and spaces on the next (`TabError`).
//! JavaScript and TypeScript end a statement at a line break only where the next line cannot
//! continue it: a line starting with `(`, `[`, `` ` ``, a regex `/`, `+`/`-` (or, in
//! TypeScript, a `<…>` assertion) right after a line that ends a value without `;` continues
//! that statement (`run(cfg)` then `[a.x] = [1]` is `run(cfg)[a.x] = [1]`).

use crate::lang::Language;

/// The first line (0-based) of `text` that ends code where `language` ends it wrongly, and
/// why; `None` when there is none or the language has no such rule. `open`: what the file's
/// text before `text` leaves open ([`opened`]).
pub(crate) fn first_dangling(
    text: &str,
    language: Language,
    open: Option<&'static str>,
) -> Option<(usize, &'static str)> {
    match language {
        Language::Go => go_break(text),
        Language::Rust => rust_orphan_doc(text),
        Language::Python => python_mixed_indent(text),
        Language::JavaScript | Language::Tsx => asi_join(text, false, open),
        Language::TypeScript => asi_join(text, true, open),
    }
}

/// What `text` leaves open at its end for a JavaScript or TypeScript reader: a template
/// literal or a block comment (`None` for other languages, which do not ask).
pub(crate) fn opened_for(text: &str, language: Language) -> Option<&'static str> {
    match language {
        Language::JavaScript | Language::Tsx | Language::TypeScript => opened(text),
        _ => None,
    }
}

/// What `text` leaves open at its end: a template literal or a block comment.
fn opened(text: &str) -> Option<&'static str> {
    text.split('\n')
        .fold(None, |open, line| still_open(line, open))
}

/// Go: the first line whose break inserts a semicolon where none may stand.
fn go_break(text: &str) -> Option<(usize, &'static str)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut scan = GoScan::default();
    for (n, line) in lines.iter().enumerate() {
        scan.read(line);
        if !scan.ends_statement() {
            continue;
        }
        if matches!(scan.stack.last(), Some('(' | '[')) {
            return Some((
                n,
                "ends a Go statement inside brackets (a comma is missing)",
            ));
        }
        let next = lines[n + 1..]
            .iter()
            .map(|l| l.trim())
            .find(|l| !l.is_empty());
        if next.is_some_and(|l| l.starts_with(['{', ':', '.'])) {
            return Some((n, "ends a Go statement before a line that continues it"));
        }
    }
    None
}

/// What the Go lines read so far leave open, and how the last one ended.
#[derive(Default)]
struct GoScan {
    stack: Vec<char>,
    /// Inside a `/* */` comment or a raw string (`` ` ``), which a line break does not end.
    open: Option<&'static str>,
    /// The line's last code token ends a statement at a line break.
    triggers: bool,
}

impl GoScan {
    fn ends_statement(&self) -> bool {
        self.open.is_none() && self.triggers
    }

    fn read(&mut self, line: &str) {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        self.triggers = self.open.is_some() && self.triggers;
        while i < chars.len() {
            if let Some(close) = self.open {
                let end: Vec<char> = close.chars().collect();
                if chars[i..].starts_with(&end) {
                    self.open = None;
                    self.triggers = close == "`" || self.triggers;
                    i += end.len();
                } else {
                    i += 1;
                }
                continue;
            }
            i = self.token(&chars, i);
        }
    }

    /// Reads the token at `i`; returns where the next starts.
    fn token(&mut self, chars: &[char], i: usize) -> usize {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '/' if next == Some('/') => return chars.len(),
            '/' if next == Some('*') => {
                self.open = Some("*/");
                return i + 2;
            }
            '`' => {
                self.open = Some("`");
                return i + 1;
            }
            '"' | '\'' => {
                self.triggers = true;
                return skip_quoted(chars, i, c);
            }
            '(' | '[' | '{' => self.stack.push(c),
            ')' | ']' | '}' => {
                self.stack.pop();
            }
            _ => {}
        }
        if !c.is_whitespace() {
            let doubled = (c == '+' || c == '-') && next == Some(c);
            self.triggers =
                c.is_alphanumeric() || c == '_' || matches!(c, ')' | ']' | '}') || doubled;
            if doubled {
                return i + 2;
            }
        }
        i + 1
    }
}

/// Where the one-line string or rune starting at `i` (quote `q`) ends.
fn skip_quoted(chars: &[char], i: usize, q: char) -> usize {
    let mut k = i + 1;
    while k < chars.len() {
        match chars[k] {
            '\\' => k += 2,
            c if c == q => return k + 1,
            _ => k += 1,
        }
    }
    k
}

/// JavaScript/TypeScript: the first line that starts with a token continuing the value the
/// code line before it ends with (no automatic semicolon between them): a bracket or template
/// at any depth, an operator or regex no deeper than that line.
/// A `}` before is left alone (a block's end, whose statement is over).
fn asi_join(
    text: &str,
    angle: bool,
    mut open: Option<&'static str>,
) -> Option<(usize, &'static str)> {
    let mut prev: Option<(&str, usize)> = None;
    for (n, line) in text.split('\n').enumerate() {
        let code = line.trim();
        let was_open = open.is_some();
        open = still_open(line, open);
        if was_open || code.is_empty() || code.starts_with("//") || code.starts_with("/*") {
            if !was_open && code.starts_with("/*") {
                continue;
            }
            if was_open && open.is_none() {
                prev = Some((code, line.len() - line.trim_start().len()));
            }
            continue;
        }
        let depth = line.len() - line.trim_start().len();
        // A bracket or template opening a line continues the value before it at any depth
        // (no formatter breaks a call or an index before its bracket); an operator does so
        // only at the same depth or less (`a\n  + b` is a wrapped expression).
        let opens = code.starts_with(['(', '[', '`']);
        if let Some((before, before_depth)) = prev
            && (opens || depth <= before_depth)
            && ends_value(before)
            && continues(code, angle)
        {
            return Some((
                n,
                "continues the statement on the line before (no `;` ends it)",
            ));
        }
        prev = Some((code, depth));
    }
    None
}

/// Whether a template literal or block comment is open after `line` (`open` before it).
fn still_open(line: &str, mut open: Option<&'static str>) -> Option<&'static str> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match (open, chars[i]) {
            (Some("`"), '\\') => i += 1,
            (Some("`"), '`') => open = None,
            (Some("*/"), '*') if chars.get(i + 1) == Some(&'/') => {
                open = None;
                i += 1;
            }
            (Some(_), _) => {}
            (None, '`') => open = Some("`"),
            (None, '/') if chars.get(i + 1) == Some(&'/') => return None,
            (None, '/') if chars.get(i + 1) == Some(&'*') => {
                open = Some("*/");
                i += 1;
            }
            (None, q @ ('"' | '\'')) => i = skip_quoted(&chars, i, q) - 1,
            _ => {}
        }
        i += 1;
    }
    open
}

/// The code line ends with a value a following `(`, `[`, `` ` `` or operator continues.
fn ends_value(code: &str) -> bool {
    let code = code.split(" //").next().unwrap_or(code).trim_end();
    code.ends_with(|c: char| {
        c.is_alphanumeric() || matches!(c, '_' | '$' | ')' | ']' | '"' | '\'' | '`')
    })
}

/// The line starts with a token that continues the value before it.
fn continues(code: &str, angle: bool) -> bool {
    let regex = code.starts_with('/') && !code.starts_with("//") && !code.starts_with("/*");
    let sign = (code.starts_with('+') && !code.starts_with("++"))
        || (code.starts_with('-') && !code.starts_with("--"));
    code.starts_with(['(', '[', '`']) || regex || sign || (angle && code.starts_with('<'))
}

/// Python: the first indented line whose indentation starts with a tab where the indented
/// code line before it starts with a space, or the other way round (Python's `TabError`:
/// the depth would depend on a tab's width). Lines inside brackets or strings are read too,
/// so the verifier asks this only of what the write changes (the file's own mix passes).
fn python_mixed_indent(text: &str) -> Option<(usize, &'static str)> {
    let mut previous: Option<char> = None;
    for (n, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let first = line.chars().next().filter(|c| *c == ' ' || *c == '\t');
        if let (Some(a), Some(b)) = (previous, first)
            && a != b
        {
            return Some((
                n,
                "mixes tabs and spaces with the line before (Python's TabError)",
            ));
        }
        if first.is_some() {
            previous = first;
        }
    }
    None
}

/// Rust: the first `///` line whose next code line closes a bracket.
fn rust_orphan_doc(text: &str) -> Option<(usize, &'static str)> {
    let lines: Vec<&str> = text.split('\n').map(str::trim).collect();
    let is_doc = |l: &str| l.starts_with("///") && !l.starts_with("////");
    lines.iter().enumerate().find_map(|(n, l)| {
        if !is_doc(l) {
            return None;
        }
        let next = lines[n + 1..]
            .iter()
            .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#["));
        // Past the text read (the context ends) nothing is known.
        next.filter(|l| l.starts_with(['}', ')', ']'])).map(|_| {
            (
                n,
                "is a doc comment that documents nothing (the item after it is gone)",
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_statements_end_at_line_breaks_after_a_value() {
        let kept = "x := call(\n\ta,\n\tb, // second\n)\nif a || // x\n\tb {\n}\n";
        assert_eq!(first_dangling(kept, Language::Go, None), None);
        let comma = "x := call(\n\ta,\n\tb// second\n)\n";
        assert_eq!(
            first_dangling(comma, Language::Go, None).map(|b| b.0),
            Some(2)
        );
        let brace = "func f() int// n\n{\n\treturn 1\n}\n";
        assert_eq!(
            first_dangling(brace, Language::Go, None).map(|b| b.0),
            Some(0)
        );
        let raw = "s := `a\nb`\nt := \"x // y\"\n";
        assert_eq!(first_dangling(raw, Language::Go, None), None);
    }

    #[test]
    fn a_javascript_line_continuing_the_value_before_it_joins_the_statements() {
        let js = Language::JavaScript;
        let joined = "  const a = run(cfg)\n  [a.x, a.y] = [1, 2]\n";
        assert_eq!(first_dangling(joined, js, None).map(|b| b.0), Some(1));
        let tagged = "  const b = a.value\n  `${b}`.trim();\n";
        assert_eq!(first_dangling(tagged, js, None).map(|b| b.0), Some(1));
        let regex = "  const b = a.value\n  /^x/.test(b)\n";
        assert_eq!(first_dangling(regex, js, None).map(|b| b.0), Some(1));
        let ended = "  const a = run(cfg);\n  [a.x] = [1]\n  ;(b || c).use()\n";
        assert_eq!(first_dangling(ended, js, None), None);
        let deeper = "  const total = a\n    + b\n  if (x) {\n  }\n  (f || g)()\n";
        assert_eq!(first_dangling(deeper, js, None), None);
        let indented_call = "  rec('in')\n    (function () {})()\n";
        assert_eq!(
            first_dangling(indented_call, js, None).map(|b| b.0),
            Some(1)
        );
        let template = "  const s = `a\n(b)`\n";
        assert_eq!(first_dangling(template, js, None), None);
        // Inside a template literal the text above opened.
        assert_eq!(
            first_dangling("x\n-n <base>\n", js, opened("const usage = `\n")),
            None
        );
        let ts = "  const b = a.value\n  <any>window;\n";
        assert_eq!(
            first_dangling(ts, Language::TypeScript, None).map(|b| b.0),
            Some(1)
        );
        assert_eq!(first_dangling(ts, Language::Tsx, None), None);
    }

    #[test]
    fn a_python_line_indented_with_spaces_under_tabs_is_a_tab_error() {
        let py = Language::Python;
        let mixed = "def f():\n\tif x:\n\t\ty = 1\n        log()\n";
        assert_eq!(first_dangling(mixed, py, None).map(|b| b.0), Some(3));
        let tabs = "def f():\n\tif x:\n\t\ty = 1\n\t\tlog()\n";
        assert_eq!(first_dangling(tabs, py, None), None);
    }

    #[test]
    fn a_rust_doc_comment_documents_the_item_after_it() {
        let kept = "struct S {\n    /// doc a\n    #[serde(skip)]\n    a: i32,\n}\n";
        assert_eq!(first_dangling(kept, Language::Rust, None), None);
        let orphan = "struct S {\n    /// doc a\n    a: i32,\n    /// doc b\n}\n";
        assert_eq!(
            first_dangling(orphan, Language::Rust, None).map(|b| b.0),
            Some(3)
        );
    }
}
