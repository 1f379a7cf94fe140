//! The token-level writer's state ([`TokenWriter`]: the match, both sides' tokens and
//! comments, the file's layout, the rules that fired) and the plans the rule families build
//! (edits of the region, inserted runs and where they go).

use std::cell::RefCell;
use std::ops::Range;

use crate::locate::structural::TokenMatch;
use crate::syntax::token::SyntaxToken;
use crate::syntax::{FileToken, Syntax};
use crate::write::rule::{WriterRule, names};

/// The file's layout conventions, and how `new` indents.
pub(super) struct Layout {
    pub(super) eol: &'static str,
    /// One indentation level of the file ("\t" or spaces).
    pub(super) unit: String,
    /// Columns of one indentation level in `new`.
    pub(super) new_unit: usize,
}

/// Where lines inserted from `new` come from: the run's first token index in `new`, the
/// inserted lines' span in `new`, and where `new`'s next kept token starts.
pub(super) struct Inserted {
    pub(super) run_start: usize,
    pub(super) lines: Range<usize>,
    pub(super) next: usize,
}

/// A run of `new`'s tokens inserted where the file has none (between kept tokens).
pub(super) struct Insertion<'t> {
    /// Run index of the file token the run goes before (the run's length at its end).
    pub(super) o: usize,
    /// The run's tokens, as indices into `new`'s aligned tokens.
    pub(super) n: Range<usize>,
    /// The run's first and last real tokens (block markers have no text of their own).
    pub(super) first: &'t SyntaxToken,
    pub(super) last: &'t SyntaxToken,
}

/// Where an inserted run written inside a line goes ([`TokenWriter::inline_place`]).
pub(super) enum Inline<'t> {
    /// An item appended to a list laid out one item per line: `,`, a line break and
    /// `indent` at `at` (the previous item's end), then the item (`item`, its span in `new`).
    ListItem {
        at: usize,
        indent: &'t str,
        item: Range<usize>,
        /// The `,` written before the item's line: none where `at` is past the file's
        /// trailing comma (a rest element, which no comma may follow, goes after it).
        lead: &'static str,
    },
    /// An item inserted between two items of a list laid out one item per line: at `at`
    /// (the start of the line after the item before it), `indent`, the item (`item`, its span
    /// in `new`), `,` and `eol`.
    ItemLine {
        at: usize,
        indent: &'t str,
        item: Range<usize>,
        eol: &'static str,
        /// The item is followed by `,` (a comma-separated list).
        comma: bool,
    },
    /// A block closer on a line of its own ([`TokenWriter::close_on_own_line`]).
    OwnLine(RegionEdit),
    /// Right after the previous kept token (ending at `at`), written from `new` starting at
    /// `from` (the end of `new`'s token before the run: `new`'s spacing comes along).
    AfterPrev { at: usize, from: usize },
    /// Right before the next kept token (starting at `at`), written from the run's start
    /// to `new`'s next token.
    BeforeNext { at: usize },
}

/// The token-level write planned so far ([`TokenWriter::plan_change`]).
#[derive(Default)]
pub(super) struct WritePlan {
    /// The edits of the region.
    pub(super) edits: Vec<RegionEdit>,
    /// Spans of `new` written into the file.
    pub(super) emitted: Vec<Range<usize>>,
    /// Spans of the file removed.
    pub(super) removed: Vec<Range<usize>>,
}

/// One token-level write: the match, both sides' tokens and comments, and the file's layout.
pub(super) struct TokenWriter<'a> {
    pub(super) syntax: &'a Syntax,
    pub(super) text: &'a str,
    pub(super) found: &'a TokenMatch,
    pub(super) file: &'a [FileToken],
    pub(super) old: &'a str,
    pub(super) new: &'a str,
    /// `old`'s significant tokens (one for one the file's `file`).
    pub(super) o_tokens: &'a [SyntaxToken],
    /// Comment ranges of `old`.
    pub(super) o_comments: &'a [Range<usize>],
    /// `new`'s tokens as the writer aligns them: significant, plus the parens kept where
    /// `old` has them (`align::with_kept_parens`).
    pub(super) n: &'a [SyntaxToken],
    /// `new`'s significant tokens.
    pub(super) n_significant: &'a [SyntaxToken],
    /// Comment ranges of `new`.
    pub(super) n_comments: &'a [Range<usize>],
    pub(super) style: Layout,
    /// (indentation in `new`, indentation in the file) of one line that starts with the
    /// same kept token in both: the anchor for re-indenting `new`'s lines.
    /// The lines kept in both `new` and the file, as (indentation in `new`, in the file)
    /// ([`TokenWriter::find_pairs`]).
    pub(super) pairs: Vec<(String, String)>,
    /// The names of the rules that wrote, in order, since they were last taken
    /// ([`TokenWriter::take_fired`]).
    pub(super) fired: RefCell<Vec<&'static str>>,
}

impl TokenWriter<'_> {
    /// Records that `rule` wrote part of the region (every rule is listed in
    /// [`crate::write::rule_list::RULES`]: a test reads the sources for them).
    pub(super) fn fire(&self, rule: &WriterRule) {
        self.fired.borrow_mut().push(rule.name);
    }

    /// The rules recorded since the last call, each once, in firing order.
    pub(super) fn take_fired(&self) -> Vec<&'static str> {
        names(self.fired.take())
    }
}

/// A byte-range substitution inside the matched region.
pub(super) struct RegionEdit {
    pub(super) at: Range<usize>,
    pub(super) with: String,
}
