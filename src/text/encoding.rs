//! What a file's bytes are before they are taken as UTF-8: UTF-16 or UTF-32 (with or without a
//! byte-order mark) is named as such, so the caller is told to convert it instead of being
//! told the file is "binary"; a NUL byte anywhere else means binary.
//!
//! Without a BOM, UTF-16 and UTF-32 are recognised by where their NUL bytes fall in the first
//! 4 KiB: text in those encodings that is mostly ASCII (code, configuration) has a NUL in one
//! byte of almost every pair (UTF-16) or in three bytes of every quad (UTF-32), and binary
//! data almost never has that regularity.

use crate::error::InputError;

/// How much of the start of a file is examined for the NUL pattern.
const SAMPLE: usize = 4096;

/// `Ok` for bytes that may be UTF-8 text (their UTF-8 validity is checked elsewhere);
/// otherwise the UTF-16/UTF-32 encoding they are in, or binary.
pub(crate) fn check(bytes: &[u8]) -> Result<(), InputError> {
    if let Some(encoding) = bom(bytes) {
        return Err(InputError::Utf16 { encoding });
    }
    let Some(offset) = memchr::memchr(0, bytes) else {
        return Ok(());
    };
    match nul_pattern(&bytes[..bytes.len().min(SAMPLE)], bytes.len()) {
        Some(encoding) => Err(InputError::Utf16 { encoding }),
        None => Err(InputError::Binary { offset }),
    }
}

/// The encoding a byte-order mark names (UTF-8's own BOM is not one of these).
fn bom(bytes: &[u8]) -> Option<&'static str> {
    // UTF-32 LE starts with UTF-16 LE's mark: test it first.
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) {
        Some("UTF-32LE with BOM")
    } else if bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        Some("UTF-32BE with BOM")
    } else if bytes.starts_with(&[0xFF, 0xFE]) {
        Some("UTF-16LE with BOM")
    } else if bytes.starts_with(&[0xFE, 0xFF]) {
        Some("UTF-16BE with BOM")
    } else {
        None
    }
}

/// UTF-32 or UTF-16 (and the byte order) from the positions of the NUL bytes in `sample`, the
/// start of a file of `len` bytes (a whole number of code units, and at least four of them).
fn nul_pattern(sample: &[u8], len: usize) -> Option<&'static str> {
    let ratio = |width: usize, at: usize| {
        let units = sample.len() / width;
        if units == 0 {
            return 0.0;
        }
        let zeros = (0..units).filter(|u| sample[u * width + at] == 0).count();
        zeros as f64 / units as f64
    };
    let (high, low) = (0.9, 0.1);
    if len.is_multiple_of(4) && sample.len() >= 16 {
        let r: Vec<f64> = (0..4).map(|at| ratio(4, at)).collect();
        if r[0] < low && r[1..].iter().all(|&x| x > high) {
            return Some("UTF-32LE without BOM");
        }
        if r[3] < low && r[..3].iter().all(|&x| x > high) {
            return Some("UTF-32BE without BOM");
        }
    }
    if len.is_multiple_of(2) && sample.len() >= 8 {
        let (even, odd) = (ratio(2, 0), ratio(2, 1));
        // Non-ASCII characters (CJK) have no NUL byte: ask for a clear majority, not all.
        if odd > 0.5 && even < low {
            return Some("UTF-16LE without BOM");
        }
        if even > 0.5 && odd < low {
            return Some("UTF-16BE without BOM");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(s: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        out.extend(s.encode_utf16().flat_map(|u| u.to_le_bytes()));
        out
    }

    fn utf16be(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(|u| u.to_be_bytes()).collect()
    }

    fn utf32(s: &str, le: bool) -> Vec<u8> {
        s.chars()
            .flat_map(|c| {
                if le {
                    (c as u32).to_le_bytes()
                } else {
                    (c as u32).to_be_bytes()
                }
            })
            .collect()
    }

    fn named(bytes: &[u8]) -> &'static str {
        match check(bytes) {
            Err(InputError::Utf16 { encoding }) => encoding,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn utf16_and_utf32_are_named_with_and_without_bom() {
        let text = "def f():\n    return 'é'\n";
        assert_eq!(named(&utf16le(text, true)), "UTF-16LE with BOM");
        assert_eq!(named(&utf16le(text, false)), "UTF-16LE without BOM");
        assert_eq!(named(&utf16be(text)), "UTF-16BE without BOM");
        let mut be_bom = vec![0xFE, 0xFF];
        be_bom.extend(utf16be(text));
        assert_eq!(named(&be_bom), "UTF-16BE with BOM");
        assert_eq!(named(&utf32(text, true)), "UTF-32LE without BOM");
        assert_eq!(named(&utf32(text, false)), "UTF-32BE without BOM");
        let mut le32 = vec![0xFF, 0xFE, 0, 0];
        le32.extend(utf32(text, true));
        assert_eq!(named(&le32), "UTF-32LE with BOM");
    }

    #[test]
    fn utf16_with_some_cjk_is_still_utf16() {
        let text = "// 日本語のコメント\nconst x = 1;\nconst y = 2;\n";
        assert_eq!(named(&utf16le(text, false)), "UTF-16LE without BOM");
    }

    #[test]
    fn binary_and_utf8_are_told_apart() {
        assert_eq!(check(b"x = 1\n"), Ok(()));
        assert_eq!(check("é = 1\n".as_bytes()), Ok(()));
        assert_eq!(check(b""), Ok(()));
        assert_eq!(check(b"a\0b"), Err(InputError::Binary { offset: 1 }));
        assert_eq!(check(b"a\0b\0"), Err(InputError::Binary { offset: 1 }));
        assert_eq!(
            check(b"x = 2\n\0\x01\x02\n"),
            Err(InputError::Binary { offset: 6 })
        );
        // A PNG-like header: NULs without the UTF-16 regularity.
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x01\0\0\0\x01\0\x08\x06\0\0\0";
        assert!(matches!(check(png), Err(InputError::Binary { .. })));
    }
}
