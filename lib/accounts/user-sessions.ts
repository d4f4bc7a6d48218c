/**
 * Profile → Security's signed-in devices (docs/accounts-and-security.md "Sessions"): the account's
 * own sessions, and signing one or all the others out. Every query is scoped to the signed-in user:
 * another account's session id is "not found". Ending a session deletes its row, which the guard
 * (lib/auth/guards.ts) then refuses on that device's next request.
 */
import 'server-only';
import Bowser from 'bowser';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { userSessions, type UserSession } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { endSessions, isSessionId } from '@/lib/auth/sessions';
import { notFound } from '@/lib/server/errors';
import type { UserSessionJson } from './contracts';

export const SESSION_NOT_FOUND = 'This device is not signed in to your account.';

/**
 * A readable name for a user agent: "Chrome on macOS", "Safari on iOS"; an API client without a
 * browser's user agent is "API client" (with its own name when it gives one, "curl").
 */
export function deviceName(userAgent: string | null, kind: UserSession['kind']): string {
  const fallback = kind === 'token' ? 'API client' : 'Unknown browser';
  if (!userAgent) return fallback;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os) as string;
  // Tools name themselves first ("curl/8.5.0", "PostmanRuntime/7.39"): the name without the version.
  const tool = /^([A-Za-z][\w.-]{0,40})\//.exec(userAgent)?.[1];
  return tool ? `${fallback} (${tool})` : fallback;
}

/** A session row as the device list shows it. */
export const toUserSessionJson = (row: UserSession, currentId: string | undefined): UserSessionJson => ({
  id: row.id,
  kind: row.kind,
  device: deviceName(row.userAgent, row.kind),
  // An IPv4 client reached over an IPv6 socket shows as its IPv4 address.
  address: row.address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') ?? null,
  signed_in_at: row.createdAt.toISOString(),
  last_active_at: row.lastSeenAt.toISOString(),
  current: row.id === currentId,
});

/**
 * GET /api/users/profile/sessions — the signed-in user's sessions that have not expired, the one
 * the request came with first, then the most recently active.
 */
export async function listSessions(user: SessionUser): Promise<UserSessionJson[]> {
  const rows = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, user.id), gt(userSessions.expiresAt, sql`now()`)))
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
  return rows.map((r) => toUserSessionJson(r, user.sessionId)).sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * DELETE /api/users/profile/sessions/{id} — signs one of the user's devices out at once (its next
 * request is signed out). The session the request came with may be named too: that is signing out.
 * @throws AppError not_found (404, SESSION_NOT_FOUND) for an id that is not one of the user's sessions
 */
export async function endOwnSession(user: SessionUser, id: string): Promise<void> {
  const ended = isSessionId(id) ? await db.delete(userSessions).where(and(eq(userSessions.id, id), eq(userSessions.userId, user.id))).returning({ id: userSessions.id }) : [];
  if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
}

/**
 * DELETE /api/users/profile/sessions — signs out every device of the user but the one the request
 * came with.
 * @returns how many sessions ended
 */
export async function endOtherSessions(user: SessionUser): Promise<number> {
  return endSessions(db, user.id, user.sessionId);
}
