//! Format-preserving writes: `new` is diffed against `old` token by token; tokens that
//! stay are kept exactly as the file spells them (and every byte between two kept
//! tokens is copied), so only what the edit changes is written, in the file's
//! indentation and line endings. When a change cannot be placed with certainty the
//! whole region is replaced by `new` re-indented, and the result says so.

use std::ops::Range;

use similar::{Algorithm, DiffOp, capture_diff_slices};

use crate::lang::StringRule;
use crate::locate::structural::TokenMatch;
use crate::outcome::{Code, Refusal};
use crate::syntax::literals::{Spelling, decode_string, spell};
use crate::syntax::token::{SyntaxToken, TokenClass};
use crate::syntax::{FileToken, Fragment, Syntax};
use crate::text::Style as TextStyle;
use crate::text::indent_width;
use crate::text::lines::{indentation, line_start, starts_line};
use crate::write::indent::{IndentMap, local_unit, model_unit};

use super::spelling;

/// The text that replaces `text[found.range]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rewrite {
    pub replacement: String,
    /// The region was rewritten whole from `new` (re-indented) rather than token by token.
    pub fallback: bool,
    /// The edit changes only spelling or layout, written line by line in `new`'s spelling
    /// ([`super::spelling`]): the spelling is the edit, not to be put back in the file's
    /// conventions.
    pub spelled: bool,
}

impl Rewrite {
    /// A replacement written in place (not the whole region from `new`, not an edit of
    /// spelling only).
    pub(crate) fn plain(replacement: String) -> Rewrite {
        Rewrite {
            replacement,
            fallback: false,
            spelled: false,
        }
    }
}

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
        return Ok(Rewrite::plain(String::new()));
    }
    let n = Fragment::parse(lang, new);
    let n_tokens = super::align::with_kept_parens(&o.tokens, &n, new);
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
            replacement: lines.write()?,
            fallback: false,
            spelled: true,
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

impl TokenWriter<'_> {
    /// The region's new bytes: token by token; else line by line (`lines`: lines `new`
    /// keeps stay the file's); else the whole region from `new` — each only when the file
    /// with it still reads as `new` and parses as well as before.
    fn write(
        &self,
        o: &Fragment,
        n: &Fragment,
        lines: &spelling::Lines,
    ) -> Result<Rewrite, Refusal> {
        // Parens the file has and the comparison ignored may bind differently once tokens
        // inside them change (`(a * b) + c` edited to `(a + b) * c`): such a write is
        // re-read and must say what `new` says.
        let guarded = self
            .syntax
            .dropped
            .iter()
            .any(|g| g.start < self.found.range.end && g.end > self.found.range.start);
        let region = &self.text[self.found.range.clone()];
        let empty_allowed = empty_statements(region).max(empty_statements(self.new));
        let holds = |r: &String| {
            (!guarded || self.holds_new_tokens(r))
                && self.reads_back_as_new(r, o, n)
                && empty_statements(r) <= empty_allowed
        };
        // Written and checked once, whichever of the two places below asks first.
        let merged = std::cell::OnceCell::new();
        let by_lines = || {
            merged
                .get_or_init(|| {
                    lines.write().ok().filter(|r| {
                        holds(r) && self.keeps_file_comments(r) && self.parses_as_well(r)
                    })
                })
                .clone()
        };
        // A block `new` opens or closes around kept lines is a change of lines: the line
        // merge keeps the file's lines (a comment above the new block stays above it).
        if block_lines(self.old) != block_lines(self.new)
            && let Some(r) = by_lines()
        {
            return Ok(Rewrite::plain(r));
        }
        let tokens = self.edits(o, n).filter(holds);
        if let Some(r) = &tokens
            && self.parses_as_well(r)
        {
            return Ok(Rewrite::plain(r.clone()));
        }
        if let Some(r) = by_lines() {
            return Ok(Rewrite::plain(r));
        }
        self.whole_or_tokens(tokens, guarded)
    }

    /// The last resort: the whole region from `new` when the file with it parses as well
    /// as before; else the token-level write `tokens` (when `new` itself parses worse), or
    /// the refusal.
    fn whole_or_tokens(&self, tokens: Option<String>, guarded: bool) -> Result<Rewrite, Refusal> {
        match (tokens, self.fallback(guarded)) {
            (_, Ok(w)) if self.parses_as_well(&w) => Ok(Rewrite {
                replacement: w,
                fallback: true,
                spelled: false,
            }),
            // `new` written whole parses worse too: `new` itself is the cause, and the
            // token-level write says it in the file's layout (the post-edit check will warn).
            (Some(t), Ok(_)) => Ok(Rewrite::plain(t)),
            (None, Ok(_)) | (Some(_), Err(_)) => Err(Refusal::new(
                Code::Unmappable,
                "the change cannot be written token by token, and rewriting the region whole \
                 leaves the code around it unparseable (brackets or continuations the region \
                 shares with its neighbours); send `old` with the whole statement",
            )),
            (None, Err(e)) => Err(e),
        }
    }
}

impl TokenWriter<'_> {
    /// The whole region rewritten from `new`, or why it cannot be: it would split a
    /// parenthesised group, drop comments the file has there, or change what `new` means
    /// through the file's parentheses.
    fn fallback(&self, guarded: bool) -> Result<String, Refusal> {
        if self.splits_group(&self.found.range) {
            return Err(Refusal::new(
                Code::Unmappable,
                "`old` covers only part of a parenthesised expression the file has; include the \
                 whole expression",
            ));
        }
        let replacement = self.whole()?;
        if !self.keeps_file_comments(&replacement) {
            return Err(Refusal::new(
                Code::Unmappable,
                "the change cannot be written token by token, and rewriting the region whole \
                 would drop comments the file has there that `old` lacks; include them in `old`",
            ));
        }
        if guarded && !self.holds_new_tokens(&replacement) {
            return Err(Refusal::new(
                Code::Unmappable,
                "the file's parentheses would change what `new` means",
            ));
        }
        Ok(replacement)
    }
}

/// `;` right after a `}` or another `;` (whitespace between): an empty statement, which
/// the token comparison cannot see. A write may not have more than the file's region or
/// `new` has (a `;` copied from `new` after a `}` moved up: `  };`).
fn empty_statements(text: &str) -> usize {
    let mut last = None;
    let mut count = 0;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c == ';' && matches!(last, Some('}' | ';')) {
            count += 1;
        }
        last = Some(c);
    }
    count
}

/// `lines` with every line break written as `eol`.
fn relined(lines: &str, eol: &str) -> String {
    lines
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect::<Vec<_>>()
        .join(eol)
}

/// Lines that open a block (end in `{` or `:`) or close one (a lone `}`), in a text.
fn block_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| l.ends_with('{') || l.ends_with(':') || l.starts_with('}'))
        .count()
}

/// The file's layout conventions, and how `new` indents.
struct Layout {
    eol: &'static str,
    /// One indentation level of the file ("\t" or spaces).
    unit: String,
    /// Columns of one indentation level in `new`.
    new_unit: usize,
}

/// +1 for an opening bracket, -1 for a closing one, 0 for any other token.
fn bracket_depth(token: &str) -> i32 {
    match token {
        "(" | "[" | "{" => 1,
        ")" | "]" | "}" => -1,
        _ => 0,
    }
}

/// `new`'s string value written in the file's raw spelling (prefix, hashes, quotes), if
/// it needs no escape there: same value-changing prefixes as the file's literal, no
/// closing delimiter, line break or trailing backslash inside. The result is decoded
/// again and must give `new`'s value exactly.
fn raw_respelling(rule: &StringRule, fs: &Spelling, file: &str, t: &SyntaxToken) -> Option<String> {
    if t.class != TokenClass::Str {
        return None;
    }
    let (flags, _) = decode_string(rule, file)?;
    let key = t.key("");
    let value = key.strip_prefix(&format!("{}{flags}\0", rule.tag))?;
    let hashes = "#".repeat(fs.hashes);
    let closing = format!("{}{hashes}", fs.quote);
    if value.contains(&closing) || value.contains(['\n', '\r']) || value.ends_with('\\') {
        return None;
    }
    let out = format!("{}{hashes}{}{value}{closing}", fs.prefix, fs.quote);
    let (again, decoded) = decode_string(rule, &out)?;
    (again == flags && decoded == value).then_some(out)
}

