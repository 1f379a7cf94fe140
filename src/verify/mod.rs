//! The output verifier: is this written text the file with `old`'s place replaced by what
//! `new` says? It answers from the file, the place, `old`, `new` and the written bytes alone,
//! and shares no code with the writers (it reads only the grammars, its own data file,
//! `grammars/verify.toml`, and the byte comparison of [`crate::text::common`]), so a writer's
//! mistake is not repeated by the check. Every write of
//! every tier, surface and edit format passes it before anything is written; a write it
//! cannot show right is refused (`unverified`).
//!
//! What it checks, on the whole lines the write touches:
//! - **Bytes outside** the written range are the file's (by construction of the region read),
//!   and the written range lies within the place's lines (with blank lines next to them).
//! - **Tokens** ([`template`], [`fit`]): the written tokens are `new`'s, in order — literals
//!   (strings, regexes, templates, comments) exactly as `new` spells them, but for a plain
//!   string's quotes — with only the file's own tokens the model did not see added where they
//!   still belong (its comments, a `;` or `,` of a statement that stays, brackets around what
//!   stays, blank lines), tokens the model kept in the file's spelling, and what a declared
//!   convention adds. A token neither `new` nor the file has there fails it (a stray `;`, a
//!   space inside a regex), and so does one of `new`'s that is missing (a comment the edit
//!   deletes, kept).
//! - **Order**: `new`'s tokens and the blank lines the model saw stand in `new`'s order, so an
//!   insertion before a blank line is never written after it.
//! - **Layout** ([`layout`]): line breaks the model kept stay where the file has them; every
//!   line the model wrote stands at the depth `new` gives it in the file's frame.
//! - **Blocks** (Python, [`blocks`]): the written lines leave no line in no block where the
//!   file had none.

mod align;
mod blocks;
mod class;
mod dangling;
mod fit;
mod grammar;
mod layout;
mod lexer;
mod rest_comma;
mod template;
mod values;

#[cfg(test)]
mod mutants;
#[cfg(test)]
mod tests;

use crate::lang::Language;
use crate::outcome::{Code, Convention};
use crate::text::common::{common_prefix_str, common_suffix_str};
use lexer::Token;
use std::ops::Range;
use template::{Inputs, Item, Origin, Tokens};

/// One write to verify: the file's text, the place `old` denotes in it, the range the write
/// replaced and what it wrote there.
#[derive(Debug, Clone)]
pub(crate) struct Claim<'a> {
    /// The file's text (offsets below index it).
    pub file: &'a str,
    /// What `old` denotes.
    pub place: Range<usize>,
    /// What the write replaced.
    pub range: Range<usize>,
    /// What it wrote there.
    pub text: &'a str,
    pub old: &'a str,
    pub new: &'a str,
    pub language: Option<Language>,
    /// The place is `old` byte for byte (the model saw the file as it is).
    pub exact: bool,
    /// The file's conventions the writer declares it adapted `new` to.
    pub conventions: &'a [Convention],
}

/// Why a write is not shown right: the file's line (1-based), what failed, and its code
/// (`indent_inconsistent` for a Python line left in no block, else `unverified`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Unverified {
    pub line: usize,
    pub reason: String,
    pub code: Code,
}

