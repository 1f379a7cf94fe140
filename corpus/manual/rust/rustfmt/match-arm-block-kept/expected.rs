use std::collections::{BTreeMap, HashMap};
use std::fmt::{self, Debug, Display};

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Get { key: String },
    Set { key: String, value: String },
    Ping,
}

macro_rules! keys {
    ($($k:expr),*) => { vec![$($k.to_string()),*] };
}

pub fn parse(word: &str, key: &str) -> Result<Command, String> {
    match word {
        "GET" => Ok(Command::Get {
            key: key.to_string(),
        }),
        "PING" => Ok(Command::Ping),
        other => Err(other.to_string()),
    }
}

pub fn describe(cmd: &Command, verbose: bool) -> String {
    match cmd {
        Command::Get { key } => {
            format!("GET {}", key)
        }
        Command::Set { key, value } => {
            let shown = value.len();
            format!("set {key} ({shown} bytes)")
        }
        Command::Ping => {
            if verbose {
                String::from("ping (verbose)")
            } else {
                String::from("ping")
            }
        }
    }
}

pub fn sample() -> Vec<Command> {
    vec![
        Command::Get {
            key: String::from("alpha-key-for-sample"),
        },
        Command::Set {
            key: String::from("beta"),
            value: String::from("value-for-the-beta-key"),
        },
        Command::Ping,
    ]
}

pub fn index(store: &HashMap<String, String>, order: &BTreeMap<String, usize>) -> usize {
    let names = keys!("a", "b");
    store.len() + order.len() + names.len()
}

impl Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", describe(self, false))
    }
}
