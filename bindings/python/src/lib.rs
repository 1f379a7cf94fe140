//! `editloc._editloc`: the native half of the Python package `editloc` (PyO3, abi3).
//!
//! Results are the library's serde values (see `editloc-bind`) turned into Python objects by
//! `pythonize` and wrapped in the dict-backed record classes of `editloc._records`; failures
//! are raised as the exception classes of `editloc._errors`, with `.code` and `.report`.
//!
//! **Threads and Ctrl-C.** A search, an edit or a file write runs on a thread of its own
//! while the calling thread waits with the interpreter released (`Python::detach`), so other
//! Python threads run meanwhile; every 20 ms (`POLL`) the waiting thread runs Python's signal
//! handlers, so Ctrl-C raises `KeyboardInterrupt` within that time however long the search
//! would take. The search given up on runs to its end on its thread (the library has no point
//! inside a search where it could stop) and its result is dropped; `apply_file` given up on
//! before its write writes nothing ([`Cancellation`]). A patch that writes is one transaction
//! of the library's: Ctrl-C then takes effect when it ends.

use editloc::Document;
use editloc_bind::{Cancellation, Failure, FileRequest, PatchRequest, Settings, Units};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How often a thread waiting for a call runs Python's signal handlers (Ctrl-C).
const POLL: Duration = Duration::from_millis(20);

/// A file's content, ready to be searched and edited. Parsing (for the structural tier)
/// happens once, on first need, and is reused by every later call.
#[pyclass(frozen, name = "Document", module = "editloc")]
struct PyDocument {
    inner: Arc<Document>,
}

#[pymethods]
impl PyDocument {
    #[new]
    #[pyo3(signature = (text, language = None, *, name = None))]
    fn new(
        py: Python<'_>,
        text: String,
        language: Option<&str>,
        name: Option<&str>,
    ) -> PyResult<Self> {
        let inner = editloc_bind::document(text, language, name).map_err(|f| raise(py, f))?;
        Ok(PyDocument {
            inner: Arc::new(inner),
        })
    }

    /// The next version of this document: `content` (e.g. `applied.content`), with this
    /// document's name and language. When this document has parsed its whole file (see
    /// `parse_syntax`), the next one re-parses only what the edit changed, so a session of
    /// edits on one file parses it once. Its answers are those of a new `Document`.
    fn edited(&self, py: Python<'_>, content: String) -> PyDocument {
        let inner = &self.inner;
        PyDocument {
            inner: Arc::new(py.detach(|| inner.edited(content))),
        }
    }

    /// Parses the whole file now (a file in a known language, up to the library's size limit)
    /// so that this document's structural calls and the documents `edited` derives from it
    /// reuse the tree. Returns whether the document has its tree.
    fn parse_syntax(&self, py: Python<'_>) -> PyResult<bool> {
        let doc = self.inner.clone();
        interruptible(py, None, move || doc.parse_syntax())
    }

    /// Finds the one place `old` denotes. Returns a `Match`; raises `NotFound`, `Ambiguous`
    /// or `InputError`.
    #[pyo3(signature = (old, *, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
    fn locate(
        &self,
        py: Python<'_>,
        old: String,
        max_tier: Option<String>,
        line_hint: Option<Bound<'_, PyAny>>,
        require_clean_parse: bool,
        repairs: bool,
    ) -> PyResult<Py<PyAny>> {
        let settings = settings(py, max_tier, line_hint, require_clean_parse, repairs)?;
        let doc = self.inner.clone();
        let result = interruptible(py, None, move || {
            editloc_bind::locate(&doc, &old, &settings, Units::Chars)
        })?;
        record(py, "Match", result)
    }

    /// Replaces `old` by `new`, keeping the file's formatting. Returns an `Applied` (the whole
    /// new content, the range replaced, a diff, text edits); writes nothing.
    #[pyo3(signature = (old, new, *, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &self,
        py: Python<'_>,
        old: String,
        new: String,
        max_tier: Option<String>,
        line_hint: Option<Bound<'_, PyAny>>,
        require_clean_parse: bool,
        repairs: bool,
    ) -> PyResult<Py<PyAny>> {
        let settings = settings(py, max_tier, line_hint, require_clean_parse, repairs)?;
        let doc = self.inner.clone();
        let result = interruptible(py, None, move || {
            editloc_bind::apply(&doc, &old, &new, &settings, Units::Chars)
        })?;
        record(py, "Applied", result)
    }

    /// The original content.
    #[getter]
    fn content(&self) -> &str {
        self.inner.content()
    }

    /// The name given (used in diffs and reports), `"file"` by default.
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// The language the structural tier parses the document as, or `None`.
    #[getter]
    fn language(&self) -> Option<&'static str> {
        self.inner.language().map(|l| l.name())
    }

    /// `Document(name='a.py', language='python', 12 chars)`: Python's own reprs of the name
    /// and the language (`None` when there is none), not Rust's.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = self.inner.name().into_pyobject(py)?.repr()?;
        let language = match self.language() {
            Some(language) => language.into_pyobject(py)?.repr()?.to_string(),
            None => "None".to_string(),
        };
        Ok(format!(
            "Document(name={name}, language={language}, {} chars)",
            self.inner.content().chars().count()
        ))
    }
}

