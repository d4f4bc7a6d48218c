/**
 * Names of the next-auth session cookie (secure-prefixed over https, plain over http). Kept apart
 * from guards.ts so that proxy.ts can read them without importing the database client.
 */
export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;

/** True when a cookie name is a session cookie, or a chunk of one (next-auth splits large JWTs: name.0, name.1). */
export const isSessionCookieName = (name: string) => SESSION_COOKIES.some((c) => name === c || name.startsWith(`${c}.`));
