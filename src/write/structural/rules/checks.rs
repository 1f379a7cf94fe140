//! Checks every write passes before it is used: no parenthesised group split, the file
//! parses as well as before, the file's parentheses keep `new`'s meaning, and the write read
//! back says what `new` says.

use std::ops::Range;

use crate::syntax::Fragment;
use crate::syntax::token::{SyntaxToken, TokenClass};

use super::writer::TokenWriter;

impl TokenWriter<'_> {
    /// `at` holds exactly one paren of a wrapper whose parens the comparison ignored:
    /// replacing it would unbalance the file.
    pub(super) fn splits_group(&self, at: &Range<usize>) -> bool {
        let holds = |pos: usize| at.start <= pos && pos < at.end;
        self.syntax
            .dropped
            .iter()
            .filter(|g| g.start < at.end && g.end > at.start)
            .any(|g| holds(g.start) != holds(g.end.saturating_sub(1)))
    }

    /// The file with the region replaced by `replacement` has no more syntax errors than
    /// before, in the lines around the region (`write::parse_check`'s window; the whole file only
    /// when the window shows new errors).
    pub(super) fn parses_as_well(&self, replacement: &str) -> bool {
        let range = &self.found.range;
        let (Some(head), Some(tail)) = (self.text.get(..range.start), self.text.get(range.end..))
        else {
            return false;
        };
        let result = format!("{head}{replacement}{tail}");
        if crate::syntax::incremental::clean_after(self.syntax, self.text, &result, range.clone()) {
            return true;
        }
        let change = crate::write::parse_check::Change {
            range: range.clone(),
            len: replacement.len(),
        };
        let counts = crate::write::parse_check::counts(
            self.syntax.language(),
            self.text,
            &result,
            &[change],
        );
        counts.now <= counts.was
    }

    /// The file with the region replaced by `replacement` parses no worse than before (in the
    /// syntax's extent: the whole file, or its windows), and the region's significant tokens
    /// (markers aside) are `new`'s.
    pub(super) fn holds_new_tokens(&self, replacement: &str) -> bool {
        let range = &self.found.range;
        let (Some(head), Some(tail)) = (self.text.get(..range.start), self.text.get(range.end..))
        else {
            return false;
        };
        let result = format!("{head}{replacement}{tail}");
        let lang = self.syntax.language();
        // The tree the match was found in, re-parsed where the region changed: the whole file
        // or the same windows, so the error counts compare like with like.
        let Some(tree) =
            crate::syntax::incremental::reparse(self.syntax, self.text, &result, range.clone())
        else {
            return false;
        };
        if crate::syntax::error_count(&tree) > self.syntax.error_count() {
            return false;
        }
        let window = range.start..range.start + replacement.len();
        let scan = crate::syntax::tokens::scan(&tree, &result, lang.rules(), window, true);
        let written = scan
            .tokens
            .iter()
            .filter(|t| !t.class.is_marker())
            .map(|t| (t.class, t.key(&result)));
        let wanted = self
            .n_significant
            .iter()
            .filter(|t| !t.class.is_marker())
            .map(|t| (t.class, t.key("")));
        written.eq(wanted)
    }

    /// The token-level write, read back as a fragment, says what `new` says: its significant
    /// tokens and statement ends are `new`'s — no two words glued (`return -a` → `returna`),
    /// no statement cut by a line break left behind (`return {…}` → `return\n a`), no
    /// continuation kept past its line. The check is relative: the file's region, read the
    /// same way, must say what `old` says to the same degree (a region cut inside brackets
    /// reads its statement ends differently from a fragment that stands alone), and only that
    /// degree is required of the write. A write that fails is not used.
    pub(super) fn reads_back_as_new(&self, replacement: &str, o: &Fragment, n: &Fragment) -> bool {
        let lang = self.syntax.language();
        let region = &self.text[self.found.range.clone()];
        let before = Fragment::parse(lang, region);
        let after = Fragment::parse(lang, replacement);
        // A statement end after the last token depends on what follows the fragment: the
        // edge's is not compared.
        let keys = |f: &Fragment, text: &str, ends: bool| -> Vec<(TokenClass, String, bool)> {
            let toks: Vec<&SyntaxToken> =
                f.tokens.iter().filter(|t| !t.class.is_marker()).collect();
            let last = toks.len().saturating_sub(1);
            toks.iter()
                .enumerate()
                .map(|(i, t)| {
                    (
                        t.class,
                        t.key(text).to_string(),
                        ends && i < last && t.end.is_some(),
                    )
                })
                .collect()
        };
        // The replacement read alone, else read the way the region was (the same wrapper:
        // JSX siblings inside `<>`, where `{/* note */}` is a comment, not a block).
        let as_region = || Fragment::parse_as(lang, replacement, &before.wrap);
        for ends in [true, false] {
            if keys(&before, region, ends) == keys(o, self.old, ends) {
                let says = |after: &Fragment| {
                    keys(after, replacement, ends) == keys(n, self.new, ends)
                        && after.errors <= before.errors.max(n.errors)
                };
                return says(&after) || as_region().as_ref().is_some_and(says);
            }
        }
        true
    }
}
