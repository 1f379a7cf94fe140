//! Arguments and options as JavaScript passes them, checked before any work: a value of the
//! wrong type, an options argument that is not an object (`apply(o, n, 'exact')`) or an
//! option editloc does not have (`{ max_tier: 'exact' }`) is refused with `bad_arguments`
//! naming it, never ignored, altered or answered with napi's `StringExpected`.

use crate::text::{Text, line_hint};
use editloc_bind::{Failure, Settings};
use napi::bindgen_prelude::{FromNapiValue, JsObjectValue, Object, Unknown};
use napi::{JsValue, ValueType};

/// The options of an edit: how far the ladder goes and how strict writing is.
pub const EDIT: &[&str] = &["maxTier", "lineHint", "requireCleanParse", "repairs"];
/// The options of a `Document`.
pub const DOCUMENT: &[&str] = &["language", "name"];
/// The options `applyFile` adds to an edit's.
pub const FILE: &[&str] = &["language", "dryRun"];
/// The options `applyPatch` adds to an edit's.
pub const PATCH: &[&str] = &["root", "file", "partial", "dryRun", "language"];
/// The option every `…Async` call adds.
pub const ASYNC: &[&str] = &["signal"];

/// A string argument (`old`, `new`, `text`, `path`), or `bad_arguments` naming it and what
/// was passed instead.
pub fn text(value: Unknown<'_>, what: &str) -> Result<Text, Failure> {
    if kind(&value) != ValueType::String {
        return Err(Failure::bad_arguments(format!(
            "`{what}` must be a string, not {}; nothing was done",
            describe(&value)
        )));
    }
    let raw = value.value();
    // SAFETY: `raw` is a live string value of this call's environment.
    unsafe { Text::from_napi_value(raw.env, raw.value) }
        .map_err(|e| Failure::bad_arguments(format!("`{what}` could not be read: {e}")))
}

/// A call's options object, its keys checked against the ones the call takes.
pub struct Options<'env> {
    object: Option<Object<'env>>,
}

impl<'env> Options<'env> {
    /// The options in `value` (absent, `undefined` and `null` are no options), allowed the
    /// keys of `groups`; `call` names the call in messages.
    pub fn read(
        value: Option<Unknown<'env>>,
        groups: &[&[&str]],
        call: &str,
    ) -> Result<Options<'env>, Failure> {
        let allowed: Vec<&str> = groups.iter().flat_map(|g| g.iter().copied()).collect();
        let Some(value) =
            value.filter(|v| !matches!(kind(v), ValueType::Undefined | ValueType::Null))
        else {
            return Ok(Options { object: None });
        };
        let object = plain_object(&value).ok_or_else(|| {
            Failure::bad_arguments(format!(
                "the options of {call} must be an object such as {{ {}: ... }}, not {}; nothing was done",
                allowed[0],
                describe(&value)
            ))
        })?;
        for key in keys(&object)? {
            if !allowed.contains(&key.as_str()) {
                return Err(unknown_option(&key, &allowed, call));
            }
        }
        Ok(Options {
            object: Some(object),
        })
    }

    /// The value of `key`, `None` when absent or `undefined`.
    fn get(&self, key: &str) -> Result<Option<Unknown<'env>>, Failure> {
        let Some(object) = &self.object else {
            return Ok(None);
        };
        let value: Unknown<'env> = object.get_named_property(key).map_err(|e| {
            Failure::bad_arguments(format!("option `{key}` could not be read: {e}"))
        })?;
        Ok(Some(value).filter(|v| kind(v) != ValueType::Undefined))
    }

    /// The value of `key` if it is of type `want` (named `what` in the message).
    fn typed(
        &self,
        key: &str,
        want: ValueType,
        what: &str,
    ) -> Result<Option<Unknown<'env>>, Failure> {
        match self.get(key)? {
            Some(value) if kind(&value) != want => Err(Failure::bad_arguments(format!(
                "option `{key}` must be {what}, not {}; nothing was done",
                describe(&value)
            ))),
            other => Ok(other),
        }
    }

    /// A string option.
    pub fn string(&self, key: &str) -> Result<Option<String>, Failure> {
        self.typed(key, ValueType::String, "a string")?
            .map(|v| text(v, key)?.into_string(key))
            .transpose()
    }

    /// A string option kept as [`Text`] (a path checked later).
    pub fn text(&self, key: &str) -> Result<Option<Text>, Failure> {
        self.typed(key, ValueType::String, "a string")?
            .map(|v| text(v, key))
            .transpose()
    }

    /// A boolean option.
    pub fn boolean(&self, key: &str) -> Result<Option<bool>, Failure> {
        self.typed(key, ValueType::Boolean, "true or false")?
            .map(|v| {
                // SAFETY: a boolean, checked above.
                unsafe { v.cast::<bool>() }.map_err(|e| Failure::bad_arguments(e.to_string()))
            })
            .transpose()
    }

    /// A number option.
    pub fn number(&self, key: &str) -> Result<Option<f64>, Failure> {
        self.typed(key, ValueType::Number, "a number")?
            .map(|v| {
                // SAFETY: a number, checked above.
                unsafe { v.cast::<f64>() }.map_err(|e| Failure::bad_arguments(e.to_string()))
            })
            .transpose()
    }

    /// The `signal` option: an `AbortSignal` (an object with a boolean `aborted` and an
    /// `addEventListener` method).
    pub fn signal(&self) -> Result<Option<Object<'env>>, Failure> {
        let Some(value) = self.get("signal")? else {
            return Ok(None);
        };
        let refused = || {
            Failure::bad_arguments(format!(
                "option `signal` must be an AbortSignal (AbortController's `signal`), not {}; nothing was done",
                describe(&value)
            ))
        };
        let object = plain_object(&value).ok_or_else(refused)?;
        let aborted: Unknown = object
            .get_named_property("aborted")
            .map_err(|_| refused())?;
        let listen: Unknown = object
            .get_named_property("addEventListener")
            .map_err(|_| refused())?;
        match (kind(&aborted), kind(&listen)) {
            (ValueType::Boolean, ValueType::Function) => Ok(Some(object)),
            _ => Err(refused()),
        }
    }

    /// The settings of an edit (`maxTier`, `lineHint`, `requireCleanParse`, `repairs`).
    pub fn settings(&self) -> Result<Settings, Failure> {
        Ok(Settings {
            max_tier: self.string("maxTier")?,
            require_clean_parse: self.boolean("requireCleanParse")?.unwrap_or(false),
            line_hint: line_hint(self.number("lineHint")?)?,
            repairs: self.boolean("repairs")?,
        })
    }
}

