/**
 * Passkeys (WebAuthn, @simplewebauthn/server) for any account, staff or customer
 * (docs/accounts-and-security.md "Passkeys").
 *
 * Rules, in one place:
 * - a passkey is registered from Profile → Security by the signed-in account, as a discoverable
 *   credential (resident key), so it can later sign in without a user name; registering an
 *   account's first second factor gives it 10 recovery codes (./two-factor.ts);
 * - it is then a second factor after the password (./sign-in-challenge.ts completeSignIn) and a
 *   sign-in of its own (signInWithPasskey), which asks the authenticator to verify the person;
 * - every WebAuthn challenge is made here, stored (webauthn_challenges), valid CHALLENGE_TTL_MS and
 *   used once: an answer to an unknown, used or expired challenge is refused with 401, as is an
 *   answer that does not verify or whose signature counter did not move on (a cloned or replayed
 *   authenticator); an answer naming another account's passkey than the challenge's is 400;
 * - the relying party is the host the request names, and the origins the shop answers on
 *   (relyingParty): a passkey works on the host it was registered on. Browsers refuse an IP
 *   address as relying party, so passkeys need a host name (localhost works for development).
 */
import 'server-only';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { endSessions } from '@/lib/auth/sessions';
import { db, type Executor } from '@/db/client';
import { passkeys, recoveryCodes, users, webauthnChallenges, type User } from '@/db/schema';
import { verifyPassword } from '@/lib/auth/password';
import { namedHost, ownOriginsOf } from '@/lib/server/csrf';
import { AppError, badRequest, conflict, notFound } from '@/lib/server/errors';
import { getStoreIdentity } from '@/lib/settings/queries';
import { INVALID_CREDENTIALS } from './authenticate';
import { checkPasswordAttempt } from './login';
import { dropSecondFactor, hasTwoFactor, replaceRecoveryCodes } from './two-factor';

export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const PASSKEY_NOT_VERIFIED = 'That passkey could not be checked. Please try again.';
export const OTHER_ACCOUNTS_PASSKEY = 'That passkey belongs to another account.';
export const WRONG_PASSWORD = 'Your password is not correct.';

/** Who the passkeys are for: the relying party id (a host name) and the origins answers may come from. */
export type RelyingParty = { rpID: string; origins: string[]; rpIDs: string[] };

/**
 * The relying party of a request: its id is the host name the request names (namedHost, with
 * TRUST_PROXY's forwarded host), and an answer may come from any of the shop's own origins
 * (ownOriginsOf: that host, SITE_URL, NEXTAUTH_URL) with the host name of any of them.
 * @param headers the request's headers (next-auth's provider gets them as a plain object)
 * @throws AppError bad_request (400) when the request names no usable host
 */
export function relyingParty(headers: Headers | Record<string, string | string[] | undefined>, fallbackHost?: string): RelyingParty {
  const h = headers instanceof Headers ? headers : new Headers(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v] as [string, string]])));
  const host = namedHost(h, fallbackHost);
  if (!host) throw badRequest('Passkeys need the shop to be opened by its host name.');
  const origins = ownOriginsOf(h, fallbackHost);
  const rpIDs = [...new Set(origins.map((o) => new URL(o).hostname))];
  return { rpID: new URL(`http://${host}`).hostname, origins, rpIDs };
}

/** What Profile → Security lists of a passkey. */
export type PasskeyJson = { id: number; name: string; created_at: string; last_used_at: string | null };
const toPasskeyJson = (row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyJson => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** The account's passkeys, newest first. */
export async function listPasskeys(userId: number): Promise<PasskeyJson[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map(toPasskeyJson);
}

/** Stores a new WebAuthn challenge; expired ones are dropped as new ones come (no scheduler needed). */
async function storeChallenge(values: { challenge: string; purpose: 'register' | 'sign-in'; userId?: number; signInChallengeId?: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
    await tx.insert(webauthnChallenges).values({ ...values, expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_MS) });
  });
}

