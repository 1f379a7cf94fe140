use super::*;
use crate::document::Document;
use crate::lang::Language;
use std::path::{Path, PathBuf};

/// Windows whatever their share of the file (small files included).
const ANY_SHARE: Limits = Limits {
    max_share: 1.0,
    max_occurrences: 32,
    candidates: 8,
};

/// What an outcome says, without the token indices (those of the windows differ).
fn described(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Unique(f) => format!("unique {:?} core {:?}", f.range, f.core),
        Outcome::Ambiguous(ranges) => format!("ambiguous {ranges:?}"),
        Outcome::NotFound(_) => "not found".to_string(),
    }
}

/// A module of `n` TypeScript functions, Prettier style.
fn module(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "export function handler{i}(orderId: string) {{\n  const order = load(orderId);\n  if (!order) {{\n    throw new Error(\"missing {i}\");\n  }}\n  return order.items\n    .map((item) => item.price * item.qty + {i})\n    .reduce((a, b) => a + b, 0);\n}}\n\n"
            )
        })
        .collect()
}

#[test]
fn a_unique_place_is_found_in_its_window_as_in_the_whole_file() {
    let text = module(400);
    let old = "  if (!order) { throw new Error('missing 321') }\n  return order.items.map(item => item.price * item.qty + 321).reduce((a, b) => a + b, 0)\n";
    let windowed = locate(Language::TypeScript, &text, old, None).expect("decided in windows");
    let whole = matching::locate(&Syntax::parse(Language::TypeScript, &text), &text, old);
    assert_eq!(described(&windowed), described(&whole));
    let Outcome::Unique(found) = &windowed else {
        panic!("{windowed:?}")
    };
    assert!(text[found.range.clone()].contains("missing 321"));
    let held = found.syntax.as_ref().expect("the windows' syntax");
    let covered: usize = held.0.covers.iter().flatten().map(|w| w.len()).sum();
    assert!(covered < text.len() / 50, "{covered} of {}", text.len());
}

#[test]
fn a_second_place_far_away_is_still_ambiguous() {
    // The same block at the start and near the end of a long file, reformatted differently.
    let mut text = module(300);
    let block = "export function audit(ledger: Ledger) {\n  return ledger.entries.filter((e) => e.amount > 9000).length;\n}\n\n";
    let other = "export function audit(ledger: Ledger) {\n  return ledger.entries\n    .filter((e) => e.amount > 9000)\n    .length;\n}\n\n";
    text.insert_str(0, block);
    let at = text.len() - 200;
    let at = text[..at].rfind("\nexport").unwrap() + 1;
    text.insert_str(at, other);
    let old = "return ledger.entries.filter(e => e.amount > 9000).length";
    let windowed = locate(Language::TypeScript, &text, old, None).expect("decided in windows");
    let Outcome::Ambiguous(places) = &windowed else {
        panic!("{windowed:?}")
    };
    assert_eq!(places.len(), 2);
    assert!(places[1].start > text.len() * 9 / 10, "{places:?}");
    let whole = matching::locate(&Syntax::parse(Language::TypeScript, &text), &text, old);
    assert_eq!(described(&windowed), described(&whole));
    // Through the document: refused as ambiguous, listing both.
    let doc = Document::new(text.as_str()).with_language(Language::TypeScript);
    let err = doc.locate(old).unwrap_err();
    assert_eq!(err.code(), crate::outcome::Code::Ambiguous, "{err}");
}

#[test]
fn a_match_reaching_the_window_edge_grows_the_window() {
    // `old` is long and its rarest token (`zebra`) is its last: the match starts far above it.
    let body: String = (0..40)
        .map(|i| format!("  step{}(order, {i});\n", i % 3))
        .collect();
    let target = format!("export function long(order: Order) {{\n{body}  zebra(order);\n}}\n\n");
    let mut text = module(200);
    let at = text.len() / 2;
    let at = text[..at].rfind("\nexport").unwrap() + 1;
    text.insert_str(at, &target);
    let old = format!("{}  zebra(order)", body.replace("  step", "    step"));
    let windowed =
        locate_with(Language::TypeScript, &text, &old, None, &ANY_SHARE).expect("windows");
    let whole = matching::locate(&Syntax::parse(Language::TypeScript, &text), &text, &old);
    assert!(matches!(whole, Outcome::Unique(_)), "{whole:?}");
    assert_eq!(described(&windowed), described(&whole));
}

