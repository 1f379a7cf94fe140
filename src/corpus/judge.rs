//! `editloc corpus judge DIR`: runs the current editloc over every formatter-judged case
//! under `DIR` and judges each output nobody judged yet with the real formatter, recording
//! it in the case's `verdicts.toml` (what `corpus/generate --judge` did; it needs no script).
//!
//! An output is met when every line outside the edited region (the case's `region`, widened
//! to the lines where the expected file differs from the file) is the file's, byte for byte,
//! and formatting it gives the expected file (or the expected file formatted once more, as a
//! formatter is not always idempotent) — or when it is already as the formatter writes it and
//! has the expected file's significant tokens (whitespace, `;` in JavaScript and TypeScript,
//! a comma before a closing bracket, a Python line continuation aside): the formatter keeps
//! a layout the file had (black's magic trailing comma). The literal replacement of a unique
//! exact occurrence of `old` by `new` is met as it is ([`super::literal`]).

use super::case::{Case, Judge, JudgedOutput};
use super::formatter::{Formatter, command_of};
use super::literal::is_literal_replacement;
use super::run::run_case;
use super::verdict::Verdict;
use rayon::prelude::*;
use std::path::Path;

/// What a judging run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Judged {
    /// Outputs judged met.
    pub met: usize,
    /// Outputs judged wrong.
    pub wrong: usize,
    /// Cases with an unjudged output and no formatter to judge it with.
    pub no_formatter: Vec<String>,
}

/// Judges every unjudged output under `root` (see the module docs); `formatter` overrides
/// the cases' own formatter. `tick` is called once per formatter-judged case.
pub fn judge(
    root: &Path,
    formatter: Option<&Formatter>,
    tick: &(dyn Fn() + Sync),
) -> std::io::Result<Judged> {
    let (cases, _) = super::run::load(root)?;
    let verdicts: Vec<(String, Result<JudgedOutput, String>)> = cases
        .par_iter()
        .filter(|c| c.judge == Judge::Formatter)
        .filter_map(|case| {
            let result = run_case(case);
            tick();
            let Verdict::Unjudged { sha256, output } = result.verdict else {
                return None;
            };
            let command = formatter
                .map(|f| f.command.clone())
                .or_else(|| case.formatter.as_ref().and_then(command_of));
            let Some(command) = command else {
                return Some((case.name.clone(), Err("no formatter".into())));
            };
            let (met, why) = judge_output(case, &Formatter::new(command), &output);
            Some((case.name.clone(), Ok(JudgedOutput { sha256, met, why })))
        })
        .collect();
    let mut judged = Judged::default();
    for (name, verdict) in verdicts {
        match verdict {
            Ok(v) => {
                if v.met {
                    judged.met += 1
                } else {
                    judged.wrong += 1
                }
                record(&root.join(&name), v)?;
            }
            Err(_) => judged.no_formatter.push(name),
        }
    }
    Ok(judged)
}

/// The lines at the top and at the bottom the file keeps outside the edited region.
fn outside(case: &Case, file: &[&str], intended: &[&str]) -> (usize, usize) {
    let prefix = file
        .iter()
        .zip(intended)
        .take_while(|(a, b)| a == b)
        .count();
    let room = file.len().min(intended.len()) - prefix;
    let suffix = file
        .iter()
        .rev()
        .zip(intended.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    match case.region {
        Some([first, last]) => (
            prefix.min(first.saturating_sub(1)),
            suffix.min(file.len().saturating_sub(last)),
        ),
        None => (prefix, suffix),
    }
}

/// `(met, why)` for one output of a formatter-judged case.
pub fn judge_output(case: &Case, formatter: &Formatter, output: &str) -> (bool, Option<String>) {
    if is_literal_replacement(case, output) {
        return (true, None);
    }
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (file, intended) = (
        text(&case.file),
        text(case.expected.as_deref().unwrap_or_default()),
    );
    let (f, i, o) = (lines(&file), lines(&intended), lines(output));
    let (above, below) = outside(case, &f, &i);
    if o.len() < above || o[..above] != f[..above] {
        let k = (0..above)
            .find(|&k| k >= o.len() || o[k] != f[k])
            .unwrap_or(0);
        return (
            false,
            Some(format!("line {}, above the edited region, changed", k + 1)),
        );
    }
    if below > 0 && (o.len() < above + below || o[o.len() - below..] != f[f.len() - below..]) {
        return (false, Some("a line below the edited region changed".into()));
    }
    let ext = case.file_name.rsplit('.').next().unwrap_or("");
    let Ok(formatted) = formatter.format(output, ext) else {
        return (false, Some("the formatter cannot parse the output".into()));
    };
    if formatted == intended
        || formatter
            .format(&intended, ext)
            .is_ok_and(|twice| twice == formatted)
    {
        return (true, None);
    }
    if formatted == output && significant(output, &case.lang) == significant(&intended, &case.lang)
    {
        return (true, None);
    }
    (
        false,
        Some(
            "formatting the output does not give the formatter's output of the intended file"
                .into(),
        ),
    )
}

/// The lines of `text` with their endings.
fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// `text` without what the formatters add or drop freely: whitespace, `;` (JavaScript and
/// TypeScript), a comma before a closing bracket, a Python line continuation.
fn significant(text: &str, lang: &str) -> String {
    let squeezed: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let js = matches!(lang, "typescript" | "tsx" | "javascript");
    let mut out = String::new();
    for (k, &c) in squeezed.iter().enumerate() {
        let next = squeezed.get(k + 1).copied();
        let dropped = (c == ';' && js)
            || (c == '\\' && lang == "python")
            || (c == ',' && matches!(next, Some(')' | ']' | '}')));
        if !dropped {
            out.push(c);
        }
    }
    out
}

/// Keeps every output judged met and replaces the ones judged wrong by `verdict`.
fn record(dir: &Path, verdict: JudgedOutput) -> std::io::Result<()> {
    let path = dir.join("verdicts.toml");
    #[derive(serde::Deserialize, Default)]
    struct Outputs {
        #[serde(default)]
        output: Vec<JudgedOutput>,
    }
    let old: Outputs = std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| toml::from_str(&t).ok())
        .unwrap_or_default();
    let mut keep: Vec<JudgedOutput> = old
        .output
        .into_iter()
        .filter(|o| o.met && o.sha256 != verdict.sha256)
        .collect();
    keep.push(verdict);
    let mut text = String::from(
        "# outputs of editloc judged with the real formatter by `editloc corpus judge`\n",
    );
    for o in keep {
        text.push_str(&format!(
            "\n[[output]]\nsha256 = \"{}\"\nmet = {}\n",
            o.sha256, o.met
        ));
        if let Some(why) = &o.why {
            text.push_str(&format!("why = {}\n", toml::Value::String(why.clone())));
        }
    }
    std::fs::write(path, text)
}
