//! Significant tokens: the leaves tree-sitter produces, with layout, comments and
//! optional trivia removed and literals normalised, so two texts that differ only in
//! formatting yield equal token streams. Leaves survive error recovery far better
//! than tree shape, which is what lets partial fragments be compared at all.

use std::ops::Range;

use crate::lang::{Assoc, Op, Rules, StringRule, role};

/// What a token's key means; tokens of different classes never compare equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Class {
    /// Identifiers and keywords (a keyword may parse as an identifier in a fragment).
    Word,
    /// String literal; key = tag, value-changing prefixes, NUL, decoded value.
    Str,
    /// Number literal; key = normalised spelling.
    Num,
    /// Operators and punctuation.
    Punct,
    /// Synthetic: start of an indentation block.
    Open,
    /// Synthetic: end of an indentation block.
    Close,
}

impl Class {
    pub(crate) const COUNT: usize = 6;

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    pub(crate) fn is_marker(self) -> bool {
        matches!(self, Class::Open | Class::Close)
    }

    pub(crate) fn is_literal(self) -> bool {
        matches!(self, Class::Str | Class::Num)
    }
}

/// One significant token. `key` is `None` when the source text itself is the key.
#[derive(Debug, Clone)]
pub(crate) struct Tok {
    pub class: Class,
    /// The leaf is an identifier kind (used to label differences in diagnostics).
    pub ident: bool,
    pub range: Range<usize>,
    pub key: Option<String>,
    /// A comma that is syntax even before a closer (`(a,)` tuples).
    pub(crate) protected: bool,
    /// A statement ends right after this token (`Some(spelled)`): statement ends are
    /// syntax even where their spelling (`;`, a line break) is optional or layout, so
    /// `b;\n(c)` (two statements) never equals `b\n(c)` (one call) once `;` is dropped.
    /// `spelled`: the text says so beyond doubt (a written `;`, or a line end where `;`
    /// is not optional), whatever context the fragment was parsed in.
    pub(crate) end: Option<bool>,
    /// A comma whose list error recovery lost (its parent is an ERROR node): whether it
    /// trails is judged by the token after it instead of by the grammar.
    pub(crate) loose: bool,
}

impl Tok {
    pub(crate) fn key<'a>(&'a self, text: &'a str) -> &'a str {
        match &self.key {
            Some(k) => k,
            None => text.get(self.range.clone()).unwrap_or(""),
        }
    }
}

/// Tokens and comment ranges of one parsed text.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    pub tokens: Vec<Tok>,
    pub comments: Vec<Range<usize>>,
    /// Paren wrappers whose `(`/`)` were dropped as redundant (whole node ranges, in
    /// document order), for a writer that must not split or re-bind them.
    pub dropped: Vec<Range<usize>>,
}

struct Frame<'t> {
    node: tree_sitter::Node<'t>,
    role: u64,
    /// This node is a redundant paren wrapper: its own `(`/`)` are trivia.
    drop_parens: bool,
    /// Index of the child the cursor is on.
    child: usize,
    /// Number of tokens collected before this node's.
    first: usize,
}

/// Walks `tree` and collects the significant tokens lying inside `window` (bytes of
/// `text`). `fragment` relaxes the stream ends: a fragment may stop after a trailing
/// comma or inside a block.
pub(crate) fn scan(
    tree: &tree_sitter::Tree,
    text: &str,
    rules: &Rules,
    window: Range<usize>,
    fragment: bool,
) -> Scan {
    let mut out = Scan::default();
    let mut cursor = tree.walk();
    let mut stack: Vec<Frame> = Vec::new();
    loop {
        let node = cursor.node();
        let r = rules.role(node.kind_id());
        let range = node.start_byte()..node.end_byte();
        let child = if visit(&mut out, node, r, text, rules, &window, stack.last()) {
            first_child_within(&mut cursor, &range, &window)
        } else {
            None
        };
        if let Some(child) = child {
            let frame = open(&mut out, node, r, rules, &window, stack.last(), child);
            stack.push(frame);
            continue;
        }
        if !next_node(&mut cursor, &mut stack, &mut out, text, rules, &window) {
            post_pass(&mut out.tokens, text, rules, &window, fragment);
            return out;
        }
    }
}

/// Takes what `node` (role `r`) holds itself when it lies in `window`: a comment's range,
/// a leaf's tokens. Whether its children are to be visited (it is neither, and not
/// outside the window).
fn visit(
    out: &mut Scan,
    node: tree_sitter::Node,
    r: u64,
    text: &str,
    rules: &Rules,
    window: &Range<usize>,
    parent: Option<&Frame>,
) -> bool {
    let range = node.start_byte()..node.end_byte();
    if range.end < window.start || range.start > window.end {
        // Skip subtrees entirely outside the window (fragment wrappers).
        return false;
    }
    if r & role::COMMENT != 0 || (r & role::COMMENT_CONTAINER != 0 && only_comments(node, rules)) {
        if inside(&range, window) {
            out.comments.push(range);
        }
        return false;
    }
    if r & role::STRING != 0 || node.child_count() == 0 {
        if inside(&range, window) && !range.is_empty() {
            leaf(&mut out.tokens, node, r, text, rules, parent);
        }
        return false;
    }
    true
}

/// A comment container (`{/* note */}`) holding comments and nothing else.
fn only_comments(node: tree_sitter::Node, rules: &Rules) -> bool {
    let mut cursor = node.walk();
    let mut named = node.named_children(&mut cursor).peekable();
    named.peek().is_some() && named.all(|n| rules.role(n.kind_id()) & role::COMMENT != 0)
}

/// Enters `node` (role `r`, not outside `window`), whose children are visited from index
/// `child` on: its block's open marker, its range when its brackets are dropped; its frame.
fn open<'t>(
    out: &mut Scan,
    node: tree_sitter::Node<'t>,
    r: u64,
    rules: &Rules,
    window: &Range<usize>,
    parent: Option<&Frame>,
    child: usize,
) -> Frame<'t> {
    let range = node.start_byte()..node.end_byte();
    if r & role::BLOCK != 0 && inside(&range, window) {
        out.tokens.push(marker(Class::Open, range.start));
    }
    let drop_parens = droppable_brackets(node, r, rules, parent);
    if drop_parens {
        out.dropped.push(range);
    }
    Frame {
        node,
        role: r,
        drop_parens,
        child,
        first: out.tokens.len(),
    }
}

/// Moves the cursor to the next node to visit: the next sibling starting in `window`, else
/// up to the parent (closing its frame, [`close`]) and on from there. `false` when the
/// walk is over (the cursor went back up to the root).
fn next_node(
    cursor: &mut tree_sitter::TreeCursor,
    stack: &mut Vec<Frame>,
    out: &mut Scan,
    text: &str,
    rules: &Rules,
    window: &Range<usize>,
) -> bool {
    loop {
        // Siblings are in order: once one starts after the window, the rest do too.
        if cursor.goto_next_sibling() && cursor.node().start_byte() <= window.end {
            if let Some(top) = stack.last_mut() {
                top.child += 1;
            }
            return true;
        }
        if !cursor.goto_parent() {
            return false;
        }
        if let Some(frame) = stack.pop() {
            close(out, &frame, text, rules, window);
        }
    }
}

