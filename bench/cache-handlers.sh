#!/usr/bin/env bash
# Cached shopper pages per cache handler (bench/history/README-until-2026-12.md → "Cache handler"): the control's bare
# route handler, then the shop's home, /products and /products/14 at 10 connections with the
# in-memory `local-lru` (no REDIS_URL) and with the shared `redis-strings` (REDIS_URL), alternating
# for BENCH_ROUNDS rounds, on one PostgreSQL database; then the server's CPU time per request for
# each (bench/cpu-per-request.mjs: 2,000 requests, 4 connections), which other work on a shared
# machine moves far less than req/s (with REDIS_PID, the redis-server's CPU is added for
# redis-strings: a Redis of its own, so that nobody else's commands count). Needs `npm run build` and
# `npx next build bench/lighthouse-control` first, and a migrated and seeded database.
# Usage: DATABASE_URL=postgres://… REDIS_URL=redis://… bash bench/cache-handlers.sh
#        (BENCH_PORT=3200, BENCH_CONTROL_PORT=3201, BENCH_SECONDS=10, BENCH_ROUNDS=2)
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?a migrated and seeded PostgreSQL database}" "${REDIS_URL:?a Redis for the shared cache}"
port="${BENCH_PORT:-3200}"
control_port="${BENCH_CONTROL_PORT:-$((port + 1))}"
secs="${BENCH_SECONDS:-10}"
export NEXT_TELEMETRY_DISABLED=1 DEMO_PAYMENTS=1 AUTH_SECRET="${AUTH_SECRET:-bench-only-secret-of-at-least-32-characters}"

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
ready() { for _ in $(seq 1 120); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.5; done; echo "no answer from $1" >&2; exit 1; }
measure() { node bench/measure.mjs "$1" "$2" 10 "$secs"; }

node_modules/.bin/next start bench/lighthouse-control -p "$control_port" >/dev/null 2>&1 &
control=$!
pids+=($control)
ready "http://127.0.0.1:$control_port/api/health"

for round in $(seq 1 "${BENCH_ROUNDS:-2}"); do
  echo "# round $round: $(uptime)"
  for handler in local-lru redis-strings; do
    measure "control: bare route handler (round $round)" "http://127.0.0.1:$control_port/api/health"
    node bench/cpu-per-request.mjs "control: bare route handler, CPU (round $round)" "$control" "http://127.0.0.1:$control_port/api/health"
    redis=""
    [ "$handler" = redis-strings ] && redis="$REDIS_URL"
    # Not -H 127.0.0.1: see e2e/serve.sh.
    REDIS_URL="$redis" node_modules/.bin/next start -p "$port" >/dev/null 2>&1 &
    server=$!
    ready "http://127.0.0.1:$port/api/health?ready"
    for page in / /products /products/14; do measure "$handler: $page (round $round)" "http://127.0.0.1:$port$page"; done
    pids_cpu="$server"
    [ "$handler" = redis-strings ] && [ -n "${REDIS_PID:-}" ] && pids_cpu="$server,$REDIS_PID"
    for page in / /products /products/14; do node bench/cpu-per-request.mjs "$handler: $page, CPU (round $round)" "$pids_cpu" "http://127.0.0.1:$port$page"; done
    kill "$server"; wait "$server" 2>/dev/null || true
  done
done
echo "# end: $(uptime)"