#[test]
fn windows_are_not_used_when_they_cannot_decide() {
    let text = module(200);
    let lang = Language::TypeScript;
    // Every token common: `order`, `items`... occur in every function.
    assert!(locate(lang, &text, "return order.items", None).is_none());
    // A token the file lacks: no place, and the miss report needs the whole file.
    assert!(locate(lang, &text, "return orders.itemz", None).is_none());
    // Markers only: nothing to find, whatever the file.
    assert!(matches!(
        locate(lang, &text, "   \n", None),
        Some(Outcome::NotFound(None))
    ));
    // A small file: the windows would cover most of it.
    let small = module(3);
    assert!(locate(lang, &small, "throw new Error('missing 1')", None).is_none());
    assert!(
        locate_with(
            lang,
            &small,
            "throw new Error('missing 1')",
            None,
            &ANY_SHARE
        )
        .is_some()
    );
}

#[test]
fn spellings_a_token_may_have_elsewhere_are_not_searched() {
    let mut file = Spellings {
        text: "const a = 1_000;\nconst b = \"\\x41\";\n",
        plain_numbers: None,
        plain_strings: None,
    };
    assert_eq!(candidate(TokenClass::Num, "1000", "1000", &mut file), None);
    assert_eq!(
        candidate(TokenClass::Str, "s\0Abc", "\"Abc\"", &mut file),
        None
    );
    assert_eq!(
        candidate(TokenClass::Word, "handler", "handler", &mut file).as_deref(),
        Some("handler")
    );
    let mut plain = Spellings {
        text: "const v2_name = 1000;\n",
        plain_numbers: None,
        plain_strings: None,
    };
    assert_eq!(
        candidate(TokenClass::Num, "1000", "1000", &mut plain).as_deref(),
        Some("1000")
    );
    assert_eq!(
        candidate(TokenClass::Str, "s\0Abc", "'Abc'", &mut plain).as_deref(),
        Some("Abc")
    );
    // A quoted key is a word whose text is not its key.
    assert_eq!(candidate(TokenClass::Word, "id", "'id'", &mut plain), None);
}

#[test]
fn a_warm_tree_gives_the_same_places_without_parsing() {
    let text = module(300);
    let lang = Language::TypeScript;
    let tree = lang.parse(&text).unwrap();
    for old in [
        "throw new Error('missing 123')",
        "  return order.items.map(item => item.price * item.qty + 77)",
    ] {
        let warm = locate(lang, &text, old, Some(&tree)).expect("windows");
        let cold = locate(lang, &text, old, None).expect("windows");
        assert_eq!(described(&warm), described(&cold));
    }
}

// ---- the corpus, both ways ----

struct CorpusCase {
    name: String,
    lang: Language,
    text: String,
    old: String,
    new: String,
}

/// The generated and independent sets; the mined set (`corpus/mined`, real release diffs) is
/// left out: its 5,724 cases would double these tests' time, and windows decide fewer of its
/// edits (its hunks span more of a file), which says nothing about windows agreeing.
fn corpus_cases() -> Vec<CorpusCase> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut dirs = Vec::new();
    find_cases(&root, &mut dirs);
    dirs.retain(|d| !d.starts_with(root.join("mined")));
    dirs.sort();
    dirs.iter().filter_map(|d| corpus_case(&root, d)).collect()
}

fn find_cases(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            if path.join("case.toml").is_file() {
                out.push(path);
            } else {
                find_cases(&path, out);
            }
        }
    }
}

fn corpus_case(root: &Path, dir: &Path) -> Option<CorpusCase> {
    let toml: toml::Table = std::fs::read_to_string(dir.join("case.toml"))
        .ok()?
        .parse()
        .ok()?;
    let file = std::fs::read_dir(dir).ok()?.flatten().find(|e| {
        e.file_name()
            .to_str()
            .is_some_and(|n| n.starts_with("file."))
    })?;
    let lang = match toml.get("lang").and_then(|l| l.as_str()) {
        Some(name) => Language::from_name(name)?,
        None => Language::from_path(&file.path())?,
    };
    let text = String::from_utf8(std::fs::read(file.path()).ok()?).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    Some(CorpusCase {
        name: dir.strip_prefix(root).ok()?.display().to_string(),
        lang,
        text,
        old: std::fs::read_to_string(dir.join("old")).ok()?,
        new: std::fs::read_to_string(dir.join("new")).ok()?,
    })
}