/// Moves the cursor (on a node spanning `range`) to its first child not wholly before
/// `window`, skipping the others without visiting them; that child's index, or `None` when
/// there is none.
pub(crate) fn first_child_within(
    cursor: &mut tree_sitter::TreeCursor,
    range: &Range<usize>,
    window: &Range<usize>,
) -> Option<usize> {
    if range.start >= window.start {
        return cursor.goto_first_child().then_some(0);
    }
    cursor.goto_first_child_for_byte(window.start.saturating_sub(1))
}

/// What a node contributes once its children are scanned: its statement end, its block's
/// end marker, a merge with the attribute before it, its items in canonical order.
fn close(out: &mut Scan, frame: &Frame, text: &str, rules: &Rules, window: &Range<usize>) {
    let end = frame.node.end_byte();
    // A statement ends where its node ends, however that is spelled. One whose end lies
    // outside the window (a fragment that stops inside it) gets none.
    if frame.role & role::STATEMENT != 0 && end > window.start && end <= window.end {
        let spelled = !rules.semicolons || spelled_end(frame.node);
        if let Some(last) = out.tokens.last_mut() {
            last.end = Some(spelled || last.end == Some(true));
        }
    }
    if frame.role & role::BLOCK != 0 && inside(&(frame.node.start_byte()..end), window) {
        out.tokens.push(marker(Class::Close, end));
    }
    if frame.role & role::MERGE_ITEM != 0 {
        merge_attribute(&mut out.tokens, frame, text, rules);
    }
    if frame.role & role::UNORDERED != 0 && sort_items(&mut out.tokens[frame.first..], text) {
        // Keys no longer follow the text there: a write touching the list is re-read (a
        // `new` whose items are in another order than the file's would otherwise be
        // spliced in by the wrong ranges).
        out.dropped.push(frame.node.start_byte()..end);
    }
}

/// The statement's end is certain from its own text: its last child is a written
/// token (its `;`, or a keyword that takes nothing after it on the line: a bare
/// `return`, `break`), not an expression that may go on in another context.
fn spelled_end(node: tree_sitter::Node) -> bool {
    let last = node
        .child_count()
        .checked_sub(1)
        .and_then(|i| node.child(i));
    last.is_some_and(|c| !c.is_named() && !c.is_missing() && c.end_byte() > c.start_byte())
}

fn inside(range: &Range<usize>, window: &Range<usize>) -> bool {
    range.start >= window.start && range.end <= window.end
}

fn marker(class: Class, at: usize) -> Tok {
    Tok {
        class,
        ident: false,
        range: at..at,
        key: Some(String::new()),
        protected: false,
        end: None,
        loose: false,
    }
}

/// Whether a node's own brackets (its first and last tokens) are layout: a redundant paren
/// wrapper, a bracketed list where the unbracketed one means the same (`x = (a, b)`), or
/// a block that holds only an expression where a bare expression may stand (`0 => { x }`).
fn droppable_brackets(
    node: tree_sitter::Node,
    r: u64,
    rules: &Rules,
    parent: Option<&Frame>,
) -> bool {
    let parent_role = parent.map_or(0, |p| p.role);
    if r & role::PAREN_WRAPPER != 0 && redundant_parens(node, rules, parent) {
        return true;
    }
    if r & role::UNBRACKETED_LIST != 0 && parent_role & role::UNBRACKETED_PARENT != 0 {
        let mut c = node.walk();
        return node.children(&mut c).any(|n| n.kind() == ",");
    }
    if r & role::UNWRAP_WRAPPER != 0 && parent_role & role::UNWRAP_PARENT != 0 {
        let mut c = node.walk();
        let mut inner = node
            .named_children(&mut c)
            .filter(|n| rules.role(n.kind_id()) & role::COMMENT == 0);
        return match (inner.next(), inner.next()) {
            (Some(only), None) => rules.role(only.kind_id()) & role::UNWRAP_INNER != 0,
            _ => false,
        };
    }
    false
}

/// Parens of a wrapper are droppable when the wrapper sits in a slot where parens never
/// change meaning, or wraps an atom, or is an operand that binds tighter than the
/// operator(s) next to it; never when the wrapped kind needs them.
fn redundant_parens(node: tree_sitter::Node, rules: &Rules, parent: Option<&Frame>) -> bool {
    let Some(inner) = node.named_child(0) else {
        return false;
    };
    if node.named_child_count() != 1 {
        return false;
    }
    let inner_role = rules.role(inner.kind_id());
    if inner_role & role::PAREN_KEEP_INNER != 0 {
        return false;
    }
    let parent_free = parent.is_some_and(|p| p.role & role::PAREN_FREE_PARENT != 0);
    if parent_free || inner_role & role::PAREN_ATOMIC != 0 {
        return true;
    }
    if parent.is_some_and(|p| p.role & role::PAREN_CLOSED_PARENT != 0) {
        return closed(inner, rules);
    }
    parent.is_some_and(|p| p.role & role::PREC_BINARY != 0) && binds_tighter(node, inner, rules)
}

/// The binary operator next to `sibling` (walking away from the operand, past
/// comments): `Ok(None)` at the edge of the expression, `Err` for anything that is not
/// a listed operator.
fn neighbour_op(
    mut sibling: Option<tree_sitter::Node>,
    backwards: bool,
    rules: &Rules,
) -> Result<Option<Op>, ()> {
    while let Some(n) = sibling {
        if rules.role(n.kind_id()) & role::COMMENT == 0 {
            return if n.is_named() {
                Err(())
            } else {
                rules.binary_op(n.kind_id()).map(Some).ok_or(())
            };
        }
        sibling = if backwards {
            n.prev_sibling()
        } else {
            n.next_sibling()
        };
    }
    Ok(None)
}

/// Operand `node` (a paren wrapper around `inner`) of a binary expression re-parses the
/// same without its parens: every operator of `inner` binds tighter than the operators
/// on either side of the operand, or as tightly with the associativity grouping it on
/// that side; `inner` is closed (no open-ended construct at its edges that would swallow
/// a neighbour, like a closure body); and no `isolated` operator is involved.
fn binds_tighter(node: tree_sitter::Node, inner: tree_sitter::Node, rules: &Rules) -> bool {
    let (Ok(before), Ok(after)) = (
        neighbour_op(node.prev_sibling(), true, rules),
        neighbour_op(node.next_sibling(), false, rules),
    ) else {
        return false;
    };
    // (operator, the operand is on its right)
    let around: Vec<(Op, bool)> = before
        .map(|op| (op, true))
        .into_iter()
        .chain(after.map(|op| (op, false)))
        .collect();
    if around.is_empty() || around.iter().any(|(op, _)| op.isolated) {
        return false;
    }
    let inner_role = rules.role(inner.kind_id());
    if inner_role & role::PREC_TIGHT != 0 {
        return closed(inner, rules);
    }
    let binary = inner_role & role::PREC_BINARY != 0;
    if !binary && inner_role & role::PREC_UNARY == 0 {
        return false;
    }
    let mut ops = Vec::new();
    let mut c = inner.walk();
    for child in inner.children(&mut c) {
        if child.is_named() || rules.role(child.kind_id()) & role::COMMENT != 0 {
            continue;
        }
        let op = if binary {
            rules.binary_op(child.kind_id())
        } else {
            rules.unary_op(child.kind_id())
        };
        match op {
            Some(op) => ops.push(op),
            None => return false,
        }
    }
    if ops.is_empty() {
        return false;
    }
    let grouped = |i: &Op, (p, right_of): &(Op, bool)| {
        if i.isolated {
            return false;
        }
        if i.level != p.level {
            return i.level > p.level;
        }
        binary
            && match p.assoc {
                Assoc::Left => !right_of,
                Assoc::Right => *right_of,
                Assoc::None => false,
            }
    };
    ops.iter().all(|i| around.iter().all(|p| grouped(i, p))) && closed(inner, rules)
}

