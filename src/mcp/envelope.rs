//! What a request line says of itself when it cannot be parsed: its `id`, its `method` and
//! where its `params` lie, found by a scan that needs no valid JSON and no memory beyond a few
//! bytes — so that a line with a number out of range, a lone surrogate, nesting too deep for
//! the parser or too many bytes to keep can still be answered under its own `id`.
//!
//! The scan follows the top-level object's members byte by byte (strings, escapes and nesting
//! depth only); it never builds a value, so it takes any depth and any length in constant
//! memory, and it can be fed a line in pieces.

use serde_json::Value;
use std::ops::Range;

/// The most bytes of an `id` or `method` value kept; a longer one is not recovered.
const MAX_KEPT: usize = 1024;

/// Which top-level member a value belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Member {
    Id,
    Method,
    Params,
    Other,
}

/// Where the scan stands in the top-level object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Before the top-level `{`.
    Start,
    /// A member's name (or the object's end).
    Key,
    /// Inside a member's name.
    InKey,
    /// The `:` after a name.
    Colon,
    /// A member's value.
    Value,
    /// Inside a member's value.
    InValue,
    /// After the object, or the line is not an object: nothing more to learn.
    Done,
}

/// The scan of one line: feed it the line's bytes, then ask for the `id`, the `method` and
/// the span of `params`.
#[derive(Debug)]
pub(super) struct Envelope {
    offset: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    expect: Expect,
    key: Vec<u8>,
    member: Member,
    value_start: usize,
    kept: Vec<u8>,
    id: Option<Vec<u8>>,
    method: Option<Vec<u8>>,
    params: Option<Range<usize>>,
}

impl Default for Envelope {
    fn default() -> Self {
        Envelope {
            offset: 0,
            depth: 0,
            in_string: false,
            escaped: false,
            expect: Expect::Start,
            key: Vec::new(),
            member: Member::Other,
            value_start: 0,
            kept: Vec::new(),
            id: None,
            method: None,
            params: None,
        }
    }
}

impl Envelope {
    /// The scan of a whole line.
    pub(super) fn of(line: &[u8]) -> Envelope {
        let mut envelope = Envelope::default();
        envelope.feed(line);
        envelope
    }

