/**
 * Bearer tokens for API clients (POST /api/users/login → {token}).
 * A signed HS256 JWT: sub = user id, sid = the user_sessions row it belongs to (./sessions.ts).
 * The guard lets it in only while that row exists, so signing the device out, a password change,
 * a role change or the account's removal ends the token at once.
 */
import { SignJWT, jwtVerify } from 'jose';
import { authSecret } from './secret';
import { isSessionId, SESSION_TTL_SECONDS, startSession, type SessionClient } from './sessions';

const ISSUER = 'furniture-shop';

const key = () => new TextEncoder().encode(authSecret());

/** What a session cookie or bearer token says: whose it is and which session it belongs to. */
export type TokenClaims = { userId: number; sessionId: string };

/** Signs a token for an existing session; valid SESSION_TTL_SECONDS or until the session ends. */
export async function signApiToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(key());
}

/**
 * Signs a user in for an API client: starts a `token` session (startSession) and signs its token.
 * @param client the request's address and user agent (sessionClient), shown in the device list
 */
export async function issueApiToken(userId: number, client: SessionClient): Promise<string> {
  return signApiToken({ userId, sessionId: await startSession(userId, 'token', client) });
}

/** Verifies signature, issuer and expiry; null for anything invalid. */
export async function verifyApiToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || !isSessionId(payload.sid)) return null;
    return { userId, sessionId: payload.sid };
  } catch {
    // An invalid or expired token is simply "not signed in".
    return null;
  }
}
