//! What a named writer rule is ([`WriterRule`]: name, family, summary) and the names of
//! the rules that fired, each once ([`names`]). The rules themselves are defined beside the
//! code that applies them and listed in [`super::rule_list::RULES`].

/// The family of a rule: where it lives and what part of a write it decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RuleFamily {
    /// The exact tier's writer (`write/exact.rs`).
    Exact,
    /// The text tiers' three-way merge (`write/text.rs`).
    Text,
    /// Which write a structural region gets (`write/structural/rules/plan.rs`).
    Plan,
    /// Edits of spelling or layout only, written line by line (`write/structural/spelling.rs`).
    Spelling,
    /// Indentation of lines written from `new` (`write/structural/rules/reindent.rs`).
    Reindent,
    /// The file's comments kept and placed (`write/structural/rules/comments.rs`).
    Comments,
    /// File tokens replaced by `new`'s (`write/structural/rules/replace.rs`).
    Replace,
    /// File tokens removed (`write/structural/rules/delete.rs`).
    Delete,
    /// `new`'s tokens placed where the file has none (`write/structural/rules/insert.rs`).
    Insert,
    /// Items of lists laid out one per line (`write/structural/rules/list_items.rs`).
    ListItems,
    /// The written text respelled in the file's conventions
    /// (`write/structural/conventions.rs`).
    Conventions,
    /// Lines made wider than the file's print width, broken (`write/structural/width.rs`).
    Width,
    /// The independent verifier's fallback (`document.rs`).
    Verify,
}

impl RuleFamily {
    /// The family's name, as the manual spells it.
    pub fn name(self) -> &'static str {
        match self {
            RuleFamily::Exact => "exact",
            RuleFamily::Text => "text",
            RuleFamily::Plan => "plan",
            RuleFamily::Spelling => "spelling",
            RuleFamily::Reindent => "reindent",
            RuleFamily::Comments => "comments",
            RuleFamily::Replace => "replace",
            RuleFamily::Delete => "delete",
            RuleFamily::Insert => "insert",
            RuleFamily::ListItems => "list_items",
            RuleFamily::Conventions => "conventions",
            RuleFamily::Width => "width",
            RuleFamily::Verify => "verify",
        }
    }
}

/// One named writer rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriterRule {
    /// The name recorded on the outcome (`rules: [...]`), stable once published.
    pub name: &'static str,
    /// Where it lives.
    pub family: RuleFamily,
    /// What it does, in one line.
    pub summary: &'static str,
}

impl std::fmt::Display for WriterRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}): {}",
            self.name,
            self.family.name(),
            self.summary
        )
    }
}

/// `rules`' names, each once, in the order they first fired.
pub(crate) fn names(rules: impl IntoIterator<Item = &'static str>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for name in rules {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_first_firing_order_once() {
        assert_eq!(
            names(["token_edits", "replace_tokens", "token_edits"]),
            vec!["token_edits", "replace_tokens"]
        );
    }
}
