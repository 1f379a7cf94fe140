//! What the Python and Node bindings of editloc share, so both say the same thing.
//!
//! - **Results are serde values.** A [`Match`], [`Applied`] or [`Report`](editloc::Report) is
//!   serialized as the library defines it (`serde_json::Value`); each binding turns that value
//!   into its own objects. A field the library adds reaches both bindings without a change
//!   here. Two things are added on top: `range` is re-counted in the caller's string units
//!   ([`Units`]: code points for Python, UTF-16 code units for JavaScript; the library's byte
//!   offsets stay as `byte_range`), and `text_edits` (LSP-style, 0-based lines, UTF-16
//!   characters) is computed when the library's result does not carry it yet.
//! - **Failures are typed.** Every failure is a [`Failure`]: the exception or error class
//!   ([`Kind`]), the stable [`Code`] (`LocateError::code()`, `InputError::code()`), a message
//!   and the serialized report.
//! - **One place writes files**: [`apply_file`] (read, apply, safe write), which a caller
//!   that gives up ([`Cancellation`]) stops before the write.

mod cancel;
mod patch;
mod units;

use editloc::FileError;
use editloc::Language;
use editloc::{Applied, Code, Document, InputError, LocateError, Match, Options, Tier};
use serde_json::{Value, json};

pub use cancel::{Cancellation, spawn};
pub use editloc;
pub use patch::{PatchRequest, apply_patch};
pub use units::Units;

/// The class a failure is raised as (Python exception, the JS error's `name`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// No tier found `old` (`not_found`).
    NotFound,
    /// `old` fits several places (`ambiguous`).
    Ambiguous,
    /// `new` already stands where `old` would be (`already_applied`).
    AlreadyApplied,
    /// Located, but not writable with certainty; or a refused patch (any refused code).
    Refused,
    /// Bad input: empty `old`, `old == new`, not UTF-8, binary, bad options or patch.
    Input,
    /// The file could not be read or written.
    File,
    /// Nothing is wrong with the edit: re-read the file and try again (`file_changed`, `locked`).
    Retryable,
}

impl Kind {
    /// The class name in both bindings.
    pub fn name(self) -> &'static str {
        match self {
            Kind::NotFound => "NotFound",
            Kind::Ambiguous => "Ambiguous",
            Kind::AlreadyApplied => "AlreadyApplied",
            Kind::Refused => "Refused",
            Kind::Input => "InputError",
            Kind::File => "FileError",
            Kind::Retryable => "Retryable",
        }
    }

    /// The class of a code that is not one of the three reported outcomes.
    fn of_code(code: Code) -> Kind {
        match code {
            Code::NotFound => Kind::NotFound,
            Code::Ambiguous => Kind::Ambiguous,
            Code::AlreadyApplied => Kind::AlreadyApplied,
            Code::FileChanged | Code::Locked => Kind::Retryable,
            Code::FileNotFound
            | Code::PermissionDenied
            | Code::DanglingLink
            | Code::Exists
            | Code::NotAFile
            | Code::Io => Kind::File,
            c => match c.class() {
                editloc::Class::Refused => Kind::Refused,
                editloc::Class::Retryable => Kind::Retryable,
                _ => Kind::Input,
            },
        }
    }
}

/// Why a call did not produce a result.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub kind: Kind,
    pub code: Code,
    pub message: String,
    /// The serialized report (not-found, ambiguous, already-applied), the refusal's tier,
    /// lines and reason, or a refused patch's outcome; `None` for bad input and I/O.
    pub report: Option<Value>,
}

impl Failure {
    /// A failure of `code`, classed by it.
    pub fn new(code: Code, message: impl Into<String>) -> Failure {
        Failure {
            kind: Kind::of_code(code),
            code,
            message: message.into(),
            report: None,
        }
    }

    /// Malformed arguments (an unknown tier or language name).
    pub fn bad_arguments(message: impl Into<String>) -> Failure {
        Failure::new(Code::BadArguments, message)
    }
}

