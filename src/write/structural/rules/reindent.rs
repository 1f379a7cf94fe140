//! Re-indent rules: `new`'s lines written at the file's indentation, counted from the lines
//! `new` and the file both keep, and kept lines `new` moves into another block.

use similar::{Algorithm, DiffOp, capture_diff_slices};

use crate::syntax::token::{SyntaxToken, TokenClass};
use crate::text::indent_width;
use crate::text::lines::{indentation, line_start, starts_line};
use crate::write::indent::IndentMap;

use super::shared::bracket_depth;
use crate::write::rule::{RuleFamily, WriterRule};

use super::writer::{RegionEdit, TokenWriter};

/// `new`'s lines written at the file's indentation ([`TokenWriter::adapt`]).
pub(crate) const REINDENT_LINES: WriterRule = WriterRule {
    name: "reindent_lines",
    family: RuleFamily::Reindent,
    summary: "lines from `new` take the file's indentation, levels counted from the lines `new` and the file both keep",
};

/// Kept lines moved into another block re-indented ([`TokenWriter::reindent_moved`]).
pub(crate) const REINDENT_MOVED: WriterRule = WriterRule {
    name: "reindent_moved",
    family: RuleFamily::Reindent,
    summary: "kept lines `new` moves into another block take the depth `new` gives them, their continuation lines along",
};

