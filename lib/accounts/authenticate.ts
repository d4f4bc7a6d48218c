/**
 * Credential check shared by the next-auth credentials provider and POST /api/users/login
 * (spec §5 Login). The identifier is an email or a username, matched regardless of case.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { users, type User } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { AppError } from '@/lib/server/errors';

/** One message for every failure, so a login never reveals whether an account exists. */
export const INVALID_CREDENTIALS = 'Invalid email/username or password.';

let dummyHash: Promise<string> | undefined;

/**
 * Returns the active user whose identifier and password match.
 * @throws AppError('unauthorized', INVALID_CREDENTIALS) for an unknown identifier or a wrong password.
 */
export async function authenticate(identifier: string, password: string): Promise<User> {
  const id = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(or(eq(sql`lower(${users.email})`, id), eq(sql`lower(${users.userName})`, id)), isNull(users.deactivatedAt)))
    .limit(1);
  if (!user) {
    // Spend the same time as a real check so timing does not reveal unknown accounts.
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    throw new AppError('unauthorized', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  return user;
}
