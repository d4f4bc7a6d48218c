// POST /api/users/login/two-factor — the second step of signing in with two-factor sign-in on
import { loginAddress } from '@/lib/accounts/login';
import { completeSignIn } from '@/lib/accounts/sign-in-challenge';
import { loginTwoFactorSchema } from '@/lib/accounts/two-factor-schemas';
import { sessionClient } from '@/lib/auth/sessions';
import { issueApiToken } from '@/lib/auth/token';
import { route } from '@/lib/http/route';

/**
 * Body {challenge (from POST /api/users/login), code (6-digit TOTP code or a recovery code)}.
 * → 200 {token, user}, as POST /api/users/login; the challenge and the code are used up.
 *   400 for a missing field; 401 "Invalid email/username or password." for a wrong or already used
 *   code, and for a challenge that is unknown, used, older than 5 minutes or locked after 5 wrong
 *   codes (lib/accounts/sign-in-challenge.ts).
 */
export const POST = route({ auth: 'public', body: loginTwoFactorSchema }, async ({ req, body }) => {
  const user = await completeSignIn(body.challenge, { code: body.code }, loginAddress(req.headers));
  const token = await issueApiToken(user.id, sessionClient(req.headers));
  return { token, user: { user_id: user.id, user_name: user.userName, email: user.email, is_admin: user.isAdmin } };
});
