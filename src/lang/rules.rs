//! Per-language rules: the TOML schema of grammars/<lang>.toml and its compiled form,
//! a role table indexed by tree-sitter kind id so the token walk does no string lookups.

use serde::Deserialize;

/// Raw TOML shape. Field names are the vocabulary a grammar file may use.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    /// Leaf kinds that are identifiers (reported as identifier differences).
    identifiers: Vec<String>,
    /// Number literal kinds (normalised: `.5`/`0.5`, `1E5`/`1e5`, `0XAB`/`0xab`).
    numbers: Vec<String>,
    /// Comment kinds, skipped with their whole subtree (including line continuations).
    comments: Vec<String>,
    /// Leaf kinds whose text is significant as a whole (template string fragments).
    #[serde(default)]
    verbatim: Vec<String>,
    /// JSX text: compared after JSX's own whitespace rule (lines trimmed, blank lines
    /// dropped, joined by one space), so re-wrapping does not matter but `a {b}` ≠ `a{b}`.
    #[serde(default)]
    jsx_text: Vec<String>,
    /// Kinds whose extent is syntax (Python blocks): bracketed by synthetic markers.
    #[serde(default)]
    blocks: Vec<String>,
    /// Fragments are dedented before parsing (indentation is syntax).
    #[serde(default)]
    indent_sensitive: bool,
    /// `[prefix, suffix]` pairs tried around a fragment that does not parse alone.
    #[serde(default)]
    fragment_wrappers: Vec<[String; 2]>,
    strings: Vec<StringSource>,
    #[serde(default)]
    quoted_keys: QuotedKeys,
    trivia: Trivia,
    parens: Parens,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StringSource {
    kinds: Vec<String>,
    /// Opening/closing delimiters, tried in order (put `"""` before `"`).
    quotes: Vec<String>,
    /// Characters that may precede the quote (`rb`, `f`, ...).
    #[serde(default)]
    prefixes: String,
    /// Prefix characters that disable escapes.
    #[serde(default)]
    raw: String,
    /// Prefix characters that do not change the value (Python's `u`).
    #[serde(default)]
    ignored: String,
    /// Raw strings may pad their quotes with `#` (Rust `r#"…"#`).
    #[serde(default)]
    hashes: bool,
    /// Backslash escapes are decoded (false for Go's backquoted raw strings).
    #[serde(default = "yes")]
    escapes: bool,
    /// Distinguishes literal families that must never compare equal (char vs string).
    tag: String,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct QuotedKeys {
    #[serde(default)]
    parents: Vec<String>,
    #[serde(default)]
    fields: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Trivia {
    /// A `,` right before one of these is a droppable trailing comma.
    trailing_comma_closers: Vec<String>,
    /// Kinds where `(a,)` differs from `(a)`: their only comma is never dropped.
    #[serde(default)]
    single_comma_parents: Vec<String>,
    /// Statement-ending semicolons are optional (ASI languages).
    #[serde(default)]
    semicolons: bool,
    /// Kinds whose `;` are separators, never optional (`for (;;)`).
    #[serde(default)]
    semicolon_keep_parents: Vec<String>,
    /// Arrow token: `( x ) =>` equals `x =>`.
    #[serde(default)]
    arrow: Option<String>,
    /// Token that may lead a list (`| "a" | "b"`), and the kinds where it may.
    #[serde(default)]
    leading_separator: Option<String>,
    #[serde(default)]
    leading_separator_parents: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Parens {
    /// Kinds whose own `(`/`)` may be redundant wrappers.
    wrappers: Vec<String>,
    /// Parents where a wrapper never changes meaning (condition, return value, argument).
    free_parents: Vec<String>,
    /// Wrapped kinds that need no parens anywhere (atoms).
    atomic_inner: Vec<String>,
    /// Wrapped kinds whose parens are always meaningful (`x => ({})`, `f((a, b))`).
    keep_inner: Vec<String>,
}

pub(crate) mod role {
    pub const IDENT: u32 = 1;
    pub const NUMBER: u32 = 1 << 1;
    pub const COMMENT: u32 = 1 << 2;
    pub const VERBATIM: u32 = 1 << 3;
    pub const BLOCK: u32 = 1 << 4;
    pub const STRING: u32 = 1 << 5;
    pub const QUOTED_KEY_PARENT: u32 = 1 << 6;
    pub const SINGLE_COMMA_PARENT: u32 = 1 << 7;
    pub const SEMICOLON_KEEP_PARENT: u32 = 1 << 8;
    pub const LEADING_SEPARATOR_PARENT: u32 = 1 << 9;
    pub const PAREN_WRAPPER: u32 = 1 << 10;
    pub const PAREN_FREE_PARENT: u32 = 1 << 11;
    pub const PAREN_ATOMIC: u32 = 1 << 12;
    pub const PAREN_KEEP_INNER: u32 = 1 << 13;
    pub const JSX_TEXT: u32 = 1 << 14;
}

/// How to decode one family of string literals, independent of quote style.
#[derive(Debug, Clone)]
pub(crate) struct StringRule {
    pub quotes: Vec<String>,
    pub prefixes: String,
    pub raw: String,
    pub ignored: String,
    pub hashes: bool,
    pub escapes: bool,
    pub tag: String,
}

/// Compiled rules of one language.
#[derive(Debug)]
pub(crate) struct Rules {
    /// Role bits per kind id.
    roles: Vec<u32>,
    /// String rule index per kind id (meaningful where `STRING` is set).
    string_of: Vec<u8>,
    pub strings: Vec<StringRule>,
    pub quoted_key_fields: Vec<String>,
    pub trailing_comma_closers: Vec<String>,
    pub semicolons: bool,
    pub arrow: Option<String>,
    pub leading_separator: Option<String>,
    pub fragment_wrappers: Vec<(String, String)>,
    pub indent_sensitive: bool,
}

impl Rules {
    pub(crate) fn compile(source: &str, grammar: &tree_sitter::Language) -> Result<Rules, String> {
        let src: Source = toml::from_str(source).map_err(|e| e.to_string())?;
        if src.strings.len() > usize::from(u8::MAX) {
            return Err("too many string rules".into());
        }
        let count = grammar.node_kind_count();
        let mut roles = vec![0u32; count];
        let mut string_of = vec![0u8; count];
        let mut mark = |names: &[String], bit: u32, string: Option<u8>| {
            for id in 0..count {
                let Ok(id16) = u16::try_from(id) else { break };
                if !grammar.node_kind_is_named(id16) {
                    continue;
                }
                let Some(kind) = grammar.node_kind_for_id(id16) else {
                    continue;
                };
                if names.iter().any(|n| n == kind) {
                    roles[id] |= bit;
                    if let Some(s) = string {
                        string_of[id] = s;
                    }
                }
            }
        };
        mark(&src.identifiers, role::IDENT, None);
        mark(&src.numbers, role::NUMBER, None);
        mark(&src.comments, role::COMMENT, None);
        mark(&src.verbatim, role::VERBATIM, None);
        mark(&src.blocks, role::BLOCK, None);
        mark(&src.jsx_text, role::JSX_TEXT, None);
        for (i, s) in src.strings.iter().enumerate() {
            mark(&s.kinds, role::STRING, u8::try_from(i).ok());
        }
        mark(&src.quoted_keys.parents, role::QUOTED_KEY_PARENT, None);
        mark(
            &src.trivia.single_comma_parents,
            role::SINGLE_COMMA_PARENT,
            None,
        );
        mark(
            &src.trivia.semicolon_keep_parents,
            role::SEMICOLON_KEEP_PARENT,
            None,
        );
        mark(
            &src.trivia.leading_separator_parents,
            role::LEADING_SEPARATOR_PARENT,
            None,
        );
        mark(&src.parens.wrappers, role::PAREN_WRAPPER, None);
        mark(&src.parens.free_parents, role::PAREN_FREE_PARENT, None);
        mark(&src.parens.atomic_inner, role::PAREN_ATOMIC, None);
        mark(&src.parens.keep_inner, role::PAREN_KEEP_INNER, None);
        Ok(Rules {
            roles,
            string_of,
            strings: src
                .strings
                .into_iter()
                .map(|s| StringRule {
                    quotes: s.quotes,
                    prefixes: s.prefixes,
                    raw: s.raw,
                    ignored: s.ignored,
                    hashes: s.hashes,
                    escapes: s.escapes,
                    tag: s.tag,
                })
                .collect(),
            quoted_key_fields: src.quoted_keys.fields,
            trailing_comma_closers: src.trivia.trailing_comma_closers,
            semicolons: src.trivia.semicolons,
            arrow: src.trivia.arrow,
            leading_separator: src.trivia.leading_separator,
            fragment_wrappers: src
                .fragment_wrappers
                .into_iter()
                .map(|[p, s]| (p, s))
                .collect(),
            indent_sensitive: src.indent_sensitive,
        })
    }

    /// Role bits of a kind id (0 for unknown ids).
    pub(crate) fn role(&self, kind_id: u16) -> u32 {
        self.roles.get(usize::from(kind_id)).copied().unwrap_or(0)
    }

    /// The string rule of a kind carrying the `STRING` role.
    pub(crate) fn string_rule(&self, kind_id: u16) -> Option<&StringRule> {
        let i = self.string_of.get(usize::from(kind_id))?;
        self.strings.get(usize::from(*i))
    }

    /// Every node kind the rules name, for the grammar-drift test.
    #[cfg(test)]
    pub(crate) fn named_kinds(source: &str) -> Result<Vec<String>, String> {
        let s: Source = toml::from_str(source).map_err(|e| e.to_string())?;
        let mut all = Vec::new();
        for list in [
            s.identifiers,
            s.numbers,
            s.comments,
            s.verbatim,
            s.jsx_text,
            s.blocks,
            s.quoted_keys.parents,
            s.trivia.single_comma_parents,
            s.trivia.semicolon_keep_parents,
            s.trivia.leading_separator_parents,
            s.parens.wrappers,
            s.parens.free_parents,
            s.parens.atomic_inner,
            s.parens.keep_inner,
        ] {
            all.extend(list);
        }
        for st in s.strings {
            all.extend(st.kinds);
        }
        Ok(all)
    }
}
