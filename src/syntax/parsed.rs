//! The parse of a whole file: its tree, its significant tokens (interned), its comments and
//! the paren wrappers the comparison ignored — built once per document and reused by every
//! locate and rewrite on it.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex, OnceLock};

use super::token::TokenClass;
use super::tokens;
use crate::lang::Language;

/// The last re-parse of a syntax's text: (replaced range, inserted bytes) and the tree.
#[derive(Debug, Default)]
pub(crate) struct Last(pub(crate) Mutex<Option<LastTree>>);

pub(crate) type LastTree = ((usize, usize), Vec<u8>, tree_sitter::Tree);

/// A windowed syntax shared by a match and the writer that uses it (compared by identity).
#[derive(Debug, Clone)]
pub(crate) struct Held(pub(crate) Arc<Syntax>);

impl PartialEq for Held {
    fn eq(&self, other: &Held) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Held {}

/// A file token: interned key plus where it sits.
#[derive(Debug, Clone)]
pub(crate) struct FileToken {
    pub sym: u32,
    pub class: TokenClass,
    pub ident: bool,
    pub range: Range<usize>,
    /// A statement ends right after this token.
    pub end: bool,
}

/// The parse of one text (a whole file): its tree and its significant tokens, built
/// once per document and reused by every locate/rewrite call on it.
pub(crate) struct Syntax {
    lang: Language,
    pub(crate) tree: Option<tree_sitter::Tree>,
    pub(crate) tokens: Vec<FileToken>,
    pub(crate) comments: Vec<Range<usize>>,
    /// Paren wrappers whose parens are trivia (node ranges, in document order).
    pub(crate) dropped: Vec<Range<usize>>,
    /// Key → symbol, one map per class (lookups borrow `&str`, no allocation).
    symbols: [HashMap<Box<str>, u32>; TokenClass::COUNT],
    /// Symbol → spelled key, for diagnostics.
    pub(crate) names: Vec<Box<str>>,
    /// Token indices per symbol; built on first need (closest-candidate search).
    positions: OnceLock<Vec<Vec<u32>>>,
    /// The byte windows whose tokens this syntax holds (sorted, disjoint); `None`: the whole
    /// text ([`super::windows`]).
    pub(crate) covers: Option<Vec<Range<usize>>>,
    /// The last edited text's tree ([`super::incremental::reparse`]): the writer and its checks
    /// parse the same result more than once.
    pub(crate) reparsed: Last,
}

impl std::fmt::Debug for Syntax {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Syntax")
            .field("lang", &self.lang)
            .field("tokens", &self.tokens.len())
            .finish()
    }
}

impl Syntax {
    /// Parses a whole file. Never fails: an unparseable text yields error leaves, which
    /// still tokenise; a grammar that fails to load yields no tokens (nothing matches).
    pub(crate) fn parse(lang: Language, text: &str) -> Syntax {
        Syntax::from_tree(lang, lang.parse(text), text, None)
    }

    /// The syntax of `text` from its `tree` (a whole parse, an incremental re-parse, or a
    /// parse of some ranges only), with the tokens of the byte `windows` given (sorted,
    /// disjoint), or of all the tree holds.
    pub(crate) fn from_tree(
        lang: Language,
        tree: Option<tree_sitter::Tree>,
        text: &str,
        windows: Option<&[Range<usize>]>,
    ) -> Syntax {
        let all = 0..text.len();
        let whole = std::slice::from_ref(&all);
        let mut scan = tokens::Scan::default();
        if let Some(tree) = &tree {
            for window in windows.unwrap_or(whole) {
                let part = tokens::scan(tree, text, lang.rules(), window.clone(), false);
                scan.tokens.extend(part.tokens);
                scan.comments.extend(part.comments);
                scan.dropped.extend(part.dropped);
            }
        }
        scan.dropped.dedup();
        let mut syntax = Syntax {
            lang,
            tree,
            tokens: Vec::with_capacity(scan.tokens.len()),
            comments: scan.comments,
            dropped: scan.dropped,
            symbols: Default::default(),
            names: Vec::new(),
            positions: OnceLock::new(),
            covers: windows.map(<[_]>::to_vec),
            reparsed: Default::default(),
        };
        for t in scan.tokens {
            let sym = syntax.intern(t.class, t.key(text));
            syntax.tokens.push(FileToken {
                sym,
                class: t.class,
                ident: t.ident,
                range: t.range,
                end: t.end.is_some(),
            });
        }
        syntax
    }

    /// The language this text was parsed as.
    pub(crate) fn language(&self) -> Language {
        self.lang
    }

    /// ERROR + MISSING nodes in the parse, so the core can refuse an edit that makes a
    /// file less parseable than it was.
    pub(crate) fn error_count(&self) -> usize {
        self.tree.as_ref().map_or(0, error_count)
    }

    fn intern(&mut self, class: TokenClass, key: &str) -> u32 {
        let map = &mut self.symbols[class.index()];
        if let Some(&s) = map.get(key) {
            return s;
        }
        let s = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        map.insert(key.into(), s);
        self.names.push(key.into());
        s
    }

    /// The symbol of a fragment token, if the file has that token at all.
    pub(crate) fn lookup(&self, class: TokenClass, key: &str) -> Option<u32> {
        self.symbols[class.index()].get(key).copied()
    }

    pub(crate) fn positions(&self) -> &[Vec<u32>] {
        self.positions.get_or_init(|| {
            let mut pos = vec![Vec::new(); self.names.len()];
            for (i, t) in self.tokens.iter().enumerate() {
                if let (Some(p), Ok(i)) = (pos.get_mut(t.sym as usize), u32::try_from(i)) {
                    p.push(i);
                }
            }
            pos
        })
    }
}

/// Counts ERROR and MISSING nodes, descending only into subtrees that contain errors.
pub(crate) fn error_count(tree: &tree_sitter::Tree) -> usize {
    let mut count = 0;
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            count += 1;
        }
        if node.has_error() && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return count;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_count_sees_errors_and_missing() {
        assert_eq!(
            Syntax::parse(Language::TypeScript, "const a = 1;\n").error_count(),
            0
        );
        assert!(Syntax::parse(Language::TypeScript, "function f( {\n").error_count() > 0);
        assert!(Syntax::parse(Language::Python, "def f(:\n  pass\n").error_count() > 0);
    }

    #[test]
    fn syntax_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Syntax>();
    }
}
