// GET, PUT /api/users/profile — the signed-in user's profile (spec §2 Profile, §5 Profile, §7 GET/PUT /users/profile)
import { getProfile, updateProfile } from '@/lib/accounts/profile';
import { route } from '@/lib/http/route';
import { profileUpdateSchema } from '@/lib/accounts/schemas';

/** → 200 {user_id, user_name, email, is_admin, first_name, last_name, phone_number}; 401 without a session. */
export const GET = route({ auth: 'user' }, ({ user }) => getProfile(user.id));

/**
 * Body {user_name, email (both required), first_name?, last_name?, phone_number?} — an absent
 * optional field is left as it is, "" or null clears it.
 * → 200 the updated profile; 400 invalid data; 401 without a session; 409 "Username or email
 *   already exists" when another account uses either (any letter case).
 */
export const PUT = route({ auth: 'user', body: profileUpdateSchema }, ({ user, body }) => updateProfile(user.id, body));
