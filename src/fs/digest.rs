//! SHA-256 of a file's content: what a caller's `expect_sha256` (the content the model saw)
//! is compared against.

use sha2::{Digest, Sha256};

/// Whether `content` is not the content whose SHA-256 (hex, any case) the model saw.
pub fn is_stale(content: &str, expect_sha256: &str) -> bool {
    !sha256_hex(content.as_bytes()).eq_ignore_ascii_case(expect_sha256.trim())
}

/// Whether `s` is a SHA-256 in hex: 64 hex digits, any case.
pub fn is_sha256_hex(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The SHA-256 of `bytes`, in lower-case hex: what `--expect-sha256` compares against.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
