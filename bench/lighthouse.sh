#!/usr/bin/env bash
# Lighthouse mobile performance of shopper pages (default mobile emulation and simulated
# throttling), one JSON line per URL. Lighthouse is fetched by npx into its cache, never added to
# package.json; run from bench/ so it stays out of the app's dependencies.
# Usage: bash bench/lighthouse.sh <base-url> <path>...
set -euo pipefail
base="$1"; shift
cd "$(dirname "$0")"
chrome="${CHROME_PATH:-/usr/bin/chromium}"
flags="--headless=new --no-sandbox --disable-gpu --disable-quic --disable-background-networking --disable-component-update --disable-sync"
for path in "$@"; do
  report="$(mktemp)"
  npx -y lighthouse@12 "$base$path" --only-categories=performance --output=json --output-path="$report" --quiet \
    --chrome-path="$chrome" --chrome-flags="$flags" >/dev/null 2>&1 || { echo "{\"name\":\"lighthouse $path\",\"error\":\"lighthouse failed\"}"; continue; }
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const a = (id) => r.audits[id]?.numericValue;
    console.log(JSON.stringify({ name: `lighthouse mobile ${process.argv[2]}`, url: r.finalDisplayedUrl, performance: Math.round(r.categories.performance.score * 100),
      fcp_ms: Math.round(a("first-contentful-paint")), lcp_ms: Math.round(a("largest-contentful-paint")), tbt_ms: Math.round(a("total-blocking-time")), cls: +a("cumulative-layout-shift").toFixed(3) }));
  ' "$report" "$path"
  rm -f "$report"
done
