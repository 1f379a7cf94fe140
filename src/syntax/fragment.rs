//! The significant tokens of an edit fragment (`old` or `new`): usually not a complete
//! program, so it is dedented where indentation is syntax and retried inside the grammar's
//! wrappers when it does not parse alone.

use std::ops::Range;

use super::literals::decode_string;
use super::parsed::error_count;
use super::token::{SyntaxToken, TokenClass};
use super::tokens;
use crate::lang::{Language, role};

/// The significant tokens of an edit fragment (`old` or `new`), with keys owned and
/// ranges in the fragment's own coordinates.
#[derive(Debug, Clone)]
pub(crate) struct Fragment {
    pub tokens: Vec<SyntaxToken>,
    pub comments: Vec<Range<usize>>,
    /// Paren wrappers whose parens are trivia (node ranges, `(` to `)` inclusive).
    pub dropped: Vec<Range<usize>>,
    /// ERROR and MISSING nodes of the parse the tokens come from (the best wrapper's).
    pub errors: usize,
    /// The prefix and suffix the fragment was parsed between (empty: alone).
    pub wrap: (String, String),
}

impl Fragment {
    /// Tokenises a fragment that is usually not a complete program. Indentation-
    /// sensitive languages are dedented first; if the fragment does not parse cleanly
    /// alone, the grammar's wrappers (class body, object literal, function body...)
    /// are tried and the parse with the fewest errors wins.
    pub(crate) fn parse(lang: Language, text: &str) -> Fragment {
        // One edit parses `old` and `new` several times (locating, checking, writing).
        thread_local! {
            static RECENT: std::cell::RefCell<Vec<(Language, String, Fragment)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        let hit = RECENT.with_borrow(|recent| {
            recent
                .iter()
                .find(|(l, t, _)| *l == lang && t == text)
                .map(|(_, _, f)| f.clone())
        });
        if let Some(fragment) = hit {
            return fragment;
        }
        let fragment = Fragment::parse_new(lang, text);
        RECENT.with_borrow_mut(|recent| {
            if recent.len() >= 4 {
                recent.remove(0);
            }
            recent.push((lang, text.to_string(), fragment.clone()));
        });
        fragment
    }

    fn parse_new(lang: Language, text: &str) -> Fragment {
        let rules = lang.rules();
        let (body, map) = parse_body(rules, text);
        let mut best: Option<Fragment> = None;
        let mut closers: Option<String> = None;
        let plain = std::iter::once((String::new(), String::new()));
        let wrappers = rules
            .fragment_wrappers
            .iter()
            .filter(|w| w.fits(&body))
            .map(|w| (w.prefix.clone(), w.suffix.clone()));
        for (prefix, suffix) in plain.chain(wrappers) {
            // Each wrapper alone, then with the brackets the fragment leaves open closed
            // (a signature ending in `{`), so error recovery does not reshape its tail. The
            // closers are learned from the first parse, so even the plain one is retried.
            for closed in [false, true] {
                let suffix = match (closed, &closers) {
                    (false, _) => suffix.clone(),
                    (true, Some(c)) if !c.is_empty() => format!("{c}{suffix}"),
                    (true, _) => continue,
                };
                let Some(wrapped) = Wrapped::parse(lang, &prefix, &body, &suffix) else {
                    continue;
                };
                if closers.is_none() {
                    closers = Some(unclosed(&wrapped.scan.tokens, &wrapped.text));
                }
                if best.as_ref().is_some_and(|b| b.errors <= wrapped.errors)
                    || !words_covered(&wrapped.scan, &wrapped.text, &wrapped.window)
                {
                    continue;
                }
                let mut fragment = wrapped.fragment(text, &map, rules);
                fragment.wrap = (prefix.clone(), suffix.clone());
                if fragment.errors == 0 {
                    return fragment;
                }
                best = Some(fragment);
            }
        }
        best.unwrap_or_else(Fragment::empty)
    }

    fn empty() -> Fragment {
        Fragment {
            tokens: Vec::new(),
            comments: Vec::new(),
            dropped: Vec::new(),
            errors: 0,
            wrap: Default::default(),
        }
    }

    /// `text` parsed between `wrap`'s prefix and suffix only (as another fragment was:
    /// [`Fragment::wrap`]), when that parse covers its words.
    pub(crate) fn parse_as(
        lang: Language,
        text: &str,
        wrap: &(String, String),
    ) -> Option<Fragment> {
        let rules = lang.rules();
        let (body, map) = parse_body(rules, text);
        let wrapped = Wrapped::parse(lang, &wrap.0, &body, &wrap.1)?;
        if !words_covered(&wrapped.scan, &wrapped.text, &wrapped.window) {
            return None;
        }
        let mut fragment = wrapped.fragment(text, &map, rules);
        fragment.wrap = wrap.clone();
        Some(fragment)
    }
}

/// A fragment's (dedented) text parsed inside one wrapper.
struct Wrapped {
    /// Prefix, fragment, suffix.
    text: String,
    tree: tree_sitter::Tree,
    /// ERROR and MISSING nodes of `tree`.
    errors: usize,
    /// Where the fragment lies in `text`.
    window: Range<usize>,
    /// The fragment's tokens and comments (ranges in `text`).
    scan: tokens::Scan,
}

impl Wrapped {
    /// `body` parsed between `prefix` and `suffix` and scanned as a fragment; `None` when
    /// the parser gives no tree.
    fn parse(lang: Language, prefix: &str, body: &str, suffix: &str) -> Option<Wrapped> {
        let text = format!("{prefix}{body}{suffix}");
        let tree = lang.parse(&text)?;
        let errors = error_count(&tree);
        let window = prefix.len()..prefix.len() + body.len();
        let scan = tokens::scan(&tree, &text, lang.rules(), window.clone(), true);
        Some(Wrapped {
            text,
            tree,
            errors,
            window,
            scan,
        })
    }

