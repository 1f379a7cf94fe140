//! Double-encoded text: `old` arrives as the body of a JSON string — no real line break, but
//! the two characters `\n` where lines end (and `\t`, `\"`, `\\`). Decoded the way a JSON
//! string decoder would; an escape JSON does not have (`\d`) means it is not JSON, and the
//! repair does not apply.

use super::text::Text;

/// `old` and `new` decoded, or why the repair does not apply.
///
/// One real line break at the very end is allowed: the line-based edit formats
/// (SEARCH/REPLACE, apply_patch, unified diffs) end every section with one. It is kept
/// unless the decoded text already ends its last line (`…\n` escaped, then the section's
/// break): one line break, not two.
pub(crate) fn apply(text: &Text) -> Result<Text, String> {
    let (old_body, old_end) = split_final_break(&text.old);
    if old_body.contains(['\n', '\r']) {
        return Err("`old` has real line breaks".to_string());
    }
    if !old_body.contains("\\n") {
        return Err("`old` has no `\\n` escape".to_string());
    }
    let old = ended(
        decode(old_body).map_err(|e| format!("`old` is not a JSON string body: {e}"))?,
        old_end,
    );
    if let Some(line) = line_inside_a_string(&old) {
        return Err(format!(
            "decoded, `old`'s line {line} would end inside a string literal: its `\\n` is the \
             literal's escape, not a line break"
        ));
    }
    let new = match text.new.as_deref().map(split_final_break) {
        Some((n, _)) if n.contains(['\n', '\r']) => {
            return Err("`new` has real line breaks while `old` has none".to_string());
        }
        Some((n, end)) => {
            let new = ended(
                decode(n).map_err(|e| format!("`new` is not a JSON string body: {e}"))?,
                end,
            );
            if let Some(line) = line_inside_a_string(&new) {
                return Err(format!(
                    "decoded, `new`'s line {line} would end inside a string literal: its \
                     `\\n` is the literal's escape, not a line break"
                ));
            }
            Some(new)
        }
        None => None,
    };
    Ok(Text {
        old,
        new,
        numbers: text.numbers,
        edges: text.edges.clone(),
    })
}

/// Whether the repair applies to this edit (`old`, and `new` when given, decode as JSON
/// string bodies, and `old` is one physical line with a `\n` escape).
pub(crate) fn applies(old: &str, new: Option<&str>) -> bool {
    apply(&Text::new(old, new)).is_ok()
}

/// The first line (1-based) of decoded text that ends inside a `'…'` or `"…"` string: an odd
/// count of the quote characters no backslash escapes, once triple quotes (Python's
/// multi-line strings) are set aside. Double-encoded code escapes a literal's own `\n` twice
/// (`\\n`), so a decoded line break never falls inside a one-line string; where one does,
/// the `\n` was the literal's.
fn line_inside_a_string(decoded: &str) -> Option<usize> {
    let odd = |line: &str, quote: char| {
        let mut count = 0;
        let mut escaped = false;
        for c in line.chars() {
            count += usize::from(c == quote && !escaped);
            escaped = c == '\\' && !escaped;
        }
        count % 2 == 1
    };
    decoded
        .lines()
        .position(|line| {
            let line = line.replace("\"\"\"", "").replace("\'\'\'", "");
            odd(&line, '"') || odd(&line, '\'')
        })
        .map(|k| k + 1)
}

/// `decoded` with the section's final `end` break, unless it already ends with a break.
fn ended(decoded: String, end: &str) -> String {
    if decoded.ends_with(['\n', '\r']) {
        decoded
    } else {
        decoded + end
    }
}

/// `text` without one final line break, and that break (`""` when there is none).
fn split_final_break(text: &str) -> (&str, &str) {
    for end in ["\r\n", "\n", "\r"] {
        if let Some(body) = text.strip_suffix(end) {
            return (body, end);
        }
    }
    (text, "")
}

/// Decodes the escapes of a JSON string body. Unescaped quotes are tolerated (models leave
/// them); unknown escapes and bad `\u` sequences are errors.
fn decode(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next().ok_or("it ends with a lone `\\`")?;
        out.push(match e {
            '"' => '"',
            '\\' => '\\',
            '/' => '/',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let hi = hex4(&mut chars)?;
                if (0xD800..0xDC00).contains(&hi) {
                    if chars.next() != Some('\\') || chars.next() != Some('u') {
                        return Err("a lone surrogate `\\u` escape".to_string());
                    }
                    let lo = hex4(&mut chars)?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return Err("a lone surrogate `\\u` escape".to_string());
                    }
                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                        .ok_or("a bad `\\u` escape")?
                } else {
                    char::from_u32(hi).ok_or("a lone surrogate `\\u` escape")?
                }
            }
            other => return Err(format!("`\\{other}` is not a JSON escape")),
        });
    }
    Ok(out)
}

fn hex4(chars: &mut std::str::Chars<'_>) -> Result<u32, String> {
    let digits: String = chars.by_ref().take(4).collect();
    if digits.len() != 4 {
        return Err("a short `\\u` escape".to_string());
    }
    u32::from_str_radix(&digits, 16).map_err(|_| format!("`\\u{digits}` is not hexadecimal"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_break_after_a_decoded_final_break_is_not_a_second_line() {
        // A SEARCH block ends its one physical line with a real break.
        let t = apply(&Text::new("a\\nb\\n\n", Some("a\\nc\\n\n"))).unwrap();
        assert_eq!(
            (t.old.as_str(), t.new.as_deref()),
            ("a\nb\n", Some("a\nc\n"))
        );
        let t = apply(&Text::new("a\\nb\n", Some("a\\nc"))).unwrap();
        assert_eq!((t.old.as_str(), t.new.as_deref()), ("a\nb\n", Some("a\nc")));
    }

    #[test]
    fn decodes_like_json() {
        assert_eq!(
            decode(r#"a\n\tb \"c\" \\n \u00e9 \ud83d\ude00"#).unwrap(),
            "a\n\tb \"c\" \\n é 😀"
        );
        assert!(decode(r"\d+").is_err());
        assert!(decode(r"\ud83d").is_err());
    }

    #[test]
    fn applies_only_without_real_line_breaks() {
        let t = Text::new(r"a\nb", Some(r"a\nc"));
        let out = apply(&t).unwrap();
        assert_eq!(
            (out.old.as_str(), out.new.as_deref()),
            ("a\nb", Some("a\nc"))
        );
        assert!(apply(&Text::new("a\\nb\nc", None)).is_err());
        // A line-based format's final line break is kept, not decoded away.
        let out = apply(&Text::new("a\\nb\n", Some("a\\nc\r\n"))).unwrap();
        assert_eq!(
            (out.old.as_str(), out.new.as_deref()),
            ("a\nb\n", Some("a\nc\r\n"))
        );
        assert!(apply(&Text::new("a\\tb", None)).is_err());
        // The `\n` of a one-line string literal is its escape, not a line break.
        assert!(apply(&Text::new(r"return '\n'.join(lines)", None)).is_err());
        assert!(apply(&Text::new(r#"a\nreturn "x" + 'y'\n"#, Some(r"a\nb = '\n'"))).is_err());
        assert!(
            apply(&Text::new(
                r#"def f():\n    """Doc."""\n    return \"x\""#,
                None
            ))
            .is_ok()
        );
        assert!(apply(&Text::new(r"a\nb", Some("a\nc"))).is_err());
    }
}
