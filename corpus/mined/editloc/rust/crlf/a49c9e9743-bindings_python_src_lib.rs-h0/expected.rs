//! `editloc._editloc`: the native half of the Python package `editloc` (PyO3, abi3).
//!
//! Results are the library's serde values (see `editloc-bind`) turned into Python objects by
//! `pythonize` and wrapped in the dict-backed record classes of `editloc._records`; failures
//! are raised as the exception classes of `editloc._errors`, with `.code` and `.report`. The
//! interpreter is released (`Python::detach`) while a document is searched, edited or a file
//! written, so other Python threads run meanwhile.

use editloc::Document;
use editloc_bind::{Failure, PatchRequest, Settings, Units};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;
use serde_json::Value;
use std::path::PathBuf;

/// A file's content, ready to be searched and edited. Parsing (for the structural tier)
/// happens once, on first need, and is reused by every later call.
#[pyclass(frozen, name = "Document", module = "editloc")]
struct PyDocument {
    inner: Document,
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
        Ok(PyDocument { inner })
    }

    /// Finds the one place `old` denotes. Returns a `Match`; raises `NotFound`, `Ambiguous`
    /// or `InputError`.
    #[pyo3(signature = (old, *, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
    fn locate(
        &self,
        py: Python<'_>,
        old: &str,
        max_tier: Option<String>,
        line_hint: Option<usize>,
        require_clean_parse: bool,
        repairs: bool,
    ) -> PyResult<Py<PyAny>> {
        let settings = settings(max_tier, line_hint, require_clean_parse, repairs);
        let doc = &self.inner;
        let result = py.detach(|| editloc_bind::locate(doc, old, &settings, Units::Chars));
        record(py, "Match", result)
    }

    /// Replaces `old` by `new`, keeping the file's formatting. Returns an `Applied` (the whole
    /// new content, the range replaced, a diff, text edits); writes nothing.
    #[pyo3(signature = (old, new, *, max_tier = None, line_hint = None, require_clean_parse = false, repairs = true))]
    #[allow(clippy::too_many_arguments)]
    fn apply(
        &self,
        py: Python<'_>,
        old: &str,
        new: &str,
        max_tier: Option<String>,
        line_hint: Option<usize>,
        require_clean_parse: bool,
        repairs: bool,
    ) -> PyResult<Py<PyAny>> {
        let settings = settings(max_tier, line_hint, require_clean_parse, repairs);
        let doc = &self.inner;
        let result = py.detach(|| editloc_bind::apply(doc, old, new, &settings, Units::Chars));
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

    fn __repr__(&self) -> String {
        format!(
            "Document(name={:?}, language={:?}, {} chars)",
            self.inner.name(),
            self.language(),
            self.inner.content().chars().count()
        )
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
    old: &str,
    new: &str,
    language: Option<&str>,
    dry_run: bool,
    max_tier: Option<String>,
    line_hint: Option<usize>,
    require_clean_parse: bool,
    repairs: bool,
) -> PyResult<Py<PyAny>> {
    let settings = settings(max_tier, line_hint, require_clean_parse, repairs);
    let result = py.detach(|| {
        editloc_bind::apply_file(&path, old, new, language, dry_run, &settings, Units::Chars)
    });
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
    line_hint: Option<usize>,
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
        settings: settings(max_tier, line_hint, require_clean_parse, repairs),
    };
    let result = py.detach(|| editloc_bind::apply_patch(&request));
    record(py, "PatchResult", result)
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
    max_tier: Option<String>,
    line_hint: Option<usize>,
    require_clean_parse: bool,
    repairs: bool,
) -> Settings {
    Settings {
        max_tier,
        require_clean_parse,
        line_hint,
        repairs: Some(repairs),
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
