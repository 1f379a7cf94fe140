//! No import cycles among the files of `src/`: no two files import each other, directly or
//! through others (issue 15). The graph has one node per file (`a/mod.rs` and `a.rs` are
//! module `a`; `lib.rs` and `main.rs` are the crate root, the facade, and are left out) and
//! an edge from a file to each file whose items it names:
//!
//! - every path that starts with `crate::`, `super::` or `self::` (in `use` trees, nested
//!   groups included, and in expressions), resolved to the longest prefix that is a file;
//! - a path that starts with the name of a child module of the file (`use child::…`,
//!   `child::f()`), as a `mod.rs` names its children.
//!
//! Comments (doc comments included), string and character literals and `#[cfg(test)]`
//! inline modules are skipped; `super` inside an inline module means that module's parent.
//! The edges of the `cycles.py` script issue 15 was checked with, and more (paths in
//! expressions, a parent file naming its child), read with a lexer instead of regular
//! expressions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module path: `["fs", "edit"]` for `src/fs/edit.rs`.
pub(crate) type Module = Vec<String>;

/// The import graph: each file module and the file modules it names.
type Graph = BTreeMap<Module, BTreeSet<Module>>;

/// Cycles tolerated until they are broken (the shared type in a leaf file of its own), then
/// removed from this list: none now (the last two, in `src/locate/normalized` and
/// `src/locate/repair`, were broken with `normalized/pattern.rs` and `repair/text.rs`). Any
/// other cycle fails the test, and so does a listed one that is gone.
const KNOWN: &[&[&str]] = &[];

#[test]
fn src_has_no_import_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = BTreeMap::new();
    read_tree(&root, &root, &mut sources);
    assert!(sources.len() > 50, "src/ read: {} files", sources.len());
    let graph = graph(&sources);
    let edge = |from: &str, to: &str| graph[&module(from)].contains(&module(to));
    assert!(edge("fs/edit", "fs/lock"), "the graph holds known imports");
    let known: Vec<Vec<Module>> = KNOWN
        .iter()
        .map(|cycle| cycle.iter().map(|m| module(m)).collect())
        .collect();
    let (listed, new): (Vec<_>, Vec<_>) = cycles(&graph)
        .into_iter()
        .partition(|cycle| known.contains(cycle));
    assert!(
        new.is_empty(),
        "import cycles among the files of src/ (a mod.rs should only declare and re-export; \
         types shared by siblings belong in a leaf file they import by name):\n{}",
        describe(&graph, &new)
    );
    let gone: Vec<&Vec<Module>> = known.iter().filter(|c| !listed.contains(c)).collect();
    assert!(
        gone.is_empty(),
        "cycles no longer there; remove them from KNOWN: {gone:?}"
    );
}

#[test]
fn a_child_importing_its_parent_that_uses_it_is_a_cycle() {
    let graph = graph(&sources(&[
        ("a/mod.rs", "mod b;\npub use b::f;\npub struct T;\n"),
        ("a/b.rs", "use super::T;\npub fn f(_: T) {}\n"),
    ]));
    assert_eq!(cycles(&graph), vec![vec![module("a"), module("a/b")]]);
}

#[test]
fn a_shared_leaf_breaks_the_cycle() {
    let graph = graph(&sources(&[
        ("a/mod.rs", "mod b;\nmod t;\npub use b::f;\npub use t::T;\n"),
        ("a/b.rs", "use super::t::T;\npub fn f(_: T) {}\n"),
        ("a/t.rs", "pub struct T;\n"),
    ]));
    assert!(cycles(&graph).is_empty());
    assert_eq!(graph[&module("a/b")], BTreeSet::from([module("a/t")]));
}

#[test]
fn nested_groups_expressions_and_child_paths_are_edges() {
    let graph = graph(&sources(&[
        (
            "x.rs",
            "use crate::{y::{Z, self}, w as v};\nfn f() { crate::u::g(); }\n",
        ),
        ("y.rs", "pub struct Z;\n"),
        ("w.rs", ""),
        ("u.rs", "pub fn g() {}\n"),
        ("p/mod.rs", "mod q;\nfn h() { q::run(); }\n"),
        ("p/q.rs", "pub fn run() { super::super::x::f(); }\n"),
    ]));
    assert_eq!(
        graph[&module("x")],
        BTreeSet::from([module("y"), module("w"), module("u")])
    );
    assert_eq!(graph[&module("p")], BTreeSet::from([module("p/q")]));
    assert_eq!(graph[&module("p/q")], BTreeSet::from([module("x")]));
}

#[test]
fn comments_literals_test_modules_and_inline_modules_are_read_as_rust_reads_them() {
    let graph = graph(&sources(&[
        (
            "a.rs",
            concat!(
                "//! See [`crate::b`].\n",
                "/* crate::b::X /* nested */ crate::b */\n",
                "const S: &str = \"crate::b::X {\";\n",
                "const R: &str = r#\"super::b \"{\"#;\n",
                "const C: char = '{';\n",
                "fn f<'a>(x: &'a str) -> &'a str { x }\n",
                "mod inner {\n    use super::f;\n}\n",
                "#[cfg(test)]\nmod tests {\n    use crate::b::X;\n}\n",
                "fn g() { crate::c::h(); }\n",
            ),
        ),
        ("b.rs", "pub struct X;\n"),
        ("c.rs", "pub fn h() {}\n"),
    ]));
    assert_eq!(graph[&module("a")], BTreeSet::from([module("c")]));
}