/// Where the content of the line ending at `eol` (just after its line break, or the end of
/// the text) ends: before `\n` or `\r\n`.
fn content_end(text: &str, eol: usize) -> usize {
    let t = &text[..eol];
    let t = t.strip_suffix('\n').unwrap_or(t);
    t.strip_suffix('\r').unwrap_or(t).len()
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

/// The bracket depth before each token.
fn depths(toks: &[SyntaxToken]) -> Vec<i32> {
    let mut d = 0;
    toks.iter()
        .map(|t| {
            let here = d;
            d += match t.class {
                TokenClass::Open => 1,
                TokenClass::Close => -1,
                _ => bracket_depth(t.key("")),
            };
            here
        })
        .collect()
}

/// The changed runs of an alignment, in order: each maximal stretch of consecutive
/// non-equal operations as (its range of `old`'s tokens, its range of `new`'s).
fn changed_runs(ops: &[DiffOp]) -> Vec<(Range<usize>, Range<usize>)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < ops.len() {
        if matches!(ops[i], DiffOp::Equal { .. }) {
            i += 1;
            continue;
        }
        let (o1, n1) = (ops[i].old_range().start, ops[i].new_range().start);
        let (mut o2, mut n2) = (o1, n1);
        while i < ops.len() && !matches!(ops[i], DiffOp::Equal { .. }) {
            o2 = ops[i].old_range().end;
            n2 = ops[i].new_range().end;
            i += 1;
        }
        runs.push((o1..o2, n1..n2));
    }
    runs
}

/// How many items two sequences have in common, in order (their longest common subsequence).
fn common(a: &[String], b: &[String]) -> usize {
    let mut row = vec![0usize; b.len() + 1];
    for x in a {
        let mut diagonal = 0;
        for (j, y) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = if x == y { diagonal + 1 } else { up.max(row[j]) };
            diagonal = up;
        }
    }
    row[b.len()]
}

