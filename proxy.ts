/**
 * Next 16's proxy (formerly middleware): two jobs, both only optimisations.
 *
 * 1. Early redirect for pages that need a signed-in user. A request for the cart, orders, order
 *    confirmation, checkout or the admin area that carries no session cookie at all is sent to
 *    /login?next=<the page> before any rendering. The pages themselves check the session against
 *    the database (requirePageUser, requirePageAdmin) and the API checks every call
 *    (lib/auth/guards.ts), so a stale or forged cookie passes here and is refused there. Roles are
 *    never decided here.
 * 2. /products with a query from the page cache: rewritten to its cached twin under
 *    /cached/products/{canonical query} (lib/storefront/cached-pages.ts). Without this rewrite the same page
 *    renders per request. On an ordinary server the request hook in front of Next.js has already
 *    keyed a GET or HEAD for next.config.ts to rewrite (lib/server/cached-listing-rewrite.ts:
 *    starting the proxy costs about as much as serving the cached page), and the matchers skip it;
 *    so this runs on a serverless host, where the platform routes, and for other methods. The
 *    pages that do not depend on a query (home, plain /products, the curated lists, shipping, FAQ)
 *    are rewritten by next.config.ts, which is cheaper per request.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isSessionCookieName } from '@/lib/auth/cookies';
import { cachedListingPath } from '@/lib/storefront/cached-pages';

export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  if (pathname === '/products') {
    const target = cachedListingPath(searchParams);
    if (!target) return NextResponse.next();
    const url = request.nextUrl.clone();
    url.pathname = target;
    return NextResponse.rewrite(url);
  }
  if (request.cookies.getAll().some((c) => isSessionCookieName(c.name) && c.value)) return NextResponse.next();
  const login = new URL('/login', request.url);
  login.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  // /x/:path* also matches /x itself.
  matcher: [
    // One matcher for the signed-in pages: Next.js tests every matcher against every request,
    // whichever path it is (and 16.4.6 compiled each one again every time: patches/README.md).
    '/:area(cart|order|orders|order-confirmation|checkout|admin)/:path*',
    // /products with a parameter the page reads (PRODUCT_QUERY_KEYS, written out: the matcher must
    // be a literal), for the page-cache rewrite. A plain /products never runs the proxy, and nor
    // does a search for one plain word and nothing else (next.config.ts rewrites it): running the
    // proxy at all costs about as much as serving the cached page. The value is
    // lib/storefront/cached-page-paths.ts's plain word, written out (tests/unit/cached-pages.test.ts).
    // None runs on an address the request hook has keyed (LISTING_KEY_PARAM): next.config.ts rewrites
    // it; nor on one the hook sends on to render per request (PER_REQUEST_HEADER, its first request).
    { source: '/products', has: [{ type: 'query', key: 'page' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'limit' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'include_images' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'q' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }, { type: 'query', key: 'q', value: '[A-Za-z0-9]{1,40}' }] },
    { source: '/products', has: [{ type: 'query', key: 'query' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }, { type: 'query', key: 'query', value: '[A-Za-z0-9]{1,40}' }] },
    { source: '/products', has: [{ type: 'query', key: 'search' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }, { type: 'query', key: 'search', value: '[A-Za-z0-9]{1,40}' }] },
    { source: '/products', has: [{ type: 'query', key: 'category' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'style' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'function' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'mobility' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'width_min' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'width_max' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'height_min' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'height_max' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'depth_min' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'depth_max' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'on_sale' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'rating_min' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
    { source: '/products', has: [{ type: 'query', key: 'sort' }], missing: [{ type: 'query', key: 'listing_key' }, { type: 'header', key: 'x-listing-per-request' }] },
  ],
};
