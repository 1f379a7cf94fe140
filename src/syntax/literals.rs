//! Literal decoding: a string literal's spelling (prefix, quotes, hash padding) and its
//! decoded value, a number's normalised spelling, JSX text's rendered whitespace, so that
//! two spellings of one value compare equal.

use std::ops::Range;

use crate::lang::StringRule;

/// JSX's whitespace rule for text children: each line trimmed (the first only at its
/// end, the last only at its start), empty lines dropped, the rest joined by a space.
pub(super) fn jsx_text(src: &str) -> String {
    let lines: Vec<&str> = src.split('\n').collect();
    let last = lines.len().saturating_sub(1);
    let mut parts = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut l = *line;
        if i > 0 {
            l = l.trim_start();
        }
        if i < last {
            l = l.trim_end();
        }
        if !l.is_empty() {
            parts.push(l);
        }
    }
    parts.join(" ")
}

/// The part of a JSX text that renders: a leading or trailing whitespace run is layout
/// when it contains a line break (JSX drops it whole), and visible otherwise.
pub(super) fn jsx_text_span(src: &str) -> Range<usize> {
    let body = src.trim_start();
    let start = if src[..src.len() - body.len()].contains('\n') {
        src.len() - body.len()
    } else {
        0
    };
    let body = src.trim_end();
    let end = if src[body.len()..].contains('\n') {
        body.len()
    } else {
        src.len()
    };
    start..end.max(start)
}

/// `true` for a plain ASCII identifier (a quoted key that may be written unquoted).
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// The parts of a string literal's spelling: prefix, delimiter, hash padding.
pub(crate) struct Spelling<'a> {
    pub prefix: &'a str,
    pub quote: &'a str,
    pub hashes: usize,
    pub body: &'a str,
    pub raw: bool,
}

/// Splits a literal into prefix, quotes and body according to its rule.
pub(crate) fn spell<'a>(rule: &'a StringRule, src: &'a str) -> Option<Spelling<'a>> {
    let rest = src.trim_start_matches(|c: char| rule.prefixes.contains(c));
    let prefix = &src[..src.len() - rest.len()];
    let raw = !rule.escapes || prefix.chars().any(|c| rule.raw.contains(c));
    let (hashes, rest) = if rule.hashes {
        let inner = rest.trim_start_matches('#');
        (rest.len() - inner.len(), inner)
    } else {
        (0, rest)
    };
    let quote = rule.quotes.iter().find(|q| {
        rest.len() >= 2 * q.len() + hashes
            && rest.starts_with(q.as_str())
            && rest[..rest.len() - hashes].ends_with(q.as_str())
            && rest[rest.len() - hashes..].bytes().all(|b| b == b'#')
    })?;
    let body = rest.get(quote.len()..rest.len() - hashes - quote.len())?;
    Some(Spelling {
        prefix,
        quote,
        hashes,
        body,
        raw,
    })
}

/// Decodes a string literal to (value-changing prefix flags, value), so that
/// `'It\'s'` and `"It's"` and `r"\d"`/`"\\d"` compare equal.
pub(crate) fn decode_string(rule: &StringRule, src: &str) -> Option<(String, String)> {
    let sp = spell(rule, src)?;
    let mut flags: Vec<char> = sp
        .prefix
        .chars()
        .filter(|c| !rule.raw.contains(*c) && !rule.ignored.contains(*c))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    flags.sort_unstable();
    flags.dedup();
    let value = if sp.raw {
        sp.body.to_string()
    } else {
        unescape(sp.body)
    };
    Some((flags.into_iter().collect(), value))
}

/// Decodes the common backslash escapes; unknown ones are kept as written, which is
/// consistent on both sides of a comparison.
fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        escape(e, &mut chars, &mut out);
    }
    out
}

/// The characters of a string body still to decode.
type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// Appends what the escape `\e` means (`chars`: what follows `e`, consumed as far as the
/// escape reaches); an unknown escape is appended as written.
fn escape(e: char, chars: &mut Chars, out: &mut String) {
    match e {
        'n' => out.push('\n'),
        't' => out.push('\t'),
        'r' => out.push('\r'),
        '0' if chars.peek().is_none_or(|d| !d.is_ascii_digit()) => out.push('\0'),
        '\\' | '\'' | '"' | '`' => out.push(e),
        '\n' => {}
        '\r' => {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
        }
        'x' | 'u' | 'U' => code_point(e, chars, out),
        other => {
            out.push('\\');
            out.push(other);
        }
    }
}

