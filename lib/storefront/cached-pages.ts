/**
 * Which storefront addresses are served from the page cache, and under which internal path.
 *
 * Pages without a dynamic segment would be prerendered by `next build`, which must never open the
 * database (docs/architecture.md). So each cacheable page also exists under /cached/[...path], a route with no
 * build-time paths: rendered on its first request, then kept as an ISR entry tagged with the
 * catalogue tags its reads use, and regenerated when an admin write revalidates those tags.
 * next.config.ts rewrites the fixed addresses to it (lib/storefront/cached-page-paths.ts). A /products
 * query goes to it keyed by the request hook in front of Next.js on an ordinary server
 * (lib/server/cached-listing-rewrite.ts, then a next.config.ts rewrite) and by proxy.ts on a
 * serverless host; without either it renders per request, so that rewrite is only a speed-up.
 *
 * /products keys its entry on the canonical query string (the parameters the page reads, in a
 * fixed order), base64url-encoded into one path segment.
 */
import { safeParseProductQuery } from '@/lib/catalog/query-schema';
import { fromListParams } from '@/lib/catalog/read-product-query';
import { toSearchParams } from '@/lib/catalog/product-query';
import { CACHED_PAGES, CACHED_PREFIX, isPlainWordSearch } from './cached-page-paths';

export { CACHED_PAGES, CACHED_PREFIX } from './cached-page-paths';

/** A longer query is rendered per request rather than cached (one path segment stays a safe file name). */
const MAX_KEY_LENGTH = 200;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(key: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) return null;
  try {
    const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The internal /cached/… path for a public address, or null when it is not served from cache: an
 * unlisted path, a /products query the page would reject (it shows its message per request), or
 * one too long for a cache key. Parameters the page ignores (`_rsc`, tracking tags) do not change
 * the key.
 */
export function cachedPathFor(pathname: string, search: URLSearchParams): string | null {
  if (!Object.hasOwn(CACHED_PAGES, pathname)) return null;
  const key = CACHED_PAGES[pathname];
  if (key !== 'products') return `${CACHED_PREFIX}/${key}`;
  const { params, error } = safeParseProductQuery(search);
  if (error) return null;
  const canonical = toSearchParams(fromListParams(params)).toString();
  if (!canonical) return `${CACHED_PREFIX}/products`;
  const encoded = toBase64Url(canonical);
  return encoded.length <= MAX_KEY_LENGTH ? `${CACHED_PREFIX}/products/${encoded}` : null;
}

/**
 * Where a /products request with this query is rewritten to: its cached twin
 * (/cached/products/{key}), or null when it is left as it is: no parameter the page reads and one
 * plain word searched (next.config.ts rewrites both already), a query the page rejects or one too
 * long for a key (rendered per request). The one rule for proxy.ts and the request hook.
 * @param search the request's query (parameters the page ignores, `_rsc` included, do not count)
 */
export function cachedListingPath(search: URLSearchParams): string | null {
  if (isPlainWordSearch(search)) return null;
  const target = cachedPathFor('/products', search);
  return target === `${CACHED_PREFIX}/products` ? null : target;
}

/** The /products query string encoded in a cached path segment, or null when it is not one of ours. */
export function queryFromKey(key: string | undefined): URLSearchParams | null {
  if (key === undefined) return new URLSearchParams();
  const text = fromBase64Url(key);
  return text === null ? null : new URLSearchParams(text);
}
