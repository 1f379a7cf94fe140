//! The native Node module of editloc (napi-rs).
//!
//! Results are the library's serde values (see `editloc-bind`) with keys in camelCase and
//! `range` counted in UTF-16 code units (JavaScript string indices), frozen all the way down
//! (`Object.isFrozen` holds for every object and array in them) and plain data
//! (`JSON.stringify` takes them whole). Failures are thrown (or rejected) as `Error`s with
//! `code` (the stable snake_case outcome code), `name` (the class: `NotFound`, `Ambiguous`,
//! `AlreadyApplied`, `Refused`, `Retryable`, `InputError`, `FileError`) and `report`.
//! Arguments are checked before any work (module `options`): a wrong type, an options argument
//! that is not an object or an option that does not exist is `bad_arguments`. Every call
//! has a synchronous form and a Promise form (`…Async`) that runs on a thread of its own and
//! takes an `AbortSignal` (module `call`).

mod call;
mod job;
mod options;
mod text;

use call::{Frozen, freeze_like};
use editloc_bind::{Failure, FileRequest};
use job::{Job, PatchJob};
use napi::bindgen_prelude::*;
use napi::{Env, JsValue, Status};
use napi_derive::napi;
use options::{ASYNC, DOCUMENT, EDIT, FILE, Options, PATCH};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;

/// A file's content, ready to be searched and edited. Parsed once, on first need; every
/// later call reuses the parse.
#[napi]
pub struct Document {
    inner: Arc<editloc::Document>,
}

#[napi]
impl Document {
    /// `options`: `language` (the structural tier's grammar; without it, `name`'s extension
    /// decides) and `name` (used in diffs and reports).
    #[napi(constructor)]
    pub fn new(
        env: Env,
        #[napi(ts_arg_type = "string")] text: Unknown,
        #[napi(ts_arg_type = "{ language?: Language; name?: string }")] options: Option<Unknown>,
    ) -> Result<Self> {
        let build = || -> std::result::Result<editloc::Document, Failure> {
            let o = Options::read(options, &[DOCUMENT], "new Document()")?;
            let text = options::text(text, "text")?.into_string("text")?;
            let (language, name) = (o.string("language")?, o.string("name")?);
            editloc_bind::document(text, language.as_deref(), name.as_deref())
        };
        let inner = build().map_err(|f| js_error(&env, f))?;
        Ok(Document {
            inner: Arc::new(inner),
        })
    }

    /// Finds the one place `old` denotes; throws `NotFound`, `Ambiguous` or `InputError`.
    #[napi(ts_return_type = "Match")]
    pub fn locate<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "string")] old: Unknown,
        #[napi(ts_arg_type = "EditOptions")] options: Option<Unknown>,
    ) -> Result<Unknown<'env>> {
        let job = self.locate_job(old, options, false).map(|(job, _)| job);
        settle(env, job.and_then(|job| job.run()))
    }

    /// `locate` on a thread of its own; `options.signal` (an `AbortSignal`) rejects it with
    /// an `AbortError` at once.
    #[napi(ts_return_type = "Promise<Match>")]
    pub fn locate_async<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "string")] old: Unknown,
        #[napi(ts_arg_type = "EditOptions & AsyncOptions")] options: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        call::start(env, self.locate_job(old, options, true))
    }

    /// Replaces `old` by `new` keeping the file's formatting: the whole new content, the
    /// range replaced, a diff and the text edits (nothing is written).
    #[napi(ts_return_type = "Applied")]
    pub fn apply<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "string")] old: Unknown,
        #[napi(ts_arg_type = "string")] new_text: Unknown,
        #[napi(ts_arg_type = "EditOptions")] options: Option<Unknown>,
    ) -> Result<Unknown<'env>> {
        let job = self
            .apply_job(old, new_text, options, false)
            .map(|(job, _)| job);
        settle(env, job.and_then(|job| job.run()))
    }

    /// `apply` on a thread of its own; `options.signal` (an `AbortSignal`) rejects it with an
    /// `AbortError` at once.
    #[napi(ts_return_type = "Promise<Applied>")]
    pub fn apply_async<'env>(
        &self,
        env: &'env Env,
        #[napi(ts_arg_type = "string")] old: Unknown,
        #[napi(ts_arg_type = "string")] new_text: Unknown,
        #[napi(ts_arg_type = "EditOptions & AsyncOptions")] options: Option<Unknown<'env>>,
    ) -> Result<Object<'env>> {
        call::start(env, self.apply_job(old, new_text, options, true))
    }

    /// The next version of this document: `content` (e.g. `applied.content`), with this
    /// document's name and language. After `parseSyntax()`, only what the edit changed is
    /// parsed again, so a session of edits on one file parses it once. Its answers are
    /// those of a new `Document`.
    #[napi]
    pub fn edited(
        &self,
        env: Env,
        #[napi(ts_arg_type = "string")] content: Unknown,
    ) -> Result<Document> {
        let content = options::text(content, "content")
            .and_then(|t| t.into_string("content"))
            .map_err(|f| js_error(&env, f))?;
        Ok(Document {
            inner: Arc::new(self.inner.edited(content)),
        })
    }

    /// Parses the whole file now (a file in a known language, up to the library's size
    /// limit), so that this document and those `edited` derives from it reuse the tree.
    /// Returns whether the document has its tree.
    #[napi]
    pub fn parse_syntax(&self) -> bool {
        self.inner.parse_syntax()
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

/// A job with the caller's `AbortSignal`, or the failure of its arguments.
type Prepared<'env> = std::result::Result<(Job, Option<Object<'env>>), Failure>;

