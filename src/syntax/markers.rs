//! Elision markers: a line of `old` that is only `...`, `// ...`, `# ...`,
//! `// ... existing code ...`, `/* ... */` or `<!-- ... -->` stands for any run of the file's
//! lines. Recognising them, cutting `old` into the parts between them, and telling whether a
//! marker line may be code in the language (a Python `...` body).

use super::fragment::is_statement_line;
use crate::lang::Language;
use crate::text::lines::split_lines;
use std::ops::Range;

/// Whether a line is nothing but an elision marker.
pub(crate) fn is_marker(line: &str) -> bool {
    let t = line.trim();
    let (core, commented) = [("/*", "*/"), ("<!--", "-->"), ("{/*", "*/}")]
        .iter()
        .find_map(|(open, close)| {
            t.strip_prefix(open)
                .and_then(|r| r.strip_suffix(close))
                .map(|c| (c, true))
        })
        .or_else(|| {
            ["//", "#", "--", ";"]
                .iter()
                .find_map(|lead| t.strip_prefix(lead).map(|c| (c, true)))
        })
        .unwrap_or((t, false));
    let core = core.trim();
    if core.len() > 80 {
        return false;
    }
    let words = |s: &str| {
        s.chars()
            .all(|c| c.is_alphanumeric() || " -(),'.…:/".contains(c))
    };
    let lead = ["...", "…"].iter().find_map(|e| core.strip_prefix(e));
    let trail = ["...", "…"].iter().find_map(|e| core.strip_suffix(e));
    match (lead, trail) {
        // `...`, `... existing code ...`, `...existing code...`; not a spread (`...rest`).
        (Some(rest), _) => {
            let closed = rest.ends_with("...") || rest.ends_with('…');
            (rest.is_empty() || rest.starts_with(' ') || closed) && words(rest)
        }
        // `// rest of the code ...` (commented only).
        (None, Some(rest)) => commented && !rest.trim().is_empty() && words(rest),
        (None, None) => false,
    }
}

/// Whether a marker is among `text`'s lines.
pub(crate) fn has_marker(text: &str) -> bool {
    split_lines(text).iter().any(|l| is_marker(l.content(text)))
}

/// How the marker lines of an `old` read in its language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// No marker line.
    Code,
    /// Some marker cannot be code (`# ...`, `// ... existing code ...`, a `...` inside an
    /// expression, any `...` outside Python): every marker line is a marker.
    Markers,
    /// Every marker line can be code as well (a Python `...` statement, the body of an
    /// overload or a protocol method): both readings are tried.
    Either,
}

/// How `text`'s marker lines read in `lang`: a marker line that parses as a whole statement
/// of the language may be code.
pub(crate) fn reading(text: &str, lang: Option<Language>) -> Reading {
    let markers: Vec<_> = split_lines(text)
        .into_iter()
        .filter(|l| is_marker(l.content(text)))
        .collect();
    if markers.is_empty() {
        return Reading::Code;
    }
    let code = |l: &crate::text::lines::Line| {
        lang.is_some_and(|lang| is_statement_line(lang, text, l.start..l.content_end))
    };
    if markers.iter().all(code) {
        Reading::Either
    } else {
        Reading::Markers
    }
}

/// The parts of `text` between marker lines (markers + 1 of them, some maybe empty). Blank
/// lines next to a marker belong to the elided run, not to the part.
pub(crate) fn parts(text: &str) -> Vec<&str> {
    let lines = split_lines(text);
    let mut cuts = vec![0];
    for l in &lines {
        if is_marker(l.content(text)) {
            cuts.push(l.start);
            cuts.push(l.end);
        }
    }
    cuts.push(text.len());
    let n = cuts.len() / 2;
    (0..n)
        .map(|k| {
            let (start, end) = (cuts[2 * k], cuts[2 * k + 1]);
            trim_blank_edges(text, start..end, k > 0, k + 1 < n)
        })
        .collect()
}

/// `text[range]` without its blank first lines (when `lead`) and blank last lines (when
/// `trail`); empty when it is all blank.
fn trim_blank_edges(text: &str, range: Range<usize>, lead: bool, trail: bool) -> &str {
    let part = &text[range];
    let lines = split_lines(part);
    let blank = |i: usize| lines[i].content(part).trim().is_empty();
    let Some(first) = (0..lines.len()).find(|&i| !blank(i)) else {
        return "";
    };
    let last = (0..lines.len()).rev().find(|&i| !blank(i)).unwrap_or(first);
    let start = if lead { lines[first].start } else { 0 };
    let end = if trail { lines[last].end } else { part.len() };
    &part[start..end]
}

/// The marker lines of `text`, in order (marker `j` sits between part `j` and part `j + 1`).
pub(crate) fn marker_lines(text: &str) -> Vec<&str> {
    split_lines(text)
        .iter()
        .map(|l| l.content(text))
        .filter(|l| is_marker(l))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers() {
        for m in [
            "...",
            "    // ...",
            "# ...",
            "// ... existing code ...",
            "/* ... */",
            "  <!-- ... -->",
            "{/* ... */}",
            "// ...existing code...",
            "# rest of the function ...",
            "…",
        ] {
            assert!(is_marker(m), "{m:?}");
        }
        for m in [
            "...rest,",
            "  ...state,",
            "x = ...",
            "rest of the code ...",
            "// see foo(...)",
            "print('...')",
            "",
        ] {
            assert!(!is_marker(m), "{m:?}");
        }
    }

    #[test]
    fn python_ellipsis_reads_both_ways() {
        let py = Some(Language::Python);
        assert_eq!(reading("def f():\n    ...\n", py), Reading::Either);
        assert_eq!(reading("def f():\n    ...\n", None), Reading::Markers);
        assert_eq!(
            reading("x = f(\n    a,\n    ...\n)\n", py),
            Reading::Markers
        );
        assert_eq!(
            reading("def f():\n    ...\n# ...\n", py),
            Reading::Markers,
            "a comment marker makes every marker a marker"
        );
        assert_eq!(
            reading("function f() {\n  ...\n}\n", Some(Language::TypeScript)),
            Reading::Markers
        );
        assert_eq!(reading("def f():\n    pass\n", py), Reading::Code);
    }

    #[test]
    fn parts_between_markers() {
        assert_eq!(parts("a\n// ...\nb\n"), ["a\n", "b\n"]);
        assert_eq!(parts("a\n\n  ...\n\nb\nc"), ["a\n", "b\nc"]);
        assert_eq!(parts("// ...\nb\n// ...\n"), ["", "b\n", ""]);
        assert_eq!(parts("a\n...\n...\nb\n"), ["a\n", "", "b\n"]);
    }
}
