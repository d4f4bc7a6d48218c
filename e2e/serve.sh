#!/usr/bin/env bash
# Serves the production build for the e2e journeys on a fresh embedded database.
# E2E_SKIP_BUILD=1 reuses an existing .next build. NEXTAUTH_URL stays unset, as with `npm run shop`,
# so the journeys check that sign-in and sign-out stay on this host and port.
set -euo pipefail
port="${1:-3100}"
export PGLITE_DIR=".data/e2e-${port}"
export SITE_URL="http://127.0.0.1:${port}"
export NEXT_TELEMETRY_DISABLED=1
# The scheduler's secret for GET /api/cron/* (e2e/cart-reminders.spec.ts calls the cron route).
export CRON_SECRET="${CRON_SECRET:-e2e-cron-secret-for-the-journeys}"
rm -rf "$PGLITE_DIR"
if [ -z "${E2E_SKIP_BUILD:-}" ]; then npm run build; fi
# No -H 127.0.0.1: bound to a loopback address, Next.js 16 takes proxy.ts's rewrites (to the cached
# /products pages) for another host and proxies them to itself over HTTP (docs/operations.md).
# --keepAliveTimeout above a test's 90 s (playwright.config.ts): Playwright's request context keeps
# idle connections open with no limit, and Node's server closes one after 5 s idle by default, so a
# call sent just as the server closed it failed with ECONNRESET (seen once in CI). No test now stays
# idle that long between two calls.
exec npx next start -p "$port" --keepAliveTimeout 100000
