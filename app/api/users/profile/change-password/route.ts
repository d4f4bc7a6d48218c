// PUT /api/users/profile/change-password — set a new password (spec §5 Change password, §7 PUT /users/profile/change-password)
import { changePassword } from '@/lib/accounts/profile';
import { signApiToken } from '@/lib/auth/token';
import { route } from '@/lib/server/route';
import { changePasswordSchema } from '@/lib/accounts/schemas';

/**
 * Body {newPassword (PASSWORD_MIN–PASSWORD_MAX chars, lib/accounts/schemas.ts), currentPassword? (verified when given)}.
 * Every existing session and bearer token of the user stops working (token_version is bumped);
 * the answer carries a fresh token for API clients. The browser signs in again with the new
 * password (components/profile/change-password-form.tsx).
 * → 200 {message: "Password changed successfully!", token}; 400 invalid; 401 without a session;
 *   403 when currentPassword is given and wrong.
 */
export const PUT = route({ auth: 'user', body: changePasswordSchema }, async ({ user, body }) => {
  const { tokenVersion } = await changePassword(user.id, body);
  const token = await signApiToken({ userId: user.id, ver: tokenVersion });
  return { message: 'Password changed successfully!', token };
});
