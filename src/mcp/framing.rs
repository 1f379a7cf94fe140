//! The server's stdio transport: one JSON-RPC message per line, and an answer for every line
//! that carries an `id` — which rmcp's own stdio transport does not give to a line it cannot
//! parse (a number out of range such as `1e309`, a lone surrogate `\ud800`, nesting deeper than
//! the parser's limit, `not json`) or to a line over its size limit: the client would wait
//! forever.
//!
//! - A line that parses is handed to rmcp as a message.
//! - A line that is JSON but not a valid message (a wrong type for `params`, an `id` that is
//!   neither a number nor a string) is answered `-32602` (invalid params, when the request has
//!   a method and `params`) or `-32600` (invalid request), under its `id`.
//! - A line that does not parse is answered under the `id` a scan of it recovers (`envelope`):
//!   `-32602` when the parser stopped inside `params`, else `-32700` (parse error); with
//!   `"id": null` when the line shows none (`not json`). A notification (a method and no id)
//!   gets no answer, as JSON-RPC wants.
//! - A batch (an array) is answered with an array of `-32600` errors, one per request in it.
//! - A line over [`MAX_REQUEST_BYTES`] is not kept: it is scanned as it streams by (for its
//!   `id`) and answered `-32600` with its size and the limit.
//!
//! Every error answer's `data` carries editloc's `code` (`bad_arguments`, `too_large`).
//! Reading runs on a thread of its own (blocking reads of standard input, at most
//! [`MAX_REQUEST_BYTES`] held) that hands messages to rmcp through a small bounded channel;
//! writing runs on another, one whole line at a time, so answers never interleave.

use super::envelope::Envelope;
use rmcp::RoleServer;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::sync::mpsc;

/// The largest request line the server reads: 16 MiB (the limit rmcp's own transports
/// apply). A longer line is answered `-32600` with its size, and not kept.
pub const MAX_REQUEST_BYTES: usize = 16 << 20;

/// Messages read ahead of the server.
const READ_AHEAD: usize = 16;

/// A line for the writer thread, or the end.
enum Outgoing {
    Line(Vec<u8>),
    Close,
}

/// The transport rmcp serves on: parsed messages in, whole lines out.
pub struct Framed {
    incoming: tokio::sync::mpsc::Receiver<RxJsonRpcMessage<RoleServer>>,
    outgoing: mpsc::Sender<Outgoing>,
}

/// Standard input and output as a [`Framed`] transport, with the thread that writes its
/// answers (join it once the server has stopped, so every answer is out).
pub fn stdio() -> (Framed, std::thread::JoinHandle<()>) {
    let (outgoing, lines) = mpsc::channel();
    let (messages, incoming) = tokio::sync::mpsc::channel(READ_AHEAD);
    let answers = outgoing.clone();
    std::thread::Builder::new()
        .name("editloc-mcp-read".into())
        .spawn(move || {
            read_messages(
                std::io::stdin().lock(),
                MAX_REQUEST_BYTES,
                &messages,
                &answers,
            )
        })
        .expect("a thread to read requests");
    let writer = std::thread::Builder::new()
        .name("editloc-mcp-write".into())
        .spawn(move || write_lines(&mut std::io::stdout().lock(), &lines))
        .expect("a thread to write answers");
    let framed = Framed { incoming, outgoing };
    (framed, writer)
}

impl Transport<RoleServer> for Framed {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let sent = serde_json::to_vec(&item)
            .map_err(std::io::Error::other)
            .and_then(|line| send_line(&self.outgoing, line));
        std::future::ready(sent)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        let _ = self.outgoing.send(Outgoing::Close);
        Ok(())
    }
}

impl Drop for Framed {
    fn drop(&mut self) {
        let _ = self.outgoing.send(Outgoing::Close);
    }
}

fn send_line(outgoing: &mpsc::Sender<Outgoing>, mut line: Vec<u8>) -> std::io::Result<()> {
    line.push(b'\n');
    outgoing.send(Outgoing::Line(line)).map_err(|_| {
        std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the answer writer stopped")
    })
}