/// Every corpus case (`corpus/`, `corpus/independent/*`): `old`, and `new` (what the
/// already-applied check searches), located in windows — parsed, and read off the whole
/// tree — and in the whole file: the same places, the same outcome, whenever the windows
/// decide (and they decide most cases).
#[test]
fn the_corpus_locates_the_same_in_windows_as_in_the_whole_file() {
    let cases = corpus_cases();
    assert!(cases.len() > 2000, "{} cases", cases.len());
    let (mut decided, mut asked) = (0, 0);
    let mut differ = Vec::new();
    for case in &cases {
        let syntax = Syntax::parse(case.lang, &case.text);
        let tree = syntax.tree.as_ref();
        for fragment in [&case.old, &case.new] {
            if fragment.trim().is_empty() {
                continue;
            }
            asked += 1;
            let whole = described(&matching::locate(&syntax, &case.text, fragment));
            for warm in [None, tree] {
                let Some(w) = locate_with(case.lang, &case.text, fragment, warm, &ANY_SHARE) else {
                    continue;
                };
                decided += usize::from(warm.is_none());
                if described(&w) != whole {
                    differ.push(format!(
                        "{} (warm {}): {} ≠ {whole}",
                        case.name,
                        warm.is_some(),
                        described(&w)
                    ));
                }
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(
        decided * 2 > asked,
        "only {decided} of {asked} decided in windows"
    );
}

/// Every corpus case applied through a document whose structural tier works in windows, and
/// through one that parsed the whole file first: the same result or the same refusal.
#[test]
fn the_corpus_applies_the_same_in_windows_as_in_the_whole_file() {
    let mut differ = Vec::new();
    for case in corpus_cases() {
        let doc = || Document::new(case.text.as_str()).with_language(case.lang);
        let windowed = ANY_SHARE.forced(|| doc().apply(&case.old, &case.new));
        let whole = {
            let d = doc();
            d.parse_syntax();
            d.apply(&case.old, &case.new)
        };
        let show = |r: &Result<crate::Applied, crate::LocateError>| match r {
            Ok(a) => format!("{:?} {:?} {}", a.provenance.tier, a.adapted, a.diff),
            Err(e) => format!("{}", e.code()),
        };
        if show(&windowed) != show(&whole) {
            differ.push(format!(
                "{}:\n  windows: {}\n  whole:   {}",
                case.name,
                show(&windowed),
                show(&whole)
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Every corpus case applied on a document with its whole tree, then the result as
/// `Document::edited` gives it (its tree re-parsed incrementally): the tree is a fresh
/// parse's, and undoing the edit (`new` → `old`) answers as on a cold document.
#[test]
fn the_corpus_edited_documents_are_cold_documents() {
    let mut checked = 0;
    let mut differ = Vec::new();
    for case in corpus_cases() {
        let doc = Document::new(case.text.as_str()).with_language(case.lang);
        doc.parse_syntax();
        let Ok(applied) = doc.apply(&case.old, &case.new) else {
            continue;
        };
        let next = doc.edited(applied.content.as_str());
        let fresh = case
            .lang
            .parse(next.haystack().text())
            .map(|t| t.root_node().to_sexp());
        let reused = next
            .haystack()
            .syntax()
            .and_then(|s| s.tree.as_ref())
            .map(|t| t.root_node().to_sexp());
        if fresh != reused {
            differ.push(format!("{}: the re-parsed tree differs", case.name));
        }
        let cold = Document::new(applied.content.as_str()).with_language(case.lang);
        let show = |r: Result<crate::Applied, crate::LocateError>| match r {
            Ok(a) => a.content,
            Err(e) => format!("{}", e.code()),
        };
        let (w, c) = (
            show(next.apply(&case.new, &case.old)),
            show(cold.apply(&case.new, &case.old)),
        );
        if w != c {
            differ.push(format!("{}: undo differs:\n{w}\n---\n{c}", case.name));
        }
        checked += 1;
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(checked > 1500, "{checked}");
}
