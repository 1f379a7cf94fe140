//! Grammar facts derived from the pinned grammars' `grammar.json` (shipped in each grammar
//! crate's `src/`), checked against what grammars/*.toml says, so the data cannot drift
//! from the grammar and nothing in it is a hand-kept list of closers.
//!
//! - `trivia.trailing_commas`: the `[kind, closer]` pairs where, inside a node of `kind`
//!   (hidden rules expanded, aliases followed), a `,` may be followed directly by the token
//!   `closer`, and `closer` may be the last token of `kind`: an optional trailing comma
//!   (`f(a,)`, `<T,>`, `from a import (b,)`, a macro's `vec![a,]`). A comma followed by
//!   the next item or another comma (`[a,,]`) is not one.
//! - `trivia.optional_brackets`: the `[kind, open, close]` triples where a rule offers
//!   both `open X close` and `X` for the same `X` (`from a import (b)` / `from a import b`).
//!
//! `cargo test --lib lang::derive` checks the data; on a mismatch it prints the lines to
//! put in the TOML file. The grammar files are found in cargo's registry cache, at the
//! versions Cargo.lock pins.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use serde_json::Value;

use super::{ALL, Language};

/// A terminal in a first/follow/last set: a literal token, or any other (a named node or
/// a pattern), which never counts as a closer.
const OTHER: &str = "\u{0}other";
const END: &str = "\u{0}end";

type Set = BTreeSet<String>;

struct Grammar<'g> {
    rules: &'g serde_json::Map<String, Value>,
    inline: HashSet<&'g str>,
    /// `[kind, closer]` pairs found so far, and the contexts already walked.
    pairs: BTreeSet<(String, String)>,
    /// The last tokens of each context (rule or alias) walked.
    lasts: HashMap<String, Set>,
    aliased: HashSet<(String, String)>,
}

