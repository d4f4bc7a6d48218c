/**
 * A browser's next-auth session cookie for a user, as signing in through /api/auth would set it
 * (lib/accounts/auth-options.ts: a JWT carrying the user id and a session of its own, lib/auth/guards.ts reads it).
 *   const cookie = await sessionCookieFor(user);
 *   await call(PUT, { method: 'PUT', body, headers: { cookie, origin: 'http://localhost:3000' } });
 */
import { encode } from 'next-auth/jwt';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/auth-options';
import { authSecret } from '@/lib/auth/secret';
import { startSession } from '@/lib/auth/sessions';
import { TEST_CLIENT } from './factories';

/** The origin of the URLs tests/support/http.ts `call()` builds: the shop's own, for a cookie request. */
export const SHOP_ORIGIN = 'http://localhost:3000';

/**
 * A `Cookie` header value holding a valid session for the user (plain http cookie name): a new
 * `cookie` session, or the one named by `sessionId`.
 */
export async function sessionCookieFor(user: { id: number; userName?: string; email?: string; isAdmin?: boolean }, sessionId?: string): Promise<string> {
  const sid = sessionId ?? (await startSession(user.id, 'cookie', TEST_CLIENT));
  const token = await encode({
    token: { uid: user.id, sid, name: user.userName, email: user.email, isAdmin: user.isAdmin ?? false },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return `next-auth.session-token=${token}`;
}