/// The failure for an option the call does not take, with the camelCase spelling when that
/// is the one meant (`max_tier` → `maxTier`).
fn unknown_option(key: &str, allowed: &[&str], call: &str) -> Failure {
    let camel = editloc_bind::camel_case_keys(serde_json::json!({ key: null }));
    let meant = camel
        .as_object()
        .and_then(|m| m.keys().next().cloned())
        .filter(|k| k != key && allowed.contains(&k.as_str()));
    let hint = meant.map_or(String::new(), |k| format!(" (did you mean `{k}`?)"));
    Failure::bad_arguments(format!(
        "{call} has no option `{key}`{hint}; its options are {}; nothing was done",
        allowed.join(", ")
    ))
}

/// The value as an object that is neither an array nor a function.
fn plain_object<'env>(value: &Unknown<'env>) -> Option<Object<'env>> {
    if kind(value) != ValueType::Object {
        return None;
    }
    // SAFETY: an object, checked above.
    let object = unsafe { value.cast::<Object<'env>>() }.ok()?;
    (!object.is_array().unwrap_or(true)).then_some(object)
}

/// The object's enumerable string keys.
fn keys(object: &Object<'_>) -> Result<Vec<String>, Failure> {
    let read = || -> napi::Result<Vec<String>> {
        let names = object.get_property_names()?;
        (0..names.get_array_length()?)
            .map(|i| names.get_element::<String>(i))
            .collect()
    };
    read().map_err(|e| Failure::bad_arguments(format!("the options could not be read: {e}")))
}

/// The value's type, `Unknown` when napi cannot tell.
fn kind(value: &Unknown<'_>) -> ValueType {
    value.get_type().unwrap_or(ValueType::Unknown)
}

/// What was passed, for a message: `a number (3)`, `a string ('exact')`, `an array`, ...
pub fn describe(value: &Unknown<'_>) -> String {
    // SAFETY (each cast): the value is of the type matched.
    match kind(value) {
        ValueType::Undefined => "undefined".to_string(),
        ValueType::Null => "null".to_string(),
        ValueType::Boolean => format!(
            "a boolean ({})",
            unsafe { value.cast::<bool>() }.unwrap_or(false)
        ),
        ValueType::Number => format!(
            "a number ({})",
            unsafe { value.cast::<f64>() }.unwrap_or(f64::NAN)
        ),
        ValueType::String => {
            let text = unsafe { value.cast::<String>() }.unwrap_or_default();
            let short: String = text.chars().take(40).collect();
            format!("a string ({short:?})")
        }
        ValueType::Object if plain_object(value).is_none() => "an array".to_string(),
        ValueType::Object => "an object".to_string(),
        ValueType::Function => "a function".to_string(),
        ValueType::Symbol => "a symbol".to_string(),
        ValueType::BigInt => "a bigint".to_string(),
        _ => "a value of another type".to_string(),
    }
}