/// A comment's text with its whitespace runs collapsed, for comparing the model's comments
/// with the file's.
fn norm_comment(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Block markers open and close in order and all close again (or, `at_end`, at least
/// never close a block they did not open).
fn balanced(toks: &[SyntaxToken], at_end: bool) -> bool {
    let mut depth = 0usize;
    for t in toks {
        match t.class {
            TokenClass::Open => depth += 1,
            TokenClass::Close => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
    }
    depth == 0 || at_end
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
}

/// A byte-range substitution inside the matched region.
struct RegionEdit {
    at: Range<usize>,
    with: String,
}

impl TokenWriter<'_> {
    /// (indentation in `new`, indentation in the file) of the lines where a token `new`
    /// keeps starts a line in both (and `new` indents its line as `old` does), in order; the
    /// first is the reference pair.
    fn find_pairs(&self, o: &[SyntaxToken]) -> Vec<(String, String)> {
        let okeys: Vec<(TokenClass, &str)> = o.iter().map(|t| (t.class, t.key(""))).collect();
        let nkeys: Vec<(TokenClass, &str)> = self.n.iter().map(|t| (t.class, t.key(""))).collect();
        let mut pairs = Vec::new();
        for op in capture_diff_slices(Algorithm::Myers, &okeys, &nkeys) {
            if let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = op
            {
                for k in 0..len {
                    let (f, nt) = (&self.file[old_index + k], &self.n[new_index + k]);
                    // A line `new` indents otherwise than `old` moved: it shows where the
                    // model put it, not how the file indents `new`'s depths.
                    let ot = &o[old_index + k];
                    let moved = starts_line(self.old, ot.range.start)
                        && indent_width(
                            &self.old[line_start(self.old, ot.range.start)..ot.range.start],
                        ) != indent_width(
                            &self.new[line_start(self.new, nt.range.start)..nt.range.start],
                        );
                    if !f.class.is_marker()
                        && !moved
                        && starts_line(self.text, f.range.start)
                        && starts_line(self.new, nt.range.start)
                        && !(self.new_first_line_copied()
                            && nt.range.start < self.new_first_line_end())
                    {
                        let fl = &self.text[line_start(self.text, f.range.start)..f.range.start];
                        let nl = &self.new[line_start(self.new, nt.range.start)..nt.range.start];
                        pairs.push((nl.to_string(), fl.to_string()));
                    }
                }
            }
        }
        pairs
    }

    /// Indentation of `new`'s first non-blank line and of the file line where the match
    /// starts: the anchor when no kept token starts a line in both.
    fn base(&self) -> (String, String) {
        if let Some(r) = self.pairs.first() {
            return r.clone();
        }
        let skip = usize::from(self.new_first_line_copied());
        let nb = self
            .new
            .lines()
            .skip(skip)
            .filter(|l| !l.trim().is_empty())
            .map(indentation)
            .min_by_key(|w| indent_width(w))
            .unwrap_or("");
        let start = self.found.core.start.min(self.text.len());
        let ls = line_start(self.text, start);
        (nb.to_string(), indentation(&self.text[ls..]).to_string())
    }

    /// `new` was copied from after its first line's indentation (`x = 1\n    y = 2`): its
    /// first line is unindented while a later line is indented and the file indents the line
    /// where the match starts. That first line's indentation says nothing about depth.
    fn new_first_line_copied(&self) -> bool {
        let mut lines = self.new.lines().filter(|l| !l.trim().is_empty());
        let Some(first) = self.new.lines().next() else {
            return false;
        };
        let start = self.found.core.start.min(self.text.len());
        let file_indented = !indentation(&self.text[line_start(self.text, start)..]).is_empty();
        !first.trim().is_empty()
            && indentation(first).is_empty()
            && lines.nth(1).is_some_and(|l| !indentation(l).is_empty())
            && file_indented
    }

    /// Where `new`'s first line ends.
    fn new_first_line_end(&self) -> usize {
        self.new.find('\n').unwrap_or(self.new.len())
    }

    /// The file indentation for a `new` line indented by `ws`: levels counted from the
    /// reference pair (a `new` line and the file line it stands for), as the text tiers'
    /// writer counts them.
    fn reindent(&self, ws: &str) -> Result<String, String> {
        let (nref, fref) = self.base();
        let single = || {
            IndentMap::new(
                [(nref.as_str(), fref.as_str())],
                self.style.new_unit,
                &self.style.unit,
            )
            .map(ws)
        };
        if self.pairs.len() < 2 {
            return single();
        }
        // Every kept line's pair: a block indented otherwise than the file's unit (two
        // spaces in a four-space file) is indented as it is.
        let all = IndentMap::new(
            self.pairs.iter().map(|(n, f)| (n.as_str(), f.as_str())),
            self.style.new_unit,
            &self.style.unit,
        );
        if all.inconsistency().is_some() {
            return single();
        }
        all.map(ws).or_else(|_| single())
    }

    /// Text from `new`, in the file's style. With `inline`, the first line continues
    /// the file's current line; every other line is re-indented.
    fn adapt(&self, piece: &str, inline: bool) -> Result<String, String> {
        let mut out = String::with_capacity(piece.len());
        for (i, line) in piece.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if i > 0 {
                out.push_str(self.style.eol);
            }
            if i == 0 && inline {
                out.push_str(line);
            } else if !line.trim().is_empty() {
                out.push_str(&self.reindent(indentation(line))?);
                out.push_str(line.trim_start_matches([' ', '\t']));
            }
        }
        Ok(out)
    }

    /// The whole region rewritten from `new` (the fallback).
    fn whole(&self) -> Result<String, Refusal> {
        if let Some(c) = self.unanchored_comments().into_iter().next() {
            return Err(Refusal::new(
                Code::Unmappable,
                format!(
                    "`old`'s comment `{c}` is not next to the matched code in the file, so \
                     where `new`'s lines go around it is unknown; send `old` as the file has it"
                ),
            ));
        }
        let range = &self.found.range;
        let at_line_start = line_start(self.text, range.start) == range.start;
        let body = self.new.trim_end_matches(['\n', '\r']);
        let body = if at_line_start {
            body
        } else {
            body.trim_start()
        };
        let mut out = self
            .adapt(body, !at_line_start)
            .map_err(|why| Refusal::new(Code::IndentInconsistent, why))?;
        if self.text[..range.end].ends_with('\n') {
            out.push_str(self.style.eol);
        }
        Ok(out)
    }

    /// Token-level edits applied to the region, or `None` to fall back: every changed run
    /// placed ([`TokenWriter::plan_change`]), every comment change inside what is written or
    /// removed, moved lines re-indented, no dropped paren group split, and every file
    /// comment that stays still there.
    fn edits(&self, o: &Fragment, n: &Fragment) -> Option<String> {
        let ops = self.alignment(o);
        let mut plan = WritePlan::default();
        for (old, new) in changed_runs(&ops) {
            self.plan_change(old, new, &mut plan)?;
        }
        if !self.comments_placed(o, n, &plan.emitted, &plan.removed) {
            return None;
        }
        let mut edits = plan.edits;
        edits.extend(self.reindent_moved(&ops)?);
        if edits.iter().any(|e| self.splits_group(&e.at)) {
            return None;
        }
        let out = self.apply(edits)?;
        self.keeps_file_comments(&out).then_some(out)
    }

    /// Adds to `plan` the edits for one changed run: the file's run tokens `o` become
    /// `new`'s aligned tokens `n`. `None` when the change cannot be placed token by token:
    /// it touches block structure other than by adding whole balanced blocks, or its
    /// replacement or insertion has no certain place.
    fn plan_change(&self, o: Range<usize>, n: Range<usize>, plan: &mut WritePlan) -> Option<()> {
        let touched = self.file[o.clone()]
            .iter()
            .map(|t| t.class)
            .chain(self.n[n.clone()].iter().map(|t| t.class));
        // Block markers may only come in whole, balanced blocks that `new` adds as
        // lines of their own (a new `if …:` with its body); any other change to
        // block structure cannot be placed token by token.
        // At the end of `new`, blocks may stay open: a fragment's trailing block
        // ends are dropped with its edges.
        let whole_block = o.is_empty() && balanced(&self.n[n.clone()], n.end == self.n.len());
        if touched.clone().any(TokenClass::is_marker) && !whole_block {
            return None;
        }
        let span =
            |o: &Range<usize>| self.file[o.start].range.start..self.file[o.end - 1].range.end;
        if !o.is_empty() && n.is_empty() {
            // A deletion goes around the file's comments that stay (one `old` lacks, or
            // one `new` keeps): each stretch between them is deleted on its own.
            for run in self.around_kept_comments(o) {
                plan.removed.push(span(&run));
                plan.edits.push(self.delete(run));
            }
            return Some(());
        }
        let edit = match (!o.is_empty(), !n.is_empty()) {
            (true, true) => self.replace(o.clone(), n, &mut plan.emitted),
            (false, true) => self.insert(o.start, n, &mut plan.emitted),
            _ => None,
        }?;
        if !o.is_empty() {
            plan.removed.push(span(&o));
        }
        plan.edits.push(edit);
        Some(())
    }

    /// Splits a run of file tokens where a file comment that stays lies between two of them.
    fn around_kept_comments(&self, run: Range<usize>) -> Vec<Range<usize>> {
        let mut runs = Vec::new();
        let mut start = run.start;
        for k in run.start + 1..run.end {
            let gap = self.file[k - 1].range.end..self.file[k].range.start;
            let kept = self
                .syntax
                .comments
                .iter()
                .any(|c| c.start >= gap.start && c.end <= gap.end && self.comment_stays(c));
            if kept {
                runs.push(start..k);
                start = k;
            }
        }
        runs.push(start..run.end);
        runs
    }

    /// `old`'s comments that the region does not hold: edge comments the match could not
    /// anchor (the file has other code between them and the matched tokens, or lacks them).
    fn unanchored_comments(&self) -> Vec<String> {
        let in_region: Vec<String> = self
            .syntax
            .comments
            .iter()
            .filter(|c| c.start >= self.found.range.start && c.end <= self.found.range.end)
            .filter_map(|c| self.text.get(c.clone()))
            .map(norm_comment)
            .collect();
        self.o_comments
            .iter()
            .filter_map(|c| self.old.get(c.clone()))
            .map(norm_comment)
            .filter(|c| !in_region.contains(c))
            .collect()
    }

    /// An inserted run of `new` that an unanchored comment of `old` separates from its
    /// neighbouring kept tokens: placed by that comment in the model's view, it has no
    /// certain place in the file.
    fn beside_unanchored_comment(&self, n: Range<usize>) -> bool {
        let unanchored = self.unanchored_comments();
        if unanchored.is_empty() {
            return false;
        }
        let before = n.start.checked_sub(1).map_or(0, |p| self.n[p].range.end);
        let after = self.n.get(n.end).map_or(self.new.len(), |t| t.range.start);
        let (first, last) = (self.n[n.start].range.start, self.n[n.end - 1].range.end);
        self.n_comments.iter().any(|c| {
            let near = (c.start >= before && c.end <= first) || (c.start >= last && c.end <= after);
            near && self
                .new
                .get(c.clone())
                .is_some_and(|t| unanchored.contains(&norm_comment(t)))
        })
    }

    /// A file comment stays unless `old` has it and `new` drops it.
    fn comment_stays(&self, c: &Range<usize>) -> bool {
        let Some(text) = self.text.get(c.clone()) else {
            return true;
        };
        let c = norm_comment(text);
        let has = |frag: &str, ranges: &[Range<usize>]| {
            ranges
                .iter()
                .any(|r| frag.get(r.clone()).map(norm_comment).as_ref() == Some(&c))
        };
        !has(self.old, self.o_comments) || has(self.new, self.n_comments)
    }

    /// Every file comment of the region that stays is in `out` (the region's new bytes),
    /// in order: a comment or directive the model never saw is never lost.
    fn keeps_file_comments(&self, out: &str) -> bool {
        let mut rest = out;
        for c in self
            .syntax
            .comments
            .iter()
            .filter(|c| c.start >= self.found.range.start && c.end <= self.found.range.end)
        {
            if !self.comment_stays(c) {
                continue;
            }
            let Some(at) = self.text.get(c.clone()).and_then(|t| rest.find(t)) else {
                return false;
            };
            rest = &rest[at..];
        }
        true
    }

    /// Kept lines that `new` moves into another block (a call moved out of an `if`) take
    /// the indentation `new` gives them, in the file's style: a kept token that starts a
    /// line in the file and in `new` at a different bracket depth than in `old`. The file's
    /// continuation lines of such a line's statement (a wrapped call `new` writes on one
    /// line) move with it, keeping their indentation relative to it.
    fn reindent_moved(&self, ops: &[DiffOp]) -> Option<Vec<RegionEdit>> {
        let old_depth = depths(self.o_tokens);
        let new_depth = depths(self.n);
        let mut edits = Vec::new();
        // The last moved line's (file indentation, new indentation): the file's
        // continuation lines of its statement, which `new` writes on that line, follow it.
        let mut moved: Option<(&str, String)> = None;
        for op in ops {
            let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = *op
            else {
                continue;
            };
            for k in 0..len {
                let (f, t) = (&self.file[old_index + k], &self.n[new_index + k]);
                let same_depth = old_depth[old_index + k] == new_depth[new_index + k];
                let ls = line_start(self.text, f.range.start);
                if !starts_line(self.text, f.range.start)
                    || f.class.is_marker()
                    || ls < self.found.range.start
                {
                    continue;
                }
                let file_ws = &self.text[ls..f.range.start];
                if !starts_line(self.new, t.range.start) {
                    if let Some((from, to)) = moved.as_ref().filter(|_| !same_depth)
                        && let Some(rest) = file_ws.strip_prefix(*from)
                    {
                        edits.push(RegionEdit {
                            at: ls..f.range.start,
                            with: format!("{to}{rest}"),
                        });
                    }
                    continue;
                }
                moved = None;
                if same_depth {
                    continue;
                }
                let ws = &self.new[line_start(self.new, t.range.start)..t.range.start];
                let with = self.reindent(ws).ok()?;
                if with != file_ws {
                    moved = Some((file_ws, with.clone()));
                    edits.push(RegionEdit {
                        at: ls..f.range.start,
                        with,
                    });
                }
            }
        }
        Some(edits)
    }

    /// `old`'s tokens (the file's, one for one) aligned with `new`'s, changes slid to
    /// statement boundaries.
    fn alignment(&self, o: &Fragment) -> Vec<DiffOp> {
        let okeys: Vec<(TokenClass, &str)> =
            o.tokens.iter().map(|t| (t.class, t.key(""))).collect();
        let nkeys: Vec<(TokenClass, &str)> = self.n.iter().map(|t| (t.class, t.key(""))).collect();
        let old = super::align::Side {
            keys: &okeys,
            ends: self.file.iter().map(|f| f.end).collect(),
            starts_line: self
                .file
                .iter()
                .map(|f| starts_line(self.text, f.range.start))
                .collect(),
            line: self
                .file
                .iter()
                .map(|f| line_start(self.text, f.range.start))
                .collect(),
        };
        let new = super::align::Side {
            keys: &nkeys,
            ends: self.n.iter().map(|t| t.end.is_some()).collect(),
            starts_line: self
                .n
                .iter()
                .map(|t| starts_line(self.new, t.range.start))
                .collect(),
            line: self
                .n
                .iter()
                .map(|t| line_start(self.new, t.range.start))
                .collect(),
        };
        super::align::diff(&old, &new)
    }

    /// `at` holds exactly one paren of a wrapper whose parens the comparison ignored:
    /// replacing it would unbalance the file.
    fn splits_group(&self, at: &Range<usize>) -> bool {
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
    fn parses_as_well(&self, replacement: &str) -> bool {
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
    fn holds_new_tokens(&self, replacement: &str) -> bool {
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
    fn reads_back_as_new(&self, replacement: &str, o: &Fragment, n: &Fragment) -> bool {
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

    fn replace(
        &self,
        o: Range<usize>,
        n: Range<usize>,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let at = self.file[o.start].range.start..self.file[o.end - 1].range.end;
        let span = self.n[n.start].range.start..self.n[n.end - 1].range.end;
        emitted.push(span.clone());
        let with = if o.len() == 1 && n.len() == 1 && self.file[o.start].class == TokenClass::Str {
            self.requote(&self.file[o.start], &self.n[n.start])
        } else {
            None
        };
        let with = match with {
            Some(with) => with,
            None => self.adapt(&self.new[span.clone()], true).ok()?,
        };
        if o.len() == n.len() {
            return Some(RegionEdit { at, with });
        }
        // Tokens replaced by another number of tokens (`x++` by `x += 1`): where the file
        // has no space around them and `new` has, `new`'s spacing comes along.
        let prev_file = o.start.checked_sub(1).map(|p| self.file[p].range.end);
        let prev_new = n.start.checked_sub(1).map(|p| self.n[p].range.end);
        let mut at = at;
        let mut with = with;
        if let (Some(pf), Some(pn)) = (prev_file, prev_new) {
            let (fs, ns) = (&self.text[pf..at.start], &self.new[pn..span.start]);
            if pf >= self.found.range.start && fs.is_empty() && one_line_space(ns) {
                at.start = pf;
                with.insert_str(0, ns);
            }
        }
        let next_file = self.file.get(o.end).map(|f| f.range.start);
        let next_new = self.n.get(n.end).map(|t| t.range.start);
        if let (Some(nf), Some(nn)) = (next_file, next_new) {
            let (fs, ns) = (&self.text[at.end..nf], &self.new[span.end..nn]);
            if nf <= self.found.range.end && fs.is_empty() && one_line_space(ns) {
                at.end = nf;
                with.push_str(ns);
            }
        }
        Some(RegionEdit { at, with })
    }

    /// A changed string keeps the file's quote character where only its content
    /// changed (`"foo"` in the file, `'foo'`→`'bar'` in the edit gives `"bar"`), and a
    /// raw string in the file stays raw when `new`'s value can be written in it as is.
    fn requote(&self, f: &FileToken, t: &SyntaxToken) -> Option<String> {
        let root = self.syntax.tree.as_ref()?.root_node();
        let node = root.descendant_for_byte_range(f.range.start, f.range.end)?;
        let rule = self.syntax.language().rules().string_rule(node.kind_id())?;
        let fs = spell(rule, self.text.get(f.range.clone())?)?;
        if fs.raw {
            return raw_respelling(rule, &fs, self.text.get(f.range.clone())?, t);
        }
        let ns = spell(rule, self.new.get(t.range.clone())?)?;
        if fs.raw
            || ns.raw
            || fs.hashes > 0
            || ns.hashes > 0
            || fs.quote.len() != 1
            || ns.quote.len() != 1
        {
            return None;
        }
        if fs.quote == ns.quote {
            return None;
        }
        let (fq, nq) = (fs.quote.chars().next()?, ns.quote.chars().next()?);
        let mut body = String::with_capacity(ns.body.len() + 2);
        let mut chars = ns.body.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some(e) if e == nq => body.push(e),
                    Some(e) => {
                        body.push('\\');
                        body.push(e);
                    }
                    None => body.push('\\'),
                }
            } else if c == fq {
                // The file's quote would need a new escape: `new`'s spelling stays.
                return None;
            } else {
                body.push(c);
            }
        }
        Some(format!("{}{fq}{body}{fq}", ns.prefix))
    }

    fn delete(&self, o: Range<usize>) -> RegionEdit {
        let text = self.text;
        let start = self.file[o.start].range.start;
        let end = self.file[o.end - 1].range.end;
        let ls = line_start(text, start);
        let eol = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
        let next_tok = self.next_token_start(o.end);
        let comment_after = self
            .syntax
            .comments
            .iter()
            .any(|c| c.start >= end && c.start < eol);
        let whole_lines = starts_line(text, start) && next_tok >= eol && !comment_after;
        if whole_lines && ls >= self.found.range.start && eol <= self.found.range.end {
            return RegionEdit {
                at: ls..eol,
                with: String::new(),
            };
        }
        // The region's last line (`old` sent without its final newline): the line goes
        // whole with the line break before it, never leaving its indentation behind.
        let line_end = content_end(text, eol);
        if whole_lines && ls > self.found.range.start && line_end <= self.found.range.end {
            let break_start = content_end(text, ls).max(self.found.range.start);
            return RegionEdit {
                at: break_start..line_end,
                with: String::new(),
            };
        }
        if let Some(at) = self.bracket_with_its_line_break(o.clone(), start, end) {
            return RegionEdit {
                at,
                with: String::new(),
            };
        }
        let is_blank = |b: u8| b == b' ' || b == b'\t';
        let before = text[..start]
            .bytes()
            .rev()
            .take_while(|b| is_blank(*b))
            .count();
        let after = text[end..].bytes().take_while(|b| is_blank(*b)).count();
        let at = if before > 0
            && !starts_line(text, start)
            && start - before >= self.found.range.start
        {
            start - before..end
        } else {
            start..(end + after).min(self.found.range.end.max(end))
        };
        RegionEdit {
            at,
            with: String::new(),
        }
    }

    /// A deleted run that ends with an opening bracket followed by a line break (or starts
    /// with a closing bracket preceded by one) takes that line break and indentation along:
    /// unwrapping `f(\n    a,\n)` to `a` must not leave `x =\n    a`.
    fn bracket_with_its_line_break(
        &self,
        o: Range<usize>,
        start: usize,
        end: usize,
    ) -> Option<Range<usize>> {
        let text = self.text;
        let key = |i: usize| self.o_tokens[i].key("");
        let opens = matches!(key(o.end - 1), "(" | "[" | "{");
        let closes = matches!(key(o.start), ")" | "]" | "}");
        let next = self.next_token_start(o.end).min(self.found.range.end);
        if opens
            && next > end
            && text[end..next].contains('\n')
            && text[end..next].trim().is_empty()
        {
            return Some(start..next);
        }
        let prev = o
            .start
            .checked_sub(1)
            .map_or(self.found.range.start, |p| self.file[p].range.end)
            .max(self.found.range.start);
        if closes
            && prev < start
            && text[prev..start].contains('\n')
            && text[prev..start].trim().is_empty()
        {
            return Some(prev..end);
        }
        None
    }

    /// The edit that inserts `new`'s tokens `n` before the file's run token `o` (recording
    /// the spans of `new` it writes in `emitted`), or `None` when the run has no certain
    /// place: whole lines in `new` are written as lines ([`TokenWriter::insert_lines`]), any other
    /// run inside a line ([`TokenWriter::insert_inline`]), a block never inside a line.
    fn insert(
        &self,
        o: usize,
        n: Range<usize>,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        if self.beside_unanchored_comment(n.clone()) {
            return None;
        }
        // An inserted block (markers inside) is bounded by its real tokens; markers
        // have no text of their own.
        let block = self.n[n.clone()].iter().any(|t| t.class.is_marker());
        let mut real = self.n[n.clone()].iter().filter(|t| !t.class.is_marker());
        let first = real.next()?;
        let last = real.next_back().unwrap_or(first);
        let run = Insertion { o, n, first, last };
        if let Some(inserted) = self.lines_in_new(&run) {
            return self.insert_lines(&run, &inserted, emitted);
        }
        if block {
            // A block's extent is its lines: it is never spliced into a line.
            return None;
        }
        self.insert_inline(&run, emitted)
    }

    /// The lines `run` stands on in `new`, when it has them to itself: it starts a line
    /// and `new`'s next real token (or `new`'s end) lies past the line it ends on. `None`
    /// when it shares a line with a kept token.
    fn lines_in_new(&self, run: &Insertion) -> Option<Inserted> {
        let new = self.new;
        let end = run.last.range.end;
        let new_eol = new[end..].find('\n').map_or(new.len(), |i| end + i);
        let next_new = self.n[run.n.end..]
            .iter()
            .find(|t| !t.class.is_marker())
            .map_or(new.len(), |t| t.range.start);
        // Nothing but spaces (and its `;`) after the run: it ends `new` (with or without a final line
        // break). Block markers have no text, so `new`'s text decides, not its tokens.
        // A run that closes a block new keeps (`store.clear();\n  }` moved into it) is not
        // whole lines of its own.
        let run_text = &new[run.first.range.start..end];
        let count = |set: [char; 3]| run_text.chars().filter(|c| set.contains(c)).count();
        let ends_new = new[end..]
            .trim_matches(|c: char| c.is_whitespace() || c == ';')
            .is_empty()
            && count(['}', ')', ']']) <= count(['{', '(', '[']);
        (starts_line(new, run.first.range.start) && (next_new > new_eol || ends_new)).then_some(
            Inserted {
                run_start: run.n.start,
                lines: run.first.range.start..new_eol,
                next: next_new,
            },
        )
    }

    /// `run`'s lines of `new` (`inserted`) re-indented in the file's style and placed as
    /// whole lines: before the next kept token when it starts a file line
    /// ([`TokenWriter::lines_before_kept`]), else after the previous kept token when it ends one
    /// ([`TokenWriter::lines_after_kept`]). The lines count as written (`emitted`) even when
    /// they find no place.
    fn insert_lines(
        &self,
        run: &Insertion,
        inserted: &Inserted,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let lines_start = line_start(self.new, run.first.range.start);
        let new_eol = inserted.lines.end;
        let block = self.new[lines_start..new_eol].trim_end_matches('\r');
        emitted.push(lines_start..new_eol);
        let lines = self.adapt(block, false).ok()?;
        if self.blank_line_after_only(run, inserted) {
            // `new` puts the lines right under the kept line before them and a blank line
            // after them: they go above the file's blank line, not below it.
            if let Some(edit) = self.lines_after_kept(run.o, &lines) {
                return Some(edit);
            }
        }
        let kept_next = self.file.get(run.o).filter(|f| !f.class.is_marker());
        match kept_next.filter(|f| starts_line(self.text, f.range.start)) {
            Some(next) => self.lines_before_kept(run.o, next, &lines, inserted),
            None => self.lines_after_kept(run.o, &lines),
        }
    }

    /// In `new`, a blank line separates the inserted lines from the next kept token and none
    /// from the kept token before them.
    fn blank_line_after_only(&self, run: &Insertion, inserted: &Inserted) -> bool {
        let breaks = |s: &str| s.matches('\n').count();
        let Some(prev) = self.n[..run.n.start].iter().rfind(|t| !t.class.is_marker()) else {
            return false;
        };
        let lines_start = line_start(self.new, run.first.range.start);
        let before = self.new.get(prev.range.end..lines_start).unwrap_or("");
        let after = self
            .new
            .get(inserted.lines.end..inserted.next)
            .unwrap_or("");
        inserted.next < self.new.len() && breaks(after) >= 2 && breaks(before) <= 1
    }

    /// Re-indented `lines` placed before the kept file token `next` (run index `o`), which
    /// starts a file line: when that line is in the region, above it and above the comments
    /// that belong to it ([`TokenWriter::above_leading_comments`]); else (the region starts on that
    /// line) right before `next`, the line's indentation moved after the inserted lines.
    /// `None` when `lines` do not start with that indentation.
    fn lines_before_kept(
        &self,
        o: usize,
        next: &FileToken,
        lines: &str,
        inserted: &Inserted,
    ) -> Option<RegionEdit> {
        let ls = line_start(self.text, next.range.start);
        if ls >= self.found.range.start {
            let ls = self.above_leading_comments(o, ls, inserted);
            let eol = self.eol_before(ls);
            return Some(RegionEdit {
                at: ls..ls,
                with: format!("{}{eol}", relined(lines, eol)),
            });
        }
        let indent = &self.text[ls..next.range.start];
        let eol = self.eol_before(ls);
        let rest = relined(lines, eol);
        let rest = rest.strip_prefix(indent)?;
        Some(RegionEdit {
            at: next.range.start..next.range.start,
            with: format!("{rest}{eol}{indent}"),
        })
    }

    /// The line break ending the line text written at `at` continues: the line holding
    /// `at`, or the line before when `at` starts a line; the file's when there is none.
    fn eol_at(&self, at: usize) -> &'static str {
        let from = if self.text[..at].ends_with('\n') {
            at - 1
        } else {
            at
        };
        match self.text[from..].find('\n').map(|i| from + i) {
            Some(nl) if self.text[..nl].ends_with('\r') => "\r\n",
            Some(_) => "\n",
            None => self.style.eol,
        }
    }

    /// The line break ending the line before `ls` (a line start), or the file's when there
    /// is none: what a line inserted at `ls` ends with.
    fn eol_before(&self, ls: usize) -> &'static str {
        if ls == 0 {
            self.style.eol
        } else {
            self.eol_at(ls)
        }
    }

    /// Re-indented `lines` placed after the previous kept token (run index `o - 1`), when it
    /// ends a file line: after that line's break when the break is in the region, else at the
    /// end of its content with a line break before them. `None` when there is no previous
    /// real token, another token follows it on its line, or the line ends past the region.
    fn lines_after_kept(&self, o: usize, lines: &str) -> Option<RegionEdit> {
        let text = self.text;
        let prev = o
            .checked_sub(1)
            .and_then(|p| self.file.get(p))
            .filter(|p| !p.class.is_marker())?;
        let end = prev.range.end;
        let nl = text[end..].find('\n').map(|i| end + i);
        let next_tok = self.next_token_start(o);
        let line_end = nl.map_or(text.len(), |nl| {
            if text[..nl].ends_with('\r') {
                nl - 1
            } else {
                nl
            }
        });
        if next_tok < line_end {
            return None;
        }
        // Inserted lines end as the line before them does.
        let eol = nl.map_or(self.style.eol, |nl| self.eol_before(nl + 1));
        let lines = relined(lines, eol);
        match nl {
            Some(nl) if nl < self.found.range.end => Some(RegionEdit {
                at: nl + 1..nl + 1,
                with: format!("{lines}{eol}"),
            }),
            _ if line_end <= self.found.range.end => Some(RegionEdit {
                at: line_end..line_end,
                with: format!("{eol}{lines}"),
            }),
            _ => None,
        }
    }

    /// `run` written inside a line, where [`TokenWriter::inline_place`] puts it, in the file's style;
    /// the span of `new` it writes is recorded in `emitted`. `None` when it has no place or
    /// its text cannot be re-indented.
    fn insert_inline(
        &self,
        run: &Insertion,
        emitted: &mut Vec<Range<usize>>,
    ) -> Option<RegionEdit> {
        let (new, first, last) = (self.new, run.first.range.start, run.last.range.end);
        let (at, with) = match self.inline_place(run)? {
            Inline::ListItem { at, indent, item } => {
                emitted.push(item.clone());
                let item = self.adapt(&new[item], true).ok()?;
                (at, format!(",{}{indent}{item}", self.style.eol))
            }
            Inline::ItemLine {
                at,
                indent,
                item,
                eol,
                comma,
            } => {
                emitted.push(item.clone());
                let item = self.adapt(&new[item], true).ok()?;
                let comma = if comma { "," } else { "" };
                (at, format!("{indent}{item}{comma}{eol}"))
            }
            Inline::OwnLine(edit) => {
                emitted.push(first..last);
                return Some(edit);
            }
            Inline::AfterPrev { at, from } => {
                emitted.push(from..last);
                (at, self.adapt(&new[from..last], true).ok()?)
            }
            Inline::BeforeNext { at } => {
                let to = self.n.get(run.n.end).map_or(last, |t| t.range.start);
                emitted.push(first..to);
                (at, self.adapt(&new[first..to], true).ok()?)
            }
        };
        Some(RegionEdit { at: at..at, with })
    }

    /// Where an inline run goes. The inserted tokens lean on one neighbour: a run that opens
    /// more brackets than it closes (`Math.min(` before `x`) wraps what follows, so it goes
    /// right before the next kept token and the file's spacing stays on its left; a run that
    /// starts by closing or continuing (`)`, `, 1)`, `.trim()`) ends what precedes, so it goes
    /// right after the previous kept token. `new`'s own spacing comes along on the inserted
    /// side. Before those: an item appended to a list laid out one per line, and a block
    /// closer, each on a line of its own. `None` when it would go before a next kept token
    /// the run has none of.
    fn inline_place(&self, run: &Insertion) -> Option<Inline<'_>> {
        let next = self.file.get(run.o).filter(|f| !f.class.is_marker());
        let prev = run.o.checked_sub(1).and_then(|p| self.file.get(p));
        if let Some(prev) = prev {
            let spelled: Vec<&str> = self.n[run.n.clone()]
                .iter()
                .filter(|t| !t.class.is_marker())
                .map(|t| &self.new[t.range.clone()])
                .collect();
            let depth: i32 = spelled.iter().map(|t| bracket_depth(t)).sum();
            let leans_left = spelled
                .first()
                .is_some_and(|t| matches!(*t, ")" | "]" | "}" | "," | "." | "?." | ";" | ":"));
            if let Some(item) = self.list_item_on_own_line(run, prev, depth) {
                return Some(item);
            }
            if let Some(item) = self.item_between_lines(run, depth) {
                return Some(item);
            }
            if let Some(item) = self.item_on_own_line(run, prev, depth) {
                return Some(item);
            }
            let span = run.first.range.start..run.last.range.end;
            if let Some(edit) = self.close_on_own_line(run.o, span) {
                return Some(Inline::OwnLine(edit));
            }
            let glued_right = spelled.len() == 1 && next.is_some() && self.glued_right(run);
            if !glued_right && (leans_left || depth <= 0 || next.is_none()) {
                let from = run
                    .n
                    .start
                    .checked_sub(1)
                    .map_or(run.first.range.start, |p| self.n[p].range.end);
                return Some(Inline::AfterPrev {
                    at: prev.range.end,
                    from,
                });
            }
        }
        Some(Inline::BeforeNext {
            at: next?.range.start,
        })
    }

    /// A `, item` appended to a list the file lays out one item per line gets a line of its
    /// own after the previous item (`prev`), indented like it: only when the item is whole
    /// (its brackets balance: `depth` 0) and the list's closing bracket follows on a later
    /// line.
    fn list_item_on_own_line(
        &self,
        run: &Insertion,
        prev: &FileToken,
        depth: i32,
    ) -> Option<Inline<'_>> {
        let text = self.text;
        // What follows the previous item: the list's closer on a later line, maybe after the
        // file's trailing comma (black's, Prettier's; the closer may be an optional bracket
        // the comparison left out, as black's `from a import (`).
        let after = &text[prev.range.end..];
        let rest = after.strip_prefix(',').unwrap_or(after);
        let gap = rest.len() - rest.trim_start().len();
        let closer_next = rest[gap..].starts_with([')', ']', '}']) && rest[..gap].contains('\n');
        let appends = run.first.class == TokenClass::Punct
            && run.first.key("") == ","
            && run.n.len() > 1
            && depth == 0
            && closer_next;
        if !appends {
            return None;
        }
        Some(Inline::ListItem {
            at: prev.range.end,
            indent: indentation(&text[line_start(text, prev.range.start)..]),
            item: self.n[run.n.start + 1].range.start..run.last.range.end,
        })
    }

    /// An item inserted before an item of a list the file lays out one item per line
    /// (`item ,` after the file's `,` or opening bracket, or `, item` before its `,`) gets a
    /// line of its own after the line before (and any comment ending that line), indented
    /// like the item after it, with its `,`: `useEffect,` / `useMemo,` / `useState,`, never
    /// `useEffect, useMemo,`. Only a whole item (its brackets balance: `depth` 0), where the
    /// file's `,` or bracket ends its line and the next item starts its own.
    fn item_between_lines(&self, run: &Insertion, depth: i32) -> Option<Inline<'_>> {
        let text = self.text;
        let comma = |t: &SyntaxToken| t.class == TokenClass::Punct && t.key("") == ",";
        let file_is = |k: usize, what: &[&str]| {
            self.file
                .get(k)
                .is_some_and(|f| what.contains(&&text[f.range.clone()]))
        };
        let file_comma = |k: usize| file_is(k, &[","]);
        let real: Vec<&SyntaxToken> = self.n[run.n.clone()]
            .iter()
            .filter(|t| !t.class.is_marker())
            .collect();
        if depth != 0 || real.len() < 2 {
            return None;
        }
        let before = run.o.checked_sub(1)?;
        let (sep, item) = if comma(run.last) && file_is(before, &[",", "(", "[", "{"]) {
            let end = real[real.len() - 2].range.end;
            (run.o - 1, run.first.range.start..end)
        } else if comma(run.first) && file_comma(run.o) {
            (run.o, real[1].range.start..run.last.range.end)
        } else {
            return None;
        };
        let sep_end = self.file[sep].range.end;
        let next = self.file.get(sep + 1)?;
        if !text[sep_end..next.range.start].contains('\n') || !starts_line(text, next.range.start) {
            return None;
        }
        let eol_at = sep_end + text[sep_end..].find('\n')?;
        Some(Inline::ItemLine {
            at: eol_at + 1,
            indent: indentation(&text[line_start(text, next.range.start)..]),
            item,
            eol: self.eol_at(eol_at),
            comma: true,
        })
    }

    /// A whole item `new` writes between two items without a separator (a JSX attribute, a
    /// statement ending in `;`, a type member) where the file lays them out one per line:
    /// the next kept token starts a later line than the previous one. The item gets a line
    /// of its own after the previous item's line (and any comment ending it), indented like
    /// the next item — like the previous one when the next token closes the list (`/>`, `}`)
    /// — never `disabled={busy} title="Save"`.
    fn item_on_own_line(
        &self,
        run: &Insertion,
        prev: &FileToken,
        depth: i32,
    ) -> Option<Inline<'_>> {
        let (text, new) = (self.text, self.new);
        let next = self.file.get(run.o).filter(|f| !f.class.is_marker())?;
        let gap = text.get(prev.range.end..next.range.start)?;
        let opens_item = matches!(run.first.class, TokenClass::Word | TokenClass::Str)
            || matches!(run.first.key(""), "<" | "@" | "#" | "[");
        let before = run.n.start.checked_sub(1).map(|p| self.n[p].range.end)?;
        let after = self.n.get(run.n.end).map_or(new.len(), |t| t.range.start);
        let apart = |s: &str| !s.is_empty() && s.trim().is_empty() && !s.contains('\n');
        // A statement's `;` (layout to the comparison) goes with it, in the file and in `new`.
        let ended = |s: &str| s.strip_prefix(';').is_some_and(|r| r.trim().is_empty());
        let end = run.last.range.end + usize::from(new[run.last.range.end..].starts_with(';'));
        let piece = new.get(run.first.range.start..end)?;
        let closes = text[next.range.start..].starts_with(['/', '>', '}', ')', ']']);
        let ends = apart(&new[end..after.max(end)]) || piece.ends_with(';') || closes;
        // No file token stands between the two: the gap is layout, `;` and comments.
        let gap_ok = gap.contains('\n');
        let before_ok = apart(&new[before..run.first.range.start])
            || ended(&new[before..run.first.range.start]);
        if depth != 0
            || !opens_item
            || piece.contains(['\n', ','])
            || !gap_ok
            || !starts_line(text, next.range.start)
            || !before_ok
            || !ends
        {
            return None;
        }
        let sibling = if closes {
            prev.range.start
        } else {
            next.range.start
        };
        // After the previous item's line (and any comment ending it).
        let at = prev.range.end + gap.find('\n')? + 1;
        let eol = self.eol_at(at);
        Some(Inline::ItemLine {
            at,
            indent: indentation(&text[line_start(text, sibling)..]),
            item: run.first.range.start..end,
            eol,
            comma: false,
        })
    }

    /// `new` glues `run` to the token after it and not to the one before (`, ...args`,
    /// `= !done`): a prefix (`...`, `!`, `await`) that goes with the following operand. The
    /// next token of `new` must open an operand (not a closer or continuation).
    fn glued_right(&self, run: &Insertion) -> bool {
        let new = self.new;
        let gap = |a: usize, b: usize| new.get(a..b).unwrap_or("");
        let prev_new_end = run
            .n
            .start
            .checked_sub(1)
            .map_or(0, |p| self.n[p].range.end);
        let next_new = self.n.get(run.n.end).map(|t| t.range.start);
        let opens_next = next_new
            .and_then(|nn| new[nn..].chars().next())
            .is_some_and(|c| !matches!(c, ')' | ']' | '}' | '>' | ',' | ';' | '.' | ':' | '?'));
        opens_next
            && next_new.is_some_and(|nn| gap(run.last.range.end, nn).is_empty())
            && !gap(prev_new_end, run.first.range.start).is_empty()
    }
    /// An inserted run that starts by closing a block the file lays out over several lines
    /// (`}` moved up so that a call leaves an `if`): the closer goes on a line of its own,
    /// indented as the line that opens the block, after the previous kept line — never
    /// glued to it (`start(); };`).
    fn close_on_own_line(&self, o: usize, span: Range<usize>) -> Option<RegionEdit> {
        let text = self.text;
        let piece = self.new.get(span.clone())?;
        if !piece.starts_with(['}', ')', ']']) || piece.contains('\n') {
            return None;
        }
        let prev = self.file.get(o.checked_sub(1)?)?;
        // The file token that opens the block the closer ends.
        let mut depth = 0i32;
        let open = (0..o).rev().find(|&k| {
            depth += bracket_depth(self.o_tokens[k].key(""));
            depth > 0
        })?;
        let opener = &self.file[open];
        if !text[opener.range.end..prev.range.end].contains('\n') {
            return None;
        }
        let eol = text[prev.range.end..]
            .find('\n')
            .map(|i| prev.range.end + i)?;
        let at = content_end(text, eol + 1);
        let rest_of_line = &text[prev.range.end..at];
        if at > self.found.range.end
            || self.next_token_start(o) < at
            || self
                .syntax
                .comments
                .iter()
                .any(|c| c.start >= prev.range.end && c.start < at)
            || rest_of_line.trim().len() > 1
        {
            return None;
        }
        let indent = indentation(&text[line_start(text, opener.range.start)..]);
        Some(RegionEdit {
            at: at..at,
            with: format!("{}{indent}{piece}", self.style.eol),
        })
    }

    /// A comment on the lines right above a kept line belongs to that line: lines
    /// inserted before the line go above such comments, unless `new` itself puts the
    /// comment before the inserted lines. With several comment lines there, the inserted
    /// lines go where the comments `new` has before them stay above and the ones it has after
    /// them stay below, as far as the file's comments allow (the file may have more). `ls` is the kept line's start; returns where the
    /// insertion goes (never before the previous kept token or the region).
    fn above_leading_comments(&self, o: usize, ls: usize, inserted: &Inserted) -> usize {
        let prev_new = self.n[..inserted.run_start]
            .iter()
            .rev()
            .find(|t| !t.class.is_marker())
            .map_or(0, |t| t.range.end);
        let in_new = |within: Range<usize>| -> Vec<String> {
            self.n_comments
                .iter()
                .filter(|c| c.start >= within.start && c.end <= within.end)
                .filter_map(|c| self.new.get(c.clone()))
                .map(norm_comment)
                .collect()
        };
        let before = in_new(prev_new..inserted.lines.start);
        let after = in_new(inserted.lines.end..inserted.next.max(inserted.lines.end));
        let run = self.comment_lines_above(o, ls);
        let texts: Vec<String> = run.iter().map(|(_, c)| c.clone()).collect();
        // In order first; then a repeated comment stays on the side `new` has it on (a file
        // line twice); then the lowest place when `new` has comments before the inserted
        // lines, else the highest (the comments belong to the kept line).
        let score = |k: usize| common(&texts[..k], &before) + common(&texts[k..], &after);
        let sides = |k: usize| {
            texts[..k].iter().filter(|c| before.contains(c)).count()
                + texts[k..].iter().filter(|c| after.contains(c)).count()
        };
        let lean = |k: usize| {
            if before.is_empty() {
                -(k as i64)
            } else {
                k as i64
            }
        };
        let best = (0..=run.len())
            .max_by_key(|&k| (score(k), sides(k), lean(k)))
            .unwrap_or(0);
        run.get(best).map_or(ls, |(start, _)| *start)
    }

    /// The comment lines right above the line starting at `ls` (no blank line between),
    /// top to bottom, each as its line start and its normalised text; none before the
    /// previous kept token (run index `o - 1`) or the region.
    fn comment_lines_above(&self, o: usize, mut ls: usize) -> Vec<(usize, String)> {
        let text = self.text;
        let floor = o
            .checked_sub(1)
            .and_then(|p| self.file[..=p].iter().rev().find(|t| !t.class.is_marker()))
            .map_or(self.found.range.start, |t| t.range.end)
            .max(self.found.range.start);
        let mut run = Vec::new();
        loop {
            let above = self.syntax.comments.iter().rev().find(|c| {
                c.end <= ls
                    && c.start >= floor
                    && text[c.end..ls].trim().is_empty()
                    && text[c.end..ls].matches('\n').count() == 1
                    && starts_line(text, c.start)
            });
            let Some(c) = above else { break };
            let start = line_start(text, c.start);
            if start < floor {
                break;
            }
            run.push((start, norm_comment(&text[c.clone()])));
            ls = start;
        }
        run.reverse();
        run
    }

    /// Start of the first significant file token at or after run index `o` (the
    /// tokens after the run count: they bound what may be treated as whole lines).
    fn next_token_start(&self, o: usize) -> usize {
        self.syntax
            .tokens
            .get(self.found.tokens.start + o..)
            .and_then(|rest| rest.iter().find(|t| !t.class.is_marker()))
            .map_or(self.text.len(), |t| t.range.start)
    }

    /// A comment `new` adds must be inside text written from `new`; one `new` drops
    /// that the file has must be inside text removed from the file. Otherwise the
    /// token-level write would silently lose the comment change.
    fn comments_placed(
        &self,
        o: &Fragment,
        n: &Fragment,
        emitted: &[Range<usize>],
        removed: &[Range<usize>],
    ) -> bool {
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let olds: Vec<String> = o
            .comments
            .iter()
            .filter_map(|r| self.old.get(r.clone()))
            .map(norm)
            .collect();
        let news: Vec<String> = n
            .comments
            .iter()
            .filter_map(|r| self.new.get(r.clone()))
            .map(norm)
            .collect();
        let within = |r: &Range<usize>, spans: &[Range<usize>]| {
            spans.iter().any(|s| s.start <= r.start && r.end <= s.end)
        };
        for (r, c) in n.comments.iter().zip(&news) {
            if !olds.contains(c) && !within(r, emitted) {
                return false;
            }
        }
        for c in olds.iter().filter(|c| !news.contains(c)) {
            let in_file = self
                .syntax
                .comments
                .iter()
                .filter(|r| r.start >= self.found.range.start && r.end <= self.found.range.end);
            for r in in_file {
                if self.text.get(r.clone()).map(norm).as_ref() == Some(c) && !within(r, removed) {
                    return false;
                }
            }
        }
        true
    }

    fn apply(&self, mut edits: Vec<RegionEdit>) -> Option<String> {
        edits.sort_by_key(|e| (e.at.start, e.at.end));
        let range = &self.found.range;
        let mut out = String::with_capacity(range.len() + 64);
        let mut pos = range.start;
        for e in edits {
            if e.at.start < pos || e.at.end > range.end {
                return None;
            }
            out.push_str(self.text.get(pos..e.at.start)?);
            let next = self.text[e.at.end..].chars().next();
            // Where written text meets the file's, two words or two operator characters
            // never touch (`return -a` → `return a`, not `returna`).
            let before = out.chars().next_back();
            if glues(before, e.with.chars().next().or(next))
                && !touching(self.new, before, &e.with, None)
            {
                out.push(' ');
            }
            // Line breaks written end as the line they are written in (or after) does.
            let with = match e.with.contains('\n') {
                true => relined(&e.with, self.eol_at(e.at.start)),
                false => e.with,
            };
            out.push_str(&with);
            if !with.is_empty()
                && glues(with.chars().next_back(), next)
                && !touching(self.new, None, &with, next)
            {
                out.push(' ');
            }
            pos = e.at.end;
        }
        out.push_str(self.text.get(pos..range.end)?);
        Some(out)
    }
}

