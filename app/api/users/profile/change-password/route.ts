// PUT /api/users/profile/change-password — set a new password (spec §5 Change password, §7 PUT /users/profile/change-password)
import { loginAddress } from '@/lib/accounts/login';
import { changePassword } from '@/lib/accounts/profile';
import { route } from '@/lib/http/route';
import { changePasswordSchema } from '@/lib/accounts/schemas';

/**
 * Body {newPassword (PASSWORD_MIN–PASSWORD_MAX chars, lib/accounts/schemas.ts), currentPassword
 * (required beside the spec's newPassword)}.
 * Every other session and bearer token of the user ends at once; the session cookie or token this
 * request came with stays signed in (lib/auth/sessions.ts).
 * → 200 {message: "Password changed successfully!"}; 400 invalid, currentPassword missing or wrong
 *   ("Your current password is not correct.", field currentPassword); 401 without a session;
 *   409 when a concurrent change won; 429 past the login limits.
 */
export const PUT = route({ auth: 'user', body: changePasswordSchema }, async ({ req, user, body }) => {
  await changePassword(user.id, body, loginAddress(req.headers), user.sessionId);
  return { message: 'Password changed successfully!' };
});
