/**
 * Signed-in devices (docs/accounts-and-security.md "Sessions"): every session cookie and bearer
 * token names a `user_sessions` row, and the guard (./guards.ts) lets a request in only while that
 * row exists and has not expired. Ending a session is deleting its row, so it ends at once, not at
 * the cookie's or token's expiry.
 *
 * startSession is the one place a session begins: every sign-in path (the browser's next-auth
 * credentials provider, POST /api/users/login and its two-factor step, any later way of signing in)
 * calls it, directly or through issueApiToken (./token.ts).
 */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { userSessions } from '@/db/schema';
import { clientAddress } from '@/lib/server/client-address';
import { env } from '@/lib/server/env';

/** How long a session lasts from sign-in: the session cookie's and the bearer token's lifetime. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * last_seen_at is refreshed only when older than this, so a signed-in visitor costs a write at
 * most every few minutes, not one per request.
 */
export const LAST_SEEN_STEP_MS = 5 * 60 * 1000;

/** Longer user agents are cut: the device list needs the start of the header, not a 10 kB one. */
const USER_AGENT_MAX = 512;

export type SessionKind = 'cookie' | 'token';

/** Where a request came from, as the device list shows it. */
export type SessionClient = { address: string | null; userAgent: string | null };

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** The client address (TRUST_PROXY decides whether X-Forwarded-For is believed) and user agent of request headers. */
export function sessionClient(headers: HeaderSource): SessionClient {
  const raw = headers instanceof Headers ? headers.get('user-agent') : headers['user-agent'];
  const userAgent = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, USER_AGENT_MAX) || null;
  const address = clientAddress(headers, env().TRUST_PROXY);
  return { address: address === 'unknown' ? null : address, userAgent };
}

/** True for a string shaped like a session id (a UUID), so a malformed claim never reaches PostgreSQL. */
export const isSessionId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Begins a session for a signed-in user: the one function every sign-in path calls once the
 * password (and second factor, when the account has one) is right.
 * @param kind `cookie` for the browser's session cookie, `token` for a bearer token
 * @returns the new session's id, which the cookie or token carries (claim `sid`); valid
 *   SESSION_TTL_SECONDS unless ended sooner
 */
export async function startSession(userId: number, kind: SessionKind, client: SessionClient): Promise<string> {
  // The account's expired rows go as new ones come (no scheduler needed).
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.expiresAt, new Date())));
  const [row] = await db
    .insert(userSessions)
    .values({ userId, kind, address: client.address, userAgent: client.userAgent, expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000) })
    .returning({ id: userSessions.id });
  return row.id;
}

/**
 * Ends every session and bearer token of a user, at once, except `keep` (the session of the
 * person changing their own password or roles). Called in the transaction of the change that
 * requires it: a password change or reset, a change of the roles held, the account's removal.
 * @param keep a session id; ignored unless it is one of this user's
 * @returns how many sessions ended
 */
export async function endSessions(executor: Executor, userId: number, keep?: string): Promise<number> {
  const ended = await executor
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), keep && isSessionId(keep) ? ne(userSessions.id, keep) : undefined))
    .returning({ id: userSessions.id });
  return ended.length;
}

/** Ends one session (signing out). Does nothing for an id that is gone already. */
export async function endSession(id: string): Promise<void> {
  if (isSessionId(id)) await db.delete(userSessions).where(eq(userSessions.id, id));
}

/**
 * Records that a session was used now, from `address`, when its last_seen_at is older than
 * LAST_SEEN_STEP_MS (the guard passes what it read, so most requests skip this write).
 */
export async function touchSession(id: string, lastSeenAt: Date, address: string | null): Promise<void> {
  if (Date.now() - lastSeenAt.getTime() < LAST_SEEN_STEP_MS) return;
  await db
    .update(userSessions)
    .set({ lastSeenAt: new Date(), ...(address && { address }) })
    .where(and(eq(userSessions.id, id), lt(userSessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_STEP_MS / 1000})`)));
}
