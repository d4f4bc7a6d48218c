/**
 * The client's network address, for per-address rate limits (login: lib/accounts/login.ts).
 *
 * Next.js gives route handlers no socket: the address reaches them only as X-Forwarded-For, which
 * Next.js's server fills with the connection's address when the request carries none. Which entry
 * to believe depends on how the shop is deployed (docs/operations.md "Front door", TRUST_PROXY):
 * - TRUST_PROXY=n (true = 1): n proxies the operator runs (the nginx front door of
 *   deploy/nginx.conf, a load balancer, a CDN …) sit in front, each appending the address it
 *   received from (or, as the front door does, replacing the header with it). The client is the
 *   n-th entry from the right — the one the outermost trusted proxy saw; entries further left are
 *   the client's own claims.
 * - TRUST_PROXY unset (or false/0): nothing in front. The rightmost entry is the connection's own
 *   address when the client sent no X-Forwarded-For; a client that sends one chooses the address
 *   it is counted under. So a shop that faces the internet runs behind the front door
 *   (deploy/nginx.conf, TRUST_PROXY=1); without one the per-account limits still hold.
 */

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(source: HeaderSource, name: string): string | undefined {
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name] ?? source[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The address to count a request against.
 * @param headers the request's headers (a Headers object or next-auth's plain lower-case map)
 * @param trustProxy number of trusted proxy hops in front of the shop (env TRUST_PROXY; 0 = none)
 * @returns an IP address (at most 64 characters), or "unknown" when none can be told
 */
export function clientAddress(headers: HeaderSource, trustProxy: number): string {
  const forwarded = (header(headers, 'x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // With fewer entries than trusted hops, the leftmost is as far as anyone vouches for.
  const address = forwarded.length > 0 ? forwarded[Math.max(0, forwarded.length - Math.max(1, trustProxy))] : undefined;
  return (address || 'unknown').slice(0, 64);
}
