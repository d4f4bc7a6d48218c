// PUT /api/users/{id} — edit a user; DELETE /api/users/{id} — delete or deactivate a user (spec §7 admin)
import { deleteUser, updateUser } from '@/lib/accounts/users';
import { idParams, route } from '@/lib/http/route';
import { userUpdateSchema } from '@/lib/accounts/user-admin-schemas';

/**
 * Admin only. Body { user_name?, email?, is_admin? } → 200 the user.
 * 400 bad input; 404 unknown user; 409 duplicate username/email, demoting yourself or the last administrator.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: userUpdateSchema }, ({ user, params, body }) => updateUser(user, params.id, body));

/**
 * Admin only. → 200 { success: true, deactivated } — a user with orders is deactivated, not erased.
 * 404 unknown user; 409 yourself or the last administrator.
 */
export const DELETE = route({ auth: 'admin', params: idParams }, async ({ user, params }) => ({ success: true, ...(await deleteUser(user, params.id)) }));