/// Appends the character of a hex escape (`\xHH`, `\uHHHH`, `\u{H…}`, `\UHHHHHHHH`; `e`
/// is its letter), or the escape as written when its digits name no character.
fn code_point(e: char, chars: &mut Chars, out: &mut String) {
    let braced = e == 'u' && chars.peek() == Some(&'{');
    let hex = if braced {
        chars.next();
        braced_digits(chars)
    } else {
        let want = match e {
            'x' => 2,
            'u' => 4,
            _ => 8,
        };
        hex_digits(chars, want)
    };
    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
        Some(ch) if !hex.is_empty() => out.push(ch),
        _ => {
            out.push('\\');
            out.push(e);
            if braced {
                out.push('{');
            }
            out.push_str(&hex);
            if braced {
                out.push('}');
            }
        }
    }
}

/// What stands between `{` and `}` (both consumed; all that is left when no `}` comes).
fn braced_digits(chars: &mut Chars) -> String {
    let mut hex = String::new();
    for d in chars.by_ref() {
        if d == '}' {
            break;
        }
        hex.push(d);
    }
    hex
}

/// Up to `want` hex digits from the start of `chars` (consumed; the first non-digit is not).
fn hex_digits(chars: &mut Chars, want: usize) -> String {
    let mut hex = String::new();
    while hex.len() < want {
        match chars.peek() {
            Some(d) if d.is_ascii_hexdigit() => {
                hex.push(*d);
                chars.next();
            }
            _ => break,
        }
    }
    hex
}

/// Normalises a number's spelling: case, digit separators, `.5`→`0.5`, trailing
/// fraction zeros (`1.50`→`1.5`, `1.0`→`1.`; the dot stays because `1.0` and `1` have
/// different types in Python and Rust), exponent sign and zeros.
pub(crate) fn normalize_number(src: &str) -> String {
    let t: String = src
        .chars()
        .filter(|&c| c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if t.starts_with("0x") || t.starts_with("0o") || t.starts_with("0b") {
        return t;
    }
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    let mut mantissa = t[..i].to_string();
    let mut exponent = String::new();
    if i < b.len() && b[i] == b'e' {
        let mut j = i + 1;
        let negative = j < b.len() && b[j] == b'-';
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let digits_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > digits_start {
            let digits = t[digits_start..j].trim_start_matches('0');
            let digits = if digits.is_empty() { "0" } else { digits };
            exponent = format!("e{}{digits}", if negative { "-" } else { "" });
            i = j;
        }
    }
    if mantissa.starts_with('.') {
        mantissa.insert(0, '0');
    }
    if mantissa.contains('.') {
        while mantissa.ends_with('0') {
            mantissa.pop();
        }
    }
    format!("{mantissa}{exponent}{}", &t[i..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_normalise() {
        for (a, b) in [
            (".5", "0.5"),
            ("1E10", "1e10"),
            ("0XAB", "0xab"),
            ("1.50", "1.5"),
            ("1E+05", "1e5"),
            ("1_000", "1000"),
            ("1.0f64", "1.f64"),
        ] {
            assert_eq!(normalize_number(a), normalize_number(b), "{a} vs {b}");
        }
        assert_ne!(normalize_number("1.0"), normalize_number("1"));
        assert_ne!(normalize_number("15"), normalize_number("1.5"));
    }

    #[test]
    fn escapes_decode_or_stay_as_written() {
        assert_eq!(unescape(r"a\tb\n\\"), "a\tb\n\\");
        assert_eq!(unescape(r"\x41\u00e9\u{1F600}\U0001F600"), "Aé😀😀");
        assert_eq!(unescape(r"\0 \01"), "\0 \\01");
        assert_eq!(unescape("a\\\r\nb\\\nc"), "abc");
        assert_eq!(
            unescape(r"\xZZ \u{} \u{110000} \q"),
            r"\xZZ \u{} \u{110000} \q"
        );
        assert_eq!(unescape(r"\u{41"), "A");
        assert_eq!(unescape(r"\x4"), "\u{4}");
        assert_eq!(unescape("end\\"), "end\\");
        let mut rest = "12g".chars().peekable();
        assert_eq!(hex_digits(&mut rest, 4), "12");
        assert_eq!(rest.collect::<String>(), "g");
        let mut rest = "41}x".chars().peekable();
        assert_eq!(braced_digits(&mut rest), "41");
        assert_eq!(rest.collect::<String>(), "x");
    }
}
