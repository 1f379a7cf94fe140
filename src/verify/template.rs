//! What the written text must hold, built from the file's place, `old` and `new` alone: a
//! list of segments. An **anchor** is a token the model kept (in `old` and `new`) that the
//! file holds: it must be written, in order. Between two anchors, the written text holds
//! what `new` has there (in order) interleaved with the file's own tokens the model did not
//! see there (its comments, a `;` or `,` of a statement still alive, brackets around what
//! stays, blank lines), each in the file's order — and nothing else, but for what a declared
//! convention adds.
//!
//! A file-only `;` or `,` (or another token the model's view lacked) lives only while the
//! statement or element it ends does: when every token of it is deleted and nothing is written
//! in its place, it goes too (deleting `x = f(v)` from `x = f(v);` leaves no `;`). A file-only
//! bracket pair lives while anything inside it does. A file-only comment always stays: the
//! model cannot delete what it did not see. Outside the place (the rest of its first and last
//! lines) everything stays.

use super::align::{Alignment, align, slid};
use super::lexer::{LexemeClass, Token};
use crate::outcome::Convention;
use std::ops::Range;

/// A text and its tokens.
pub(crate) struct Tokens<'a> {
    pub source: &'a str,
    pub tokens: Vec<Token>,
}

impl Tokens<'_> {
    fn text(&self, i: usize) -> &str {
        self.tokens[i].text(self.source)
    }
}

/// Where an expected token comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Token `n` of `new` (kept from `old` or written by the model).
    New(usize),
    /// Token `r` of the file's region, kept by `new` (its token `n`) from `old` (its token
    /// `o`).
    Anchor { o: usize, r: usize, n: usize },
    /// Token `r` of the file's region, which the model did not see.
    File(usize),
    /// A blank line `new`'s first or last line break makes with the file's line break next to
    /// the place (`line2` → `replaced\n` in `line1\nline2\nline3`).
    EdgeBreak,
}

/// One token the written text must (or may) hold.
#[derive(Debug, Clone)]
pub(crate) struct Item {
    /// The key it matches a written token by.
    pub key: String,
    /// The text the written token must have instead (a literal: typographic look-alikes
    /// aside, so a file's no-break space kept inside a changed f-string is not a change).
    pub exact: Option<String>,
    pub optional: bool,
    pub origin: Origin,
}

/// The written tokens between two anchors (or an anchor alone).
#[derive(Debug, Clone, Default)]
pub(crate) struct Segment {
    /// What `new` writes here, in order.
    pub new: Vec<Item>,
    /// The file's own tokens here, in order, interleaved with `new`'s at will.
    pub file: Vec<Item>,
    /// Blank lines may be added here (`new` writes something here).
    pub blanks: bool,
}

/// The expectation of one written place.
pub(crate) struct Template {
    /// The place holds a `;` (a declared semicolon convention may add some) or none (it may
    /// drop `new`'s).
    pub file_has_semicolons: bool,
    pub segments: Vec<Segment>,
    /// The file's comments on lines of their own inside the place that the model did not
    /// see: each stays, in order, but may stand anywhere among the written lines (code moved
    /// around them cannot say where they belong).
    pub floating: Vec<Item>,
    pub conventions: Vec<Convention>,
    /// For each token of `old`, the region's token it stands for (by value).
    pub file_of_old: Vec<Option<usize>>,
    /// For each token of `new`, the token of `old` it keeps.
    pub old_of_new: Vec<Option<usize>>,
    /// Tokens the file holds in another order than `old` (a sorted `use` list), kept by
    /// `new`: (its `new` token, the file's token). The written text holds each once, in the
    /// file's place or in `new`'s.
    pub moved: Vec<(usize, usize)>,
}

/// The file's region (whole lines), the place `old` denotes in it, `old` and `new`.
pub(crate) struct Inputs<'a> {
    pub region: Tokens<'a>,
    pub place: Range<usize>,
    pub old: Tokens<'a>,
    pub new: Tokens<'a>,
}

