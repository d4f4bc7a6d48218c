# Shared by bench/run.sh and bench/compare.sh (sourced, not run): the servers they start, the
# front door, the databases, and the measurements. Every process started here is stopped by
# stop_all, which both scripts set as their EXIT trap. Each measurement prints one JSON line and
# appends it to the file named by $out.

secs="${BENCH_SECONDS:-10}"
export NEXT_TELEMETRY_DISABLED=1 DEMO_PAYMENTS=1

# The catalogue addresses measured from a cache: the home page, the listing and a product page
# (ISR at the origin), a search page and a filtered listing (rendered per request at the origin,
# public Cache-Control for the front door), and the API's first page (a route handler).
PAGES=("/" "/products" "/products/14" "/products?query=sofa" "/products?category=1&sort=price_asc" "/api/products?page=1&limit=18")
declare -A PAGE_NAMES=(
  ["/"]='home `/`'
  ["/products"]='`/products`'
  ["/products/14"]='product `/products/14`'
  ["/products?query=sofa"]='search page `/products?query=sofa`'
  ["/products?category=1&sort=price_asc"]='filtered listing `/products?category=1&sort=price_asc`'
  ["/api/products?page=1&limit=18"]='API `/api/products?page=1&limit=18`'
)

started=()       # pids of everything started, for stop_all
door_dir=""      # the running nginx's prefix (config, cache, logs), removed by stop_door

# Stops one process started here and waits for it, so that the next server finds its port free.
stop_pid() {
  [ -n "${1:-}" ] || return 0
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  # Forgotten once stopped: its number may later belong to another process.
  local keep=() pid
  for pid in "${started[@]}"; do [ "$pid" = "$1" ] || keep+=("$pid"); done
  started=("${keep[@]}")
}
stop_all() {
  for pid in "${started[@]}"; do stop_pid "$pid"; done
  [ -z "$door_dir" ] || rm -rf "$door_dir"
}

# Polls $1 until it answers 2xx, for at most $2 seconds.
wait_ready() {
  for _ in $(seq 1 "$2"); do
    curl -fs -o /dev/null "$1" && return 0
    sleep 1
  done
  echo "no answer from $1" >&2
  exit 1
}

