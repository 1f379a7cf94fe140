//! Per-language rules: the TOML schema of `grammars/<lang>.toml` and its compiled form,
//! a role table indexed by tree-sitter kind id so the token walk does no string lookups.

use std::collections::HashMap;

use serde::Deserialize;

#[cfg(test)]
use super::kinds::KindFacts;
use super::kinds::{Assoc, KindTable, NamedEntry, Op, OperatorEntry, role};

#[cfg(test)]
/// Ids of the anonymous (unnamed) kinds spelled `name`; an operator token may have
/// several (one per lexical context).
fn anonymous_ids(grammar: &tree_sitter::Language, name: &str) -> Vec<usize> {
    (0..grammar.node_kind_count())
        .filter(|&id| {
            u16::try_from(id).is_ok_and(|id16| {
                !grammar.node_kind_is_named(id16) && grammar.node_kind_for_id(id16) == Some(name)
            })
        })
        .collect()
}

/// The kind ids of the subtypes of the named supertypes (hidden kinds such as Rust's
/// `_expression`), nested supertypes expanded.
fn subtypes(grammar: &tree_sitter::Language, names: &[String]) -> Result<Vec<u16>, String> {
    let supertypes = grammar.supertypes();
    let mut todo = Vec::new();
    for name in names {
        let id = grammar.id_for_node_kind(name, true);
        if !supertypes.contains(&id) {
            return Err(format!("`{name}` is not a supertype of the grammar"));
        }
        todo.push(id);
    }
    let mut out = Vec::new();
    while let Some(id) = todo.pop() {
        for &sub in grammar.subtypes_for_supertype(id) {
            if supertypes.contains(&sub) {
                todo.push(sub);
            } else if !out.contains(&sub) {
                out.push(sub);
            }
        }
    }
    Ok(out)
}

/// Closers of the trailing-comma lists and optional brackets, per named kind id.
#[cfg(test)]
type BracketTables = (
    HashMap<u16, Vec<String>>,
    Vec<String>,
    HashMap<u16, (String, String)>,
);

#[cfg(test)]
fn bracket_tables(
    trivia: &Trivia,
    grammar: &tree_sitter::Language,
) -> Result<BracketTables, String> {
    let count = grammar.node_kind_count();
    let named_ids = |name: &str| -> Vec<u16> {
        (0..count)
            .filter_map(|id| u16::try_from(id).ok())
            .filter(|&id| {
                grammar.node_kind_is_named(id) && grammar.node_kind_for_id(id) == Some(name)
            })
            .collect()
    };
    trivia.check_exceptions()?;
    let mut trailing_closers: HashMap<u16, Vec<String>> = HashMap::new();
    let mut any_closer: Vec<String> = Vec::new();
    for [kind, closer] in &trivia.trailing_commas {
        for id in named_ids(kind) {
            trailing_closers.entry(id).or_default().push(closer.clone());
        }
        if !any_closer.contains(closer) {
            any_closer.push(closer.clone());
        }
    }
    let mut optional_brackets = HashMap::new();
    for [kind, open, close] in &trivia.optional_brackets {
        for id in named_ids(kind) {
            optional_brackets.insert(id, (open.clone(), close.clone()));
        }
    }
    Ok((trailing_closers, any_closer, optional_brackets))
}

/// The operator an anonymous kind id stands for, per kind id.
#[cfg(test)]
type OpTable = Vec<Option<Op>>;

/// Binary and prefix operators per anonymous kind id, from the precedence levels (loosest
/// first: the first level is 1). An operator the grammar does not know, or listed on two
/// levels, is an error.
#[cfg(test)]
fn operator_tables(
    levels: &[LevelSource],
    grammar: &tree_sitter::Language,
) -> Result<(OpTable, OpTable), String> {
    let count = grammar.node_kind_count();
    let mut binary_ops = vec![None; count];
    let mut unary_ops = vec![None; count];
    for (i, level) in levels.iter().enumerate() {
        let op = level.op(i)?;
        for (names, table) in [
            (&level.binary, &mut binary_ops),
            (&level.unary, &mut unary_ops),
        ] {
            for name in names {
                let ids = anonymous_ids(grammar, name);
                if ids.is_empty() {
                    return Err(format!("operator `{name}` is unknown to the grammar"));
                }
                for id in ids {
                    if table[id].replace(op).is_some() {
                        return Err(format!("operator `{name}` has two levels"));
                    }
                }
            }
        }
    }
    Ok((binary_ops, unary_ops))
}

