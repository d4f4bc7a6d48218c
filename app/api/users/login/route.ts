// POST /api/users/login — exchange credentials for a bearer token (spec §5 Login, §7 POST /users/login)
import { loginAddress } from '@/lib/accounts/login';
import { beginSignIn } from '@/lib/accounts/sign-in-challenge';
import { sessionClient } from '@/lib/auth/sessions';
import { issueApiToken } from '@/lib/auth/token';
import { route } from '@/lib/http/route';
import { loginSchema } from '@/lib/accounts/schemas';

/**
 * Body {identifier (email or username, any case), password}.
 * → 200 {token, user: {user_id, user_name, email, is_admin}}; the token is a bearer token valid for
 *   7 days that names a session of its own (lib/auth/sessions.ts): it stops working when that device
 *   is signed out, the password or the staff member's roles change, or the account is removed.
 *   For an account with two-factor sign-in on, instead 200 {two_factor_required: true, challenge,
 *   expires_at}: no token until POST /api/users/login/two-factor (lib/accounts/sign-in-challenge.ts).
 *   400 for a missing field; 401 "Invalid email/username or password." (the same for an unknown
 *   account and a wrong password); 429 after LOGIN_LIMIT_PER_IDENTIFIER attempts per identifier or
 *   LOGIN_LIMIT_PER_ADDRESS per client address within LOGIN_WINDOW_MS (lib/accounts/login.ts).
 */
export const POST = route({ auth: 'public', body: loginSchema }, async ({ req, body }) => {
  const step = await beginSignIn(body.identifier, body.password, loginAddress(req.headers));
  if (step.kind === 'two-factor') return { two_factor_required: true, challenge: step.challenge, expires_at: step.expiresAt.toISOString() };
  const { user } = step;
  const token = await issueApiToken(user.id, sessionClient(req.headers));
  return { token, user: { user_id: user.id, user_name: user.userName, email: user.email, is_admin: user.isAdmin } };
});
