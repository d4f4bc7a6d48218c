#!/usr/bin/env bash
# Builds the Vercel deployment offline and checks what it built (docs/operations.md):
# `vercel build` with the checked-in project settings (.vercel/project.json; no login, no network
# beyond the npm registry for the CLI itself) writes .vercel/output, then
# deploy/check-vercel-output.mjs serves the product page's function from it against a fresh,
# migrated and seeded PostgreSQL database. Run by .ci/run after the test suite.
# Usage: bash deploy/vercel-check.sh   (DEPLOY_CHECK_PG=postgres://user@host:port, default the local server)
set -euo pipefail
cd "$(dirname "$0")/.."
pg="${DEPLOY_CHECK_PG:-postgres://postgres@127.0.0.1:5432}"
db=vercel_check
export VERCEL_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1

# vercel@60: the last major that installs and builds offline here (docs/operations.md).
npx -y vercel@60.1.3 build
psql "$pg/postgres" -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
DATABASE_URL="$pg/$db" npx tsx db/migrate.ts
DATABASE_URL="$pg/$db" npx tsx db/seed.ts >/dev/null
node deploy/check-vercel-output.mjs "$pg/$db"