    /// The fragment as `sent` (the text before dedenting; `map` undoes the dedent): its
    /// tokens with owned keys (a multi-line string's decoded from `sent`, [`as_sent`]),
    /// comments and dropped wrappers, in `sent`'s coordinates.
    fn fragment(&self, sent: &str, map: &[(usize, usize)], rules: &crate::lang::Rules) -> Fragment {
        let at = self.window.start;
        let shift = |r: &Range<usize>| {
            let s = r.start.saturating_sub(at);
            let e = r.end.saturating_sub(at);
            undent(map, s)..undent(map, e)
        };
        let tokens = self
            .scan
            .tokens
            .iter()
            .map(|t| {
                let range = shift(&t.range);
                let key = as_sent(&self.tree, &self.text, t, sent.get(range.clone()), rules)
                    .unwrap_or_else(|| t.key(&self.text).to_string());
                SyntaxToken {
                    key: Some(key),
                    range,
                    ..t.clone()
                }
            })
            .collect();
        Fragment {
            tokens,
            comments: self.scan.comments.iter().map(shift).collect(),
            dropped: self.scan.dropped.iter().map(shift).collect(),
            errors: self.errors,
            wrap: Default::default(),
        }
    }
}

/// The key of a string literal that spans lines, decoded from the fragment as sent
/// (`sent`) rather than as dedented for parsing: dedenting moves a multi-line string's
/// continuation lines and would change its value. `None` for any other token, or when
/// dedenting left the literal as it was.
fn as_sent(
    tree: &tree_sitter::Tree,
    parsed: &str,
    t: &SyntaxToken,
    sent: Option<&str>,
    rules: &crate::lang::Rules,
) -> Option<String> {
    let spelled = parsed.get(t.range.clone())?;
    let sent = sent?;
    if t.class != TokenClass::Str || !spelled.contains('\n') || spelled == sent {
        return None;
    }
    let mut node = tree
        .root_node()
        .descendant_for_byte_range(t.range.start, t.range.end);
    let rule = loop {
        let n = node?;
        if rules.role(n.kind_id()) & crate::lang::role::STRING != 0 {
            break rules.string_rule(n.kind_id())?;
        }
        node = n.parent();
    };
    let (flags, value) = decode_string(rule, sent)?;
    Some(format!("{}{flags}\0{value}", rule.tag))
}

/// Whether `line` (a byte range of `text`, without its line break) holds exactly one whole
/// statement of `lang` when `text` is parsed as a fragment: a Python `...` body is code,
/// a `...` between the lines of one expression (or in a language where it is no
/// statement) is not.
pub(crate) fn is_statement_line(lang: Language, text: &str, line: Range<usize>) -> bool {
    let Some(content) = text.get(line.clone()) else {
        return false;
    };
    let start = line.start + (content.len() - content.trim_start().len());
    let end = line.start + content.trim_end().len();
    let rules = lang.rules();
    let (body, map) = parse_body(rules, text);
    let Some(tree) = lang.parse(&body) else {
        return false;
    };
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        let (s, e) = (
            undent(&map, node.start_byte()),
            undent(&map, node.end_byte()),
        );
        if s == start && e == end && rules.role(node.kind_id()) & role::STATEMENT != 0 {
            return true;
        }
        if s <= start && end <= e && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return false;
            }
        }
    }
}

