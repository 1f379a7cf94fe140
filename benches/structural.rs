//! Structural tier speed on generated TypeScript: cold (parse + locate) and warm
//! (locate on a cached `Syntax`). Run: `cargo bench --bench structural`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use editloc::lang::Language;
use editloc::structural::{Outcome, Syntax, locate};

/// A TypeScript file of about `lines` lines made of distinct, Prettier-style functions.
fn generate(lines: usize) -> String {
    let mut out = String::from("import { db } from \"./db\";\n\n");
    let mut i = 0;
    while out.lines().count() < lines {
        out.push_str(&format!(
            "export async function handler{i}(\n  orderId: string,\n  userId: string,\n): Promise<number> {{\n  const order = await db.orders.find({{ id: orderId, owner: userId }});\n  // step {i}\n  if (!order) {{\n    throw new Error(\"missing {i}\");\n  }}\n  return order.items\n    .map((item) => item.price * item.qty + {i})\n    .reduce((a, b) => a + b, 0);\n}}\n\n"
        ));
        i += 1;
    }
    out
}

/// The edit target: a function near the middle, as the model remembers it (one line,
/// single quotes, no parens around the arrow parameter).
fn old_for(lines: usize) -> String {
    let k = lines / 14 / 2;
    format!(
        "  if (!order) {{ throw new Error('missing {k}') }}\n  return order.items.map(item => item.price * item.qty + {k}).reduce((a, b) => a + b, 0)\n"
    )
}

fn bench(c: &mut Criterion) {
    for lines in [1_000, 2_000, 10_000, 100_000] {
        let text = generate(lines);
        let old = old_for(lines);
        let syntax = Syntax::parse(Language::TypeScript, &text);
        assert!(matches!(locate(&syntax, &text, &old), Outcome::Unique(_)));
        let mut group = c.benchmark_group(format!("ts_{lines}_lines"));
        if lines >= 10_000 {
            group
                .sample_size(10)
                .measurement_time(Duration::from_secs(8));
        }
        group.bench_function("cold_parse_and_locate", |b| {
            b.iter(|| {
                let syntax = Syntax::parse(Language::TypeScript, black_box(&text));
                locate(&syntax, &text, black_box(&old))
            })
        });
        group.bench_function("warm_locate", |b| {
            b.iter(|| locate(black_box(&syntax), &text, black_box(&old)))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
