//! Line breaks and comments that end code where the language says it ends, read from the
//! text alone (written for the verifier; the writers keep comments as trivia and cannot see
//! this). Go ends a statement at a line break after an identifier, a literal, a closing
//! bracket or `++`/`--` (its automatic semicolons): such a break inside `(…)` or `[…]`, or
//! before a line starting with `{`, `:` or `.`, is a syntax error tree-sitter's recovery
//! hides (a comma or `{` pushed past a kept comment). Rust's `///` documents the item after
//! it: one followed by a closing bracket documents nothing (rustc's E0584/E0585).

use crate::lang::Language;

/// The first line (0-based) of `text` that ends code where `language` ends it wrongly, and
/// why; `None` when there is none or the language has no such rule.
pub(crate) fn first_dangling(text: &str, language: Language) -> Option<(usize, &'static str)> {
    match language {
        Language::Go => go_break(text),
        Language::Rust => rust_orphan_doc(text),
        _ => None,
    }
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
        assert_eq!(first_dangling(kept, Language::Go), None);
        let comma = "x := call(\n\ta,\n\tb// second\n)\n";
        assert_eq!(first_dangling(comma, Language::Go).map(|b| b.0), Some(2));
        let brace = "func f() int// n\n{\n\treturn 1\n}\n";
        assert_eq!(first_dangling(brace, Language::Go).map(|b| b.0), Some(0));
        let raw = "s := `a\nb`\nt := \"x // y\"\n";
        assert_eq!(first_dangling(raw, Language::Go), None);
    }

    #[test]
    fn a_rust_doc_comment_documents_the_item_after_it() {
        let kept = "struct S {\n    /// doc a\n    #[serde(skip)]\n    a: i32,\n}\n";
        assert_eq!(first_dangling(kept, Language::Rust), None);
        let orphan = "struct S {\n    /// doc a\n    a: i32,\n    /// doc b\n}\n";
        assert_eq!(first_dangling(orphan, Language::Rust).map(|b| b.0), Some(3));
    }
}