/// Nodes looked at before `closed` gives up (deep chains keep their parens).
const CLOSED_BUDGET: usize = 256;

/// `inner` is built only of operators from the precedence table over atoms, tight
/// (postfix) forms and parenthesised expressions, so nothing at its edges extends
/// past the parens once they are gone.
fn closed(inner: tree_sitter::Node, rules: &Rules) -> bool {
    let mut todo = vec![inner];
    let mut budget = CLOSED_BUDGET;
    while let Some(n) = todo.pop() {
        budget = match budget.checked_sub(1) {
            Some(b) => b,
            None => return false,
        };
        let r = rules.role(n.kind_id());
        if n != inner && r & (role::PAREN_ATOMIC | role::PAREN_WRAPPER) != 0 {
            continue;
        }
        if r & role::PREC_TIGHT != 0 {
            continue;
        }
        if r & (role::PREC_BINARY | role::PREC_UNARY) == 0 {
            return false;
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            if rules.role(child.kind_id()) & role::COMMENT == 0 {
                todo.push(child);
            }
        }
    }
    true
}

/// Collects the token(s) of one leaf (a string node counts as one; `r` is its role): a
/// literal's normalised key, an identifier, nothing for trivia (redundant brackets, an
/// optional `;`, a trailing comma), else its text split at whitespace.
fn leaf(
    tokens: &mut Vec<Tok>,
    node: tree_sitter::Node,
    r: u64,
    text: &str,
    rules: &Rules,
    parent: Option<&Frame>,
) {
    let range = node.start_byte()..node.end_byte();
    let Some(src) = text.get(range.clone()) else {
        return;
    };
    let leaf = Leaf {
        node,
        role: r,
        range,
        src,
        parent,
    };
    if leaf.parent_role() & role::HIDDEN_TOKEN_PARENT != 0 {
        hidden_token(tokens, node, text);
    }
    if r & role::STRING != 0 {
        tokens.extend(leaf.string(rules));
    } else if r & (role::NUMBER | role::VERBATIM | role::IDENT) != 0 {
        tokens.push(leaf.plain());
    } else if r & role::JSX_TEXT != 0 {
        tokens.extend(leaf.jsx_text());
    } else if leaf.is_trivia(rules) {
        // Layout: no token.
    } else if let (",", Some(p)) = (src, parent) {
        tokens.extend(leaf.comma(p, rules));
    } else {
        // Keywords, operators, punctuation, and the raw text of error leaves, split at
        // whitespace so layout inside them does not matter.
        tokens.extend(pieces(src).into_iter().map(|piece| leaf.piece(piece)));
    }
}

/// One leaf of the tree being scanned, with what its tokens depend on.
struct Leaf<'a, 't> {
    node: tree_sitter::Node<'t>,
    /// Its role bits.
    role: u64,
    range: Range<usize>,
    /// Its text.
    src: &'a str,
    parent: Option<&'a Frame<'t>>,
}

impl Leaf<'_, '_> {
    fn parent_role(&self) -> u64 {
        self.parent.map_or(0, |p| p.role)
    }

    /// A token of `class` with `key` covering the whole leaf.
    fn tok(&self, class: Class, key: Option<String>) -> Tok {
        Tok {
            class,
            ident: self.role & role::IDENT != 0,
            range: self.range.clone(),
            key,
            protected: false,
            end: None,
            loose: false,
        }
    }

    /// A string literal's token: its tag, value-changing prefixes and decoded value (an
    /// undecodable one keeps its text, flagged `?`), or a word when it is a quoted key
    /// that may be written unquoted. `None` when the grammar has no rule for the kind.
    fn string(&self, rules: &Rules) -> Option<Tok> {
        let rule = rules.string_rule(self.node.kind_id())?;
        let (flags, value) = match decode_string(rule, self.src) {
            Some(d) => d,
            None => (String::from("?"), self.src.to_string()),
        };
        let is_key = self.parent_role() & role::QUOTED_KEY_PARENT != 0
            && self
                .parent
                .is_some_and(|p| field_is_key(p, self.node, rules));
        Some(if is_key && flags.is_empty() && is_identifier(&value) {
            self.tok(Class::Word, Some(value))
        } else {
            self.tok(
                Class::Str,
                Some(format!("{}{}\0{}", rule.tag, flags, value)),
            )
        })
    }

    /// The token of a number (normalised), a verbatim literal or an identifier (both
    /// keyed by their text).
    fn plain(&self) -> Tok {
        if self.role & role::NUMBER != 0 {
            self.tok(Class::Num, Some(normalize_number(self.src)))
        } else if self.role & role::VERBATIM != 0 {
            self.tok(Class::Str, None)
        } else {
            self.tok(Class::Word, None)
        }
    }

    /// A JSX text's token, keyed by the text JSX renders; none when it renders nothing.
    /// The token covers the visible text only: layout JSX drops (whitespace runs with a
    /// line break) stays between tokens, so a rewrite keeps the file's.
    fn jsx_text(&self) -> Option<Tok> {
        let cleaned = jsx_text(self.src);
        if cleaned.is_empty() {
            return None;
        }
        let shown = jsx_text_span(self.src);
        let mut t = self.tok(Class::Str, Some(cleaned));
        t.range = self.range.start + shown.start..self.range.start + shown.end;
        Some(t)
    }

    /// Whether the leaf is layout: a bracket of a droppable wrapper, an optional bracket,
    /// an optional `;`, a leading separator.
    fn is_trivia(&self, rules: &Rules) -> bool {
        let src = self.src;
        if let Some(p) = self.parent
            && p.drop_parens
            && (p.child == 0 || p.child + 1 == p.node.child_count())
        {
            return true;
        }
        if let Some(p) = self.parent
            && let Some((open, close)) = rules.optional_brackets(p.node.kind_id())
            && (src == open || src == close)
        {
            return true;
        }
        if src == ";" && rules.semicolons && self.parent_role() & role::SEMICOLON_KEEP_PARENT == 0 {
            return true;
        }
        rules.leading_separator.as_deref() == Some(src)
            && self
                .parent
                .is_some_and(|p| p.role & role::LEADING_SEPARATOR_PARENT != 0 && p.child == 0)
    }

