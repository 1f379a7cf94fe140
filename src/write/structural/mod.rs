//! The structural tier's writer: `new` diffed against `old` token by token and written into
//! the file's layout, as named rules in families ([`rules`]), the token alignment it follows
//! ([`align`]), and the file's spelling conventions `new` is written in ([`conventions`]),
//! edits of spelling or layout only, which it writes line by line ([`spelling`]), and lines
//! it makes wider than the file's print width, broken as the file's formatter breaks them
//! ([`width`]).

pub(crate) mod align;
pub(crate) mod conventions;
pub(crate) mod rules;
pub(crate) mod spelling;
pub(crate) mod width;

#[cfg(test)]
mod tests;
