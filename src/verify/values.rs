//! A token's value, for matching what the model remembered with what the file holds: a plain
//! string by its decoded content (`'It\'s'` is `"It's"`), a number by its value (`0x1F` is
//! `31`, `1_000` is `1000`, `.5` is `0.5`), a comment by its words (spacing aside), punctuation
//! with typographic look-alikes folded (a curly quote is a straight one, an em dash a hyphen).
//! Written for the verifier alone; the locator's folding is not used.

use super::class::LexemeClass;
use crate::lang::Language;

/// The key of the token `text` of class `class`.
pub(crate) fn key(text: &str, class: LexemeClass, language: Option<Language>) -> String {
    // A CRLF inside a literal reads as LF in every language here (see `fit::same_breaks`).
    let unified;
    let text = if text.contains('\r') {
        unified = text.replace("\r\n", "\n");
        unified.as_str()
    } else {
        text
    };
    match class {
        LexemeClass::Literal { plain: true } => format!("s:{}", fold(&string_value(text))),
        LexemeClass::Literal { plain: false } => fold(text),
        LexemeClass::Comment => {
            let words: String = fold(text).split_whitespace().collect();
            format!("c:{words}")
        }
        LexemeClass::Code if language.is_some() => number(text).unwrap_or_else(|| text.to_string()),
        _ => fold(text),
    }
}

/// Zero-width characters: never part of a token.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}'
    )
}

/// `text` with typographic look-alikes made plain: curly quotes straight, dashes hyphens, an
/// ellipsis three dots, invisible characters gone.
pub(crate) fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last_dash = false;
    for c in text.chars() {
        let dash = matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\u{2212}');
        match c {
            _ if is_invisible(c) => {}
            _ if dash && last_dash => {}
            _ if dash => out.push('-'),
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{2032}' => out.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => out.push('"'),
            '\u{2026}' => out.push_str("..."),
            '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => {
                out.push(' ')
            }
            _ => out.push(c),
        }
        last_dash = dash;
    }
    out
}

/// A number's value as a key (`n:31`), `None` when `text` is not a number.
fn number(text: &str) -> Option<String> {
    let first = text.chars().next()?;
    let starts = first.is_ascii_digit()
        || (first == '.' && text[1..].starts_with(|c: char| c.is_ascii_digit()));
    if !starts {
        return None;
    }
    let t: String = text
        .chars()
        .filter(|&c| c != '_')
        .collect::<String>()
        .to_ascii_lowercase();
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = t.strip_prefix(prefix) {
            let end = digits
                .find(|c: char| !c.is_digit(radix))
                .unwrap_or(digits.len());
            let value = u128::from_str_radix(&digits[..end], radix).ok()?;
            return Some(format!("n:{value}{}", &digits[end..]));
        }
    }
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == 'e' || c == '+' || c == '-'))
        .unwrap_or(t.len());
    if let Ok(v) = t[..end].parse::<u128>() {
        return Some(format!("n:{v}{}", &t[end..]));
    }
    match t[..end].parse::<f64>() {
        Ok(v) if v.fract() == 0.0 && v.abs() < 1e30 => {
            Some(format!("n:{}{}", v as i128, &t[end..]))
        }
        Ok(v) => Some(format!("n:{v:?}{}", &t[end..])),
        Err(_) => Some(format!("n:{t}")),
    }
}

/// The content of a string literal: its prefix and quotes taken away and, unless it is raw,
/// its escapes decoded. Prefix letters that change the value (a byte string) stay in front.
pub(crate) fn string_value(text: &str) -> String {
    let prefix_len = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let prefix = text[..prefix_len].to_ascii_lowercase();
    let rest = &text[prefix_len..];
    let hashes = rest.len() - rest.trim_start_matches('#').len();
    let rest = &rest[hashes..rest.len().saturating_sub(hashes).max(hashes)];
    let quote = ["\"\"\"", "'''", "\"", "'", "`"]
        .into_iter()
        .find(|q| rest.starts_with(q) && rest.len() >= 2 * q.len() && rest.ends_with(q));
    let Some(quote) = quote else {
        return text.to_string();
    };
    let body = &rest[quote.len()..rest.len() - quote.len()];
    let raw = prefix.contains('r') || quote == "`";
    let kept: String = prefix.chars().filter(|c| !"rufbt".contains(*c)).collect();
    let bytes = if prefix.contains('b') { "b:" } else { "" };
    let value = if raw {
        body.to_string()
    } else {
        unescape(body)
    };
    format!("{bytes}{kept}{value}")
}

/// `body` with backslash escapes decoded (unknown ones kept as written).
fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('\n') => {}
            Some('x') => out.push(hex_char(&mut chars, 2).unwrap_or('\u{FFFD}')),
            Some('u') if chars.peek() == Some(&'{') => {
                chars.next();
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                out.push(
                    u32::from_str_radix(&hex, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or('\u{FFFD}'),
                );
            }
            Some('u') => out.push(hex_char(&mut chars, 4).unwrap_or('\u{FFFD}')),
            Some(q @ ('\\' | '\'' | '"' | '`')) => out.push(q),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The character of the next `n` hex digits.
fn hex_char(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, n: usize) -> Option<char> {
    let hex: String = (0..n).filter_map(|_| chars.next()).collect();
    char::from_u32(u32::from_str_radix(&hex, 16).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_strings_numbers_and_typography() {
        assert_eq!(string_value(r#"'It\'s'"#), string_value(r#""It's""#));
        assert_eq!(string_value(r#"r"\d""#), string_value(r#""\\d""#));
        assert_eq!(string_value(r##"r#"a"b"#"##), "a\"b");
        assert_ne!(string_value(r#"b"x""#), string_value(r#""x""#));
        assert_eq!(string_value(r#"u"x""#), string_value(r#""x""#));
        assert_eq!(string_value("'''a\nb'''"), "a\nb");
        assert_eq!(number("0x1F"), number("31"));
        assert_eq!(number("1_000"), number("1000"));
        assert_eq!(number(".5"), number("0.5"));
        assert_eq!(number("1E5"), number("1e5"));
        assert_ne!(number("1u8"), number("1u16"));
        assert_eq!(number("abc"), None);
        assert_eq!(fold("“x” — y…"), "\"x\" - y...");
        assert_eq!(fold("a--b"), "a-b");
    }
}