/// Checks `claim`; `Err` says what failed.
pub(crate) fn verify(claim: &Claim<'_>) -> Result<(), Unverified> {
    let mut region = Region::of(claim)?;
    let lang = claim.language.filter(|l| l.is_built());
    let file_tokens = lexer::tokens(region.file_text, lang);
    // A place cutting a token (a word of a string, a comment) is read as the whole token,
    // the file's part of it added to `old` and `new` alike.
    let (head, tail) = region.cut_tokens(&file_tokens);
    let old = format!("{head}{}{tail}", claim.old);
    let new = format!("{head}{}{tail}", claim.new);
    region.place = region.place.start - head.len()..region.place.end + tail.len();
    let inputs = Inputs {
        region: Tokens {
            source: region.file_text,
            tokens: file_tokens,
        },
        place: region.place.clone(),
        old: Tokens {
            source: &old,
            tokens: lexer::tokens(&old, lang),
        },
        new: Tokens {
            source: &new,
            tokens: lexer::tokens(&new, lang),
        },
    };
    let written = Tokens {
        source: &region.written,
        tokens: lexer::tokens(&region.written, lang),
    };
    let template = template::build(&inputs, claim.conventions);
    if std::env::var_os("EDITLOC_DEBUG_VERIFY").is_some() {
        debug_dump(&template, &inputs, &written);
    }
    let sources = fit::fit(&template, &written.tokens, &region.written)
        .map_err(|m| region.fault(describe(&m, &written, &inputs)))?;
    moved_once(&template, &sources, &inputs).map_err(|f| region.fault(f))?;
    brackets_kept(&inputs, &written).map_err(|f| region.fault(f))?;
    no_comma_after_rest(&inputs, &written).map_err(|f| region.fault(f))?;
    let layout = layout::Layout {
        file: claim.file,
        region: &inputs.region,
        written: &written,
        old: &inputs.old,
        new: &inputs.new,
        sources: &sources,
        file_of_old: &template.file_of_old,
        old_of_new: &template.old_of_new,
        mid_line: region.place.start > 0 || copied_after_indent(&old, region.file_text),
        place_start: region.place.start,
        place_end: region.place.end,
        exact: claim.exact,
        reflowed: claim.conventions.contains(&Convention::Width),
        blocks: lang.is_some_and(Language::indentation_is_syntax),
    };
    layout.check().map_err(|f| region.fault((f.line, f.what)))?;
    if layout.blocks {
        region.blocks_kept()?;
    }
    if let Some(language) = lang {
        region.ends_kept(language)?;
    }
    Ok(())
}

/// The whole lines a write touches, before and after.
struct Region<'a> {
    /// Where they start in the file, and their first line (0-based).
    start: usize,
    first_line: usize,
    file: &'a str,
    /// The file's lines.
    file_text: &'a str,
    /// The same lines as written.
    written: String,
    /// The place, from `start`.
    place: Range<usize>,
}

