/**
 * Login with brute-force protection (spec §5 Login, §6), shared by the next-auth credentials
 * provider (the browser) and POST /api/users/login (API clients).
 *
 * Every attempt is counted, before the password is checked, against two fixed windows in
 * PostgreSQL (lib/rate-limit): one per identifier (5 per 15 minutes) and one per client address
 * (20 per 15 minutes). Past either limit the attempt is refused with 429 without checking the
 * password. A successful login takes its attempt back: it clears the identifier's window and
 * returns one unit to the address's, so only failures accumulate.
 */
import 'server-only';
import crypto from 'node:crypto';
import type { User } from '@/db/schema';
import { rateLimited } from '@/lib/server/errors';
import { env } from '@/lib/server/env';
import { clientAddress } from '@/lib/server/client-address';
import { hit, pruneExpired, release, reset } from '@/lib/server/rate-limit';
import { authenticate } from './authenticate';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMIT_PER_IDENTIFIER = 5;
export const LOGIN_LIMIT_PER_ADDRESS = 20;
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many login attempts. Please wait a few minutes and try again.';

/**
 * The address a login attempt from a request with these headers counts against (TRUST_PROXY
 * decides whether X-Forwarded-For is believed; lib/server/client-address.ts).
 */
export const loginAddress = (headers: Headers | Record<string, string | string[] | undefined>): string => clientAddress(headers, env().TRUST_PROXY);

/** Rate-limit keys; the identifier is hashed so the table never holds emails or usernames. */
export const loginKeys = (identifier: string, address: string) => ({
  identifier: `login:id:${crypto.createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex')}`,
  address: `login:ip:${address}`,
});

/**
 * Checks the credentials of an active user, counting the attempt against the login limits.
 * @param identifier email or username (any case)
 * @param address the client's address (loginAddress)
 * @returns the user row
 * @throws AppError rate_limited (429, TOO_MANY_LOGIN_ATTEMPTS) past a limit;
 *   unauthorized (401, INVALID_CREDENTIALS) for an unknown identifier or a wrong password.
 */
export async function login(identifier: string, password: string, address: string): Promise<User> {
  const user = await checkCredentials(identifier, password, address);
  await clearLoginAttempt(identifier, address);
  return user;
}

/**
 * The counted half of login(): counts the attempt and checks the password, but leaves the attempt
 * counted. An account with a second factor stays counted until its code is right too
 * (./sign-in-challenge.ts), so a known password gives only a few challenges to guess codes in.
 * @throws as login()
 */
export async function checkCredentials(identifier: string, password: string, address: string): Promise<User> {
  const keys = loginKeys(identifier, address);
  // Now and then, drop long-expired windows so the table stays small (no scheduler needed).
  if (Math.random() < 0.01) pruneExpired().catch((e) => console.error('[login] pruning rate-limit windows failed', e));
  const [byIdentifier, byAddress] = await Promise.all([
    hit(keys.identifier, LOGIN_LIMIT_PER_IDENTIFIER, LOGIN_WINDOW_MS),
    hit(keys.address, LOGIN_LIMIT_PER_ADDRESS, LOGIN_WINDOW_MS),
  ]);
  if (byIdentifier.limited || byAddress.limited) throw rateLimited(TOO_MANY_LOGIN_ATTEMPTS);
  return authenticate(identifier, password);
}

/**
 * Takes a successful sign-in's attempt back: clears the identifiers' windows (an account's e-mail
 * and username when either may have been typed), returns one unit to the address's.
 */
export async function clearLoginAttempt(identifiers: string | string[], address: string): Promise<void> {
  const list = typeof identifiers === 'string' ? [identifiers] : identifiers;
  await Promise.all([...list.map((id) => reset(loginKeys(id, address).identifier)), release(loginKeys('', address).address)]);
}

/**
 * Counts a password check that is not a login (the current password of a password change) against
 * the same limits as logins of that account's e-mail address and that client address.
 * @param check resolves true when the password is right
 * @param refusal the error for a wrong password
 * @throws AppError rate_limited (429) past a limit; `refusal()` when the check fails.
 */
export async function checkPasswordAttempt(email: string, address: string, check: () => Promise<boolean>, refusal: () => Error): Promise<void> {
  const keys = loginKeys(email, address);
  const [byIdentifier, byAddress] = await Promise.all([hit(keys.identifier, LOGIN_LIMIT_PER_IDENTIFIER, LOGIN_WINDOW_MS), hit(keys.address, LOGIN_LIMIT_PER_ADDRESS, LOGIN_WINDOW_MS)]);
  if (byIdentifier.limited || byAddress.limited) throw rateLimited(TOO_MANY_LOGIN_ATTEMPTS);
  if (!(await check())) throw refusal();
  await Promise.all([reset(keys.identifier), release(keys.address)]);
}
