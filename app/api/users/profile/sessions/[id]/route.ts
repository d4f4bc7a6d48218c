// DELETE /api/users/profile/sessions/{id} — sign one of the caller's devices out
import { endOwnSession } from '@/lib/accounts/user-sessions';
import { sessionIdParams } from '@/lib/accounts/schemas';
import { route } from '@/lib/http/route';

/**
 * Ends that session at once: the device's next request is signed out (docs/accounts-and-security.md
 * "Sessions"). → 200 {message}; 400 an id that is not a session id (a UUID); 401 without a
 * session; 404 "This device is not signed in to your account." for a session that is not the
 * caller's or has ended.
 */
export const DELETE = route({ auth: 'user', params: sessionIdParams }, async ({ user, params }) => {
  await endOwnSession(user, params.id);
  return { message: 'Signed out.' };
});
