/**
 * Runs once when a server process starts: stamps each request with its connection address (for
 * the login limits, lib/server/client-address.ts) and makes the embedded database ready (migrated
 * and seeded) before the first request. Not during `next build`, which must never open the database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { installPeerAddressStamp } = await import('./lib/server/client-address');
  installPeerAddressStamp();
  const { prepareEmbeddedDatabase } = await import('./db/bootstrap');
  await prepareEmbeddedDatabase();
}
