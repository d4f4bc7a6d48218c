// PUT /api/admins/{id} — edit an administrator; DELETE /api/admins/{id} — remove administrator rights (spec §7 admin)
import { removeAdmin, updateAdmin } from '@/lib/accounts/users';
import { idParams, route } from '@/lib/http/route';
import { adminUpdateSchema } from '@/lib/accounts/user-admin-schemas';

/** Admin only. Body { username, email } → 200 { id, username, email }. 400; 404 not an administrator; 409 duplicate. */
export const PUT = route({ auth: 'admin', params: idParams, body: adminUpdateSchema }, ({ user, params, body }) => updateAdmin(user, params.id, body));

/**
 * Admin only. Removes administrator rights; the account stays as a customer account.
 * → 200 { success: true }. 404 not an administrator; 409 yourself or the last administrator.
 */
export const DELETE = route({ auth: 'admin', params: idParams }, async ({ user, params }) => {
  await removeAdmin(user, params.id);
  return { success: true };
});
