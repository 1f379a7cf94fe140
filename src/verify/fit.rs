//! Fitting the written tokens to the template: a search over (segment, `new` items taken,
//! file items taken, written tokens read) for a way to read every written token as an
//! expected one, in order, taking every required item. Its result says where each written
//! token came from (for the layout checks) or, when there is no way, the first written token
//! no way reads and what was expected there.

use super::lexer::{LexemeClass, Token};
use super::template::{Item, Origin, Segment, Template};
use crate::outcome::Convention;
use std::collections::{HashMap, VecDeque};

/// Where a written token came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WrittenFrom {
    /// An expected item.
    Item(Origin),
    /// A blank line or a token a declared convention adds.
    Added,
}

/// No reading of the written tokens: the first written token (index; `None`: the end) no
/// reading gets past, and what the template expected there.
#[derive(Debug, Clone)]
pub(crate) struct Misfit {
    pub at: Option<usize>,
    pub expected: Vec<Item>,
}

/// (segment, `new` items taken, file items taken, written tokens read, floating comments
/// taken).
type State = (usize, usize, usize, usize, usize);

/// The written tokens `written` (text `source`) read against `template`.
pub(crate) fn fit(
    template: &Template,
    written: &[Token],
    source: &str,
) -> Result<Vec<WrittenFrom>, Misfit> {
    let search = Search {
        template,
        written,
        source,
    };
    search.run()
}

struct Search<'a> {
    template: &'a Template,
    written: &'a [Token],
    source: &'a str,
}

