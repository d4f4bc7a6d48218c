// PUT /api/users/profile/change-password — set a new password (spec §5 Change password, §7 PUT /users/profile/change-password)
import { loginAddress } from '@/lib/accounts/login';
import { changePassword } from '@/lib/accounts/profile';
import { signApiToken } from '@/lib/auth/token';
import { route } from '@/lib/http/route';
import { changePasswordSchema } from '@/lib/accounts/schemas';

/**
 * Body {newPassword (PASSWORD_MIN–PASSWORD_MAX chars, lib/accounts/schemas.ts), currentPassword
 * (required beside the spec's newPassword)}.
 * Every existing session and bearer token of the user stops working (token_version is bumped);
 * the answer carries a fresh token for API clients. The browser signs in again with the new
 * password (components/profile/change-password-form.tsx).
 * → 200 {message: "Password changed successfully!", token}; 400 invalid or currentPassword
 *   missing; 401 without a session; 403 "You do not have permission to change the password.
 *   Please log in again." (spec §8) when currentPassword is wrong; 429 past the login limits.
 */
export const PUT = route({ auth: 'user', body: changePasswordSchema }, async ({ req, user, body }) => {
  const { tokenVersion } = await changePassword(user.id, body, loginAddress(req.headers));
  const token = await signApiToken({ userId: user.id, ver: tokenVersion });
  return { message: 'Password changed successfully!', token };
});
