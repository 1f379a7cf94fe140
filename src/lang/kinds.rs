//! What the grammar data says about each kind id (its role bits and operator, [`role`], [`Op`]),
//! derived the first time the kind is asked about rather than for every kind of the grammar
//! when the rules load.
//!
//! The grammar file names kinds; the token walk asks by kind id. Deriving the whole table up
//! front costs a walk over every symbol of the grammar per kind list (each symbol's name read
//! and checked as UTF-8), the same work in every process, most of it for kinds no edit meets.
//! Here the file's lists become maps by name once (no grammar walk), and a kind id is looked up
//! by its name on first use, the answer kept for the process. The eager derivation
//! (`rules::Derived`, tests only) is the check that both give the same answer for every id.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// The facts of one kind id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct KindFacts {
    /// Role bits ([`role`]).
    pub roles: u64,
    /// String rule index (meaningful where `STRING` is set; 0 otherwise).
    pub string_of: u8,
    /// The binary operator an anonymous kind stands for.
    pub binary: Option<Op>,
    /// The prefix operator an anonymous kind stands for.
    pub unary: Option<Op>,
    /// Closers before which a `,` directly inside a node of this kind is a trailing comma.
    pub trailing_closers: Vec<String>,
    /// Brackets a node of this kind may have or omit around the same content.
    pub optional_brackets: Option<(String, String)>,
}

/// What the grammar file says about the named kinds spelled one way.
#[derive(Debug, Default)]
pub(crate) struct NamedEntry {
    pub roles: u64,
    /// The last string rule listing the kind.
    pub string_of: Option<u8>,
    pub trailing_closers: Vec<String>,
    pub optional_brackets: Option<(String, String)>,
}

/// The binary and the prefix operator an anonymous token spelling stands for.
pub(crate) type OperatorEntry = (Option<Op>, Option<Op>);

/// The grammar data by kind name, answered by kind id lazily.
pub(crate) struct KindTable {
    grammar: tree_sitter::Language,
    named: HashMap<String, NamedEntry>,
    operators: HashMap<String, OperatorEntry>,
    /// Kind ids with the `UNWRAP_INNER` role (subtypes of the listed supertypes).
    unwrap_inner: Vec<u16>,
    /// Every role bit some kind has.
    any_roles: u64,
    facts: Box<[OnceLock<KindFacts>]>,
}

impl std::fmt::Debug for KindTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KindTable")
            .field("named", &self.named.len())
            .field("operators", &self.operators.len())
            .field("unwrap_inner", &self.unwrap_inner)
            .finish_non_exhaustive()
    }
}

impl KindTable {
    /// The table of `grammar` from the file's lists by name. `named` must name only kinds
    /// the grammar has as named kinds (the grammar-drift test checks the files), so that the
    /// roles some kind has are the roles of the entries.
    pub(crate) fn new(
        grammar: &tree_sitter::Language,
        named: HashMap<String, NamedEntry>,
        operators: HashMap<String, OperatorEntry>,
        unwrap_inner: Vec<u16>,
    ) -> KindTable {
        let mut any_roles = named.values().fold(0, |all, entry| all | entry.roles);
        if !unwrap_inner.is_empty() {
            any_roles |= role::UNWRAP_INNER;
        }
        let facts = (0..grammar.node_kind_count())
            .map(|_| OnceLock::new())
            .collect();
        KindTable {
            grammar: grammar.clone(),
            named,
            operators,
            unwrap_inner,
            any_roles,
            facts,
        }
    }

    /// The facts of `kind_id`, derived on first use; `None` for an id the grammar does not
    /// have.
    pub(crate) fn of(&self, kind_id: u16) -> Option<&KindFacts> {
        let slot = self.facts.get(usize::from(kind_id))?;
        Some(slot.get_or_init(|| self.derive(kind_id)))
    }

    /// Whether some kind has the role `bit`.
    pub(crate) fn any_role(&self, bit: u64) -> bool {
        self.any_roles & bit != 0
    }

