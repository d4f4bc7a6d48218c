/**
 * Two-step sign-in for accounts with a second factor, shared by the browser (next-auth credentials
 * provider, ./auth-options.ts) and API clients (POST /api/users/login, POST
 * /api/users/login/two-factor). docs/accounts-and-security.md "Two-factor sign-in".
 *
 * The password step alone issues nothing: for an account with two-factor sign-in on it answers a
 * challenge, a random 256-bit token (only its SHA-256 stored) valid CHALLENGE_TTL_MS, used once,
 * locked after CHALLENGE_MAX_FAILURES wrong codes. The session or token is issued only for the
 * challenge and a right code or passkey answer (./passkeys.ts). Every refusal of the second step is 401 with the wrong-password
 * message (INVALID_CREDENTIALS), so it tells nothing about which part was wrong. An account
 * without a second factor signs in in one step, as before.
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { signInChallenges, users, type User } from '@/db/schema';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { AppError, badRequest } from '@/lib/server/errors';
import { INVALID_CREDENTIALS } from './authenticate';
import { checkCredentials, clearLoginAttempt } from './login';
import { OTHER_ACCOUNTS_PASSKEY, passkeySignInOptions, signInWithPasskey, verifyPasskeyAnswer, type RelyingParty } from './passkeys';
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

/** A challenge that can still be answered: known, unused, not expired, not locked. */
const isOpen = (row: { usedAt: Date | null; expiresAt: Date; failedAttempts: number } | undefined): row is NonNullable<typeof row> =>
  Boolean(row && !row.usedAt && row.expiresAt.getTime() > Date.now() && row.failedAttempts < CHALLENGE_MAX_FAILURES);

/**
 * Passkey options for the second step (./passkeys.ts passkeySignInOptions): the account's passkeys,
 * the answer tied to this challenge.
 * @throws AppError unauthorized (401, INVALID_CREDENTIALS) for a challenge that cannot be answered
 */
export async function secondFactorPasskeyOptions(challenge: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, hashChallenge(challenge))).limit(1);
  if (!isOpen(row)) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  return passkeySignInOptions(rp, { userId: row.userId, signInChallengeId: row.id });
}

/** The second factor: a TOTP or recovery code, or a passkey's answer to secondFactorPasskeyOptions. */
export type SecondFactorProof = { code: string } | { passkey: AuthenticationResponseJSON; rp: RelyingParty };

/**
 * The second step: a challenge from beginSignIn and a TOTP or recovery code, or a passkey answer.
 * @param address the client's address; a success takes the password step's attempt back
 * @returns the signed-in user; the challenge is used up
 * @throws AppError unauthorized (401, INVALID_CREDENTIALS) for an unknown, used, expired or locked
 *   challenge, a wrong or already used code or passkey answer, or an account closed meanwhile;
 *   bad_request (400, OTHER_ACCOUNTS_PASSKEY) for a passkey of another account than the challenge's
 */
export async function completeSignIn(challenge: string, proof: SecondFactorProof, address: string): Promise<User> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, hashChallenge(challenge))).for('update');
    if (!isOpen(row)) return null;
    const answer =
      'code' in proof
        ? (await useSecondFactor(tx, row.userId, proof.code)) || 'invalid'
        : await verifyPasskeyAnswer(tx, proof.passkey, proof.rp, { userId: row.userId, signInChallengeId: row.id }).then((r) => ('refused' in r ? r.refused : true));
    if (answer !== true) {
      // Refusals commit: the failure is counted and a passkey's challenge stays used.
      await tx
        .update(signInChallenges)
        .set({ failedAttempts: sql`${signInChallenges.failedAttempts} + 1` })
        .where(eq(signInChallenges.id, row.id));
      return answer === 'other-account' ? 'other-account' : null;
    }
    await tx.update(signInChallenges).set({ usedAt: new Date() }).where(eq(signInChallenges.id, row.id));
    const [user] = await tx.select().from(users).where(and(eq(users.id, row.userId), isNull(users.deactivatedAt))).limit(1);
    return user ?? null;
  });
  if (outcome === 'other-account') throw badRequest(OTHER_ACCOUNTS_PASSKEY);
  if (!outcome) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  // The password step may have named the account by e-mail or username: both windows are cleared.
  await clearLoginAttempt([outcome.email, outcome.userName], address);
  return outcome;
}

/**
 * Signing in with a passkey, the same for the browser and API clients: with the password step's
 * challenge it is that account's second factor (completeSignIn), without one a sign-in of its own
 * (./passkeys.ts signInWithPasskey).
 * @throws as completeSignIn and signInWithPasskey: 401 INVALID_CREDENTIALS, 400 OTHER_ACCOUNTS_PASSKEY
 */
export async function signInByPasskey(input: { challenge?: string; response: AuthenticationResponseJSON }, rp: RelyingParty, address: string): Promise<User> {
  if (input.challenge) return completeSignIn(input.challenge, { passkey: input.response, rp }, address);
  return signInWithPasskey(input.response, rp);
}
