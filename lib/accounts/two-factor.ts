/**
 * TOTP second factor and recovery codes for any account, staff or customer
 * (docs/accounts-and-security.md "Two-factor sign-in").
 *
 * Rules, in one place:
 * - codes are RFC 6238 TOTP (otplib): 6 digits, 30-second steps, accepted one step either side
 *   of the server's clock (TOTP_DRIFT_STEPS);
 * - a code is accepted once: the step of the last accepted code is stored, and no code of that
 *   step or an earlier one is accepted again;
 * - the secret is stored encrypted (./two-factor-crypto.ts);
 * - confirming enrolment (or registering a first passkey, ./passkeys.ts) gives 10 single-use
 *   recovery codes, shown once, stored as SHA-256; new ones need the password and a code;
 * - an account has two-factor sign-in when it has a confirmed TOTP secret or a passkey;
 * - turning TOTP off needs the password and a code (TOTP or recovery).
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, count, eq, exists, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { db, type Executor } from '@/db/client';
import { passkeys, recoveryCodes, signInChallenges, userTwoFactor, users } from '@/db/schema';
import { verifyPassword } from '@/lib/auth/password';
import { endSessions } from '@/lib/auth/sessions';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { checkPasswordAttempt } from './login';
import { decryptTotpSecret, encryptTotpSecret } from './two-factor-crypto';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of the server's clock a code may come from (clock drift of the phone). */
export const TOTP_DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_ISSUER = 'Furniture Shop';
export const WRONG_CODE = 'That code is not correct. Please try again.';
export const WRONG_PASSWORD_OR_CODE = 'Your password or code is not correct.';

/** Unambiguous lower-case letters and digits (no 0/o, 1/l/i): 32 symbols, 5 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as people type it: spaces and dashes dropped, any case. */
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

/** A new recovery code, `xxxxx-xxxxx` (10 symbols ≈ 50 random bits). */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What Profile → Security shows: whether TOTP is on, and how many recovery codes are unused. */
export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

/** Whether the account has confirmed TOTP. */
async function hasTotp(userId: number, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether the account has a second factor — confirmed TOTP or a passkey — so that its password
 * alone no longer signs it in (./sign-in-challenge.ts).
 */
export async function hasTwoFactor(userId: number, executor: Executor = db): Promise<boolean> {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        or(
          exists(executor.select({ one: userTwoFactor.userId }).from(userTwoFactor).where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)))),
          exists(executor.select({ one: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The account's TOTP status and how many recovery codes are unused (they serve passkeys too). */
export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const enabled = await hasTotp(userId);
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: Number(row?.n ?? 0) };
}

/** What an authenticator app needs to add the account. */
export type TotpEnrolment = { secret: string; otpauthUrl: string; qrCodeSvg: string };

/**
 * Starts (or restarts) TOTP enrolment: a new secret, stored encrypted and unconfirmed until
 * confirmTotpEnrolment gets a right code from it.
 * @returns the secret (base32, to type in), its otpauth:// URL and that URL as an SVG QR code
 * @throws AppError conflict (409) when two-factor sign-in is already on; not_found for a closed account
 */
export async function startTotpEnrolment(userId: number): Promise<TotpEnrolment> {
  const [user] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');
  const secret = generateSecret();
  const secretEncrypted = encryptTotpSecret(userId, secret);
  const saved = await db
    .insert(userTwoFactor)
    .values({ userId, secretEncrypted })
    // Restarting replaces a pending secret, never a confirmed one.
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() }, setWhere: isNull(userTwoFactor.confirmedAt) })
    .returning({ userId: userTwoFactor.userId });
  if (saved.length === 0) throw conflict('Two-factor sign-in is already on for this account.');
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret, period: TOTP_PERIOD_SECONDS });
  const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCodeSvg };
}

/**
 * The time step of a right TOTP code later than `afterStep`, or null. A code that is not 6 digits
 * is simply wrong.
 */
async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws for arguments it refuses (such as a replay bound ahead of the clock): not a right code.
    return null;
  }
}

/** Ten new recovery codes replace the account's old ones; returns them in clear, to be shown once. */
export async function replaceRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Confirms enrolment with a code from the authenticator app, which turns two-factor sign-in on, and
 * ends the account's other sessions (a session opened with the password alone, perhaps by whoever
 * prompted the change, does not outlive it; docs/accounts-and-security.md "Sessions").
 * @param keepSession the session making the change, which stays signed in
 * @returns the 10 recovery codes, in clear this once (only their hashes are kept)
 * @throws AppError bad_request (400, WRONG_CODE, field code) for a wrong code; conflict (409) when
 *   there is no enrolment waiting (never started, or already on)
 */