/// Writes each line whole and flushes it, until the transport closes or the output fails.
fn write_lines(out: &mut impl Write, lines: &mpsc::Receiver<Outgoing>) {
    while let Ok(Outgoing::Line(line)) = lines.recv() {
        if out.write_all(&line).and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}

/// What one line of input is.
#[derive(Debug)]
enum Read {
    /// A message for the server.
    Message(Box<RxJsonRpcMessage<RoleServer>>),
    /// An error answer to write back.
    Answer(Value),
    /// Nothing to do (a blank line, a notification that does not parse).
    Nothing,
}

/// Reads `input` line by line until it ends: messages go to `messages`, error answers to
/// `answers`. Stops when the server no longer takes messages.
fn read_messages(
    mut input: impl BufRead,
    limit: usize,
    messages: &tokio::sync::mpsc::Sender<RxJsonRpcMessage<RoleServer>>,
    answers: &mpsc::Sender<Outgoing>,
) {
    let mut line = Vec::new();
    loop {
        let read = match next_line(&mut input, limit, &mut line) {
            Ok(Some(Line::Whole)) => read_line(&line),
            Ok(Some(Line::TooLong { bytes, envelope })) => too_long(bytes, limit, &envelope),
            Ok(None) | Err(_) => return,
        };
        match read {
            Read::Message(m) => {
                if messages.blocking_send(*m).is_err() {
                    return;
                }
            }
            Read::Answer(answer) => {
                let line = serde_json::to_vec(&answer).expect("answers serialize");
                if send_line(answers, line).is_err() {
                    return;
                }
            }
            Read::Nothing => {}
        }
    }
}

/// A line read: whole (in the buffer, without its `\n`), or too long to keep.
enum Line {
    Whole,
    TooLong { bytes: usize, envelope: Envelope },
}

/// The next line of `input` into `line`, holding at most `limit` bytes; `None` at the end.
fn next_line(
    input: &mut impl BufRead,
    limit: usize,
    line: &mut Vec<u8>,
) -> std::io::Result<Option<Line>> {
    line.clear();
    let mut over: Option<(usize, Envelope)> = None;
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            // The end: a last line without `\n` still counts.
            return Ok(match over {
                Some((bytes, envelope)) => Some(Line::TooLong { bytes, envelope }),
                None if line.is_empty() => None,
                None => Some(Line::Whole),
            });
        }
        let newline = memchr::memchr(b'\n', available);
        let piece = &available[..newline.unwrap_or(available.len())];
        match &mut over {
            Some((bytes, envelope)) => {
                *bytes += piece.len();
                envelope.feed(piece);
            }
            None if line.len() + piece.len() > limit => {
                let mut envelope = Envelope::of(line);
                envelope.feed(piece);
                over = Some((line.len() + piece.len(), envelope));
                line.clear();
            }
            None => line.extend_from_slice(piece),
        }
        let used = newline.map_or(available.len(), |n| n + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(match over {
                Some((bytes, envelope)) => Line::TooLong { bytes, envelope },
                None => Line::Whole,
            }));
        }
    }
}

/// What a whole line is: a message, or the error answer it gets.
fn read_line(line: &[u8]) -> Read {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Read::Nothing;
    }
    let error = match serde_json::from_slice::<RxJsonRpcMessage<RoleServer>>(line) {
        Ok(message) => return Read::Message(Box::new(message)),
        Err(e) => e,
    };
    match serde_json::from_slice::<Value>(line) {
        Ok(value) => invalid_message(&value, &error),
        Err(_) => unparsable(line, &error),
    }
}

