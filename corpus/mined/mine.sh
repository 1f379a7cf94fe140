#!/bin/bash
# Rebuilds corpus/mined/: the release pairs below (downloaded with pip, npm, curl from
# static.crates.io and apt-get source from Debian into $SRC, unpacked) and this repository's
# own history, mined with `editloc corpus mine`. Deterministic: the same sources, seed and
# formatter versions give the same cases. Needs prettier, black, rustfmt and gofmt on PATH.
# Usage: corpus/mined/mine.sh [SRC]   (SRC: the unpacked releases, SRC/<eco>/<pkg>/<version>/)
set -euo pipefail
SRC=${1:-/tmp/mine-src}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
EDITLOC=${EDITLOC_BIN:-$REPO/target/release/editloc}
OUT=$HERE
MAX=${MAX_PER_PACKAGE:-200}
COMMON=(--seed 21 --max-file-bytes 12000 --max-hunk-lines 30 --cases-per-hunk 2 --max-cases "$MAX")

# The only folder inside an unpacked release (npm's package/, click-8.1.6/, ...).
top() { local d; d=$(find "$1" -mindepth 1 -maxdepth 1 -type d | head -1); echo "${d:-$1}"; }

# pair ECO PKG V1 V2 FORMATTER [EXTRA...]
pair() {
  local eco=$1 pkg=$2 v1=$3 v2=$4 fmt=$5; shift 5
  local from to label
  from=$(top "$SRC/$eco/$pkg/$v1"); to=$(top "$SRC/$eco/$pkg/$v2")
  label="$eco-${pkg//@/}-$v1-$v2"; label=${LABEL:-${label//\//-}}
  echo "== $label"
  "$EDITLOC" corpus mine --from "$from" --to "$to" --out "$OUT" --label "$label" \
    "${COMMON[@]}" --formatter "$fmt" "$@" | tail -n 12
}

PRETTIER='prettier --stdin-filepath {file}'
NPMX=(--exclude /dist/ --exclude /build/ --exclude .d.ts --exclude .min.js --exclude /esm/ --exclude /cjs/ --exclude /lib/esm --exclude /legacy/ --exclude /umd/)
for p in "zod 3.20.0 3.22.4" "@tanstack/query-core 5.0.0 5.8.1" "@tanstack/react-query 5.0.0 5.8.1" \
         "@trpc/server 10.30.0 10.43.0" "@tanstack/react-table 8.5.0 8.10.0" "@tanstack/react-virtual 3.0.0 3.0.1" \
         "@tanstack/react-query-devtools 5.0.0 5.8.1" "effect 2.0.0 2.1.0"; do
  set -- $p; pair npm "${1//\//_}" "$2" "$3" "$PRETTIER --print-width 60 --no-semi" --lang typescript,tsx "${NPMX[@]}"
done
for p in "express 4.17.0 4.19.2" "axios 1.2.0 1.6.0" "commander 9.0.0 11.1.0" "semver 7.3.0 7.6.0" \
         "qs 6.10.0 6.11.2" "debug 4.3.4 4.3.5" "ws 8.0.0 8.16.0" "yargs 17.0.0 17.7.0"; do
  set -- $p; pair npm "$1" "$2" "$3" "$PRETTIER" --lang javascript --exclude /dist/ --exclude .min.js --exclude /browser/
done
for p in "click 8.0.0 8.1.7" "requests 2.27.0 2.32.0" "flask 2.2.0 3.0.0" "attrs 22.1.0 23.2.0" "rich 13.0.0 13.7.0" \
         "httpx 0.23.0 0.25.2" "jinja2 3.0.0 3.1.3" "packaging 21.3 23.2" "werkzeug 2.2.0 3.0.0"; do
  set -- $p; pair pypi "$1" "$2" "$3" "black -q -l 60 -" --lang python
done
for p in "anyhow 1.0.60 1.0.79" "thiserror-impl 1.0.40 1.0.56" "serde_json 1.0.90 1.0.111" "log 0.4.17 0.4.20" \
         "once_cell 1.15.0 1.19.0" "semver 1.0.10 1.0.21" "bytes 1.2.0 1.6.0" "smallvec 1.9.0 1.13.0" \
         "clap_builder 4.4.0 4.4.18" "indexmap 1.9.3 2.2.0" "itoa 1.0.9 1.0.10"; do
  set -- $p; pair crates "$1" "$2" "$3" "rustfmt --edition 2021 --config max_width=60" --lang rust
done
for p in "golang-github-spf13-cobra 1.6.1-1 1.8.1-1" "golang-github-google-go-cmp 0.5.9-1 0.6.0-1" \
         "golang-github-gorilla-mux 1.8.0-1 1.8.1-1" "golang-github-urfave-cli 1.22.4-2 1.22.9-2" "golang-github-urfave-cli 1.22.9-2 1.22.14-1" \
         "golang-github-pelletier-go-toml 1.9.4-1 1.9.5-1" "golang-github-google-uuid 1.2.0-1 1.3.0-1" "golang-github-google-uuid 1.3.0-1 1.6.0-1" \
         "golang-github-spf13-viper 1.10.1-1 1.12.0-1"; do
  set -- $p; pair debian "$1" "$2" "$3" "gofmt" --lang go
done
# This repository's own history, from a clone (the output is inside this repository, and
# mining refuses to write into the repository it mines).
echo "== editloc"
CLONE=$(mktemp -d)/editloc
git clone --quiet "$REPO" "$CLONE"
"$EDITLOC" corpus mine --git "$CLONE" --range "${EDITLOC_RANGE:-fad5d6a0~80..fad5d6a0}" --out "$OUT" --label editloc \
  --seed 21 --max-hunk-lines 30 --cases-per-hunk 2 --max-file-bytes 16000 --max-cases 600 --formatter "rustfmt --edition 2024" --exclude corpus/ | tail -n 12

# A second release pair of the same packages where a middle release was fetched: the hunks
# from it to the newest, sent against the middle release's files (other files, other drifts).
MID=(--seed 22 --max-file-bytes 16000 --max-hunk-lines 30 --cases-per-hunk 3 --max-cases "$MAX")
mid() { COMMON=("${MID[@]}"); pair "$@"; }
for p in "@trpc/server 10.38.0 10.43.0" "@tanstack/react-table 8.9.0 8.10.0" "zod 3.22.0 3.22.4"; do
  set -- $p; mid npm "${1//\//_}" "$2" "$3" "$PRETTIER --print-width 60 --no-semi" --lang typescript,tsx "${NPMX[@]}"
done
for p in "express 4.18.2 4.19.2" "axios 1.5.0 1.6.0" "commander 11.0.0 11.1.0" "semver 7.5.0 7.6.0" \
         "qs 6.11.0 6.11.2" "ws 8.14.0 8.16.0" "yargs 17.6.0 17.7.0"; do
  set -- $p; mid npm "$1" "$2" "$3" "$PRETTIER --print-width 60" --lang javascript --exclude /dist/ --exclude .min.js --exclude /browser/
done
for p in "click 8.1.6 8.1.7" "requests 2.31.0 2.32.0" "flask 2.3.3 3.0.0" "attrs 23.1.0 23.2.0" "rich 13.6.0 13.7.0" \
         "httpx 0.25.0 0.25.2" "jinja2 3.1.2 3.1.3" "packaging 23.1 23.2" "werkzeug 2.3.7 3.0.0"; do
  set -- $p; mid pypi "$1" "$2" "$3" "black -q -" --lang python
done
for p in "anyhow 1.0.75 1.0.79" "thiserror-impl 1.0.49 1.0.56" "serde_json 1.0.107 1.0.111" "log 0.4.19 0.4.20" \
         "once_cell 1.18.0 1.19.0" "semver 1.0.18 1.0.21" "bytes 1.5.0 1.6.0" "smallvec 1.11.0 1.13.0" "indexmap 2.0.0 2.2.0"; do
  set -- $p; mid crates "$1" "$2" "$3" "rustfmt --edition 2021" --lang rust
done
# More TypeScript: the older half of the tRPC range, and effect's larger files.
mid npm @trpc_server 10.30.0 10.38.0 "$PRETTIER --print-width 60 --no-semi" --lang typescript,tsx "${NPMX[@]}"
MID=(--seed 23 --max-file-bytes 20000 --max-hunk-lines 30 --cases-per-hunk 3 --max-cases 300)
LABEL=npm-effect-large-2.0.0-2.1.0 mid npm effect 2.0.0 2.1.0 "$PRETTIER --print-width 60" --lang typescript,tsx "${NPMX[@]}"