/// The option groups of an edit, with `signal` for the `…Async` form.
fn groups<'a>(extra: &'a [&'a str], asynchronous: bool) -> Vec<&'a [&'a str]> {
    let mut groups = vec![EDIT, extra];
    if asynchronous {
        groups.push(ASYNC);
    }
    groups
}

/// The name of a call in messages: `apply()` or `applyAsync()`.
fn call_name(name: &str, asynchronous: bool) -> String {
    match asynchronous {
        true => format!("{name}Async()"),
        false => format!("{name}()"),
    }
}

impl Document {
    fn locate_job<'env>(
        &self,
        old: Unknown,
        options: Option<Unknown<'env>>,
        asynchronous: bool,
    ) -> Prepared<'env> {
        let o = Options::read(
            options,
            &groups(&[], asynchronous),
            &call_name("locate", asynchronous),
        )?;
        let old = options::text(old, "old")?.into_string("old")?;
        Ok((Job::locate(&self.inner, old, o.settings()?), o.signal()?))
    }

    fn apply_job<'env>(
        &self,
        old: Unknown,
        new: Unknown,
        options: Option<Unknown<'env>>,
        asynchronous: bool,
    ) -> Prepared<'env> {
        let o = Options::read(
            options,
            &groups(&[], asynchronous),
            &call_name("apply", asynchronous),
        )?;
        let old = options::text(old, "old")?.into_string("old")?;
        let new = options::text(new, "new")?.into_string("new")?;
        Ok((
            Job::apply(&self.inner, old, new, o.settings()?),
            o.signal()?,
        ))
    }
}

/// Edits the file at `path` (`old` → `new`), written atomically and only if it still holds
/// what was read. The result also has `path` and `written`.
#[napi(ts_return_type = "Applied")]
pub fn apply_file<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "string")] path: Unknown,
    #[napi(ts_arg_type = "string")] old: Unknown,
    #[napi(ts_arg_type = "string")] new_text: Unknown,
    #[napi(ts_arg_type = "FileOptions")] options: Option<Unknown>,
) -> Result<Unknown<'env>> {
    let job = file_job([path, old, new_text], options, false).map(|(job, _)| job);
    settle(env, job.and_then(|job| job.run()))
}

/// `applyFile` on a thread of its own; `options.signal` (an `AbortSignal`) rejects it with
/// an `AbortError` at once, and an abort before the write leaves the file untouched.
#[napi(ts_return_type = "Promise<Applied>")]
pub fn apply_file_async<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "string")] path: Unknown,
    #[napi(ts_arg_type = "string")] old: Unknown,
    #[napi(ts_arg_type = "string")] new_text: Unknown,
    #[napi(ts_arg_type = "FileOptions & AsyncOptions")] options: Option<Unknown<'env>>,
) -> Result<Object<'env>> {
    call::start(env, file_job([path, old, new_text], options, true))
}