/// Reads every `.rs` file under `dir` into `out`, keyed by its path relative to `root`.
pub(crate) fn read_tree(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            read_tree(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).unwrap();
            let key = relative.to_string_lossy().replace('\\', "/");
            out.insert(key, std::fs::read_to_string(&path).unwrap());
        }
    }
}

fn sources(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect()
}

/// `"formats/model"` as a module path.
pub(crate) fn module(path: &str) -> Module {
    path.split('/').map(str::to_string).collect()
}

/// The module a file is (`a/mod.rs` and `a.rs`: `a`; `lib.rs`, `main.rs`: the root).
pub(crate) fn module_of(file: &str) -> Module {
    let mut parts = module(file.strip_suffix(".rs").unwrap_or(file));
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    parts
}

/// The import graph of the given files (path relative to `src/` → source).
fn graph(sources: &BTreeMap<String, String>) -> Graph {
    let files: BTreeSet<Module> = sources.keys().map(|f| module_of(f)).collect();
    let mut graph = Graph::new();
    for (file, text) in sources {
        let here = module_of(file);
        if here.is_empty() {
            continue;
        }
        let named = named_modules(&lex(text), &here, &files);
        let targets = named
            .into_iter()
            .filter_map(|path| resolve(&path, &files))
            .filter(|target| !target.is_empty() && *target != here)
            .collect();
        graph.insert(here, targets);
    }
    graph
}

/// The longest prefix of `path` that is a file module.
pub(crate) fn resolve(path: &[String], files: &BTreeSet<Module>) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|k| path[..k].to_vec())
        .find(|prefix| files.contains(prefix))
}

/// A token of Rust source, as far as paths and braces need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Ident(String),
    PathSep,
    Open,
    Close,
    Punct(char),
}

/// Tokens of `text` with comments and literals dropped (a literal becomes `Punct('"')`).
pub(crate) fn lex(text: &str) -> Vec<Tok> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i);
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
            toks.push(Tok::Punct('"'));
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            match raw_string_end(&chars, i, &word) {
                Some(end) => {
                    i = end;
                    toks.push(Tok::Punct('"'));
                }
                None => toks.push(Tok::Ident(word)),
            }
        } else if c == ':' && next == Some(':') {
            toks.push(Tok::PathSep);
            i += 2;
        } else {
            toks.push(match c {
                '{' => Tok::Open,
                '}' => Tok::Close,
                other => Tok::Punct(other),
            });
            i += 1;
        }
    }
    toks
}

/// The index after a (nested) block comment starting at `i`.
fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// The index after the closing `"` of a string whose body starts at `i`.
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// The index after a character literal or a lifetime starting at the `'` at `i`.
fn skip_quote(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 3;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => i + 1,
    }
}

/// For `word` a string prefix (`b`, `c`, `r`, `br`, `cr`) followed by a string at `i`, the
/// index after that string.
fn raw_string_end(chars: &[char], i: usize, word: &str) -> Option<usize> {
    match (word, chars.get(i)) {
        ("b" | "c", Some('"')) => Some(skip_string(chars, i + 1)),
        ("r" | "br" | "cr", Some('"' | '#')) => {
            let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
            let body = i + hashes + 1;
            let closing: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            (body..chars.len())
                .find(|&j| chars[j..].starts_with(&closing))
                .map(|j| j + closing.len())
                .or(Some(chars.len()))
        }
        _ => None,
    }
}

