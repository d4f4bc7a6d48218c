/**
 * Runs once when a server process starts: refuses the malformed requests Next.js itself would
 * answer with a 500 (TRACE, bad percent-encoding, a junk router-state header:
 * lib/server/request-guard.ts), stamps each request with its connection address (for the login
 * limits, lib/server/client-address.ts) and makes the embedded database ready (migrated
 * and seeded) before the first request. Not during `next build`, which must never open the database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { installRequestGuard } = await import('./lib/server/request-guard');
  installRequestGuard();
  const { installPeerAddressStamp } = await import('./lib/server/client-address');
  installPeerAddressStamp();
  const { prepareEmbeddedDatabase } = await import('./db/bootstrap');
  await prepareEmbeddedDatabase();
}
