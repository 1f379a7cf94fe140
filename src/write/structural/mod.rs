//! The structural tier's writer: `new` diffed against `old` token by token and written into
//! the file's layout ([`rewrite`]), the token alignment it follows ([`align`]), and the file's
//! spelling conventions `new` is written in ([`conventions`]), and edits of spelling or
//! layout only, which it writes line by line ([`spelling`]).

pub(crate) mod align;
pub(crate) mod conventions;
pub(crate) mod rewrite;
pub(crate) mod spelling;

#[cfg(test)]
mod tests;