# `next start` of the build in directory $1 on port $2 with database $3 (an embedded database's
# directory or a postgres:// URL), output to log $4; sets server_pid. The next binary itself, not
# npx: its pid is the server, so stop_pid really stops it and its CPU can be read. No -H
# 127.0.0.1: bound to a loopback address, Next.js 16 takes the shop's own rewrites for another
# host and proxies them to itself over HTTP (e2e/serve.sh).
start_shop() {
  local db=(PGLITE_DIR="$3")
  [[ "$3" == postgres://* ]] && db=(DATABASE_URL="$3")
  (cd "$1" && exec env "${db[@]}" node_modules/.bin/next start -p "$2") >"$4" 2>&1 &
  server_pid=$!
  started+=("$server_pid")
  wait_ready "http://127.0.0.1:$2/api/health?ready" 300
  # A new server's first seconds run unoptimised code (the JIT): 5 s of home pages, not recorded.
  BENCH_WARMUP=4 node bench/measure.mjs warm-up "http://127.0.0.1:$2/" 10 1 >/dev/null
}

# The control (bench/lighthouse-control, built) on port $1; sets control_pid.
start_control() {
  node_modules/.bin/next start bench/lighthouse-control -p "$1" >/dev/null 2>&1 &
  control_pid=$!
  started+=("$control_pid")
  wait_ready "http://127.0.0.1:$1/api/health" 60
}

# Whether the front door can run here: nginx installed and deploy/nginx.conf present.
door_available() { command -v nginx >/dev/null && [ -f deploy/nginx.conf ]; }

# nginx from deploy/nginx.conf on 127.0.0.1:$2 in front of the origin on port $1, in a temporary
# prefix: the image's absolute paths (pid, logs, cache) moved there, workers as a user every Debian
# has, the upstreams replaced by that one origin. Each substitution must match, so that a changed
# nginx.conf fails here instead of being measured half-rewritten. Sets door_pid, door_log.
start_door() {
  door_dir="$(mktemp -d /tmp/bench-door.XXXXXX)"
  chmod 755 "$door_dir" # the workers (nobody) reach their cache through it
  mkdir "$door_dir/cache"
  local conf="$door_dir/nginx.conf"
  sed -e 's|^user nginx;$|user nobody nogroup;|' \
      -e "s|^pid /var/run/nginx\.pid;$|pid $door_dir/nginx.pid;|" \
      -e "s|/var/log/nginx/|$door_dir/|g" \
      -e "s|/var/cache/nginx/|$door_dir/cache/|g" \
      -e "s|^\( *\)listen 8080;$|\1listen 127.0.0.1:$2;|" deploy/nginx.conf >"$conf"
  if grep -v '^ *#' "$conf" | grep -q '/var/\|^user nginx' || ! grep -q "listen 127.0.0.1:$2;" "$conf"; then
    echo "deploy/nginx.conf changed shape: update start_door in bench/lib.sh" >&2
    exit 1
  fi
  echo "server 127.0.0.1:$1;" >"$door_dir/shop-upstreams.conf"
  nginx -t -q -p "$door_dir" -c "$conf" -g 'daemon off;'
  nginx -p "$door_dir" -c "$conf" -g 'daemon off;' &
  door_pid=$!
  started+=("$door_pid")
  door_log="$door_dir/access.log"
  wait_ready "http://127.0.0.1:$2/api/health?ready" 30
}
stop_door() {
  stop_pid "${door_pid:-}"
  door_pid=""
  [ -z "$door_dir" ] || rm -rf "$door_dir"
  door_dir=""
}

# Asks the front door at $1 for each page until its cache answers (X-Cache-Status HIT, at most 10
# tries), so that the measurement is of the cache and not of the first renders; prints one JSON
# line with each page's last status. $2: the JSON fields of the section.
warm_door() {
  local statuses="{}" status
  for page in "${PAGES[@]}"; do
    for _ in $(seq 1 10); do
      status="$(curl -s -o /dev/null -D - "$1$page" | tr -d '\r' | awk 'tolower($1) == "x-cache-status:" { print $2 }')"
      [ "$status" = HIT ] && break
      sleep 0.3
    done
    statuses="$(jq -c --arg p "$page" --arg s "${status:-none}" '. + {($p): $s}' <<<"$statuses")"
  done
  jq -c --argjson s "$statuses" '. + {name: "front door warmed: X-Cache-Status of each page before measuring", warm: $s}' <<<"$2" | tee -a "$out"
}

# One measurement of a cached page: $1 the section's JSON fields, $2 target (control, origin, front
# door …), $3 base URL, $4 the page. 10 connections. Through the front door, with its cache statuses.
measure_page() {
  local name="${PAGE_NAMES[$4]:-$4}" log=()
  [ "$2" = control ] && name="bare route handler"
  [[ "$2" == *"front door"* ]] && log=(BENCH_ACCESS_LOG="$door_log")
  env "${log[@]}" BENCH_FIELDS="$(jq -c --arg t "$2" --arg p "$name" '. + {target: $t, page: $p}' <<<"$1")" \
    node bench/measure.mjs "$name, $2 ($(jq -r .section <<<"$1"))" "$3$4" 10 "$secs" | tee -a "$out"
}

# New queries at the origin (bench/uncached.mjs): $1 fields, $2 target, $3 base URL, $4 kind
# (search, page), $5 in flight; with the server's and, on this machine's PostgreSQL, the
# database's CPU per request.
measure_new() {
  local name
  case "$4" in search) name="new API searches";; page) name="new search pages";; *) name="new $4";; esac
  name="$name, $5 in flight"
  BENCH_FIELDS="$(jq -c --arg t "$2" --arg p "$name" '. + {target: $t, page: $p}' <<<"$1")" \
    BENCH_SERVER_PID="$server_pid" BENCH_POSTGRES_PID="${postgres_pid:-}" \
    node bench/uncached.mjs "$name, $2 ($(jq -r .section <<<"$1"))" "$3" "$4" "$5" "$secs" | tee -a "$out"
}

# 100000 → 100,000, for titles.
commas() { sed -E ':a;s/^([0-9]+)([0-9]{3})/\1,\2/;ta' <<<"$1"; }

# PostgreSQL's postmaster when the database runs on this machine (bench/process-cpu.mjs sums its
# backends); none for a database elsewhere.
postgres_pid_for() {
  [[ "$1" =~ ^postgres://[^/]*@(127\.0\.0\.1|localhost)[:/] ]] && pgrep -o -x postgres || true
}

# Databases shop_bench (the real catalogue: migrated and seeded) and shop_bench_100k (grown to
# $2 products) on the PostgreSQL server at $1: dropped and re-created, or with
# BENCH_KEEP_DATABASES=1 kept as an earlier run left them (each step below is idempotent, and
# growing 100,000 products takes minutes).
prepare_postgres() {
  local pg="${1%/}" name
  for name in shop_bench shop_bench_100k; do
    if [ -z "${BENCH_KEEP_DATABASES:-}" ]; then
      psql "$pg/postgres" -q -c "DROP DATABASE IF EXISTS $name WITH (FORCE)"
    fi
    [ -n "$(psql "$pg/postgres" -tAq -c "SELECT 1 FROM pg_database WHERE datname = '$name'")" ] ||
      psql "$pg/postgres" -q -c "CREATE DATABASE $name"
  done
  DATABASE_URL="$pg/shop_bench" npx tsx db/migrate.ts >/dev/null
  DATABASE_URL="$pg/shop_bench" npx tsx db/seed.ts >/dev/null
  # Migrates and seeds first, then clones products up to the size (nothing when already there).
  [ -n "${BENCH_SKIP_GROWN:-}" ] || DATABASE_URL="$pg/shop_bench_100k" npx tsx bench/grow-catalogue.ts "$2" >/dev/null
}
