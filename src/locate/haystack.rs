//! The searchable view of a file: its content and what the tiers compute from it once — the
//! line index and style at once, the folded lines and the syntax tree on first need. A
//! [`crate::Document`] owns one; every search and write of the document reads it.

use crate::lang::Language;
use crate::locate::normalized;
use crate::locate::text_match::TextMatch;
use crate::report::LineRange;
use crate::syntax::Syntax;
use crate::text::Style;
use crate::text::fold::{Dashes, EM_DASH, FoldedLines};
use crate::text::lines::LineIndex;
use std::ops::Range;
use std::path::Path;
use std::sync::OnceLock;

/// The UTF-8 byte-order mark, kept in the content and never searched.
pub(crate) const BOM: &str = "\u{FEFF}";

/// Files larger than this skip the structural tier and the post-edit parse: tree-sitter's
/// time and memory grow with the file (a few MB/s, and a tree many times the text's size),
/// and an agent's edit of a generated multi-megabyte file needs the text tiers only.
pub const MAX_SYNTAX_BYTES: usize = 8 << 20;

/// A file's content with everything the tiers need computed once: line index, style, folded
/// lines (on first need), the syntax tree (on first need). Several searches share that work.
#[derive(Debug)]
pub(crate) struct Haystack {
    content: String,
    /// Offset of the text after a UTF-8 byte-order mark (0 or 3). The tiers search the text
    /// after it; ranges given out are offsets in `content`.
    body: usize,
    name: String,
    index: LineIndex,
    style: Style,
    /// The whole text's folded lines, built when a search needs them all (a miss's closest
    /// candidate, a needle too common to search around) and reused from then on.
    folded: OnceLock<FoldedLines>,
    /// The same with the em dash read as `--`.
    folded_em: OnceLock<FoldedLines>,
    /// Whether the text has an em dash.
    em_dash: OnceLock<bool>,
    language: Option<Language>,
    /// The file's syntax tree and tokens, parsed on first need and shared by every call.
    syntax: OnceLock<Option<Syntax>>,
    /// The whole text's tree, re-parsed incrementally from the previous version's
    /// ([`Haystack::edited`]): the structural tier reads tokens off it instead of parsing.
    warm: Option<tree_sitter::Tree>,
}

impl Haystack {
    /// A document over `content` (a byte-order mark, if any, is kept and never searched).
    pub(crate) fn new(content: impl Into<String>) -> Haystack {
        let content = content.into();
        let body = if content.starts_with(BOM) {
            BOM.len()
        } else {
            0
        };
        let index = LineIndex::new(&content[body..]);
        let style = Style::of_lines(&content[body..], index.lines());
        Haystack {
            content,
            body,
            name: "file".to_string(),
            index,
            style,
            folded: OnceLock::new(),
            folded_em: OnceLock::new(),
            em_dash: OnceLock::new(),
            language: None,
            syntax: OnceLock::new(),
            warm: None,
        }
    }

    /// The next version of this haystack: `content` (this one's content after an edit), with
    /// this one's name and language, and — when this one has its whole syntax tree — that tree
    /// re-parsed incrementally for the new content.
    pub(crate) fn edited(&self, content: impl Into<String>) -> Haystack {
        let mut next = Haystack::new(content);
        next.name = self.name.clone();
        next.language = self.language;
        let tree = self
            .warm
            .as_ref()
            .or_else(|| self.syntax.get()?.as_ref()?.tree.as_ref());
        if let (Some(language), Some(tree)) = (self.language, tree)
            && next.text().len() <= MAX_SYNTAX_BYTES
        {
            next.warm =
                crate::syntax::incremental::next_tree(language, tree, self.text(), next.text());
        }
        next
    }

    /// The whole text's tree when it was re-parsed from a previous version's.
    pub(crate) fn warm(&self) -> Option<&tree_sitter::Tree> {
        self.warm.as_ref()
    }

    /// The whole file's syntax if it was parsed already (no parse now).
    pub(crate) fn parsed_syntax(&self) -> Option<&Syntax> {
        self.syntax.get().and_then(Option::as_ref)
    }

