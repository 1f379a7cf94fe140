//! The parse of a whole file: its tree, its significant tokens (interned), its comments and
//! the paren wrappers the comparison ignored — built once per document and reused by every
//! locate and rewrite on it.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

use super::conventions;
use super::tokens::{self, Class};
use crate::lang::Language;

/// A file token: interned key plus where it sits.
#[derive(Debug, Clone)]
pub(crate) struct FileTok {
    pub sym: u32,
    pub class: Class,
    pub ident: bool,
    pub range: Range<usize>,
    /// A statement ends right after this token.
    pub end: bool,
}

/// The parse of one text (a whole file): its tree and its significant tokens, built
/// once per document and reused by every locate/rewrite call on it.
pub struct Syntax {
    lang: Language,
    pub(crate) tree: Option<tree_sitter::Tree>,
    pub(crate) tokens: Vec<FileTok>,
    pub(crate) comments: Vec<Range<usize>>,
    /// Paren wrappers whose parens are trivia (node ranges, in document order).
    pub(crate) dropped: Vec<Range<usize>>,
    /// Key → symbol, one map per class (lookups borrow `&str`, no allocation).
    symbols: [HashMap<Box<str>, u32>; Class::COUNT],
    /// Symbol → spelled key, for diagnostics.
    pub(crate) names: Vec<Box<str>>,
    /// Token indices per symbol; built on first need (closest-candidate search).
    positions: OnceLock<Vec<Vec<u32>>>,
    /// The file's spelling conventions; learned on first need (writing `new`).
    learned: OnceLock<conventions::Learned>,
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
    pub fn parse(lang: Language, text: &str) -> Syntax {
        let tree = lang.parse(text);
        let scan = tree
            .as_ref()
            .map(|t| tokens::scan(t, text, lang.rules(), 0..text.len(), false))
            .unwrap_or_default();
        let mut syntax = Syntax {
            lang,
            tree,
            tokens: Vec::with_capacity(scan.tokens.len()),
            comments: scan.comments,
            dropped: scan.dropped,
            symbols: Default::default(),
            names: Vec::new(),
            positions: OnceLock::new(),
            learned: OnceLock::new(),
        };
        for t in scan.tokens {
            let sym = syntax.intern(t.class, t.key(text));
            syntax.tokens.push(FileTok {
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
    pub fn language(&self) -> Language {
        self.lang
    }

    /// ERROR + MISSING nodes in the parse, so the core can refuse an edit that makes a
    /// file less parseable than it was.
    pub fn error_count(&self) -> usize {
        self.tree.as_ref().map_or(0, error_count)
    }

    fn intern(&mut self, class: Class, key: &str) -> u32 {
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
    pub(crate) fn lookup(&self, class: Class, key: &str) -> Option<u32> {
        self.symbols[class.index()].get(key).copied()
    }

    /// The spelling conventions of `text`, the file this syntax was parsed from.
    pub(crate) fn learned(&self, text: &str) -> &conventions::Learned {
        self.learned.get_or_init(|| match &self.tree {
            Some(tree) => conventions::Learned::learn(tree, text, self.lang.rules()),
            None => conventions::Learned::default(),
        })
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
