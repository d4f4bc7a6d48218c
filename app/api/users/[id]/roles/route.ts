// PUT /api/users/{id}/roles — the roles a staff member holds (docs/accounts-and-security.md "Staff roles and permissions")
import { setStaffRoles } from '@/lib/accounts/staff-roles';
import { idParams, route } from '@/lib/http/route';
import { staffRolesSchema } from '@/lib/accounts/role-schemas';

export const dynamic = 'force-dynamic';

/**
 * staff.manage. Body { role_ids } (at least one) → 200 { user_id, role_ids, permissions }. 400 an
 * unknown role; 403 a role added carrying a permission the caller does not hold; 404 not an active
 * staff member; 409 taking the Owner role from the last Owner.
 */
export const PUT = route({ auth: 'admin', params: idParams, body: staffRolesSchema }, ({ user, params, body }) => setStaffRoles(user, params.id, body));
