//! Every named writer rule ([`WriterRule`]), in one ordered list ([`RULES`]): its name (recorded on the outcome
//! when it writes, `rules: [...]` in JSON), its family (the file it lives in) and a one-line
//! summary. A rule is defined beside the function that applies it, with its doc; this list
//! registers it, in the order a write meets them. The manual's "Writing rules" page lists
//! exactly these names (checked by a test).

use crate::outcome::Convention;

use super::rule::{RuleFamily, WriterRule};

use super::structural::rules::{
    blank_lines, comments, delete, insert, list_items, plan, reindent, replace,
};
use super::structural::{conventions, spelling, width};
use super::{exact, text};

/// The listed writer rule called `name` (a name from [`crate::Provenance::rules`]).
pub fn find(name: &str) -> Option<&'static WriterRule> {
    RULES.iter().find(|r| r.name == name)
}

/// The verifier could not show the write right, and the literal replacement was (see
/// `Document::verified`).
pub(crate) const LITERAL_REPLACEMENT: WriterRule = WriterRule {
    name: "literal_replacement",
    family: RuleFamily::Verify,
    summary: "where the place is `old` byte for byte and the adapted write fails the verifier, `new` as sent",
};

/// Every writer rule, in the order a write meets them.
pub static RULES: &[WriterRule] = &[
    exact::EXACT_OCCURRENCE,
    exact::AT_THE_FILE_S_DEPTH,
    exact::COMMENT_ON_ITS_LINE,
    text::TEXT_MERGE,
    plan::EMPTY_NEW,
    spelling::SPELLING_ONLY,
    plan::BLOCK_LINES_MERGE,
    plan::TOKEN_EDITS,
    plan::LINE_MERGE,
    plan::WHOLE_REGION,
    plan::TOKEN_EDITS_KEPT,
    plan::NO_GLUED_TOKENS,
    replace::REPLACE_TOKENS,
    replace::NEW_SPACING,
    replace::FILE_QUOTES_KEPT,
    replace::RAW_STRING_KEPT,
    delete::DELETE_WHOLE_LINES,
    delete::DELETE_LAST_LINE,
    delete::DELETE_BRACKET_LINE_BREAK,
    delete::DELETE_WITH_SPACING,
    comments::DELETE_AROUND_KEPT_COMMENTS,
    insert::LINES_BEFORE_KEPT,
    comments::ABOVE_LEADING_COMMENTS,
    insert::LINES_AFTER_KEPT,
    insert::ABOVE_BLANK_LINE,
    blank_lines::NEW_BLANK_LINES,
    blank_lines::INSERTED_IN_BLANK_GAP,
    list_items::LIST_ITEM_APPENDED,
    list_items::LIST_ITEM_BETWEEN,
    list_items::ITEM_ON_OWN_LINE,
    insert::CLOSER_ON_OWN_LINE,
    insert::INLINE_AFTER_PREVIOUS,
    insert::INLINE_BEFORE_NEXT,
    reindent::REINDENT_LINES,
    reindent::REINDENT_MOVED,
    conventions::FILE_QUOTES,
    conventions::FILE_SEMICOLONS,
    conventions::FILE_TRAILING_COMMAS,
    conventions::FILE_INDENTATION,
    width::BREAK_WIDE_LINES,
    conventions::FILE_BLANK_LINES,
    LITERAL_REPLACEMENT,
];

