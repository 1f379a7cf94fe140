//! The arguments of every command, as clap types, and the value parsers they need.

use clap::builder::PossibleValue;
use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use editloc::FileOptions;
use editloc::Language;
use editloc::{Options, Tier};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "editloc",
    version,
    about = "Make AI code edits land: locate `old` in a file and replace it by `new`, keeping the file's formatting"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// One variant per command; each has its module in `cli/` (a new command, such as `mcp`,
/// adds a variant here, a module there and a line in `cli::dispatch`).
#[derive(Subcommand)]
pub enum Command {
    /// Locate OLD in FILE and report where (or why not); writes nothing.
    Check(CheckArgs),
    /// Replace OLD by NEW in FILE, or apply a patch (SEARCH/REPLACE blocks, a `*** Begin
    /// Patch` envelope or a JSON edit list): to FILE when given (sections naming no file or
    /// naming FILE; others are ignored and listed), otherwise to every file the patch names,
    /// relative to the current directory. All or nothing unless --partial.
    Apply(ApplyArgs),
    /// Run every case of a corpus folder and print the table; exit 1 if any case misses.
    Corpus(CorpusArgs),
    /// Serve the MCP tools (edit, multi_edit, apply_patch, check, read) over stdio.
    #[cfg(feature = "mcp")]
    Mcp(McpArgs),
}

#[cfg(feature = "mcp")]
#[derive(Args)]
pub struct McpArgs {
    /// A folder the server may edit (repeatable; default: the current folder).
    #[arg(long = "root", value_name = "DIR")]
    pub roots: Vec<PathBuf>,
}

#[derive(Args)]
#[command(group(ArgGroup::new("old_src").required(true).args(["old", "old_text"])))]
pub struct CheckArgs {
    pub file: PathBuf,
    /// File holding the text to find, or `-` for standard input.
    #[arg(long)]
    pub old: Option<PathBuf>,
    /// The text to find, inline.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub old_text: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
#[command(group(ArgGroup::new("input").required(true).args(["old", "old_text", "patch", "edit_json"])))]
#[command(group(ArgGroup::new("old_src").args(["old", "old_text"])))]
#[command(group(ArgGroup::new("new_src").args(["new", "new_text"])))]
#[command(group(ArgGroup::new("edits").args(["patch", "edit_json"])))]
pub struct ApplyArgs {
    /// The file to edit (required with --old/--new and --expect-sha256; with --edit-json it
    /// may come from the object's `file_path`).
    #[arg(required_unless_present_any = ["patch", "edit_json"])]
    pub file: Option<PathBuf>,
    /// File holding the text to replace, or `-` for standard input.
    #[arg(long, requires = "new_src")]
    pub old: Option<PathBuf>,
    /// The text to replace, inline (an empty text on a missing or empty FILE creates it).
    #[arg(
        long,
        value_name = "TEXT",
        allow_hyphen_values = true,
        requires = "new_src"
    )]
    pub old_text: Option<String>,
    /// File holding the replacement, or `-` for standard input.
    #[arg(long, requires = "old_src")]
    pub new: Option<PathBuf>,
    /// The replacement, inline.
    #[arg(
        long,
        value_name = "TEXT",
        allow_hyphen_values = true,
        requires = "old_src"
    )]
    pub new_text: Option<String>,
    /// One edit as a JSON object (`{"old_string": …, "new_string": …, "replace_all": …}`,
    /// optionally `file_path` and `expected_sha256`), or several edits of one file (the
    /// MultiEdit shape: a list of such edits, or `{"file_path": …, "edits": […],
    /// "sequential": …}`; applied all or nothing as the MCP tool `multi_edit` applies them,
    /// and answered as --patch is); `-` reads it from standard input.
    #[arg(long, value_name = "JSON")]
    pub edit_json: Option<String>,
    /// Replace every place the first tier that finds any finds, instead of requiring one.
    #[arg(long, conflicts_with = "patch")]
    pub replace_all: bool,
    /// File holding a patch, or `-` for standard input.
    #[arg(long)]
    pub patch: Option<PathBuf>,
    /// Apply the edits and files that succeed, report the others (exit 1 if any failed).
    #[arg(long, requires = "patch")]
    pub partial: bool,
    /// Locate each edit of a file in the result of the edits before it (Claude Code's
    /// MultiEdit), instead of every edit in the original content.
    #[arg(long, requires = "edits")]
    pub sequential: bool,
    /// SHA-256 of the content the model saw (64 hex digits); a different current hash is
    /// reported as `stale_view` (the edit is still located in the current content).
    #[arg(long, value_name = "HASH", value_parser = parse_sha256)]
    pub expect_sha256: Option<String>,
    /// With --expect-sha256: refuse a stale view (exit 1) instead of only reporting it.
    #[arg(long)]
    pub refuse_stale: bool,
    /// Compute and print the result, write nothing (status `would_apply`).
    #[arg(long)]
    pub dry_run: bool,
    /// With --json: include the whole new content (`content`); without it the JSON carries
    /// the bounded diff only.
    #[arg(long)]
    pub content: bool,
    /// Seconds to wait for another editloc writer to release the file (then `locked`, exit
    /// 3): 0 to 86400.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, default_value = "10")]
    pub lock_timeout: Duration,
    #[command(flatten)]
    pub writing: Writing,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct CorpusArgs {
    pub dir: PathBuf,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Record this run as the folder's `expected-summary.toml`.
    #[arg(long)]
    pub write_summary: bool,
}

