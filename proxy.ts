/**
 * Next 16's proxy (formerly middleware), an optimisation only: a request for the cart, orders,
 * order confirmation, checkout or the admin area that carries no session cookie at all is sent to
 * /login?next=<the page> before any rendering. The pages themselves check the session against the
 * database (requirePageUser, requirePageAdmin) and the API checks every call (lib/auth/guards.ts),
 * so a stale or forged cookie passes here and is refused there. Roles are never decided here.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isSessionCookieName } from '@/lib/auth/cookies';

export function proxy(request: NextRequest) {
  if (request.cookies.getAll().some((c) => isSessionCookieName(c.name) && c.value)) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  const login = new URL('/login', request.url);
  login.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(login);
}

export const config = {
  // /x/:path* also matches /x itself.
  matcher: ['/:area(cart|order|orders|order-confirmation|checkout|admin)/:path*'],
};
