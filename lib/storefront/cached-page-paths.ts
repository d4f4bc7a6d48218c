/**
 * The shopper pages served from the page cache and their internal addresses (see
 * lib/storefront/cached-pages.ts for why they exist). No imports: next.config.ts reads this to build its
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
 * Whether a public path is a shopper page served from the page cache: a fixed page above or a product
 * page (ISR, app/(shop)/products/[id]). None of them raises a toast (components/ui/toaster.tsx).
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
};

/** The search parameters of the page (aliases) and the plain one-word search the rewrites serve directly. */
export const SEARCH_KEYS = ['q', 'query', 'search'] as const;
const WORD = '[A-Za-z0-9]{1,40}';

/**
 * A /products address that is a single plain word searched (`?query=sofa`) and nothing else the
 * page reads: next.config.ts rewrites it to /cached/products/search/{word}, so proxy.ts leaves it.
 */
export function isPlainWordSearch(search: URLSearchParams): boolean {
  const present = PRODUCT_QUERY_KEYS.filter((k) => search.has(k));
  if (present.length !== 1 || !(SEARCH_KEYS as readonly string[]).includes(present[0])) return false;
  const values = search.getAll(present[0]);
  return values.length === 1 && new RegExp(`^${WORD}$`).test(values[0]);
}

/** The word of a /cached/products/search/{word} path, or null. */
export function plainWord(segment: string | undefined): string | null {
  return segment !== undefined && new RegExp(`^${WORD}$`).test(segment) ? segment : null;
}

/**
 * The query parameter the request hook adds to a /products query it has keyed
 * (lib/server/cached-listing-rewrite.ts): its value is the cached twin's key, and next.config.ts
 * rewrites to /cached/products/{key} on it. proxy.ts's matchers skip an address that has it.
 */
export const LISTING_KEY_PARAM = 'listing_key';
const LISTING_KEY = '[A-Za-z0-9_-]{1,200}';
/**
 * The request header the request hook sets on a listing it sends on to /products to render per
 * request (lib/server/listing-admission.ts: asked for the first time). Its address stays as the
 * client sent it, so no rewrite takes it to the twin; proxy.ts's matchers skip a request that has
 * it. A header, not a parameter like LISTING_KEY_PARAM: a parameter would be in the address the
 * page renders with, and the client router, finding a page for another address than the one it
 * asked for, fetched it again and then loaded it as a new document (the filters lost their focus).
 */
export const PER_REQUEST_HEADER = 'x-listing-per-request';

type Rewrite = { source: string; destination: string; has?: { type: 'query'; key: string; value?: string }[]; missing?: { type: 'query'; key: string }[] };

/**
 * next.config.ts rewrites (applied before the file system routes): the pages that do not depend on
 * the query, /products without any of its parameters, /products searching one plain word, and a
 * /products query the request hook has keyed (LISTING_KEY_PARAM). Any other /products query is
 * rewritten by proxy.ts, which has to canonicalise it first (and a proxy rewrite costs about as much
 * as the cached page).
 *
 * As few rules as possible: Next.js tests every rule against every request, and the route handlers
 * compile each rule's pattern again per request (issue 18, bench/README.md). The fixed pages whose
 * twin has their own name and that read no query share one rule.
 */
export function cachedPageRewrites(): Rewrite[] {
  const others = (except?: string) => PRODUCT_QUERY_KEYS.filter((k) => k !== except).map((k) => ({ type: 'query' as const, key: k }));
  const plain: string[] = [];
  const own: Rewrite[] = [];
  for (const [source, key] of Object.entries(CACHED_PAGES)) {
    const destination = `${CACHED_PREFIX}/${key}`;
    if (key === 'products') own.push({ source, destination, missing: others() });
    else if (FIXED_PAGE_QUERY_KEYS[source]) own.push({ source, destination, missing: FIXED_PAGE_QUERY_KEYS[source].map((k) => ({ type: 'query' as const, key: k })) });
    else if (source === `/${key}`) plain.push(key);
    else own.push({ source, destination });
  }
  return [
    ...own,
    { source: `/:page(${plain.join('|')})`, destination: `${CACHED_PREFIX}/:page` },
    ...SEARCH_KEYS.map((k): Rewrite => ({
      source: '/products',
      has: [{ type: 'query', key: k, value: `(?<word>${WORD})` }],
      missing: others(k),
      destination: `${CACHED_PREFIX}/products/search/:word`,
    })),
    // Next.js reads the last value of a repeated parameter: the hook's, which it appends.
    { source: '/products', has: [{ type: 'query', key: LISTING_KEY_PARAM, value: `(?<key>${LISTING_KEY})` }], destination: `${CACHED_PREFIX}/products/:key` },
  ];
}
