/**
 * The signed-in user's own profile (spec §2 Profile, §5 Profile / Change password, §7
 * GET/PUT /users/profile, PUT /users/profile/change-password). Every query has the user's id in
 * its WHERE clause; a deactivated account is treated as missing.
 */
import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { endSessions } from '@/lib/auth/sessions';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import type { ChangePasswordInput, ProfileUpdateInput } from '@/lib/accounts/schemas';
import { DUPLICATE_ACCOUNT, mapDuplicateAccount } from './errors';
import { checkPasswordAttempt } from './login';
import { endResetLinks } from './password-reset';
import { toProfileJson, type ProfileJson } from './mappers';
import { accountExists } from './register';

const active = (userId: number) => and(eq(users.id, userId), isNull(users.deactivatedAt));

/**
 * The profile JSON {user_id, user_name, email, is_admin, first_name, last_name, phone_number}.
 * @throws AppError not_found when the account is gone or deactivated.
 */
export async function getProfile(userId: number): Promise<ProfileJson> {
  const [user] = await db.select().from(users).where(active(userId)).limit(1);
  if (!user) throw notFound('Account not found.');
  return toProfileJson(user);
}

/**
 * Updates username, email and (when present in the input) first name, last name and phone.
 * @returns the updated profile JSON
 * @throws AppError conflict (409, "Username or email already exists") when another account uses
 *   the username or email in any case; not_found when the account is gone.
 */
export async function updateProfile(userId: number, input: ProfileUpdateInput): Promise<ProfileJson> {
  if (await accountExists(input.user_name, input.email, userId)) throw conflict(DUPLICATE_ACCOUNT);
  const [user] = await mapDuplicateAccount(() =>
    db
      .update(users)
      .set({
        userName: input.user_name,
        email: input.email,
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.phone_number !== undefined && { phoneNumber: input.phone_number }),
        updatedAt: new Date(),
      })
      .where(active(userId))
      .returning(),
  );
  if (!user) throw notFound('Account not found.');
  return toProfileJson(user);
}

/**
 * The answer to a wrong current password: a 400 about the form's field, not the spec's 403 "Please
 * log in again", which told a signed-in customer who mistyped to start over (docs/accounts-and-security.md).
 */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

/**
 * Sets a new password once the current one is verified and, in the same transaction, ends every
 * other session cookie and API token of the user at once (lib/auth/sessions.ts endSessions); the
 * session that made the change stays signed in. Unused password-reset links end too.
 * Wrong current passwords count against the login limits of the account's e-mail address, so the
 * form cannot be used to guess the password either (lib/accounts/login.ts).
 * @param input newPassword (8–128 chars, not the current one) and currentPassword (required, must match)
 * @param keepSession the caller's own session (SessionUser.sessionId), which stays signed in
 * @throws AppError bad_request (400, WRONG_CURRENT_PASSWORD, field currentPassword) when
 *   currentPassword is wrong (the session stays); conflict (409) when a concurrent change won;
 *   rate_limited (429) past the login limit; not_found when the account is gone.
 */
export async function changePassword(userId: number, input: ChangePasswordInput, address: string, keepSession?: string): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash, email: users.email }).from(users).where(active(userId)).limit(1);
  if (!user) throw notFound('Account not found.');
  await checkPasswordAttempt(user.email, address, () => verifyPassword(user.passwordHash, input.currentPassword), () => badRequest(WRONG_CURRENT_PASSWORD, { field: 'currentPassword' }));
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      // Only replace the very hash that was verified: of two concurrent changes, one wins.
      .where(and(active(userId), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!row) throw conflict('Your password was changed meanwhile. Please reload the page and try again.');
    await endResetLinks(tx, userId);
    await endSessions(tx, userId, keepSession);
  });
}