    /// Scans the next bytes of the line.
    pub(super) fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.expect == Expect::Done {
                return;
            }
            if self.in_string {
                self.string_byte(b);
            } else {
                self.structural_byte(b);
            }
            self.offset += 1;
        }
    }

    /// The `id`, when the line has one that is a number or a string.
    pub(super) fn id(&self) -> Option<Value> {
        let raw = self.id.as_deref()?;
        serde_json::from_slice::<Value>(raw)
            .ok()
            .filter(|v| v.is_number() || v.is_string())
    }

    /// The `method`, when the line has one that is a plain string.
    pub(super) fn method(&self) -> Option<String> {
        serde_json::from_slice::<String>(self.method.as_deref()?).ok()
    }

    /// Whether byte `offset` of the line lies in the value of `params`.
    pub(super) fn in_params(&self, offset: usize) -> bool {
        match (&self.params, self.member, self.expect) {
            (Some(span), _, _) => span.contains(&offset),
            // `params` still open where the line ends (the parser stopped inside it).
            (None, Member::Params, Expect::InValue) => offset >= self.value_start,
            _ => false,
        }
    }

    fn string_byte(&mut self, b: u8) {
        let closes = !self.escaped && b == b'"';
        self.escaped = !self.escaped && b == b'\\';
        if closes {
            self.in_string = false;
        }
        match self.expect {
            Expect::InKey if closes => self.expect = Expect::Colon,
            Expect::InKey if self.key.len() <= MAX_KEPT => self.key.push(b),
            Expect::InValue => self.keep(b),
            _ => {}
        }
    }

    fn structural_byte(&mut self, b: u8) {
        if b.is_ascii_whitespace() {
            return;
        }
        match (self.expect, b) {
            (Expect::Start, b'{') => {
                self.depth = 1;
                self.expect = Expect::Key;
            }
            (Expect::Start, _) => self.expect = Expect::Done,
            (Expect::Key, b'"') => {
                self.in_string = true;
                self.key.clear();
                self.expect = Expect::InKey;
            }
            (Expect::Key, b'}') => self.expect = Expect::Done,
            (Expect::Colon, b':') => {
                self.member = match self.key.as_slice() {
                    b"id" => Member::Id,
                    b"method" => Member::Method,
                    b"params" => Member::Params,
                    _ => Member::Other,
                };
                self.expect = Expect::Value;
            }
            (Expect::Value, _) => {
                self.expect = Expect::InValue;
                self.value_start = self.offset;
                self.kept.clear();
                self.value_byte(b);
            }
            (Expect::InValue, _) => self.value_byte(b),
            // Not the shape of an object: stop learning.
            _ => self.expect = Expect::Done,
        }
    }

    /// A byte of a member's value, outside strings.
    fn value_byte(&mut self, b: u8) {
        match b {
            b',' | b'}' if self.depth == 1 => {
                self.end_value();
                self.expect = if b == b',' { Expect::Key } else { Expect::Done };
                return;
            }
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => self.depth = self.depth.saturating_sub(1).max(1),
            b'"' => self.in_string = true,
            _ => {}
        }
        self.keep(b);
    }

    fn keep(&mut self, b: u8) {
        if matches!(self.member, Member::Id | Member::Method) && self.kept.len() <= MAX_KEPT {
            self.kept.push(b);
        }
    }

    fn end_value(&mut self) {
        let kept = std::mem::take(&mut self.kept);
        let whole = kept.len() <= MAX_KEPT;
        match self.member {
            Member::Id if whole => self.id = Some(kept),
            Member::Method if whole => self.method = Some(kept),
            Member::Params => self.params = Some(self.value_start..self.offset),
            _ => {}
        }
        self.member = Member::Other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_members_of_a_line_no_parser_takes() {
        let line = br#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"read","arguments":{"limit":1e309}}}"#;
        let e = Envelope::of(line);
        assert_eq!(e.id(), Some(json!(11)));
        assert_eq!(e.method().as_deref(), Some("tools/call"));
        let at = line.windows(5).position(|w| w == b"1e309").unwrap();
        assert!(e.in_params(at));
        assert!(!e.in_params(3));
        // The id last (as the TypeScript SDK writes it), a string, escapes and nesting before.
        let line = br#"{"method":"x","params":{"s":"a\"}\\","deep":[[[[{"k":"]"}]]]],"u":"\ud800"},"jsonrpc":"2.0","id":"r-1"}"#;
        let e = Envelope::of(line);
        assert_eq!(e.id(), Some(json!("r-1")));
        assert_eq!(e.method().as_deref(), Some("x"));
        // Fed in pieces, as a line too long to keep is.
        let mut e = Envelope::default();
        for piece in line.chunks(3) {
            e.feed(piece);
        }
        assert_eq!(e.id(), Some(json!("r-1")));
    }

    #[test]
    fn what_is_not_an_object_has_no_id() {
        for line in [
            &b"not json"[..],
            b"[1,2]",
            b"",
            b"{\"id\":",
            b"{\"id\":[1]}",
            b"{\"id\":null}",
        ] {
            assert_eq!(
                Envelope::of(line).id(),
                None,
                "{}",
                String::from_utf8_lossy(line)
            );
        }
        let deep = format!(
            "{{\"id\":7,\"x\":{}1{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert_eq!(Envelope::of(deep.as_bytes()).id(), Some(json!(7)));
        // Cut inside params: the rest of the line is in params.
        let e = Envelope::of(br#"{"id":3,"params":{"a":"#);
        assert_eq!(e.id(), Some(json!(3)));
        assert!(e.in_params(20));
    }
}
