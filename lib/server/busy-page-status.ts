/**
 * A catalogue page the cost cap refused answers 503 with Retry-After, not 500 (issue 18 item 2;
 * README Decisions "An overloaded catalogue page").
 *
 * Next.js 16 answers a page whose render threw with 500 and offers no way to set another status.
 * What it does offer: it calls instrumentation.ts `onRequestError` with the error and the request's
 * own `headers` object while the page is still unanswered (an ISR render finishes before anything is
 * sent). So a BusyError (digest BUSY_DIGEST) marks that headers object here, and the request hooks
 * (lib/server/request-hooks.ts) watch the status line of every page request (the listing, a search,
 * a product page, the home page: any of them renders through the bounded reads on a cache miss): a
 * 500 for a marked request goes out as 503 with Retry-After. A 500 for anything else stays a 500.
 * The body is unchanged: the busy page with "Try again". The API answers its own 503 (route()).
 */
import type http from 'node:http';
import { BUSY_RETRY_AFTER_SECONDS, isBusyDigest } from '@/lib/catalog/busy';

/** The API's answers come from route(), which answers a BusyError with 503 itself. */
const API_PATH_PREFIX = '/api/';

/** Requests (by their headers object, the one Next.js hands onRequestError) whose render was refused. */
const refused = new WeakSet<object>();

/**
 * instrumentation.ts `onRequestError`: remembers a request whose render the cost cap refused.
 * `error`: what the render threw; `headers`: the request's headers object as Next.js passes it.
 */
export function noteRequestError(error: unknown, headers: object | undefined): void {
  if (headers && isBusyDigest(error)) refused.add(headers);
}

/**
 * Request hook: for a page request, a 500 status line becomes 503 with `Retry-After` when its render
 * was refused (noteRequestError). API requests and every other status are left untouched.
 */
export function watchBusyPageStatus(req: http.IncomingMessage, res: http.ServerResponse): void {
  if ((req.url ?? '').startsWith(API_PATH_PREFIX)) return;
  const writeHead = res.writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  res.writeHead = function busyAware(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && refused.has(req.headers)) {
      this.setHeader('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      // A reason phrase Next.js passed for 500 would be wrong for 503: let Node write 503's own.
      const headers = rest.find((r) => typeof r === 'object');
      return headers === undefined ? writeHead.call(this, 503) : writeHead.call(this, 503, headers);
    }
    return writeHead.call(this, statusCode, ...rest);
  } as typeof res.writeHead;
}
