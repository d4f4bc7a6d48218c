/**
 * Runs once when a server process starts: refuses a serverless host's missing settings
 * (lib/shared/host.ts) and makes the embedded database ready (migrated and seeded) before the
 * first request. Not during `next build`, which must never open the database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // A serverless host without a database, upload store, secret or proxy setting stops here with a
  // message naming each (lib/shared/host.ts), before anything opens the embedded database.
  const { assertHostConfiguration } = await import('./lib/shared/host');
  assertHostConfiguration();
  const { prepareEmbeddedDatabase } = await import('./db/bootstrap');
  await prepareEmbeddedDatabase();
}
