/**
 * What every anonymous shopper sees, and how it is cached (docs/architecture.md "Caching"):
 *
 * 1. The front door (nginx in front of self-hosted instances, deploy/nginx.conf; the CDN on a
 *    serverless host) keeps each catalogue page and public catalogue API answer by its full URL,
 *    for as long as SHARED_CACHE_CONTROL allows
 *    (lib/server/cache/cache-control.ts), and never anything personal (`private`,
 *    `no-store`, a session cookie, `Authorization`).
 * 2. The origin keeps the catalogue reads (`unstable_cache`, tagged by lib/catalog/tags.ts) and
 *    the pages that do not depend on a query as ISR entries: a public address is rewritten to its
 *    twin under /cached/…, a route with no build-time paths (`next build` never opens the
 *    database). A /products query renders per request from the cached reads.
 * 3. An admin's write expires its tags at once on every instance (the shared cache handler);
 *    anonymous shoppers behind the front door see it within FRESHNESS_BOUND_SECONDS.
 *
 * Imports nothing but the Cache-Control policy: next.config.ts reads this to build its rewrites
 * and headers.
 */
import { SHARED_CACHE_CONTROL } from '../server/cache/cache-control';

export const CACHED_PREFIX = '/cached';

/** Public path → key of the cached page (the first segment after /cached). */
export const CACHED_PAGES: Record<string, string> = {
  '/': 'home',
  '/products': 'products',
  '/featured-products': 'featured-products',
  '/latest-products': 'latest-products',
  '/promotional-products': 'promotional-products',
  '/shipping': 'shipping',
  '/faq': 'faq',
};

/**
 * Whether a public path is a shopper page that is the same for every visitor: a fixed page above or
 * a product page (ISR, app/(shop)/products/[id]). None of them raises a toast
 * (components/ui/toaster.tsx).
 */
export function isCachedShopperPath(pathname: string): boolean {
  return Object.hasOwn(CACHED_PAGES, pathname) || /^\/products\/[^/]+$/.test(pathname);
}

/**
 * Every query parameter the /products page reads (lib/catalog/query-schema.ts productQuerySchema).
 * With none of them present the page is the plain listing, whatever else the address carries.
 */
export const PRODUCT_QUERY_KEYS = [
  'page', 'limit', 'include_images', 'q', 'query', 'search', 'category', 'style', 'function', 'mobility',
  'width_min', 'width_max', 'height_min', 'height_max', 'depth_min', 'depth_max', 'on_sale', 'rating_min', 'sort',
] as const;

/**
 * Query parameters that make a fixed page show something else (the promotions page's paging and
 * campaign): with any of them the page is not rewritten to its single cached twin and renders per
 * request.
 */
export const FIXED_PAGE_QUERY_KEYS: Record<string, readonly string[]> = {
  '/promotional-products': ['page', 'campaign'],
  '/products': PRODUCT_QUERY_KEYS,
};

type Rewrite = { source: string; destination: string; missing?: { type: 'query'; key: string }[] };

/**
 * next.config.ts rewrites (applied before the file system routes): each fixed page to its twin,
 * unless the address carries a parameter that makes the page show something else
 * (FIXED_PAGE_QUERY_KEYS). The pages whose twin has their own name and that read no query share one
 * rule.
 */
export function cachedPageRewrites(): Rewrite[] {
  const plain: string[] = [];
  const own: Rewrite[] = [];
  for (const [source, key] of Object.entries(CACHED_PAGES)) {
    const destination = `${CACHED_PREFIX}/${key}`;
    const keys = FIXED_PAGE_QUERY_KEYS[source];
    if (keys) own.push({ source, destination, missing: keys.map((k) => ({ type: 'query' as const, key: k })) });
    else if (source === `/${key}`) plain.push(key);
    else own.push({ source, destination });
  }
  return [...own, { source: `/:page(${plain.join('|')})`, destination: `${CACHED_PREFIX}/:page` }];
}

/** The public addresses of the anonymous catalogue pages, as next.config.ts `headers()` sources. */
export const CATALOGUE_PAGE_SOURCES = [
  ...Object.keys(CACHED_PAGES),
  '/products/:id',
  '/products/:id/reviews/:page',
] as const;

/**
 * next.config.ts `headers()` rules giving the anonymous catalogue pages SHARED_CACHE_CONTROL, so
 * the front door may keep them. Next.js keeps a Cache-Control a rule set: on a page rendered per
 * request (a /products query) instead of its `private, no-store`, and on an ISR page instead of its
 * own `s-maxage`; a render that fails still answers `private, no-store`.
 */
export function catalogueCacheRules(): { source: string; headers: { key: string; value: string }[] }[] {
  return CATALOGUE_PAGE_SOURCES.map((source) => ({ source, headers: [{ key: 'Cache-Control', value: SHARED_CACHE_CONTROL }] }));
}