/** The challenge an answer signed (in its clientDataJSON), or null when it is not readable. */
function answeredChallenge(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 128 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the stored challenge an answer signed, of this purpose, and uses it up (a conditional
 * update, so of two answers to one challenge only one gets it).
 * @returns the row, or null when unknown, used or expired
 */
async function takeChallenge(tx: Executor, clientDataJSON: unknown, purpose: 'register' | 'sign-in') {
  const challenge = answeredChallenge(clientDataJSON);
  if (!challenge) return null;
  const [row] = await tx
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/**
 * Options for navigator.credentials.create (@simplewebauthn/browser startRegistration) to add a
 * passkey to the signed-in account: a discoverable credential, the account's passkeys excluded.
 * @throws AppError not_found for a closed account
 */
export async function passkeyRegistrationOptions(userId: number, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: (await getStoreIdentity()).storeName,
    rpID: rp.rpID,
    userName: user.email,
    // The user handle: the account id, which says nothing about the person.
    userID: new TextEncoder().encode(String(user.id)),
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userName,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge({ challenge: options.challenge, purpose: 'register', userId });
  return options;
}

/**
 * Verifies the authenticator's answer to passkeyRegistrationOptions and saves the passkey; like
 * turning on an authenticator app, it ends the account's other sessions.
 * @param keepSession the session making the change, which stays signed in
 * @param input name (as the person calls it) and response (startRegistration's result)
 * @returns the passkey, and — when the account had no unused recovery codes — 10 new ones, shown once
 * @throws AppError bad_request (400) for an unknown, used or expired challenge, an answer that does
 *   not verify, or a passkey registered to another account; conflict (409) for a passkey this
 *   account has already
 */
export async function registerPasskey(userId: number, input: { name: string; response: RegistrationResponseJSON }, rp: RelyingParty, keepSession?: string): Promise<{ passkey: PasskeyJson; recoveryCodes: string[] | null }> {
  const outcome = await db.transaction(async (tx) => {
    const challenge = await takeChallenge(tx, input.response.response?.clientDataJSON, 'register');
    if (!challenge || challenge.userId !== userId) return { error: badRequest('That passkey request has expired. Please try again.') };
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpIDs,
        requireUserVerification: false,
      });
    } catch {
      // The library throws for every malformed or mismatching answer (its message names the check).
      return { error: badRequest(PASSKEY_NOT_VERIFIED) };
    }
    if (!verified.verified) return { error: badRequest(PASSKEY_NOT_VERIFIED) };
    const { credential } = verified.registrationInfo;
    const [taken] = await tx.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialId, credential.id)).limit(1);
    if (taken) return { error: taken.userId === userId ? conflict('This passkey is already registered.') : badRequest(OTHER_ACCOUNTS_PASSKEY) };
    const [unused] = await tx.select({ id: recoveryCodes.id }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))).limit(1);
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .returning();
    await endSessions(tx, userId, keepSession);
    return { passkey: toPasskeyJson(row!), recoveryCodes: unused ? null : await replaceRecoveryCodes(tx, userId) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

/**
 * Removes one of the account's passkeys: needs the password (counted against the login limits).
 * When it was the account's last second factor, its recovery codes go too.
 * @throws AppError bad_request (400, WRONG_PASSWORD, field password); rate_limited (429);
 *   not_found (404) for a passkey that is not the account's
 */
export async function removePasskey(userId: number, passkeyId: number, password: string, address: string): Promise<void> {
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  if (!user) throw notFound('Account not found.');
  const [own] = await db.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId))).limit(1);
  if (!own) throw notFound('Passkey not found.');
  await checkPasswordAttempt(user.email, address, () => verifyPassword(user.passwordHash, password), () => badRequest(WRONG_PASSWORD, { field: 'password' }));
  await db.transaction(async (tx) => {
    await tx.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
    if (!(await hasTwoFactor(userId, tx))) await dropSecondFactor(tx, userId);
  });
}

/**
 * Options for navigator.credentials.get (@simplewebauthn/browser startAuthentication).
 * @param forAccount the second-factor step of an account: its passkeys are listed, and the answer
 *   is tied to its sign-in challenge; without it, a sign-in of its own with any discoverable
 *   passkey of the shop, which must verify the person (user verification required)
 * @throws AppError bad_request (400) for an account without passkeys
 */
export async function passkeySignInOptions(rp: RelyingParty, forAccount?: { userId: number; signInChallengeId: number }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = forAccount ? await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, forAccount.userId)) : [];
  // Without passkeys to list, the browser would offer any of the shop's: there is nothing to ask for.
  if (forAccount && allow.length === 0) throw badRequest('This account has no passkey. Please use a code from your authenticator app or a recovery code.');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: forAccount ? 'preferred' : 'required',
    ...(forAccount && { allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports })) }),
  });
  await storeChallenge({ challenge: options.challenge, purpose: 'sign-in', ...(forAccount && { userId: forAccount.userId, signInChallengeId: forAccount.signInChallengeId }) });
  return options;
}

/** Why a passkey answer was refused: 'invalid' (401, as a wrong password) or 'other-account' (400). */
export type PasskeyRefusal = 'invalid' | 'other-account';

/**
 * Checks an answer to passkeySignInOptions and uses it up: the challenge (single use) and the
 * passkey's signature counter, which must move on unless the authenticator keeps none (0). Call
 * inside the transaction that acts on the answer, and let it commit when refused too, so the
 * challenge stays used.
 * @param expected the sign-in challenge the answer must belong to (the second factor), or null for
 *   a passkey sign-in of its own
 * @returns the account the passkey belongs to, or why it was refused
 */
export async function verifyPasskeyAnswer(tx: Executor, response: AuthenticationResponseJSON, rp: RelyingParty, expected: { userId: number; signInChallengeId: number } | null): Promise<{ userId: number } | { refused: PasskeyRefusal }> {
  const challenge = await takeChallenge(tx, response?.response?.clientDataJSON, 'sign-in');
  if (!challenge || (challenge.signInChallengeId ?? null) !== (expected?.signInChallengeId ?? null)) return { refused: 'invalid' };
  const [passkey] = typeof response.id === 'string' ? await tx.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).for('update') : [];
  if (!passkey) return { refused: 'invalid' };
  if (expected && passkey.userId !== expected.userId) return { refused: 'other-account' };
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpIDs,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: !expected,
    });
  } catch {
    // A bad signature, origin or relying party, or a counter that did not move on: refused.
    return { refused: 'invalid' };
  }
  if (!verified.verified) return { refused: 'invalid' };
  await tx.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, passkey.id));
  return { userId: passkey.userId };
}

/**
 * A sign-in with a passkey alone (usernameless): the answer to passkeySignInOptions() without an
 * account. A passkey verifies the person and proves the device, so no password or code is asked.
 * @returns the signed-in user
 * @throws AppError unauthorized (401, INVALID_CREDENTIALS) for an unknown, used or expired
 *   challenge, an unknown passkey, an answer that does not verify, or a closed account
 */
export async function signInWithPasskey(response: AuthenticationResponseJSON, rp: RelyingParty): Promise<User> {
  const outcome = await db.transaction(async (tx) => {
    const used = await verifyPasskeyAnswer(tx, response, rp, null);
    if ('refused' in used) return null;
    const [user] = await tx.select().from(users).where(and(eq(users.id, used.userId), isNull(users.deactivatedAt))).limit(1);
    return user ?? null;
  });
  if (!outcome) throw new AppError('unauthorized', INVALID_CREDENTIALS);
  return outcome;
}

