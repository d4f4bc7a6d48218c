#!/usr/bin/env bash
# The benchmark (bench/README.md): builds the shop and, beside it, the control app
# (bench/lighthouse-control: the smallest App Router page and a bare route handler of the same
# Next.js version), starts the production server and measures with autocannon. For each database —
# the embedded PGlite, and PostgreSQL when BENCH_PG is set — and each catalogue size (the real 2,962
# products, then 100,000 from bench/grow-catalogue.ts):
#   1. the ceiling: the control's bare route handler and the shop's /api/health, 10 connections,
#      measured back to back in the same run (what every request pays);
#   2. shopper pages as an anonymous visitor, 10 connections (cached pages), their HTML weight and,
#      with BENCH_LIGHTHOUSE=1, Lighthouse mobile (bench/lighthouse.sh);
#   3. uncached: every request a query never asked before (bench/uncached.mjs: API search, filtered
#      API list, search page), 1 and 10 in flight, with the CPU each spends per request in the server
#      and, on PostgreSQL, in the database;
#   4. under load: 50 clients sending new queries while 10 read a cached page (bench/under-load.mjs);
#   5. at 100,000 products, EXPLAIN (ANALYZE, BUFFERS) of every listing statement, written to
#      bench/explain-100k-<database>.txt (bench/explain.ts).
# With BENCH_PG, also the cold start and memory of the standalone server against the control's
# (bench/cold-start.mjs). Then, on the embedded database, order placement with 20 concurrent customers (bench/orders.mjs).
# Results: one JSON line per measurement, also written to bench/results/latest.jsonl.
# Usage: npm run bench   (BENCH_SECONDS=10, BENCH_SKIP_BUILD=1 to reuse .next, BENCH_PAGES_ONLY=1 to
#                         stop after the pages of the real catalogue, BENCH_LIGHTHOUSE=1,
#                         BENCH_PG=postgres://user@host:port to measure PostgreSQL too, in databases
#                         shop_bench and shop_bench_100k that are dropped and re-created; BENCH_SIZE=100000)
set -euo pipefail
cd "$(dirname "$0")/.."
port="${BENCH_PORT:-3200}"
control_port="${BENCH_CONTROL_PORT:-$((port + 1))}"
secs="${BENCH_SECONDS:-10}"
size="${BENCH_SIZE:-100000}"
base="http://127.0.0.1:${port}"
out=bench/results/latest.jsonl
mkdir -p bench/results
: > "$out"
# Standalone output (next.config.ts): `next start` serves the build as usual, and the cold-start
# measurement starts .next/standalone/server.js as the container does.
export NEXT_TELEMETRY_DISABLED=1 DEMO_PAYMENTS=1 NEXT_OUTPUT=standalone

if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  npm run build >/dev/null
  npx next build bench/lighthouse-control >/dev/null
fi
export BENCH_CONTROL_BUILT=1

server_pid=""
control_pid=""
postgres_pid=""
stop() { [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; }; }
stop_control() { [ -z "$control_pid" ] || { kill "$control_pid" 2>/dev/null || true; wait "$control_pid" 2>/dev/null || true; control_pid=""; }; }
trap 'stop; stop_control' EXIT

