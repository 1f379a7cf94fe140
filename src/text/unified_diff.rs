//! Unified diffs (`diff -u` style, 3 lines of context) of a file before and after an edit,
//! bounded as a report shows them ([`crate::report::cap_diff`]); the part both versions
//! share at their ends is skipped before diffing, with true line numbers in the hunks.

use crate::report::cap_diff;
use crate::text::common::{common_prefix, common_suffix};
use similar::{Algorithm, TextDiff};
use std::time::Duration;

/// Lines of context around each change in a diff.
const CONTEXT: usize = 3;

/// A unified diff (3 lines of context) between two texts, with `name` in the headers.
///
/// An edit changes a few lines of a file that may be huge: the lines both texts share at
/// their start and end (beyond the context) are cut before diffing, and the hunk headers
/// shifted back, so the cost follows the change rather than the file.
pub(crate) fn unified_diff(before: &str, after: &str, name: &str) -> String {
    unified_diff_known(before, after, name, (0, 0), &|_| None)
}

/// [`unified_diff`] for texts known to agree on their first `same_start` and last `same_end`
/// bytes (an edit's splices lie between): those bytes are not compared again, and
/// `newlines_before(offset)` may say how many `\n` `before` has before a line start (else
/// they are counted), so the cost is the changed part's. The result is [`unified_diff`]'s.
pub(crate) fn unified_diff_known(
    before: &str,
    after: &str,
    name: &str,
    (same_start, same_end): (usize, usize),
    newlines_before: &dyn Fn(usize) -> Option<usize>,
) -> String {
    let (b, a) = (before.as_bytes(), after.as_bytes());
    let (start, end_b) = changed_lines(b, a, (same_start, same_end));
    let end_a = a.len() - (b.len() - end_b);
    let skipped = newlines_before(start)
        .unwrap_or_else(|| crate::text::lines::count_byte(&b[..start], b'\n'));
    let diff = TextDiff::configure()
        .algorithm(Algorithm::Myers)
        .timeout(Duration::from_millis(200))
        .diff_lines(&before[start..end_b], &after[start..end_a])
        .unified_diff()
        .context_radius(CONTEXT)
        .header(
            &format!("a/{}", name.trim_start_matches('/')),
            &format!("b/{}", name.trim_start_matches('/')),
        )
        .to_string();
    if skipped == 0 {
        return cap_diff(diff);
    }
    cap_diff(
        diff.split_inclusive('\n')
            .map(|line| match line.strip_prefix("@@ -") {
                Some(rest) => shift_hunk_header(rest.trim_end(), skipped) + "\n",
                None => line.to_string(),
            })
            .collect(),
    )
}

/// The byte range of `b` (before) to diff against `a` (after): from the start of the line
/// the first difference is in to the end of the line the last one is in, widened by
/// [`CONTEXT`] lines each way. Both texts are known to agree on their first `same_start` and
/// last `same_end` bytes.
fn changed_lines(b: &[u8], a: &[u8], (same_start, same_end): (usize, usize)) -> (usize, usize) {
    let known = same_start.min(b.len()).min(a.len());
    let mut start = known + common_prefix(&b[known..], &a[known..]);
    start = memchr::memrchr(b'\n', &b[..start]).map_or(0, |i| i + 1);
    let tail = {
        let bound = (b.len() - start).min(a.len() - start);
        if same_end >= bound {
            bound
        } else {
            same_end + common_suffix(&b[start..b.len() - same_end], &a[start..a.len() - same_end])
        }
    };
    let mut end_b = b.len() - tail;
    if end_b < b.len() {
        // Keep the whole line the change ends in.
        end_b = memchr::memchr(b'\n', &b[end_b..]).map_or(b.len(), |i| end_b + i + 1);
    }
    for _ in 0..CONTEXT {
        if start > 0 {
            start = memchr::memrchr(b'\n', &b[..start - 1]).map_or(0, |i| i + 1);
        }
        if end_b < b.len() {
            end_b = memchr::memchr(b'\n', &b[end_b..]).map_or(b.len(), |i| end_b + i + 1);
        }
    }
    (start, end_b)
}

/// `@@ -a,b +c,d @@` with `skipped` added to both starts (`rest` is what follows `@@ -`).
fn shift_hunk_header(rest: &str, skipped: usize) -> String {
    let shift = |range: &str| {
        let (start, len) = range
            .split_once(',')
            .map_or((range, None), |(s, l)| (s, Some(l)));
        let start = start.parse::<usize>().map_or(0, |s| s + skipped);
        match len {
            Some(len) => format!("{start},{len}"),
            None => start.to_string(),
        }
    };
    let mut parts = rest.splitn(3, ' ');
    let (old, new, tail) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or("").trim_start_matches('+'),
        parts.next().unwrap_or("@@"),
    );
    format!("@@ -{} +{} {tail}", shift(old), shift(new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_of_a_small_change_in_a_long_file_has_true_line_numbers() {
        let before: String = (1..=200).map(|i| format!("line {i}\n")).collect();
        let after = before.replace("line 150\n", "line one-fifty\n");
        let full = TextDiff::from_lines(before.as_str(), after.as_str())
            .unified_diff()
            .context_radius(3)
            .header("a/f", "b/f")
            .to_string();
        assert_eq!(unified_diff(&before, &after, "f"), full);
        assert!(full.contains("@@ -147,7 +147,7 @@"), "{full}");
        let appended = format!("{before}line 201\n");
        let full = TextDiff::from_lines(before.as_str(), appended.as_str())
            .unified_diff()
            .context_radius(3)
            .header("a/f", "b/f")
            .to_string();
        assert_eq!(unified_diff(&before, &appended, "f"), full);
    }

    proptest::proptest! {
        /// Cutting the shared start and end never changes the diff of distinct lines.
        #[test]
        fn trimmed_diff_equals_the_full_diff(
            n in 1usize..60, at in 0usize..60, del in 0usize..4, ins in 0usize..4, eol in proptest::bool::ANY,
            crlf in proptest::bool::ANY
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let lines: Vec<String> = (0..n).map(|i| format!("l{i}{end}")).collect();
            let at = at.min(n);
            let mut edited = lines.clone();
            let del = del.min(n - at);
            edited.splice(at..at + del, (0..ins).map(|i| format!("new{i}{end}")));
            let (mut before, mut after) = (lines.concat(), edited.concat());
            if !eol {
                before.truncate(before.len() - end.len());
                after.truncate(after.len().saturating_sub(end.len()));
            }
            let full = TextDiff::from_lines(before.as_str(), after.as_str())
                .unified_diff()
                .context_radius(3)
                .header("a/f", "b/f")
                .to_string();
            proptest::prop_assert_eq!(unified_diff(&before, &after, "f"), full);
        }
    }
}
