//! The verifier's knowledge of each language, read from its own data file
//! (`grammars/verify.toml`): which nodes are read as one token (comments, literals) and which
//! literals are plain strings. Shares nothing with the locator's and writers' rules.

use super::class::LexemeClass;
use crate::lang::Language;

/// One language's entry in `grammars/verify.toml`.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct VerifyData {
    /// Comment kinds: one token each.
    comments: &'static [&'static str],
    /// Literal kinds: one token each, compared whole.
    literals: &'static [&'static str],
    /// Literal kinds whose value is what counts (quotes and escapes are spelling).
    plain_strings: &'static [&'static str],
    /// Prefix letters that make a plain string a program (Python's `f"…"`).
    interpolating_prefixes: &'static str,
}

// The data file as `build.rs` wrote it out: a static table, nothing to parse per process.
include!(concat!(env!("OUT_DIR"), "/verify_data.rs"));

impl VerifyData {
    /// The data of `language` (empty where the file has none: every node is then a leaf).
    pub(crate) fn of(language: Language) -> &'static VerifyData {
        static EMPTY: VerifyData = VerifyData {
            comments: &[],
            literals: &[],
            plain_strings: &[],
            interpolating_prefixes: "",
        };
        VERIFY_DATA
            .iter()
            .find(|(name, _)| *name == language.name())
            .map_or(&EMPTY, |(_, data)| data)
    }

    /// The class of a node read whole (a comment or a literal); `None` for other nodes.
    pub(crate) fn whole(&self, kind: &str) -> Option<LexemeClass> {
        let named = |list: &[&str]| list.contains(&kind);
        if named(self.comments) {
            Some(LexemeClass::Comment)
        } else if named(self.literals) {
            Some(LexemeClass::Literal {
                plain: named(self.plain_strings),
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
            .chain(self.literals)
            .chain(self.plain_strings)
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::HashMap;

    /// An entry as the data file spells it.
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Entry {
        comments: Vec<String>,
        literals: Vec<String>,
        plain_strings: Vec<String>,
        #[serde(default)]
        interpolating_prefixes: String,
    }

    /// The generated table is `grammars/verify.toml`, entry for entry.
    #[test]
    fn the_embedded_data_is_the_data_file() {
        let toml: HashMap<String, Entry> =
            toml::from_str(include_str!("../../grammars/verify.toml")).expect("TOML");
        assert!(!toml.is_empty());
        assert_eq!(toml.len(), VERIFY_DATA.len());
        for (name, entry) in &toml {
            let (_, data) = VERIFY_DATA
                .iter()
                .find(|(n, _)| n == name)
                .expect("every language of the file");
            assert_eq!(data.comments, entry.comments, "{name}");
            assert_eq!(data.literals, entry.literals, "{name}");
            assert_eq!(data.plain_strings, entry.plain_strings, "{name}");
            assert_eq!(
                data.interpolating_prefixes, entry.interpolating_prefixes,
                "{name}"
            );
        }
    }
}
