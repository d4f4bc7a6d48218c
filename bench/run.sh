#!/usr/bin/env bash
# The benchmark (bench/RESULTS.md). Builds the shop and the control app (bench/lighthouse-control:
# a bare route handler of the same Next.js version), then, for each database (the embedded PGlite;
# PostgreSQL with BENCH_PG) and each catalogue size (the real 2,962 products, then BENCH_SIZE
# cloned by bench/grow-catalogue.ts), at 10 connections:
#   control      the control's bare route handler: what this host serves when a request does nothing,
#                the yardstick every other figure is divided by (hosts here differ by 3×);
#   origin       the shop's own server (`next start`): home, /products, a product, a search page, a
#                filtered listing and the catalogue API's first page;
#   front door   the same six through nginx (deploy/nginx.conf) in front of that origin, its cache
#                warmed first and its answers counted (`cache` in each line: HIT, UPDATING …);
#   new queries  at the origin, every request a query never asked before (bench/uncached.mjs), API
#                search and search page, 1 and 10 in flight: what no cache can answer.
# One JSON line per measurement (also bench/results/latest.jsonl), then a Markdown table
# (bench/table.mjs) printed and written to bench/results/table.md.
# Usage: npm run bench
#   BENCH_SECONDS=10     seconds measured per line, after 2 s of warm-up
#   BENCH_SKIP_BUILD=1   reuse .next and the control's build
#   BENCH_SKIP_GROWN=1   the real catalogue only (growing 100,000 products takes minutes)
#   BENCH_SIZE=100000    products in the grown catalogue
#   BENCH_PG=postgres://user@host:port  PostgreSQL too, in databases shop_bench and shop_bench_100k
#                        (dropped and re-created); BENCH_SKIP_PGLITE=1 for PostgreSQL only
#   BENCH_KEEP_DATABASES=1  reuse the databases (and .data/bench-*) an earlier run left
#   BENCH_PORT=3200      the origin; the control and nginx take the next two ports
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
port="${BENCH_PORT:-3200}"
control_port=$((port + 1))
door_port=$((port + 2))
origin="http://127.0.0.1:$port"
control="http://127.0.0.1:$control_port"
door="http://127.0.0.1:$door_port"
size="${BENCH_SIZE:-100000}"
out=bench/results/latest.jsonl
mkdir -p bench/results
: >"$out"
trap stop_all EXIT
trap 'exit 143' INT TERM # so that the EXIT trap stops what was started

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  npm run build >/dev/null
  npx next build bench/lighthouse-control >/dev/null
fi
door_available || echo "# no front door: nginx or deploy/nginx.conf missing; its column stays empty" >&2

# The control stays up for the whole run; idle, it takes nothing from the others.
start_control "$control_port"

# One section: $1 its title, $2 the database, $3 a short name for the server's log.
section() {
  local fields
  fields="$(jq -cn --arg s "$1" '{section: $s}')"
  echo "# $1"
  postgres_pid="$(postgres_pid_for "$2")"
  start_shop . "$port" "$2" "bench/results/server-$3.log"
  measure_page "$fields" control "$control" /api/health
  for page in "${PAGES[@]}"; do measure_page "$fields" origin "$origin" "$page"; done
  if door_available; then
    start_door "$port" "$door_port"
    warm_door "$door" "$fields"
    for page in "${PAGES[@]}"; do measure_page "$fields" "front door" "$door" "$page"; done
    stop_door
  fi
  for c in 1 10; do
    measure_new "$fields" origin "$origin" search "$c"
    measure_new "$fields" origin "$origin" page "$c"
  done
  stop_pid "$server_pid"
}

if [ -z "${BENCH_SKIP_PGLITE:-}" ]; then
  [ -n "${BENCH_KEEP_DATABASES:-}" ] || rm -rf .data/bench-real .data/bench-grown
  section "PGlite, 2,962 products" .data/bench-real pglite-real
  if [ -z "${BENCH_SKIP_GROWN:-}" ]; then
    PGLITE_DIR=.data/bench-grown npx tsx bench/grow-catalogue.ts "$size" >/dev/null
    section "PGlite, $(commas "$size") products" .data/bench-grown pglite-grown
  fi
fi
if [ -n "${BENCH_PG:-}" ]; then
  prepare_postgres "$BENCH_PG" "$size"
  section "PostgreSQL, 2,962 products" "${BENCH_PG%/}/shop_bench" postgres-real
  [ -n "${BENCH_SKIP_GROWN:-}" ] ||
    section "PostgreSQL, $(commas "$size") products" "${BENCH_PG%/}/shop_bench_100k" postgres-grown
fi

node bench/table.mjs "$out" | tee bench/results/table.md
echo "results in $out and bench/results/table.md"
