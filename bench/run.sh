#!/usr/bin/env bash
# The benchmark: builds, starts the production server on the embedded database and measures with
# autocannon. First the shopper pages as an anonymous visitor at 10 connections against the
# /api/health ceiling measured in the same run (the page-cache targets), their HTML weight
# (bench/page-sizes.mjs) and, with BENCH_LIGHTHOUSE=1, Lighthouse mobile performance
# (bench/lighthouse.sh). Then the catalogue API, the products page, a search and /api/health at 50
# connections, first with the real 3,694-row catalogue, then with 30,000 products; then order
# placement with 20 concurrent customers (bench/orders.mjs).
# Results: one JSON line per measurement, also written to bench/results/latest.jsonl.
# Usage: npm run bench            (BENCH_SECONDS=10, BENCH_SKIP_BUILD=1 to reuse .next,
#                                   BENCH_PAGES_ONLY=1 to stop after the pages, BENCH_LIGHTHOUSE=1,
#                                   BENCH_PG=postgres://user@host:port to measure the pages again on
#                                   PostgreSQL, in a database shop_bench that is dropped and re-created)
set -euo pipefail
cd "$(dirname "$0")/.."
port="${BENCH_PORT:-3200}"
secs="${BENCH_SECONDS:-10}"
base="http://127.0.0.1:${port}"
out=bench/results/latest.jsonl
mkdir -p bench/results
: > "$out"
export NEXT_TELEMETRY_DISABLED=1 DEMO_PAYMENTS=1

[ -n "${BENCH_SKIP_BUILD:-}" ] || npm run build >/dev/null

server_pid=""
stop() { [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; }; }
trap stop EXIT

start() {
  # The next binary itself (not npx): its pid is the server, so stop() really stops it.
  # $1: the embedded database's directory, or a postgres:// URL.
  local db=(PGLITE_DIR="$1")
  [[ "$1" == postgres://* ]] && db=(DATABASE_URL="$1")
  # Not -H 127.0.0.1: see e2e/serve.sh (proxy.ts rewrites would be proxied over HTTP).
  env "${db[@]}" node_modules/.bin/next start -p "$port" >"bench/results/server-$2.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 240); do
    curl -fs "$base/api/health?ready" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "server did not become ready" >&2
  exit 1
}

measure() { node bench/measure.mjs "$1" "$2" "${3:-50}" "$secs" | tee -a "$out"; }

# Shopper pages for an anonymous visitor, 10 connections, against the ceiling of the same run.
pages() {
  local label="$1"
  measure "health, 10 connections ($label)" "$base/api/health" 10
  measure "home / ($label)" "$base/" 10
  measure "GET /products ($label)" "$base/products" 10
  measure "GET /products?query=sofa ($label)" "$base/products?query=sofa" 10
  measure "GET /products?category=1&sort=price_asc, through proxy.ts ($label)" "$base/products?category=1&sort=price_asc" 10
  measure "GET /products/14 ($label)" "$base/products/14" 10
  node bench/page-sizes.mjs "$base" / /products "/products?query=sofa" /products/14 | tee -a "$out"
  [ -z "${BENCH_LIGHTHOUSE:-}" ] || bash bench/lighthouse.sh "$base" / /products /products/14 | tee -a "$out"
}

suite() {
  local label="$1"
  measure "health ($label)" "$base/api/health"
  measure "GET /api/products page 1 ($label)" "$base/api/products?page=1&limit=18"
  measure "GET /api/products filtered ($label)" "$base/api/products?page=2&limit=18&category=1&width_max=120"
  measure "GET /products ($label)" "$base/products"
  measure "search sofa ($label)" "$base/api/products/search?query=sofa"
}

echo "# real catalogue (3,694 rows)"
rm -rf .data/bench-real
start .data/bench-real real
pages "3,694 rows"
if [ -n "${BENCH_PG:-}" ]; then
  stop
  echo "# real catalogue on PostgreSQL"
  pg="${BENCH_PG%/}/shop_bench"
  psql "${BENCH_PG%/}/postgres" -q -c 'DROP DATABASE IF EXISTS shop_bench' -c 'CREATE DATABASE shop_bench'
  DATABASE_URL="$pg" npx tsx db/migrate.ts >/dev/null
  DATABASE_URL="$pg" npx tsx db/seed.ts >/dev/null
  start "$pg" postgres
  BENCH_LIGHTHOUSE="" pages "PostgreSQL"
  stop
  start .data/bench-real real
fi
[ -n "${BENCH_PAGES_ONLY:-}" ] && exit 0
suite "3,694 rows"
if [ -f bench/orders.mjs ]; then
  echo "# order placement, 20 concurrent customers"
  BASE_URL="$base" node bench/orders.mjs | tee -a "$out"
fi
stop

echo "# grown catalogue (30,000 products)"
rm -rf .data/bench-30k
PGLITE_DIR=.data/bench-30k npx tsx bench/grow-catalogue.ts 30000
start .data/bench-30k grown
suite "30,000 products"
stop
echo "results in $out"
