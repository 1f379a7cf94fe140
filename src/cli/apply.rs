//! `editloc apply FILE`: one edit — `--old`/`--new` (files or `-`), `--old-text`/`--new-text`
//! (inline), or `--edit-json` — located and written under the file's lock by
//! [`editloc::edit_file`]. `--patch`, and a list of edits in `--edit-json`, go to
//! [`super::patch`].

use super::args::ApplyArgs;
use super::input::{EditJson, EditList, EditObject, Source, one_stdin};
use super::output::{Edited, Message, Problem, emit};
use editloc::Edit;
use editloc::EditError;
use editloc::MAX_LISTED;
use editloc::{Applied, BatchApplied, Code, Document, Mode, Options, Refusal, apply_edits};
use editloc::{EditFailure, FileError, FileOptions, NewContent};
use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

/// Runs `apply` and returns its exit status.
pub fn run(args: ApplyArgs) -> u8 {
    let json = args.common.json;
    if let Some(patch) = args.patch.clone() {
        return super::patch::run(args, &patch);
    }
    let edit_json = match args.edit_json.as_deref().map(|t| read_edit_json(t, &args)) {
        Some(Ok(EditJson::Many(list))) => return edit_list(args, list),
        Some(Ok(EditJson::One(object))) => Some(object),
        Some(Err(problem)) => return emit(&Message::from(problem), json),
        None => None,
    };
    match Request::from_args(args, edit_json) {
        Ok(request) => request.run(json),
        Err(problem) => emit(&Message::from(problem), json),
    }
}

/// `--edit-json`'s text (inline, or `-` for standard input), parsed.
fn read_edit_json(text: &str, args: &ApplyArgs) -> Result<EditJson, Problem> {
    let source = if text == "-" {
        Source::Stdin
    } else {
        Source::Inline(text.to_string())
    };
    EditJson::parse(&source.read("edit-json", args.common.max_size)?)
}

/// Several edits of one file from `--edit-json`: applied as the MCP tool `multi_edit`
/// applies them (all or nothing, located in the file as it is unless sequential), through
/// the patch machinery, and answered as a patch is.
fn edit_list(mut args: ApplyArgs, list: EditList) -> u8 {
    let json = args.common.json;
    let bad = |m: String| emit(&Message::problem(Code::BadArguments, m), json);
    if args.replace_all {
        return bad(
            "--replace-all applies to one edit; give each edit of the list its own `replace_all`"
                .into(),
        );
    }
    let file = match (args.file.clone(), list.file_path.clone()) {
        (Some(f), Some(p)) if f != p => {
            return bad(format!(
                "FILE {} and the edits' file_path {} differ",
                f.display(),
                p.display()
            ));
        }
        (Some(f), _) | (None, Some(f)) => f,
        (None, None) => return bad("give FILE or the edits' file_path".into()),
    };
    args.sequential |= list.sequential;
    if args.expect_sha256.is_none() {
        args.expect_sha256 = list
            .expected_sha256
            .as_ref()
            .map(|h| h.trim().to_ascii_lowercase());
    }
    args.file = Some(file);
    super::patch::apply(&args, list.patch())
}

/// One edit of one file, as the arguments ask for it.
struct Request {
    file: PathBuf,
    old: String,
    new: String,
    replace_all: bool,
    expect_sha256: Option<String>,
    refuse_stale: bool,
    dry_run: bool,
    content: bool,
    explain: bool,
    options: Options,
    files: FileOptions,
}

