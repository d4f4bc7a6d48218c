/**
 * A browser's next-auth session cookie for a user, as signing in through /api/auth would set it
 * (lib/accounts/auth-options.ts: a JWT carrying the user id and token version, lib/auth/guards.ts reads it).
 *   const cookie = await sessionCookieFor(user);
 *   await call(PUT, { method: 'PUT', body, headers: { cookie, origin: 'http://localhost:3000' } });
 */
import { encode } from 'next-auth/jwt';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/auth-options';
import { authSecret } from '@/lib/auth/secret';

/** The origin of the URLs tests/support/http.ts `call()` builds: the shop's own, for a cookie request. */
export const SHOP_ORIGIN = 'http://localhost:3000';

/** A `Cookie` header value holding a valid session for the user (plain http cookie name). */
export async function sessionCookieFor(user: { id: number; tokenVersion: number; userName?: string; email?: string; isAdmin?: boolean }): Promise<string> {
  const token = await encode({
    token: { uid: user.id, ver: user.tokenVersion, name: user.userName, email: user.email, isAdmin: user.isAdmin ?? false },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return `next-auth.session-token=${token}`;
}
