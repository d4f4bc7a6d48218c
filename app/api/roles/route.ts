// GET /api/roles — the staff roles; POST /api/roles — add a custom role (docs/accounts-and-security.md "Staff roles and permissions")
import { createRole, listRoles } from '@/lib/accounts/staff-roles';
import { json, route } from '@/lib/http/route';
import { roleCreateSchema } from '@/lib/accounts/role-schemas';

export const dynamic = 'force-dynamic';

/** staff.manage. → 200 [{ id, name, description, built_in, permissions, staff_count }], built-in roles first. */
export const GET = route({ auth: 'admin' }, ({ user }) => listRoles(user));

/**
 * staff.manage. Body { name, description?, permissions } → 201 the role. 400 an unknown permission;
 * 403 a permission the caller does not hold; 409 a role with that name exists.
 */
export const POST = route({ auth: 'admin', body: roleCreateSchema }, async ({ user, body }) => json(await createRole(user, body), 201));
