//! What a caller may set: how far the ladder goes and how strict writing is.

use crate::outcome::Tier;

/// How far the ladder may go and how strict writing is.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The last tier tried (strict mode: `Tier::Exact`).
    pub max_tier: Tier,
    /// Refuse an edit whose result parses with more syntax errors than the original (for
    /// files in a known language); without it the result only carries a warning.
    pub require_clean_parse: bool,
    /// A 1-based line near `old` (`--line N`): breaks a tie between otherwise equal places by
    /// choosing the one strictly nearest to it, within ±100 lines. Without it (or when it does
    /// not single one out) several places stay an ambiguity.
    pub line_hint: Option<usize>,
    /// Try the [repairs](crate::Repair) of garbled edits after the plain ladder misses
    /// (default). Off: a miss of the ladder is final (`--no-repairs`).
    pub repairs: bool,
    /// Write the tokens the structural tier takes from `new` as `new` spells them. Off
    /// (default): in the file's conventions — quotes,
    /// statement semicolons, trailing commas of multi-line lists (`--verbatim`).
    pub verbatim: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_tier: Tier::Structural,
            require_clean_parse: false,
            line_hint: None,
            repairs: true,
            verbatim: false,
        }
    }
}

impl Options {
    /// With `max_tier` as the last tier tried.
    pub fn with_max_tier(mut self, max_tier: Tier) -> Options {
        self.max_tier = max_tier;
        self
    }

    /// With `require_clean_parse` set.
    pub fn with_require_clean_parse(mut self, require: bool) -> Options {
        self.require_clean_parse = require;
        self
    }

    /// With `line_hint` set.
    pub fn with_line_hint(mut self, line: Option<usize>) -> Options {
        self.line_hint = line;
        self
    }

    /// With the repairs tried after a miss (`true`, the default) or not.
    pub fn with_repairs(mut self, repairs: bool) -> Options {
        self.repairs = repairs;
        self
    }

    /// With `new` written as it spells it (`true`) or in the file's conventions.
    pub fn with_verbatim(mut self, verbatim: bool) -> Options {
        self.verbatim = verbatim;
        self
    }
}