/// Role bits and string rule per kind id, filled kind list by kind list.
#[cfg(test)]
struct RoleTable<'g> {
    grammar: &'g tree_sitter::Language,
    roles: Vec<u64>,
    string_of: Vec<u8>,
}

#[cfg(test)]
impl<'g> RoleTable<'g> {
    /// No role for any kind of `grammar`.
    fn new(grammar: &'g tree_sitter::Language) -> RoleTable<'g> {
        let count = grammar.node_kind_count();
        RoleTable {
            grammar,
            roles: vec![0; count],
            string_of: vec![0; count],
        }
    }

    /// Sets `bit` on every named kind spelled as one of `names` (anonymous kinds are left
    /// alone), and string rule `string` when given.
    fn mark(&mut self, names: &[String], bit: u64, string: Option<u8>) {
        for id in 0..self.roles.len() {
            let Ok(id16) = u16::try_from(id) else { break };
            if !self.grammar.node_kind_is_named(id16) {
                continue;
            }
            let Some(kind) = self.grammar.node_kind_for_id(id16) else {
                continue;
            };
            if names.iter().any(|n| n == kind) {
                self.roles[id] |= bit;
                if let Some(s) = string {
                    self.string_of[id] = s;
                }
            }
        }
    }
}

/// Raw TOML shape. Field names are the vocabulary a grammar file may use.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    /// Leaf kinds that are identifiers (reported as identifier differences).
    identifiers: Vec<String>,
    /// Number literal kinds (normalised: `.5`/`0.5`, `1E5`/`1e5`, `0XAB`/`0xab`).
    numbers: Vec<String>,
    /// Comment kinds, skipped with their whole subtree (including line continuations).
    comments: Vec<String>,
    /// Kinds that are a comment when all they hold is comments (JSX's `{/* note */}`).
    #[serde(default)]
    comment_containers: Vec<String>,
    /// What opens a comment running to the line's end (`//`, `#`): the text tiers keep such
    /// a comment on the line it ends.
    #[serde(default)]
    line_comments: Vec<String>,
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
    /// Statement kinds whose end is syntax even where its spelling (`;`, a line break)
    /// is optional or layout: each gets a synthetic end marker, so `b;\n(c)` (two
    /// statements) never equals `b\n(c)` (one call) once `;` is dropped.
    #[serde(default)]
    statements: Vec<String>,
    /// Fragments are dedented before parsing (indentation is syntax).
    #[serde(default)]
    indent_sensitive: bool,
    /// A list whose closer stands on a later line than its last item must end with a comma
    /// (Go), whatever the file's other lists do.
    #[serde(default)]
    multiline_trailing_comma: bool,
    /// `[prefix, suffix]` pairs tried around a fragment that does not parse alone; a
    /// third item limits the wrapper to fragments starting (after whitespace) with it
    /// (`[receiver, "", "."]` for the middle of a method chain).
    #[serde(default)]
    fragment_wrappers: Vec<Vec<String>>,
    strings: Vec<StringSource>,
    #[serde(default)]
    quoted_keys: QuotedKeys,
    trivia: Trivia,
    parens: Parens,
    #[serde(default)]
    precedence: Precedence,
    #[serde(default)]
    unwrap: Unwrap,
    #[serde(default)]
    merge_attributes: MergeAttributes,
    #[serde(default)]
    conventions: Conventions,
}

