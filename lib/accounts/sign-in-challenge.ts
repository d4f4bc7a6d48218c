/**
 * Two-step sign-in for accounts with a second factor, shared by the browser (next-auth credentials
 * provider, ./auth-options.ts) and API clients (POST /api/users/login, POST
 * /api/users/login/two-factor). docs/accounts-and-security.md "Two-factor sign-in".
 *
 * The password step alone issues nothing: for an account with two-factor sign-in on it answers a
 * challenge, a random 256-bit token (only its SHA-256 stored) valid CHALLENGE_TTL_MS, used once,
 * locked after CHALLENGE_MAX_FAILURES wrong codes. The session or token is issued only for the
 * challenge and a right code. Every refusal of the second step is 401 with the wrong-password
 * message (INVALID_CREDENTIALS), so it tells nothing about which part was wrong. An account
 * without a second factor signs in in one step, as before.
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { signInChallenges, users, type User } from '@/db/schema';
import { AppError } from '@/lib/server/errors';
import { INVALID_CREDENTIALS } from './authenticate';
import { checkCredentials, clearLoginAttempt } from './login';
import { hasTwoFactor, useSecondFactor } from './two-factor';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_FAILURES = 5;

/** The password step's outcome: signed in, or a second factor to ask for. */
export type SignInStep = { kind: 'signed-in'; user: User } | { kind: 'two-factor'; challenge: string; expiresAt: Date };

const hashChallenge = (challenge: string) => crypto.createHash('sha256').update(challenge).digest('hex');

/**
 * The password step: checks the credentials against the login limits (./login.ts). An account
 * without a second factor is signed in (its attempt taken back, as login() does); one with it
 * gets a challenge, and its attempt stays counted until the code is right.
 * @param address the client's address (loginAddress)
 * @throws as login(): 429 past a limit, 401 INVALID_CREDENTIALS for a wrong password
 */
export async function beginSignIn(identifier: string, password: string, address: string): Promise<SignInStep> {
  const user = await checkCredentials(identifier, password, address);
  if (!(await hasTwoFactor(user.id))) {
    await clearLoginAttempt(identifier, address);
    return { kind: 'signed-in', user };
  }
  const challenge = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db.transaction(async (tx) => {
    // Challenges that can no longer be used are dropped as new ones come (no scheduler needed).
    await tx.delete(signInChallenges).where(and(eq(signInChallenges.userId, user.id), lt(signInChallenges.expiresAt, new Date())));
    await tx.insert(signInChallenges).values({ userId: user.id, tokenHash: hashChallenge(challenge), expiresAt });
  });
  return { kind: 'two-factor', challenge, expiresAt };
}

/**
 * The second step: a challenge from beginSignIn and a TOTP or recovery code.
 * @param address the client's address; a success takes the password step's attempt back
 * @returns the signed-in user; the challenge is used up
 * @throws AppError unauthorized (401, INVALID_CREDENTIALS) for an unknown, used, expired or locked
 *   challenge, a wrong or already used code, or an account closed meanwhile
 */
export async function completeSignIn(challenge: string, code: string, address: string): Promise<User> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, hashChallenge(challenge))).for('update');
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.failedAttempts >= CHALLENGE_MAX_FAILURES) return null;
    if (!(await useSecondFactor(tx, row.userId, code))) {
      await tx
        .update(signInChallenges)
        .set({ failedAttempts: sql`${signInChallenges.failedAttempts} + 1` })
        .where(eq(signInChallenges.id, row.id));
      return null;
    }
    await tx.update(signInChallenges).set({ usedAt: new Date() }).where(eq(signInChallenges.id, row.id));
    const [user] = await tx.select().from(users).where(and(eq(users.id, row.userId), isNull(users.deactivatedAt))).limit(1);
    return user ?? null;
  });
  if (!outcome) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  // The password step may have named the account by e-mail or username: both windows are cleared.
  await clearLoginAttempt([outcome.email, outcome.userName], address);
  return outcome;
}
