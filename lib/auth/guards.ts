/**
 * Who is asking: the one authentication every door uses (spec §6). What the user may do is the
 * service's check (lib/auth/permissions.ts).
 *
 * A request is signed in by either an `Authorization: Bearer <token>` header (API clients) or the
 * next-auth session cookie (the browser). Both carry the user id and token version; the user is
 * re-read from the database on every request, so a deactivated account or a changed password ends
 * access immediately.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { decode } from 'next-auth/jwt';
import { db } from '@/db/client';
import { users } from '@/db/schema';
import { isPermission, type Permission } from './permission-list';
import { SESSION_COOKIES } from './cookies';
import { mustEnrolTwoFactorSql } from './staff-two-factor';
import { authSecret } from './secret';
import { verifyApiToken, type TokenClaims } from './token';

/**
 * The signed-in user. `isAdmin` marks staff (the back office is theirs); `permissions` is the union
 * of their roles' permissions (empty for customers), read with the user on every request.
 */
export type SessionUser = {
  id: number;
  userName: string;
  email: string;
  isAdmin: boolean;
  permissions: readonly Permission[];
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
      const ver = Number(jwt?.ver);
      if (Number.isInteger(userId) && Number.isInteger(ver)) return { userId, ver };
    } catch {
      // A cookie signed with another secret or tampered with: not signed in.
    }
  }
  return null;
}

/** Loads the active user the claims name, or null when gone, deactivated or the token is outdated. */
export async function userFromClaims(claims: TokenClaims | null): Promise<SessionUser | null> {
  if (!claims) return null;
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      isAdmin: users.isAdmin,
      ver: users.tokenVersion,
      // The staff member's permissions, read in the same statement (staff_roles' primary key).
      permissions: sql<string[]>`array(SELECT DISTINCT rp.permission FROM staff_roles sr JOIN role_permissions rp ON rp.role_id = sr.role_id WHERE sr.user_id = "users"."id" AND "users"."is_admin")`,
      mustEnrolTwoFactor: mustEnrolTwoFactorSql,
    })
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.deactivatedAt)))
    .limit(1);
  if (!row || row.ver !== claims.ver) return null;
  return { id: row.id, userName: row.userName, email: row.email, isAdmin: row.isAdmin, permissions: (row.permissions ?? []).filter(isPermission), mustEnrolTwoFactor: Boolean(row.mustEnrolTwoFactor) };
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
  if (auth?.toLowerCase().startsWith('bearer ')) {
    const user = await userFromClaims(await verifyApiToken(auth.slice(7).trim()));
    return { user, via: user ? 'bearer' : null };
  }
  const user = await userFromClaims(await claimsFromSessionCookie(headers.get('cookie')));
  return { user, via: user ? 'cookie' : null };
}

/** Reads the signed-in user from request headers (bearer first, then the session cookie). */
export async function userFromHeaders(headers: Headers): Promise<SessionUser | null> {
  return (await authenticate(headers)).user;
}