    /// The facts of `kind_id` from its name: a named kind's entry, an anonymous kind's
    /// operators.
    fn derive(&self, kind_id: u16) -> KindFacts {
        let mut facts = KindFacts::default();
        let name = self.grammar.node_kind_for_id(kind_id);
        if self.grammar.node_kind_is_named(kind_id) {
            if let Some(entry) = name.and_then(|n| self.named.get(n)) {
                facts.roles = entry.roles;
                facts.string_of = entry.string_of.unwrap_or(0);
                facts.trailing_closers.clone_from(&entry.trailing_closers);
                facts.optional_brackets.clone_from(&entry.optional_brackets);
            }
        } else if let Some(&(binary, unary)) = name.and_then(|n| self.operators.get(n)) {
            facts.binary = binary;
            facts.unary = unary;
        }
        if self.unwrap_inner.contains(&kind_id) {
            facts.roles |= role::UNWRAP_INNER;
        }
        facts
    }
}

/// Associativity of one precedence level.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Assoc {
    /// `(a - b) - c` is `a - b - c`.
    Left,
    /// `a ** (b ** c)` is `a ** b ** c`.
    Right,
    /// Parens between two operators of the level never go (comparison chains).
    #[default]
    None,
}

/// One operator's place in the precedence table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Op {
    /// Higher binds tighter.
    pub level: u16,
    pub assoc: Assoc,
    pub isolated: bool,
}

pub(crate) mod role {
    pub(crate) const IDENT: u64 = 1;
    pub(crate) const NUMBER: u64 = 1 << 1;
    pub(crate) const COMMENT: u64 = 1 << 2;
    pub(crate) const VERBATIM: u64 = 1 << 3;
    pub(crate) const BLOCK: u64 = 1 << 4;
    pub(crate) const STRING: u64 = 1 << 5;
    pub(crate) const QUOTED_KEY_PARENT: u64 = 1 << 6;
    pub(crate) const SINGLE_COMMA_PARENT: u64 = 1 << 7;
    pub(crate) const SEMICOLON_KEEP_PARENT: u64 = 1 << 8;
    pub(crate) const LEADING_SEPARATOR_PARENT: u64 = 1 << 9;
    pub(crate) const PAREN_WRAPPER: u64 = 1 << 10;
    pub(crate) const PAREN_FREE_PARENT: u64 = 1 << 11;
    pub(crate) const PAREN_ATOMIC: u64 = 1 << 12;
    pub(crate) const PAREN_KEEP_INNER: u64 = 1 << 13;
    pub(crate) const JSX_TEXT: u64 = 1 << 14;
    pub(crate) const PREC_BINARY: u64 = 1 << 15;
    pub(crate) const PREC_UNARY: u64 = 1 << 16;
    pub(crate) const PREC_TIGHT: u64 = 1 << 17;
    pub(crate) const STATEMENT: u64 = 1 << 18;
    pub(crate) const TERMINATOR_COMMA_PARENT: u64 = 1 << 19;
    pub(crate) const UNORDERED: u64 = 1 << 20;
    pub(crate) const UNWRAP_WRAPPER: u64 = 1 << 21;
    pub(crate) const UNWRAP_PARENT: u64 = 1 << 22;
    pub(crate) const UNWRAP_INNER: u64 = 1 << 23;
    pub(crate) const MERGE_ITEM: u64 = 1 << 24;
    pub(crate) const PAREN_CLOSED_PARENT: u64 = 1 << 25;
    pub(crate) const UNBRACKETED_LIST: u64 = 1 << 26;
    pub(crate) const UNBRACKETED_PARENT: u64 = 1 << 27;
    pub(crate) const QUOTES_APART_PARENT: u64 = 1 << 28;
    pub(crate) const HIDDEN_TOKEN_PARENT: u64 = 1 << 29;
    pub(crate) const COMMAS_APART: u64 = 1 << 30;
    pub(crate) const WIDTH_LIST: u64 = 1 << 31;
    pub(crate) const WIDTH_HUG: u64 = 1 << 32;
    pub(crate) const COMMENT_CONTAINER: u64 = 1 << 33;
}
