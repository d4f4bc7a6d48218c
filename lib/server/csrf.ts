/**
 * Cross-site request forgery: the one rule the route wrapper applies (docs/accounts-and-security.md).
 *
 * A request that the browser authenticated with the session cookie and that changes state (any
 * method but GET, HEAD and OPTIONS) must come from the shop's own pages: its `Origin` is the
 * shop's origin, or, when a browser sent no Origin, `Sec-Fetch-Site` says `same-origin`.
 * `Origin: null` (sandboxed frames, privacy redirects) and a foreign or missing origin are refused;
 * the `Referer` is never enough. The shop's origin is the one the request itself names (its Host,
 * or X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY says a proxy of ours set them), or
 * SITE_URL's or NEXTAUTH_URL's. Requests with a bearer token are not checked: a browser never adds
 * an Authorization header by itself, so another site cannot make it send one.
 */
import { env } from '@/lib/server/env';

/** Methods that never change state (RFC 9110 safe methods the shop answers). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The message of a refused cross-site request (403). */
export const CROSS_SITE_MESSAGE = 'Cross-site request refused: this action can only be sent from the shop’s own pages.';

/** True for GET, HEAD and OPTIONS. */
export const isSafeMethod = (method: string): boolean => SAFE_METHODS.has(method.toUpperCase());

/** The entry of a comma list a chain of `hops` trusted proxies vouches for (as clientAddress, lib/server/client-address.ts). */
function trusted(value: string | null, hops: number): string | undefined {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list[Math.max(0, list.length - hops)] : undefined;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins a request to the shop may legitimately come from.
 * @param req the incoming request
 * @param trustProxy trusted proxy hops (env TRUST_PROXY); with 0, forwarded headers are ignored
 * @returns serialized origins such as "https://shop.example" (several schemes when the request does
 *   not say which one the browser used: without a trusted proxy, TLS may end in front of the shop)
 */
export function ownOrigins(req: Request, trustProxy = env().TRUST_PROXY): string[] {
  return ownOriginsOf(req.headers, new URL(req.url).host, trustProxy);
}

/**
 * The host[:port] the request names: X-Forwarded-Host when TRUST_PROXY says a proxy of ours set
 * it, else Host, else `fallbackHost`; null when that is not a plain host[:port] (new URL would read
 * "a@b" as user@host).
 */
export function namedHost(headers: Headers, fallbackHost?: string, trustProxy = env().TRUST_PROXY): string | null {
  const forwardedHost = trustProxy > 0 ? trusted(headers.get('x-forwarded-host'), trustProxy) : undefined;
  const host = forwardedHost ?? headers.get('host') ?? fallbackHost ?? '';
  return /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? host.toLowerCase() : null;
}

/**
 * ownOrigins for a request known only by its headers (next-auth's credentials provider sees no URL).
 * @param fallbackHost the host to use when the headers name none
 */
export function ownOriginsOf(headers: Headers, fallbackHost?: string, trustProxy = env().TRUST_PROXY): string[] {
  const out = new Set<string>();
  const e = env();
  for (const configured of [e.SITE_URL, e.NEXTAUTH_URL]) {
    const origin = originOf(configured);
    if (origin) out.add(origin);
  }
  const forwardedProto = trustProxy > 0 ? trusted(headers.get('x-forwarded-proto'), trustProxy)?.toLowerCase() : undefined;
  const host = namedHost(headers, fallbackHost, trustProxy);
  const schemes = forwardedProto === 'http' || forwardedProto === 'https' ? [forwardedProto] : ['https', 'http'];
  if (host) {
    for (const scheme of schemes) {
      const origin = originOf(`${scheme}://${host}`);
      if (origin) out.add(origin);
    }
  }
  return [...out];
}

/**
 * Whether a state-changing request authenticated by the session cookie may proceed (the rule in
 * the module comment). Safe methods always may.
 */
export function isSameOriginRequest(req: Request, trustProxy = env().TRUST_PROXY): boolean {
  if (isSafeMethod(req.method)) return true;
  const origin = req.headers.get('origin');
  if (origin === null) return req.headers.get('sec-fetch-site')?.trim().toLowerCase() === 'same-origin';
  const claimed = originOf(origin.trim());
  return claimed !== null && ownOrigins(req, trustProxy).includes(claimed);
}