start() {
  # The next binary itself (not npx): its pid is the server, so stop() really stops it.
  # $1: the embedded database's directory, or a postgres:// URL.
  local db=(PGLITE_DIR="$1")
  [[ "$1" == postgres://* ]] && db=(DATABASE_URL="$1")
  # Not -H 127.0.0.1: see e2e/serve.sh (proxy.ts rewrites would be proxied over HTTP).
  env "${db[@]}" node_modules/.bin/next start -p "$port" >"bench/results/server-$2.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    curl -fs "$base/api/health?ready" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "server did not become ready" >&2
  exit 1
}

measure() { node bench/measure.mjs "$1" "$2" "${3:-50}" "$secs" | tee -a "$out"; }
# With the server's CPU per request and, on PostgreSQL, the database's (postgres_pid: its postmaster).
uncached() {
  BENCH_SERVER_PID="$server_pid" BENCH_POSTGRES_PID="$postgres_pid" node bench/uncached.mjs "$1" "$base" "$2" "$3" "$secs" | tee -a "$out"
}

# The ceiling: the control's bare route handler against the shop's /api/health, three times each,
# alternating, while the shop's server is up but idle (both share the machine the same way). Each
# measurement is preceded by 10 s of warm-up: the shop's larger server takes about that long to
# reach its steady speed (its JIT), the control about 2 s; the issue compares steady states. Then
# the server CPU time per request of each (bench/cpu-per-request.mjs), which noise moves less.
ceiling() {
  local label="$1"
  node_modules/.bin/next start bench/lighthouse-control -p "$control_port" >/dev/null 2>&1 &
  control_pid=$!
  for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$control_port/api/health" >/dev/null 2>&1 && break; sleep 1; done
  for round in 1 2 3; do
    BENCH_WARMUP=10 measure "ceiling: bare Next.js route handler, 10 connections, round $round ($label)" "http://127.0.0.1:$control_port/api/health" 10
    BENCH_WARMUP=10 measure "shop GET /api/health, 10 connections, round $round ($label)" "$base/api/health" 10
  done
  for round in 1 2; do
    node bench/cpu-per-request.mjs "CPU per request: bare Next.js route handler, round $round ($label)" "$control_pid" "http://127.0.0.1:$control_port/api/health" 5000 10 | tee -a "$out"
    node bench/cpu-per-request.mjs "CPU per request: shop GET /api/health, round $round ($label)" "$server_pid" "$base/api/health" 5000 10 | tee -a "$out"
  done
  stop_control
}

# Shopper pages for an anonymous visitor, 10 connections (from the page cache).
pages() {
  local label="$1"
  measure "home / ($label)" "$base/" 10
  measure "GET /products ($label)" "$base/products" 10
  measure "GET /products?query=sofa ($label)" "$base/products?query=sofa" 10
  measure "GET /products?category=1&sort=price_asc, a filtered listing ($label)" "$base/products?category=1&sort=price_asc" 10
  measure "GET /products/14 ($label)" "$base/products/14" 10
  measure "GET /api/products page 1 ($label)" "$base/api/products?page=1&limit=18" 10
  node bench/page-sizes.mjs "$base" / /products "/products?query=sofa" /products/14 | tee -a "$out"
  [ -z "${BENCH_LIGHTHOUSE:-}" ] || bash bench/lighthouse.sh "$base" / /products /products/14 | tee -a "$out"
}

# Every request a query never asked before, alone and 10 in flight; then 50 such clients against a cached page.
uncached_suite() {
  local label="$1"
  for c in 1 10; do
    uncached "uncached API search, $c in flight ($label)" search "$c"
    uncached "uncached filtered API list, $c in flight ($label)" filter "$c"
    uncached "uncached search page, $c in flight ($label)" page "$c"
  done
  node bench/under-load.mjs "cached /products/14 while 50 clients send new queries ($label)" "$base" /products/14 50 "$secs" | tee -a "$out"
  node bench/under-load.mjs "cached /products while 50 clients send new queries ($label)" "$base" /products 50 "$secs" | tee -a "$out"
}

# Cold start and memory (issue 19): a fresh standalone server (`node server.js`, as the container
# runs it) to its first product page on PostgreSQL, five times, then its RSS after 1,000 mixed
# requests; the control's standalone server beside it. $1: the PostgreSQL URL of the real catalogue.
cold_start() {
  cp -r .next/static .next/standalone/.next/ && cp -r public .next/standalone/
  local control=bench/lighthouse-control/.next/standalone/bench/lighthouse-control
  cp -r bench/lighthouse-control/.next/static "$control/.next/"
  DATABASE_URL="$1" AUTH_SECRET="bench-only-secret-of-at-least-32-characters" \
    node bench/cold-start.mjs "cold start: standalone shop, first /products/14 (PostgreSQL)" .next/standalone /products/14 5 1000 \
    / /products /products/14 /products/15 /products/16 "/products?query=sofa" "/api/products?page=1&limit=18" /api/health | tee -a "$out"
  node bench/cold-start.mjs "cold start: standalone control, first /" "$control" / 5 1000 / /api/health | tee -a "$out"
}

# $1 label, $2 database of the real catalogue, $3 database to grow, $4 short name for files.
database_suite() {
  local label="$1" real="$2" grown="$3" name="$4"
  # PostgreSQL's postmaster, when it runs on this machine: the oldest process named postgres
  # (bench/process-cpu.mjs sums its backends). A database elsewhere gets no CPU figure.
  postgres_pid=""
  [[ "$real" =~ ^postgres://[^/]*@(127\.0\.0\.1|localhost)[:/] ]] && postgres_pid="$(pgrep -o -x postgres || true)"
  echo "# $label: real catalogue (2,962 products)"
  start "$real" "$name-real"
  ceiling "$label, 2,962 products"
  pages "$label, 2,962 products"
  [ -n "${BENCH_PAGES_ONLY:-}" ] && { stop; return; }
  uncached_suite "$label, 2,962 products"
  stop

  echo "# $label: grown catalogue ($size products)"
  local db=(PGLITE_DIR="$grown")
  [[ "$grown" == postgres://* ]] && db=(DATABASE_URL="$grown")
  env "${db[@]}" npx tsx bench/grow-catalogue.ts "$size"
  env "${db[@]}" npx tsx --conditions=react-server bench/explain.ts "bench/explain-100k-$name.txt" | tee -a "$out"
  start "$grown" "$name-grown"
  ceiling "$label, $size products"
  pages "$label, $size products"
  uncached_suite "$label, $size products"
  stop
}

rm -rf .data/bench-real .data/bench-grown
database_suite "PGlite" .data/bench-real .data/bench-grown pglite
if [ -n "${BENCH_PG:-}" ]; then
  pg="${BENCH_PG%/}"
  for name in shop_bench shop_bench_100k; do
    psql "$pg/postgres" -q -c "DROP DATABASE IF EXISTS $name WITH (FORCE)" -c "CREATE DATABASE $name"
  done
  DATABASE_URL="$pg/shop_bench" npx tsx db/migrate.ts >/dev/null
  DATABASE_URL="$pg/shop_bench" npx tsx db/seed.ts >/dev/null
  database_suite "PostgreSQL" "$pg/shop_bench" "$pg/shop_bench_100k" postgres
  cold_start "$pg/shop_bench"
fi
[ -n "${BENCH_PAGES_ONLY:-}" ] && exit 0

if [ -f bench/orders.mjs ]; then
  echo "# order placement, 20 concurrent customers (PGlite)"
  start .data/bench-real real
  BASE_URL="$base" node bench/orders.mjs | tee -a "$out"
  stop
fi
echo "results in $out"
