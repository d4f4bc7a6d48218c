/**
 * Where to send the browser after logging in (spec §2 Login, §6, §9 post-login redirect).
 * Pure and safe for client components (authRedirect is next-auth's redirect callback).
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

/**
 * next-auth's redirect callback (sign-in and sign-out `callbackUrl`): the target as a path relative
 * to the site, so the browser lands on the host and port it is already using. next-auth's own
 * default makes it absolute on NEXTAUTH_URL — or http://localhost:3000 when that is unset — which
 * sent shoppers on any other host or port to a dead address after Logout.
 * @param url the requested target: a path ("/login?next=%2Fprofile") or an absolute URL
 * @param baseUrl next-auth's base (NEXTAUTH_URL's origin); an absolute target on it is kept as its path
 * @returns a path starting with a single "/"; "/" for anything off-site or malformed
 */
export function authRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  let target: URL;
  try {
    target = url.startsWith('/') ? new URL(url, 'http://shop.invalid') : new URL(url);
  } catch {
    return '/';
  }
  const onSite = url.startsWith('/') ? target.origin === 'http://shop.invalid' : target.origin === safeOrigin(baseUrl);
  if (!onSite || url.startsWith('//') || url.startsWith('/\\') || /[\u0000-\u001f\u007f\\]/.test(url)) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
