//! Writing: a located place and the model's `old`/`new` turned into the place's new bytes,
//! keeping the file's own spelling wherever `new` keeps `old`'s. Writing never searches: it
//! follows the alignment the locating tier found ([`crate::locate`]).

pub(crate) mod blocks;
pub(crate) mod deleted;
pub(crate) mod elision;
pub(crate) mod exact;
pub(crate) mod indent;
pub(crate) mod located;
pub mod parse_check;
pub(crate) mod splices;
pub(crate) mod structural;
pub(crate) mod text;
