//! The native Node module of editloc (napi-rs).
//!
//! Results are the library's serde values (see `editloc-bind`) with keys in camelCase and
//! `range` counted in UTF-16 code units (JavaScript string indices). Failures are thrown (or
//! rejected) as `Error`s with `code` (the stable snake_case outcome code), `name` (the class:
//! `NotFound`, `Ambiguous`, `AlreadyApplied`, `Refused`, `Retryable`, `InputError`,
//! `FileError`) and `report`. Every call has a synchronous form and a Promise form (`…Async`)
//! that runs on the libuv thread pool.

use editloc_bind::{Failure, PatchRequest, Settings, Units};
use napi::bindgen_prelude::*;
use napi::{Env, JsValue, ScopedTask, Status};
use napi_derive::napi;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;

/// How far the ladder may go and how strict writing is.
#[napi(object)]
#[derive(Default)]
pub struct EditOptions {
    /// The last tier tried (strict mode: `"exact"`).
    #[napi(ts_type = "Tier")]
    pub max_tier: Option<String>,
    /// A 1-based line near `old`: breaks a tie between equal places within ±100 lines.
    pub line_hint: Option<u32>,
    /// Refuse an edit whose result parses worse than the original.
    pub require_clean_parse: Option<bool>,
    /// Try the repairs of garbled edits (line numbers, entities, ...) when the tiers miss
    /// (default true).
    pub repairs: Option<bool>,
}

impl EditOptions {
    fn settings(&self) -> Settings {
        Settings {
            max_tier: self.max_tier.clone(),
            require_clean_parse: self.require_clean_parse.unwrap_or(false),
            line_hint: self.line_hint.map(|l| l as usize),
            repairs: self.repairs,
        }
    }
}

/// How a `Document` is made.
#[napi(object)]
pub struct DocumentOptions {
    /// The grammar of the structural tier; without it, `name`'s extension decides.
    #[napi(ts_type = "Language")]
    pub language: Option<String>,
    /// The name used in diffs and reports (its extension also picks the language).
    pub name: Option<String>,
}

/// Options of `applyFile`: those of an edit, plus the language and a dry run.
#[napi(object)]
#[derive(Default)]
pub struct FileOptions {
    #[napi(ts_type = "Language")]
    pub language: Option<String>,
    /// Compute the result, write nothing.
    pub dry_run: Option<bool>,
    #[napi(ts_type = "Tier")]
    pub max_tier: Option<String>,
    pub line_hint: Option<u32>,
    pub require_clean_parse: Option<bool>,
    pub repairs: Option<bool>,
}

/// Options of `applyPatch`.
#[napi(object)]
#[derive(Default)]
pub struct PatchOptions {
    /// The folder the patch's paths are relative to and must stay inside (default `.`).
    pub root: Option<String>,
    /// The file for sections that name none.
    pub file: Option<String>,
    /// Apply what locates and report the rest, instead of all or nothing.
    pub partial: Option<bool>,
    pub dry_run: Option<bool>,
    #[napi(ts_type = "Language")]
    pub language: Option<String>,
    #[napi(ts_type = "Tier")]
    pub max_tier: Option<String>,
    pub line_hint: Option<u32>,
    pub require_clean_parse: Option<bool>,
    pub repairs: Option<bool>,
}

fn file_settings(o: &FileOptions) -> Settings {
    EditOptions {
        max_tier: o.max_tier.clone(),
        line_hint: o.line_hint,
        require_clean_parse: o.require_clean_parse,
        repairs: o.repairs,
    }
    .settings()
}

fn patch_settings(o: &PatchOptions) -> Settings {
    EditOptions {
        max_tier: o.max_tier.clone(),
        line_hint: o.line_hint,
        require_clean_parse: o.require_clean_parse,
        repairs: o.repairs,
    }
    .settings()
}

/// A file's content, ready to be searched and edited. Parsed once, on first need; every
/// later call reuses the parse.
#[napi]
pub struct Document {
    inner: Arc<editloc::Document>,
}

#[napi]
impl Document {
    #[napi(constructor)]
    pub fn new(env: Env, text: String, options: Option<DocumentOptions>) -> Result<Self> {
        let (language, name) = options.map_or((None, None), |o| (o.language, o.name));
        let inner = editloc_bind::document(text, language.as_deref(), name.as_deref())
            .map_err(|f| js_error(&env, f))?;
        Ok(Document {
            inner: Arc::new(inner),
        })
    }

    /// Finds the one place `old` denotes; throws `NotFound`, `Ambiguous` or `InputError`.
    #[napi(ts_return_type = "Match")]
    pub fn locate(&self, env: Env, old: String, options: Option<EditOptions>) -> Result<Value> {
        settle(&env, Job::locate(&self.inner, old, options).run())
    }

    /// `locate` on the libuv thread pool.
    #[napi(ts_return_type = "Promise<Match>")]
    pub fn locate_async(&self, old: String, options: Option<EditOptions>) -> AsyncTask<Work> {
        AsyncTask::new(Work(Job::locate(&self.inner, old, options)))
    }

    /// Replaces `old` by `new` keeping the file's formatting: the whole new content, the
    /// range replaced, a diff and the text edits (nothing is written).
    #[napi(ts_return_type = "Applied")]
    pub fn apply(
        &self,
        env: Env,
        old: String,
        new: String,
        options: Option<EditOptions>,
    ) -> Result<Value> {
        settle(&env, Job::apply(&self.inner, old, new, options).run())
    }

    /// `apply` on the libuv thread pool.
    #[napi(ts_return_type = "Promise<Applied>")]
    pub fn apply_async(
        &self,
        old: String,
        new: String,
        options: Option<EditOptions>,
    ) -> AsyncTask<Work> {
        AsyncTask::new(Work(Job::apply(&self.inner, old, new, options)))
    }

