/**
 * How long a shared cache — the nginx front door (deploy/nginx.conf) or a serverless host's CDN —
 * may keep an anonymous catalogue answer: the catalogue pages (next.config.ts headers(),
 * lib/storefront/page-cache.ts) and the public catalogue API reads (PUBLIC_CACHE_HEADERS). No
 * imports: next.config.ts reads it.
 */

/** Fresh for this long, then served stale while one request refreshes it, for this much longer. */
export const SHARED_MAX_AGE_SECONDS = 10;
export const STALE_WHILE_REVALIDATE_SECONDS = 20;

/** The Cache-Control of every anonymous catalogue page and public catalogue API read. */
export const SHARED_CACHE_CONTROL = `public, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/**
 * The longest an anonymous shopper behind a shared cache can see an answer from before an admin's
 * write: an entry stored just before the write is fresh for s-maxage, then may be served stale
 * while it refreshes until stale-while-revalidate runs out (plus one render). The origin itself
 * expires the write's tags at once, and an admin's own pages are never cached.
 */
export const FRESHNESS_BOUND_SECONDS = SHARED_MAX_AGE_SECONDS + STALE_WHILE_REVALIDATE_SECONDS;