    /// A comma's token (its parent `p`): none when it terminates or trails its list,
    /// `protected` when it is the one comma that makes a one-item tuple, `loose` when
    /// error recovery lost its list.
    fn comma(&self, p: &Frame, rules: &Rules) -> Option<Tok> {
        let parent_role = self.parent_role();
        let protected = parent_role & role::SINGLE_COMMA_PARENT != 0 && {
            let mut c = p.node.walk();
            p.node.children(&mut c).filter(|n| n.kind() == ",").count() == 1
        };
        if !protected
            && (parent_role & role::TERMINATOR_COMMA_PARENT != 0
                || trails(self.node, p.node, rules))
        {
            return None;
        }
        let mut t = self.tok(Class::Punct, None);
        t.protected = protected;
        t.loose = p.node.is_error();
        Some(t)
    }

    /// The token of the piece `within` (bytes of the leaf's text): a word when it starts
    /// like one, else punctuation.
    fn piece(&self, within: Range<usize>) -> Tok {
        let piece = &self.src[within.clone()];
        let class = if piece.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
            Class::Word
        } else {
            Class::Punct
        };
        let mut t = self.tok(class, None);
        t.range = self.range.start + within.start..self.range.start + within.end;
        t
    }
}

/// The runs of `src` between whitespace (byte ranges).
fn pieces(src: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut piece_start: Option<usize> = None;
    for (i, c) in src.char_indices() {
        match (c.is_whitespace(), piece_start) {
            (true, Some(from)) => {
                out.push(from..i);
                piece_start = None;
            }
            (false, None) => piece_start = Some(i),
            _ => {}
        }
    }
    if let Some(from) = piece_start {
        out.push(from..src.len());
    }
    out
}

/// A token the grammar matches by a pattern and keeps out of the tree (the separator of a
/// Rust macro repetition, `$(x),*`) is text between two children: it counts.
fn hidden_token(tokens: &mut Vec<Tok>, node: tree_sitter::Node, text: &str) {
    let Some(prev) = node.prev_sibling() else {
        return;
    };
    let Some(gap) = text.get(prev.end_byte()..node.start_byte()) else {
        return;
    };
    let body = gap.trim();
    if body.is_empty() {
        return;
    }
    let start = prev.end_byte() + (gap.len() - gap.trim_start().len());
    tokens.push(Tok {
        class: Class::Punct,
        ident: false,
        range: start..start + body.len(),
        key: None,
        protected: false,
        end: None,
        loose: false,
    });
}

/// The comma `node` (a child of `list`) stands right before a closer of `list` that the
/// grammar allows a trailing comma before (comments in between do not count).
fn trails(node: tree_sitter::Node, list: tree_sitter::Node, rules: &Rules) -> bool {
    let closers = rules.trailing_closers(list.kind_id());
    if closers.is_empty() {
        return false;
    }
    let mut next = node.next_sibling();
    while let Some(n) = next {
        if rules.role(n.kind_id()) & role::COMMENT == 0 {
            return !n.is_named() && closers.iter().any(|c| c == n.kind());
        }
        next = n.next_sibling();
    }
    false
}

/// Adjacent attribute items of one mergeable name read as one list: the `) ] # [ name (`
/// between the previous item's arguments and this one's becomes one synthetic `,` (its
/// range covers them, so deleting it deletes them). Both lists must be non-empty, without
/// a trailing comma, and nothing but layout may lie between the items.
fn merge_attribute(tokens: &mut Vec<Tok>, frame: &Frame, text: &str, rules: &Rules) {
    let node = frame.node;
    let name = |item: tree_sitter::Node| {
        item.named_child(0)
            .and_then(|attr| attr.named_child(0))
            .and_then(|n| text.get(n.byte_range()))
    };
    let Some(prev) = node.prev_sibling() else {
        return;
    };
    let Some(this) = name(node) else {
        return;
    };
    if prev.kind_id() != node.kind_id()
        || name(prev) != Some(this)
        || !rules.merged_attributes.iter().any(|m| m == this)
    {
        return;
    }
    let first = frame.first;
    let keys: Vec<&str> = tokens.iter().map(|t| t.key(text)).collect();
    let head = [")", "]", "#", "[", this, "("];
    let fits = first >= 3
        && keys.get(first - 2..first + 4) == Some(&head[..])
        && !matches!(keys[first - 3], "(" | ",")
        && keys.get(first + 4).is_some_and(|k| *k != ")");
    if !fits {
        return;
    }
    let range = tokens[first - 2].range.start..tokens[first + 3].range.end;
    let comma = Tok {
        class: Class::Punct,
        ident: false,
        range,
        key: Some(",".to_string()),
        protected: false,
        end: None,
        loose: false,
    };
    tokens.splice(first - 2..first + 4, [comma]);
}

/// Puts the items of a bracketed list (`{ item , item }`, nested lists already sorted)
/// in a canonical order: the keys move, the ranges stay in text order (a writer never
/// sees them go backwards). Whether the list has two items or more (its keys may then
/// differ from its text).
fn sort_items(tokens: &mut [Tok], text: &str) -> bool {
    let n = tokens.len();
    if n < 3 || tokens[0].key(text) != "{" || tokens[n - 1].key(text) != "}" {
        return false;
    }
    let mut items: Vec<Vec<(Class, bool, String)>> = vec![Vec::new()];
    let mut depth = 0i32;
    for t in &tokens[1..n - 1] {
        let key = t.key(text);
        depth += bracket_step(key);
        if depth == 0 && key == "," {
            items.push(Vec::new());
        } else if let Some(item) = items.last_mut() {
            item.push((t.class, t.ident, key.to_string()));
        }
    }
    if items.iter().any(Vec::is_empty) {
        return false;
    }
    if items.len() < 2 {
        return false;
    }
    let mut sorted = items.clone();
    sorted.sort_by(|a, b| a.iter().map(|t| &t.2).cmp(b.iter().map(|t| &t.2)));
    let comma = (Class::Punct, false, ",".to_string());
    let flat = sorted
        .into_iter()
        .enumerate()
        .flat_map(|(i, item)| (i > 0).then(|| comma.clone()).into_iter().chain(item));
    for (t, (class, ident, key)) in tokens[1..n - 1].iter_mut().zip(flat) {
        t.class = class;
        t.ident = ident;
        t.key = Some(key);
        t.end = None;
        t.protected = false;
    }
    true
}

fn bracket_step(key: &str) -> i32 {
    match key {
        "(" | "[" | "{" => 1,
        ")" | "]" | "}" => -1,
        _ => 0,
    }
}

fn field_is_key(parent: &Frame, node: tree_sitter::Node, rules: &Rules) -> bool {
    let mut c = parent.node.walk();
    let Some(found) = parent.node.children(&mut c).position(|n| n == node) else {
        return false;
    };
    let Ok(i) = u32::try_from(found) else {
        return false;
    };
    parent
        .node
        .field_name_for_child(i)
        .is_some_and(|f| rules.quoted_key_fields.iter().any(|k| k == f))
}

