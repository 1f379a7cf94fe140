//! The arguments of every command, as clap types, and the value parsers they need.

use clap::builder::PossibleValue;
use clap::{ArgGroup, Args, Parser, Subcommand, ValueEnum};
use editloc::FileOptions;
use editloc::Language;
use editloc::{Options, Tier};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// `editloc --help`'s closing part: the exit statuses and examples.
const AFTER_HELP: &str = "\
Exit status:
  0  applied, found or would apply
  1  refused: the edit is wrong for the file (not_found, ambiguous, already_applied, ...)
  2  bad input or I/O (bad_arguments, not_a_file, too_large, io, ...)
  3  retryable: the file changed or is locked; re-read it and retry

Examples:
  editloc check src/app.py --old-text 'def load(path):'
  editloc apply src/app.py --old-text 'return 1' --new-text 'return 2'
  editloc apply src/app.py --old old.txt --new new.txt --dry-run --json
  git diff | editloc apply --patch -
  editloc apply --edit-json '{\"file_path\": \"a.py\", \"old_string\": \"x = 1\", \"new_string\": \"x = 2\"}'
  editloc mcp config claude-code --root ~/project
  editloc completions bash > ~/.local/share/bash-completion/completions/editloc";

/// `editloc apply --help`'s closing part: the patch formats and examples.
const APPLY_AFTER_HELP: &str = "\
Patch formats (--patch; the format is recognized from the text):
  SEARCH/REPLACE blocks   Aider (<<<<<<< SEARCH / ======= / >>>>>>> REPLACE) and
                          Cline (------- SEARCH / ======= / +++++++ REPLACE)
  *** Begin Patch         Codex apply_patch envelopes (*** Update/Add/Delete File)
  unified diff            diff -u and git diff (--- a/x, +++ b/x, @@ hunks; the line
                          numbers are hints only)
  JSON edits              MultiEdit lists ([{\"old_string\", \"new_string\", \"replace_all\"}]),
                          {\"file_path\", \"edits\": [...]} and Edit objects
  str_replace commands    str_replace_based_edit_tool objects ({\"command\": \"str_replace\"
                          | \"insert\" | \"create\" | \"view\", ...}), one or a list

Examples:
  editloc apply src/app.py --old-text 'return 1' --new-text 'return 2'
  editloc apply src/app.py --patch blocks.txt --dry-run
  git diff | editloc apply --patch - --partial
  editloc apply --edit-json - < multi_edit.json";

#[derive(Parser)]
#[command(
    name = "editloc",
    version,
    about = "Make AI code edits land: locate `old` in a file and replace it by `new`, keeping the file's formatting",
    after_help = AFTER_HELP
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
    /// Patch` envelope, a unified diff, a JSON edit list or `str_replace` commands): to FILE when given (sections naming no file or
    /// naming FILE; others are ignored and listed), otherwise to every file the patch names,
    /// relative to the current directory. All or nothing unless --partial.
    #[command(after_help = APPLY_AFTER_HELP)]
    Apply(ApplyArgs),
    /// Run every case of a corpus folder and print the table; exit 1 if any case misses.
    Corpus(CorpusArgs),
    /// Serve the MCP tools (edit, multi_edit, apply_patch, check, read) over stdio, or print
    /// a client's configuration snippet (`editloc mcp config CLIENT`).
    #[cfg(feature = "mcp")]
    Mcp(McpArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell).
    Completions(CompletionsArgs),
    /// Print a man page (roff): `editloc man > editloc.1`, `editloc man apply >
    /// editloc-apply.1`.
    Man(ManArgs),
}

#[derive(Args)]
pub struct ManArgs {
    /// The command whose page to print (the page editloc-COMMAND(1)); none: editloc(1).
    pub command: Option<String>,
}

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[cfg(feature = "mcp")]
#[derive(Args)]
pub struct McpArgs {
    /// A folder the server may edit (repeatable; default: the current folder, i.e. the one
    /// the client starts the server in).
    #[arg(long = "root", value_name = "DIR", global = true)]
    pub roots: Vec<PathBuf>,
    #[command(subcommand)]
    pub action: Option<McpAction>,
}

/// What `editloc mcp` does besides serving.
#[cfg(feature = "mcp")]
#[derive(Subcommand)]
pub enum McpAction {
    /// Print the snippet that registers this editloc (its absolute path, the --root folders
    /// given) with an MCP client, in the client's format; where it goes is printed on
    /// standard error.
    Config(McpConfigArgs),
}

#[cfg(feature = "mcp")]
#[derive(Args)]
pub struct McpConfigArgs {
    /// The client.
    #[arg(value_enum)]
    pub client: ClientArg,
}

/// `editloc mcp config CLIENT`: the values are the library's client list.
#[cfg(feature = "mcp")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ClientArg(pub editloc::mcp::clients::Client);

#[cfg(feature = "mcp")]
impl ValueEnum for ClientArg {
    fn value_variants<'a>() -> &'a [Self] {
        use editloc::mcp::clients::Client;
        const ALL: [ClientArg; 7] = {
            let c = Client::ALL;
            [
                ClientArg(c[0]),
                ClientArg(c[1]),
                ClientArg(c[2]),
                ClientArg(c[3]),
                ClientArg(c[4]),
                ClientArg(c[5]),
                ClientArg(c[6]),
            ]
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
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
    /// Without --json: also list the writer rules that wrote the edit, each with its family
    /// and what it does (`rules` in JSON always).
    #[arg(long)]
    pub explain: bool,
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
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CorpusArgs {
    /// Mine cases from history, or judge formatter cases (instead of running a folder).
    #[command(subcommand)]
    pub action: Option<CorpusAction>,
    /// The corpus folder to run.
    #[arg(required = true)]
    pub dir: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Record this run as the folder's `expected-summary.toml`.
    #[arg(long)]
    pub write_summary: bool,
}

/// `editloc corpus mine` and `editloc corpus judge`.
#[derive(Subcommand)]
pub enum CorpusAction {
    /// Write corpus cases from real edits: the hunks of a git range's commits, or between two
    /// trees (two unpacked releases), sent as a model sends them against a drifted file.
    Mine(Box<MineArgs>),
    /// Run editloc over the formatter-judged cases under DIR and judge every output not yet
    /// judged with the real formatter (recorded in each case's verdicts.toml).
    Judge(JudgeArgs),
}

#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["git", "from"])))]
pub struct MineArgs {
    /// A git repository to mine (read only, with the `git` command).
    #[arg(long, value_name = "REPO", requires = "range")]
    pub git: Option<PathBuf>,
    /// The commits to mine, `A..B` (e.g. HEAD~50..HEAD).
    #[arg(long, value_name = "A..B")]
    pub range: Option<String>,
    /// The earlier tree of a pair (e.g. an unpacked release).
    #[arg(long, value_name = "DIR", requires = "to")]
    pub from: Option<PathBuf>,
    /// The later tree of the pair.
    #[arg(long, value_name = "DIR")]
    pub to: Option<PathBuf>,
    /// Where the case folders go (`OUT/LABEL/<lang>/<drift>/<case>`).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The first folder under OUT (default: the repository's or the later tree's name).
    #[arg(long)]
    pub label: Option<String>,
    /// The drifts of the file, cycled over the hunks: exact, crlf, tabs, trailing-ws,
    /// dedent, stale (comma-separated; default all).
    #[arg(long, value_delimiter = ',', value_parser = parse_drift)]
    pub drift: Vec<editloc::corpus::mine::Drift>,
    /// A formatter command (stdin to stdout; `{file}` stands for file.<ext>): also send
    /// edits against the formatted file, expecting the formatted edited file.
    #[arg(long, value_name = "CMD")]
    pub formatter: Option<String>,
    /// Cases per hunk, each under another drift.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub cases_per_hunk: usize,
    /// The seed of every choice (context lines, shapes, drifts).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop when OUT/LABEL holds this many cases.
    #[arg(long, value_name = "N")]
    pub max_cases: Option<usize>,
    /// Skip files larger than this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 65_536)]
    pub max_file_bytes: usize,
    /// Skip hunks changing more lines than this.
    #[arg(long, value_name = "LINES", default_value_t = 40)]
    pub max_hunk_lines: usize,
    /// Only files of these languages (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub lang: Vec<LangArg>,
    /// Skip files whose path contains this text (repeatable).
    #[arg(long, value_name = "TEXT")]
    pub exclude: Vec<String>,
}

#[derive(Args)]
pub struct JudgeArgs {
    /// The corpus folder.
    pub dir: PathBuf,
    /// The formatter command (default: each case's own).
    #[arg(long, value_name = "CMD")]
    pub formatter: Option<String>,
}

/// A `--drift` name.
fn parse_drift(name: &str) -> Result<editloc::corpus::mine::Drift, String> {
    editloc::corpus::mine::Drift::from_name(name).ok_or_else(|| {
        format!("unknown drift `{name}` (exact, crlf, tabs, trailing-ws, dedent, stale)")
    })
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