impl<'g> Grammar<'g> {
    fn new(json: &'g Value) -> Grammar<'g> {
        let rules = json["rules"].as_object().expect("grammar.json has rules");
        let inline = json["inline"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        Grammar {
            rules,
            inline,
            pairs: BTreeSet::new(),
            lasts: HashMap::new(),
            aliased: HashSet::new(),
        }
    }

    fn hidden(&self, name: &str) -> bool {
        name.starts_with('_') || self.inline.contains(name)
    }

    /// First (or, `rev`, last) terminals of `e` and whether it can be empty.
    fn edge(&self, e: &Value, rev: bool, guard: &mut Vec<String>) -> (Set, bool) {
        let one = |s: &str| (Set::from([s.to_string()]), false);
        match e["type"].as_str().unwrap_or("") {
            "STRING" => one(e["value"].as_str().unwrap_or(OTHER)),
            "BLANK" => (Set::new(), true),
            "TOKEN" | "IMMEDIATE_TOKEN" if e["content"]["type"] == "STRING" => {
                one(e["content"]["value"].as_str().unwrap_or(OTHER))
            }
            "PATTERN" | "TOKEN" | "IMMEDIATE_TOKEN" => one(OTHER),
            "ALIAS" if e["named"] == false => one(e["value"].as_str().unwrap_or(OTHER)),
            "ALIAS" => one(OTHER),
            "SYMBOL" => {
                let name = e["name"].as_str().unwrap_or("");
                match self.rules.get(name) {
                    Some(body) if self.hidden(name) => {
                        if guard.iter().any(|g| g == name) {
                            return (Set::new(), false);
                        }
                        guard.push(name.to_string());
                        let r = self.edge(body, rev, guard);
                        guard.pop();
                        r
                    }
                    _ => one(OTHER),
                }
            }
            "SEQ" => {
                let members = e["members"].as_array().map_or(&[][..], Vec::as_slice);
                let mut set = Set::new();
                let ordered: Box<dyn Iterator<Item = &Value>> = if rev {
                    Box::new(members.iter().rev())
                } else {
                    Box::new(members.iter())
                };
                for m in ordered {
                    let (s, nullable) = self.edge(m, rev, guard);
                    set.extend(s);
                    if !nullable {
                        return (set, false);
                    }
                }
                (set, true)
            }
            "CHOICE" => {
                let mut set = Set::new();
                let mut nullable = false;
                for m in e["members"].as_array().map_or(&[][..], Vec::as_slice) {
                    let (s, n) = self.edge(m, rev, guard);
                    set.extend(s);
                    nullable |= n;
                }
                (set, nullable)
            }
            "REPEAT" => (self.edge(&e["content"], rev, guard).0, true),
            _ if e.get("content").is_some() => self.edge(&e["content"], rev, guard),
            other => panic!("unknown rule type {other}"),
        }
    }

    /// Walks `e` (part of the context `kind`) with `follow` the terminals that may come
    /// right after it, recording each `,` that a literal token may follow.
    fn walk(&mut self, e: &'g Value, follow: &Set, kind: &str, seen: &mut HashSet<(String, Set)>) {
        match e["type"].as_str().unwrap_or("") {
            "STRING" if e["value"] == "," => {
                for t in follow {
                    self.pairs.insert((kind.to_string(), t.clone()));
                }
            }
            "SEQ" => {
                let members = e["members"].as_array().map_or(&[][..], Vec::as_slice);
                let mut after = follow.clone();
                for m in members.iter().rev() {
                    self.walk(m, &after, kind, seen);
                    let (first, nullable) = self.edge(m, false, &mut Vec::new());
                    if !nullable {
                        after.clear();
                    }
                    after.extend(first);
                }
            }
            "CHOICE" => {
                for m in e["members"].as_array().map_or(&[][..], Vec::as_slice) {
                    self.walk(m, follow, kind, seen);
                }
            }
            "REPEAT" | "REPEAT1" => {
                let mut after = follow.clone();
                after.extend(self.edge(&e["content"], false, &mut Vec::new()).0);
                self.walk(&e["content"], &after, kind, seen);
            }
            "SYMBOL" => {
                let name = e["name"].as_str().unwrap_or("");
                let rules: &'g serde_json::Map<String, Value> = self.rules;
                if let Some(body) = rules.get(name)
                    && self.hidden(name)
                    && seen.insert((name.to_string(), follow.clone()))
                {
                    self.walk(body, follow, kind, seen);
                }
            }
            "ALIAS" if e["named"] == true => {
                let value = e["value"].as_str().unwrap_or("").to_string();
                let content = &e["content"];
                let rules: &'g serde_json::Map<String, Value> = self.rules;
                if self.aliased.insert((value.clone(), content.to_string())) {
                    let body = match content["name"].as_str().and_then(|n| rules.get(n)) {
                        Some(body) if content["type"] == "SYMBOL" => body,
                        _ => content,
                    };
                    self.context(&value, body);
                }
            }
            "TOKEN" | "IMMEDIATE_TOKEN" | "PATTERN" | "BLANK" | "STRING" | "ALIAS" => {}
            _ if e.get("content").is_some() => self.walk(&e["content"], follow, kind, seen),
            other => panic!("unknown rule type {other}"),
        }
    }

    /// Walks one node kind's body (a visible rule, or the content of an alias).
    fn context(&mut self, kind: &str, body: &'g Value) {
        let last = self.edge(body, true, &mut Vec::new()).0;
        self.lasts.entry(kind.to_string()).or_default().extend(last);
        self.walk(
            body,
            &Set::from([END.to_string()]),
            kind,
            &mut HashSet::new(),
        );
    }

    fn trailing_commas(mut self) -> BTreeSet<(String, String)> {
        let rules: &'g serde_json::Map<String, Value> = self.rules;
        let visible: Vec<(&String, &Value)> = rules
            .iter()
            .filter(|(name, _)| !self.hidden(name))
            .collect();
        for (name, body) in visible {
            self.context(name, body);
        }
        let lasts = &self.lasts;
        self.pairs
            .iter()
            .filter(|(kind, closer)| {
                !closer.starts_with('\u{0}') && lasts.get(kind).is_some_and(|l| l.contains(closer))
            })
            .cloned()
            .collect()
    }

    /// `[kind, open, close]` for each visible rule holding a choice between `open X close`
    /// and `X`.
    fn optional_brackets(&self) -> BTreeSet<(String, String, String)> {
        fn visit(e: &Value, kind: &str, out: &mut BTreeSet<(String, String, String)>) {
            if e["type"] == "CHOICE" {
                let members = e["members"].as_array().map_or(&[][..], Vec::as_slice);
                for m in members {
                    let seq = m["members"].as_array().map_or(&[][..], Vec::as_slice);
                    let (Some(open), Some(close)) = (seq.first(), seq.last()) else {
                        continue;
                    };
                    if m["type"] != "SEQ"
                        || seq.len() < 3
                        || open["type"] != "STRING"
                        || close["type"] != "STRING"
                    {
                        continue;
                    }
                    let inner = &seq[1..seq.len() - 1];
                    let bare = serde_json::json!({"type": "SEQ", "members": inner});
                    let same = |o: &Value| *o == bare || (inner.len() == 1 && *o == inner[0]);
                    if members.iter().any(|o| !std::ptr::eq(o, m) && same(o)) {
                        let text = |v: &Value| v["value"].as_str().unwrap_or("").to_string();
                        out.insert((kind.to_string(), text(open), text(close)));
                    }
                }
            }
            for m in e["members"].as_array().map_or(&[][..], Vec::as_slice) {
                visit(m, kind, out);
            }
            if let Some(c) = e.get("content") {
                visit(c, kind, out);
            }
        }
        let mut out = BTreeSet::new();
        for (name, body) in self.rules {
            visit(body, name, &mut out);
        }
        assert!(
            out.iter().all(|(kind, ..)| !self.hidden(kind)),
            "optional brackets in a hidden rule: attribute them to its visible parents"
        );
        out
    }
}

/// The `grammar.json` of a language's pinned grammar crate.
fn grammar_json(lang: Language) -> PathBuf {
    let (package, sub) = match lang {
        Language::TypeScript => ("tree-sitter-typescript", "typescript/src"),
        Language::Tsx => ("tree-sitter-typescript", "tsx/src"),
        Language::JavaScript => ("tree-sitter-javascript", "src"),
        Language::Python => ("tree-sitter-python", "src"),
        Language::Go => ("tree-sitter-go", "src"),
        Language::Rust => ("tree-sitter-rust", "src"),
    };
    package_folder(package).join(sub).join("grammar.json")
}

/// The unpacked source of `package` at the version Cargo.lock pins, in cargo's registry
/// cache. Read from the lock file rather than `cargo metadata`, which resolves the whole
/// workspace and so needs the bindings' crates that a plain `cargo test` never downloads.
fn package_folder(package: &str) -> PathBuf {
    let lock_path = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.lock");
    let lock: toml::Table =
        toml::from_str(&std::fs::read_to_string(lock_path).expect("Cargo.lock is readable"))
            .expect("Cargo.lock is TOML");
    let version = lock["package"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"].as_str() == Some(package))
        .and_then(|p| p["version"].as_str())
        .unwrap_or_else(|| panic!("{package} is not in Cargo.lock"));
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .expect("CARGO_HOME or HOME is set");
    let registries = cargo_home.join("registry").join("src");
    let wanted = format!("{package}-{version}");
    std::fs::read_dir(&registries)
        .unwrap_or_else(|e| panic!("{}: {e}", registries.display()))
        .flatten()
        .map(|registry| registry.path().join(&wanted))
        .find(|folder| folder.join("Cargo.toml").is_file())
        .unwrap_or_else(|| panic!("{wanted} is not unpacked under {}", registries.display()))
}

/// Rules that are always aliased to another name never appear as nodes.
fn node_kind_exists(lang: Language, kind: &str) -> bool {
    lang.grammar()
        .is_some_and(|g| g.id_for_node_kind(kind, true) != 0)
}

/// The sets grammars/<lang>.toml states.
type Stated = (
    BTreeSet<(String, String)>,
    BTreeSet<(String, String, String)>,
    Vec<String>,
);

/// What grammars/<lang>.toml says, in the derived sets' shape, and the kinds it leaves
/// out of the derived trailing commas on purpose.
fn stated(lang: Language) -> Stated {
    let toml: toml::Value = toml::from_str(lang.rules_source()).expect("rules parse");
    let strings = |v: &toml::Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|s| s.as_str().unwrap_or("").to_string())
            .collect()
    };
    let list = |key: &str| toml["trivia"].get(key).and_then(|v| v.as_array()).cloned();
    let commas = list("trailing_commas")
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let s = strings(p);
            (s[0].clone(), s[1].clone())
        })
        .collect();
    let brackets = list("optional_brackets")
        .unwrap_or_default()
        .iter()
        .map(|p| {
            let s = strings(p);
            (s[0].clone(), s[1].clone(), s[2].clone())
        })
        .collect();
    let exceptions = toml["trivia"]
        .get("trailing_comma_exceptions")
        .map(strings)
        .unwrap_or_default();
    (commas, brackets, exceptions)
}

#[test]
fn grammar_data_matches_the_pinned_grammars() {
    let mut problems = Vec::new();
    for lang in ALL {
        let path = grammar_json(lang);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json: Value = serde_json::from_str(&text).expect("grammar.json parses");
        let grammar = Grammar::new(&json);
        let brackets = grammar.optional_brackets();
        let (stated_commas, stated_brackets, exceptions) = stated(lang);
        let commas: BTreeSet<(String, String)> = grammar
            .trailing_commas()
            .into_iter()
            .filter(|(kind, _)| !exceptions.contains(kind) && node_kind_exists(lang, kind))
            .collect();
        if commas != stated_commas || brackets != stated_brackets {
            let pairs: Vec<String> = commas
                .iter()
                .map(|(k, c)| format!("[\"{k}\", \"{c}\"]"))
                .collect();
            let triples: Vec<String> = brackets
                .iter()
                .map(|(k, o, c)| format!("[\"{k}\", \"{o}\", \"{c}\"]"))
                .collect();
            problems.push(format!(
                "grammars/{}.toml [trivia] must say:\ntrailing_commas = [{}]\noptional_brackets = [{}]",
                lang.name(),
                pairs.join(", "),
                triples.join(", ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
