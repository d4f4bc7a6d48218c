/**
 * Bearer tokens for API clients (POST /api/users/login → {token}).
 * A signed HS256 JWT: sub = user id, ver = the user's token_version. The guard compares ver with
 * the database, so a password change or a deleted account ends every token at once.
 */
import { SignJWT, jwtVerify } from 'jose';
import { authSecret } from './secret';

const ISSUER = 'furniture-shop';
const TTL = '7d';

const key = () => new TextEncoder().encode(authSecret());

export type TokenClaims = { userId: number; ver: number };

/** Signs a token for the user; valid for 7 days or until the user's token_version changes. */
export async function signApiToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(key());
}

/** Verifies signature, issuer and expiry; null for anything invalid. */
export async function verifyApiToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    const ver = Number(payload.ver);
    if (!Number.isInteger(userId) || !Number.isInteger(ver)) return null;
    return { userId, ver };
  } catch {
    // An invalid or expired token is simply "not signed in".
    return null;
  }
}
