//! Files: reading a document and writing a result without losing bytes, metadata or another
//! writer's edit. [`edit_file`] is the one way to edit a file (the CLI, the MCP server and the
//! bindings use it): it runs a closure on the file's content under the file's lock and writes
//! what the closure returns.
//!
//! # Guarantees
//!
//! - **Locked.** Every write by editloc ([`edit_file`], [`write_atomic`], [`create_atomic`],
//!   [`remove_checked`], multi-file patches) holds an exclusive advisory lock for the whole
//!   read → locate → write → rename sequence: `flock(2)` on a sibling lock file
//!   `.NAME.editloc.lock` in the file's real folder (symlinks resolved). Locking a sibling,
//!   not the file, makes the lock survive the rename that replaces the file; each acquisition
//!   opens its own descriptor, so threads of one process exclude each other as processes do;
//!   the kernel releases the lock of a holder that dies, so a crash leaves no stale lock (at
//!   most an empty lock file, which the next writer reuses). The holder removes the lock file
//!   when done, and a waiter that finds it removed or replaced locks the new one. Waiting is
//!   bounded by [`FileOptions::lock_timeout`] (default 10 s), then [`FileError::Locked`]
//!   (code `locked`, retryable). Reading alone (`check`, dry runs) takes no lock.
//! - **Re-checked.** Just before the file is replaced, its content is read again and compared
//!   with what the edit was computed from. A writer that is not editloc (an editor, a
//!   formatter) takes no lock; its change is detected here and nothing is written
//!   ([`FileError::Changed`], code `file_changed`, retryable). The limit: such a writer acting
//!   between this re-check and the rename (microseconds) is not detected. Only editloc's own
//!   writers are serialised.
//! - **Atomic.** The new content is written to a temporary file in the same folder, synced,
//!   given the original's owner and group (`fchown`), mode and extended attributes (ACLs
//!   included), re-checked and renamed over the file; then the folder is synced. A reader sees
//!   the old file or the new one, never a mix.
//! - **Kept.** When the file has more than one hard link, or its owner, group or extended
//!   attributes cannot be given to a new file (only root may give a file away), the file is
//!   written in place instead: a copy of the original is written beside it first
//!   (`.NAME.editloc-….bak`), then the file is overwritten, truncated and synced, and put back
//!   from the copy if anything fails; the copy is removed on success. In place every name
//!   sees the edit and the inode (owner, group, mode, attributes, links) stays; the price is
//!   that a reader during the write may see a partial file, and a crash in the middle leaves
//!   the copy beside the file.
//! - **Followed links.** A symlink is written through to its target; the link stays.
//! - **Refused, nothing written:** a read-only file, a file the user may not write (even where
//!   the folder would allow the rename), a folder that cannot be written (named), anything
//!   that is not a regular file (a FIFO or device is refused before it is opened for reading),
//!   a file over [`FileOptions::max_size`], UTF-16/UTF-32, binary or non-UTF-8 content.

mod digest;
mod edit;
mod error;
mod lock;
mod options;
mod read;
mod write;

pub use digest::{is_sha256_hex, is_stale, sha256_hex};
pub use edit::{NewContent, create_atomic, edit_file, remove_checked, write_atomic};
pub use error::{EditFailure, FileError};
pub use options::{FileOptions, LOCK_TIMEOUT, MAX_SIZE};
pub use read::{read_document, read_document_with};

pub(crate) use lock::FileLock;
pub(crate) use write::{remove as remove_locked, replace as replace_locked};

#[cfg(test)]
mod tests;
