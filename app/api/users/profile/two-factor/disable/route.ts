// POST /api/users/profile/two-factor/disable — turn two-factor sign-in off
import { loginAddress } from '@/lib/accounts/login';
import { disableTwoFactor } from '@/lib/accounts/two-factor';
import { disableTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { route } from '@/lib/http/route';

/**
 * Body {password, code (TOTP or recovery code)}. Removes the secret and the recovery codes.
 * → 200 {message}; 400 "Your password or code is not correct."; 401 without a session; 409 when it
 *   is not on; 429 past the login limits (wrong attempts count as wrong passwords).
 */
export const POST = route({ auth: 'user', body: disableTwoFactorSchema }, async ({ req, user, body }) => {
  await disableTwoFactor(user.id, body, loginAddress(req.headers));
  return { message: 'Two-factor sign-in is off.' };
});