/// The template of `inputs`.
pub(crate) fn build(inputs: &Inputs<'_>, conventions: &[Convention]) -> Template {
    let place = place_tokens(inputs);
    let keys = |t: &Tokens<'_>, range: Range<usize>| -> Vec<String> {
        range.map(|i| t.tokens[i].key.clone()).collect()
    };
    let old_keys = keys(&inputs.old, 0..inputs.old.tokens.len());
    let file_keys = keys(&inputs.region, place.clone());
    let (old_strs, file_strs) = (as_strs(&old_keys), as_strs(&file_keys));
    let seen = slid(
        align(&old_strs, &file_strs),
        (&inputs.old.tokens, &old_strs),
        (&inputs.region.tokens[place.clone()], &file_strs),
    );
    let old_texts: Vec<&str> = (0..inputs.old.tokens.len())
        .map(|i| exact_key(&inputs.old, i))
        .collect();
    let new_texts: Vec<&str> = (0..inputs.new.tokens.len())
        .map(|i| exact_key(&inputs.new, i))
        .collect();
    let changed = slid(
        align(&old_texts, &new_texts),
        (&inputs.old.tokens, &old_texts),
        (&inputs.new.tokens, &new_texts),
    );
    let file_of_old = seen
        .a_to_b
        .iter()
        .map(|b| b.map(|b| b + place.start))
        .collect();
    let moved = moved_pairs(
        &seen,
        &inputs.old.tokens,
        &inputs.region.tokens[place.clone()],
    );
    let old_of_new = changed.b_to_a.clone();
    let moved_kept = moved
        .iter()
        .enumerate()
        .filter_map(|(r, o)| Some((changed.a_to_b[(*o)?]?, r + place.start)))
        .collect();
    let builder = Builder {
        inputs,
        place,
        seen,
        moved,
        changed,
    };
    let mut segments = builder.segments();
    let floating = builder.float_comments(&mut segments);
    let file_has_semicolons = inputs
        .region
        .tokens
        .iter()
        .any(|t| t.class == LexemeClass::Terminator);
    Template {
        file_has_semicolons,
        segments,
        floating,
        conventions: conventions.to_vec(),
        file_of_old,
        old_of_new,
        moved: moved_kept,
    }
}

/// The segment of a blank line `new`'s edge line break makes.
fn edge_break() -> Segment {
    Segment {
        new: vec![Item {
            key: "\n".into(),
            exact: None,
            optional: false,
            origin: Origin::EdgeBreak,
        }],
        file: Vec::new(),
        blanks: false,
    }
}

/// Pairs the names and literals `seen` left unpaired on both sides by value, in order: the
/// file's token standing for an `old` token held in another order. Indexed by place token.
fn moved_pairs(seen: &Alignment, old: &[Token], file: &[Token]) -> Vec<Option<usize>> {
    let named = |t: &Token| matches!(t.class, LexemeClass::Code | LexemeClass::Literal { .. });
    let mut moved = vec![None; file.len()];
    let mut free: Vec<usize> = (0..old.len())
        .filter(|&o| seen.a_to_b[o].is_none() && named(&old[o]))
        .collect();
    for (r, t) in file.iter().enumerate() {
        if seen.b_to_a[r].is_some() || !named(t) {
            continue;
        }
        let key = &t.key;
        if let Some(i) = free.iter().position(|&o| old[o].key == *key) {
            moved[r] = Some(free.remove(i));
        }
    }
    moved
}

fn as_strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The exact text of a token for the old–new alignment (a blank run by itself).
fn exact_key<'a>(t: &'a Tokens<'_>, i: usize) -> &'a str {
    match t.tokens[i].class {
        LexemeClass::Blank => "\n",
        _ => t.text(i),
    }
}

/// The region's tokens inside the place.
fn place_tokens(inputs: &Inputs<'_>) -> Range<usize> {
    let tokens = &inputs.region.tokens;
    let inside = |t: &Token| {
        t.end > inputs.place.start && t.start < inputs.place.end
            || (t.start == t.end && t.start >= inputs.place.start && t.start < inputs.place.end)
    };
    let start = tokens
        .iter()
        .position(inside)
        .unwrap_or_else(|| tokens.partition_point(|t| t.start < inputs.place.start));
    let end = tokens
        .iter()
        .rposition(inside)
        .map_or(start, |i| i + 1)
        .max(start);
    start..end
}

