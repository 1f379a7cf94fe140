use std::collections::HashMap;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Get {
        key: String,
    },
    Set {
        key: String,
        value: String,
        ttl: Option<u64>,
    },
    Delete {
        key: String,
    },
    Ping,
}

#[derive(Debug)]
pub enum ParseError {
    Empty,
    UnknownCommand(String),
    MissingArgument(&'static str),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty command"),
            ParseError::UnknownCommand(c) => write!(f, "unknown command: {}", c),
            ParseError::MissingArgument(a) => write!(f, "missing argument: {}", a),
        }
    }
}

pub fn parse(line: &str) -> Result<Command, ParseError> {
    let mut parts = line.split_whitespace();
    let cmd = parts.next().ok_or(ParseError::Empty)?;
    match cmd.to_ascii_uppercase().as_str() {
        "GET" => Ok(Command::Get {
            key: parts
                .next()
                .ok_or(ParseError::MissingArgument("key"))?
                .to_string(),
        }),
        "DEL" => Ok(Command::Delete {
            key: parts
                .next()
                .ok_or(ParseError::MissingArgument("key"))?
                .to_string(),
        }),
        "PING" => Ok(Command::Ping),
        other => Err(ParseError::UnknownCommand(other.to_string())),
    }
}

pub struct Store {
    data: HashMap<String, String>,
}

impl Store {
    pub fn apply(&mut self, cmd: Command) -> Option<String> {
        match cmd {
            Command::Get { key } => self.data.get(&key).cloned(),
            Command::Set { key, value, .. } => self.data.insert(key, value),
            Command::Delete { key } => self.data.remove(&key),
            Command::Ping => Some("PONG".to_string()),
        }
    }
}
