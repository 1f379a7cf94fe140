//! Block structure where indentation is syntax (languages whose grammar data says so:
//! Python). Tree-sitter's parse accepts a line indented deeper than its block allows (it
//! makes it one more statement of the block), so an edit that leaves `self.seen += 1`
//! "unexpectedly indented" after a dedented insertion parses clean while the language
//! rejects the file. This check reads indentation the way the language's tokenizer does.
//!
//! Logical lines are found by a small lexical scan (strings, triple-quoted strings,
//! comments, brackets and backslash continuations: a physical line inside any of them
//! continues the logical line before it). Over them an indentation stack must hold: a line
//! deeper than the one before only after a line that opens a block (ends in `:`), a line
//! after such an opener deeper than it, and a dedent only back to a level on the stack.
//!
//! The result is checked in a window around the edit (the same boundaries as the syntax
//! check's, [`super::parse_check`]) and the original in the same window: only a break the
//! original lacks is the edit's — a window cut inside a string, or a file that was already
//! broken, refuses nothing.

use crate::text::indent_width;

/// What is wrong at a logical line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Break {
    /// Deeper than the line before, which opens no block.
    UnexpectedIndent,
    /// After a line that opens a block, not deeper than it.
    ExpectedIndent,
    /// Dedented to a level no enclosing block has.
    UnmatchedDedent,
}

impl Break {
    /// As the language's own error says it.
    pub(crate) fn message(self) -> &'static str {
        match self {
            Break::UnexpectedIndent => "is indented deeper than its block (unexpected indent)",
            Break::ExpectedIndent => {
                "should be indented under the line above (expected an indented block)"
            }
            Break::UnmatchedDedent => {
                "is dedented to no enclosing block's level (unindent does not match)"
            }
        }
    }
}

/// The first logical line of `text` (0-based physical line) whose indentation breaks the
/// block structure, if any.
pub(crate) fn first_break(text: &str) -> Option<(usize, Break)> {
    let mut stack = vec![0usize];
    let mut opens = false;
    for (line, width, opener) in logical_lines(text) {
        let top = *stack.last().unwrap_or(&0);
        if opens {
            if width <= top {
                return Some((line, Break::ExpectedIndent));
            }
            stack.push(width);
        } else if width > top {
            return Some((line, Break::UnexpectedIndent));
        } else {
            while stack.last().is_some_and(|&w| w > width) {
                stack.pop();
            }
            if stack.last() != Some(&width) {
                return Some((line, Break::UnmatchedDedent));
            }
        }
        opens = opener;
    }
    None
}

/// Lexical state carried from one physical line to the next.
#[derive(Default)]
struct Scan {
    /// Open brackets.
    depth: usize,
    /// Inside a triple-quoted string, with its quote character.
    triple: Option<char>,
    /// The line before ended in a backslash continuation.
    continued: bool,
}

/// Each logical line's first physical line (0-based), its indentation width, and whether it
/// opens a block (its last significant character, outside brackets, is `:`).
fn logical_lines(text: &str) -> Vec<(usize, usize, bool)> {
    let mut out: Vec<(usize, usize, bool)> = Vec::new();
    let mut scan = Scan::default();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let starts = scan.depth == 0 && scan.triple.is_none() && !scan.continued;
        let last = scan.line(line);
        if starts {
            if last.is_none() {
                continue; // blank or comment only
            }
            let body = line.trim_start_matches([' ', '\t', '\x0c']);
            out.push((i, indent_width(&line[..line.len() - body.len()]), false));
        }
        if let Some(entry) = out.last_mut() {
            entry.2 = scan.depth == 0 && !scan.continued && last == Some(':');
        }
    }
    out
}

impl Scan {
    /// Scans one physical line; its last significant character outside strings and
    /// comments, if any.
    fn line(&mut self, line: &str) -> Option<char> {
        let mut last = None;
        let mut chars = line.chars().peekable();
        self.continued = false;
        while let Some(c) = chars.next() {
            if let Some(q) = self.triple {
                if c == '\\' {
                    chars.next();
                } else if c == q && chars.next_if_eq(&q).is_some() && chars.next_if_eq(&q).is_some()
                {
                    self.triple = None;
                    last = Some(q);
                }
                continue;
            }
            match c {
                '#' => break,
                '\'' | '"' => {
                    if chars.next_if_eq(&c).is_some() {
                        if chars.next_if_eq(&c).is_some() {
                            // A triple-quoted string is significant from its opening:
                            // the line it starts on is code (a docstring's first line).
                            self.triple = Some(c);
                            last = Some(c);
                            continue;
                        }
                        last = Some(c); // an empty string
                        continue;
                    }
                    skip_string(&mut chars, c);
                    last = Some(c);
                }
                '(' | '[' | '{' => {
                    self.depth += 1;
                    last = Some(c);
                }
                ')' | ']' | '}' => {
                    self.depth = self.depth.saturating_sub(1);
                    last = Some(c);
                }
                '\\' if chars.peek().is_none() => self.continued = true,
                c if c.is_whitespace() => {}
                c => last = Some(c),
            }
        }
        last
    }
}

/// Skips a one-line string's body after its opening quote `q`.
fn skip_string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, q: char) {
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            c if c == q => return,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dedented_line_inside_a_continuing_block_breaks_it() {
        let ok = "def f(rows):\n    for r in rows:\n        if r:\n            g(r)\n        k()\n    return 1\n";
        assert_eq!(first_break(ok), None);
        let bad = "def f(rows):\n    for r in rows:\n        if r:\n            g(r)\n    h()\n        k()\n    return 1\n";
        assert_eq!(first_break(bad), Some((5, Break::UnexpectedIndent)));
        let bad = "if a:\n\nx = 1\n";
        assert_eq!(first_break(bad), Some((2, Break::ExpectedIndent)));
        let bad = "if a:\n    if b:\n        c()\n  d()\n";
        assert_eq!(first_break(bad), Some((3, Break::UnmatchedDedent)));
    }

    #[test]
    fn a_docstring_s_lines_are_not_code_lines() {
        let ok = "class A:\n    def f(self):\n        \"\"\"Do it.\n\n        :meta private:\n        \"\"\"\n        return 1\n";
        assert_eq!(first_break(ok), None, "{:?}", logical_lines(ok));
    }

    #[test]
    fn continuations_strings_and_comments_are_not_logical_lines() {
        let ok = concat!(
            "x = f(\n        a,\n  b)\n",
            "s = \"\"\"\n   text: \n\"\"\"\n",
            "y = 1 + \\\n      2\n",
            "# comment:\n      # indented comment\n",
            "d = {'a': 1,\n     'b': '#'}\n",
            "if x:  # opens:\n    pass\n",
            "t = '''a''' if x else ''\n",
        );
        assert_eq!(first_break(ok), None, "{:?}", logical_lines(ok));
        assert_eq!(
            logical_lines("if a: b()\nc = {\n  1: 2}\nelse:\n"),
            [(0, 0, false), (1, 0, false), (3, 0, true)]
        );
    }
}
