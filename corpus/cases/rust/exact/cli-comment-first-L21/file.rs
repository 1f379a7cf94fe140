use std::process::ExitCode;
use std::path::PathBuf;
use std::fs;
use std::env;

const DEFAULT_WIDTH: usize = 80;
const MAX_FILES: usize = 500;

#[derive(Debug)]
#[derive(Clone, PartialEq)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub width: usize,
    pub count_only: bool,
    pub ignore_blank: bool,
    pub verbose: bool,
}

impl Default for Options {
    fn default() -> Self {
        // see the migration notes before changing this
        Options { paths: Vec::new(), width: DEFAULT_WIDTH, count_only: false, ignore_blank: false, verbose: false }
    }
}

#[derive(Debug)]
pub enum CliError {
    MissingValue(String),
    UnknownFlag(String),
    BadNumber(String),
    Io(PathBuf, std::io::Error),
    TooManyFiles(usize),
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            CliError::MissingValue(flag) => write!(f, "missing value for {}", flag),
            CliError::UnknownFlag(flag) => write!(f, "unknown flag: {}", flag),
            CliError::BadNumber(value) => write!(f, "not a number: {}", value),
            CliError::Io(path, err) => write!(f, "cannot read {}: {}", path.display(), err),
            CliError::TooManyFiles(n) => write!(f, "too many files ({} > {})", n, MAX_FILES),
        }
    }
}

pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut opts = Options::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-w" | "--width" => {
                let value = iter.next().ok_or_else(|| CliError::MissingValue(arg.clone()))?;
                opts.width = value.parse().map_err(|_| CliError::BadNumber(value.clone()))?;
            }
            "-c" | "--count" => opts.count_only = true,
            "--ignore-blank" => opts.ignore_blank = true,
            "-v" | "--verbose" => opts.verbose = true,
            flag if flag.starts_with('-') => return Err(CliError::UnknownFlag(flag.to_string())),
            path => opts.paths.push(PathBuf::from(path)),
        }
    }
    if opts.paths.len() > MAX_FILES {
        return Err(CliError::TooManyFiles(opts.paths.len()));
    }
    Ok(opts)
}

#[derive(Debug, Default)]
pub struct Report {
    pub files: usize,
    pub lines: usize,
    pub long_lines: Vec<(PathBuf, usize, usize)>,
}

pub fn check_file(path: &PathBuf, opts: &Options, report: &mut Report) -> Result<(), CliError> {
    let text = fs::read_to_string(path).map_err(|e| CliError::Io(path.clone(), e))?;
    report.files += 1;
    for (index, line) in text.lines().enumerate() {
        if opts.ignore_blank && line.trim().is_empty() {
            continue;
        }
        report.lines += 1;
        let width = line.chars().count();
        if width > opts.width {
            report.long_lines.push((path.clone(), index + 1, width));
        }
    }
    Ok(())
}

fn print_report(report: &Report, opts: &Options) {
    if opts.count_only {
        println!("{}", report.long_lines.len());
        return;
    }
    for (path, line, width) in &report.long_lines {
        println!("{}:{}: line is {} characters wide (limit {})", path.display(), line, width, opts.width);
    }
    if opts.verbose {
        eprintln!("checked {} files, {} lines", report.files, report.lines);
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let opts = match parse_args(&args) {
        Ok(opts) => opts,
        Err(err) => {
            eprintln!("error: {}", err);
            return ExitCode::from(2);
        }
    };
    let mut report = Report::default();
    for path in &opts.paths {
        if let Err(err) = check_file(path, &opts, &mut report) {
            eprintln!("error: {}", err);
            return ExitCode::from(1);
        }
    }
    print_report(&report, &opts);
    if report.long_lines.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
