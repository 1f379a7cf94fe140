//! Files: reading a document and writing a result without losing bytes, metadata or another
//! writer's edit. [`edit_file`] is the one way to edit a file (the CLI, the MCP server and the
//! bindings use it): it runs a closure on the file's content under the file's lock and writes
//! what the closure returns.
//!
//! # Guarantees
//!
//! - **Handles, not paths.** A path is walked once, a component at a time, from an opened
//!   anchor without following links blindly ([`place`]): the result is the file's folder,
//!   opened, and its name there. The lock, the read, the temporary file, the re-check, the
//!   rename and the removal all go through that folder handle and never follow a link at the
//!   name, so a link swapped into the path after the walk cannot redirect the edit. Beneath
//!   roots ([`Scope::Beneath`], the MCP server) a path or link leading out of every root is
//!   refused (`outside_root`) and `..` never climbs above a root.
//! - **Locked.** Every write by editloc ([`edit_file`], [`write_atomic`], [`create_atomic`],
//!   [`remove_checked`], multi-file patches) holds an exclusive advisory lock for the whole
//!   read → locate → write → rename sequence: `flock(2)` on the file itself, so every name of
//!   one file (hard links, symbolic links) shares one lock ([`lock`]); a file being created is
//!   created under a lock on its folder. Each acquisition opens its own descriptor, so threads
//!   of one process exclude each other as processes do; the kernel releases the lock of a
//!   holder that dies, so a crash leaves no stale lock and no lock file. Waiting is bounded by
//!   [`FileOptions::lock_timeout`] (default 10 s), then [`FileError::Locked`] (code `locked`,
//!   retryable). Reading alone (`check`, dry runs) takes no lock.
//! - **Re-checked.** Just before the file is replaced, its content is compared again through
//!   the locked handle with what the edit was computed from, and then the name is checked to
//!   still hold that same inode (device, inode, size and modification time unchanged). A
//!   writer that is not editloc (an editor, a formatter) takes no lock; its change is detected
//!   here and nothing is written ([`FileError::Changed`], code `file_changed`, retryable). The
//!   limit: such a writer acting between this last check and the rename (one system call) is
//!   not detected. Only editloc's own writers are serialised.
//! - **Private and atomic.** The new content is written to a temporary file in the same folder
//!   ([`temp`]): unnamed where the system allows (`O_TMPFILE`), created `0600`, and given the
//!   original's owner and group (`fchown`), mode and extended attributes (ACLs included)
//!   **before any byte is written**; it is synced, named, re-checked and renamed over the
//!   file; then the folder is synced. A reader sees the old file or the new one, never a mix,
//!   and no one who may not read the file can read the copy.
//! - **Kept.** When the file has more than one hard link, or its owner, group or extended
//!   attributes cannot be given to a new file (only root may give a file away), the file is
//!   written in place instead: a private copy of the original (`0600` at most) is written
//!   beside it first (`.NAME.editloc-PID-N.bak`), then the file is overwritten, truncated and
//!   synced, and put back from the copy if anything fails; the copy is removed on success. In
//!   place every name sees the edit and the inode (owner, group, mode, attributes, links)
//!   stays; the price is that a reader during the write may see a partial file.
//! - **What a crash leaves.** A `kill -9` during a write leaves the file as it was or as it
//!   will be. Where unnamed temporary files are supported, nothing else is left but in the
//!   microseconds between naming the finished copy and the rename; elsewhere a named
//!   `.NAME.editloc-PID-N.tmp` may stay, and the next editloc write in that folder removes
//!   the temporary files of processes that no longer run. A crash during an in-place write
//!   leaves the `.bak` copy, which nothing removes but its reader: it may be the only copy.
//! - **Followed links.** A symlink is written through to its target; the link stays.
//! - **Refused, nothing written:** a read-only file, a file the user may not write (even where
//!   the folder would allow the rename), a folder that cannot be written (named), anything
//!   that is not a regular file (a FIFO or device is refused before it is opened), a file over
//!   [`FileOptions::max_size`], UTF-16/UTF-32, binary or non-UTF-8 content.

mod digest;
mod edit;
mod error;
mod lock;
mod options;
pub(crate) mod place;
mod read;
pub(crate) mod temp;
mod write;

pub use digest::{is_sha256_hex, is_stale, sha256_hex};
pub use edit::{NewContent, create_atomic, edit_file, remove_checked, write_atomic};
pub use error::{EditFailure, FileError};
pub use options::{FileOptions, LOCK_TIMEOUT, MAX_SIZE};
pub(crate) use place::{Folder, Place, Scope};
#[cfg(feature = "mcp")]
pub(crate) use read::{locked_bytes, place_bytes};
pub use read::{read_document, read_document_with};
pub(crate) use read::{read_locked, read_place};

pub(crate) use lock::FileLock;
pub(crate) use write::{
    create_or_fill as create_locked, remove as remove_locked, replace as replace_locked,
};

#[cfg(test)]
mod tests;
