//! The significant tokens of an edit fragment (`old` or `new`): usually not a complete
//! program, so it is dedented where indentation is syntax and retried inside the grammar's
//! wrappers when it does not parse alone.

use std::ops::Range;

use super::syntax::error_count;
use super::tokens::{self, Class, Tok};
use crate::lang::{Language, role};

/// The significant tokens of an edit fragment (`old` or `new`), with keys owned and
/// ranges in the fragment's own coordinates.
#[derive(Debug)]
pub(crate) struct Fragment {
    pub tokens: Vec<Tok>,
    pub comments: Vec<Range<usize>>,
    /// Paren wrappers whose parens are trivia (node ranges, `(` to `)` inclusive).
    pub dropped: Vec<Range<usize>>,
    /// ERROR and MISSING nodes of the parse the tokens come from (the best wrapper's).
    pub errors: usize,
}

impl Fragment {
    /// Tokenises a fragment that is usually not a complete program. Indentation-
    /// sensitive languages are dedented first; if the fragment does not parse cleanly
    /// alone, the grammar's wrappers (class body, object literal, function body...)
    /// are tried and the parse with the fewest errors wins.
    pub(crate) fn parse(lang: Language, text: &str) -> Fragment {
        let rules = lang.rules();
        let (body, map) = if rules.indent_sensitive {
            dedent(text)
        } else {
            (text.to_string(), Vec::new())
        };
        let mut best: Option<(usize, Fragment)> = None;
        let mut closers: Option<String> = None;
        let plain = std::iter::once((String::new(), String::new()));
        let wrappers = rules
            .fragment_wrappers
            .iter()
            .filter(|w| w.fits(&body))
            .map(|w| (w.prefix.clone(), w.suffix.clone()));
        for (prefix, suffix) in plain.chain(wrappers) {
            // Each wrapper alone, then with the brackets the fragment leaves open closed
            // (a signature ending in `{`), so error recovery does not reshape its tail.
            let variants = [
                Some(suffix.clone()),
                closers.as_ref().map(|c| format!("{c}{suffix}")),
            ];
            for suffix in variants.into_iter().flatten() {
                let wrapped = format!("{prefix}{body}{suffix}");
                let Some(tree) = lang.parse(&wrapped) else {
                    continue;
                };
                let errors = error_count(&tree);
                let window = prefix.len()..prefix.len() + body.len();
                let scan = tokens::scan(&tree, &wrapped, rules, window, true);
                if closers.is_none() {
                    closers = Some(unclosed(&scan.tokens, &wrapped));
                }
                if best.as_ref().is_some_and(|(e, _)| *e <= errors) {
                    continue;
                }
                let shift = |r: &Range<usize>| {
                    let s = r.start.saturating_sub(prefix.len());
                    let e = r.end.saturating_sub(prefix.len());
                    undent(&map, s)..undent(&map, e)
                };
                let tokens = scan
                    .tokens
                    .iter()
                    .map(|t| {
                        let range = shift(&t.range);
                        let key = as_sent(&tree, &wrapped, t, text.get(range.clone()), rules)
                            .unwrap_or_else(|| t.key(&wrapped).to_string());
                        Tok {
                            key: Some(key),
                            range,
                            ..t.clone()
                        }
                    })
                    .collect();
                let comments = scan.comments.iter().map(shift).collect();
                let dropped = scan.dropped.iter().map(shift).collect();
                best = Some((
                    errors,
                    Fragment {
                        tokens,
                        comments,
                        dropped,
                        errors,
                    },
                ));
                if errors == 0 {
                    return best.map(|(_, f)| f).unwrap_or_else(Fragment::empty);
                }
            }
        }
        best.map(|(_, f)| f).unwrap_or_else(Fragment::empty)
    }

    fn empty() -> Fragment {
        Fragment {
            tokens: Vec::new(),
            comments: Vec::new(),
            dropped: Vec::new(),
            errors: 0,
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
    t: &Tok,
    sent: Option<&str>,
    rules: &crate::lang::Rules,
) -> Option<String> {
    let spelled = parsed.get(t.range.clone())?;
    let sent = sent?;
    if t.class != Class::Str || !spelled.contains('\n') || spelled == sent {
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
    let (flags, value) = tokens::decode_string(rule, sent)?;
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
    let (body, map) = if rules.indent_sensitive {
        dedent(text)
    } else {
        (text.to_string(), Vec::new())
    };
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

/// The closing brackets for the brackets a token stream leaves open, innermost first.
fn unclosed(tokens: &[Tok], text: &str) -> String {
    let mut open = Vec::new();
    for t in tokens.iter().filter(|t| t.class == Class::Punct) {
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
    use super::super::syntax::Syntax;
    use super::*;

    #[test]
    fn dedent_maps_offsets_back() {
        let text = "    a = 1\n      b = 2\n";
        let (body, map) = dedent(text);
        assert_eq!(body, "a = 1\n  b = 2\n");
        let b = body.find('b').unwrap_or(0);
        assert_eq!(&text[undent(&map, b)..undent(&map, b) + 1], "b");
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
            .find(|t| t.class == Class::Str)
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
