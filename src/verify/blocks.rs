//! Python's block structure read from indentation alone, as the language's tokenizer reads
//! it: a line indented deeper than the line before must follow a line opening a block (ending
//! with `:`), and a line indented less must return to a depth some enclosing line has.
//! Lines inside brackets, after a backslash or inside a triple-quoted string continue the
//! line before and do not count. Written for the verifier alone.

/// The first line (0-based) of `text` that breaks the block structure, and why; `None` when
/// there is none. Indentation counts tabs as 8 columns, as Python does.
pub(crate) fn first_break(text: &str) -> Option<(usize, &'static str)> {
    breaks(text, true)
}

/// [`first_break`] of a fragment (`new`): its first line sets the depth it starts at, and a
/// line may return to any depth shallower than it (blocks the fragment does not show).
pub(crate) fn fragment_break(text: &str) -> Option<(usize, &'static str)> {
    breaks(text, false)
}

fn breaks(text: &str, whole: bool) -> Option<(usize, &'static str)> {
    let mut stack = vec![0usize];
    let mut started = whole;
    let mut opens = false;
    let mut scan = Scan::default();
    for (n, line) in text.split('\n').enumerate() {
        let continues = scan.continues();
        scan.read(line);
        let code = line.trim();
        if continues {
            // The logical line ends here or further on: `):` closing a wrapped signature
            // opens the block.
            opens = scan.ends_block_opener();
            continue;
        }
        if code.is_empty() || code.starts_with('#') {
            continue;
        }
        let indent = width(line);
        if !started {
            started = true;
            stack = vec![indent];
            opens = false;
        }
        let top = *stack.last().expect("never empty");
        if indent > top {
            if !opens {
                return Some((
                    n,
                    "is indented deeper than its block: the line before opens none",
                ));
            }
            stack.push(indent);
        } else if indent < top {
            while stack.last().is_some_and(|&t| t > indent) {
                stack.pop();
            }
            if stack.is_empty() && !whole {
                stack.push(indent);
            }
            if stack.last() != Some(&indent) {
                return Some((n, "returns to a depth no enclosing line has"));
            }
        } else if opens {
            return Some((
                n,
                "should be indented deeper: the line before opens a block",
            ));
        }
        opens = scan.ends_block_opener();
    }
    None
}

/// Columns of a line's indentation (a tab to the next multiple of 8).
pub(crate) fn width(line: &str) -> usize {
    let mut w = 0;
    for c in line.chars() {
        match c {
            ' ' => w += 1,
            '\t' => w = (w / 8 + 1) * 8,
            '\x0c' => w = 0,
            _ => break,
        }
    }
    w
}

/// What the lines read so far leave open: brackets, a triple-quoted string, a backslash.
#[derive(Default)]
struct Scan {
    depth: usize,
    triple: Option<&'static str>,
    backslash: bool,
    /// The last code character of the last line read (outside strings and comments).
    last: Option<char>,
}

impl Scan {
    /// Whether the next line continues the logical line read so far.
    fn continues(&self) -> bool {
        self.depth > 0 || self.triple.is_some() || self.backslash
    }

    /// Whether the logical line read so far ends with `:` (opens a block).
    fn ends_block_opener(&self) -> bool {
        !self.continues() && self.last == Some(':')
    }

    fn read(&mut self, line: &str) {
        let mut chars = line.char_indices().peekable();
        self.backslash = false;
        while let Some((i, c)) = chars.next() {
            if let Some(q) = self.triple {
                if line[i..].starts_with(q) {
                    self.triple = None;
                    self.last = Some(c);
                    chars.nth(1);
                }
                continue;
            }
            match c {
                '#' => break,
                '"' | '\'' => self.string(line, i, c, &mut chars),
                '(' | '[' | '{' => self.depth += 1,
                ')' | ']' | '}' => self.depth = self.depth.saturating_sub(1),
                '\\' if line[i + 1..].trim().is_empty() => self.backslash = true,
                _ => {}
            }
            if !c.is_whitespace() && self.triple.is_none() && c != '#' {
                self.last = Some(c);
            }
        }
    }

    /// Skips the string starting at `i` with quote `q` (a triple-quoted one may run on).
    fn string(
        &mut self,
        line: &str,
        i: usize,
        q: char,
        chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    ) {
        let triple = if q == '"' { "\"\"\"" } else { "'''" };
        if line[i..].starts_with(triple) {
            chars.nth(1);
            self.triple = Some(triple);
            while let Some((k, _)) = chars.next() {
                if line[k..].starts_with(triple) {
                    chars.nth(1);
                    self.triple = None;
                    break;
                }
            }
            return;
        }
        let mut escaped = false;
        for (_, c) in chars.by_ref() {
            match c {
                '\\' if !escaped => escaped = true,
                c if c == q && !escaped => return,
                _ => escaped = false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_open_after_a_colon_and_close_to_a_known_depth() {
        assert_eq!(
            first_break(
                "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        pass\n"
            ),
            None
        );
        let nested = "def f():\n    return 1\n\n        def g():\n            pass\n";
        assert_eq!(first_break(nested).map(|b| b.0), Some(3));
        assert_eq!(
            first_break("if a:\n        b\n    c\n").map(|b| b.0),
            Some(2)
        );
        assert_eq!(first_break("x = f(\n        1,\n)\ny = 2\n"), None);
        assert_eq!(first_break("s = \"\"\"\n  text\n\"\"\"\nz = 1\n"), None);
        assert_eq!(first_break("if a:  # why\n    b\n"), None);
        assert_eq!(first_break("if a:\nb\n").map(|b| b.0), Some(1));
        // A signature wrapped over several lines opens its block where it ends.
        let wrapped =
            "def f(\n    a: int,\n) -> list[str]:\n    \"\"\"Doc.\"\"\"\n    return [a]\n";
        assert_eq!(first_break(wrapped), None);
        let docstring = "def f():\n    \"\"\"Doc\n    more.\n    \"\"\"\n    return 1\n";
        assert_eq!(first_break(docstring), None);
        assert_eq!(
            first_break("x = f(\n    a,\n)\n    y = 2\n").map(|b| b.0),
            Some(3)
        );
    }
}