/// JSON that is not a valid message: `-32602` for a request whose `params` are wrong,
/// `-32600` otherwise; nothing for a notification. A batch (an array) is answered with an
/// array of `-32600` errors, one per request in it: MCP has no batches since 2025-06-18.
fn invalid_message(value: &Value, error: &serde_json::Error) -> Read {
    if let Value::Array(items) = value {
        return batch(items);
    }
    let Some(id) = value.get("id") else {
        return Read::Nothing;
    };
    let id = Some(id).filter(|id| id.is_number() || id.is_string());
    let request =
        value.get("method").is_some_and(Value::is_string) && value.get("params").is_some();
    let reason = without_position(error);
    match (request, id) {
        (true, Some(id)) => Read::Answer(error_answer(
            Some(id.clone()),
            -32602,
            format!("Invalid params: {reason}; the request was not run"),
            json!({"code": "bad_arguments"}),
        )),
        (_, id) => Read::Answer(error_answer(
            id.cloned(),
            -32600,
            format!("Invalid request: {reason}"),
            json!({"code": "bad_arguments"}),
        )),
    }
}

/// A batch's answer: an error for each request of it (for an empty batch, one error).
fn batch(items: &[Value]) -> Read {
    let message = "Invalid request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line";
    let answer = |id: Option<Value>| {
        error_answer(id, -32600, message.into(), json!({"code": "bad_arguments"}))
    };
    let answers: Vec<Value> = items
        .iter()
        .filter_map(|item| item.get("id"))
        .map(|id| answer(Some(id.clone()).filter(|id| id.is_number() || id.is_string())))
        .collect();
    match (items.is_empty(), answers.is_empty()) {
        (true, _) => Read::Answer(answer(None)),
        (false, true) => Read::Nothing,
        (false, false) => Read::Answer(Value::Array(answers)),
    }
}

/// A line that is not JSON serde_json can read: answered under the `id` it shows.
fn unparsable(line: &[u8], error: &serde_json::Error) -> Read {
    let envelope = Envelope::of(line);
    let id = envelope.id();
    if id.is_none() && envelope.method().is_some() {
        // A notification: JSON-RPC answers none.
        return Read::Nothing;
    }
    let reason = format!("{error}{}", unicode_note(error));
    let at = error.column().saturating_sub(1);
    let (code, message) = match id.is_some() && envelope.in_params(at) {
        true => (
            -32602,
            format!("Invalid params: {reason}; the request was not run"),
        ),
        false => (-32700, format!("Parse error: {reason}")),
    };
    Read::Answer(error_answer(
        id,
        code,
        message,
        json!({"code": "bad_arguments"}),
    ))
}

/// A line over the limit, answered `-32600` under the `id` its scan found.
fn too_long(bytes: usize, limit: usize, envelope: &Envelope) -> Read {
    let id = envelope.id();
    if id.is_none() && envelope.method().is_some() {
        return Read::Nothing;
    }
    let message = format!(
        "Invalid request: the request is {bytes} bytes, over the server's limit of {limit} bytes ({} MiB) per message; send smaller edits (split a patch, or edit a large file in several calls); the request was not run",
        limit >> 20
    );
    let data = json!({"code": "too_large", "size": bytes, "limit": limit});
    Read::Answer(error_answer(id, -32600, message, data))
}

/// What to do about a bad `\u` escape (a lone surrogate, which no UTF-8 file can hold).
fn unicode_note(error: &serde_json::Error) -> &'static str {
    let message = error.to_string();
    match message.contains("surrogate") || message.contains("hex escape") {
        true => {
            " (a `\\u` escape must be valid Unicode: a lone UTF-16 surrogate such as `\\ud800` cannot be written to a UTF-8 file)"
        }
        false => "",
    }
}

/// serde_json's message without its position (a whole message has no line to point at).
fn without_position(error: &serde_json::Error) -> String {
    let message = error.to_string();
    let position = format!(" at line {} column {}", error.line(), error.column());
    message
        .strip_suffix(&position)
        .unwrap_or(&message)
        .to_string()
}