impl Source {
    /// The kind lists that each give their kinds one role bit (every list but the string
    /// rules' kinds), with the bit.
    fn role_lists(&self) -> Vec<(&[String], u64)> {
        let (trivia, parens) = (&self.trivia, &self.parens);
        vec![
            (&self.identifiers, role::IDENT),
            (&self.numbers, role::NUMBER),
            (&self.comments, role::COMMENT),
            (&self.comment_containers, role::COMMENT_CONTAINER),
            (&self.verbatim, role::VERBATIM),
            (&self.blocks, role::BLOCK),
            (&self.statements, role::STATEMENT),
            (&self.jsx_text, role::JSX_TEXT),
            (&self.quoted_keys.parents, role::QUOTED_KEY_PARENT),
            (&trivia.single_comma_parents, role::SINGLE_COMMA_PARENT),
            (&trivia.semicolon_keep_parents, role::SEMICOLON_KEEP_PARENT),
            (
                &trivia.leading_separator_parents,
                role::LEADING_SEPARATOR_PARENT,
            ),
            (&parens.wrappers, role::PAREN_WRAPPER),
            (&parens.free_parents, role::PAREN_FREE_PARENT),
            (&parens.atomic_inner, role::PAREN_ATOMIC),
            (&parens.keep_inner, role::PAREN_KEEP_INNER),
            (&self.precedence.binary, role::PREC_BINARY),
            (&self.precedence.unary, role::PREC_UNARY),
            (&self.precedence.tight, role::PREC_TIGHT),
            (&trivia.terminator_commas, role::TERMINATOR_COMMA_PARENT),
            (&trivia.unordered_lists, role::UNORDERED),
            (&trivia.hidden_token_parents, role::HIDDEN_TOKEN_PARENT),
            (&parens.closed_parents, role::PAREN_CLOSED_PARENT),
            (&parens.unbracketed_lists, role::UNBRACKETED_LIST),
            (&parens.unbracketed_parents, role::UNBRACKETED_PARENT),
            (&self.unwrap.wrappers, role::UNWRAP_WRAPPER),
            (&self.unwrap.parents, role::UNWRAP_PARENT),
            (&self.merge_attributes.items, role::MERGE_ITEM),
            (
                &self.conventions.quotes_apart_parents,
                role::QUOTES_APART_PARENT,
            ),
            (&self.conventions.commas_apart, role::COMMAS_APART),
            (&self.conventions.width_lists, role::WIDTH_LIST),
            (&self.conventions.width_hugs, role::WIDTH_HUG),
        ]
        .into_iter()
        .map(|(names, bit)| (names.as_slice(), bit))
        .collect()
    }
}

/// What the writer's convention learning (structural::conventions) must know.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Conventions {
    /// Strings directly under these kinds follow a quote rule of their own (a JSX
    /// attribute's are double-quoted in a single-quoted file): neither learned nor respelled.
    #[serde(default)]
    quotes_apart_parents: Vec<String>,
    /// Lists whose trailing comma is never added or dropped for the file's sake (a macro's
    /// token tree: what a comma means there is the macro's business); they still count
    /// when the convention is learned.
    #[serde(default)]
    commas_apart: Vec<String>,
    /// Argument lists a formatter with a print width (Prettier) puts on one line when they
    /// fit and breaks one argument per line when they do not: the file's own lists bound its
    /// width, and a line the write makes wider is broken the same way
    /// (`write::structural::width`). None: the file's formatter keeps no width to follow.
    #[serde(default)]
    width_lists: Vec<String>,
    /// Arguments that formatter hugs when last (`f(a, {` … `})`: objects, arrays, functions):
    /// a list holding one is no evidence of the width, and a line hugging one is broken only
    /// when even its first line does not fit.
    #[serde(default)]
    width_hugs: Vec<String>,
}

#[derive(Debug, PartialEq, Deserialize)]
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

#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct QuotedKeys {
    #[serde(default)]
    parents: Vec<String>,
    #[serde(default)]
    fields: Vec<String>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Trivia {
    /// `[kind, closer]`: in a node of `kind`, a `,` right before its `closer` token is an
    /// optional trailing comma. Derived from the pinned grammar (see `lang::derive`).
    trailing_commas: Vec<[String; 2]>,
    /// Kinds whose derived trailing commas are left out on purpose (read by the derivation
    /// test only): a comma that is a separator with meaning there.
    #[serde(default)]
    trailing_comma_exceptions: Vec<String>,
    /// `[kind, open, close]`: brackets the grammar makes optional around the same content
    /// in `kind` (`from a import (b)` is `from a import b`). Derived like `trailing_commas`.
    #[serde(default)]
    optional_brackets: Vec<[String; 3]>,
    /// Kinds whose own `,` is a terminator the grammar requires or not depending on what
    /// precedes it (a Rust match arm: `0 => g(v),` but `0 => { g(v) }`); the kind must be
    /// a statement, whose end marker then stands for the comma.
    #[serde(default)]
    terminator_commas: Vec<String>,
    /// Lists whose items are compared in a canonical order (a formatter sorts them:
    /// rustfmt and the items of one `use` brace list).
    #[serde(default)]
    unordered_lists: Vec<String>,
    /// Kinds with a token the grammar matches by a pattern and leaves out of the tree (a
    /// Rust macro repetition's separator): the text between their children counts.
    #[serde(default)]
    hidden_token_parents: Vec<String>,
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

impl Trivia {
    /// A kind both derived as a trailing-comma list and left out as an exception is an error.
    fn check_exceptions(&self) -> Result<(), String> {
        match self
            .trailing_commas
            .iter()
            .find(|[kind, _]| self.trailing_comma_exceptions.contains(kind))
        {
            Some([kind, _]) => Err(format!(
                "`{kind}` is both a trailing-comma list and an exception"
            )),
            None => Ok(()),
        }
    }
}

#[derive(Debug, PartialEq, Deserialize)]
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
    /// Parents where parens are redundant around an expression built only of the
    /// precedence table's operators over atoms (Python's comprehension `if (a and b)`;
    /// never a lambda or conditional expression, which would read differently there).
    #[serde(default)]
    closed_parents: Vec<String>,
    /// Bracketed lists (Python's `tuple`) equal to the same list unbracketed in the
    /// parents below: `x = (a, b)` is `x = a, b`; never an empty one, never elsewhere
    /// (`f((a, b))` is a call with one argument).
    #[serde(default)]
    unbracketed_lists: Vec<String>,
    #[serde(default)]
    unbracketed_parents: Vec<String>,
}