/// Options shared by `check` and `apply`.
#[derive(Args)]
pub struct Common {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// The last tier to try.
    #[arg(long, value_enum, default_value_t = TierArg::Structural)]
    pub max_tier: TierArg,
    /// Parse the file as this language instead of guessing from its extension.
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// A line near `old` (1-based): when `old` fits several places equally, choose the one
    /// strictly nearest to it, within 100 lines (otherwise still ambiguous).
    #[arg(long = "line", value_name = "N", value_parser = parse_line)]
    pub line_hint: Option<usize>,
    /// Do not try the repairs of garbled edits (line-number prefixes, HTML entities, double
    /// encoding, elision) when the tiers miss.
    #[arg(long)]
    pub no_repairs: bool,
    /// Refuse files larger than this, before reading them (bytes, or with K, M or G).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "256M")]
    pub max_size: u64,
}

/// Options that only matter for writing (`apply`).
#[derive(Args)]
pub struct Writing {
    /// Refuse an edit whose result parses with more syntax errors than the original.
    #[arg(long)]
    pub require_clean_parse: bool,
    /// Write what the structural tier takes from NEW as NEW spells it, instead of in the
    /// file's conventions (quotes, statement semicolons, trailing commas).
    #[arg(long)]
    pub verbatim: bool,
}

impl ApplyArgs {
    /// The locating options with the writing ones.
    pub fn options(&self) -> Options {
        self.common
            .options()
            .with_require_clean_parse(self.writing.require_clean_parse)
            .with_verbatim(self.writing.verbatim)
    }
}

impl Common {
    /// The locating options.
    pub fn options(&self) -> Options {
        Options::default()
            .with_max_tier(self.max_tier.into())
            .with_line_hint(self.line_hint)
            .with_repairs(!self.no_repairs)
    }

    pub fn language(&self) -> Option<Language> {
        self.lang.map(|l| l.0)
    }

    /// Reading (and, for `apply`, locking) options.
    pub fn file_options(&self) -> FileOptions {
        let mut options = FileOptions::default();
        options.max_size = self.max_size;
        options.language = self.language();
        options
    }
}

/// `--max-tier`.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TierArg {
    Exact,
    Normalized,
    Structural,
}

impl From<TierArg> for Tier {
    fn from(t: TierArg) -> Tier {
        match t {
            TierArg::Exact => Tier::Exact,
            TierArg::Normalized => Tier::Normalized,
            TierArg::Structural => Tier::Structural,
        }
    }
}

/// `--lang`: the values are the library's language registry ([`editloc::LANGUAGES`]), so a language
/// added there is accepted here.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct LangArg(pub Language);

impl ValueEnum for LangArg {
    fn value_variants<'a>() -> &'a [Self] {
        static ALL: OnceLock<Vec<LangArg>> = OnceLock::new();
        ALL.get_or_init(|| editloc::LANGUAGES.iter().map(|&l| LangArg(l)).collect())
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// 64 hex digits.
fn parse_sha256(s: &str) -> Result<String, String> {
    let s = s.trim();
    if editloc::is_sha256_hex(s) {
        Ok(s.to_ascii_lowercase())
    } else {
        Err(format!(
            "`{s}` is not a SHA-256: expected 64 hex digits, got {} characters",
            s.chars().count()
        ))
    }
}

/// The longest `--lock-timeout`: a day.
const MAX_LOCK_SECONDS: f64 = 86_400.0;

/// Seconds, possibly fractional (`0.5`), from 0 to [`MAX_LOCK_SECONDS`].
fn parse_seconds(s: &str) -> Result<Duration, String> {
    let seconds = s
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{s}` is not a number of seconds"))?;
    if !(0.0..=MAX_LOCK_SECONDS).contains(&seconds) {
        return Err(format!(
            "`{s}` seconds is out of range: 0 to {MAX_LOCK_SECONDS} (a day)"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("`{s}`: {e}"))
}

/// A line number, 1-based.
fn parse_line(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("lines are numbered from 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{s}` is not a line number")),
    }
}

/// Bytes, with an optional K, M or G suffix (powers of 1024).
fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, 'k' | 'K')) => (&t[..i], 10),
        Some((i, 'm' | 'M')) => (&t[..i], 20),
        Some((i, 'g' | 'G')) => (&t[..i], 30),
        _ => (t, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("`{s}` is not a size (bytes, or a number with K, M or G)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use editloc::{LOCK_TIMEOUT, MAX_SIZE};

    #[test]
    fn the_defaults_are_the_library_s() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
        assert_eq!(parse_size("256M"), Ok(MAX_SIZE));
        assert_eq!(parse_seconds("10"), Ok(LOCK_TIMEOUT));
        assert_eq!(parse_size("64k"), Ok(65536));
        assert!(parse_size("1.5G").is_err());
        assert!(parse_size("17179869184G").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        for bad in ["1e20", "-1", "NaN", "inf", "86400.5", "ten"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert!(parse_line("0").is_err() && parse_line("-3").is_err());
        assert!(parse_sha256("nothex").is_err());
        assert_eq!(parse_sha256(&"A".repeat(64)), Ok("a".repeat(64)));
    }
}