impl Request {
    /// The request the arguments make (with `--edit-json`'s one edit, when given), or what
    /// is wrong with them.
    fn from_args(args: ApplyArgs, edit_json: Option<EditObject>) -> Result<Request, Problem> {
        let bad = |m: &str| Problem::new(Code::BadArguments, m);
        let options = args.options();
        let limit = args.common.max_size;
        let (file, old, new, replace_all, expect_sha256) = match edit_json {
            Some(object) => {
                from_edit_json(object, args.file, args.expect_sha256, args.replace_all)?
            }
            None => {
                let old = Source::of(args.old, args.old_text).ok_or_else(|| bad("no --old"))?;
                let new = Source::of(args.new, args.new_text).ok_or_else(|| bad("no --new"))?;
                one_stdin(&[&old, &new])?;
                let file = args.file.ok_or_else(|| bad("no FILE"))?;
                let (old, new) = (old.read("old", limit)?, new.read("new", limit)?);
                (file, old, new, args.replace_all, args.expect_sha256)
            }
        };
        if args.refuse_stale && expect_sha256.is_none() {
            return Err(bad(
                "--refuse-stale needs --expect-sha256 (or expected_sha256)",
            ));
        }
        let mut files = args.common.file_options();
        files.lock_timeout = args.lock_timeout;
        files.create_missing = old.is_empty();
        Ok(Request {
            file,
            old,
            new,
            replace_all,
            expect_sha256: expect_sha256.map(|h| h.trim().to_ascii_lowercase()),
            refuse_stale: args.refuse_stale,
            dry_run: args.dry_run,
            content: args.content,
            explain: args.explain,
            options,
            files,
        })
    }

    /// Edits the file (or, in a dry run, only computes the edit) and prints the answer.
    fn run(self, json: bool) -> u8 {
        let stale = Cell::new(None);
        let elapsed = Cell::new(0.0);
        let compute = |doc: &Document| {
            let started = Instant::now();
            let result = self.compute(doc, &stale);
            elapsed.set(started.elapsed().as_secs_f64() * 1000.0);
            result
        };
        let result = if self.dry_run {
            self.read_for_dry_run().and_then(|doc| compute(&doc))
        } else {
            editloc::edit_file(&self.file, &self.files, compute)
        };
        match &result {
            Ok(done) => emit(&self.answer(done, stale.get(), elapsed.get()), json),
            Err(e) => emit(&failure(e, stale.get()), json),
        }
    }

    /// The edit on `doc`; `stale` is set when the caller gave the hash it saw.
    fn compute(&self, doc: &Document, stale: &Cell<Option<bool>>) -> Result<Done, EditFailure> {
        let is_stale = self
            .expect_sha256
            .as_ref()
            .map(|h| editloc::is_stale(doc.content(), h));
        stale.set(is_stale);
        if is_stale == Some(true) && self.refuse_stale {
            return Err(EditFailure::Refused(Refusal::new(
                Code::StaleView,
                format!(
                    "stale view: the file's sha256 is {}, not the one the edit expects; re-read the file; nothing was written",
                    editloc::sha256_hex(doc.content().as_bytes())
                ),
            )));
        }
        if self.replace_all || self.old.is_empty() {
            let edit = Edit {
                replace_all: self.replace_all,
                ..Edit::new(self.old.as_str(), self.new.as_str())
            };
            let batch = apply_edits(doc, &[edit], &self.options, Mode::AllOrNothing)?;
            return Ok(Done::Batch(batch));
        }
        Ok(Done::One(doc.apply_with(
            &self.old,
            &self.new,
            &self.options,
        )?))
    }

    /// The file as a dry run sees it: read without a lock; a missing file is empty when
    /// `old` is (the edit would create it).
    fn read_for_dry_run(&self) -> Result<Document, EditFailure> {
        match editloc::read_document_with(&self.file, &self.files) {
            Err(FileError::Missing { .. }) if self.old.is_empty() => {
                let doc = Document::new("").with_name(self.file.display().to_string());
                Ok(match self.files.language {
                    Some(l) => doc.with_language(l),
                    None => doc,
                })
            }
            other => Ok(other?),
        }
    }