/// Blocks that equal the one expression they hold, in the parents listed: rustfmt writes
/// `0 => g(v),` for `0 => { g(v) }`.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Unwrap {
    /// Block kinds whose first and last tokens (the braces) become layout.
    #[serde(default)]
    wrappers: Vec<String>,
    #[serde(default)]
    parents: Vec<String>,
    /// Supertypes (hidden kinds) whose subtypes are expressions: the block's only child
    /// must be one (a statement such as `g(v);` keeps the braces).
    #[serde(default)]
    inner_supertypes: Vec<String>,
}

/// Adjacent attribute items naming the same attribute read as one: rustfmt merges
/// `#[derive(A)]\n#[derive(B)]` into `#[derive(A, B)]`.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct MergeAttributes {
    /// The attribute item kind (`#[...]`).
    #[serde(default)]
    items: Vec<String>,
    /// Attribute names whose argument lists concatenate.
    #[serde(default)]
    names: Vec<String>,
}

/// Operator precedence, for parens around an operand of a binary expression: they are
/// redundant when the wrapped expression binds tighter than the operator(s) next to it.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct Precedence {
    /// Binary-expression kinds: operands are the named children, operators the
    /// anonymous ones (a comparison chain may have several).
    #[serde(default)]
    binary: Vec<String>,
    /// Prefix-operator kinds (one anonymous operator token, one operand).
    #[serde(default)]
    unary: Vec<String>,
    /// Kinds that bind tighter than every operator (member access, calls, indexing).
    #[serde(default)]
    tight: Vec<String>,
    /// Precedence levels, loosest first.
    #[serde(default)]
    levels: Vec<LevelSource>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelSource {
    /// Binary operator tokens of this level (anonymous kinds, as the grammar names them).
    #[serde(default)]
    binary: Vec<String>,
    /// Prefix operator tokens of this level.
    #[serde(default)]
    unary: Vec<String>,
    /// How same-level operators group; `none` keeps every paren between two of them.
    #[serde(default)]
    assoc: Assoc,
    /// Parens next to this operator are always significant (`??` cannot mix unparenthesised).
    #[serde(default)]
    isolated: bool,
}

impl LevelSource {
    /// The operator of this level, the `index`th (0-based) loosest.
    fn op(&self, index: usize) -> Result<Op, String> {
        Ok(Op {
            level: u16::try_from(index + 1).map_err(|_| "too many precedence levels")?,
            assoc: self.assoc,
            isolated: self.isolated,
        })
    }
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

impl From<StringSource> for StringRule {
    fn from(s: StringSource) -> StringRule {
        StringRule {
            quotes: s.quotes,
            prefixes: s.prefixes,
            raw: s.raw,
            ignored: s.ignored,
            hashes: s.hashes,
            escapes: s.escapes,
            tag: s.tag,
        }
    }
}

/// Text put around a fragment so it parses in context.
#[derive(Debug, Clone)]
pub(crate) struct Wrapper {
    pub prefix: String,
    pub suffix: String,
    /// Only for fragments whose text starts (after whitespace) with this.
    pub lead: Option<String>,
}

impl Wrapper {
    /// A `fragment_wrappers` item: `[prefix, suffix]` or `[prefix, suffix, lead]`.
    fn from_source(item: Vec<String>) -> Result<Wrapper, &'static str> {
        match <[String; 3]>::try_from(item) {
            Ok([prefix, suffix, lead]) => Ok(Wrapper {
                prefix,
                suffix,
                lead: Some(lead),
            }),
            Err(item) => match <[String; 2]>::try_from(item) {
                Ok([prefix, suffix]) => Ok(Wrapper {
                    prefix,
                    suffix,
                    lead: None,
                }),
                Err(_) => Err("a fragment wrapper is [prefix, suffix] or [prefix, suffix, lead]"),
            },
        }
    }

