//! Language registry: which tree-sitter grammar a file uses, and the per-language
//! knowledge (grammars/<lang>.toml) that the structural tier consumes as data.
//!
//! The engine in `crate::structural` never branches on the language; everything
//! language-specific lives in the TOML rules and in the grammar itself.

mod rules;

use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

pub(crate) use rules::{Assoc, Op, Rules, StringRule, role};

/// A language the structural tier understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    TypeScript,
    Tsx,
    JavaScript,
    Python,
    Go,
    Rust,
}

/// Every language, in a fixed order (the index is used for per-language caches).
pub const ALL: [Language; 6] = [
    Language::TypeScript,
    Language::Tsx,
    Language::JavaScript,
    Language::Python,
    Language::Go,
    Language::Rust,
];

impl Language {
    /// Picks the language from a file extension; `None` means the structural tier is skipped.
    pub fn from_path(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?;
        Some(match ext {
            "ts" | "mts" | "cts" => Language::TypeScript,
            "tsx" => Language::Tsx,
            "js" | "mjs" | "cjs" | "jsx" => Language::JavaScript,
            "py" | "pyi" => Language::Python,
            "go" => Language::Go,
            "rs" => Language::Rust,
            _ => return None,
        })
    }

    /// Picks the language from its `--lang` name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Language> {
        ALL.into_iter()
            .find(|lang| lang.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The `--lang` name, also the stem of the rules file in grammars/.
    pub fn name(&self) -> &'static str {
        match self {
            Language::TypeScript => "typescript",
            Language::Tsx => "tsx",
            Language::JavaScript => "javascript",
            Language::Python => "python",
            Language::Go => "go",
            Language::Rust => "rust",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The pinned tree-sitter grammar.
    pub(crate) fn grammar(self) -> tree_sitter::Language {
        match self {
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Go => tree_sitter_go::LANGUAGE.into(),
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
        }
    }

    /// The raw TOML rules, embedded so the binary is self-contained.
    pub(crate) fn rules_source(self) -> &'static str {
        match self {
            Language::TypeScript => include_str!("../../grammars/typescript.toml"),
            Language::Tsx => include_str!("../../grammars/tsx.toml"),
            Language::JavaScript => include_str!("../../grammars/javascript.toml"),
            Language::Python => include_str!("../../grammars/python.toml"),
            Language::Go => include_str!("../../grammars/go.toml"),
            Language::Rust => include_str!("../../grammars/rust.toml"),
        }
    }

    /// The compiled rules, built once per process. The TOML is embedded and checked by
    /// tests, so a failure here is a build defect rather than an input problem.
    pub(crate) fn rules(self) -> &'static Rules {
        static CACHE: [OnceLock<Rules>; 6] = [const { OnceLock::new() }; 6];
        CACHE[self.index()].get_or_init(|| {
            Rules::compile(self.rules_source(), &self.grammar())
                .unwrap_or_else(|e| panic!("grammars/{}.toml is invalid: {e}", self.name()))
        })
    }

    /// Whether indentation is syntax in this language: its grammar data brackets blocks by
    /// their indentation (Python's `blocks`). A model whose relative indentation disagrees
    /// with the file then believes a line is in another block than it is. Known without the
    /// grammar too, so the text tiers keep this check in a build without it.
    pub fn indentation_is_syntax(self) -> bool {
        let Some(grammar) = self.grammar() else {
            return self.declares_blocks();
        };
        let rules = self.rules();
        (0..grammar.node_kind_count())  
            .any(|id| u16::try_from(id).is_ok_and(|id| rules.role(id) & role::BLOCK != 0))
    }

    /// Parses `text` with this thread's parser for the language. Parsers are kept per
    /// thread (a `Parser` is not `Sync`) so the corpus runner can parse on rayon workers
    /// without rebuilding one per call. `None` only if the grammar fails to load.
    pub(crate) fn parse(self, text: &str) -> Option<tree_sitter::Tree> {
        thread_local! {
            static PARSERS: RefCell<[Option<tree_sitter::Parser>; 6]> =
                const { RefCell::new([None, None, None, None, None, None]) };
        }
        PARSERS.with_borrow_mut(|parsers| {
            let slot = &mut parsers[self.index()];
            if slot.is_none() {
                let mut parser = tree_sitter::Parser::new();
                parser.set_language(&self.grammar()).ok()?;
                *slot = Some(parser);
            }
            slot.as_mut()?.parse(text, None)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_and_names() {
        assert_eq!(
            Language::from_path(Path::new("a/b.mts")),
            Some(Language::TypeScript)
        );
        assert_eq!(Language::from_path(Path::new("x.tsx")), Some(Language::Tsx));
        assert_eq!(
            Language::from_path(Path::new("x.cjs")),
            Some(Language::JavaScript)
        );
        assert_eq!(
            Language::from_path(Path::new("x.jsx")),
            Some(Language::JavaScript)
        );
        assert_eq!(
            Language::from_path(Path::new("x.pyi")),
            Some(Language::Python)
        );
        assert_eq!(Language::from_path(Path::new("x.go")), Some(Language::Go));
        assert_eq!(Language::from_path(Path::new("x.rs")), Some(Language::Rust));
        assert_eq!(Language::from_path(Path::new("x.md")), None);
        assert_eq!(Language::from_path(Path::new("Makefile")), None);
        for lang in ALL {
            assert_eq!(Language::from_name(lang.name()), Some(lang));
        }
        assert_eq!(Language::from_name("TSX"), Some(Language::Tsx));
        assert_eq!(Language::from_name("cobol"), None);
    }

    #[test]
    fn grammars_load_and_rules_compile() {
        for lang in ALL {
            let tree = lang.parse("x").expect("grammar loads with the pinned core");
            assert_eq!(tree.root_node().start_byte(), 0, "{}", lang.name());
            let _ = lang.rules();
        }
    }

    /// Every node kind named in grammars/ must exist in the pinned grammar, or a rule
    /// would silently never fire after a grammar upgrade renamed it.
    #[test]
    fn every_named_kind_exists_in_grammar() {
        for lang in ALL {
            let grammar = lang.grammar();
            let kinds = Rules::named_kinds(lang.rules_source()).expect("rules parse");
            assert!(!kinds.is_empty(), "{}", lang.name());
            for kind in kinds {
                assert_ne!(
                    grammar.id_for_node_kind(&kind, true),
                    0,
                    "grammars/{}.toml names `{kind}`, unknown to the grammar",
                    lang.name()
                );
            }
        }
    }
}
