//! The cases one changed file gives: for each hunk, one case (or `--cases-per-hunk`) under
//! drifts drawn from the drifts asked for (the next one when one does not apply), one time in five a case whose
//! file already holds the edit (`already-applied`, must be refused as such), and — from a git
//! range — a case whose `old` changed again later (`stale-old`: the file at the end of the
//! range no longer holds `old`, must be refused as `not_found`).

use super::drift::{self, Drift};
use super::edit::{MinedEdit, Shape, edit_for};
use super::hunks::{Hunk, hunks, lines, set_aside};
use super::options::{MineOptions, Tally};
use super::planned::Planned;
use super::sample::Sampler;
use super::source::{RevisedFile, Revisions};
use super::tier::{Placement, classify, tier_of};
use crate::corpus::Expect;
use crate::lang::Language;
use crate::outcome::Tier;
use std::cell::RefCell;
use std::path::Path;

/// Why a changed file gives no case at all, or `None`.
fn file_set_aside(revs: &Revisions, options: &MineOptions) -> Option<&'static str> {
    let size = revs.before.len().max(revs.after.len());
    if size > options.max_file_bytes {
        return Some("file over --max-file-bytes");
    }
    if revs.before.contains('\r') || revs.after.contains('\r') {
        return Some("file with CR line endings");
    }
    let long = |t: &str| t.lines().any(|l| l.chars().count() > 400);
    if long(&revs.before) || long(&revs.after) {
        return Some("minified or generated file (a line over 400 characters)");
    }
    None
}

/// What one hunk is planned from: the change, its revisions and the hunk's place.
struct Site<'a> {
    change: &'a RevisedFile,
    revs: &'a Revisions,
    before: Vec<&'a str>,
    after: Vec<&'a str>,
    hunks: Vec<Hunk>,
    lang: Language,
    ext: String,
    options: &'a MineOptions,
    /// The formatter's outputs of the texts formatted last (text, output).
    formatted: RefCell<Vec<(String, Option<String>)>>,
}

/// Every case `change` gives; set-aside hunks and files are counted in `tally`.
pub(super) fn plan(change: &RevisedFile, options: &MineOptions, tally: &mut Tally) -> Vec<Planned> {
    let path = Path::new(&change.path);
    let Some(lang) = Language::from_path(path) else {
        return Vec::new();
    };
    if options
        .languages
        .as_ref()
        .is_some_and(|l| !l.contains(&lang))
    {
        return Vec::new();
    }
    let revs = match change.read() {
        Ok(revs) => revs,
        Err(why) => return tally.aside(why),
    };
    if let Some(why) = file_set_aside(&revs, options) {
        return tally.aside(why);
    }
    let (before, after) = (lines(&revs.before), lines(&revs.after));
    let mut merges = Sampler::new(
        options.seed,
        &format!("{}:{}:merge", change.key, change.path),
    );
    let found = hunks(&before, &after, 3, |_| merges.one_in(2));
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    let formatted = RefCell::new(Vec::new());
    let site = Site {
        change,
        revs: &revs,
        before,
        after,
        hunks: found,
        lang,
        ext,
        options,
        formatted,
    };
    let mut out = Vec::new();
    for index in 0..site.hunks.len() {
        out.extend(site.plan_hunk(index, tally));
    }
    out
}