impl From<LocateError> for Failure {
    fn from(e: LocateError) -> Failure {
        let code = e.code();
        let message = e.to_string();
        let (kind, report) = match &e {
            LocateError::Input(_) => (Kind::Input, None),
            LocateError::NotFound(r) => (Kind::NotFound, Some(json!(r))),
            LocateError::Ambiguous(r) => (Kind::Ambiguous, Some(json!(r))),
            LocateError::AlreadyApplied(r) => (Kind::AlreadyApplied, Some(json!(r))),
            LocateError::TooComplex(r) => (Kind::Refused, Some(json!(r))),
            LocateError::Refused {
                tier,
                lines,
                reason,
                ..
            } => (
                Kind::Refused,
                Some(json!({"tier": tier, "lines": lines, "reason": reason})),
            ),
        };
        Failure {
            kind,
            code,
            message,
            report,
        }
    }
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

impl From<FileError> for Failure {
    fn from(e: FileError) -> Failure {
        Failure::new(e.code(), e.to_string())
    }
}

/// How far the ladder may go and how strict writing is: [`Options`] from the bindings'
/// keyword arguments. `max_tier` is `exact`, `normalized` or `structural` (default).
#[derive(Debug, Clone, Default)]
pub struct Settings {
    pub max_tier: Option<String>,
    pub require_clean_parse: bool,
    pub line_hint: Option<usize>,
    /// `None`: the library's default (repairs on).
    pub repairs: Option<bool>,
}

impl Settings {
    /// The library's options, or `bad_arguments` for an unknown tier or a line hint of 0
    /// (lines are numbered from 1).
    pub fn options(&self) -> Result<Options, Failure> {
        if self.line_hint == Some(0) {
            return Err(Failure::bad_arguments(
                "the line hint must be a line number, 1 or more (lines are numbered from 1); nothing was done",
            ));
        }
        let defaults = Options::default();
        let max_tier = match &self.max_tier {
            None => defaults.max_tier,
            Some(name) => name.parse::<Tier>().map_err(Failure::bad_arguments)?,
        };
        let repairs = self.repairs.unwrap_or(defaults.repairs);
        Ok(defaults
            .with_max_tier(max_tier)
            .with_require_clean_parse(self.require_clean_parse)
            .with_line_hint(self.line_hint)
            .with_repairs(repairs))
    }
}

/// The language called `name` (`typescript`, `tsx`, `javascript`, `python`, `go`, `rust`):
/// `bad_arguments` when unknown, `language_not_built` when this build lacks its grammar.
pub fn language(name: &str) -> Result<Language, Failure> {
    let language = Language::from_name(name).ok_or_else(|| {
        Failure::bad_arguments(format!(
            "unknown language `{name}` (typescript, tsx, javascript, python, go, rust)"
        ))
    })?;
    language
        .require_built()
        .map_err(|r| Failure::new(r.code, r.message))
}

/// A document over `text`, named `name` (which also picks the language by its extension)
/// and parsed as `language` when given.
pub fn document(
    text: String,
    language: Option<&str>,
    name: Option<&str>,
) -> Result<Document, Failure> {
    let mut doc = Document::new(text);
    if let Some(name) = name {
        doc = doc.with_name(name);
    }
    if let Some(language) = language {
        doc = doc.with_language(self::language(language)?);
    }
    Ok(doc)
}

/// A match as a value, `range` in `units` of the document's content.
pub fn match_value(doc: &Document, m: &Match, units: Units) -> Value {
    let mut value = json!(m);
    units::recount_range(&mut value, doc.content(), &m.range, units);
    value
}

/// An applied edit as a value, `range` in `units` of the original content, with
/// `text_edits` (LSP-style: 0-based lines, UTF-16 characters).
pub fn applied_value(doc: &Document, a: &Applied, units: Units) -> Value {
    let mut value = json!(a);
    units::recount_range(&mut value, doc.content(), &a.range, units);
    if value.get("text_edits").is_none() {
        value["text_edits"] = json!([units::text_edit(doc.content(), &a.content, &a.range)]);
    }
    value
}

/// Locates `old` in `doc`.
pub fn locate(
    doc: &Document,
    old: &str,
    settings: &Settings,
    units: Units,
) -> Result<Value, Failure> {
    let m = doc.locate_with(old, &settings.options()?)?;
    Ok(match_value(doc, &m, units))
}

/// Applies `old` → `new` to `doc` (nothing is written anywhere).
pub fn apply(
    doc: &Document,
    old: &str,
    new: &str,
    settings: &Settings,
    units: Units,
) -> Result<Value, Failure> {
    let applied = doc.apply_with(old, new, &settings.options()?)?;
    Ok(applied_value(doc, &applied, units))
}

/// One `apply_file` call: the file, the edit, and how to apply and write it.
#[derive(Debug, Clone, Default)]
pub struct FileRequest {
    pub path: std::path::PathBuf,
    pub old: String,
    pub new: String,
    /// Parse the file as this language instead of by its extension.
    pub language: Option<String>,
    /// Compute the result, write nothing.
    pub dry_run: bool,
    pub settings: Settings,
    /// The caller's side of a call it may give up on: given up before the write, nothing is
    /// written (and the value is what a dry run answers).
    pub cancellation: Option<Cancellation>,
}

/// Edits the file at `request.path`: reads it, applies `old` → `new`, and (unless `dry_run`
/// or cancelled first) writes the result with the library's safe write — atomic, and only if
/// the file still holds what was read. The result is the applied edit's value plus `path` and
/// `written`.
pub fn apply_file(request: &FileRequest, units: Units) -> Result<Value, Failure> {
    let options = request.settings.options()?;
    let language = request
        .language
        .as_deref()
        .map(self::language)
        .transpose()?;
    let (doc, applied, written) = edit_file(request, language, |doc| {
        doc.apply_with(&request.old, &request.new, &options)
    })?;
    let mut value = applied_value(&doc, &applied, units);
    value["path"] = json!(request.path);
    value["written"] = json!(written);
    Ok(value)
}

/// The bindings' one read → apply → write of a file, and whether it wrote. When the
/// library's locked read-apply-write lands, it replaces the body of this function.
fn edit_file(
    request: &FileRequest,
    language: Option<Language>,
    apply: impl FnOnce(&Document) -> Result<Applied, LocateError>,
) -> Result<(Document, Applied, bool), Failure> {
    let doc = editloc::read_document(&request.path, language)?;
    let applied = apply(&doc)?;
    let write = !request.dry_run
        && request
            .cancellation
            .as_ref()
            .is_none_or(Cancellation::commit);
    if write {
        editloc::write_atomic(&request.path, doc.content(), &applied.content)?;
    }
    Ok((doc, applied, write))
}

/// Maps whose keys are values (`edit_counts`: statuses such as `not_found`), not fields.
const KEYED_BY_VALUE: &[&str] = &["edit_counts"];

/// A value with every object key in camelCase (`hint_decided` → `hintDecided`), for
/// JavaScript. Values (codes like `not_found`, file text) are left alone, and so are the keys
/// of a map keyed by values (`edit_counts`).
pub fn camel_case_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let v = if KEYED_BY_VALUE.contains(&k.as_str()) {
                        v
                    } else {
                        camel_case_keys(v)
                    };
                    (camel(&k), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(camel_case_keys).collect()),
        other => other,
    }
}

