// POST /api/users/profile/two-factor/recovery-codes — new recovery codes for the signed-in account
import { loginAddress } from '@/lib/accounts/login';
import { regenerateRecoveryCodes } from '@/lib/accounts/two-factor';
import { disableTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { route } from '@/lib/http/route';

/**
 * Body {password, code (TOTP or an unused recovery code)}. The old recovery codes stop working.
 * → 200 {recovery_codes: 10 single-use codes, shown this once}; 400 "Your password or code is not
 *   correct."; 401 without a session; 409 when the account has no second factor; 429 past the
 *   login limits.
 */
export const POST = route({ auth: 'user', body: disableTwoFactorSchema }, async ({ req, user, body }) => ({
  recovery_codes: (await regenerateRecoveryCodes(user.id, body, loginAddress(req.headers))).recoveryCodes,
}));
