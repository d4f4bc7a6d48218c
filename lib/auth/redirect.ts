/**
 * Where to send the browser after logging in (spec §2 Login, §6, §9 post-login redirect).
 * Pure and safe for client components.
 */

/** Pages that make no sense to return to after logging in. */
const AUTH_PAGES = ['/login', '/signup', '/register'];

/**
 * A same-origin path from a `next` query value, or null when it is missing or unsafe: absolute
 * URLs, protocol-relative `//host`, backslash tricks, control characters and the auth pages
 * themselves are refused.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://shop.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://shop.invalid') return null;
  if (AUTH_PAGES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** After login: a safe `next` when given, else /admin for administrators and / for everyone else. */
export function postLoginPath(isAdmin: boolean, next?: string | null): string {
  return safeNextPath(next) ?? (isAdmin ? '/admin' : '/');
}
