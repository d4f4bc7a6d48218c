// POST /api/users/login/passkey — sign in with a passkey (alone, or as the second factor)
import { loginAddress } from '@/lib/accounts/login';
import { relyingParty } from '@/lib/accounts/passkeys';
import { loginPasskeySchema } from '@/lib/accounts/passkey-schemas';
import { signInByPasskey } from '@/lib/accounts/sign-in-challenge';
import { sessionClient } from '@/lib/auth/sessions';
import { issueApiToken } from '@/lib/auth/token';
import { route } from '@/lib/http/route';

/**
 * Body {challenge? (from POST /api/users/login, for the second factor), response (the
 * authenticator's answer to POST /api/users/login/passkey/options)}.
 * → 200 {token, user}, as POST /api/users/login; the WebAuthn challenge (and the sign-in challenge)
 *   are used up. 400 for a malformed answer, or a passkey of another account than the sign-in
 *   challenge's; 401 "Invalid email/username or password." for a WebAuthn or sign-in challenge that
 *   is unknown, used or older than 5 minutes, an unknown passkey, an answer that does not verify,
 *   or a signature counter that did not move on (lib/accounts/passkeys.ts).
 */
export const POST = route({ auth: 'public', body: loginPasskeySchema }, async ({ req, body }) => {
  const user = await signInByPasskey(body, relyingParty(req.headers, new URL(req.url).host), loginAddress(req.headers));
  const token = await issueApiToken(user.id, sessionClient(req.headers));
  return { token, user: { user_id: user.id, user_name: user.userName, email: user.email, is_admin: user.isAdmin } };
});
