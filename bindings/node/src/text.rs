//! JavaScript strings and numbers as editloc takes them, refused rather than altered.
//!
//! - [`Text`]: a JavaScript string is UTF-16 and may hold a lone surrogate (`'\uD800'`), which
//!   UTF-8 cannot; napi's conversion to a Rust `String` silently turns it into U+FFFD, so an
//!   edit would rewrite a line it never touched. A string with a lone surrogate is refused
//!   (`bad_arguments`) instead.
//! - [`line_hint`]: a JavaScript number is a double; napi's conversion to an integer wraps
//!   (`2**32 + 302` → 302), truncates (302.9 → 302) and turns -1 into 4294967295 and NaN into
//!   0. A line hint must be a whole number from 1 to `Number.MAX_SAFE_INTEGER`.

use editloc_bind::Failure;
use napi::bindgen_prelude::{FromNapiValue, ToNapiValue, TypeName, ValidateNapiValue};
use napi::{JsString, ValueType, sys};

/// A JavaScript string, with the position of its first lone surrogate if it has one.
pub struct Text {
    text: String,
    lone_surrogate: Option<usize>,
}

impl Text {
    /// The text, or `bad_arguments` naming `what` (`old`, `new`, `path`) when the string holds a
    /// lone surrogate.
    pub fn into_string(self, what: &str) -> Result<String, Failure> {
        self.checked(what)?;
        Ok(self.text)
    }

    /// The text, borrowed, or `bad_arguments` as [`Text::into_string`] says.
    pub fn checked(&self, what: &str) -> Result<&str, Failure> {
        match self.lone_surrogate {
            None => Ok(&self.text),
            Some(index) => Err(Failure::bad_arguments(format!(
                "`{what}` holds a lone UTF-16 surrogate at index {index}: it is not valid Unicode and cannot be written as UTF-8 (napi would turn it into U+FFFD); nothing was done"
            ))),
        }
    }
}

impl TypeName for Text {
    fn type_name() -> &'static str {
        "String"
    }

    fn value_type() -> ValueType {
        ValueType::String
    }
}

impl ValidateNapiValue for Text {}

impl FromNapiValue for Text {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> napi::Result<Self> {
        // SAFETY: the caller's contract, passed on.
        let text = unsafe { String::from_napi_value(env, value)? };
        // A lone surrogate shows as U+FFFD; only then is the string read again as UTF-16.
        let lone_surrogate = match text.contains('\u{FFFD}') {
            true => {
                // SAFETY: as above; `value` is a string (the conversion above succeeded).
                let utf16 = unsafe { JsString::from_napi_value(env, value)? }.into_utf16()?;
                // Without the terminating NUL napi adds.
                let units = utf16
                    .as_slice()
                    .split_last()
                    .map_or(&[][..], |(_, units)| units);
                lone_surrogate(units)
            }
            false => None,
        };
        Ok(Text {
            text,
            lone_surrogate,
        })
    }
}

impl ToNapiValue for Text {
    unsafe fn to_napi_value(env: sys::napi_env, value: Self) -> napi::Result<sys::napi_value> {
        // SAFETY: the caller's contract, passed on.
        unsafe { String::to_napi_value(env, value.text) }
    }
}

/// The index (in UTF-16 code units) of the first lone surrogate of `units`.
fn lone_surrogate(units: &[u16]) -> Option<usize> {
    let mut index = 0;
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => index += c.len_utf16(),
            Err(_) => return Some(index),
        }
    }
    None
}

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A line hint from a JavaScript number: a whole number from 1 to
/// `Number.MAX_SAFE_INTEGER`, else `bad_arguments`.
pub fn line_hint(hint: Option<f64>) -> Result<Option<usize>, Failure> {
    match hint {
        None => Ok(None),
        Some(n) if n.fract() == 0.0 && (1.0..=MAX_SAFE_INTEGER).contains(&n) => {
            Ok(Some(n as usize))
        }
        Some(n) => Err(Failure::bad_arguments(format!(
            "`lineHint` must be a whole line number from 1 (1-based), not {n}; nothing was done"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_are_found_and_pairs_are_not() {
        let pair: Vec<u16> = "a😀b".encode_utf16().collect();
        assert_eq!(lone_surrogate(&pair), None);
        assert_eq!(lone_surrogate(&[0x61, 0xD800, 0x62]), Some(1));
        assert_eq!(lone_surrogate(&[0x61, 0xDC00]), Some(1));
        assert_eq!(lone_surrogate(&[0xD83D, 0xDE00, 0xD800]), Some(2));
    }

    #[test]
    fn line_hints_are_whole_numbers_from_one() {
        assert_eq!(line_hint(Some(302.0)), Ok(Some(302)));
        assert_eq!(line_hint(None), Ok(None));
        for bad in [0.0, -1.0, 302.9, f64::NAN, f64::INFINITY, 2f64.powi(60)] {
            assert!(line_hint(Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(
            line_hint(Some(2f64.powi(32) + 302.0)),
            Ok(Some(4_294_967_598))
        );
    }
}
