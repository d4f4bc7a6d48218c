/**
 * next-auth's cookies: the session cookie's names, when they are Secure, and the callback-url
 * cookie. Kept apart from guards.ts so that proxy.ts can read them without importing the database
 * client.
 *
 * The cookie rule (docs/accounts-and-security.md): over https the session cookie is
 * `__Secure-next-auth.session-token` with the Secure flag (and the CSRF cookie
 * `__Host-next-auth.csrf-token`), over plain http `next-auth.session-token`; always HttpOnly,
 * SameSite=Lax, Path=/. Which applies is decided per request (servedOverHttps), so a shop behind a
 * TLS-terminating proxy gets Secure cookies without NEXTAUTH_URL.
 */

/** Names of the session cookie: secure-prefixed (set over https) first, then plain (over http). */
export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;

/** True when a cookie name is a session cookie, or a chunk of one (next-auth splits large JWTs: name.0, name.1). */
export const isSessionCookieName = (name: string) => SESSION_COOKIES.some((c) => name === c || name.startsWith(`${c}.`));

/** Names of next-auth's callback-url cookie (where to go after signing in), secure-prefixed and plain. */
export const CALLBACK_URL_COOKIES = ['__Secure-next-auth.callback-url', 'next-auth.callback-url'] as const;

/** The entry of a comma list that a chain of `hops` trusted proxies vouches for (as clientAddress, lib/server/client-address.ts). */
function trustedEntry(value: string | null, hops: number): string | undefined {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list[Math.max(0, list.length - hops)] : undefined;
}

/**
 * Whether the browser reached the shop over https, which makes next-auth's cookies Secure.
 *
 * True when the request URL is https (Next.js builds it from the connection, and also takes a
 * client's `X-Forwarded-Proto: https` at its word — which can only make that client's own cookie
 * stricter), when `NEXTAUTH_URL` is an https address, or when TRUST_PROXY says proxies of ours
 * stand in front and the one the browser talked to set `X-Forwarded-Proto: https` (the entry
 * `trustProxy` from the right, as for X-Forwarded-For).
 * @param req the request (its URL and headers)
 * @param trustProxy trusted proxy hops (env TRUST_PROXY); 0 → X-Forwarded-Proto is not consulted
 * @param nextauthUrl env NEXTAUTH_URL, when set
 */
export function servedOverHttps(req: { url: string; headers: Headers }, trustProxy: number, nextauthUrl?: string): boolean {
  if (nextauthUrl?.toLowerCase().startsWith('https://')) return true;
  if (req.url.toLowerCase().startsWith('https://')) return true;
  return trustProxy > 0 && trustedEntry(req.headers.get('x-forwarded-proto'), trustProxy)?.toLowerCase() === 'https';
}
