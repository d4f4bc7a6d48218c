// POST /api/users/profile/two-factor/confirm — turn two-factor sign-in on with the first code
import { confirmTotpEnrolment } from '@/lib/accounts/two-factor';
import { confirmTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { route } from '@/lib/http/route';

/**
 * Body {code: the 6-digit code from the authenticator app}.
 * → 200 {recovery_codes: 10 single-use codes, shown this once}; 400 "That code is not correct.
 *   Please try again." (field code); 401 without a session; 409 when no enrolment is waiting.
 */
export const POST = route({ auth: 'user', body: confirmTwoFactorSchema }, async ({ user, body }) => {
  const { recoveryCodes } = await confirmTotpEnrolment(user.id, body.code, user.sessionId);
  return { recovery_codes: recoveryCodes };
});
