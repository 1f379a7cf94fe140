//! The literal replacement of a formatter-judged case: the file with the one exact occurrence
//! of `old` replaced by `new`, which the runner and the judge both meet as it is.

use super::case::Case;

/// Whether `output` is the file with the one exact occurrence of `old` replaced by `new`,
/// byte for byte, where that occurrence meets the case's region: the literal replacement is
/// what `old` and `new` say wherever the place reads exactly as the model saw it, so it is
/// met whatever the formatter would make of the intended file (black keeps either of two
/// blank-line counts; rustfmt leaves a long call `new` wrote on one line as `new` wrote it).
pub(super) fn is_literal_replacement(case: &Case, output: &str) -> bool {
    let file = String::from_utf8_lossy(&case.file);
    let mut found = file.match_indices(case.old.as_str());
    let (Some((start, _)), None, false) = (found.next(), found.next(), case.old.is_empty()) else {
        return false;
    };
    let end = start + case.old.len();
    let line_of = |at: usize| file[..at].matches('\n').count() + 1;
    let meets_region = case
        .region
        .is_none_or(|[first, last]| line_of(start) <= last && line_of(end) >= first);
    meets_region && output == format!("{}{}{}", &file[..start], case.new, &file[end..])
}
