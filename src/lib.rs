//! editloc
pub mod lang;
pub mod structural;