impl Site<'_> {
    /// The cases of hunk `index`.
    fn plan_hunk(&self, index: usize, tally: &mut Tally) -> Vec<Planned> {
        let hunk = &self.hunks[index];
        if let Some(why) = set_aside(hunk, &self.before, &self.after, self.options.max_hunk_lines) {
            return tally.aside(why);
        }
        let key = format!("{}:{}:{index}", self.change.key, self.change.path);
        let mut sampler = Sampler::new(self.options.seed, &key);
        let drifts = &self.options.drifts;
        let first = sampler.below(drifts.len());
        let mut out = Vec::new();
        out.extend(
            (0..drifts.len())
                .map(|k| drifts[(first + k) % drifts.len()])
                .filter_map(|d| self.drift_case(d, index, &mut sampler))
                .take(self.options.cases_per_hunk.max(1)),
        );
        if out.is_empty() {
            tally.aside::<Planned>("old not unique, or no drift applies");
        }
        if sampler.one_in(5) {
            out.extend(self.refusal(index, &mut sampler, false));
        }
        out.extend(self.refusal(index, &mut sampler, true));
        out
    }

    /// The folder and note of a case of hunk `index` under `drift`.
    fn name(&self, index: usize, drift: &str, edit: &MinedEdit) -> (String, String) {
        let path: String = self.change.path.replace(['/', '\\'], "_");
        let tail: String = path
            .chars()
            .rev()
            .take(60)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let folder = format!(
            "{}/{drift}/{}-{tail}-h{index}",
            self.lang.name(),
            self.change.key
        );
        let note = format!(
            "mined: {} {} {}, hunk {} (lines {}-{} with {}+{} context lines)",
            self.options.label,
            self.change.key,
            self.change.path,
            index + 1,
            edit.span.start + 1,
            edit.span.end,
            edit.context.0,
            edit.context.1
        );
        (folder, note)
    }

    /// The base file and hunk a drift starts from: the earlier revision, or for `stale` the
    /// later revision with just this hunk reverted (`None` when the file has one hunk).
    fn base(&self, drift: Drift, index: usize) -> Option<(Vec<&str>, Hunk)> {
        let hunk = &self.hunks[index];
        if drift != Drift::Stale {
            return Some((self.before.clone(), hunk.clone()));
        }
        if self.hunks.len() < 2 {
            return None;
        }
        let mut stale: Vec<&str> = self.after[..hunk.new.start].to_vec();
        stale.extend_from_slice(&self.before[hunk.old.clone()]);
        stale.extend_from_slice(&self.after[hunk.new.end..]);
        let start = hunk.new.start;
        Some((
            stale,
            Hunk {
                old: start..start + hunk.old.len(),
                new: hunk.new.clone(),
            },
        ))
    }

    /// The case of hunk `index` under `drift`, or `None` when the drift does not apply.
    fn drift_case(&self, drift: Drift, index: usize, sampler: &mut Sampler) -> Option<Planned> {
        let (base, hunk) = self.base(drift, index)?;
        let shape = Shape::sample(sampler, true);
        let edit = edit_for(&base, &self.after, &hunk, sampler, shape).ok()?;
        let intended = edit.intended(&base);
        if drift == Drift::Formatter {
            return self.formatter_case(index, &base.concat(), &intended, &edit);
        }
        let d = drift::apply(drift, &base, &intended, &edit)?;
        let tier = tier_of(&d.file, &d.old)?;
        if tier == Tier::Exact && !matches!(drift, Drift::Exact | Drift::Stale)
            || d.file == d.expected
        {
            return None;
        }
        let (folder, note) = self.name(index, drift.name(), &edit);
        Some(Planned {
            folder,
            drift: drift.name().to_string(),
            expect: Expect::Applied,
            tier: Some(tier),
            lang: self.lang.name(),
            ext: self.ext.clone(),
            file: d.file,
            old: d.old,
            new: d.new,
            expected: Some(d.expected),
            shapes: edit.shapes.clone(),
            note,
            formatter: None,
            region: None,
        })
    }
}

