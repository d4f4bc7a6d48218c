// GET, DELETE /api/users/profile/sessions — the signed-in devices of the caller's account; sign out all the others
import { endOtherSessions, listSessions } from '@/lib/accounts/user-sessions';
import { route } from '@/lib/http/route';

/**
 * → 200 [{id, kind: cookie|token, device ("Chrome on macOS"), address, signed_in_at,
 *   last_active_at, current}], the session of this request first (docs/accounts-and-security.md
 *   "Sessions"); 401 without a session.
 */
export const GET = route({ auth: 'user' }, async ({ user }) => listSessions(user));

/**
 * Signs out every other browser and bearer token of the account at once; this one stays.
 * → 200 {message, ended (how many)}; 401 without a session.
 */
export const DELETE = route({ auth: 'user' }, async ({ user }) => {
  const ended = await endOtherSessions(user);
  return { message: ended === 1 ? 'Signed out 1 other device.' : `Signed out ${ended} other devices.`, ended };
});