/// Edits the file at `path`: `old` → `new`, written atomically and only if the file still
/// holds what was read. Returns an `Applied` with `path` and `written`.
#[pyfunction]
#[pyo3(signature = (path, old, new, *, language = None, dry_run = false, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
#[allow(clippy::too_many_arguments)]
fn apply_file(
    py: Python<'_>,
    path: PathBuf,
    old: String,
    new: String,
    language: Option<String>,
    dry_run: bool,
    max_tier: Option<String>,
    line_hint: Option<Bound<'_, PyAny>>,
    require_clean_parse: bool,
    repairs: bool,
) -> PyResult<Py<PyAny>> {
    let cancellation = Cancellation::new();
    let request = FileRequest {
        path,
        old,
        new,
        language,
        dry_run,
        settings: settings(py, max_tier, line_hint, require_clean_parse, repairs)?,
        cancellation: Some(cancellation.clone()),
    };
    let result = interruptible(py, Some(&cancellation), move || {
        editloc_bind::apply_file(&request, Units::Chars)
    })?;
    record(py, "Applied", result)
}

/// Applies a patch (SEARCH/REPLACE blocks, a `*** Begin Patch` envelope or a JSON edit list)
/// to the files it names under `root`, all or nothing unless `partial`.
#[pyfunction]
#[pyo3(signature = (text, root = PathBuf::from("."), *, file = None, partial = false, dry_run = false, language = None, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
#[allow(clippy::too_many_arguments)]
fn apply_patch(
    py: Python<'_>,
    text: &str,
    root: PathBuf,
    file: Option<PathBuf>,
    partial: bool,
    dry_run: bool,
    language: Option<&str>,
    max_tier: Option<String>,
    line_hint: Option<Bound<'_, PyAny>>,
    require_clean_parse: bool,
    repairs: bool,
) -> PyResult<Py<PyAny>> {
    let request = PatchRequest {
        text,
        root: &root,
        file: file.as_deref(),
        partial,
        dry_run,
        language,
        settings: settings(py, max_tier, line_hint, require_clean_parse, repairs)?,
    };
    let result = match dry_run {
        // Nothing is written: the call can be given up on.
        true => {
            let owned = OwnedPatch::of(&request);
            interruptible(py, None, move || {
                editloc_bind::apply_patch(&owned.request())
            })?
        }
        false => py.detach(|| editloc_bind::apply_patch(&request)),
    };
    record(py, "PatchResult", result)
}

/// A dry-run patch request owning its text and paths, for a thread of its own.
struct OwnedPatch {
    text: String,
    root: PathBuf,
    file: Option<PathBuf>,
    partial: bool,
    language: Option<String>,
    settings: Settings,
}

impl OwnedPatch {
    fn of(request: &PatchRequest<'_>) -> OwnedPatch {
        OwnedPatch {
            text: request.text.to_string(),
            root: request.root.to_path_buf(),
            file: request.file.map(PathBuf::from),
            partial: request.partial,
            language: request.language.map(str::to_string),
            settings: request.settings.clone(),
        }
    }

    fn request(&self) -> PatchRequest<'_> {
        PatchRequest {
            text: &self.text,
            root: &self.root,
            file: self.file.as_deref(),
            partial: self.partial,
            dry_run: true,
            language: self.language.as_deref(),
            settings: self.settings.clone(),
        }
    }
}

/// Runs `work` on a thread of its own and waits for it with the interpreter released,
/// running Python's signal handlers every [`POLL`]: when one raises (Ctrl-C's
/// `KeyboardInterrupt`), the call is given up on (`cancellation` cancelled, the work's result
/// dropped) and that exception raised. A call that had already begun its write is waited
/// for first, so the exception never leaves a write half done. Only the main thread runs
/// signal handlers: elsewhere `work` runs on the calling thread (the interpreter released),
/// sparing the hand-off.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    cancellation: Option<&Cancellation>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    if !on_main_thread(py)? {
        return Ok(py.detach(work));
    }
    let (sender, receiver) = mpsc::sync_channel(1);
    editloc_bind::spawn(move || {
        // The caller may have stopped waiting: then the result has no taker.
        let _ = sender.send(work());
    })?;
    // The receiver is not `Sync`: it goes into each wait and comes back out.
    let mut receiver = receiver;
    loop {
        let (answer, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
        receiver = back;
        match answer {
            Ok(result) => return Ok(result),
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "editloc's worker thread ended without an answer (it panicked: a bug, please report it)",
                ));
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    if cancellation.is_some_and(|c| !c.cancel()) {
                        // Committed to its write: let it end.
                        let _ = py.detach(move || receiver.recv());
                    }
                    return Err(interrupt);
                }
            }
        }
    }
}

