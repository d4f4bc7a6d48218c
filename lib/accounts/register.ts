/**
 * Sign up (spec §5 Sign up, §7 POST /users/register).
 */
import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { users, type User } from '@/db/schema';
import { hashPassword } from '@/lib/auth/password';
import { conflict } from '@/lib/server/errors';
import type { RegisterInput } from '@/lib/accounts/schemas';
import { DUPLICATE_ACCOUNT, mapDuplicateAccount } from './errors';
import { recordMarketingConsent } from './marketing-consent';

/** True when another account already uses the username or the email, in any case. */
export async function accountExists(userName: string, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.userName})`, userName.toLowerCase()), eq(sql`lower(${users.email})`, email.toLowerCase())))
    .limit(2);
  return rows.some((r) => r.id !== exceptUserId);
}

/**
 * Creates a customer account (is_admin false).
 * @param input validated {user_name, email (lower-case), password (8–128 chars), marketing_consent?}:
 *   a ticked consent box is recorded with its wording and time in the same transaction
 * @returns the new user row (the caller maps it with toUserJson; never return the hash)
 * @throws AppError conflict (409, "Username or email already exists") when the username or email
 *   is taken in any case — also when a concurrent sign-up wins the race (unique index violation).
 */
export async function registerUser(input: RegisterInput): Promise<User> {
  if (await accountExists(input.user_name, input.email)) throw conflict(DUPLICATE_ACCOUNT);
  const passwordHash = await hashPassword(input.password);
  return mapDuplicateAccount(() =>
    db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ userName: input.user_name, email: input.email, passwordHash, isAdmin: false }).returning();
      if (input.marketing_consent) await recordMarketingConsent(user.id, true, 'sign-up', tx);
      return user;
    }),
  );
}
