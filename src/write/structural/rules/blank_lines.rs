//! Blank lines as `new` has them where the token-level writer would copy the file's: a blank
//! line `new` adds between two tokens it keeps (`}` then a blank line then `constructor`) is
//! written at the file's line break there; lines `new` inserts where the file has only blank
//! lines between the kept lines around them take `new`'s blank lines before and after them
//! (one blank line, the inserted block, two blank lines, the next `def`), not the file's
//! blank lines all above them.

use similar::DiffOp;

use crate::write::rule::{RuleFamily, WriterRule};

use crate::text::lines::line_start;

use super::writer::{Inserted, Insertion, RegionEdit, TokenWriter};

/// A blank line `new` adds between two kept tokens ([`TokenWriter::added_blank_lines`]).
pub(crate) const NEW_BLANK_LINES: WriterRule = WriterRule {
    name: "new_blank_lines",
    family: RuleFamily::Insert,
    summary: "a blank line `new` adds between two lines it keeps is written there, at the file's line break",
};

/// Inserted lines in `new`'s blank lines ([`TokenWriter::lines_in_blank_gap`]).
pub(crate) const INSERTED_IN_BLANK_GAP: WriterRule = WriterRule {
    name: "inserted_in_blank_gap",
    family: RuleFamily::Insert,
    summary: "lines inserted where the file has only blank lines between the kept lines around them take `new`'s blank lines before and after them",
};

/// How many blank lines `gap` holds: it runs from the end of a line's last token to the
/// start of a later line (or of a token starting one), and must be only whitespace.
fn blank_lines_in(gap: &str) -> Option<usize> {
    if !gap.trim().is_empty() {
        return None;
    }
    gap.matches('\n').count().checked_sub(1)
}

impl TokenWriter<'_> {
    /// The edit writing the inserted lines `lines` (`run`, standing on `inserted` in `new`)
    /// where the file has only blank lines between the kept line before and the kept line
    /// after: the file's blank lines replaced by `new`'s before the lines and after them.
    /// `None` when either side has more than blank lines there (a comment, code) or the gap
    /// leaves the region.
    pub(super) fn lines_in_blank_gap(
        &self,
        run: &Insertion,
        inserted: &Inserted,
        lines: &str,
    ) -> Option<RegionEdit> {
        let real = |t: &&crate::syntax::FileToken| !t.class.is_marker();
        let prev = self.file[..run.o].iter().rfind(real)?;
        let next = self.file[run.o..].iter().find(real)?;
        let (from, to) = (prev.range.end, line_start(self.text, next.range.start));
        let region = &self.found.range;
        if from < region.start || to > region.end || to <= from {
            return None;
        }
        let file_blanks = blank_lines_in(self.text.get(from..next.range.start)?)?;
        let new_prev = self.n[..run.n.start]
            .iter()
            .rfind(|t| !t.class.is_marker())?;
        let new_before = self
            .new
            .get(new_prev.range.end..line_start(self.new, run.first.range.start))?;
        let before = blank_lines_in(new_before)?;
        let after = blank_lines_in(self.new.get(inserted.lines.end..inserted.next)?)?;
        // Where the file has no blank line there, or `new` nothing after the lines, the
        // other insert rules place them.
        if file_blanks == 0 || inserted.next >= self.new.len() {
            return None;
        }
        let line_end = from + self.text[from..].find('\n')? + 1;
        let eol = self.eol_at(from);
        let lines = super::shared::relined(lines, eol);
        self.fire(&INSERTED_IN_BLANK_GAP);
        Some(RegionEdit {
            at: line_end..to,
            with: format!("{}{lines}{eol}{}", eol.repeat(before), eol.repeat(after)),
        })
    }

    /// The edits writing the blank lines `new` adds between two tokens it keeps next to each
    /// other (file tokens `a`, `a + 1` standing for `new`'s `b`, `b + 1`), where the file has
    /// a single line break and nothing else between them and `new` has blank lines and
    /// nothing else.
    pub(super) fn added_blank_lines(&self, ops: &[DiffOp]) -> Vec<RegionEdit> {
        let mut edits = Vec::new();
        for op in ops {
            let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = *op
            else {
                continue;
            };
            for k in 0..len.saturating_sub(1) {
                if let Some(edit) = self.blank_lines_between(old_index + k, new_index + k) {
                    edits.push(edit);
                }
            }
        }
        if !edits.is_empty() {
            self.fire(&NEW_BLANK_LINES);
        }
        edits
    }

    /// The edit for the gap after file token `a` and `new` token `b` (see
    /// [`TokenWriter::added_blank_lines`]).
    fn blank_lines_between(&self, a: usize, b: usize) -> Option<RegionEdit> {
        let (f0, f1) = (self.file.get(a)?, self.file.get(a + 1)?);
        let (n0, n1) = (self.n.get(b)?, self.n.get(b + 1)?);
        let real = |r: &std::ops::Range<usize>| !r.is_empty();
        if ![&f0.range, &f1.range, &n0.range, &n1.range]
            .into_iter()
            .all(real)
        {
            return None;
        }
        let file_gap = self.text.get(f0.range.end..f1.range.start)?;
        let new_gap = self.new.get(n0.range.end..n1.range.start)?;
        if !file_gap.trim().is_empty() || !new_gap.trim().is_empty() {
            return None;
        }
        let added = new_gap.matches('\n').count().checked_sub(1)?;
        if added == 0 || file_gap.matches('\n').count() != 1 {
            return None;
        }
        let at = f0.range.end + file_gap.find('\n')? + 1;
        if at > self.found.range.end || at <= self.found.range.start {
            return None;
        }
        let eol = self.eol_at(f0.range.end);
        Some(RegionEdit {
            at: at..at,
            with: eol.repeat(added),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language;

    #[test]
    fn a_blank_line_new_adds_between_kept_lines_is_written() {
        let text = "class C {\n  static get a() {\n    return A;\n  }\n  constructor(x) {\n    if (x) {\n      y = \"q\";\n    }\n  }\n}\n";
        let old = "    return A\n  }\n  constructor (x) {\n    if (x) {\n      y = 'q'\n    }";
        let new = "    return A\n  }\n\n  constructor (x) {\n    z = 1";
        // The token-level write (the file's `;` convention is applied after it).
        let (out, rules) = written(Language::from_name("javascript").unwrap(), text, old, new);
        assert_eq!(
            out,
            "class C {\n  static get a() {\n    return A;\n  }\n\n  constructor(x) {\n    z = 1\n  }\n}\n"
        );
        assert!(rules.contains(&super::NEW_BLANK_LINES.name), "{rules:?}");
    }

    #[test]
    fn lines_inserted_between_blank_lines_take_new_s_blank_lines() {
        // The file has two blank lines before `def`; `new` inserts `T = 1` with one blank line
        // above it and two below: not all the file's blank lines above it.
        let text = "import a\nfrom b import c\n\n\ndef f(\n    x,\n):\n    return x\n";
        let old = "from b import c\n\n\ndef f(x):";
        let new = "from b import c\n\nT = 1\n\n\ndef f(x: T):";
        let (out, rules) = written(Language::from_name("python").unwrap(), text, old, new);
        assert_eq!(
            out,
            "import a\nfrom b import c\n\nT = 1\n\n\ndef f(\n    x: T,\n):\n    return x\n"
        );
        assert!(
            rules.contains(&super::INSERTED_IN_BLANK_GAP.name),
            "{rules:?}"
        );
    }
}