/// The rule that adapts written text to `convention`.
pub(crate) fn convention_rule(convention: Convention) -> &'static WriterRule {
    match convention {
        Convention::Quotes => &conventions::FILE_QUOTES,
        Convention::Semicolons => &conventions::FILE_SEMICOLONS,
        Convention::TrailingCommas => &conventions::FILE_TRAILING_COMMAS,
        Convention::Indentation => &conventions::FILE_INDENTATION,
        Convention::Width => &width::BREAK_WIDE_LINES,
        Convention::BlankLines => &conventions::FILE_BLANK_LINES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names_are_unique_snake_case_and_summarised() {
        for (i, rule) in RULES.iter().enumerate() {
            assert!(
                rule.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_'),
                "{}",
                rule.name
            );
            assert!(!rule.summary.is_empty() && !rule.summary.contains('\n'));
            assert!(
                RULES[..i].iter().all(|r| r.name != rule.name),
                "{} listed twice",
                rule.name
            );
        }
    }

    #[test]
    fn every_convention_has_a_listed_rule() {
        use Convention::*;
        for c in [
            Quotes,
            Semicolons,
            TrailingCommas,
            Indentation,
            Width,
            BlankLines,
        ] {
            assert!(RULES.contains(convention_rule(c)), "{c}");
        }
    }

    /// The names of every `WriterRule` constant defined under `dir`.
    fn defined_in(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("src is readable") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                defined_in(&path, out);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            // Spelled in two parts, so that this line is not a definition itself.
            let mark = concat!(": Writer", "Rule = WriterRule {");
            for def in text.split(mark).skip(1) {
                let name = def.split('"').nth(1).expect("a rule's name comes first");
                out.push(name.to_string());
            }
        }
    }

    #[test]
    fn every_rule_defined_in_the_sources_is_listed_once() {
        let mut defined = Vec::new();
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        defined_in(&src, &mut defined);
        defined.sort();
        let mut listed: Vec<String> = RULES.iter().map(|r| r.name.to_string()).collect();
        listed.sort();
        assert_eq!(defined, listed);
    }

    /// The manual's table of the rules, one row per listed rule, in order.
    fn manual_table() -> String {
        let mut table = String::from("| rule | family | what it does |\n|---|---|---|\n");
        for rule in RULES {
            let family = rule.family.name();
            table.push_str(&format!(
                "| `{}` | {family} | {} |\n",
                rule.name, rule.summary
            ));
        }
        table
    }

    #[test]
    fn the_manual_lists_exactly_the_rules() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/writing.md");
        let page = std::fs::read_to_string(path).expect("the Writing rules page");
        let (begin, end) = ("<!-- rules:begin -->\n", "<!-- rules:end -->");
        let start = page.find(begin).expect("the page marks its table") + begin.len();
        let stop = start + page[start..].find(end).expect("the table ends");
        let wanted = manual_table();
        if std::env::var_os("EDITLOC_BLESS").is_some() {
            let page = format!("{}{wanted}{}", &page[..start], &page[stop..]);
            std::fs::write(path, page).expect("the page is writable");
            return;
        }
        assert_eq!(
            page[start..stop],
            wanted,
            "rewrite it: EDITLOC_BLESS=1 cargo test --lib rule_list"
        );
    }

    /// The rules an edit of `text` (named `name`) records, with the whole new file.
    fn fired(name: &str, text: &str, old: &str, new: &str) -> (String, Vec<&'static str>) {
        let doc = crate::Document::new(text).with_name(name);
        let applied = doc.apply(old, new).expect("applies");
        (applied.content, applied.provenance.rules)
    }

    #[test]
    fn an_edit_records_the_rules_that_wrote_it() {
        // Structural: the call is wrapped in the file, one argument changes.
        let text = "foo(\n  a,\n  'b',\n);\n";
        let (out, rules) = fired("x.ts", text, "foo(a, \"b\")", "foo(a, \"c\")");
        assert_eq!(out, "foo(\n  a,\n  'c',\n);\n");
        assert_eq!(rules, ["token_edits", "replace_tokens", "file_quotes_kept"]);
        // Exact.
        let (out, rules) = fired("x.py", "x = 1\ny = 2\n", "y = 2", "y = 3");
        assert_eq!(out, "x = 1\ny = 3\n");
        assert_eq!(rules, ["exact_occurrence"]);
        // A blank `new`: the structural region removed with its line.
        let text = "foo(\n  a,\n);\nbar();\n";
        let (out, rules) = fired("x.ts", text, "foo(a);", "");
        assert_eq!(out, "bar();\n");
        assert_eq!(rules, ["empty_new"]);
        // Every recorded name is listed.
        assert!(rules.iter().all(|r| find(r).is_some()));
    }
}