impl TokenWriter<'_> {
    /// (indentation in `new`, indentation in the file) of the lines where a token `new`
    /// keeps starts a line in both (and `new` indents its line as `old` does), in order; the
    /// first is the reference pair.
    pub(super) fn find_pairs(&self, o: &[SyntaxToken]) -> Vec<(String, String)> {
        let okeys: Vec<(TokenClass, &str)> = o.iter().map(|t| (t.class, t.key(""))).collect();
        let nkeys: Vec<(TokenClass, &str)> = self.n.iter().map(|t| (t.class, t.key(""))).collect();
        let mut pairs = Vec::new();
        for op in capture_diff_slices(Algorithm::Myers, &okeys, &nkeys) {
            if let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = op
            {
                for k in 0..len {
                    let (f, nt) = (&self.file[old_index + k], &self.n[new_index + k]);
                    // A line `new` indents otherwise than `old` moved: it shows where the
                    // model put it, not how the file indents `new`'s depths.
                    let ot = &o[old_index + k];
                    let moved = starts_line(self.old, ot.range.start)
                        && indent_width(
                            &self.old[line_start(self.old, ot.range.start)..ot.range.start],
                        ) != indent_width(
                            &self.new[line_start(self.new, nt.range.start)..nt.range.start],
                        );
                    if !f.class.is_marker()
                        && !moved
                        && starts_line(self.text, f.range.start)
                        && starts_line(self.new, nt.range.start)
                        && !(self.new_first_line_copied()
                            && nt.range.start < self.new_first_line_end())
                    {
                        let fl = &self.text[line_start(self.text, f.range.start)..f.range.start];
                        let nl = &self.new[line_start(self.new, nt.range.start)..nt.range.start];
                        pairs.push((nl.to_string(), fl.to_string()));
                    }
                }
            }
        }
        pairs
    }

    /// Indentation of `new`'s first non-blank line and of the file line where the match
    /// starts: the anchor when no kept token starts a line in both.
    pub(super) fn base(&self) -> (String, String) {
        if let Some(r) = self.pairs.first() {
            return r.clone();
        }
        let skip = usize::from(self.new_first_line_copied());
        let nb = self
            .new
            .lines()
            .skip(skip)
            .filter(|l| !l.trim().is_empty())
            .map(indentation)
            .min_by_key(|w| indent_width(w))
            .unwrap_or("");
        let start = self.found.core.start.min(self.text.len());
        let ls = line_start(self.text, start);
        (nb.to_string(), indentation(&self.text[ls..]).to_string())
    }

    /// `new` was copied from after its first line's indentation (`x = 1\n    y = 2`): its
    /// first line is unindented while a later line is indented and the file indents the line
    /// where the match starts. That first line's indentation says nothing about depth.
    pub(super) fn new_first_line_copied(&self) -> bool {
        let mut lines = self.new.lines().filter(|l| !l.trim().is_empty());
        let Some(first) = self.new.lines().next() else {
            return false;
        };
        let start = self.found.core.start.min(self.text.len());
        let file_indented = !indentation(&self.text[line_start(self.text, start)..]).is_empty();
        !first.trim().is_empty()
            && indentation(first).is_empty()
            && lines.nth(1).is_some_and(|l| !indentation(l).is_empty())
            && file_indented
    }

    /// Where `new`'s first line ends.
    pub(super) fn new_first_line_end(&self) -> usize {
        self.new.find('\n').unwrap_or(self.new.len())
    }

    /// The file indentation for a `new` line indented by `ws`: levels counted from the
    /// reference pair (a `new` line and the file line it stands for), as the text tiers'
    /// writer counts them.
    pub(super) fn reindent(&self, ws: &str) -> Result<String, String> {
        let (nref, fref) = self.base();
        let single = || {
            IndentMap::new(
                [(nref.as_str(), fref.as_str())],
                self.style.new_unit,
                &self.style.unit,
            )
            .map(ws)
        };
        if self.pairs.len() < 2 {
            return single();
        }
        // Every kept line's pair: a block indented otherwise than the file's unit (two
        // spaces in a four-space file) is indented as it is.
        let all = IndentMap::new(
            self.pairs.iter().map(|(n, f)| (n.as_str(), f.as_str())),
            self.style.new_unit,
            &self.style.unit,
        );
        if all.inconsistency().is_some() {
            return single();
        }
        all.map(ws).or_else(|_| single())
    }

    /// Text from `new`, in the file's style. With `inline`, the first line continues
    /// the file's current line; every other line is re-indented.
    pub(super) fn adapt(&self, piece: &str, inline: bool) -> Result<String, String> {
        let mut out = String::with_capacity(piece.len());
        for (i, line) in piece.split('\n').enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if i > 0 {
                out.push_str(self.style.eol);
            }
            if i == 0 && inline {
                out.push_str(line);
            } else if !line.trim().is_empty() {
                let indent = self.reindent(indentation(line))?;
                if indent != indentation(line) {
                    self.fire(&REINDENT_LINES);
                }
                out.push_str(&indent);
                out.push_str(line.trim_start_matches([' ', '\t']));
            }
        }
        Ok(out)
    }

    /// Kept lines that `new` moves into another block (a call moved out of an `if`) take
    /// the indentation `new` gives them, in the file's style: a kept token that starts a
    /// line in the file and in `new` at a different bracket depth than in `old`. The file's
    /// continuation lines of such a line's statement (a wrapped call `new` writes on one
    /// line) move with it, keeping their indentation relative to it.
    pub(super) fn reindent_moved(&self, ops: &[DiffOp]) -> Option<Vec<RegionEdit>> {
        let old_depth = depths(self.o_tokens);
        let new_depth = depths(self.n);
        let mut edits = Vec::new();
        // The last moved line's (file indentation, new indentation): the file's
        // continuation lines of its statement, which `new` writes on that line, follow it.
        let mut moved: Option<(&str, String)> = None;
        for op in ops {
            let DiffOp::Equal {
                old_index,
                new_index,
                len,
            } = *op
            else {
                continue;
            };
            for k in 0..len {
                let (f, t) = (&self.file[old_index + k], &self.n[new_index + k]);
                let same_depth = old_depth[old_index + k] == new_depth[new_index + k];
                let ls = line_start(self.text, f.range.start);
                if !starts_line(self.text, f.range.start)
                    || f.class.is_marker()
                    || ls < self.found.range.start
                {
                    continue;
                }
                let file_ws = &self.text[ls..f.range.start];
                if !starts_line(self.new, t.range.start) {
                    if let Some((from, to)) = moved.as_ref().filter(|_| !same_depth)
                        && let Some(rest) = file_ws.strip_prefix(*from)
                    {
                        edits.push(RegionEdit {
                            at: ls..f.range.start,
                            with: format!("{to}{rest}"),
                        });
                    }
                    continue;
                }
                moved = None;
                if same_depth {
                    continue;
                }
                let ws = &self.new[line_start(self.new, t.range.start)..t.range.start];
                let with = self.reindent(ws).ok()?;
                if with != file_ws {
                    moved = Some((file_ws, with.clone()));
                    edits.push(RegionEdit {
                        at: ls..f.range.start,
                        with,
                    });
                }
            }
        }
        if !edits.is_empty() {
            self.fire(&REINDENT_MOVED);
        }
        Some(edits)
    }
}

/// The bracket depth before each token.
pub(super) fn depths(toks: &[SyntaxToken]) -> Vec<i32> {
    let mut d = 0;
    toks.iter()
        .map(|t| {
            let here = d;
            d += match t.class {
                TokenClass::Open => 1,
                TokenClass::Close => -1,
                _ => bracket_depth(t.key("")),
            };
            here
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::written;
    use crate::lang::Language::*;

    #[test]
    fn a_call_moved_out_of_its_block_takes_new_s_depth() {
        let text = "function g() {\n  if (x) {\n    a();\n    b();\n  }\n}\n";
        let old = "if (x) {\n  a();\n  b();\n}";
        let new = "if (x) {\n  a();\n}\nb();";
        let (out, rules) = written(TypeScript, text, old, new);
        assert_eq!(
            out,
            "function g() {\n  if (x) {\n    a();\n  }\n  b();\n}\n"
        );
        assert_eq!(
            rules,
            [
                "token_edits",
                "reindent_lines",
                "lines_before_kept",
                "delete_last_line",
                "reindent_moved"
            ]
        );
    }
}