/// Stream-level trivia that needs lookahead: trailing commas before a closer (or at
/// the end of a fragment), parens around a single arrow parameter, and the block
/// markers a fragment opens or leaves open at its edges. A statement end on a dropped
/// token moves to the token before it. A fragment's last statement end stays only when
/// it is spelled and a line break follows: a fragment may stop inside a statement that
/// goes on in the file, one whose line ends after a written end does not.
fn post_pass(
    tokens: &mut Vec<Tok>,
    text: &str,
    rules: &Rules,
    window: &Range<usize>,
    fragment: bool,
) {
    let mut keep = stream_trivia(tokens, text, rules, fragment);
    if fragment {
        drop_edge_markers(tokens, &mut keep);
    }
    let kept = move_ends(tokens, &keep);
    if fragment && let Some(k) = kept {
        let t = &tokens[k];
        let ends_line = text
            .get(t.range.end..window.end)
            .is_some_and(|rest| rest.contains('\n'));
        if t.end != Some(true) || !ends_line {
            tokens[k].end = None;
        }
    }
    let mut it = keep.iter();
    tokens.retain(|_| it.next().copied().unwrap_or(true));
}

/// Which tokens stay (one flag per token) once trailing commas are dropped (a loose one
/// before a closer, any at the end of a fragment) and the parens around a single arrow
/// parameter (`(x) =>`).
fn stream_trivia(tokens: &[Tok], text: &str, rules: &Rules, fragment: bool) -> Vec<bool> {
    let n = tokens.len();
    let mut keep = vec![true; n];
    for i in 0..n {
        let t = &tokens[i];
        if t.class == Class::Punct && t.key(text) == "," && !t.protected {
            let next = tokens[i + 1..].iter().find(|t| !t.class.is_marker());
            let closes = match next {
                Some(nx) => {
                    t.loose
                        && nx.class == Class::Punct
                        && rules.any_closer.iter().any(|c| c == nx.key(text))
                }
                None => fragment,
            };
            if closes {
                keep[i] = false;
            }
        }
        if let Some(arrow) = rules.arrow.as_deref()
            && i + 3 < n
            && tokens[i].key(text) == "("
            && tokens[i + 1].class == Class::Word
            && tokens[i + 2].key(text) == ")"
            && tokens[i + 3].key(text) == arrow
        {
            keep[i] = false;
            keep[i + 2] = false;
        }
    }
    keep
}

/// Drops (in `keep`) the block markers a fragment opens at its start or leaves open at its
/// end.
fn drop_edge_markers(tokens: &[Tok], keep: &mut [bool]) {
    for (t, k) in tokens.iter().zip(keep.iter_mut()) {
        if t.class != Class::Open {
            break;
        }
        *k = false;
    }
    for (t, k) in tokens.iter().zip(keep.iter_mut()).rev() {
        if t.class != Class::Close {
            break;
        }
        *k = false;
    }
}

/// Moves the statement end of each dropped token to the kept token before it (a spelled
/// end wins). The index of the last kept token.
fn move_ends(tokens: &mut [Tok], keep: &[bool]) -> Option<usize> {
    let mut kept: Option<usize> = None;
    for i in 0..tokens.len() {
        if keep[i] {
            kept = Some(i);
        } else if let (Some(k), Some(spelled)) = (kept, tokens[i].end) {
            let prev = tokens[k].end;
            tokens[k].end = Some(spelled || prev == Some(true));
        }
    }
    kept
}

/// JSX's whitespace rule for text children: each line trimmed (the first only at its
/// end, the last only at its start), empty lines dropped, the rest joined by a space.
fn jsx_text(src: &str) -> String {
    let lines: Vec<&str> = src.split('\n').collect();
    let last = lines.len().saturating_sub(1);
    let mut parts = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut l = *line;
        if i > 0 {
            l = l.trim_start();
        }
        if i < last {
            l = l.trim_end();
        }
        if !l.is_empty() {
            parts.push(l);
        }
    }
    parts.join(" ")
}

/// The part of a JSX text that renders: a leading or trailing whitespace run is layout
/// when it contains a line break (JSX drops it whole), and visible otherwise.
fn jsx_text_span(src: &str) -> Range<usize> {
    let body = src.trim_start();
    let start = if src[..src.len() - body.len()].contains('\n') {
        src.len() - body.len()
    } else {
        0
    };
    let body = src.trim_end();
    let end = if src[body.len()..].contains('\n') {
        body.len()
    } else {
        src.len()
    };
    start..end.max(start)
}

/// `true` for a plain ASCII identifier (a quoted key that may be written unquoted).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The parts of a string literal's spelling: prefix, delimiter, hash padding.
pub(crate) struct Spelling<'a> {
    pub prefix: &'a str,
    pub quote: &'a str,
    pub hashes: usize,
    pub body: &'a str,
    pub raw: bool,
}

/// Splits a literal into prefix, quotes and body according to its rule.
pub(crate) fn spell<'a>(rule: &'a StringRule, src: &'a str) -> Option<Spelling<'a>> {
    let rest = src.trim_start_matches(|c: char| rule.prefixes.contains(c));
    let prefix = &src[..src.len() - rest.len()];
    let raw = !rule.escapes || prefix.chars().any(|c| rule.raw.contains(c));
    let (hashes, rest) = if rule.hashes {
        let inner = rest.trim_start_matches('#');
        (rest.len() - inner.len(), inner)
    } else {
        (0, rest)
    };
    let quote = rule.quotes.iter().find(|q| {
        rest.len() >= 2 * q.len() + hashes
            && rest.starts_with(q.as_str())
            && rest[..rest.len() - hashes].ends_with(q.as_str())
            && rest[rest.len() - hashes..].bytes().all(|b| b == b'#')
    })?;
    let body = rest.get(quote.len()..rest.len() - hashes - quote.len())?;
    Some(Spelling {
        prefix,
        quote,
        hashes,
        body,
        raw,
    })
}

/// Decodes a string literal to (value-changing prefix flags, value), so that
/// `'It\'s'` and `"It's"` and `r"\d"`/`"\\d"` compare equal.
pub(crate) fn decode_string(rule: &StringRule, src: &str) -> Option<(String, String)> {
    let sp = spell(rule, src)?;
    let mut flags: Vec<char> = sp
        .prefix
        .chars()
        .filter(|c| !rule.raw.contains(*c) && !rule.ignored.contains(*c))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    flags.sort_unstable();
    flags.dedup();
    let value = if sp.raw {
        sp.body.to_string()
    } else {
        unescape(sp.body)
    };
    Some((flags.into_iter().collect(), value))
}

/// Decodes the common backslash escapes; unknown ones are kept as written, which is
/// consistent on both sides of a comparison.
fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        escape(e, &mut chars, &mut out);
    }
    out
}

