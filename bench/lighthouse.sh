#!/usr/bin/env bash
# Lighthouse mobile performance of shopper pages (default mobile emulation and simulated
# throttling), one JSON line per URL: the median of BENCH_LIGHTHOUSE_RUNS runs (default 3; a single
# run moves by 10 points here) with every run's score. Lighthouse is fetched by npx into its cache,
# never added to package.json; run from bench/ so it stays out of the app's dependencies.
#
# First the control (bench/lighthouse-control: the smallest App Router page, built here and served
# on port+1), then the given paths: the control is the ceiling a page can reach on this machine.
# Usage: bash bench/lighthouse.sh <base-url> <path>...
set -euo pipefail
base="$1"; shift
cd "$(dirname "$0")"
runs="${BENCH_LIGHTHOUSE_RUNS:-3}"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
flags="--headless=new --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update --disable-sync"

# name url: run Lighthouse $runs times and print the median run's figures.
score() {
  local name="$1" url="$2" reports=()
  for _ in $(seq 1 "$runs"); do
    local report; report="$(mktemp)"
    if npx -y lighthouse@12 "$url" --only-categories=performance --output=json --output-path="$report" --quiet \
      --chrome-path="$chrome" --chrome-flags="$flags" >/dev/null 2>&1; then reports+=("$report"); else rm -f "$report"; fi
  done
  [ "${#reports[@]}" -gt 0 ] || { echo "{\"name\":\"$name\",\"error\":\"lighthouse failed\"}"; return; }
  node -e '
    const fs = require("fs");
    const [name, ...files] = process.argv.slice(1);
    const runs = files.map((f) => {
      const r = JSON.parse(fs.readFileSync(f, "utf8"));
      const a = (id) => r.audits[id]?.numericValue;
      return { url: r.finalDisplayedUrl, performance: Math.round(r.categories.performance.score * 100), fcp_ms: Math.round(a("first-contentful-paint")),
        lcp_ms: Math.round(a("largest-contentful-paint")), tbt_ms: Math.round(a("total-blocking-time")), cls: +a("cumulative-layout-shift").toFixed(3) };
    }).sort((x, y) => x.performance - y.performance);
    const median = runs[Math.floor((runs.length - 1) / 2)];
    console.log(JSON.stringify({ name, ...median, runs: runs.map((r) => r.performance) }));
  ' "$name" "${reports[@]}"
  rm -f "${reports[@]}"
}

# The control, built and served beside the shop (its own .next, nothing shared with the app).
control_port=$(( ${base##*:} + 1 ))
[ -n "${BENCH_CONTROL_BUILT:-}" ] || npx next build lighthouse-control >/dev/null 2>&1
node ../node_modules/.bin/next start lighthouse-control -p "$control_port" -H 127.0.0.1 >/dev/null 2>&1 &
control_pid=$!
trap 'kill "$control_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$control_port/" >/dev/null 2>&1 && break; sleep 1; done
score "lighthouse mobile control (smallest App Router page)" "http://127.0.0.1:$control_port/"
kill "$control_pid" 2>/dev/null || true

for path in "$@"; do score "lighthouse mobile $path" "$base$path"; done
