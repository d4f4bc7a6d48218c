// DELETE /api/users/profile/passkeys/{id} — remove one of the signed-in account's passkeys
import { loginAddress } from '@/lib/accounts/login';
import { removePasskey } from '@/lib/accounts/passkeys';
import { removePasskeySchema } from '@/lib/accounts/passkey-schemas';
import { idParams, route } from '@/lib/http/route';

/**
 * Body {password}. When it was the account's last second factor, its recovery codes go too.
 * → 200 {message}; 400 "Your password is not correct." (field password); 401 without a session;
 *   404 for a passkey that is not the account's; 429 past the login limits.
 */
export const DELETE = route({ auth: 'user', params: idParams, body: removePasskeySchema }, async ({ req, user, params, body }) => {
  await removePasskey(user.id, params.id, body.password, loginAddress(req.headers));
  return { message: 'Passkey removed.' };
});
