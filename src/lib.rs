//! editloc