    /// The answer for an edit that landed (or, in a dry run, would land).
    fn answer<'a>(&self, done: &'a Done, stale: Option<bool>, elapsed_ms: f64) -> Message<'a> {
        let edited = match done {
            Done::One(a) => Edited {
                range: Some(a.range.clone()),
                lines: Some(a.lines),
                places: Vec::new(),
                more_places: 0,
                fallback: a.fallback,
                repairs: &a.provenance.repairs,
                hint_decided: a.provenance.hint_decided,
                notes: &a.provenance.notes,
                rules: &a.provenance.rules,
                adapted: &a.adapted,
                ..self.edited(
                    &a.content,
                    &a.diff,
                    &a.warnings,
                    a.provenance.tier,
                    elapsed_ms,
                )
            },
            Done::Batch(b) => self.batch_edited(b, elapsed_ms),
        };
        let edited = Edited {
            stale_view: stale == Some(true),
            ..edited
        };
        if self.dry_run {
            Message::WouldApply(edited)
        } else {
            Message::Applied(edited)
        }
    }

    /// The answer's fields for a batch of one edit (`--replace-all`, or creating a file): every
    /// place it replaced, or its one place.
    fn batch_edited<'a>(&self, b: &'a BatchApplied, elapsed_ms: f64) -> Edited<'a> {
        let located = b.edits[0].result.as_ref().expect("an applied batch");
        let single = !self.replace_all && located.lines.len() == 1;
        Edited {
            lines: single.then(|| located.lines[0]),
            places: if single {
                Vec::new()
            } else {
                located.lines.iter().take(MAX_LISTED).copied().collect()
            },
            more_places: located.lines.len().saturating_sub(MAX_LISTED),
            repairs: &located.provenance.repairs,
            hint_decided: located.provenance.hint_decided,
            notes: &located.provenance.notes,
            rules: &located.provenance.rules,
            adapted: &located.adapted,
            ..self.edited(
                &b.content,
                &b.diff,
                &b.warnings,
                located.provenance.tier,
                elapsed_ms,
            )
        }
    }

    /// The fields every answer shares (the others empty, for the caller to fill).
    fn edited<'a>(
        &self,
        content: &'a str,
        diff: &'a str,
        warnings: &'a [String],
        tier: editloc::Tier,
        elapsed_ms: f64,
    ) -> Edited<'a> {
        Edited {
            dry_run: self.dry_run,
            stale_view: false,
            tier,
            range: None,
            lines: None,
            places: Vec::new(),
            more_places: 0,
            content: self.content.then_some(content),
            diff,
            fallback: false,
            warnings,
            repairs: &[],
            hint_decided: false,
            notes: &[],
            rules: &[],
            explain: self.explain,
            adapted: &[],
            elapsed_ms: (elapsed_ms * 1000.0).round() / 1000.0,
        }
    }
}

/// What the arguments ask to edit: the file, `old`, `new`, `replace_all`, and the hash of
/// the content the caller saw.
type Wanted = (PathBuf, String, String, bool, Option<String>);

/// The one edit of `--edit-json`: its file must agree with FILE when both are given;
/// `--expect-sha256` wins over the object's `expected_sha256`, and either `replace_all`
/// counts.
fn from_edit_json(
    object: EditObject,
    file: Option<PathBuf>,
    expect_sha256: Option<String>,
    replace_all: bool,
) -> Result<Wanted, Problem> {
    let bad = |m: &str| Problem::new(Code::BadArguments, m);
    let file = match (file, object.file_path) {
        (Some(f), Some(p)) if f != p => {
            return Err(bad(&format!(
                "FILE {} and the edit's file_path {} differ",
                f.display(),
                p.display()
            )));
        }
        (Some(f), _) | (None, Some(f)) => f,
        (None, None) => return Err(bad("give FILE or the edit's file_path")),
    };
    let expect = expect_sha256.or(object.expected_sha256);
    let all = object.replace_all || replace_all;
    Ok((file, object.old_string, object.new_string, all, expect))
}

/// What an edit produced: one place, or a batch (`--replace-all`, creating a file).
enum Done {
    One(Applied),
    Batch(BatchApplied),
}

impl NewContent for Done {
    fn new_content(&self) -> Option<&str> {
        match self {
            Done::One(a) => a.new_content(),
            Done::Batch(b) => b.new_content(),
        }
    }
}

/// The answer for a failed edit.
fn failure(e: &EditFailure, stale: Option<bool>) -> Message<'_> {
    let mut answer = match e {
        EditFailure::Locate(le) => Message::failure(le, stale),
        EditFailure::Batch(b) => match b.edits.iter().find_map(|e| e.result.as_ref().err()) {
            Some(EditError::Locate(le)) => Message::failure(le, stale),
            Some(other) => Message::problem(other.code(), other.to_string()),
            None => Message::problem(b.code(), b.to_string()),
        },
        EditFailure::File(FileError::Io { .. }) => {
            Message::problem(e.code(), format!("{e}; nothing was written"))
        }
        other => Message::problem(other.code(), other.to_string()),
    };
    if let Message::Refused(f) = &mut answer {
        f.stale_view = f.stale_view.or(stale);
    }
    answer
}
