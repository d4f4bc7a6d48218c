// GET /api/users — list users; POST /api/users — add a user (spec §7 admin, User Management)
import { createUser, listUsers } from '@/lib/accounts/users';
import { json, route } from '@/lib/server/route';
import { newUserSchema } from '@/lib/accounts/user-admin-schemas';

export const dynamic = 'force-dynamic';

/**
 * Admin only. → 200 [{ user_id, user_name, email, is_admin, first_name, last_name, phone_number,
 * created_at, deactivated }] oldest first (never a password hash). 401 visitor, 403 customer.
 */
export const GET = route({ auth: 'admin' }, ({ user }) => listUsers(user));

/**
 * Admin only. Body { user_name, email, password, is_admin } → 201 the user.
 * 400 bad input; 409 "Username or email already exists".
 */
export const POST = route({ auth: 'admin', body: newUserSchema }, async ({ user, body }) => json(await createUser(user, body), 201));
