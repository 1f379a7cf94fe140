//! A 100 MB file: located and edited within memory bounds (its own test binary, so the peak
//! resident size read from /proc is this test's alone).

use editloc::{Document, Tier};

/// Peak resident set size of this process, in MiB (Linux).
fn peak_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .expect("VmHWM");
    kib / 1024
}

#[test]
fn a_100_mb_file_is_edited_within_memory_bounds() {
    let mut text = String::with_capacity(101 << 20);
    let mut i = 0;
    while text.len() < 100 << 20 {
        text.push_str(&format!(
            "    const v{i} = compute(alpha, beta) + offset; // note\n"
        ));
        i += 1;
    }
    let size_mib = (text.len() >> 20) as u64;
    let before = peak_mib();
    let doc = Document::new(text.clone()).with_name("big.ts");

    // Exact tier: one changed line, everything else byte for byte.
    let applied = doc
        .apply(
            "    const v777777 = compute(alpha, beta) + offset; // note\n",
            "    const v777777 = 1;\n",
        )
        .unwrap();
    assert_eq!(applied.provenance.tier, Tier::Exact);
    let expected = text.replace(
        "    const v777777 = compute(alpha, beta) + offset; // note\n",
        "    const v777777 = 1;\n",
    );
    assert!(
        applied.content == expected,
        "the result differs from the expected file"
    );
    drop(applied);
    drop(expected);

    // Normalized tier (the model indents with a tab, the file with spaces): folds only the
    // lines around where `old`'s line occurs; the file's indentation is kept.
    let applied = doc
        .apply(
            "\tconst v1234567 = compute(alpha, beta) + offset; // note\n",
            "\tconst v1234567 = 2;\n",
        )
        .unwrap();
    assert_eq!(applied.tier, Tier::Normalized);
    let expected = text.replace(
        "    const v1234567 = compute(alpha, beta) + offset; // note\n",
        "    const v1234567 = 2;\n",
    );
    assert!(
        applied.content == expected,
        "the result differs from the expected file"
    );
    drop(applied);

    // The file, the document, the expected file and one result are alive at once: about
    // 4 × the file; the bound leaves room for the folded lines and the allocator.
    let grown = peak_mib().saturating_sub(before);
    assert!(
        grown < 8 * size_mib,
        "peak grew by {grown} MiB for a {size_mib} MiB file"
    );
}
