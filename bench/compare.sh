#!/usr/bin/env bash
# Before/after on one host: the shop's server from another checkout, built beforehand
# (BENCH_BEFORE_DIR), against this checkout's build, alternating on the same PostgreSQL databases,
# because a shared host drifts by more than most changes move. Each round, for each catalogue size:
# the control's bare route handler, then each build's origin (bench/run.sh's six cached pages, new
# API searches and new search pages at 10 in flight), and this build's six through the front door.
# Rounds swap which build goes first, so that a drift over the minutes favours neither.
# The other build is started as its own bench started it: `next start` from its own directory, with
# its own node_modules (and whatever patches they carry), no -H.
# Usage: BENCH_BEFORE_DIR=../before BENCH_PG=postgres://postgres@127.0.0.1:5432 bash bench/compare.sh
#   BENCH_ROUNDS=2, BENCH_SECONDS=10, BENCH_SKIP_GROWN=1, BENCH_SIZE=100000, BENCH_PORT=3200
#   The databases shop_bench and shop_bench_100k are used as `npm run bench` left them (made where
#   missing). Both builds must read the same schema: check `git diff <before> HEAD -- db/migrations`.
# Output: one JSON line per measurement (also bench/results/compare.jsonl), then bench/table.mjs's
# tables, also in bench/results/compare.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
: "${BENCH_BEFORE_DIR:?the built checkout to compare with}" "${BENCH_PG:?postgres://user@host:port}"
before_dir="$(cd "$BENCH_BEFORE_DIR" && pwd)"
pg="${BENCH_PG%/}"
size="${BENCH_SIZE:-100000}"
port="${BENCH_PORT:-3200}"
control_port=$((port + 1))
door_port=$((port + 2))
origin="http://127.0.0.1:$port"
out=bench/results/compare.jsonl
mkdir -p bench/results
: >"$out"
trap stop_all EXIT
trap 'exit 143' INT TERM # so that the EXIT trap stops what was started

# The databases as an earlier run left them; what is missing is made.
BENCH_KEEP_DATABASES=1 prepare_postgres "$pg" "$size"

start_control "$control_port"

# One build's origin: $1 fields, $2 before|after, $3 its directory, $4 database, $5 log name.
origin_round() {
  start_shop "$3" "$port" "$4" "bench/results/server-$5.log"
  for page in "${PAGES[@]}"; do measure_page "$1" "$2 origin" "$origin" "$page"; done
  measure_new "$1" "$2 origin" "$origin" search 10
  measure_new "$1" "$2 origin" "$origin" page 10
  if [ "$2" = after ] && door_available; then
    start_door "$port" "$door_port"
    warm_door "http://127.0.0.1:$door_port" "$1"
    for page in "${PAGES[@]}"; do measure_page "$1" "after front door" "http://127.0.0.1:$door_port" "$page"; done
    stop_door
  fi
  stop_pid "$server_pid"
}

sizes=("2,962 products|$pg/shop_bench|real")
[ -n "${BENCH_SKIP_GROWN:-}" ] || sizes+=("$(commas "$size") products|$pg/shop_bench_100k|grown")
postgres_pid="$(postgres_pid_for "$pg/")"
for entry in "${sizes[@]}"; do
  IFS='|' read -r title db name <<<"$entry"
  for round in $(seq 1 "${BENCH_ROUNDS:-2}"); do
    fields="$(jq -cn --arg s "PostgreSQL, $title" --argjson r "$round" '{section: $s, round: $r}')"
    echo "# PostgreSQL, $title, round $round: $(uptime)"
    measure_page "$fields" control "http://127.0.0.1:$control_port" /api/health
    if [ $((round % 2)) -eq 1 ]; then
      origin_round "$fields" before "$before_dir" "$db" "before-$name"
      origin_round "$fields" after . "$db" "after-$name"
    else
      origin_round "$fields" after . "$db" "after-$name"
      origin_round "$fields" before "$before_dir" "$db" "before-$name"
    fi
  done
done

node bench/table.mjs "$out" | tee bench/results/compare.md