    /// The wrapper applies to `fragment`.
    pub(crate) fn fits(&self, fragment: &str) -> bool {
        self.lead
            .as_deref()
            .is_none_or(|lead| fragment.trim_start().starts_with(lead))
    }
}

/// Compiled rules of one language.
#[derive(Debug)]
pub(crate) struct Rules {
    /// Role bits, string rule, operators and bracket facts per kind id, derived on first use.
    kinds: KindTable,
    pub strings: Vec<StringRule>,
    pub quoted_key_fields: Vec<String>,
    /// Every closer of the trailing-comma lists: for commas whose list error recovery lost.
    pub any_closer: Vec<String>,
    /// Attribute names whose adjacent items merge.
    pub merged_attributes: Vec<String>,
    pub semicolons: bool,
    pub arrow: Option<String>,
    pub leading_separator: Option<String>,
    pub fragment_wrappers: Vec<Wrapper>,
    pub indent_sensitive: bool,
    /// A list whose closer stands on a later line than its last item must end with a comma.
    pub multiline_trailing_comma: bool,
}

impl Source {
    /// What the kind lists say per named kind spelling: role bits, string rule, trailing-comma
    /// closers and optional brackets, in the lists' order (a later string rule or bracket pair
    /// for the same kind wins, as a later list entry does).
    fn named_entries(&self) -> Result<HashMap<String, NamedEntry>, String> {
        self.trivia.check_exceptions()?;
        let mut named: HashMap<String, NamedEntry> = HashMap::new();
        for (names, bit) in self.role_lists() {
            for name in names {
                named.entry(name.clone()).or_default().roles |= bit;
            }
        }
        for (i, rule) in self.strings.iter().enumerate() {
            let index = u8::try_from(i).map_err(|_| "too many string rules")?;
            for kind in &rule.kinds {
                let entry = named.entry(kind.clone()).or_default();
                entry.roles |= role::STRING;
                entry.string_of = Some(index);
            }
        }
        for [kind, closer] in &self.trivia.trailing_commas {
            let entry = named.entry(kind.clone()).or_default();
            entry.trailing_closers.push(closer.clone());
        }
        for [kind, open, close] in &self.trivia.optional_brackets {
            let entry = named.entry(kind.clone()).or_default();
            entry.optional_brackets = Some((open.clone(), close.clone()));
        }
        Ok(named)
    }

    /// The binary and prefix operator per anonymous token spelling, from the precedence
    /// levels (loosest first). A spelling listed on two levels is an error.
    fn operator_entries(&self) -> Result<HashMap<String, OperatorEntry>, String> {
        let mut operators: HashMap<String, OperatorEntry> = HashMap::new();
        for (i, level) in self.precedence.levels.iter().enumerate() {
            let op = level.op(i)?;
            for name in &level.binary {
                if operators
                    .entry(name.clone())
                    .or_default()
                    .0
                    .replace(op)
                    .is_some()
                {
                    return Err(format!("operator `{name}` has two levels"));
                }
            }
            for name in &level.unary {
                if operators
                    .entry(name.clone())
                    .or_default()
                    .1
                    .replace(op)
                    .is_some()
                {
                    return Err(format!("operator `{name}` has two levels"));
                }
            }
        }
        Ok(operators)
    }

    /// Every closer of the trailing-comma lists, once, in their order.
    fn any_closer(&self) -> Vec<String> {
        let mut any_closer: Vec<String> = Vec::new();
        for [_, closer] in &self.trivia.trailing_commas {
            if !any_closer.contains(closer) {
                any_closer.push(closer.clone());
            }
        }
        any_closer
    }
}

