#!/usr/bin/env bash
# The README's first command: locate and apply a model's edit on a CRLF + tab-indented
# TypeScript file. The model's `old`/`new` use LF and 4-space indentation, as models write;
# editloc finds the place anyway and writes the change in the file's own style.
set -euo pipefail
cd "$(dirname "$0")/.."

example=examples/crlf-tabs
work=$(mktemp -d "${TMPDIR:-/tmp}/editloc-example.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$example/service.ts" "$work/service.ts"

# The debug build is the fastest that serves (a few seconds of editing, no optimised
# build); its progress is shown, since a first build compiles every grammar.
echo "== building editloc (cargo build; the first build takes a few minutes) =="
cargo build --bin editloc
editloc="${CARGO_TARGET_DIR:-target}/debug/editloc"
echo

echo "== the model's old (LF, spaces) =="
cat -A "$example/old.txt"
echo "== the model's new =="
cat -A "$example/new.txt"
echo

echo "== editloc check =="
"$editloc" check "$work/service.ts" --old "$example/old.txt"
echo

echo "== editloc apply =="
"$editloc" apply "$work/service.ts" --old "$example/old.txt" --new "$example/new.txt"
echo

echo "== the file afterwards (cat -A: ^I is a tab, ^M\$ a CRLF line ending) =="
cat -A "$work/service.ts"