    /// Whether the whole file's syntax was asked for already (parsed, or known not to be).
    pub(crate) fn syntax_asked(&self) -> bool {
        self.syntax.get().is_some()
    }

    /// Names the document (used in diffs and reports). A name with a known extension also
    /// sets the language, unless one was set.
    pub(crate) fn with_name(mut self, name: impl Into<String>) -> Haystack {
        self.name = name.into();
        if self.language.is_none() {
            self.language = Language::from_path(Path::new(&self.name));
        }
        self
    }

    /// Sets the language the structural tier parses the document as.
    pub(crate) fn with_language(mut self, language: Language) -> Haystack {
        self.language = Some(language);
        self.syntax = OnceLock::new();
        self.warm = None;
        self
    }

    pub(crate) fn language(&self) -> Option<Language> {
        self.language
    }

    pub(crate) fn syntax(&self) -> Option<&Syntax> {
        self.syntax
            .get_or_init(|| {
                let small = self.text().len() <= MAX_SYNTAX_BYTES;
                self.language
                    .filter(|l| small && l.is_built())
                    .map(|l| match &self.warm {
                        Some(tree) => Syntax::from_tree(l, Some(tree.clone()), self.text(), None),
                        None => Syntax::parse(l, self.text()),
                    })
            })
            .as_ref()
    }

    /// The original content, byte-order mark included.
    pub(crate) fn content(&self) -> &str {
        &self.content
    }

    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    pub(crate) fn text(&self) -> &str {
        &self.content[self.body..]
    }

    pub(crate) fn index(&self) -> &LineIndex {
        &self.index
    }

    pub(crate) fn folded(&self) -> &FoldedLines {
        self.folded
            .get_or_init(|| FoldedLines::new(self.text(), &self.index))
    }

    /// The normalized tier's places for `old`: with every dash folded to `-`, and — when the
    /// file has an em dash and `old` writes `--` — also with the em dash read as `--`.
    pub(crate) fn normalized(&self, old: &str) -> Vec<TextMatch> {
        self.normalized_in(old, 0..self.index.lines().len())
    }

    /// [`Self::normalized`]'s places on the document lines `within` (0-based), and maybe
    /// others: the whole file's when its folded lines are at hand.
    pub(crate) fn normalized_in(&self, old: &str, within: Range<usize>) -> Vec<TextMatch> {
        let mut found = self.folded_search(old, Dashes::One, &self.folded, within.clone());
        let em = || *self.em_dash.get_or_init(|| self.text().contains(EM_DASH));
        if !old.contains("--") || !em() {
            return found;
        }
        for m in self.folded_search(old, Dashes::EmTwo, &self.folded_em, within) {
            if !found.iter().any(|f| f.range == m.range) {
                found.push(m);
            }
        }
        found.sort_by_key(|m| m.range.start);
        found
    }

    /// The normalized search with `dashes`: on the whole file's folded lines (`cache`) when
    /// they are built, else around where `old` can be ([`normalized::find_near`]), else on
    /// the whole file's folded lines, built then.
    fn folded_search(
        &self,
        old: &str,
        dashes: Dashes,
        cache: &OnceLock<FoldedLines>,
        within: Range<usize>,
    ) -> Vec<TextMatch> {
        let (text, index) = (self.text(), &self.index);
        if cache.get().is_none()
            && let Some(found) = normalized::find_near(text, index, old, dashes, within)
        {
            return found;
        }
        let file = cache.get_or_init(|| FoldedLines::with_dashes(text, index, dashes));
        normalized::find_with(text, index, file, old, dashes)
    }

    /// The file's style (line endings, indentation unit).
    pub(crate) fn style(&self) -> &Style {
        &self.style
    }

    /// Where the text starts in the content: after a UTF-8 byte-order mark (3) or at 0.
    pub(crate) fn body(&self) -> usize {
        self.body
    }

    /// The 1-based lines of a range of the text.
    pub(crate) fn line_range(&self, range: &Range<usize>) -> LineRange {
        let (start, end) = self.index.line_span(range);
        LineRange { start, end }
    }
}
