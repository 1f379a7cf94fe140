//! Format-preserving writes (placeholder until the rewrite lands).
use super::{Found, Syntax};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewrite {
    pub replacement: String,
    pub fallback: bool,
}

pub fn rewrite(_syntax: &Syntax, _text: &str, _found: &Found, _old: &str, new: &str) -> Result<Rewrite, String> {
    Ok(Rewrite { replacement: new.to_string(), fallback: true })
}
