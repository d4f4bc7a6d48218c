// POST /api/users/login/passkey/options — a WebAuthn challenge to sign in with a passkey
import { relyingParty, passkeySignInOptions } from '@/lib/accounts/passkeys';
import { passkeyOptionsSchema } from '@/lib/accounts/passkey-schemas';
import { secondFactorPasskeyOptions } from '@/lib/accounts/sign-in-challenge';
import { route } from '@/lib/http/route';

/**
 * Body {challenge?}: with the challenge of POST /api/users/login, options for that account's
 * passkeys as its second factor; empty, options for a passkey sign-in of its own (any
 * discoverable passkey, the person verified). The WebAuthn challenge is valid 5 minutes, once.
 * → 200 PublicKeyCredentialRequestOptionsJSON (for navigator.credentials.get); 400 when that
 *   account has no passkey; 401 "Invalid
 *   email/username or password." for a sign-in challenge that is unknown, used, expired or locked.
 */
export const POST = route({ auth: 'public', body: passkeyOptionsSchema }, async ({ req, body }) => {
  const rp = relyingParty(req.headers, new URL(req.url).host);
  return body.challenge ? secondFactorPasskeyOptions(body.challenge, rp) : passkeySignInOptions(rp);
});