/// Builds the segments from the two alignments.
struct Builder<'a, 'b> {
    inputs: &'b Inputs<'a>,
    /// The region's tokens inside the place.
    place: Range<usize>,
    /// `old` (a) with the place's tokens (b, offsets from `place.start`).
    seen: Alignment,
    /// For each place token `seen` leaves unpaired, the unpaired `old` token of the same value
    /// it stands for (the file holds them in another order: a sorted `use` list).
    moved: Vec<Option<usize>>,
    /// `old` (a) with `new` (b).
    changed: Alignment,
}

impl Builder<'_, '_> {
    /// The anchors: (old, region, new) token indices, in order.
    fn anchors(&self) -> Vec<(usize, usize, usize)> {
        (0..self.inputs.old.tokens.len())
            .filter_map(|o| {
                let r = self.seen.a_to_b[o]? + self.place.start;
                let n = self.changed.a_to_b[o]?;
                Some((o, r, n))
            })
            .collect()
    }

    fn segments(&self) -> Vec<Segment> {
        let anchors = self.anchors();
        let region = &self.inputs.region;
        let mut before = self.context(0..self.place.start);
        if self.edge_blank_dropped(false) {
            before.file.pop();
        }
        let mut segments = vec![before];
        let (mut r_from, mut n_from) = (self.place.start, 0);
        for &(o, r, n) in &anchors {
            segments.extend(self.ended_first(self.between(r_from..r, n_from..n)));
            segments.push(self.anchor(o, r, n));
            (r_from, n_from) = (r + 1, n + 1);
        }
        let tail_end = self.trailing_end();
        let last = self.between(r_from..tail_end, n_from..self.inputs.new.tokens.len());
        segments.extend(self.ended_first(last));
        if self.breaks_at_end() {
            segments.push(edge_break());
        }
        let mut after = self.context(tail_end..region.tokens.len());
        if tail_end == self.place.end && self.edge_blank_dropped(true) {
            after.file.remove(0);
        }
        segments.push(after);
        if self.breaks_at_start() {
            segments.insert(1, edge_break());
        }
        segments
    }

