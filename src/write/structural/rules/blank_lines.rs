//! Blank lines `new` adds between two tokens it keeps: the token-level writer copies every
//! byte between two kept tokens from the file, so a blank line `new` puts between them (`}`
//! then a blank line then `constructor`) would be lost; it is written at the file's line
//! break there, ending as that line does.

use similar::DiffOp;

use crate::write::rule::{RuleFamily, WriterRule};

use super::writer::{RegionEdit, TokenWriter};

/// A blank line `new` adds between two kept tokens ([`TokenWriter::added_blank_lines`]).
pub(crate) const NEW_BLANK_LINES: WriterRule = WriterRule {
    name: "new_blank_lines",
    family: RuleFamily::Insert,
    summary: "a blank line `new` adds between two lines it keeps is written there, at the file's line break",
};

impl TokenWriter<'_> {
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
}
