// POST /api/users/login — exchange credentials for a bearer token (spec §5 Login, §7 POST /users/login)
import { login, loginAddress } from '@/lib/accounts/login';
import { signApiToken } from '@/lib/auth/token';
import { route } from '@/lib/http/route';
import { loginSchema } from '@/lib/accounts/schemas';

/**
 * Body {identifier (email or username, any case), password}.
 * → 200 {token, user: {user_id, user_name, email, is_admin}}; the token is a bearer token valid for
 *   TTL (lib/auth/token.ts) that stops working when the password changes or the account is deactivated.
 *   400 for a missing field; 401 "Invalid email/username or password." (the same for an unknown
 *   account and a wrong password); 429 after LOGIN_LIMIT_PER_IDENTIFIER attempts per identifier or
 *   LOGIN_LIMIT_PER_ADDRESS per client address within LOGIN_WINDOW_MS (lib/accounts/login.ts).
 */
export const POST = route({ auth: 'public', body: loginSchema }, async ({ req, body }) => {
  const user = await login(body.identifier, body.password, loginAddress(req.headers));
  const token = await signApiToken({ userId: user.id, ver: user.tokenVersion });
  return { token, user: { user_id: user.id, user_name: user.userName, email: user.email, is_admin: user.isAdmin } };
});