/// The characters of a string body still to decode.
type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// Appends what the escape `\e` means (`chars`: what follows `e`, consumed as far as the
/// escape reaches); an unknown escape is appended as written.
fn escape(e: char, chars: &mut Chars, out: &mut String) {
    match e {
        'n' => out.push('\n'),
        't' => out.push('\t'),
        'r' => out.push('\r'),
        '0' if chars.peek().is_none_or(|d| !d.is_ascii_digit()) => out.push('\0'),
        '\\' | '\'' | '"' | '`' => out.push(e),
        '\n' => {}
        '\r' => {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
        }
        'x' | 'u' | 'U' => code_point(e, chars, out),
        other => {
            out.push('\\');
            out.push(other);
        }
    }
}

/// Appends the character of a hex escape (`\xHH`, `\uHHHH`, `\u{H…}`, `\UHHHHHHHH`; `e`
/// is its letter), or the escape as written when its digits name no character.
fn code_point(e: char, chars: &mut Chars, out: &mut String) {
    let braced = e == 'u' && chars.peek() == Some(&'{');
    let hex = if braced {
        chars.next();
        braced_digits(chars)
    } else {
        let want = match e {
            'x' => 2,
            'u' => 4,
            _ => 8,
        };
        hex_digits(chars, want)
    };
    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
        Some(ch) if !hex.is_empty() => out.push(ch),
        _ => {
            out.push('\\');
            out.push(e);
            if braced {
                out.push('{');
            }
            out.push_str(&hex);
            if braced {
                out.push('}');
            }
        }
    }
}

/// What stands between `{` and `}` (both consumed; all that is left when no `}` comes).
fn braced_digits(chars: &mut Chars) -> String {
    let mut hex = String::new();
    for d in chars.by_ref() {
        if d == '}' {
            break;
        }
        hex.push(d);
    }
    hex
}

/// Up to `want` hex digits from the start of `chars` (consumed; the first non-digit is not).
fn hex_digits(chars: &mut Chars, want: usize) -> String {
    let mut hex = String::new();
    while hex.len() < want {
        match chars.peek() {
            Some(d) if d.is_ascii_hexdigit() => {
                hex.push(*d);
                chars.next();
            }
            _ => break,
        }
    }
    hex
}