    /// The original content.
    #[napi(getter)]
    pub fn content(&self) -> String {
        self.inner.content().to_string()
    }

    /// The name used in diffs and reports (`"file"` by default).
    #[napi(getter)]
    pub fn name(&self) -> String {
        self.inner.name().to_string()
    }

    /// The language the structural tier parses the document as.
    #[napi(getter, ts_return_type = "Language | null")]
    pub fn language(&self) -> Option<&'static str> {
        self.inner.language().map(|l| l.name())
    }
}

/// Edits the file at `path` (`old` → `new`), written atomically and only if it still holds
/// what was read. The result also has `path` and `written`.
#[napi(ts_return_type = "Applied")]
pub fn apply_file(
    env: Env,
    path: String,
    old: String,
    new: String,
    options: Option<FileOptions>,
) -> Result<Value> {
    settle(&env, Job::file(path, old, new, options).run())
}

/// `applyFile` on the libuv thread pool.
#[napi(ts_return_type = "Promise<Applied>")]
pub fn apply_file_async(
    path: String,
    old: String,
    new: String,
    options: Option<FileOptions>,
) -> AsyncTask<Work> {
    AsyncTask::new(Work(Job::file(path, old, new, options)))
}

/// Applies SEARCH/REPLACE blocks, a `*** Begin Patch` envelope or a JSON edit list to the
/// files it names under `options.root`: all or nothing unless `partial`. A refused patch
/// throws the class and code of its first failed edit, with the whole outcome as `report`.
#[napi(ts_return_type = "PatchResult")]
pub fn apply_patch(env: Env, text: String, options: Option<PatchOptions>) -> Result<Value> {
    settle(&env, Job::Patch(text, options.unwrap_or_default()).run())
}

/// `applyPatch` on the libuv thread pool.
#[napi(ts_return_type = "Promise<PatchResult>")]
pub fn apply_patch_async(text: String, options: Option<PatchOptions>) -> AsyncTask<Work> {
    AsyncTask::new(Work(Job::Patch(text, options.unwrap_or_default())))
}

/// The languages whose grammar this build has.
#[napi(ts_return_type = "Language[]")]
pub fn built_languages() -> Vec<&'static str> {
    editloc::LANGUAGES
        .into_iter()
        .filter(|l| l.is_built())
        .map(|l| l.name())
        .collect()
}

/// One call, runnable here or on the thread pool.
pub enum Job {
    Locate(Arc<editloc::Document>, String, Settings),
    Apply(Arc<editloc::Document>, String, String, Settings),
    File(PathBuf, String, String, FileOptions),
    Patch(String, PatchOptions),
}

impl Job {
    fn locate(doc: &Arc<editloc::Document>, old: String, o: Option<EditOptions>) -> Job {
        Job::Locate(doc.clone(), old, o.unwrap_or_default().settings())
    }

    fn apply(
        doc: &Arc<editloc::Document>,
        old: String,
        new: String,
        o: Option<EditOptions>,
    ) -> Job {
        Job::Apply(doc.clone(), old, new, o.unwrap_or_default().settings())
    }

    fn file(path: String, old: String, new: String, o: Option<FileOptions>) -> Job {
        Job::File(PathBuf::from(path), old, new, o.unwrap_or_default())
    }

    /// The call's value (camelCase keys) or its failure.
    fn run(&self) -> std::result::Result<Value, Failure> {
        let value = match self {
            Job::Locate(doc, old, s) => editloc_bind::locate(doc, old, s, Units::Utf16),
            Job::Apply(doc, old, new, s) => editloc_bind::apply(doc, old, new, s, Units::Utf16),
            Job::File(path, old, new, o) => editloc_bind::apply_file(
                path,
                old,
                new,
                o.language.as_deref(),
                o.dry_run.unwrap_or(false),
                &file_settings(o),
                Units::Utf16,
            ),
            Job::Patch(text, o) => {
                let root = PathBuf::from(o.root.as_deref().unwrap_or("."));
                editloc_bind::apply_patch(&PatchRequest {
                    text,
                    root: &root,
                    file: o.file.as_deref().map(std::path::Path::new),
                    partial: o.partial.unwrap_or(false),
                    dry_run: o.dry_run.unwrap_or(false),
                    language: o.language.as_deref(),
                    settings: patch_settings(o),
                })
            }
        }?;
        Ok(editloc_bind::camel_case_keys(value))
    }
}

/// A job on the libuv thread pool: computed there, settled on the JS thread.
pub struct Work(Job);

impl<'task> ScopedTask<'task> for Work {
    type Output = std::result::Result<Value, Failure>;
    type JsValue = Unknown<'task>;

    fn compute(&mut self) -> Result<Self::Output> {
        Ok(self.0.run())
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> Result<Unknown<'task>> {
        let value = settle(env, output)?;
        env.to_js_value(&value)
    }
}

fn settle(env: &Env, result: std::result::Result<Value, Failure>) -> Result<Value> {
    result.map_err(|f| js_error(env, f))
}

/// The `Error` thrown for a failure: `message`, `code`, `name` (the class) and `report`.
fn js_error(env: &Env, failure: Failure) -> Error {
    let build = || -> Result<Error> {
        let mut error = env.create_error(Error::new(Status::GenericFailure, &failure.message))?;
        error.set_named_property("code", failure.code.as_str())?;
        error.set_named_property("name", failure.kind.name())?;
        let report = failure.report.map(editloc_bind::camel_case_keys);
        error.set_named_property("report", report.unwrap_or(Value::Null))?;
        Ok(Error::from(error.to_unknown()))
    };
    build().unwrap_or_else(|e| e)
}
