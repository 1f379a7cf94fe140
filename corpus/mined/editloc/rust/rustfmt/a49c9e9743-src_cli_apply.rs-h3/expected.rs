//! `editloc apply FILE`: one edit — `--old`/`--new` (files or `-`), `--old-text`/`--new-text`
//! (inline), or `--edit-json` — located and written under the file's lock by
//! [`editloc::fs::edit_file`]. `--patch` goes to [`super::patch`].

use super::args::ApplyArgs;
use super::input::{EditObject, Source, one_stdin};
use super::output::{Edited, Message, Problem, emit};
use editloc::batch::EditError;
use editloc::formats::Edit;
use editloc::fs::{self, EditFailure, FileError, FileOptions, NewContent};
use editloc::report::MAX_LISTED;
use editloc::{Applied, BatchApplied, Code, Document, Mode, Options, Refusal, apply_edits};
use std::cell::Cell;
use std::path::PathBuf;
use std::time::Instant;

/// Runs `apply` and returns its exit status.
pub fn run(args: ApplyArgs) -> u8 {
    let json = args.common.json;
    if let Some(patch) = args.patch.clone() {
        return super::patch::run(args, &patch);
    }
    match Request::from_args(args) {
        Ok(request) => request.run(json),
        Err(problem) => emit(&Message::from(problem), json),
    }
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
    options: Options,
    files: FileOptions,
}

impl Request {
    fn from_args(args: ApplyArgs) -> Result<Request, Problem> {
        let bad = |m: &str| Problem::new(Code::BadArguments, m);
        let (file, old, new, replace_all, expect_sha256) = match args.edit_json {
            Some(text) => {
                let source = if text == "-" {
                    Source::Stdin
                } else {
                    Source::Inline(text)
                };
                let object = EditObject::parse(&source.read("edit-json")?)?;
                let file = match (args.file, object.file_path) {
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
                let expect = args.expect_sha256.or(object.expected_sha256);
                let all = object.replace_all || args.replace_all;
                (file, object.old_string, object.new_string, all, expect)
            }
            None => {
                let old = Source::of(args.old, args.old_text).ok_or_else(|| bad("no --old"))?;
                let new = Source::of(args.new, args.new_text).ok_or_else(|| bad("no --new"))?;
                one_stdin(&[&old, &new])?;
                let file = args.file.ok_or_else(|| bad("no FILE"))?;
                let (old, new) = (old.read("old")?, new.read("new")?);
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
            options: args.common.options(),
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
            .map(|h| fs::is_stale(doc.content(), h));
        stale.set(is_stale);
        if is_stale == Some(true) && self.refuse_stale {
            return Err(EditFailure::Refused(Refusal::new(
                Code::StaleView,
                format!(
                    "stale view: the file's sha256 is {}, not the one the edit expects; re-read the file; nothing was written",
                    fs::sha256_hex(doc.content().as_bytes())
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
        match fs::read_document_with(&self.file, &self.files) {
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

    fn answer<'a>(&self, done: &'a Done, stale: Option<bool>, elapsed_ms: f64) -> Message<'a> {
        let edited = match done {
            Done::One(a) => Edited {
                range: Some(a.range.clone()),
                lines: Some(a.lines),
                places: Vec::new(),
                more_places: 0,
                fallback: a.fallback,
                repairs: &a.repairs,
                hint_decided: a.hint_decided,
                notes: &a.notes,
                adapted: &a.adapted,
                ..self.edited(&a.content, &a.diff, &a.warnings, a.tier, elapsed_ms)
            },
            Done::Batch(b) => {
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
                    repairs: &located.repairs,
                    hint_decided: located.hint_decided,
                    notes: &located.notes,
                    adapted: &located.adapted,
                    ..self.edited(&b.content, &b.diff, &b.warnings, located.tier, elapsed_ms)
                }
            }
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
            adapted: &[],
            elapsed_ms: (elapsed_ms * 1000.0).round() / 1000.0,
        }
    }
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
