// PUT /api/users/{id}/reset-password — set a user's password (spec §7 admin, User Management)
import { resetPassword } from '@/lib/accounts/users';
import { idParams, route } from '@/lib/http/route';
import { resetPasswordSchema } from '@/lib/accounts/user-admin-schemas';

/**
 * Admin only. Body { newPassword (PASSWORD_MIN–PASSWORD_MAX characters, lib/accounts/schemas.ts) } → 200 { success: true, message }. Ends the
 * user's sessions (token version bumped). 400 bad input; 404 unknown user.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: resetPasswordSchema }, async ({ user, params, body }) => {
  await resetPassword(user, params.id, body.newPassword);
  return { success: true, message: 'Password reset successfully.' };
});