impl Search<'_> {
    fn run(&self) -> Result<Vec<WrittenFrom>, Misfit> {
        let start: State = (0, 0, 0, 0, 0);
        let floating = self.template.floating.len();
        let goal: State = (
            self.template.segments.len(),
            0,
            0,
            self.written.len(),
            floating,
        );
        let mut came: HashMap<State, (State, Option<WrittenFrom>)> = HashMap::new();
        let mut queue = VecDeque::from([start]);
        came.insert(start, (start, None));
        let mut furthest = start;
        while let Some(state) = queue.pop_front() {
            if state == goal {
                return Ok(self.path(&came, goal));
            }
            if (state.3, state.0) > (furthest.3, furthest.0) {
                furthest = state;
            }
            for (next, source) in self.moves(state) {
                if let std::collections::hash_map::Entry::Vacant(e) = came.entry(next) {
                    e.insert((state, source));
                    queue.push_back(next);
                }
            }
        }
        Err(self.misfit(furthest))
    }

    /// The sources of the written tokens along the path to `goal`.
    fn path(
        &self,
        came: &HashMap<State, (State, Option<WrittenFrom>)>,
        goal: State,
    ) -> Vec<WrittenFrom> {
        let mut sources = vec![WrittenFrom::Added; self.written.len()];
        let mut state = goal;
        while let Some(&(prev, source)) = came.get(&state) {
            if prev == state {
                break;
            }
            if let Some(source) = source {
                sources[prev.3] = source;
            }
            state = prev;
        }
        sources
    }

    /// Every move from `state`: to the next segment when this one is done, taking an item
    /// (with or without a written token), or reading an added token.
    fn moves(&self, (s, i, j, p, k): State) -> Vec<(State, Option<WrittenFrom>)> {
        let mut out = Vec::new();
        let token = self.written.get(p);
        if let (Some(item), Some(t)) = (self.template.floating.get(k), token)
            && self.reads(item, t)
        {
            out.push((
                (s, i, j, p + 1, k + 1),
                Some(WrittenFrom::Item(item.origin)),
            ));
        }
        let Some(seg) = self.template.segments.get(s) else {
            return out;
        };
        if i == seg.new.len() && j == seg.file.len() {
            out.push(((s + 1, 0, 0, p, k), None));
        }
        if let Some(item) = seg.new.get(i) {
            if self.optional(item) {
                out.push(((s, i + 1, j, p, k), None));
            }
            if token.is_some_and(|t| self.reads(item, t)) {
                out.push((
                    (s, i + 1, j, p + 1, k),
                    Some(WrittenFrom::Item(item.origin)),
                ));
            }
        }
        if let (Some(a), Some(b), Some(t)) = (seg.new.get(i), seg.file.get(j), token)
            && self.reads(a, t)
            && self.reads(b, t)
        {
            // `new` adds what the file has there already (a `;`, a trailing comma).
            out.push((
                (s, i + 1, j + 1, p + 1, k),
                Some(WrittenFrom::Item(b.origin)),
            ));
        }
        if let Some(item) = seg.file.get(j) {
            if item.optional {
                out.push(((s, i, j + 1, p, k), None));
            }
            if token.is_some_and(|t| self.reads(item, t)) {
                out.push((
                    (s, i, j + 1, p + 1, k),
                    Some(WrittenFrom::Item(item.origin)),
                ));
            }
        }
        if token.is_some() && self.added(seg, p) {
            out.push(((s, i, j, p + 1, k), Some(WrittenFrom::Added)));
        }
        out
    }

    /// Whether `item` may be left out: it says so, or a declared convention may drop it.
    fn optional(&self, item: &Item) -> bool {
        item.optional
            || (item.key == ";"
                && self.declared(Convention::Semicolons)
                && !self.template.file_has_semicolons)
            || (item.key == "," && self.declared(Convention::TrailingCommas))
    }

    fn declared(&self, c: Convention) -> bool {
        self.template.conventions.contains(&c)
    }

    /// Whether the written token `t` is what `item` expects.
    fn reads(&self, item: &Item, t: &Token) -> bool {
        match (&item.exact, t.class) {
            (Some(text), LexemeClass::Literal { .. }) => {
                same_breaks(&super::values::fold(t.text(self.source)), text)
            }
            (Some(text), _) => same_breaks(t.text(self.source), text),
            (None, _) => t.key == item.key,
        }
    }

    /// Whether written token `p` may be read as added in segment `seg`: a blank line where
    /// `new` writes, a `;` after code or leading a line that opens with a bracket or literal,
    /// or a `,` before a closing bracket, each where its convention is declared.
    fn added(&self, seg: &Segment, p: usize) -> bool {
        let t = &self.written[p];
        let before = p.checked_sub(1).map(|k| self.written[k].class);
        let after = self.written.get(p + 1).map(|t| t.class);
        match t.class {
            LexemeClass::Blank => seg.blanks && self.declared(Convention::BlankLines),
            LexemeClass::Terminator => {
                // After code; or, in a file without `;`, leading a line whose first token
                // would otherwise continue the line before (`;(a || b).use()`).
                let leads = t.first_on_line
                    && matches!(after, Some(LexemeClass::Open | LexemeClass::Literal { .. }))
                    && self.written.get(p + 1).is_some_and(|n| n.start == t.end);
                self.declared(Convention::Semicolons)
                    && (leads
                        || matches!(
                            before,
                            Some(
                                LexemeClass::Code
                                    | LexemeClass::Close
                                    | LexemeClass::Literal { .. }
                            )
                        ))
            }
            LexemeClass::Comma => {
                let breaks =
                    self.declared(Convention::TrailingCommas) || self.declared(Convention::Width);
                breaks && matches!(after, Some(LexemeClass::Close))
            }
            _ => false,
        }
    }

    /// What went wrong at the furthest state reached.
    fn misfit(&self, (s, i, j, p, k): State) -> Misfit {
        let mut expected: Vec<Item> = self.template.floating.get(k).cloned().into_iter().collect();
        if let Some(seg) = self.template.segments.get(s) {
            expected.extend(seg.new.get(i).cloned());
            expected.extend(seg.file.get(j).cloned());
            if expected.is_empty()
                && let Some(next) = self.template.segments.get(s + 1)
            {
                expected.extend(next.new.first().cloned());
                expected.extend(next.file.first().cloned());
            }
        }
        Misfit {
            at: (p < self.written.len()).then_some(p),
            expected,
        }
    }
}

/// Two spellings of a literal or comment that differ at most in line breaks, CRLF for LF: a
/// multi-line string written in a CRLF file takes the file's breaks, and every language here
/// reads a CRLF inside a literal as LF (Python's universal newlines, JavaScript's template
/// literals, Go's raw strings, Rust's source), so its value is `new`'s.
fn same_breaks(written: &str, expected: &str) -> bool {
    written == expected
        || ((written.contains('\r') || expected.contains('\r'))
            && written.replace("\r\n", "\n") == expected.replace("\r\n", "\n"))
}
