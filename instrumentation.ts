/**
 * Runs once when a server process starts: installs the cache handler (lib/server/cache/install.ts),
 * refuses a serverless host's missing settings (lib/server/host.ts), installs the request hooks
 * (lib/server/request-hooks.ts: refuses the malformed requests Next.js itself would answer with a
 * 500, stamps each request with its connection address for the login limits, sets the security
 * headers) and makes the embedded database ready (migrated and seeded) before the first request.
 * Not during `next build`, which must never open the database.
 */
import { noteRequestError } from './lib/server/busy-page-status';

export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // Before anything can render: the page cache lives in the shop's handler, never in .next/.
  const { installCacheHandler } = await import('./lib/server/cache/install');
  installCacheHandler();
  // Then: a serverless host without a database, upload store, secret or proxy setting stops here
  // with a message naming each (lib/server/host.ts), before anything opens the embedded database.
  const { assertHostConfiguration } = await import('./lib/server/host');
  assertHostConfiguration();
  const { installRequestHooks } = await import('./lib/server/request-hooks');
  installRequestHooks();
  const { prepareEmbeddedDatabase } = await import('./db/bootstrap');
  await prepareEmbeddedDatabase();
}

/**
 * Next.js calls this with every error a request's render or handler threw, before the answer is
 * sent for a page it is still rendering. A render the catalogue's cost cap refused is remembered so
 * that its answer goes out as 503 with Retry-After (lib/server/busy-page-status.ts).
 */
export function onRequestError(error: unknown, request: { headers?: object }) {
  // At once, not after an import: the mark must be there before the page's status line goes out.
  noteRequestError(error, request.headers);
}