/// Only spaces and tabs (or nothing).
fn one_line_space(s: &str) -> bool {
    s.bytes().all(|b| b == b' ' || b == b'\t')
}

/// `new` itself has `with` between `before` and `after` (either may be absent): the model
/// wrote those characters touching (inside one token, such as a regex `/\s*/`), so no space
/// may part them.
fn touching(new: &str, before: Option<char>, with: &str, after: Option<char>) -> bool {
    let joined: String = before
        .into_iter()
        .chain(with.chars())
        .chain(after)
        .collect();
    !with.is_empty() && new.contains(&joined)
}

/// Two characters that, written side by side, would join into one token where the edit
/// means two: word characters, or operator characters.
fn glues(a: Option<char>, b: Option<char>) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    match (a, b) {
        (Some(a), Some(b)) => (word(a) && word(b)) || OPERATOR_PAIRS.contains(&[a, b]),
        _ => false,
    }
}

/// Two operator characters that read as one longer token in some language (`-` `-` is
/// `--`, `<` `-` Go's `<-`, `/` `/` a comment); any other two stay two (`=` `-` in
/// `default=-1`).
#[rustfmt::skip]
const OPERATOR_PAIRS: &[[char; 2]] = &[
    ['+', '+'], ['-', '-'], ['+', '='], ['-', '='], ['*', '='], ['/', '='], ['%', '='],
    ['=', '='], ['!', '='], ['<', '='], ['>', '='], ['&', '&'], ['|', '|'], ['<', '<'],
    ['>', '>'], ['*', '*'], ['/', '/'], ['/', '*'], ['*', '/'], ['-', '>'], ['=', '>'],
    [':', ':'], ['.', '.'], ['?', '.'], ['?', '?'], ['&', '='], ['|', '='], ['^', '='],
    [':', '='], ['<', '-'], ['&', '^'], ['@', '='],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    /// `new_literal` (a whole string literal in `lang`) respelled in `file_literal`'s raw
    /// spelling.
    fn respell(lang: Language, file_literal: &str, new_literal: &str) -> Option<String> {
        let rules = lang.rules();
        let tree = lang.parse(file_literal)?;
        let root = tree.root_node();
        let node = root.descendant_for_byte_range(0, file_literal.len())?;
        let mut node = Some(node);
        let rule = loop {
            let n = node?;
            if let Some(rule) = rules.string_rule(n.kind_id())
                && rules.role(n.kind_id()) & crate::lang::role::STRING != 0
            {
                break rule;
            }
            node = n.parent();
        };
        let fs = spell(rule, file_literal)?;
        let frag = Fragment::parse(lang, new_literal);
        let t = frag.tokens.iter().find(|t| t.class == TokenClass::Str)?;
        raw_respelling(rule, &fs, file_literal, t)
    }

    #[test]
    fn changed_runs_join_consecutive_changes_between_equal_stretches() {
        let ops = [
            DiffOp::Equal {
                old_index: 0,
                new_index: 0,
                len: 2,
            },
            DiffOp::Delete {
                old_index: 2,
                old_len: 1,
                new_index: 2,
            },
            DiffOp::Insert {
                old_index: 3,
                new_index: 2,
                new_len: 3,
            },
            DiffOp::Equal {
                old_index: 3,
                new_index: 5,
                len: 1,
            },
            DiffOp::Replace {
                old_index: 4,
                old_len: 2,
                new_index: 6,
                new_len: 1,
            },
        ];
        assert_eq!(changed_runs(&ops), vec![(2..3, 2..5), (4..6, 6..7)]);
        assert_eq!(changed_runs(&ops[..1]), vec![]);
        assert_eq!(changed_runs(&ops[2..3]), vec![(3..3, 2..5)]);
    }

    #[test]
    fn raw_strings_take_new_values_without_escapes() {
        use Language::*;
        assert_eq!(
            respell(Python, r#"r"\d+""#, r#""\\d*""#).as_deref(),
            Some(r#"r"\d*""#)
        );
        assert_eq!(
            respell(Python, r#"rb"\d""#, r#"b"\\w""#).as_deref(),
            Some(r#"rb"\w""#)
        );
        // A value-changing prefix differs, a quote, a line break, a final backslash.
        assert_eq!(respell(Python, r#"r"\d""#, r#"b"\\w""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\"b""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\nb""#), None);
        assert_eq!(respell(Python, r#"r"\d""#, r#""a\\""#), None);
        assert_eq!(
            respell(Rust, r##"r#"a"b"#"##, r#""c\"d""#).as_deref(),
            Some(r##"r#"c"d"#"##)
        );
        assert_eq!(respell(Rust, r#"r"a""#, r#""c\"d""#), None);
        assert_eq!(
            respell(Go, r"`C:\new`", r#""C:\\old""#).as_deref(),
            Some(r"`C:\old`")
        );
        assert_eq!(respell(Go, r"`a`", r#""a`b""#), None);
    }
}
