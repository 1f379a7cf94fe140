//! The verifier's knowledge of each language, read from its own data file
//! (`grammars/verify.toml`): which nodes are read as one token (comments, literals) and which
//! literals are plain strings. Shares nothing with the locator's and writers' rules.

use super::class::LexemeClass;
use crate::lang::Language;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// One language's entry in `grammars/verify.toml`.
#[derive(Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct VerifyData {
    /// Comment kinds: one token each.
    comments: Vec<String>,
    /// Literal kinds: one token each, compared whole.
    literals: Vec<String>,
    /// Literal kinds whose value is what counts (quotes and escapes are spelling).
    plain_strings: Vec<String>,
    /// Prefix letters that make a plain string a program (Python's `f"…"`).
    #[serde(default)]
    interpolating_prefixes: String,
}

/// The data file, embedded as `build.rs` converted it to JSON (the same data, read faster
/// than TOML in every process).
const SOURCE: &str = include_str!(concat!(env!("OUT_DIR"), "/verify.json"));

impl VerifyData {
    /// The data of `language` (empty where the file has none: every node is then a leaf).
    pub(crate) fn of(language: Language) -> &'static VerifyData {
        static ALL: OnceLock<HashMap<String, VerifyData>> = OnceLock::new();
        static EMPTY: VerifyData = VerifyData {
            comments: Vec::new(),
            literals: Vec::new(),
            plain_strings: Vec::new(),
            interpolating_prefixes: String::new(),
        };
        let all = ALL.get_or_init(|| {
            serde_json::from_str(SOURCE).unwrap_or_else(|e| panic!("grammars/verify.toml: {e}"))
        });
        all.get(language.name()).unwrap_or(&EMPTY)
    }

    /// The class of a node read whole (a comment or a literal); `None` for other nodes.
    pub(crate) fn whole(&self, kind: &str) -> Option<LexemeClass> {
        let named = |list: &[String]| list.iter().any(|k| k == kind);
        if named(&self.comments) {
            Some(LexemeClass::Comment)
        } else if named(&self.literals) {
            Some(LexemeClass::Literal {
                plain: named(&self.plain_strings),
            })
        } else {
            None
        }
    }

    /// `class` for the literal `text`: a plain string with an interpolating prefix is a
    /// program, compared whole.
    pub(crate) fn refine(&self, class: LexemeClass, text: &str) -> LexemeClass {
        let LexemeClass::Literal { plain: true } = class else {
            return class;
        };
        let prefix: String = text
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let interpolates = prefix
            .chars()
            .any(|c| self.interpolating_prefixes.contains(c));
        LexemeClass::Literal {
            plain: !interpolates,
        }
    }

    /// Every node kind the data names, for the test against the pinned grammars.
    #[cfg(test)]
    pub(crate) fn kinds(&self) -> impl Iterator<Item = &str> {
        self.comments
            .iter()
            .chain(&self.literals)
            .chain(&self.plain_strings)
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded JSON is `grammars/verify.toml`, entry for entry.
    #[test]
    fn the_embedded_data_is_the_data_file() {
        let toml: HashMap<String, VerifyData> =
            toml::from_str(include_str!("../../grammars/verify.toml")).expect("TOML");
        let json: HashMap<String, VerifyData> = serde_json::from_str(SOURCE).expect("JSON");
        assert!(!toml.is_empty());
        assert_eq!(toml, json);
    }
}
