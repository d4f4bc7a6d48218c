// GET, POST /api/users/profile/passkeys — the signed-in account's passkeys, and adding one
import { listPasskeys, registerPasskey, relyingParty } from '@/lib/accounts/passkeys';
import { registerPasskeySchema } from '@/lib/accounts/passkey-schemas';
import { json, route } from '@/lib/http/route';

/** → 200 [{id, name, created_at, last_used_at}], newest first; 401 without a session. */
export const GET = route({ auth: 'user' }, ({ user }) => listPasskeys(user.id));

/**
 * Body {name (1–60 characters), response (the authenticator's answer to POST
 * /api/users/profile/passkeys/options)}.
 * → 201 {passkey, recovery_codes}: recovery_codes are 10 new single-use codes (shown this once)
 *   when the account had no unused ones, else null. 400 for an expired or used challenge, an answer
 *   that does not verify, or a passkey registered to another account; 401 without a session; 409
 *   for a passkey the account has already.
 */
export const POST = route({ auth: 'user', body: registerPasskeySchema }, async ({ req, user, body }) => {
  const saved = await registerPasskey(user.id, body, relyingParty(req.headers, new URL(req.url).host), user.sessionId);
  return json({ passkey: saved.passkey, recovery_codes: saved.recoveryCodes }, 201);
});