impl<'a> Region<'a> {
    fn of(claim: &Claim<'a>) -> Result<Region<'a>, Unverified> {
        let file = claim.file;
        let from = claim.place.start.min(claim.range.start);
        let to = claim.place.end.max(claim.range.end);
        let start = file[..from].rfind('\n').map_or(0, |i| i + 1);
        let end = if to > start && file.as_bytes()[to - 1] == b'\n' {
            to
        } else {
            file[to..].find('\n').map_or(file.len(), |i| to + i + 1)
        };
        let (start, end) = with_edge_blanks(claim, start, end);
        let first_line = file[..start].matches('\n').count();
        let region = Region {
            start,
            first_line,
            file,
            file_text: &file[start..end],
            written: format!(
                "{}{}{}",
                &file[start..claim.range.start],
                claim.text,
                &file[claim.range.end..end]
            ),
            place: claim.place.start - start..claim.place.end - start,
        };
        region.range_allowed(claim)?;
        Ok(region)
    }

    /// The write may change the file only within the place's lines and the blank lines next
    /// to them: the bytes it changes (the written range less what it rewrites as it was, read
    /// from either end, since a change within repeated text can be told at either place).
    fn range_allowed(&self, claim: &Claim<'_>) -> Result<(), Unverified> {
        let (low, high) = self.allowed(claim);
        let (before, after) = (self.file_text, self.written.as_str());
        let inside =
            |start: usize, end: usize| self.start + start >= low && self.start + end <= high;
        let (p, s) = (
            common_prefix_str(before, after),
            common_suffix_str(before, after),
        );
        let by_prefix = {
            let s = s.min(before.len().min(after.len()) - p);
            inside(p, before.len() - s)
        };
        let by_suffix = {
            let p = p.min(before.len().min(after.len()) - s);
            inside(p, before.len() - s)
        };
        if by_prefix || by_suffix {
            return Ok(());
        }
        Err(self.fault((0, "the write changes lines outside the place's".into())))
    }

    /// The bytes a write may change: from the start of the place's first line to the end of
    /// its last, each widened over the blank lines next to it.
    fn allowed(&self, claim: &Claim<'_>) -> (usize, usize) {
        let file = self.file;
        let mut low = file[..claim.place.start].rfind('\n').map_or(0, |i| i + 1);
        while low > 0 {
            let above = file[..low - 1].rfind('\n').map_or(0, |i| i + 1);
            if !file[above..low].trim().is_empty() {
                break;
            }
            low = above;
        }
        // Lines deleted at the end of a file without a final line break take the break
        // before them.
        if file[..low].ends_with('\n') {
            low -= 1 + usize::from(file[..low - 1].ends_with('\r'));
        }
        let (start, end) = (claim.place.start, claim.place.end);
        let mut high = if end > start && file[..end].ends_with('\n') {
            end
        } else {
            file[end..].find('\n').map_or(file.len(), |i| end + i + 1)
        };
        while high < file.len() {
            let next = file[high..].find('\n').map_or(file.len(), |i| high + i + 1);
            if !file[high..next].trim().is_empty() {
                break;
            }
            high = next;
        }
        (low, high)
    }

    /// The file's parts of the tokens the place starts and ends inside (empty when it starts
    /// and ends between tokens).
    fn cut_tokens(&self, tokens: &[Token]) -> (&'a str, &'a str) {
        let text = self.file_text;
        let (p, q) = (self.place.start, self.place.end);
        let head = tokens
            .iter()
            .find(|t| t.start < p && p < t.end)
            .map_or("", |t| &text[t.start..p]);
        let tail = tokens
            .iter()
            .find(|t| t.start < q && q < t.end)
            .map_or("", |t| &text[q..t.end]);
        (head, tail)
    }

    /// A fault at line `line` of the region, in file lines.
    fn fault(&self, (line, reason): (usize, String)) -> Unverified {
        Unverified {
            line: self.first_line + line + 1,
            reason,
            code: Code::Unverified,
        }
    }

    /// Where the lines above the region start: at the nearest line above at column 0 that
    /// is code (a Python block starts at a top-level line).
    fn context_start(&self) -> usize {
        let file = self.file;
        let mut top = self.start;
        while top > 0 {
            top = file[..top - 1].rfind('\n').map_or(0, |i| i + 1);
            if file[top..].starts_with(|c: char| !c.is_whitespace() && c != '#' && c != ')') {
                break;
            }
        }
        top
    }

    /// `lines` standing for the region, with the lines above it up to a top-level line and
    /// the line after it.
    fn in_context(&self, lines: &str) -> String {
        let file = self.file;
        let end = self.start + self.file_text.len();
        let next = file[end..].find('\n').map_or(file.len(), |i| end + i + 1);
        let above = &file[self.context_start()..self.start];
        format!("{above}{lines}{}", &file[end..next])
    }

    /// Go, Rust, JavaScript and TypeScript: the written lines, read in context, end no
    /// statement inside brackets, leave no doc comment documenting nothing and join no line
    /// to the statement before it ([`dangling`]) — where the file's did not.
    fn ends_kept(&self, language: Language) -> Result<(), Unverified> {
        let open = dangling::opened_for(&self.file[..self.context_start()], language);
        self.kept_in_context(
            |text| dangling::first_dangling(text, language, open),
            Code::Unverified,
        )
    }

    /// Python: the written lines, read in context, leave every line in a block — where the
    /// file's did.
    fn blocks_kept(&self) -> Result<(), Unverified> {
        self.kept_in_context(blocks::first_break, Code::IndentInconsistent)
    }

    /// `first_fault` finds nothing in the written lines read in context, or finds something in
    /// the file's lines as well; else the fault, with `code`.
    fn kept_in_context(
        &self,
        first_fault: impl Fn(&str) -> Option<(usize, &'static str)>,
        code: Code,
    ) -> Result<(), Unverified> {
        let before = self.in_context(self.file_text);
        let after = self.in_context(&self.written);
        match (first_fault(&after), first_fault(&before)) {
            (Some((line, why)), None) => {
                let line = self.file[..self.context_start()].matches('\n').count() + line + 1;
                Err(Unverified {
                    line,
                    reason: format!("line {line} {why}"),
                    code,
                })
            }
            _ => Ok(()),
        }
    }
}

/// Whether `old`'s first line was copied from after the indentation of the file's line: it
/// has none and the line has some (its further lines then carry their own).
fn copied_after_indent(old: &str, region: &str) -> bool {
    let indented = |s: &str| s.starts_with([' ', '\t']);
    !indented(old) && indented(region)
}

/// Each token the file holds in another order than `old` is written once: in the file's place
/// or in `new`'s, not both, not neither.
fn moved_once(
    template: &template::Template,
    sources: &[fit::WrittenFrom],
    inputs: &Inputs<'_>,
) -> Result<(), (usize, String)> {
    for &(n, r) in &template.moved {
        let count = sources
            .iter()
            .filter(|s| {
                matches!(s, fit::WrittenFrom::Item(Origin::New(k)) if *k == n)
                    || matches!(s, fit::WrittenFrom::Item(Origin::File(k)) if *k == r)
            })
            .count();
        if count != 1 {
            let t = &inputs.new.tokens[n];
            let verb = if count == 0 { "lacks" } else { "repeats" };
            return Err((
                0,
                format!("the result {verb} `{}`", t.text(inputs.new.source)),
            ));
        }
    }
    Ok(())
}

/// No more commas after a rest element, and no more commas in a row ([`rest_comma`]), than
/// the file's place or `new` has.
fn no_comma_after_rest(inputs: &Inputs<'_>, written: &Tokens<'_>) -> Result<(), (usize, String)> {
    let now = rest_comma::after_rest(written);
    if now > rest_comma::after_rest(&inputs.region).max(rest_comma::after_rest(&inputs.new)) {
        return Err((
            0,
            "the result puts a comma after a rest element (`...rest`, `..base`), which must be \
             last in its list"
                .to_string(),
        ));
    }
    let doubled = rest_comma::doubled(written);
    if doubled > rest_comma::doubled(&inputs.region).max(rest_comma::doubled(&inputs.new)) {
        return Err((0, "the result has two commas in a row".to_string()));
    }
    Ok(())
}

/// The write opens and closes each kind of bracket as many more times as `new` does than
/// `old`: a place that takes in a bracket `old` does not have (the `(` a formatter opened
/// around an import, its `)` left on a later line) cannot be replaced by a `new` that does not
/// close it.
fn brackets_kept(inputs: &Inputs<'_>, written: &Tokens<'_>) -> Result<(), (usize, String)> {
    let balance = |t: &Tokens<'_>| {
        let mut open = [0isize; 3];
        for token in &t.tokens {
            let (kind, step) = match token.text(t.source) {
                "(" => (0, 1),
                "[" => (1, 1),
                "{" => (2, 1),
                ")" => (0, -1),
                "]" => (1, -1),
                "}" => (2, -1),
                _ => continue,
            };
            open[kind] += step;
        }
        open
    };
    let (region, now) = (balance(&inputs.region), balance(written));
    let (old, new) = (balance(&inputs.old), balance(&inputs.new));
    for (kind, pair) in ["()", "[]", "{}"].iter().enumerate() {
        if now[kind] - region[kind] != new[kind] - old[kind] {
            return Err((
                0,
                format!(
                    "the result leaves a `{pair}` pair unbalanced that `new` keeps balanced \
                     (the place takes in a bracket `old` does not have)"
                ),
            ));
        }
    }
    Ok(())
}

/// A misfit told as a fault: the written token no reading gets past, and what was expected.
fn describe(m: &fit::Misfit, written: &Tokens<'_>, inputs: &Inputs<'_>) -> (usize, String) {
    let expected: Vec<String> = m
        .expected
        .iter()
        .map(|item| format!("`{}`", item_text(item, inputs)))
        .collect();
    let wanted = match expected.as_slice() {
        [] => "nothing more".to_string(),
        list => list.join(" or "),
    };
    match m.at {
        Some(p) => {
            let t: &Token = &written.tokens[p];
            let got = match t.class {
                lexer::LexemeClass::Blank => "a blank line".to_string(),
                _ => format!("`{}`", t.text(written.source)),
            };
            (
                t.line,
                format!("the result has {got} where the edit has {wanted}"),
            )
        }
        None => {
            let line = written.tokens.last().map_or(0, |t| t.line);
            (line, format!("the result lacks {wanted}"))
        }
    }
}

/// The text an expected item stands for.
fn item_text(item: &Item, inputs: &Inputs<'_>) -> String {
    let (tokens, i) = match item.origin {
        Origin::New(n) => (&inputs.new, n),
        Origin::Anchor { r, .. } | Origin::File(r) => (&inputs.region, r),
        Origin::EdgeBreak => return "a blank line".into(),
    };
    let t = &tokens.tokens[i];
    match t.class {
        lexer::LexemeClass::Blank => "a blank line".into(),
        _ => t.text(tokens.source).to_string(),
    }
}

/// Prints the template and the written tokens (`EDITLOC_DEBUG_VERIFY`), for diagnosing a
/// refusal.
/// The region's lines widened over the file's blank lines next to them where `old` itself
/// starts (ends) with a blank line the place does not hold and `new` does not: the model
/// showed that blank line and deleted it, which the template then checks.
fn with_edge_blanks(claim: &Claim<'_>, start: usize, end: usize) -> (usize, usize) {
    let file = claim.file;
    let old = claim.old.trim_end_matches([' ', '\t']);
    let new = claim.new.trim_end_matches([' ', '\t']);
    let blank_line = |l: &str| l.trim().is_empty();
    let ends_blank = |s: &str| s.ends_with("\n\n") || s.ends_with("\r\n\r\n");
    let starts_blank = |s: &str| {
        let s = s.trim_start_matches([' ', '\t']);
        s.starts_with('\n') || s.starts_with("\r\n")
    };
    // Only where `new` drops the blank line `old` shows: a run of blank lines is one token to
    // the template, so a run `new` keeps is left outside, byte for byte.
    let dropped =
        |shows: bool, keeps: bool| shows && !keeps && !claim.exact && !claim.new.trim().is_empty();
    // The place holds `old`'s blank line itself (a tier that matched it): nothing to widen.
    let place = file[claim.place.clone()].trim_end_matches([' ', '\t']);
    let mut end = end;
    if dropped(ends_blank(old), ends_blank(new)) && !ends_blank(place) {
        while end < file.len() {
            let next = file[end..].find('\n').map_or(file.len(), |i| end + i + 1);
            if !blank_line(&file[end..next]) || next == end {
                break;
            }
            end = next;
        }
    }
    let mut start = start;
    if dropped(starts_blank(old), starts_blank(claim.new)) && !starts_blank(place) {
        while start > 0 {
            let prev = file[..start - 1].rfind('\n').map_or(0, |i| i + 1);
            if !blank_line(&file[prev..start]) {
                break;
            }
            start = prev;
        }
    }
    (start, end)
}

fn debug_dump(template: &template::Template, inputs: &Inputs<'_>, written: &Tokens<'_>) {
    for (i, seg) in template.segments.iter().enumerate() {
        let show = |items: &[Item]| -> Vec<String> {
            items
                .iter()
                .map(|it| {
                    format!(
                        "{}{}",
                        item_text(it, inputs),
                        if it.optional { "?" } else { "" }
                    )
                })
                .collect()
        };
        eprintln!(
            "seg {i}: new {:?} file {:?} blanks {}",
            show(&seg.new),
            show(&seg.file),
            seg.blanks
        );
    }
    let w: Vec<&str> = written
        .tokens
        .iter()
        .map(|t| t.text(written.source))
        .collect();
    eprintln!("written {w:?}");
}
