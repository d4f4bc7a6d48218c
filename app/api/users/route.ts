// GET /api/users — list users; POST /api/users — add a user (spec §7 admin, User Management)
import { createUser, listUsersPage } from '@/lib/accounts/users';
import { json, pagedJson, route } from '@/lib/http/route';
import { newUserSchema, userListQuerySchema } from '@/lib/accounts/user-admin-schemas';

export const dynamic = 'force-dynamic';

/**
 * Admin only. ?q (part of a user name, e-mail, first or last name), ?page (from 1), ?limit (1–100,
 * default 100) → 200 an ARRAY of [{ user_id, user_name, email, is_admin, first_name, last_name,
 * phone_number, created_at, deactivated }] oldest first (never a password hash) — the spec's shape;
 * the paging facts travel in X-Total-Count, X-Page, X-Per-Page, X-Total-Pages.
 * 400 bad query; 401 visitor, 403 customer.
 */
export const GET = route({ auth: 'admin', query: userListQuerySchema }, async ({ user, query }) => {
  const page = await listUsersPage(user, query);
  return pagedJson(page.users, page);
});

/**
 * Admin only. Body { user_name, email, password, is_admin } → 201 the user.
 * 400 bad input; 409 "Username or email already exists".
 */
export const POST = route({ auth: 'admin', body: newUserSchema }, async ({ user, body }) => json(await createUser(user, body), 201));