fn camel(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    let mut upper = false;
    for c in key.chars() {
        if c == '_' && !out.is_empty() {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn failures_carry_code_kind_and_report() {
        let doc = Document::new("a = 1\nb = 2\n");
        let f = Failure::from(doc.locate("zzz = 9").unwrap_err());
        assert_eq!((f.kind, f.code), (Kind::NotFound, Code::NotFound));
        let report = f.report.expect("a not-found report");
        assert!(report["hint"].is_string(), "{report}");
        let f = Failure::from(doc.apply("a = 1", "a = 1").unwrap_err());
        assert_eq!(
            (f.kind, f.code, f.report),
            (Kind::Input, Code::NoChange, None)
        );
        let f = Failure::from(Document::new("x\nx\n").locate("x").unwrap_err());
        assert_eq!(f.kind, Kind::Ambiguous);
        assert_eq!(Kind::of_code(Code::FileChanged), Kind::Retryable);
        assert_eq!(Kind::of_code(Code::IndentInconsistent), Kind::Refused);
        assert_eq!(Kind::of_code(Code::BadPatch), Kind::Input);
        let f = Failure::from(doc.apply("a = 1", "a = \u{0}").unwrap_err());
        assert_eq!((f.kind, f.code), (Kind::Input, Code::BinaryNew));
    }

    #[test]
    fn settings_and_languages() {
        let s = Settings {
            max_tier: Some("exact".into()),
            line_hint: Some(3),
            ..Settings::default()
        };
        let o = s.options().unwrap();
        assert_eq!(
            (o.max_tier, o.line_hint, o.repairs),
            (Tier::Exact, Some(3), true)
        );
        let bad = Settings {
            max_tier: Some("fuzzy".into()),
            ..Settings::default()
        };
        assert_eq!(bad.options().unwrap_err().code, Code::BadArguments);
        let zero = Settings {
            line_hint: Some(0),
            ..Settings::default()
        };
        assert_eq!(zero.options().unwrap_err().code, Code::BadArguments);
        assert_eq!(language("cobol").unwrap_err().code, Code::BadArguments);
        assert_eq!(language("TSX").unwrap(), Language::Tsx);
    }

    #[test]
    fn applied_value_has_char_range_and_text_edit() {
        let doc = Document::new("é = 1\r\nx = «a»\r\n");
        let a = doc.apply("x = «a»", "x = «b»").unwrap();
        let v = applied_value(&doc, &a, Units::Chars);
        assert_eq!(v["range"], json!({"start": 7, "end": 14}));
        assert_eq!(v["byte_range"], json!({"start": 8, "end": 17}));
        assert_eq!(v["content"], json!("é = 1\r\nx = «b»\r\n"));
        assert_eq!(
            v["text_edits"],
            json!([{"range": {"start": {"line": 1, "character": 5},
                              "end": {"line": 1, "character": 6}},
                    "new_text": "b"}])
        );
        let v = applied_value(&doc, &a, Units::Utf16);
        assert_eq!(v["range"], json!({"start": 7, "end": 14}));
    }

    #[test]
    fn keys_become_camel_case() {
        let v = camel_case_keys(json!({"hint_decided": true, "a": [{"new_text": "x_y"}]}));
        assert_eq!(v, json!({"hintDecided": true, "a": [{"newText": "x_y"}]}));
        let counts = camel_case_keys(json!({"edit_counts": {"not_found": 1, "applied": 2}}));
        assert_eq!(
            counts,
            json!({"editCounts": {"not_found": 1, "applied": 2}})
        );
    }

    /// A request to edit `path` from `old` to `new`, written.
    fn request(path: &Path, old: &str, new: &str) -> FileRequest {
        FileRequest {
            path: path.to_path_buf(),
            old: old.to_string(),
            new: new.to_string(),
            ..FileRequest::default()
        }
    }

    /// A fresh folder of this test's own.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("editloc-bind-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn apply_file_writes_safely_and_refuses_cleanly() {
        let dir = scratch("write");
        let path = dir.join("m.py");
        std::fs::write(&path, "def f():\r\n\treturn 1\r\n").unwrap();
        let v = apply_file(
            &request(&path, "    return 1", "    return 2"),
            Units::Chars,
        )
        .unwrap();
        assert_eq!(v["written"], json!(true));
        assert_eq!(v["tier"], json!("normalized"));
        let now = std::fs::read_to_string(&path).unwrap();
        assert_eq!(now, "def f():\r\n\treturn 2\r\n");
        let e = apply_file(&request(&path, "return 9", "return 8"), Units::Chars).unwrap_err();
        assert_eq!(e.code, Code::NotFound);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), now);
        let e = apply_file(&request(&dir.join("none.py"), "a", "b"), Units::Chars).unwrap_err();
        assert_eq!((e.kind, e.code), (Kind::File, Code::FileNotFound));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_call_given_up_on_before_its_write_writes_nothing() {
        let dir = scratch("cancel");
        let path = dir.join("m.py");
        std::fs::write(&path, "def f():\n    return 1\n").unwrap();
        let cancellation = Cancellation::new();
        assert!(cancellation.cancel());
        let given_up = FileRequest {
            cancellation: Some(cancellation),
            ..request(&path, "return 1", "return 2")
        };
        let v = apply_file(&given_up, Units::Chars).unwrap();
        assert_eq!(v["written"], json!(false));
        assert_eq!(v["content"], json!("def f():\n    return 2\n"));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "def f():\n    return 1\n"
        );
        let kept_on = FileRequest {
            cancellation: Some(Cancellation::new()),
            ..request(&path, "return 1", "return 2")
        };
        let v = apply_file(&kept_on, Units::Chars).unwrap();
        assert_eq!(v["written"], json!(true));
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "def f():\n    return 2\n"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