fn file_job<'env>(
    [path, old, new]: [Unknown; 3],
    options: Option<Unknown<'env>>,
    asynchronous: bool,
) -> Prepared<'env> {
    let o = Options::read(
        options,
        &groups(FILE, asynchronous),
        &call_name("applyFile", asynchronous),
    )?;
    let request = FileRequest {
        path: PathBuf::from(options::text(path, "path")?.into_string("path")?),
        old: options::text(old, "old")?.into_string("old")?,
        new: options::text(new, "new")?.into_string("new")?,
        language: o.string("language")?,
        dry_run: o.boolean("dryRun")?.unwrap_or(false),
        settings: o.settings()?,
        cancellation: None,
    };
    Ok((Job::file(request), o.signal()?))
}

/// Applies SEARCH/REPLACE blocks, a `*** Begin Patch` envelope or a JSON edit list to the
/// files it names under `options.root`: all or nothing unless `partial`. A refused patch
/// throws the class and code of its first failed edit, with the whole outcome as `report`.
#[napi(ts_return_type = "PatchResult")]
pub fn apply_patch<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "string")] text: Unknown,
    #[napi(ts_arg_type = "PatchOptions")] options: Option<Unknown>,
) -> Result<Unknown<'env>> {
    let job = patch_job(text, options, false).map(|(job, _)| job);
    settle(env, job.and_then(|job| job.run()))
}

/// `applyPatch` on a thread of its own. `options.signal` rejects a dry run at once; a patch
/// that writes is one transaction: an abort before it starts stops it, after that it
/// settles with what it did.
#[napi(ts_return_type = "Promise<PatchResult>")]
pub fn apply_patch_async<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "string")] text: Unknown,
    #[napi(ts_arg_type = "PatchOptions & AsyncOptions")] options: Option<Unknown<'env>>,
) -> Result<Object<'env>> {
    call::start(env, patch_job(text, options, true))
}

fn patch_job<'env>(
    text: Unknown,
    options: Option<Unknown<'env>>,
    asynchronous: bool,
) -> Prepared<'env> {
    let o = Options::read(
        options,
        &groups(PATCH, asynchronous),
        &call_name("applyPatch", asynchronous),
    )?;
    let path = |key: &str| -> std::result::Result<Option<PathBuf>, Failure> {
        o.text(key)?
            .map(|t| t.into_string(key).map(PathBuf::from))
            .transpose()
    };
    let patch = PatchJob {
        text: options::text(text, "text")?.into_string("text")?,
        root: path("root")?.unwrap_or_else(|| PathBuf::from(".")),
        file: path("file")?,
        partial: o.boolean("partial")?.unwrap_or(false),
        dry_run: o.boolean("dryRun")?.unwrap_or(false),
        language: o.string("language")?,
        settings: o.settings()?,
    };
    Ok((Job::patch(patch), o.signal()?))
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

/// A synchronous call's answer: its value frozen, or its failure thrown.
fn settle<'env>(
    env: &'env Env,
    result: std::result::Result<Value, Failure>,
) -> Result<Unknown<'env>> {
    let value = result.map_err(|f| js_error(env, f))?;
    let js = env.to_js_value(&value)?;
    freeze_like(&value, js)?;
    Ok(js)
}

/// The `Error` thrown for a failure: `message`, `code`, `name` (the class) and `report`.
pub(crate) fn js_error(env: &Env, failure: Failure) -> Error {
    let build = || -> Result<Error> {
        let mut error = env.create_error(Error::new(Status::GenericFailure, &failure.message))?;
        error.set_named_property("code", failure.code.as_str())?;
        error.set_named_property("name", failure.kind.name())?;
        let report = failure.report.map(editloc_bind::camel_case_keys);
        error.set_named_property("report", Frozen(report.unwrap_or(Value::Null)))?;
        Ok(Error::from(error.to_unknown()))
    };
    build().unwrap_or_else(|e| e)
}
