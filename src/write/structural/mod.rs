//! The structural tier's writer: `new` diffed against `old` token by token and written into
//! the file's layout ([`rewrite`]), the token alignment it follows ([`align`]), and the file's
//! spelling conventions `new` is written in ([`conventions`]).

pub(crate) mod align;
pub(crate) mod conventions;
pub(crate) mod rewrite;

#[cfg(test)]
mod tests;