impl Rules {
    /// The rules of a grammar file as `build.rs` wrote it (JSON, the schema above), for the
    /// grammar it is for. Kind facts are derived per kind on first use ([`KindTable`]).
    pub(crate) fn from_json(json: &str, grammar: &tree_sitter::Language) -> Result<Rules, String> {
        let source: Source = serde_json::from_str(json).map_err(|e| e.to_string())?;
        Rules::from_source(source, grammar)
    }

    /// Compiles a grammar file (`source`, the TOML schema above) against the grammar it is
    /// for, checking every kind and operator it names against the grammar (the full
    /// derivation, [`Derived`]). An error says what the file gets wrong (a kind list that
    /// contradicts another, an unknown operator or supertype, a malformed wrapper).
    #[cfg(test)]
    pub(crate) fn compile(source: &str, grammar: &tree_sitter::Language) -> Result<Rules, String> {
        let src: Source = toml::from_str(source).map_err(|e| e.to_string())?;
        Derived::of(&src, grammar)?;
        Rules::from_source(src, grammar)
    }

    /// The rules of a parsed grammar file: its lists by name, answered per kind id lazily.
    fn from_source(src: Source, grammar: &tree_sitter::Language) -> Result<Rules, String> {
        if src.strings.len() > usize::from(u8::MAX) {
            return Err("too many string rules".into());
        }
        let kinds = KindTable::new(
            grammar,
            src.named_entries()?,
            src.operator_entries()?,
            subtypes(grammar, &src.unwrap.inner_supertypes)?,
        );
        let any_closer = src.any_closer();
        let fragment_wrappers = src
            .fragment_wrappers
            .into_iter()
            .map(Wrapper::from_source)
            .collect::<Result<_, _>>()?;
        Ok(Rules {
            kinds,
            strings: src.strings.into_iter().map(StringRule::from).collect(),
            quoted_key_fields: src.quoted_keys.fields,
            any_closer,
            merged_attributes: src.merge_attributes.names,
            semicolons: src.trivia.semicolons,
            arrow: src.trivia.arrow,
            leading_separator: src.trivia.leading_separator,
            fragment_wrappers,
            indent_sensitive: src.indent_sensitive,
            multiline_trailing_comma: src.multiline_trailing_comma,
        })
    }

    /// Whether some kind has the role `bit`.
    pub(crate) fn any_role(&self, bit: u64) -> bool {
        self.kinds.any_role(bit)
    }

    /// Role bits of a kind id (0 for unknown ids).
    pub(crate) fn role(&self, kind_id: u16) -> u64 {
        self.kinds.of(kind_id).map_or(0, |k| k.roles)
    }

    /// The binary operator an anonymous kind id stands for, if the table lists it.
    pub(crate) fn binary_op(&self, kind_id: u16) -> Option<Op> {
        self.kinds.of(kind_id)?.binary
    }

    /// The prefix operator an anonymous kind id stands for, if the table lists it.
    pub(crate) fn unary_op(&self, kind_id: u16) -> Option<Op> {
        self.kinds.of(kind_id)?.unary
    }

    /// The closers before which a `,` directly inside a `kind_id` node is a trailing comma.
    pub(crate) fn trailing_closers(&self, kind_id: u16) -> &[String] {
        self.kinds
            .of(kind_id)
            .map_or(&[], |k| k.trailing_closers.as_slice())
    }

    /// The brackets a `kind_id` node may have or omit around the same content.
    pub(crate) fn optional_brackets(&self, kind_id: u16) -> Option<(&str, &str)> {
        let (open, close) = self.kinds.of(kind_id)?.optional_brackets.as_ref()?;
        Some((open.as_str(), close.as_str()))
    }

    /// The string rule of a kind carrying the `STRING` role.
    pub(crate) fn string_rule(&self, kind_id: u16) -> Option<&StringRule> {
        let i = self.kinds.of(kind_id)?.string_of;
        self.strings.get(usize::from(i))
    }

