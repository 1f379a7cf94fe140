//! Language registry: which tree-sitter grammar a file uses, and the per-language
//! knowledge (`grammars/<lang>.toml`) that the structural tier consumes as data.
//!
//! The engine in `crate::locate::structural` never branches on the language; everything
//! language-specific lives in the TOML rules and in the grammar itself.
//!
//! Each grammar is a Cargo feature (`typescript` (with TSX), `javascript`, `python`, `go`,
//! `rust`). Every [`Language`] exists in every build, so a file is still recognised by its
//! extension; a language whose feature is off is [not built](Language::is_built): the
//! structural tier skips it and says "language not built in", the text tiers work as
//! everywhere.

#[cfg(test)]
mod derive;
mod kinds;
mod rules;

/// Facts `build.rs` reads from grammars/*.toml for the text tiers (`FACTS`).
mod generated {
    include!(concat!(env!("OUT_DIR"), "/grammar_facts.rs"));
}

use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

use crate::outcome::{Code, Refusal};
pub(crate) use kinds::{Assoc, Op, role};
pub(crate) use rules::{Rules, StringRule};

/// A language the structural tier understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// TypeScript (`.ts .mts .cts`).
    TypeScript,
    /// TypeScript with JSX (`.tsx`).
    Tsx,
    /// JavaScript with JSX (`.js .mjs .cjs .jsx`).
    JavaScript,
    /// Python (`.py .pyi`).
    Python,
    /// Go (`.go`).
    Go,
    /// Rust (`.rs`).
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

    /// The Cargo feature that builds this language's grammar in (`tsx` comes with
    /// `typescript`).
    pub fn feature(self) -> &'static str {
        match self {
            Language::Tsx => "typescript",
            other => other.name(),
        }
    }

    /// Whether this build has the language's grammar (its Cargo feature is on).
    pub fn is_built(self) -> bool {
        self.grammar().is_some()
    }

    /// `Ok` when the grammar is built in, otherwise the refusal
    /// ([`Code::LanguageNotBuilt`]) a caller that asked for this language gets.
    pub fn require_built(self) -> Result<Language, Refusal> {
        if self.is_built() {
            return Ok(self);
        }
        Err(Refusal::new(Code::LanguageNotBuilt, self.not_built()))
    }

    /// The sentence for a language whose grammar this build lacks.
    pub(crate) fn not_built(self) -> String {
        format!(
            "language not built in: `{}` (this editloc was built without the Cargo feature `{}`)",
            self.name(),
            self.feature()
        )
    }

    /// The pinned tree-sitter grammar, `None` when its feature is off.
    pub(crate) fn grammar(self) -> Option<tree_sitter::Language> {
        match self {
            #[cfg(feature = "typescript")]
            Language::TypeScript => Some(tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into()),
            #[cfg(feature = "typescript")]
            Language::Tsx => Some(tree_sitter_typescript::LANGUAGE_TSX.into()),
            #[cfg(feature = "javascript")]
            Language::JavaScript => Some(tree_sitter_javascript::LANGUAGE.into()),
            #[cfg(feature = "python")]
            Language::Python => Some(tree_sitter_python::LANGUAGE.into()),
            #[cfg(feature = "go")]
            Language::Go => Some(tree_sitter_go::LANGUAGE.into()),
            #[cfg(feature = "rust")]
            Language::Rust => Some(tree_sitter_rust::LANGUAGE.into()),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// The raw TOML rules (the binary embeds their JSON form, [`Language::rules_json`]).
    #[cfg(test)]
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

    /// The rules file as `build.rs` converted it to JSON (the same schema, read faster).
    fn rules_json(self) -> &'static str {
        match self {
            Language::TypeScript => include_str!(concat!(env!("OUT_DIR"), "/typescript.json")),
            Language::Tsx => include_str!(concat!(env!("OUT_DIR"), "/tsx.json")),
            Language::JavaScript => include_str!(concat!(env!("OUT_DIR"), "/javascript.json")),
            Language::Python => include_str!(concat!(env!("OUT_DIR"), "/python.json")),
            Language::Go => include_str!(concat!(env!("OUT_DIR"), "/go.json")),
            Language::Rust => include_str!(concat!(env!("OUT_DIR"), "/rust.json")),
        }
    }

    /// The compiled rules, built once per process from the embedded data, their kind facts
    /// derived per kind on first use. The data is checked by tests against the grammar, so a
    /// failure here is a build defect rather than an input problem. Only for a built
    /// language: the structural tier never parses one that is not built.
    pub(crate) fn rules(self) -> &'static Rules {
        static CACHE: [OnceLock<Rules>; 6] = [const { OnceLock::new() }; 6];
        CACHE[self.index()].get_or_init(|| {
            let grammar = self
                .grammar()
                .unwrap_or_else(|| panic!("{}", self.not_built()));
            Rules::from_json(self.rules_json(), &grammar)
                .unwrap_or_else(|e| panic!("grammars/{}.toml is invalid: {e}", self.name()))
        })
    }

    /// What opens a comment running to the line's end (`//`, `#`), from the grammar data
    /// (read at build time); none for a language not built.
    pub(crate) fn line_comments(self) -> &'static [&'static str] {
        match self.grammar() {
            Some(_) => generated::FACTS[self.index()].0,
            None => &[],
        }
    }

    /// Whether indentation is syntax in this language: its grammar data brackets blocks by
    /// their indentation (Python's `blocks`). A model whose relative indentation disagrees
    /// with the file then believes a line is in another block than it is. Read from the
    /// grammar data at build time, so the text tiers keep this check in a build without the
    /// grammar, and an edit that never reaches the structural tier compiles no rules.
    pub fn indentation_is_syntax(self) -> bool {
        generated::FACTS[self.index()].1
    }

    /// Parses `text` with this thread's parser for the language. Parsers are kept per
    /// thread (a `Parser` is not `Sync`) so the corpus runner can parse on rayon workers
    /// without rebuilding one per call. `None` if the grammar is not built in or fails to
    /// load.
    pub(crate) fn parse(self, text: &str) -> Option<tree_sitter::Tree> {
        thread_local! {
            static PARSERS: RefCell<[Option<tree_sitter::Parser>; 6]> =
                const { RefCell::new([None, None, None, None, None, None]) };
        }
        PARSERS.with_borrow_mut(|parsers| {
            let slot = &mut parsers[self.index()];
            if slot.is_none() {
                let mut parser = tree_sitter::Parser::new();
                parser.set_language(&self.grammar()?).ok()?;
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
        for lang in ALL.into_iter().filter(|l| l.is_built()) {
            let tree = lang.parse("x").expect("grammar loads with the pinned core");
            assert_eq!(tree.root_node().start_byte(), 0, "{}", lang.name());
            let _ = lang.rules();
        }
    }

    /// What build.rs generates (the JSON form of each grammar file, the text tiers' facts)
    /// and what the rules derive per kind on first use equal the run-time derivation from the
    /// TOML: every kind id's roles, string rule, operators and bracket facts, every role bit's
    /// presence, the line comments and whether indentation is syntax.
    #[test]
    fn generated_and_lazy_tables_equal_the_full_derivation() {
        for lang in ALL {
            let name = lang.name();
            assert_eq!(
                rules::same_source(lang.rules_source(), lang.rules_json()),
                Ok(true),
                "{name}"
            );
            let toml: toml::Table = toml::from_str(lang.rules_source()).expect("rules parse");
            let comments: Vec<&str> = toml["line_comments"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(toml::Value::as_str)
                .collect();
            assert_eq!(generated::FACTS[lang.index()].0, comments, "{name}");
            let Some(grammar) = lang.grammar() else {
                continue;
            };
            assert_eq!(lang.line_comments(), comments, "{name}");
            let derived = rules::Derived::compile(lang.rules_source(), &grammar)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let lazy = lang.rules();
            let count = u16::try_from(grammar.node_kind_count()).expect("ids are u16");
            for id in 0..=count {
                assert_eq!(lazy.facts(id), derived.facts(id), "{name}: kind id {id}");
            }
            for bit in (0..64).map(|shift| 1u64 << shift) {
                assert_eq!(
                    lazy.any_role(bit),
                    derived.any_role(bit),
                    "{name}: {bit:#x}"
                );
            }
            assert_eq!(
                lang.indentation_is_syntax(),
                derived.any_role(role::BLOCK),
                "{name}"
            );
        }
    }

    /// Every node kind named in grammars/ must exist in the pinned grammar, or a rule
    /// would silently never fire after a grammar upgrade renamed it.
    #[test]
    fn every_named_kind_exists_in_grammar() {
        for lang in ALL.into_iter().filter(|l| l.is_built()) {
            let grammar = lang.grammar().expect("built");
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

    /// A structurally equal `old` (other quotes, no `;`) for each language: found by the
    /// structural tier when the grammar is built in, and otherwise a miss whose report says
    /// the language is not built in. Runs in every feature set (`.ci/run` runs it with
    /// `--no-default-features`).
    #[test]
    fn feature_gates_the_structural_tier() {
        let cases = [
            (
                Language::TypeScript,
                "const a = foo(1, \"x\");\n",
                "const a = foo(1, 'x')",
            ),
            (
                Language::Tsx,
                "const a = foo(1, \"x\");\n",
                "const a = foo(1, 'x')",
            ),
            (
                Language::JavaScript,
                "const a = foo(1, \"x\");\n",
                "const a = foo(1, 'x')",
            ),
            (Language::Python, "x = foo(1, \"x\")\n", "x = foo(1, 'x')"),
            (
                Language::Go,
                "package p\n\nvar a = foo(1, \"x\")\n",
                "var a = foo(1, `x`)",
            ),
            (
                Language::Rust,
                "fn f() {\n    let a = foo(1, \"x\");\n}\n",
                "let a = foo(1, r\"x\");",
            ),
        ];
        for (lang, file, old) in cases {
            let doc = crate::Document::new(file).with_language(lang);
            let result = doc.locate(old);
            if lang.is_built() {
                let m = result.unwrap_or_else(|e| panic!("{}: {e}", lang.name()));
                assert_eq!(
                    m.provenance.tier,
                    crate::Tier::Structural,
                    "{}",
                    lang.name()
                );
                assert_eq!(lang.require_built(), Ok(lang));
                continue;
            }
            let Err(crate::LocateError::NotFound(report)) = result else {
                panic!("{}: {result:?}", lang.name());
            };
            let structural = &report.tiers[2];
            assert_eq!(structural.tier, crate::Tier::Structural);
            assert_eq!(
                structural.outcome(),
                format!(
                    "skipped: language not built in: `{}` (this editloc was built without the Cargo feature `{}`)",
                    lang.name(),
                    lang.feature()
                )
            );
            assert_eq!(
                lang.require_built().map_err(|r| r.code),
                Err(Code::LanguageNotBuilt)
            );
        }
    }

    /// Without its grammar a language still edits through the text tiers, with the same
    /// indentation rules (read from the grammar data alone).
    #[test]
    fn feature_off_keeps_text_tiers_and_indentation_rules() {
        for lang in ALL {
            let toml: toml::Table = toml::from_str(lang.rules_source()).expect("rules parse");
            let declares_blocks = toml
                .get("blocks")
                .and_then(toml::Value::as_array)
                .is_some_and(|blocks| !blocks.is_empty());
            assert_eq!(
                lang.indentation_is_syntax(),
                declares_blocks,
                "{}",
                lang.name()
            );
            assert_eq!(lang.indentation_is_syntax(), lang == Language::Python);
        }
        let doc = crate::Document::new("def f():\r\n\tif a:\r\n\t\treturn 1\r\n")
            .with_language(Language::Python);
        let applied = doc
            .apply("if a:\n    return 1", "if a:\n    return 2")
            .expect("normalized tier");
        assert_eq!(applied.provenance.tier, crate::Tier::Normalized);
        assert_eq!(applied.content, "def f():\r\n\tif a:\r\n\t\treturn 2\r\n");
    }
}