/// Every word character of the fragment (`window` of `wrapped`) is inside a significant token
/// or a comment of the parse. A reading that loses words — a wrapper whose context turns the
/// fragment's code into something the scan does not see (JSX text that starts in the
/// wrapper) — would let `function c() {` equal any `{`.
fn words_covered(scan: &tokens::Scan, wrapped: &str, window: &Range<usize>) -> bool {
    let mut covered: Vec<Range<usize>> = scan
        .tokens
        .iter()
        .map(|t| t.range.clone())
        .chain(scan.comments.iter().cloned())
        .collect();
    covered.sort_by_key(|r| r.start);
    let mut next = 0;
    wrapped[window.clone()].char_indices().all(|(i, c)| {
        if !(c.is_alphanumeric() || c == '_') {
            return true;
        }
        let at = window.start + i;
        while next < covered.len() && covered[next].end <= at {
            next += 1;
        }
        covered[next..]
            .iter()
            .take_while(|r| r.start <= at)
            .any(|r| r.start <= at && at < r.end)
    })
}

/// The closing brackets for the brackets a token stream leaves open, innermost first.
fn unclosed(tokens: &[SyntaxToken], text: &str) -> String {
    let mut open = Vec::new();
    for t in tokens.iter().filter(|t| t.class == TokenClass::Punct) {
        match t.key(text) {
            "(" => open.push(')'),
            "[" => open.push(']'),
            "{" => open.push('}'),
            k @ (")" | "]" | "}") if open.last().is_some_and(|c| k.starts_with(*c)) => {
                open.pop();
            }
            _ => {}
        }
    }
    open.iter().rev().flat_map(|c| ['\n', *c]).collect()
}

/// Removes the common indentation of the non-blank lines. Returns the text and, per
/// dedented line, (start offset in the dedented text, bytes removed before it) so
/// offsets can be mapped back.
/// The text a fragment is parsed as: dedented where indentation is syntax ([`dedent`]'s
/// offset map with it), else as sent.
fn parse_body(rules: &crate::lang::Rules, text: &str) -> (String, Vec<(usize, usize)>) {
    if rules.indent_sensitive {
        dedent(text)
    } else {
        (text.to_string(), Vec::new())
    }
}

fn dedent(text: &str) -> (String, Vec<(usize, usize)>) {
    let indent = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let common = text
        .split_inclusive('\n')
        .filter(|l| !l.trim().is_empty())
        .map(indent)
        .min()
        .unwrap_or(0);
    let mut out = String::with_capacity(text.len());
    let mut map = Vec::new();
    let mut removed = 0;
    for line in text.split_inclusive('\n') {
        let cut = indent(line).min(common);
        removed += cut;
        map.push((out.len(), removed));
        out.push_str(&line[cut..]);
    }
    (out, map)
}

