// POST /api/users/register — create a customer account (spec §5 Sign up, §7 POST /users/register)
import { registerUser } from '@/lib/accounts/register';
import { toUserJson } from '@/lib/accounts/mappers';
import { json, route } from '@/lib/http/route';
import { registerSchema } from '@/lib/accounts/schemas';

/**
 * Body {user_name (letters/digits/_.-), email, password}, bounded by lib/accounts/schemas.ts
 * (USER_NAME_MIN–USER_NAME_MAX, EMAIL_MAX, PASSWORD_MIN–PASSWORD_MAX).
 * → 201 {user: {user_id, user_name, email, is_admin: false}} (never a password hash);
 *   400 {message} for invalid data; 409 "Username or email already exists" (any letter case).
 */
export const POST = route({ auth: 'public', body: registerSchema }, async ({ body }) => {
  const user = await registerUser(body);
  return json({ user: toUserJson(user) }, 201);
});
