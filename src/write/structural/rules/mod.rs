//! The structural tier's token-level writer, as named rules: `new` is diffed against `old`
//! token by token; tokens that stay are kept exactly as the file spells them (and every byte
//! between two kept tokens is copied), so only what the edit changes is written, in the
//! file's indentation and line endings. When a change cannot be placed with certainty the
//! whole region is replaced by `new` re-indented, and the result says so.
//!
//! One file per rule family: [`plan`] (which write is used: token by token, line by line, or
//! the whole region), [`reindent`], [`comments`], [`replace`], [`delete`], [`insert`],
//! [`list_items`], and the read-back [`checks`] every write passes.

mod checks;
pub(crate) mod comments;
pub(crate) mod delete;
pub(crate) mod insert;
pub(crate) mod list_items;
pub(crate) mod plan;
pub(crate) mod reindent;
pub(crate) mod replace;

use std::cell::RefCell;
use std::ops::Range;

use crate::write::Rewrite;
use crate::write::rule_list::{self, Rule};

use crate::locate::structural::TokenMatch;
use crate::outcome::{Code, Refusal};
use crate::syntax::token::SyntaxToken;
use crate::syntax::{FileToken, Fragment, Syntax};
use crate::text::Style as TextStyle;
use crate::write::indent::{local_unit, model_unit};

use crate::write::structural::spelling;

/// Computes the replacement for a structural match, in the file's `style` (line endings
/// and indentation unit, as the document detected them). `Err` means refuse, with the
/// reason.
pub(crate) fn rewrite(
    syntax: &Syntax,
    text: &str,
    found: &TokenMatch,
    old: &str,
    new: &str,
    style: &TextStyle,
) -> Result<Rewrite, Refusal> {
    let lang = syntax.language();
    let o = Fragment::parse(lang, old);
    let file = matched_tokens(syntax, text, found, (&o, old))?;
    if new.trim().is_empty() {
        return Ok(Rewrite::by(String::new(), vec![plan::EMPTY_NEW.name]));
    }
    let n = Fragment::parse(lang, new);
    let n_tokens = crate::write::structural::align::with_kept_parens(&o.tokens, &n, new);
    let unit = local_unit(text, found.range.clone(), &style.indent_unit);
    let lines = spelling::Lines {
        text,
        range: found.range.clone(),
        old,
        new,
        o_tokens: &o.tokens,
        file,
        unit: &unit,
        new_unit: model_unit(new.lines()),
        eol: style.eol.as_str(),
    };
    if spelling::spelling_only(old, new, (&o.tokens, &o.comments), (&n_tokens, &n.comments)) {
        return Ok(Rewrite {
            spelled: true,
            ..Rewrite::by(lines.write()?, vec![spelling::SPELLING_ONLY.name])
        });
    }
    let mut writer = TokenWriter {
        syntax,
        text,
        found,
        file,
        old,
        new,
        o_tokens: &o.tokens,
        o_comments: &o.comments,
        n: &n_tokens,
        n_significant: &n.tokens,
        n_comments: &n.comments,
        style: Layout {
            eol: style.eol.as_str(),
            unit: unit.clone(),
            new_unit: model_unit(new.lines()),
        },
        pairs: Vec::new(),
        fired: RefCell::default(),
    };
    writer.pairs = writer.find_pairs(&o.tokens);
    writer.write(&o, &n, &lines)
}

/// The file's tokens of `found`, when they are still `old`'s (parsed as `o`) one for one
/// and the region lies inside `text`; else an internal-check refusal.
fn matched_tokens<'s>(
    syntax: &'s Syntax,
    text: &str,
    found: &TokenMatch,
    (o, old): (&Fragment, &str),
) -> Result<&'s [FileToken], Refusal> {
    let file = syntax.tokens.get(found.tokens.clone()).ok_or_else(|| {
        Refusal::new(
            Code::InternalCheck,
            "the match does not belong to this file",
        )
    })?;
    let aligned = o.tokens.len() == file.len()
        && o.tokens
            .iter()
            .zip(file)
            .all(|(t, f)| syntax.lookup(t.class, t.key(old)) == Some(f.sym));
    if !aligned || text.get(found.range.clone()).is_none() {
        return Err(Refusal::new(
            Code::InternalCheck,
            "`old` no longer matches the located region",
        ));
    }
    Ok(file)
}