/// A JSON-RPC error answer.
fn error_answer(id: Option<Value>, code: i64, message: String, data: Value) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(Value::Null),
        "error": {"code": code, "message": message, "data": data},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(line: &str) -> Value {
        match read_line(line.as_bytes()) {
            Read::Answer(v) => v,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn every_line_with_an_id_is_answered() {
        let a = answer("not json");
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (Value::Null, json!(-32700))
        );
        let a = answer(
            r#"{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.py","limit":1e309}}}"#,
        );
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (json!(11), json!(-32602))
        );
        assert!(
            a["error"]["message"]
                .as_str()
                .unwrap()
                .contains("number out of range"),
            "{a}"
        );
        let a = answer(
            r#"{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.py","old_string":"x","new_string":"\ud800"}}}"#,
        );
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (json!(12), json!(-32602))
        );
        assert!(
            a["error"]["message"]
                .as_str()
                .unwrap()
                .contains("lone UTF-16 surrogate"),
            "{a}"
        );
        let deep = format!(
            r#"{{"jsonrpc":"2.0","id":"d","method":"tools/call","params":{{"name":"read","arguments":{{"file_path":"a.py","x":{}1{}}}}}}}"#,
            "[".repeat(5000),
            "]".repeat(5000)
        );
        let a = answer(&deep);
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (json!("d"), json!(-32602))
        );
        // JSON, but not a message: params of the wrong type, an id of the wrong type.
        let a = answer(r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":7}"#);
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (json!(5), json!(-32602))
        );
        let a = answer(r#"{"jsonrpc":"2.0","id":[1],"method":"ping"}"#);
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (Value::Null, json!(-32600))
        );
        // Cut short: a parse error under the id already read.
        let a = answer(r#"{"jsonrpc":"2.0","id":9,"method":"ping""#);
        assert_eq!(a["id"], json!(9));
    }

    #[test]
    fn a_batch_is_answered_with_an_error_per_request() {
        let a = answer(
            r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":"b","method":"tools/list"}]"#,
        );
        let ids: Vec<&Value> = a.as_array().unwrap().iter().map(|e| &e["id"]).collect();
        assert_eq!(ids, [&json!(1), &json!("b")]);
        assert_eq!(answer("[]")["error"]["code"], json!(-32600));
    }

    #[test]
    fn messages_pass_and_notifications_are_not_answered() {
        let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        assert!(matches!(read_line(ping.as_bytes()), Read::Message(_)));
        assert!(matches!(read_line(b"  \r"), Read::Nothing));
        let bad_notification =
            r#"{"jsonrpc":"2.0","method":"notifications/x","params":{"a":1e999}}"#;
        assert!(matches!(
            read_line(bad_notification.as_bytes()),
            Read::Nothing
        ));
        let unknown = r#"{"jsonrpc":"2.0","method":"notifications/whatever","params":3}"#;
        assert!(matches!(read_line(unknown.as_bytes()), Read::Nothing));
    }

    #[test]
    fn a_line_over_the_limit_is_answered_not_kept() {
        let big = format!(
            "{{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{{\"s\":\"{}\"}},\"id\":77}}\n{}\n",
            "x".repeat(5000),
            r#"{"jsonrpc":"2.0","id":78,"method":"ping"}"#
        );
        let mut input = std::io::BufReader::with_capacity(64, big.as_bytes());
        let mut line = Vec::new();
        let Some(Line::TooLong { bytes, envelope }) =
            next_line(&mut input, 1000, &mut line).unwrap()
        else {
            panic!("not too long")
        };
        assert!(line.capacity() <= 1100, "{}", line.capacity());
        assert_eq!(bytes, big.find('\n').unwrap());
        let Read::Answer(a) = too_long(bytes, 1000, &envelope) else {
            panic!()
        };
        assert_eq!(
            (a["id"].clone(), a["error"]["code"].clone()),
            (json!(77), json!(-32600))
        );
        assert_eq!(a["error"]["data"]["code"], "too_large");
        // The next line is read as usual.
        assert!(matches!(
            next_line(&mut input, 1000, &mut line).unwrap(),
            Some(Line::Whole)
        ));
        assert!(matches!(read_line(&line), Read::Message(_)));
        assert!(next_line(&mut input, 1000, &mut line).unwrap().is_none());
    }
}
