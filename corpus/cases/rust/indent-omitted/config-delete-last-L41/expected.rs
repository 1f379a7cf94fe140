use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::error::ConfigError;
use crate::paths::config_dir;
use crate::schema::Schema;

pub const DEFAULT_PORT: u16 = 8080;
pub const DEFAULT_WORKERS: usize = 4;
pub const CONFIG_NAME: &str = "app.toml";

#[derive(Debug, Clone)]
pub struct Config {
    pub port: u16,
    pub workers: usize,
    pub values: BTreeMap<String, String>,
}

/// Loads the configuration file, falling back to defaults.
pub fn load(dir: Option<&Path>) -> Result<Config, ConfigError> {
    let dir: PathBuf = dir.map(Path::to_path_buf).unwrap_or_else(config_dir);
    let path = dir.join(CONFIG_NAME);
    let text = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(ConfigError::Io(e)),
    };
    let values = parse(&text)?;
    let port = values.get("port").and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_PORT);
    let workers = values.get("workers").and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_WORKERS);
    Schema::check(&values)?;
    Ok(Config { port, workers, values })
}

fn parse(text: &str) -> Result<BTreeMap<String, String>, ConfigError> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        let (key, value) = line.split_once('=').ok_or(ConfigError::Syntax)?;
        let key = key.trim().to_string();
        out.insert(key, value);
    }
    Ok(out)
}
