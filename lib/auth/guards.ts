/**
 * Who is asking: the one authentication every door uses (spec §6). What the user may do is the
 * service's check (lib/auth/permissions.ts).
 *
 * A request is signed in by either an `Authorization: Bearer <token>` header (API clients) or the
 * next-auth session cookie (the browser). Both carry the user id and their session's id; the
 * session and the user are re-read from the database on every request, in one statement, so an
 * ended session (./sessions.ts) or a deactivated account ends access immediately. A request with
 * neither (a shopper browsing) costs no query.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { decode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { userSessions, users } from '@/db/schema';
import { isPermission, type Permission } from './permission-list';
import { SESSION_COOKIES } from './cookies';
import { mustEnrolTwoFactorSql } from './staff-two-factor';
import { authSecret } from './secret';
import { isSessionId, sessionClient, touchSession } from './sessions';
import { verifyApiToken, type TokenClaims } from './token';

/** Where a request came from, as the audit log records it (lib/audit/record.ts). */
export type RequestClient = { address: string; userAgent: string };

/**
 * The signed-in user. `isAdmin` marks staff (the back office is theirs); `permissions` is the union
 * of their roles' permissions (empty for customers), read with the user on every request.
 * `sessionId` is the session the request came with (absent for an actor built outside a request);
 * `client` is the request's address and user agent when the user was read from a request
 * (authenticate()), so a service can record who did what from where without one more parameter.
 */
export type SessionUser = {
  id: number;
  userName: string;
  email: string;
  isAdmin: boolean;
  permissions: readonly Permission[];
  /** The session the request came with (absent for an actor built outside a request). */
  sessionId?: string;
  /** The request's address and user agent (authenticate()), for the audit log. */
  client?: RequestClient;
  /** A staff member who must set up two-factor sign-in before using any permission (./staff-two-factor.ts). */
  mustEnrolTwoFactor?: boolean;
};

export { SESSION_COOKIES } from './cookies';

function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined; // Bad percent-encoding: not a cookie next-auth wrote, so not signed in.
      }
    }
  }
  return undefined;
}

async function claimsFromSessionCookie(cookieHeader: string | null): Promise<TokenClaims | null> {
  for (const name of SESSION_COOKIES) {
    const raw = readCookie(cookieHeader, name);
    if (!raw) continue;
    try {
      const jwt = await decode({ token: raw, secret: authSecret() });
      const userId = Number(jwt?.uid);
      if (Number.isInteger(userId) && isSessionId(jwt?.sid)) return { userId, sessionId: jwt.sid };
    } catch {
      // A cookie signed with another secret or tampered with: not signed in.
    }
  }
  return null;
}

/**
 * Loads the active user the claims name, in one statement with their session (its primary key) and
 * permissions; null when the session was ended or expired, or the account is gone or deactivated.
 * Refreshes the session's last_seen_at now and then (touchSession).
 * @param address the request's client address, recorded with last_seen_at
 */
export async function userFromClaims(claims: TokenClaims | null, address: string | null = null): Promise<SessionUser | null> {
  if (!claims) return null;
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      isAdmin: users.isAdmin,
      lastSeenAt: userSessions.lastSeenAt,
      // The staff member's permissions, read in the same statement (staff_roles' primary key).
      permissions: sql<string[]>`array(SELECT DISTINCT rp.permission FROM staff_roles sr JOIN role_permissions rp ON rp.role_id = sr.role_id WHERE sr.user_id = "users"."id" AND "users"."is_admin")`,
      mustEnrolTwoFactor: mustEnrolTwoFactorSql,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.id, claims.sessionId), eq(userSessions.userId, claims.userId), gt(userSessions.expiresAt, sql`now()`), isNull(users.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  await touchSession(claims.sessionId, row.lastSeenAt, address);
  return { id: row.id, userName: row.userName, email: row.email, isAdmin: row.isAdmin, permissions: (row.permissions ?? []).filter(isPermission), sessionId: claims.sessionId, mustEnrolTwoFactor: Boolean(row.mustEnrolTwoFactor) };
}

/**
 * How a request was signed in: `bearer` (an Authorization header, which a browser never adds by
 * itself) or `cookie` (the session cookie, which a browser sends whichever site made the request,
 * so a state-changing cookie request must prove it comes from the shop: lib/server/csrf.ts).
 */
export type Credential = 'bearer' | 'cookie';

/**
 * The signed-in user of request headers and the credential that identified them (bearer first,
 * then the session cookie; a bearer header is never completed by a cookie).
 * @returns `{ user: null, via: null }` when neither names an active user
 */
export async function authenticate(headers: Headers): Promise<{ user: SessionUser | null; via: Credential | null }> {
  const auth = headers.get('authorization');
  const bearer = auth?.toLowerCase().startsWith('bearer ');
  const client = sessionClient(headers);
  const claims = bearer ? await verifyApiToken(auth!.slice(7).trim()) : await claimsFromSessionCookie(headers.get('cookie'));
  const user = claims && (await userFromClaims(claims, client.address));
  if (!user) return { user: null, via: null };
  return { user: { ...user, client: { address: client.address ?? 'unknown', userAgent: client.userAgent ?? '' } }, via: bearer ? 'bearer' : 'cookie' };
}

/** Reads the signed-in user from request headers (bearer first, then the session cookie). */
export async function userFromHeaders(headers: Headers): Promise<SessionUser | null> {
  return (await authenticate(headers)).user;
}

