/**
 * The shopper pages served from the page cache and their internal addresses (see
 * lib/ui/cached-pages.ts for why they exist). No imports: next.config.ts reads this to build its
 * rewrites.
 */

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
 * Every query parameter the /products page reads (lib/validation/catalog.ts productQuerySchema).
 * With none of them present the page is the plain listing, whatever else the address carries.
 */
export const PRODUCT_QUERY_KEYS = [
  'page', 'limit', 'include_images', 'q', 'query', 'search', 'category', 'style', 'function', 'mobility',
  'width_min', 'width_max', 'height_min', 'height_max', 'depth_min', 'depth_max', 'sort',
] as const;

/**
 * next.config.ts rewrites (applied before the file system routes): the pages that do not depend on
 * the query, and /products without any of its parameters. A rewrite here costs next to nothing;
 * /products with a query is rewritten by proxy.ts, which has to canonicalise the query first.
 */
export function cachedPageRewrites(): { source: string; destination: string; missing?: { type: 'query'; key: string }[] }[] {
  return Object.entries(CACHED_PAGES).map(([source, key]) =>
    key === 'products'
      ? { source, destination: `${CACHED_PREFIX}/${key}`, missing: PRODUCT_QUERY_KEYS.map((k) => ({ type: 'query' as const, key: k })) }
      : { source, destination: `${CACHED_PREFIX}/${key}` },
  );
}
