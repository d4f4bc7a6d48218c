#!/usr/bin/env bash
# The shop's page cache (ISR twin routes) against Next.js 16's Cache Components, on the same
# ~100 kB listing page, beside the control's bare route handler, all built with this project's
# Next.js and served by `next start` in the same run (bench/history/README-until-2026-12.md,
# "Cache Components").
#   isr  /p/5   ISR page (revalidate, no build-time params): the shop's design today
#   cc   /p/5   Cache Components, whole page cached: needs a build-time param, so a build that reads data
#   cc   /q/5   Cache Components, data cached ('use cache') but the page rendered per request (connection())
# Prints one JSON line per measurement: req/s at 10 connections (bench/measure.mjs) and server CPU
# per request (bench/cpu-per-request.mjs, the figure a busy machine moves least). Two rounds.
# Usage: bash bench/cache-mechanisms.sh   (BENCH_SECONDS=10, BENCH_SKIP_BUILD=1)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${BENCH_SECONDS:-10}"
export NEXT_TELEMETRY_DISABLED=1
apps=(bench/lighthouse-control bench/cache-mechanisms/isr bench/cache-mechanisms/cache-components)
ports=(3401 3402 3403)
if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  for app in "${apps[@]}"; do npx next build "$app" >/dev/null; done
fi
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
for i in 0 1 2; do
  node_modules/.bin/next start "${apps[$i]}" -p "${ports[$i]}" >/dev/null 2>&1 &
  pids+=($!)
done
# Ready when each answers (the control's handler; the apps' first listing render).
for url in http://127.0.0.1:3401/api/health http://127.0.0.1:3402/p/5 http://127.0.0.1:3403/p/5; do
  for _ in $(seq 1 60); do curl -fs -o /dev/null "$url" && break; sleep 1; done
done
urls=("control-bare-handler ${pids[0]} http://127.0.0.1:3401/api/health"
      "isr-page ${pids[1]} http://127.0.0.1:3402/p/5"
      "cache-components-page ${pids[2]} http://127.0.0.1:3403/p/5"
      "cache-components-per-request ${pids[2]} http://127.0.0.1:3403/q/5")
for round in 1 2; do
  for u in "${urls[@]}"; do
    read -r name pid url <<<"$u"
    curl -fs -o /dev/null "$url"; curl -fs -o /dev/null "$url"   # first render, then cached
    node bench/measure.mjs "$name" "$url" 10 "$secs"
    node bench/cpu-per-request.mjs "$name" "$pid" "$url" 1000 4
  done
done