/// The languages whose grammar this build has (the structural tier's languages).
#[pyfunction]
fn built_languages() -> Vec<&'static str> {
    editloc::LANGUAGES
        .into_iter()
        .filter(|l| l.is_built())
        .map(|l| l.name())
        .collect()
}

fn settings(
    py: Python<'_>,
    max_tier: Option<String>,
    line_hint: Option<Bound<'_, PyAny>>,
    require_clean_parse: bool,
    repairs: bool,
) -> PyResult<Settings> {
    Ok(Settings {
        max_tier,
        require_clean_parse,
        line_hint: self::line_hint(line_hint.as_ref()).map_err(|f| raise(py, f))?,
        repairs: Some(repairs),
    })
}

/// A line hint: an `int` from 1 (not a `bool`); anything else is `bad_arguments` (0 would
/// choose the first of two places, a negative number cannot be a line).
fn line_hint(value: Option<&Bound<'_, PyAny>>) -> Result<Option<usize>, Failure> {
    let Some(value) = value else {
        return Ok(None);
    };
    let number = match value.is_instance_of::<pyo3::types::PyBool>() {
        true => None,
        false => value.extract::<u64>().ok().filter(|&n| n >= 1),
    };
    match number.and_then(|n| usize::try_from(n).ok()) {
        Some(n) => Ok(Some(n)),
        None => Err(Failure::bad_arguments(format!(
            "`line_hint` must be a line number, an int from 1, not {}; nothing was done",
            value
                .repr()
                .map_or_else(|_| "that".to_string(), |r| r.to_string())
        ))),
    }
}

/// The value as an instance of the record class `class` of `editloc._records`, or the failure
/// raised.
fn record(py: Python<'_>, class: &str, result: Result<Value, Failure>) -> PyResult<Py<PyAny>> {
    let value = result.map_err(|f| raise(py, f))?;
    let data = pythonize::pythonize(py, &value)?;
    Ok(python_class(py, "editloc._records", class)?
        .call1((data,))?
        .unbind())
}

/// The exception for a failure: the class named by its kind, with `code` and `report`.
fn raise(py: Python<'_>, failure: Failure) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let report = match &failure.report {
            Some(value) => {
                let data = pythonize::pythonize(py, value)?;
                Some(python_class(py, "editloc._records", "Report")?.call1((data,))?)
            }
            None => None,
        };
        let class = python_class(py, "editloc._errors", failure.kind.name())?;
        let error = class.call1((failure.message.as_str(), failure.code.as_str(), report))?;
        Ok(PyErr::from_value(error))
    };
    build().unwrap_or_else(|e| e)
}

/// Whether this is the interpreter's main thread (the one that runs signal handlers).
fn on_main_thread(py: Python<'_>) -> PyResult<bool> {
    static THREADING: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    let threading = THREADING.get_or_try_init(py, || py.import("threading").map(Bound::unbind))?;
    let threading = threading.bind(py);
    let current = threading.call_method0("current_thread")?;
    Ok(current.is(&threading.call_method0("main_thread")?))
}

/// A class of the package's pure-Python modules, looked up once per interpreter.
fn python_class<'py>(
    py: Python<'py>,
    module: &'static str,
    name: &str,
) -> PyResult<Bound<'py, PyType>> {
    static CLASSES: PyOnceLock<Py<pyo3::types::PyDict>> = PyOnceLock::new();
    let cache = CLASSES
        .get_or_init(py, || pyo3::types::PyDict::new(py).unbind())
        .bind(py);
    let key = (module, name);
    if let Some(class) = cache.get_item(key)? {
        return Ok(class.cast_into()?);
    }
    let class = py.import(module)?.getattr(name)?.cast_into::<PyType>()?;
    cache.set_item(key, &class)?;
    Ok(class)
}

#[pymodule]
fn _editloc(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyDocument>()?;
    m.add_function(wrap_pyfunction!(apply_file, m)?)?;
    m.add_function(wrap_pyfunction!(apply_patch, m)?)?;
    m.add_function(wrap_pyfunction!(built_languages, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