/// Every module path a file (module `file`) names, as written (not yet resolved to files).
pub(crate) fn named_modules(toks: &[Tok], file: &Module, files: &BTreeSet<Module>) -> Vec<Module> {
    let mut out = Vec::new();
    // The modules open at this point (the file's, then inline ones) and the brace depth at
    // which each inline module closes.
    let mut scopes: Vec<(Module, usize)> = vec![(file.clone(), 0)];
    let mut depth = 0;
    let mut i = 0;
    while i < toks.len() {
        let here = scopes.last().unwrap().0.clone();
        if let Some(end) = cfg_test_module(toks, i) {
            i = end;
            continue;
        }
        match &toks[i] {
            Tok::Ident(word) if word == "mod" => {
                if let (Some(Tok::Ident(name)), Some(Tok::Open)) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    depth += 1;
                    scopes.push(([here, vec![name.clone()]].concat(), depth));
                    i += 3;
                    continue;
                }
            }
            Tok::Ident(word) if starts_path(toks, i) => {
                if let Some(prefix) = path_start(word, &here, file, files) {
                    i = use_tree(toks, i + 2, prefix, &mut out);
                    continue;
                }
            }
            Tok::Open => depth += 1,
            Tok::Close => {
                if scopes.len() > 1 && scopes.last().unwrap().1 == depth {
                    scopes.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether the identifier at `i` begins a path: followed by `::`, not preceded by `::`,
/// `.` or `$`.
fn starts_path(toks: &[Tok], i: usize) -> bool {
    let before = i.checked_sub(1).map(|j| &toks[j]);
    toks.get(i + 1) == Some(&Tok::PathSep)
        && !matches!(before, Some(Tok::PathSep | Tok::Punct('.')))
}

/// The module a path beginning with `word` starts from, in module `here` of file `file`:
/// `crate`, `super`, `self`, or a child module of the file (which has a file of its own).
fn path_start(
    word: &str,
    here: &Module,
    file: &Module,
    files: &BTreeSet<Module>,
) -> Option<Module> {
    match word {
        "crate" => Some(Vec::new()),
        "super" => Some(here[..here.len().saturating_sub(1)].to_vec()),
        "self" => Some(here.clone()),
        child
            if here == file
                && files.contains(&[here.clone(), vec![child.to_string()]].concat()) =>
        {
            Some([here.clone(), vec![child.to_string()]].concat())
        }
        _ => None,
    }
}

/// For `#[cfg(test)]` (then an optional `pub(…)`) `mod name {` at `i`, the index after the
/// module's closing brace.
fn cfg_test_module(toks: &[Tok], i: usize) -> Option<usize> {
    let ident = |t: &Tok, w: &str| matches!(t, Tok::Ident(x) if x == w);
    let attr = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    if !toks[i..].starts_with(&attr) {
        return None;
    }
    let mut j = i + attr.len();
    if toks.get(j).is_some_and(|t| ident(t, "pub")) {
        j += 1;
        if toks.get(j) == Some(&Tok::Punct('(')) {
            while toks.get(j).is_some_and(|t| *t != Tok::Punct(')')) {
                j += 1;
            }
            j += 1;
        }
    }
    let is_block = toks.get(j).is_some_and(|t| ident(t, "mod"))
        && matches!(toks.get(j + 1), Some(Tok::Ident(_)))
        && toks.get(j + 2) == Some(&Tok::Open);
    if !is_block {
        return None;
    }
    let mut depth = 0;
    for (k, tok) in toks.iter().enumerate().skip(j + 2) {
        match tok {
            Tok::Open => depth += 1,
            Tok::Close if depth == 1 => return Some(k + 1),
            Tok::Close => depth -= 1,
            _ => {}
        }
    }
    Some(toks.len())
}

/// Reads the rest of a path (or `use` tree) at `i`, after `prefix::`, pushing every path it
/// names to `out`; returns the index after it.
fn use_tree(toks: &[Tok], mut i: usize, mut prefix: Module, out: &mut Vec<Module>) -> usize {
    loop {
        match toks.get(i) {
            Some(Tok::Ident(name)) => {
                match name.as_str() {
                    "self" => {}
                    "super" => {
                        prefix.pop();
                    }
                    _ => prefix.push(name.clone()),
                }
                i += 1;
                if toks.get(i) == Some(&Tok::PathSep) {
                    i += 1;
                    continue;
                }
                out.push(prefix);
                return i;
            }
            Some(Tok::Open) => return group(toks, i + 1, &prefix, out),
            Some(Tok::Punct('*')) => {
                out.push(prefix);
                return i + 1;
            }
            _ => {
                out.push(prefix);
                return i;
            }
        }
    }
}

/// Reads the items of a `{…}` group at `i` (after its `{`); returns the index after `}`.
fn group(toks: &[Tok], mut i: usize, prefix: &Module, out: &mut Vec<Module>) -> usize {
    while i < toks.len() {
        match &toks[i] {
            Tok::Close => return i + 1,
            Tok::Punct(',') => i += 1,
            Tok::Ident(word) if word == "as" => i += 2,
            _ => {
                let next = use_tree(toks, i, prefix.clone(), out);
                i = next.max(i + 1);
            }
        }
    }
    i
}

/// The strongly connected components with more than one file (Tarjan), each sorted.
fn cycles(graph: &Graph) -> Vec<Vec<Module>> {
    struct Tarjan<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g Module, usize>,
        low: BTreeMap<&'g Module, usize>,
        stack: Vec<&'g Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    self.low.insert(v, self.low[v].min(self.low[w]));
                } else if self.stack.contains(&w) {
                    self.low.insert(v, self.low[v].min(self.index[w]));
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().rposition(|m| *m == v).unwrap();
                let mut component: Vec<Module> =
                    self.stack.drain(at..).map(|m| m.to_vec()).collect();
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

/// Each cycle's files and, for each, the files of the cycle it imports.
fn describe(graph: &Graph, cycles: &[Vec<Module>]) -> String {
    let name = |m: &Module| m.join("/");
    cycles
        .iter()
        .map(|cycle| {
            let lines: Vec<String> = cycle
                .iter()
                .map(|m| {
                    let inside: Vec<String> = graph[m]
                        .iter()
                        .filter(|t| cycle.contains(t))
                        .map(name)
                        .collect();
                    format!("  {} -> {}", name(m), inside.join(", "))
                })
                .collect();
            format!("cycle:\n{}", lines.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}
