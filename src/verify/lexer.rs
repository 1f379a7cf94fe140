//! The verifier's tokens: every leaf tree-sitter finds in a text (a literal or a comment
//! whole, with the spaces inside it), every non-blank stretch the parse leaves uncovered, and
//! a blank-line token for each run of blank lines; or, for a text in no known language, runs
//! of word characters and of one punctuation character. Nothing is folded here: each token
//! keeps its exact text, and [`Token::key`] is its value (the same for `'a'` and `"a"`, for
//! `0x1F` and `31`, for a curly and a straight quote) for matching what the model remembered
//! with what the file holds.

pub(crate) use super::class::LexemeClass;
use super::grammar::VerifyData;
use super::values;
use crate::lang::Language;

/// One token of a text.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    /// Its bytes in the text.
    pub start: usize,
    pub end: usize,
    pub class: LexemeClass,
    /// Its value, for matching a remembered token with the file's.
    pub key: String,
    /// The 0-based line it starts on.
    pub line: usize,
    /// Nothing but indentation stands before it on its line.
    pub first_on_line: bool,
}

impl Token {
    /// Its exact text in `source`.
    pub(crate) fn text<'a>(&self, source: &'a str) -> &'a str {
        &source[self.start..self.end]
    }
}

/// The tokens of `text`, in order.
pub(crate) fn tokens(text: &str, language: Option<Language>) -> Vec<Token> {
    let spans = match language.and_then(|l| Some((l, l.parse(text)?))) {
        Some((l, tree)) => syntax_spans(text, &tree, VerifyData::of(l)),
        None => word_spans(text, 0, text.len()),
    };
    let mut tokens = Vec::with_capacity(spans.len() + 8);
    let lines = LineStarts::new(text);
    for (start, end, class) in spans {
        let line = lines.line_of(start);
        let first_on_line = text[lines.start(line)..start].trim().is_empty();
        let key = values::key(&text[start..end], class, language);
        tokens.push(Token {
            start,
            end,
            class,
            key,
            line,
            first_on_line,
        });
    }
    add_blanks(text, &lines, tokens)
}

/// A span of a text and its class.
type Span = (usize, usize, LexemeClass);

/// The leaves of a parsed text (literals and comments whole), with the non-blank text the
/// parse leaves between them split as words.
fn syntax_spans(text: &str, tree: &tree_sitter::Tree, data: &VerifyData) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut cursor = tree.walk();
    let mut at = 0;
    'walk: loop {
        let node = cursor.node();
        let whole = data.whole(node.kind());
        if (whole.is_some() || node.child_count() == 0) && node.end_byte() > node.start_byte() {
            // A leaf may take in the line's `\r` (a comment in a CRLF file): layout, not it.
            let start = node.start_byte();
            let end = start + text[start..node.end_byte()].trim_end().len();
            if start >= at && end > start {
                spans.extend(word_spans(text, at, start));
                let class = whole.unwrap_or_else(|| punctuation_class(&text[start..end]));
                let class = data.refine(class, &text[start..end]);
                if class == LexemeClass::Code && text[start..end].contains(char::is_whitespace) {
                    // Text of a kind the grammar leaves whole (JSX text): its words.
                    spans.extend(word_spans(text, start, end));
                } else {
                    spans.push((start, end, class));
                }
                at = node.end_byte();
            }
        } else if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    spans.extend(word_spans(text, at, text.len()));
    spans
}

/// The class of a leaf by its text.
fn punctuation_class(text: &str) -> LexemeClass {
    match text {
        "(" | "[" | "{" => LexemeClass::Open,
        ")" | "]" | "}" => LexemeClass::Close,
        ";" => LexemeClass::Terminator,
        "," => LexemeClass::Comma,
        _ => LexemeClass::Code,
    }
}

/// The tokens of `text[from..to]` with no grammar: runs of word characters, runs of one
/// punctuation character (`--`, `...`), single brackets.
pub(crate) fn word_spans(text: &str, from: usize, to: usize) -> Vec<Span> {
    let mut spans = Vec::new();
    let mut chars = text[from..to].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() || values::is_invisible(c) {
            continue;
        }
        let start = from + i;
        let mut end = start + c.len_utf8();
        let word = is_word(c);
        while let Some(&(j, d)) = chars.peek() {
            let same = if word {
                is_word(d)
            } else {
                d == c && !"()[]{};,".contains(c)
            };
            if !same {
                break;
            }
            end = from + j + d.len_utf8();
            chars.next();
        }
        spans.push((start, end, punctuation_class(&text[start..end])));
    }
    spans
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Line starts of a text, for finding a byte's line.
pub(crate) struct LineStarts {
    starts: Vec<usize>,
}

impl LineStarts {
    pub(crate) fn new(text: &str) -> LineStarts {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineStarts { starts }
    }

    /// The 0-based line holding byte `at`.
    pub(crate) fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at) - 1
    }

    /// Where line `line` starts.
    pub(crate) fn start(&self, line: usize) -> usize {
        self.starts[line]
    }

    /// How many lines (a text ending with a line break has an empty last line).
    pub(crate) fn count(&self) -> usize {
        self.starts.len()
    }
}

/// `tokens` with a [`LexemeClass::Blank`] token for each run of blank lines no token spans.
fn add_blanks(text: &str, lines: &LineStarts, tokens: Vec<Token>) -> Vec<Token> {
    let mut covered = vec![false; lines.count()];
    for t in &tokens {
        let last = lines.line_of(t.end.saturating_sub(1).max(t.start));
        for flag in &mut covered[t.line..=last] {
            *flag = true;
        }
    }
    let mut out = Vec::with_capacity(tokens.len() + 8);
    let mut next = tokens.into_iter().peekable();
    let mut in_run = false;
    for (line, &is_covered) in covered.iter().enumerate() {
        let start = lines.start(line);
        let end = if line + 1 < lines.count() {
            lines.start(line + 1)
        } else {
            text.len()
        };
        let has_break = text[start..end].ends_with('\n');
        let blank = !is_covered && text[start..end].trim().is_empty() && has_break;
        while next.peek().is_some_and(|t| t.start < start) {
            out.extend(next.next());
        }
        if blank && !in_run {
            out.push(Token {
                start,
                end: start,
                class: LexemeClass::Blank,
                key: "\n".into(),
                line,
                first_on_line: true,
            });
        }
        in_run = blank;
    }
    out.extend(next);
    out
}
