//! A case ready to be written ([`Planned`]): what `mine::cases` plans and `mine::write` writes.

use crate::corpus::Expect;
use crate::outcome::Tier;

/// A case ready to be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Planned {
    /// The folder under the output, `<lang>/<drift>/<name>`.
    pub folder: String,
    /// The drift recorded in `case.toml`.
    pub drift: String,
    /// What the case expects.
    pub expect: Expect,
    /// The tier that must land it (applied cases).
    pub tier: Option<Tier>,
    /// The language's name.
    pub lang: &'static str,
    /// The file's extension.
    pub ext: String,
    /// The file on disk.
    pub file: String,
    /// `old` as sent.
    pub old: String,
    /// `new` as sent.
    pub new: String,
    /// The whole file after the edit (applied cases).
    pub expected: Option<String>,
    /// Shape tags.
    pub shapes: Vec<&'static str>,
    /// Where the edit comes from.
    pub note: String,
    /// The formatter command of a formatter-judged case.
    pub formatter: Option<String>,
    /// The lines of the file `old` denotes (formatter-judged cases).
    pub region: Option<[usize; 2]>,
}