    /// The facts of `kind_id` as the rules answer them, to compare with [`Derived`].
    #[cfg(test)]
    pub(crate) fn facts(&self, kind_id: u16) -> Option<KindFacts> {
        self.kinds.of(kind_id).cloned()
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
            s.comment_containers,
            s.verbatim,
            s.jsx_text,
            s.blocks,
            s.statements,
            s.quoted_keys.parents,
            s.trivia.single_comma_parents,
            s.trivia.semicolon_keep_parents,
            s.trivia.leading_separator_parents,
            s.parens.wrappers,
            s.parens.free_parents,
            s.parens.atomic_inner,
            s.parens.keep_inner,
            s.precedence.binary,
            s.precedence.unary,
            s.precedence.tight,
            s.trivia.terminator_commas,
            s.trivia.trailing_comma_exceptions,
            s.trivia.unordered_lists,
            s.trivia.hidden_token_parents,
            s.parens.closed_parents,
            s.parens.unbracketed_lists,
            s.parens.unbracketed_parents,
            s.unwrap.wrappers,
            s.unwrap.parents,
            s.unwrap.inner_supertypes,
            s.merge_attributes.items,
            s.conventions.quotes_apart_parents,
            s.conventions.commas_apart,
            s.conventions.width_lists,
            s.conventions.width_hugs,
        ] {
            all.extend(list);
        }
        all.extend(s.trivia.trailing_commas.into_iter().map(|[kind, _]| kind));
        all.extend(
            s.trivia
                .optional_brackets
                .into_iter()
                .map(|[kind, ..]| kind),
        );
        for st in s.strings {
            all.extend(st.kinds);
        }
        Ok(all)
    }
}

/// The kind tables derived up front from the grammar, every kind id at once: the run-time
/// derivation the rules did before they were derived per kind, kept as the check that
/// [`Rules`] answers every kind id the same ([`Derived::facts`]) and to report what a grammar
/// file names that its grammar lacks.
#[cfg(test)]
pub(crate) struct Derived {
    roles: Vec<u64>,
    string_of: Vec<u8>,
    binary_ops: OpTable,
    unary_ops: OpTable,
    trailing_closers: HashMap<u16, Vec<String>>,
    optional_brackets: HashMap<u16, (String, String)>,
}

#[cfg(test)]
impl Derived {
    /// Derives the tables of a grammar file (TOML) for `grammar`.
    pub(crate) fn compile(
        source: &str,
        grammar: &tree_sitter::Language,
    ) -> Result<Derived, String> {
        let src: Source = toml::from_str(source).map_err(|e| e.to_string())?;
        Derived::of(&src, grammar)
    }

    fn of(src: &Source, grammar: &tree_sitter::Language) -> Result<Derived, String> {
        let mut table = RoleTable::new(grammar);
        for (names, bit) in src.role_lists() {
            table.mark(names, bit, None);
        }
        for (i, s) in src.strings.iter().enumerate() {
            table.mark(&s.kinds, role::STRING, u8::try_from(i).ok());
        }
        for id in subtypes(grammar, &src.unwrap.inner_supertypes)? {
            table.roles[usize::from(id)] |= role::UNWRAP_INNER;
        }
        let (trailing_closers, _, optional_brackets) = bracket_tables(&src.trivia, grammar)?;
        let (binary_ops, unary_ops) = operator_tables(&src.precedence.levels, grammar)?;
        Ok(Derived {
            roles: table.roles,
            string_of: table.string_of,
            binary_ops,
            unary_ops,
            trailing_closers,
            optional_brackets,
        })
    }

    /// The facts of `kind_id`; `None` for an id the grammar does not have.
    pub(crate) fn facts(&self, kind_id: u16) -> Option<KindFacts> {
        let id = usize::from(kind_id);
        Some(KindFacts {
            roles: *self.roles.get(id)?,
            string_of: self.string_of[id],
            binary: self.binary_ops[id],
            unary: self.unary_ops[id],
            trailing_closers: self
                .trailing_closers
                .get(&kind_id)
                .cloned()
                .unwrap_or_default(),
            optional_brackets: self.optional_brackets.get(&kind_id).cloned(),
        })
    }

    /// Whether some kind has the role `bit`.
    pub(crate) fn any_role(&self, bit: u64) -> bool {
        self.roles.iter().any(|r| r & bit != 0)
    }
}