impl Site<'_> {
    /// The formatter's output of `text`, cached for the base file many hunks share.
    fn format(&self, text: &str) -> Option<String> {
        let formatter = self.options.formatter.as_ref()?;
        let mut cache = self.formatted.borrow_mut();
        if let Some((_, out)) = cache.iter().find(|(t, _)| t == text) {
            return out.clone();
        }
        let out = formatter.format(text, &self.ext).ok();
        if cache.len() > 4 {
            cache.remove(0);
        }
        cache.push((text.to_string(), out.clone()));
        out
    }

    /// The formatter case of an edit: the file is the formatter's output of the base file,
    /// `old`/`new` as the model remembers them, the expected file the formatter's output of
    /// the intended file; judged with the formatter.
    fn formatter_case(
        &self,
        index: usize,
        base: &str,
        intended: &str,
        edit: &MinedEdit,
    ) -> Option<Planned> {
        let command = self.options.formatter.as_ref()?.command.clone();
        let file = self.format(base)?;
        let expected = self.format(intended)?;
        if file == expected {
            return None;
        }
        let tier = tier_of(&file, &edit.old)?;
        let (f, x) = (lines(&file), lines(&expected));
        let prefix = f.iter().zip(&x).take_while(|(a, b)| a == b).count();
        let room = f.len().min(x.len()) - prefix;
        let suffix = f
            .iter()
            .rev()
            .zip(x.iter().rev())
            .take(room)
            .take_while(|(a, b)| a == b)
            .count();
        let first = (prefix + 1).saturating_sub(edit.context.0).max(1);
        let last = (f.len() - suffix + edit.context.1).clamp(first, f.len().max(1));
        let name = drift::formatter_name(&command);
        let (folder, note) = self.name(index, &name, edit);
        Some(Planned {
            folder,
            drift: name,
            expect: Expect::Applied,
            tier: Some(tier),
            lang: self.lang.name(),
            ext: self.ext.clone(),
            file,
            old: edit.old.clone(),
            new: edit.new.clone(),
            expected: Some(expected),
            shapes: edit.shapes.clone(),
            note: format!("{note}; file formatted with `{command}`"),
            formatter: Some(command),
            region: Some([first, last]),
        })
    }

    /// A must-refuse case of hunk `index`: the edit sent again to the file that already
    /// holds it (`already_applied`), or — `stale` — sent to the file at the end of the range,
    /// where its place changed again (`not_found`).
    fn refusal(&self, index: usize, sampler: &mut Sampler, stale: bool) -> Option<Planned> {
        let hunk = &self.hunks[index];
        let shape = Shape::sample(sampler, false);
        let edit = edit_for(&self.before, &self.after, hunk, sampler, shape).ok()?;
        let absent = |file: &str, text: &str| classify(file, text) == Placement::Unfolded;
        let distinctive = edit.new.chars().filter(|c| c.is_alphanumeric()).count() >= 3;
        let (drift, file, expect) = if stale {
            let later = self
                .revs
                .later
                .as_ref()
                .filter(|l| **l != self.revs.after)?;
            let gone = absent(later, &edit.old) && absent(later, &edit.new);
            let changed = !contains_run(&words(later), &words(&edit.old));
            (gone && changed).then_some(("stale-old", later.clone(), Expect::NotFound))?
        } else {
            let file = edit.intended(&self.before);
            let once = file.matches(&edit.new).count() == 1;
            (absent(&file, &edit.old) && once && distinctive).then_some((
                "already-applied",
                file,
                Expect::AlreadyApplied,
            ))?
        };
        if file.len() > self.options.max_file_bytes {
            return None;
        }
        let (folder, note) = self.name(index, drift, &edit);
        Some(Planned {
            folder,
            drift: drift.to_string(),
            expect,
            tier: None,
            lang: self.lang.name(),
            ext: self.ext.clone(),
            file,
            old: edit.old,
            new: edit.new,
            expected: None,
            shapes: edit.shapes,
            note,
            formatter: None,
            region: None,
        })
    }
}

/// The words (runs of letters, digits and `_`) of the lines of `text` that are not comments.
fn words(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("//")
                || t.starts_with('#')
                || t.starts_with("/*")
                || t.starts_with('*'))
        })
        .flat_map(|l| l.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `needle` is a contiguous run of `hay`.
fn contains_run(hay: &[&str], needle: &[&str]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}
