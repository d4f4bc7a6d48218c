#!/usr/bin/env bash
# Serves the production build for the e2e journeys on a fresh embedded database.
# E2E_SKIP_BUILD=1 reuses an existing .next build. NEXTAUTH_URL stays unset, as with `npm run shop`,
# so the journeys check that sign-in and sign-out stay on this host and port.
set -euo pipefail
port="${1:-3100}"
export PGLITE_DIR=".data/e2e-${port}"
export SITE_URL="http://127.0.0.1:${port}"
export NEXT_TELEMETRY_DISABLED=1
rm -rf "$PGLITE_DIR"
if [ -z "${E2E_SKIP_BUILD:-}" ]; then npm run build; fi
# No -H 127.0.0.1: bound to a loopback address, Next.js 16 takes proxy.ts's rewrites (to the cached
# /products pages) for another host and proxies them to itself over HTTP (README → Decisions).
exec npx next start -p "$port"
