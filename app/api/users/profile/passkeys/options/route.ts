// POST /api/users/profile/passkeys/options — a WebAuthn challenge to add a passkey to the signed-in account
import { passkeyRegistrationOptions, relyingParty } from '@/lib/accounts/passkeys';
import { route } from '@/lib/http/route';

/**
 * No body. → 200 PublicKeyCredentialCreationOptionsJSON (for navigator.credentials.create): a
 * discoverable credential for this shop's host, the account's passkeys excluded; the challenge is
 * valid 5 minutes, once. 401 without a session.
 */
export const POST = route({ auth: 'user' }, async ({ req, user }) => passkeyRegistrationOptions(user.id, relyingParty(req.headers, new URL(req.url).host)));
