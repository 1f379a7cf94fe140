//! Significant tokens: the leaves tree-sitter produces, with layout, comments and
//! optional trivia removed and literals normalised, so two texts that differ only in
//! formatting yield equal token streams. Leaves survive error recovery far better
//! than tree shape, which is what lets partial fragments be compared at all.

use std::ops::Range;

use super::items::{merge_attribute, sort_items};
use super::leaves::leaf;
use super::token::{SyntaxToken, TokenClass};
use super::trivia::{Frame, droppable_brackets, post_pass};
use crate::lang::{Rules, role};

/// Tokens and comment ranges of one parsed text.
#[derive(Debug, Default)]
pub(crate) struct Scan {
    pub tokens: Vec<SyntaxToken>,
    pub comments: Vec<Range<usize>>,
    /// Paren wrappers whose `(`/`)` were dropped as redundant (whole node ranges, in
    /// document order), for a writer that must not split or re-bind them.
    pub dropped: Vec<Range<usize>>,
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
        out.tokens.push(marker(TokenClass::Open, range.start));
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
        out.tokens.push(marker(TokenClass::Close, end));
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

fn marker(class: TokenClass, at: usize) -> SyntaxToken {
    SyntaxToken {
        class,
        ident: false,
        range: at..at,
        key: Some(String::new()),
        protected: false,
        end: None,
        loose: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;
    use crate::syntax::trivia::{CLOSED_BUDGET, drop_edge_markers, move_ends};

    fn keys(lang: Language, text: &str) -> Vec<String> {
        let tree = lang.parse(text).expect("parses");
        let scan = scan(&tree, text, lang.rules(), 0..text.len(), false);
        scan.tokens
            .iter()
            .map(|t| t.key(text).replace('\0', "|"))
            .collect()
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
    fn dropped_tokens_pass_their_statement_end_back() {
        let tok = |class, end| SyntaxToken {
            end,
            ..marker(class, 0)
        };
        let mut tokens = vec![
            tok(TokenClass::Open, None),
            tok(TokenClass::Word, None),
            tok(TokenClass::Punct, Some(true)),
            tok(TokenClass::Word, Some(false)),
            tok(TokenClass::Punct, Some(false)),
            tok(TokenClass::Close, None),
            tok(TokenClass::Close, None),
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
