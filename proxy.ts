/**
 * Next 16's proxy (formerly middleware): two jobs, both only optimisations.
 *
 * 1. Early redirect for pages that need a signed-in user. A request for the cart, orders, order
 *    confirmation, checkout or the admin area that carries no session cookie at all is sent to
 *    /login?next=<the page> before any rendering. The pages themselves check the session against
 *    the database (requirePageUser, requirePageAdmin) and the API checks every call
 *    (lib/auth/guards.ts), so a stale or forged cookie passes here and is refused there. Roles are
 *    never decided here.
 * 2. Shopper pages from the page cache. The home page, /products (with its query), the curated
 *    lists and the settings-dependent help pages are rewritten to their cached twin under
 *    /cached/… (lib/ui/cached-pages.ts). Without this rewrite the same pages render per request.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isSessionCookieName } from '@/lib/auth/cookies';
import { CACHED_PAGES, cachedPathFor } from '@/lib/ui/cached-pages';

export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  if (Object.hasOwn(CACHED_PAGES, pathname)) {
    const target = cachedPathFor(pathname, searchParams);
    return target ? NextResponse.rewrite(new URL(`${target}${search}`, request.url)) : NextResponse.next();
  }
  if (request.cookies.getAll().some((c) => isSessionCookieName(c.name) && c.value)) return NextResponse.next();
  const login = new URL('/login', request.url);
  login.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  // /x/:path* also matches /x itself.
  matcher: [
    '/cart/:path*',
    '/order/:path*',
    '/orders/:path*',
    '/order-confirmation/:path*',
    '/checkout/:path*',
    '/admin/:path*',
    // The cached shopper pages (keep in step with CACHED_PAGES).
    '/',
    '/products',
    '/featured-products',
    '/latest-products',
    '/promotional-products',
    '/shipping',
    '/faq',
  ],
};
