//! editloc

pub mod formats;
