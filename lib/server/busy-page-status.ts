/**
 * A catalogue page the cost cap refused answers 503 with Retry-After, not 500 (issue 18 item 2;
 * README Decisions "An overloaded catalogue page").
 *
 * Next.js 16 answers a page whose render threw with 500 and offers no way to set another status.
 * What it does offer: it calls instrumentation.ts `onRequestError` with the error and the request's
 * own `headers` object while the page is still unanswered (an ISR render finishes before anything is
 * sent). So a BusyError (digest BUSY_DIGEST) marks that headers object here, and one check in
 * `ServerResponse.prototype.writeHead`, installed once by the request hooks
 * (lib/server/request-hooks.ts), sends a marked page request's 500 as 503 with Retry-After: the
 * listing, a search, a product page, the home page (any of them renders through the bounded reads
 * on a cache miss). A 500 for anything else stays a 500, and nothing is added to a request that
 * does not fail. The body is unchanged: the busy page with "Try again". The API answers its own
 * 503 (route()).
 */
import http from 'node:http';
import { BUSY_RETRY_AFTER_SECONDS, isBusyDigest } from '@/lib/catalog/busy';
import { API_PATH_PREFIX } from './security-headers';

const INSTALLED = Symbol.for('totara-home.busy-page-status');

/** Requests (by their headers object, the one Next.js hands onRequestError) whose render was refused. */
const refused = new WeakSet<object>();

/**
 * instrumentation.ts `onRequestError`: remembers a request whose render the cost cap refused.
 * `error`: what the render threw; `headers`: the request's headers object as Next.js passes it.
 */
export function noteRequestError(error: unknown, headers: object | undefined): void {
  if (headers && isBusyDigest(error)) refused.add(headers);
}

/** Whether a 500 about to be sent answers a page request whose render the cost cap refused. */
function isRefusedPage(req: http.IncomingMessage | undefined): boolean {
  return req !== undefined && refused.has(req.headers) && !(req.url ?? '').startsWith(API_PATH_PREFIX);
}

/**
 * Installs, once per process (the flag is on globalThis), the check that sends a refused page's 500
 * as 503 with `Retry-After` (noteRequestError). It runs inside `writeHead`, explicit or implicit
 * (`end()` without one), and looks further only at a 500.
 */
export function installBusyPageStatus(): void {
  const g = globalThis as Record<symbol, unknown>;
  if (g[INSTALLED]) return;
  const writeHead = http.ServerResponse.prototype.writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  http.ServerResponse.prototype.writeHead = function busyAware(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && isRefusedPage(this.req)) {
      this.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      // A reason phrase Next.js passed for 500 would be wrong for 503: let Node write 503's own.
      const headers = rest.find((r) => typeof r === 'object');
      return headers === undefined ? writeHead.call(this, 503) : writeHead.call(this, 503, headers);
    }
    return writeHead.call(this, statusCode, ...rest);
  } as typeof http.ServerResponse.prototype.writeHead;
  g[INSTALLED] = true;
}