/// The file's layout conventions, and how `new` indents.
struct Layout {
    eol: &'static str,
    /// One indentation level of the file ("\t" or spaces).
    unit: String,
    /// Columns of one indentation level in `new`.
    new_unit: usize,
}

/// Where lines inserted from `new` come from: the run's first token index in `new`, the
/// inserted lines' span in `new`, and where `new`'s next kept token starts.
struct Inserted {
    run_start: usize,
    lines: Range<usize>,
    next: usize,
}

/// A run of `new`'s tokens inserted where the file has none (between kept tokens).
struct Insertion<'t> {
    /// Run index of the file token the run goes before (the run's length at its end).
    o: usize,
    /// The run's tokens, as indices into `new`'s aligned tokens.
    n: Range<usize>,
    /// The run's first and last real tokens (block markers have no text of their own).
    first: &'t SyntaxToken,
    last: &'t SyntaxToken,
}

/// Where an inserted run written inside a line goes ([`TokenWriter::inline_place`]).
enum Inline<'t> {
    /// An item appended to a list laid out one item per line: `,`, a line break and
    /// `indent` at `at` (the previous item's end), then the item (`item`, its span in `new`).
    ListItem {
        at: usize,
        indent: &'t str,
        item: Range<usize>,
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
struct WritePlan {
    /// The edits of the region.
    edits: Vec<RegionEdit>,
    /// Spans of `new` written into the file.
    emitted: Vec<Range<usize>>,
    /// Spans of the file removed.
    removed: Vec<Range<usize>>,
}

/// One token-level write: the match, both sides' tokens and comments, and the file's layout.
struct TokenWriter<'a> {
    syntax: &'a Syntax,
    text: &'a str,
    found: &'a TokenMatch,
    file: &'a [FileToken],
    old: &'a str,
    new: &'a str,
    /// `old`'s significant tokens (one for one the file's `file`).
    o_tokens: &'a [SyntaxToken],
    /// Comment ranges of `old`.
    o_comments: &'a [Range<usize>],
    /// `new`'s tokens as the writer aligns them: significant, plus the parens kept where
    /// `old` has them (`align::with_kept_parens`).
    n: &'a [SyntaxToken],
    /// `new`'s significant tokens.
    n_significant: &'a [SyntaxToken],
    /// Comment ranges of `new`.
    n_comments: &'a [Range<usize>],
    style: Layout,
    /// (indentation in `new`, indentation in the file) of one line that starts with the
    /// same kept token in both: the anchor for re-indenting `new`'s lines.
    /// The lines kept in both `new` and the file, as (indentation in `new`, in the file)
    /// ([`TokenWriter::find_pairs`]).
    pairs: Vec<(String, String)>,
    /// The names of the rules that wrote, in order, since they were last taken
    /// ([`TokenWriter::take_fired`]).
    fired: RefCell<Vec<&'static str>>,
}

impl TokenWriter<'_> {
    /// Records that `rule` wrote part of the region.
    fn fire(&self, rule: &Rule) {
        debug_assert!(
            rule_list::find(rule.name) == Some(rule),
            "{} is not listed",
            rule.name
        );
        self.fired.borrow_mut().push(rule.name);
    }

    /// The rules recorded since the last call, each once, in firing order.
    fn take_fired(&self) -> Vec<&'static str> {
        rule_list::names(self.fired.take())
    }
}

/// A byte-range substitution inside the matched region.
struct RegionEdit {
    at: Range<usize>,
    with: String,
}
