use std::path::PathBuf;

#[derive(Debug, Clone)]
pub struct Config {
    pub root: PathBuf,
    pub max_depth: usize,
    pub follow_links: bool,
}

impl Config {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Config { root: root.into(), max_depth: 8, follow_links: false }
    }

    pub fn with_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }
}

pub fn walk(config: &Config) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![(config.root.clone(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let ft = entry.file_type()?;
            if ft.is_dir() && depth < config.max_depth {
                stack.push((path, depth + 1));
            } else if ft.is_file() {
                out.push(path);
            } else if ft.is_symlink() && config.follow_links {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}