/// The grammar file `toml` and its JSON form (`build.rs`) read as the same schema.
#[cfg(test)]
pub(crate) fn same_source(toml: &str, json: &str) -> Result<bool, String> {
    let from_toml: Source = toml::from_str(toml).map_err(|e| e.to_string())?;
    let from_json: Source = serde_json::from_str(json).map_err(|e| e.to_string())?;
    Ok(from_toml == from_json)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "identifiers = []\nnumbers = []\ncomments = []\nstrings = []\n\
        [trivia]\ntrailing_commas = []\n\
        [parens]\nwrappers = []\nfree_parents = []\natomic_inner = []\nkeep_inner = []\n";

    /// The minimal rules with `top` (top-level keys) and `tables` added.
    fn compile_with(top: &str, tables: &str) -> Result<Rules, String> {
        let grammar: tree_sitter::Language = tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into();
        Rules::compile(&format!("{top}{BASE}{tables}"), &grammar)
    }

    fn compile(tables: &str) -> Result<Rules, String> {
        compile_with("", tables)
    }

    #[test]
    fn precedence_levels_compile_loosest_first() {
        let rules = compile(
            "[precedence]\nbinary = [\"binary_expression\"]\nlevels = [\n\
             { binary = [\"??\"], isolated = true },\n\
             { binary = [\"||\"], assoc = \"left\" },\n\
             { unary = [\"-\"] },\n\
             { binary = [\"**\"], assoc = \"right\" },\n]\n",
        )
        .expect("compiles");
        let grammar: tree_sitter::Language = tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into();
        let id = |name: &str| {
            let ids = anonymous_ids(&grammar, name);
            u16::try_from(ids[0]).expect("id fits")
        };
        let nullish = rules.binary_op(id("??")).expect("listed");
        let or = rules.binary_op(id("||")).expect("listed");
        let pow = rules.binary_op(id("**")).expect("listed");
        assert!(nullish.isolated && nullish.assoc == Assoc::None);
        assert!(nullish.level < or.level && or.level < pow.level);
        assert_eq!(or.assoc, Assoc::Left);
        assert_eq!(pow.assoc, Assoc::Right);
        assert!(rules.binary_op(id("-")).is_none());
        assert!(rules.unary_op(id("-")).is_some_and(|u| u.level < pow.level));
    }

    #[test]
    fn listed_named_kinds_get_their_roles_and_string_rule() {
        let top = "strings = [{ kinds = [\"string\"], quotes = [\"'\"], tag = \"s\" }, \
             { kinds = [\"template_string\"], quotes = [\"`\"], tag = \"t\" }]\n";
        let base = BASE.replace("strings = []\n", top);
        let grammar: tree_sitter::Language = tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into();
        let source = format!("{base}[unwrap]\nparents = [\"string\"]\n");
        let rules = Rules::compile(&source, &grammar).expect("compiles");
        let named = |kind: &str| grammar.id_for_node_kind(kind, true);
        let template = named("template_string");
        assert_eq!(rules.role(template), role::STRING);
        assert_eq!(
            rules.string_rule(template).map(|r| r.tag.as_str()),
            Some("t")
        );
        assert_eq!(
            rules.role(named("string")),
            role::STRING | role::UNWRAP_PARENT
        );
        assert_eq!(
            rules.string_rule(named("string")).map(|r| r.tag.as_str()),
            Some("s")
        );
        assert_eq!(rules.role(named("identifier")), 0);
        let anonymous = u16::try_from(anonymous_ids(&grammar, "+")[0]).expect("id fits");
        assert_eq!(rules.role(anonymous), 0);
    }

    #[test]
    fn wrappers_may_require_a_leading_token() {
        let rules = compile_with(
            "fragment_wrappers = [[\"x\\n\", \"\", \".\"], [\"{\", \"}\"]]\n",
            "",
        )
        .expect("compiles");
        let [chain, any] = rules.fragment_wrappers.as_slice() else {
            panic!("two wrappers");
        };
        assert!(chain.fits("  .map(f)") && !chain.fits("map(f)"));
        assert!(any.fits("map(f)") && any.fits(".map(f)"));
        assert!(compile_with("fragment_wrappers = [[\"x\"]]\n", "").is_err());
    }

    #[test]
    fn unknown_or_doubly_listed_operators_are_errors() {
        let unknown = compile("[precedence]\nlevels = [{ binary = [\"<=>\"] }]\n");
        assert!(unknown.is_err_and(|e| e.contains("<=>")));
        let twice =
            compile("[precedence]\nlevels = [{ binary = [\"+\"] }, { binary = [\"+\"] }]\n");
        assert!(twice.is_err_and(|e| e.contains("two levels")));
    }
}