export async function confirmTotpEnrolment(userId: number, code: string, keepSession?: string): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).for('update');
    if (!row || row.confirmedAt) throw conflict(row ? 'Two-factor sign-in is already on for this account.' : 'Please start setting up two-factor sign-in first.');
    const secret = decryptTotpSecret(userId, row.secretEncrypted);
    const step = secret ? await totpStep(secret, code, null) : null;
    if (step === null) throw badRequest(WRONG_CODE, { field: 'code' });
    await tx.update(userTwoFactor).set({ confirmedAt: new Date(), lastUsedStep: step }).where(eq(userTwoFactor.userId, userId));
    await endSessions(tx, userId, keepSession);
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/**
 * Checks a second-factor code of an account with two-factor sign-in on, and uses it up: a TOTP
 * code (its step and every earlier one are not accepted again) or an unused recovery code (marked
 * used). Call inside the transaction that acts on the answer.
 * @returns true when the code was right and is now used
 */
export async function useSecondFactor(tx: Executor, userId: number, code: string): Promise<boolean> {
  if (/^\s*\d{3}\s?\d{3}\s*$/.test(code)) {
    const [row] = await tx
      .select()
      .from(userTwoFactor)
      .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)))
      .limit(1);
    if (!row) return false;
    const secret = decryptTotpSecret(userId, row.secretEncrypted);
    const step = secret ? await totpStep(secret, code, row.lastUsedStep) : null;
    if (step === null) return false;
    // Of two requests with the same code, only the one that moves the step on succeeds.
    const moved = await tx
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, userId), or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step))))
      .returning({ userId: userTwoFactor.userId });
    return moved.length > 0;
  }
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/**
 * Turns two-factor sign-in off (or drops an unfinished enrolment): needs the account's password
 * and a code (TOTP or recovery). Counted against the login limits like a password change.
 * @param address the client's address (loginAddress)
 * @throws AppError bad_request (400, WRONG_PASSWORD_OR_CODE) when either is wrong; rate_limited
 *   (429) past the login limits; conflict (409) when it is not on
 */
export async function disableTwoFactor(userId: number, input: { password: string; code: string }, address: string): Promise<void> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');
  if (!(await hasTotp(userId))) throw conflict('Two-factor sign-in is not on for this account.');
  await checkPasswordAndCode(userId, user, input, address);
  await db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    // Passkeys left keep the account's second factor, and its recovery codes with it.
    if (!(await hasTwoFactor(userId, tx))) await dropSecondFactor(tx, userId);
  });
}

/**
 * What is left when an account's last second factor goes: its recovery codes and open sign-in
 * challenges are removed, so its password alone signs it in again.
 */
export async function dropSecondFactor(tx: Executor, userId: number): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

/**
 * The password and a code (TOTP or recovery) of the account, counted against the login limits; the
 * code is checked (and used up) only with the right password, so it cannot be probed alone.
 * @throws AppError bad_request (400, WRONG_PASSWORD_OR_CODE); rate_limited (429)
 */
async function checkPasswordAndCode(userId: number, user: { email: string; passwordHash: string }, input: { password: string; code: string }, address: string): Promise<void> {
  await checkPasswordAttempt(
    user.email,
    address,
    async () => (await verifyPassword(user.passwordHash, input.password)) && (await db.transaction((tx) => useSecondFactor(tx, userId, input.code))),
    () => badRequest(WRONG_PASSWORD_OR_CODE),
  );
}

/**
 * Replaces the account's recovery codes with 10 new ones (the old ones stop working): needs the
 * password and a current code (TOTP or an unused recovery code), counted like turning it off.
 * @param address the client's address (loginAddress)
 * @returns the 10 new codes, in clear this once
 * @throws AppError bad_request (400, WRONG_PASSWORD_OR_CODE); rate_limited (429); conflict (409)
 *   when the account has no second factor
 */
export async function regenerateRecoveryCodes(userId: number, input: { password: string; code: string }, address: string): Promise<{ recoveryCodes: string[] }> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');
  if (!(await hasTwoFactor(userId))) throw conflict('Two-factor sign-in is not on for this account.');
  await checkPasswordAndCode(userId, user, input, address);
  return db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId) }));
}
