//! Writing: a located place and the model's `old`/`new` turned into the place's new bytes,
//! keeping the file's own spelling wherever `new` keeps `old`'s. Writing never searches: it
//! follows the alignment the locating tier found ([`crate::locate`]).

pub(crate) mod blocks;
pub(crate) mod deleted;
pub(crate) mod elision;
pub(crate) mod exact;
pub(crate) mod indent;
pub(crate) mod located;
pub mod parse_check;
pub(crate) mod rule;
pub(crate) mod rule_list;
pub(crate) mod splices;
pub(crate) mod structural;
pub(crate) mod text;

/// The text that replaces `text[found.range]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rewrite {
    pub replacement: String,
    /// The region was rewritten whole from `new` (re-indented) rather than token by token.
    pub fallback: bool,
    /// The edit changes only spelling or layout, written line by line in `new`'s spelling
    /// ([`structural::spelling`]): the spelling is the edit, not to be put back in the file's
    /// conventions.
    pub spelled: bool,
    /// The named rules that wrote it ([`rule_list::RULES`]), in the order they fired.
    pub rules: Vec<&'static str>,
}

impl Rewrite {
    /// A replacement written in place (not the whole region from `new`, not an edit of
    /// spelling only).
    pub(crate) fn plain(replacement: String) -> Rewrite {
        Rewrite {
            replacement,
            fallback: false,
            spelled: false,
            rules: Vec::new(),
        }
    }

    /// A replacement written in place by `rules` (names from [`rule_list::RULES`]).
    pub(crate) fn by(replacement: String, rules: Vec<&'static str>) -> Rewrite {
        Rewrite {
            rules,
            ..Rewrite::plain(replacement)
        }
    }
}