/// Maps an offset in the dedented text back to the original text.
fn undent(map: &[(usize, usize)], at: usize) -> usize {
    let i = map.partition_point(|(start, _)| *start <= at);
    match i.checked_sub(1).and_then(|i| map.get(i)) {
        Some((_, removed)) => at + removed,
        None => at,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parsed::Syntax;
    use super::*;

    #[test]
    fn dedent_maps_offsets_back() {
        let text = "    a = 1\n      b = 2\n";
        let (body, map) = dedent(text);
        assert_eq!(body, "a = 1\n  b = 2\n");
        let b = body.find('b').unwrap_or(0);
        assert_eq!(&text[undent(&map, b)..undent(&map, b) + 1], "b");
    }

    #[test]
    fn a_wrapped_parse_maps_back_to_the_fragment_as_sent() {
        let sent = "    x = 'a'  # note\n";
        let (body, map) = dedent(sent);
        let w = Wrapped::parse(Language::Python, "", &body, "").expect("a tree");
        assert_eq!((w.errors, w.window.clone()), (0, 0..body.len()));
        let f = w.fragment(sent, &map, Language::Python.rules());
        let spelled: Vec<&str> = f.tokens.iter().map(|t| &sent[t.range.clone()]).collect();
        assert_eq!(spelled, ["x", "=", "'a'"]);
        assert_eq!(f.comments.len(), 1);
        assert_eq!(&sent[f.comments[0].clone()], "# note");
        let w = Wrapped::parse(Language::TypeScript, "f(", "a + b", ");").expect("a tree");
        assert_eq!((w.errors, w.window.clone()), (0, 2..7));
        let f = w.fragment("a + b", &[], Language::TypeScript.rules());
        let ranges: Vec<Range<usize>> = f.tokens.iter().map(|t| t.range.clone()).collect();
        assert_eq!(ranges, [0..1, 2..3, 4..5]);
        assert_eq!(f.tokens[1].key(""), "+");
    }

    fn fragment_keys(lang: Language, text: &str) -> Vec<String> {
        Fragment::parse(lang, text)
            .tokens
            .iter()
            .map(|t| t.key("").replace('\0', "|"))
            .collect()
    }

    #[test]
    fn chain_middle_fragment_gets_a_receiver() {
        // Without one, the regex's `"` was read as the start of a string.
        let keys = fragment_keys(Language::JavaScript, "    .replace(/\"/g, '&quot;');\n");
        assert_eq!(keys[..4], [".", "replace", "(", "/"]);
        assert!(keys.contains(&"s|&quot;".to_string()), "{keys:?}");
        let ts = fragment_keys(Language::TypeScript, "  ?.trim()\n  .split(',')");
        assert_eq!(ts[..3], ["?.", "trim", "("]);
        let py = fragment_keys(Language::Python, "    .filter(active=True)\n    .all()\n");
        assert_eq!(py[..2], [".", "filter"]);
        let rs = fragment_keys(
            Language::Rust,
            "        .map(|x| x + 1)\n        .collect();\n",
        );
        assert_eq!(rs[..3], [".", "map", "("]);
    }

    #[test]
    fn multi_line_string_keeps_the_value_old_spells() {
        let file =
            "class A:\n    def f(self):\n        s = \"\"\"a\n            b\n        \"\"\"\n";
        let old = "    def f(self):\n        s = \"\"\"a\n            b\n        \"\"\"\n";
        let value = |keys: Vec<String>| keys.into_iter().find(|k| k.starts_with("s|"));
        let syntax = Syntax::parse(Language::Python, file);
        let in_file = syntax
            .tokens
            .iter()
            .find(|t| t.class == TokenClass::Str)
            .map(|t| {
                format!(
                    "s|{}",
                    syntax.names[t.sym as usize]
                        .split('\0')
                        .nth(1)
                        .unwrap_or("")
                )
            });
        assert_eq!(value(fragment_keys(Language::Python, old)), in_file);
        assert_eq!(in_file.as_deref(), Some("s|a\n            b\n        "));
    }

    #[test]
    fn a_statement_of_its_own_on_a_line() {
        let text = "def f():\n    ...\n";
        let line = text.find("...").unwrap_or(0);
        assert!(is_statement_line(Language::Python, text, line..line + 3));
        let text = "x = f(\n    a,\n    ...\n    b,\n)\n";
        let line = text.find("...").unwrap_or(0);
        assert!(!is_statement_line(Language::Python, text, line..line + 3));
        let text = "function f() {\n  ...\n}\n";
        let line = text.find("...").unwrap_or(0);
        assert!(!is_statement_line(
            Language::TypeScript,
            text,
            line..line + 3
        ));
    }
}
