/**
 * What the shop does to every request before Next.js sees it, in one wrapper of
 * `http.Server.prototype.emit` installed once by instrumentation.ts (issue 18: one hook per request,
 * not one per concern, and nothing Next.js would evaluate rule by rule):
 *   1. refuses the malformed requests Next.js would answer with a 500 (lib/server/request-guard.ts);
 *   2. stamps the request with its TCP peer address for the per-address limits
 *      (lib/server/client-address.ts);
 *   3. sets the security headers on the response (lib/server/security-headers.ts: the pages' set,
 *      or the API's under /api/), each set built once;
 *   4. on an ordinary server, keys a /products query to its cached twin for next.config.ts to
 *      rewrite, so that proxy.ts need not start for it (lib/server/cached-listing-rewrite.ts);
 *   5. installed alongside, once: a page request whose render the catalogue's cost cap refused
 *      answers 503 instead of 500 (lib/server/busy-page-status.ts).
 */
import http from 'node:http';
import { keyCachedListing } from './cached-listing-rewrite';
import { markPeerAddressStamped, stampPeerAddress } from './client-address';
import { installBusyPageStatus } from './busy-page-status';
import { answerRefusal } from './request-guard';
import { securityHeaders } from './security-headers';

const HOOKS_INSTALLED = Symbol.for('totara-home.request-hooks');

/** Applies the hooks to one request; true when the request was answered here (a refusal). */
export function hookRequest(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  for (const [name, value] of securityHeaders(req.headers['x-forwarded-proto'], req.url)) res.setHeader(name, value);
  if (answerRefusal(req, res)) return true;
  stampPeerAddress(req);
  keyCachedListing(req);
  return false;
}

/** Installs the hooks on every HTTP server of this process; idempotent (the flag is on globalThis). */
export function installRequestHooks(): void {
  const g = globalThis as Record<symbol, unknown>;
  if (g[HOOKS_INSTALLED]) return;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function requestHooks(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && hookRequest(args[0] as http.IncomingMessage, args[1] as http.ServerResponse)) return true;
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
  installBusyPageStatus();
  markPeerAddressStamped();
  g[HOOKS_INSTALLED] = true;
}