/// Normalises a number's spelling: case, digit separators, `.5`→`0.5`, trailing
/// fraction zeros (`1.50`→`1.5`, `1.0`→`1.`; the dot stays because `1.0` and `1` have
/// different types in Python and Rust), exponent sign and zeros.
pub(crate) fn normalize_number(src: &str) -> String {
    let t: String = src
        .chars()
        .filter(|&c| c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if t.starts_with("0x") || t.starts_with("0o") || t.starts_with("0b") {
        return t;
    }
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    let mut mantissa = t[..i].to_string();
    let mut exponent = String::new();
    if i < b.len() && b[i] == b'e' {
        let mut j = i + 1;
        let negative = j < b.len() && b[j] == b'-';
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let digits_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > digits_start {
            let digits = t[digits_start..j].trim_start_matches('0');
            let digits = if digits.is_empty() { "0" } else { digits };
            exponent = format!("e{}{digits}", if negative { "-" } else { "" });
            i = j;
        }
    }
    if mantissa.starts_with('.') {
        mantissa.insert(0, '0');
    }
    if mantissa.contains('.') {
        while mantissa.ends_with('0') {
            mantissa.pop();
        }
    }
    format!("{mantissa}{exponent}{}", &t[i..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn keys(lang: Language, text: &str) -> Vec<String> {
        let tree = lang.parse(text).expect("parses");
        let scan = scan(&tree, text, lang.rules(), 0..text.len(), false);
        scan.tokens
            .iter()
            .map(|t| t.key(text).replace('\0', "|"))
            .collect()
    }

    #[test]
    fn numbers_normalise() {
        for (a, b) in [
            (".5", "0.5"),
            ("1E10", "1e10"),
            ("0XAB", "0xab"),
            ("1.50", "1.5"),
            ("1E+05", "1e5"),
            ("1_000", "1000"),
            ("1.0f64", "1.f64"),
        ] {
            assert_eq!(normalize_number(a), normalize_number(b), "{a} vs {b}");
        }
        assert_ne!(normalize_number("1.0"), normalize_number("1"));
        assert_ne!(normalize_number("15"), normalize_number("1.5"));
    }

    #[test]
    fn strings_decode_independent_of_quotes() {
        let ts = keys(Language::TypeScript, r#"f('It\'s', "It's")"#);
        assert_eq!(ts[2], ts[4]);
        let py = keys(
            Language::Python,
            r#"f(r"\d", "\\d", U'x', 'x', b'x', f"x")"#,
        );
        assert_eq!(py[2], py[4]);
        assert_eq!(py[6], py[8]);
        assert_ne!(py[8], py[10]);
        assert_ne!(py[8], py[12]);
        let rs = keys(Language::Rust, r###"f(r#"a"b"#, "a\"b", 'a', "a");"###);
        assert_eq!(rs[2], rs[4]);
        assert_ne!(rs[6], rs[8]);
        let go = keys(Language::Go, "package p\nvar a = f(`x\\n`, \"x\\\\n\")");
        assert_eq!(go[go.len() - 4], go[go.len() - 2]);
    }

    #[test]
    fn escapes_decode_or_stay_as_written() {
        assert_eq!(unescape(r"a\tb\n\\"), "a\tb\n\\");
        assert_eq!(unescape(r"\x41\u00e9\u{1F600}\U0001F600"), "Aé😀😀");
        assert_eq!(unescape(r"\0 \01"), "\0 \\01");
        assert_eq!(unescape("a\\\r\nb\\\nc"), "abc");
        assert_eq!(
            unescape(r"\xZZ \u{} \u{110000} \q"),
            r"\xZZ \u{} \u{110000} \q"
        );
        assert_eq!(unescape(r"\u{41"), "A");
        assert_eq!(unescape(r"\x4"), "\u{4}");
        assert_eq!(unescape("end\\"), "end\\");
        let mut rest = "12g".chars().peekable();
        assert_eq!(hex_digits(&mut rest, 4), "12");
        assert_eq!(rest.collect::<String>(), "g");
        let mut rest = "41}x".chars().peekable();
        assert_eq!(braced_digits(&mut rest), "41");
        assert_eq!(rest.collect::<String>(), "x");
    }

    #[test]
    fn leaf_text_splits_at_whitespace() {
        assert_eq!(pieces("a  b\n\tc"), vec![0..1, 3..4, 6..7]);
        assert_eq!(pieces(" é+ "), vec![1..4]);
        assert!(pieces(" \n").is_empty());
    }

    #[test]
    fn dropped_tokens_pass_their_statement_end_back() {
        let tok = |class, end| Tok {
            end,
            ..marker(class, 0)
        };
        let mut tokens = vec![
            tok(Class::Open, None),
            tok(Class::Word, None),
            tok(Class::Punct, Some(true)),
            tok(Class::Word, Some(false)),
            tok(Class::Punct, Some(false)),
            tok(Class::Close, None),
            tok(Class::Close, None),
        ];
        let mut keep = vec![true, true, false, true, false, true, true];
        drop_edge_markers(&tokens, &mut keep);
        assert_eq!(keep, [false, true, false, true, false, false, false]);
        assert_eq!(move_ends(&mut tokens, &keep), Some(3));
        let ends: Vec<_> = tokens.iter().map(|t| t.end).collect();
        assert_eq!(
            ends,
            [
                None,
                Some(true),
                Some(true),
                Some(false),
                Some(false),
                None,
                None
            ]
        );
    }

    #[test]
    fn trivia_is_dropped() {
        assert_eq!(
            keys(Language::TypeScript, "foo(\n  a,\n  b,\n);"),
            keys(Language::TypeScript, "foo(a, b)")
        );
        assert_eq!(
            keys(Language::TypeScript, "const f = (x) => { return (x + 1); }"),
            keys(Language::TypeScript, "const f = x => { return x + 1 }")
        );
        assert_eq!(
            keys(Language::TypeScript, "type A =\n  | \"a\"\n  | 'b';"),
            keys(Language::TypeScript, "type A = 'a' | \"b\"")
        );
        assert_eq!(
            keys(Language::TypeScript, "const o = { \"a\": 1, b: 2 }"),
            keys(Language::TypeScript, "const o = { a: 1, 'b': 2 }")
        );
        assert_eq!(
            keys(Language::Go, "package p\nfunc f() { if (x) { g(); } }"),
            keys(Language::Go, "package p\nfunc f() { if x { g() } }")
        );
    }

    #[test]
    fn meaningful_syntax_is_kept() {
        assert_ne!(
            keys(Language::TypeScript, "x = (a + b) * c"),
            keys(Language::TypeScript, "x = a + b * c")
        );
        assert_ne!(
            keys(Language::Python, "x = (a,)"),
            keys(Language::Python, "x = (a)")
        );
        assert_ne!(
            keys(Language::Rust, "fn f() { let x = (a,); }"),
            keys(Language::Rust, "fn f() { let x = (a); }")
        );
        assert_ne!(
            keys(Language::TypeScript, "f = x => ({})"),
            keys(Language::TypeScript, "f = x => {}")
        );
        assert_ne!(
            keys(Language::Python, "if a:\n    b\nc\n"),
            keys(Language::Python, "if a:\n    b\n    c\n")
        );
        assert_ne!(
            keys(Language::Python, "d = {'a': 1}"),
            keys(Language::Python, "d = {a: 1}")
        );
        assert_ne!(
            keys(Language::TypeScript, "x = c ? 'a' : b"),
            keys(Language::TypeScript, "x = c ? a : b")
        );
        assert_eq!(
            keys(Language::Python, "if (a and b):\n    pass\n"),
            keys(Language::Python, "if a and b:\n    pass\n")
        );
    }

    fn same(lang: Language, a: &str, b: &str) -> bool {
        keys(lang, a) == keys(lang, b)
    }

    #[test]
    fn parens_around_tighter_operands_are_trivia() {
        use Language::*;
        for (lang, with, without) in [
            (TypeScript, "x = (a && b) || c", "x = a && b || c"),
            (TypeScript, "x = a || (b && c)", "x = a || b && c"),
            (TypeScript, "x = (a * b) % c", "x = a * b % c"),
            (TypeScript, "x = (a - b) - c", "x = a - b - c"),
            (TypeScript, "x = a ** (b ** c)", "x = a ** b ** c"),
            (TypeScript, "x = (!a) && b", "x = !a && b"),
            (
                TypeScript,
                "x = (typeof a === 's') || b",
                "x = typeof a === 's' || b",
            ),
            (
                TypeScript,
                "x = (a.b && c(d)) || e[0]",
                "x = a.b && c(d) || e[0]",
            ),
            (TypeScript, "x = (a!) || b", "x = a! || b"),
            (Tsx, "x = (a && b) || c", "x = a && b || c"),
            (
                JavaScript,
                "x = (a === 1 && b) || c",
                "x = a === 1 && b || c",
            ),
            (JavaScript, "x = a + (b * c)", "x = a + b * c"),
            (Python, "x = (a and b) or c\n", "x = a and b or c\n"),
            (Python, "x = (not a) and b\n", "x = not a and b\n"),
            (
                Python,
                "x = (a < b) and (c in d)\n",
                "x = a < b and c in d\n",
            ),
            (
                Python,
                "x = (a * b) + c ** (-d)\n",
                "x = a * b + c ** (-d)\n",
            ),
            (
                Go,
                "package p\nvar x = (a && b) || c",
                "package p\nvar x = a && b || c",
            ),
            (
                Go,
                "package p\nvar x = (a * b) + (-c)",
                "package p\nvar x = a * b + -c",
            ),
            (
                Rust,
                "fn f() { g((a && b) || c); }",
                "fn f() { g(a && b || c); }",
            ),
            (
                Rust,
                "fn f() { g((a & b) == c); }",
                "fn f() { g(a & b == c); }",
            ),
            (
                Rust,
                "fn f() { g((v[0] * 2) + 1); }",
                "fn f() { g(v[0] * 2 + 1); }",
            ),
        ] {
            assert!(same(lang, with, without), "{lang:?}: {with} vs {without}");
        }
    }

    #[test]
    fn parens_that_group_differently_stay() {
        use Language::*;
        for (lang, with, without) in [
            (TypeScript, "x = (a + b) * c", "x = a + b * c"),
            (TypeScript, "x = a - (b - c)", "x = a - b - c"),
            (TypeScript, "x = a + (b + c)", "x = a + b + c"),
            (TypeScript, "x = (a ** b) ** c", "x = a ** b ** c"),
            (TypeScript, "x = (-a) ** b", "x = -a ** b"),
            (TypeScript, "x = !(a && b)", "x = !a && b"),
            (TypeScript, "x = (a ?? b) || c", "x = a ?? b || c"),
            (TypeScript, "x = a ?? (b || c)", "x = a ?? b || c"),
            (TypeScript, "x = (a + b) ?? c", "x = a + b ?? c"),
            (TypeScript, "x = (a || b) && c", "x = a || b && c"),
            (TypeScript, "x = (a < b) < c", "x = a < b < c"),
            (TypeScript, "x = (a ? b : c) || d", "x = a ? b : c || d"),
            (TypeScript, "x = (a = b) || c", "x = a = b || c"),
            (JavaScript, "x = (a, b) || c", "x = a, b || c"),
            (Python, "x = (a < b) < c\n", "x = a < b < c\n"),
            (Python, "x = (a == b) in c\n", "x = a == b in c\n"),
            (Python, "x = (-a) ** b\n", "x = -a ** b\n"),
            (Python, "x = (not a) == b\n", "x = not a == b\n"),
            (Python, "x = (a or b) and c\n", "x = a or b and c\n"),
            (
                Python,
                "x = (a if b else c) or d\n",
                "x = a if b else c or d\n",
            ),
            (
                Go,
                "package p\nvar x = a - (b - c)",
                "package p\nvar x = a - b - c",
            ),
            (
                Go,
                "package p\nvar x = (a == b) == c",
                "package p\nvar x = a == b == c",
            ),
            (
                Rust,
                "fn f() { g((a && |x| x) || c); }",
                "fn f() { g(a && |x| x || c); }",
            ),
            (
                Rust,
                "fn f() { g((a as u8) < b); }",
                "fn f() { g(a as u8 < b); }",
            ),
            (
                Rust,
                "fn f() { g((a < b) == c); }",
                "fn f() { g(a < b == c); }",
            ),
            (
                Rust,
                "fn f() { g((a + b) * c); }",
                "fn f() { g(a + b * c); }",
            ),
        ] {
            assert!(!same(lang, with, without), "{lang:?}: {with} vs {without}");
        }
    }

    #[test]
    fn unbracketed_single_comma_makes_a_tuple() {
        use Language::Python;
        assert!(!same(Python, "return 1,\n", "return 1\n"));
        assert!(!same(Python, "x = 1,\n", "x = 1\n"));
        assert!(!same(Python, "x, = f()\n", "x = f()\n"));
        assert!(same(Python, "f(a, b,)\n", "f(a, b)\n"));
        assert!(same(Python, "x = [\n    1,\n    2,\n]\n", "x = [1, 2]\n"));
    }

    fn ends(lang: Language, text: &str) -> Vec<String> {
        let tree = lang.parse(text).expect("parses");
        let scan = scan(&tree, text, lang.rules(), 0..text.len(), false);
        scan.tokens
            .iter()
            .filter(|t| t.end.is_some())
            .map(|t| t.key(text).to_string())
            .collect()
    }

    #[test]
    fn statement_ends_mark_the_token_before_them() {
        use Language::*;
        assert_eq!(ends(TypeScript, "b\n(c || d).run()\n"), [")"]);
        assert_eq!(ends(TypeScript, "b;\n(c || d).run();\n"), ["b", ")"]);
        assert_eq!(ends(TypeScript, "b\n;(c || d).run()\n"), ["b", ")"]);
        assert_eq!(ends(JavaScript, "a\n++b\n"), ["a", "b"]);
        assert_eq!(ends(JavaScript, "a++\nb\n"), ["++", "b"]);
        assert_eq!(
            ends(JavaScript, "function f() { return\n x }"),
            ["return", "x"]
        );
        assert_eq!(ends(Python, "a\n(b)\n"), ["a", "b"]);
        assert_eq!(ends(Python, "a(b)\n"), [")"]);
        assert_eq!(
            ends(Go, "package p\nfunc f() {\n\ta := 1\n\tb(a)\n}\n"),
            ["1", ")"]
        );
    }

    #[test]
    fn trailing_commas_where_the_grammar_allows_them() {
        use Language::*;
        for (lang, with, without) in [
            (
                TypeScript,
                "function f<\n  T,\n>(v: T) {}",
                "function f<T>(v: T) {}",
            ),
            (Tsx, "const f = <T,>(v: T) => v", "const f = <T>(v: T) => v"),
            (
                JavaScript,
                "const f = async (\n  x,\n) => x",
                "const f = async x => x",
            ),
            (TypeScript, "type P = [\n  a,\n  b,\n]", "type P = [a, b]"),
            (Python, "from a import (\n    b,\n)\n", "from a import b\n"),
            (
                Python,
                "def f(\n    a,\n):\n    pass\n",
                "def f(a):\n    pass\n",
            ),
            (
                Rust,
                "fn f() { g(vec![\n    a,\n]); }",
                "fn f() { g(vec![a]); }",
            ),
            (
                Go,
                "package p\nvar x = f(\n\ta,\n)",
                "package p\nvar x = f(a)",
            ),
        ] {
            assert!(same(lang, with, without), "{lang:?}: {with} vs {without}");
        }
        // A hole is an element; a repetition separator is syntax; a one-tuple is a tuple.
        assert!(!same(JavaScript, "x = [a, ,]", "x = [a,]"));
        assert!(!same(
            Rust,
            "macro_rules! m { ($($k:expr),*) => {} }",
            "macro_rules! m { ($($k:expr)*) => {} }"
        ));
        assert!(!same(Python, "x = (a,)\n", "x = (a)\n"));
    }

    #[test]
    fn python_brackets_black_adds() {
        use Language::Python;
        for (with, without) in [
            ("x, y = (\n    a,\n    b,\n)\n", "x, y = a, b\n"),
            (
                "def f():\n    return (a, b)\n",
                "def f():\n    return a, b\n",
            ),
            ("x = (a,)\n", "x = a,\n"),
            (
                "with (\n    a as b,\n    c as d,\n):\n    pass\n",
                "with a as b, c as d:\n    pass\n",
            ),
            (
                "xs = [(a.b) for a in c if (a and d)]\n",
                "xs = [a.b for a in c if a and d]\n",
            ),
        ] {
            assert!(same(Python, with, without), "{with} vs {without}");
        }
        for (with, without) in [
            ("f((a, b))\n", "f(a, b)\n"),
            ("x = ()\n", "x =\n"),
            (
                "xs = [a for a in c if (a if d else e)]\n",
                "xs = [a for a in c if a if d else e]\n",
            ),
            (
                "xs = [a for a in (lambda: c)()]\n",
                "xs = [a for a in lambda: c()]\n",
            ),
        ] {
            assert!(!same(Python, with, without), "{with} vs {without}");
        }
    }

    #[test]
    fn rustfmt_rewrites() {
        use Language::Rust;
        let arm = |body: &str| format!("fn f() {{ match x {{ 0 => {body} 1 => h(), }} }}");
        assert!(same(Rust, &arm("{ g(v) }"), &arm("g(v),")));
        assert!(same(Rust, &arm("{\n    g(v)\n},"), &arm("g(v),")));
        assert!(!same(Rust, &arm("{ g(v); }"), &arm("g(v),")));
        assert!(!same(Rust, &arm("{ let a = 1; a }"), &arm("a,")));
        assert!(same(
            Rust,
            "#[derive(Debug)]\n#[derive(Clone, Eq)]\nstruct A;",
            "#[derive(Debug, Clone, Eq)]\nstruct A;"
        ));
        assert!(!same(
            Rust,
            "#[derive(Debug)]\n#[derive(Clone)]\nstruct A;",
            "#[derive(Clone, Debug)]\nstruct A;"
        ));
        assert!(!same(
            Rust,
            "#[derive(Debug)]\n#[repr(C)]\nstruct A;",
            "#[derive(Debug, C)]\nstruct A;"
        ));
        assert!(same(
            Rust,
            "use a::{c, b::{e, d}};",
            "use a::{b::{d, e}, c};"
        ));
        assert!(!same(Rust, "use a::{b, c};", "use a::b;\nuse a::c;"));
    }

    #[test]
    fn deep_operand_chains_keep_their_parens() {
        let chain = vec!["a"; CLOSED_BUDGET + 10].join(" + ");
        let with = format!("x = ({chain}) || c");
        let without = format!("x = {chain} || c");
        assert!(!same(Language::TypeScript, &with, &without));
    }
}
