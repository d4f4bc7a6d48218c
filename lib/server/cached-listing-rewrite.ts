/**
 * A /products query served from its cached twin without starting proxy.ts (issue 18).
 *
 * A filtered listing (`/products?category=3&sort=price_asc`) is an ISR page under
 * /cached/products/{canonical query} (lib/storefront/cached-pages.ts). proxy.ts can rewrite it
 * there, but Next.js starts a proxy with a WHATWG Request, its URL parsed three times, async
 * contexts and trace spans: measured, that costs as much CPU as serving the cached page itself, so
 * a filtered listing answered at 0.5–0.6 of a bare route handler against 0.9–1.0 for the plain
 * listing (bench/README.md).
 *
 * So the request hook, in front of Next.js, works out the twin's key (the same rule as the proxy)
 * and appends it to the address as `listing_key={key}`. A next.config.ts rewrite sends that to
 * /cached/products/{key}, and proxy.ts's matchers skip an address that carries it. The path stays
 * /products: Next.js's own rewrite is what the page renders with (its URL, the client router's
 * headers, the redirect of an RSC request whose cache-busting parameter is wrong), exactly as after
 * the proxy's rewrite. Changing the path here instead would render the page as /cached/products/….
 *
 * The first request of a listing is not keyed to the twin: the hook leaves its address alone and
 * sets the PER_REQUEST_HEADER header, which proxy.ts's matchers skip, so /products renders it per
 * request and the page cache stores nothing; from its second request on it gets its key
 * (lib/server/listing-admission.ts: a query asked once is seldom asked again). That header from a
 * client is dropped here, so only the hook decides; on a serverless host, where the hook does not
 * run, a client that sends it gets the page rendered per request, as any new query is.
 *
 * Only on an ordinary server (`next start`, the standalone server). On a serverless host the
 * platform routes the request before this process sees it, so proxy.ts's rewrite stays the one
 * there. Only GET and HEAD: any other method goes on to the proxy as before. A `listing_key` the
 * client sent itself comes first, and Next.js reads the last value; where the hook adds none (a
 * serverless host, a rejected query), a hand-made one shows the listing it names at an address
 * of its own, no more than /cached/products/{key} does.
 */
import type http from 'node:http';
import { serverlessHost } from './host';
import { cachedListingPath } from '@/lib/storefront/cached-pages';
import { LISTING_KEY_PARAM, PER_REQUEST_HEADER } from '@/lib/storefront/cached-page-paths';
import { listingAdmission, type Admission } from './listing-admission';

const LISTING = '/products?';

/** Whether this process is an ordinary server, where the hook rewrites (read once: the environment does not change). */
const onOrdinaryServer = serverlessHost() === null;

/**
 * Appends the cached twin's key to a GET or HEAD of /products whose query the page cache keys,
 * from the listing's second request on; on its first, sets PER_REQUEST_HEADER instead.
 * @param req the incoming request; `req.url` becomes `/products?{the same query}&listing_key={key}`,
 *   or stays as it is with `req.headers[PER_REQUEST_HEADER]` set
 * @param ordinaryServer false on a serverless host (tests pass it): nothing is added there
 * @param admission which listings are stored (tests pass their own): this process's by default
 * @returns the key added, or null (rendered per request, or not a listing the page cache keys).
 *   Never throws: a query the page rejects is left for the page to explain.
 */
export function keyCachedListing(req: http.IncomingMessage, ordinaryServer = onOrdinaryServer, admission: Admission = listingAdmission): string | null {
  const target = req.url;
  // Only the hook sets it (checked first: deleting a property the object lacks still costs).
  if (ordinaryServer && req.headers[PER_REQUEST_HEADER] !== undefined) delete req.headers[PER_REQUEST_HEADER];
  if (!ordinaryServer || !target?.startsWith(LISTING) || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
  const twin = cachedListingPath(new URLSearchParams(target.slice(LISTING.length)));
  if (!twin) return null;
  const key = twin.slice(twin.lastIndexOf('/') + 1);
  if (!admission.admit(key)) {
    req.headers[PER_REQUEST_HEADER] = '1';
    return null;
  }
  req.url = `${target}&${LISTING_KEY_PARAM}=${key}`;
  return key;
}