    /// Whether `old` ends (`at_end`) or starts with a run of blank lines the place does not
    /// hold (the tier located `old`'s code lines only), `new` does not, and the file has a
    /// run of no more blank lines right there: the model showed those blank lines and deleted
    /// them, so they must go (they are not the file's to keep).
    fn edge_blank_dropped(&self, at_end: bool) -> bool {
        let (old, new, region) = (&self.inputs.old, &self.inputs.new, &self.inputs.region);
        let edge = |t: &Tokens<'_>| match at_end {
            true => t.tokens.last().map(|t| t.class),
            false => t.tokens.first().map(|t| t.class),
        };
        if edge(old) != Some(LexemeClass::Blank) || edge(new) == Some(LexemeClass::Blank) {
            return false;
        }
        let o = if at_end { old.tokens.len() - 1 } else { 0 };
        if self.seen.a_to_b[o].is_some() {
            return false;
        }
        let r = match (at_end, self.place.start.checked_sub(1)) {
            (true, _) => self.place.end,
            (false, Some(r)) => r,
            (false, None) => return false,
        };
        if !region
            .tokens
            .get(r)
            .is_some_and(|t| t.class == LexemeClass::Blank)
        {
            return false;
        }
        let run = |t: &Tokens<'_>, k: usize| {
            let next_line = t.tokens.get(k + 1).map(|n| n.line);
            let lines = t.source[t.tokens[k].start..].matches('\n').count();
            next_line.map_or(lines, |l| l - t.tokens[k].line)
        };
        run(region, r) <= run(old, o)
    }

    /// `new` ends with a line break where the file's place is followed by one: the two make a
    /// blank line (`new` is not `old`'s own line end).
    fn breaks_at_end(&self) -> bool {
        let (new, old) = (self.inputs.new.source, self.inputs.old.source);
        let after = &self.inputs.region.source[self.inputs.place.end..];
        new.ends_with('\n') && !old.ends_with('\n') && after.starts_with(['\n', '\r'])
    }

    /// `new` starts with a line break where the place starts a line after a line break of
    /// the file's: the two make a blank line — unless `new`'s own tokens already start with
    /// it (a leading empty line of `new` is a blank-line token of its own).
    fn breaks_at_start(&self) -> bool {
        let (new, old) = (self.inputs.new.source, self.inputs.old.source);
        let before = &self.inputs.region.source[..self.inputs.place.start];
        let own_blank = self.inputs.new.tokens.first().map(|t| t.class) == Some(LexemeClass::Blank);
        new.starts_with(['\n', '\r'])
            && !own_blank
            && !old.starts_with(['\n', '\r'])
            && before.trim().is_empty()
            && self.inputs.place.start == 0
    }

    /// Takes the file-only comments on lines of their own inside the place out of their
    /// segments, in order.
    fn float_comments(&self, segments: &mut [Segment]) -> Vec<Item> {
        let tokens = &self.inputs.region.tokens;
        let mut floating = Vec::new();
        for seg in segments.iter_mut() {
            seg.file.retain(|item| {
                let Origin::File(r) = item.origin else {
                    return true;
                };
                let own_line = tokens[r].class == LexemeClass::Comment && tokens[r].first_on_line;
                if own_line && self.place.contains(&r) {
                    floating.push(item.clone());
                }
                !(own_line && self.place.contains(&r))
            });
        }
        floating
    }

    /// The end of the last segment: the place's tokens, and after them the rest of its last
    /// line (a `;` ending its statement, a trailing comment, code after `old`), which stays
    /// on that line while `new`'s further lines follow it.
    fn trailing_end(&self) -> usize {
        let region = &self.inputs.region;
        let mut end = self.place.end;
        let last_line = self.place.end.checked_sub(1).map(|i| region.tokens[i].line);
        while region
            .tokens
            .get(end)
            .is_some_and(|t| Some(t.line) == last_line && t.class != LexemeClass::Blank)
        {
            end += 1;
        }
        end
    }

    /// Tokens outside the place: all stay, in order (a blank line next to lines that go may
    /// go with them).
    fn context(&self, range: Range<usize>) -> Segment {
        let tokens = &self.inputs.region.tokens;
        let file = range
            .map(|r| {
                let optional = tokens[r].class == LexemeClass::Blank
                    && !(self.neighbour_alive(r, -1) && self.neighbour_alive(r, 1));
                self.file_item(r, optional)
            })
            .collect();
        Segment {
            new: Vec::new(),
            file,
            blanks: false,
        }
    }

    fn anchor(&self, o: usize, r: usize, n: usize) -> Segment {
        let key = self.inputs.region.tokens[r].key.clone();
        Segment {
            new: vec![Item {
                key,
                exact: None,
                optional: false,
                origin: Origin::Anchor { o, r, n },
            }],
            file: Vec::new(),
            blanks: false,
        }
    }

    /// The segment between two anchors: `new`'s tokens `news`, the region's file-only tokens
    /// of `rs` that live.
    fn between(&self, rs: Range<usize>, news: Range<usize>) -> Segment {
        let new: Vec<Item> = news.clone().map(|n| self.new_item(n)).collect();
        // An elision marker `new` keeps (`# ...`) keeps the file's lines it stands for.
        let elided = news.clone().any(|n| self.keeps_elision(n));
        let writes = !new.is_empty() && !elided;
        let file = rs
            .clone()
            .filter(|&r| self.is_file_only(r))
            .filter_map(|r| match elided {
                true => Some(self.file_item(r, false)),
                false => self
                    .lives(r, writes)
                    .map(|optional| self.file_item(r, optional)),
            })
            .collect();
        Segment {
            new,
            file,
            blanks: writes,
        }
    }

    /// `segment` with the file's `;` that must stay right after the kept token before it
    /// (the end of a statement that stays) split off in front: what `new` writes there comes after
    /// it when that begins a statement of its own, so `stop();` + `done()` is never read from
    /// `stop()` + `done();`.
    fn ended_first(&self, mut segment: Segment) -> Vec<Segment> {
        let region = &self.inputs.region.tokens;
        let ends = |item: &Item| {
            matches!(item.origin, Origin::File(r) if region[r].class == LexemeClass::Terminator
                && r.checked_sub(1).is_some_and(|before| self.alive(before)))
                && !item.optional
        };
        let leading = segment.file.iter().take_while(|i| ends(i)).count();
        if leading == 0
            || !segment
                .new
                .first()
                .is_some_and(|i| self.starts_statement(i))
        {
            return vec![segment];
        }
        let rest = segment.file.split_off(leading);
        let first = Segment {
            new: Vec::new(),
            file: std::mem::replace(&mut segment.file, rest),
            blanks: false,
        };
        vec![first, segment]
    }

    /// Whether `item`, written by `new`, begins a statement of its own: it starts a line of
    /// `new` with a word (`done()` under `stop()`), not an operator or `.` that continues the
    /// statement before it (`s += x` → `s += x * 2`, a chained `.then()`).
    fn starts_statement(&self, item: &Item) -> bool {
        let Origin::New(n) = item.origin else {
            return false;
        };
        let new = &self.inputs.new;
        new.tokens[n].first_on_line
            && new
                .text(n)
                .starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$')
    }

    /// Whether `new`'s token `n` is an elision marker (`...`, `# ...`, `// ...`) kept from an
    /// `old` token the file does not hold: it stands for the file's lines there.
    fn keeps_elision(&self, n: usize) -> bool {
        let Some(o) = self.changed.b_to_a[n] else {
            return false;
        };
        let text = self.inputs.new.text(n);
        let bare = text.trim_matches(|c: char| c.is_whitespace() || "#/*-".contains(c));
        self.seen.a_to_b[o].is_none() && (bare.starts_with("...") || bare.starts_with('…'))
    }

    /// A region token of the place that `old` does not hold (the model did not see it).
    fn is_file_only(&self, r: usize) -> bool {
        !self.place.contains(&r) || self.seen.b_to_a[r - self.place.start].is_none()
    }

    /// Whether the file-only token `r` stays: `None` when it goes, `Some(optional)`.
    fn lives(&self, r: usize, writes: bool) -> Option<bool> {
        let t = &self.inputs.region.tokens[r];
        let outside = !self.place.contains(&r);
        match t.class {
            // A `,` or `;` inside a bracket pair `new` deletes goes with the pair (the
            // trailing comma of an object literal the edit replaces).
            LexemeClass::Terminator | LexemeClass::Comma if !outside && self.in_dead_group(r) => {
                return None;
            }
            LexemeClass::Terminator | LexemeClass::Comma => {}
            _ if outside => return Some(false),
            _ => {}
        }
        let moved = (!outside)
            .then(|| self.moved[r - self.place.start])
            .flatten();
        if let Some(o) = moved {
            // Held here or where `new` has it: optional, counted once after the reading.
            return (writes || self.changed.a_to_b[o].is_some()).then_some(true);
        }
        match t.class {
            LexemeClass::Comment => Some(false),
            // A blank line between lines that stay stays; next to one that goes, it may go.
            LexemeClass::Blank => {
                Some(!(self.neighbour_alive(r, -1) && self.neighbour_alive(r, 1)))
            }
            LexemeClass::Open | LexemeClass::Close => match self.partner(r) {
                Some(other) => {
                    let (a, b) = (r.min(other), r.max(other));
                    let inside = (a + 1..b).any(|k| self.alive(k));
                    (writes || inside || self.statement_alive(a)).then_some(false)
                }
                None => (writes || self.statement_alive(r)).then_some(false),
            },
            _ => (writes || self.statement_alive(r)).then_some(false),
        }
    }

    /// Whether a token of the statement (or, for a `,`, the list element) that `r` ends
    /// stays: the tokens before `r` back to the previous `;` (or `,`) or the bracket that
    /// encloses it, bracketed groups included.
    ///
    /// A line starting outside brackets starts a statement too (Python, code without `;`):
    /// reading a statement shorter than it is keeps fewer of the file's tokens, which can
    /// only refuse a write, never let a wrong one through.
    fn statement_alive(&self, r: usize) -> bool {
        let tokens = &self.inputs.region.tokens;
        let comma = tokens[r].class == LexemeClass::Comma;
        let mut depth = 0usize;
        for k in (0..r).rev() {
            match tokens[k].class {
                LexemeClass::Close => depth += 1,
                LexemeClass::Open if depth == 0 => return false,
                LexemeClass::Open => depth -= 1,
                LexemeClass::Terminator if depth == 0 => return false,
                LexemeClass::Comma if comma && depth == 0 => return false,
                _ => {}
            }
            if self.alive(k) {
                return true;
            }
            if depth == 0 && tokens[k].first_on_line {
                return false;
            }
        }
        false
    }

    /// Whether the bracket enclosing region token `r` lies in the place and goes (the
    /// model saw it and `new` does not keep it).
    fn in_dead_group(&self, r: usize) -> bool {
        let tokens = &self.inputs.region.tokens;
        let mut depth = 0usize;
        for k in (self.place.start..r).rev() {
            match tokens[k].class {
                LexemeClass::Close => depth += 1,
                LexemeClass::Open if depth == 0 => return !self.is_file_only(k) && !self.alive(k),
                LexemeClass::Open => depth -= 1,
                _ => {}
            }
        }
        false
    }

    /// Whether the nearest token before (`step` -1) or after (1) `r` that is not a blank
    /// line stays (a comment of the file's the model did not see always does); the region's
    /// edge counts as staying.
    fn neighbour_alive(&self, r: usize, step: isize) -> bool {
        let tokens = &self.inputs.region.tokens;
        let mut k = r as isize + step;
        while k >= 0 && (k as usize) < tokens.len() {
            let i = k as usize;
            match tokens[i].class {
                LexemeClass::Blank => {}
                LexemeClass::Comment if self.place.contains(&i) => {
                    let aligned = self.seen.b_to_a[i - self.place.start];
                    return aligned.is_none_or(|o| self.changed.a_to_b[o].is_some());
                }
                LexemeClass::Comment => return true,
                _ => return self.alive(i),
            }
            k += step;
        }
        true
    }

    /// A region token that stays: outside the place, or kept by `new`.
    fn alive(&self, r: usize) -> bool {
        let t = &self.inputs.region.tokens[r];
        if matches!(t.class, LexemeClass::Comment | LexemeClass::Blank) {
            return false;
        }
        if !self.place.contains(&r) {
            return true;
        }
        let at = r - self.place.start;
        match self.seen.b_to_a[at].or(self.moved[at]) {
            Some(o) => self.changed.a_to_b[o].is_some(),
            None => false,
        }
    }

    /// The matching bracket of the file-only bracket `r` among the region's file-only
    /// brackets of the place.
    fn partner(&self, r: usize) -> Option<usize> {
        let tokens = &self.inputs.region.tokens;
        let step: isize = if tokens[r].class == LexemeClass::Open {
            1
        } else {
            -1
        };
        let mut depth = 0isize;
        let mut k = r as isize;
        while k >= self.place.start as isize && (k as usize) < self.place.end {
            let i = k as usize;
            if self.is_file_only(i) {
                match tokens[i].class {
                    LexemeClass::Open => depth += step,
                    LexemeClass::Close => depth -= step,
                    _ => {}
                }
                if depth == 0 {
                    return Some(i);
                }
            }
            k += step;
        }
        None
    }

    fn file_item(&self, r: usize, optional: bool) -> Item {
        Item {
            key: self.inputs.region.tokens[r].key.clone(),
            exact: None,
            optional,
            origin: Origin::File(r),
        }
    }

    /// `new`'s token `n`: kept from `old` (matched by value, optional where the file lacks
    /// it) or written by the model (matched by its exact text; a plain string by its value
    /// unless its quotes are the change).
    fn new_item(&self, n: usize) -> Item {
        let new = &self.inputs.new;
        let t = &new.tokens[n];
        let kept = self.changed.b_to_a[n];
        let exact = match (kept, t.class) {
            (Some(_), _) | (None, LexemeClass::Blank) => None,
            (None, LexemeClass::Literal { plain: true }) if !self.respells(n) => None,
            (None, LexemeClass::Literal { .. }) => Some(super::values::fold(new.text(n))),
            (None, _) => Some(new.text(n).to_string()),
        };
        Item {
            key: t.key.clone(),
            exact,
            optional: kept.is_some(),
            origin: Origin::New(n),
        }
    }

    /// Whether `new`'s token `n` replaces an `old` token of the same value (its spelling is
    /// the change: `'a'` → `"a"`).
    fn respells(&self, n: usize) -> bool {
        let key = &self.inputs.new.tokens[n].key;
        let before = (0..n).rev().find_map(|k| self.changed.b_to_a[k]);
        let after = (n + 1..self.inputs.new.tokens.len()).find_map(|k| self.changed.b_to_a[k]);
        let from = before.map_or(0, |o| o + 1);
        let to = after.unwrap_or(self.inputs.old.tokens.len());
        (from..to)
            .any(|o| self.changed.a_to_b[o].is_none() && self.inputs.old.tokens[o].key == *key)
    }
}
