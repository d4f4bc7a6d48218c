// PATCH /api/roles/{id} — edit a custom role; DELETE /api/roles/{id} — delete one no staff member holds
import { deleteRole, updateRole } from '@/lib/accounts/staff-roles';
import { idParams, route } from '@/lib/http/route';
import { roleUpdateSchema } from '@/lib/accounts/role-schemas';

export const dynamic = 'force-dynamic';

/**
 * staff.manage. Body { name?, description?, permissions? } → 200 the role. 400 an unknown
 * permission; 403 a permission the caller does not hold; 404 unknown role; 409 built-in, or the name exists.
 */
export const PATCH = route({ auth: 'admin', params: idParams, body: roleUpdateSchema }, ({ user, params, body }) => updateRole(user, params.id, body));

/** staff.manage. → 200 { message }. 404 unknown role; 409 built-in, or still held by a staff member. */
export const DELETE = route({ auth: 'admin', params: idParams }, ({ user, params }) => deleteRole(user, params.id));
