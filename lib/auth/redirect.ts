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
 * The origin a request was made to ("http://127.0.0.1:3100"): X-Forwarded-Proto and
 * X-Forwarded-Host, which Next's own server fills from the connection and the Host header when no
 * proxy set them, else Host. Null when the host is missing or not a plain host[:port].
 */
export function requestOrigin(headers: Headers): string | null {
  const first = (name: string) => headers.get(name)?.split(',')[0]?.trim() || undefined;
  const host = first('x-forwarded-host') ?? first('host');
  const proto = first('x-forwarded-proto') === 'https' ? 'https' : 'http';
  if (!host || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return null;
  return `${proto}://${host}`.toLowerCase();
}

/**
 * next-auth's redirect callback (sign-in and sign-out `callbackUrl`): the target on the origin the
 * browser is using. next-auth's own default puts it on NEXTAUTH_URL — or http://localhost:3000 when
 * that is unset — which sent shoppers on any other host or port to a dead address after Logout.
 * (Absolute, not a bare path: next-auth's client parses the answer with `new URL`.)
 * @param url the requested target: a path ("/login?next=%2Fprofile") or an absolute URL
 * @param baseUrl next-auth's base (NEXTAUTH_URL's origin, or localhost:3000 when unset)
 * @param origin the origin to land on: the request's own (requestOrigin), or baseUrl when
 *   NEXTAUTH_URL is set; an absolute target on either is kept
 * @returns an absolute URL on `origin`; its home page for anything off-site or malformed
 */
export function authRedirect({ url, baseUrl, origin }: { url: string; baseUrl: string; origin: string }): string {
  const home = `${origin}/`;
  let target: URL;
  try {
    target = url.startsWith('/') ? new URL(url, 'http://shop.invalid') : new URL(url);
  } catch {
    return home;
  }
  const onSite = url.startsWith('/') ? target.origin === 'http://shop.invalid' : target.origin === safeOrigin(baseUrl) || target.origin === safeOrigin(origin);
  if (!onSite || url.startsWith('//') || url.startsWith('/\\') || /[\u0000-\u001f\u007f\\]/.test(url)) return home;
  return `${origin}${target.pathname}${target.search}${target.hash}`;
}

/**
 * Whether next-auth accepts a value as a callback URL (its `callbackUrl` parameter or callback-url
 * cookie): a path starting with `/`, or an absolute http(s) URL. next-auth answers anything else
 * with a 500 "server configuration" error before the redirect callback runs, so its route refuses
 * or drops such a value first (app/api/auth/[...nextauth]/route.ts). Whether the URL is on this
 * site is authRedirect's question, not this one.
 */
export function isCallbackUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? 'http://shop.invalid' : undefined).protocol);
  } catch {
    return false;
  }
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
