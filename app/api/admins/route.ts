// GET /api/admins — list administrators; POST /api/admins — add one (spec §7 admin, Administrator Management)
import { createAdmin, listAdmins } from '@/lib/accounts/users';
import { json, route } from '@/lib/http/route';
import { newAdminSchema } from '@/lib/accounts/user-admin-schemas';

export const dynamic = 'force-dynamic';

/** Admin only. → 200 [{ id, username, email }] of active administrators. */
export const GET = route({ auth: 'admin' }, ({ user }) => listAdmins(user));

/** Admin only. Body { username, email, password } → 201 { id, username, email }. 400 bad input; 409 duplicate. */
export const POST = route({ auth: 'admin', body: newAdminSchema }, async ({ user, body }) => json(await createAdmin(user, body), 201));
