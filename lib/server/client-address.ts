/**
 * The client's network address, for per-address rate limits (login: lib/accounts/login.ts).
 *
 * Which address to believe depends on how the shop is deployed (README "Configuration",
 * TRUST_PROXY):
 * - TRUST_PROXY unset (or false/0): the shop faces the internet itself. The address is the TCP
 *   peer of the connection, stamped onto every request by the request hooks (instrumentation.ts,
 *   lib/server/request-hooks.ts). X-Forwarded-For sent by a client is ignored: anyone can write it.
 * - TRUST_PROXY=n (true = 1): n proxies the operator runs (load balancer, CDN …) sit in front, each
 *   appending the address it received from to X-Forwarded-For. The client is the n-th entry from
 *   the right — the one the outermost trusted proxy saw; entries further left are the client's own
 *   claims.
 *
 * Next's route handlers get no socket: Next's server only copies the peer into X-Forwarded-For when
 * the request carries none (`??=` in next/dist/server/base-server.js), so a client's own header
 * would win. Hence the stamp, which overwrites whatever the client sent.
 */
import http from 'node:http';

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** Request header carrying the TCP peer address; set (and overwritten) by the stamp only. */
export const PEER_ADDRESS_HEADER = 'x-totara-peer-address';
const STAMP_INSTALLED = Symbol.for('totara-home.peer-address-stamp');

function header(source: HeaderSource, name: string): string | undefined {
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const value = source[name] ?? source[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const stampInstalled = () => Boolean((globalThis as Record<symbol, unknown>)[STAMP_INSTALLED]);

/** Stamps one request with its TCP peer address (PEER_ADDRESS_HEADER), replacing any value the client sent. */
export function stampPeerAddress(req: http.IncomingMessage): void {
  req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? '';
}

/** Records that every request of this process is stamped (the flag lives on globalThis: instrumentation and route handlers are separate bundles). */
export function markPeerAddressStamped(): void {
  (globalThis as Record<symbol, unknown>)[STAMP_INSTALLED] = true;
}

/**
 * Makes this process's HTTP servers stamp each incoming request with its TCP peer address, on its
 * own; idempotent. The server installs it with the other request hooks in one wrapper
 * (lib/server/request-hooks.ts, from instrumentation.ts); tests that need only the stamp use this.
 */
export function installPeerAddressStamp(): void {
  if (stampInstalled()) return;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function stampRequests(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') stampPeerAddress(args[0] as http.IncomingMessage);
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
  markPeerAddressStamped();
}

/**
 * The address to count a request against.
 * @param headers the request's headers (a Headers object or next-auth's plain lower-case map)
 * @param trustProxy number of trusted proxy hops in front of the shop (env TRUST_PROXY; 0 = none)
 * @param stamped whether the peer-address stamp runs in this process (tests pass it explicitly)
 * @returns an IP address (at most 64 characters), or "unknown" when none can be told
 */
export function clientAddress(headers: HeaderSource, trustProxy: number, stamped = stampInstalled()): string {
  const forwarded = (header(headers, 'x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Without the stamp (the first requests while the server starts, or a test calling a handler):
  // the header as Next's server filled it, which is the peer when the client sent none.
  const peer = stamped ? header(headers, PEER_ADDRESS_HEADER)?.trim() : forwarded.at(-1);
  // With fewer entries than trusted hops, the leftmost is as far as anyone vouches for; with none,
  // the request did not come through the proxies, so its peer is the client.
  const address = trustProxy > 0 && forwarded.length > 0 ? forwarded[Math.max(0, forwarded.length - trustProxy)] : peer;
  return (address || 'unknown').slice(0, 64);
}
