/**
 * Malformed requests refused before Next.js sees them (README "Security": a 4xx for every malformed
 * request). Three kinds make Next.js 16 answer 500 before any of the shop's code runs — proxy.ts
 * included, so it cannot be the door:
 * - `TRACE`: Next builds a WHATWG Request for the proxy and for every route handler, and Node's
 *   Request constructor refuses that method ("'TRACE' HTTP method is unsupported"); TRACE on a
 *   page renders it as if it were GET. Refused on every path.
 * - a path whose percent-encoding does not decode (`/api/products/%ff`, `/api/orders/%`): the
 *   router's decoding of a dynamic segment throws, and the /400 page it then tries to render does
 *   not exist in the App Router, so the answer is a bare 500 (upstream: vercel/next.js#94278, open;
 *   fix proposed in vercel/next.js#94283).
 * - an RSC request (`RSC: 1`) whose `Next-Router-State-Tree` header does not parse: on a page
 *   rendered per request, Next's own validation throws (upstream: vercel/next.js#92844, open,
 *   "Return 400 instead of 500 for unparseable router state header"). Checked with that same
 *   validation, so exactly the headers Next would choke on are refused.
 * Each is answered 400 `{ message, code: 'bad_request' }` at the HTTP server, in front of Next,
 * by the request hooks (lib/server/request-hooks.ts), installed by instrumentation.ts. Anything else passes untouched: the cost per request is a method comparison,
 * a search for `%` and, on RSC navigations only, parsing a small header.
 */
import http from 'node:http';
import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';

/** Why a request is refused before Next.js handles it. */
export type Refusal = { status: 400; message: string; code: 'bad_request' };

const refuse = (message: string): Refusal => ({ status: 400, message, code: 'bad_request' });

/** True when the request target's path (before `?`) holds a percent-escape that does not decode as UTF-8. */
function hasBadPercentEncoding(target: string): boolean {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether Next.js would fail on this request before the shop's code runs (the module comment).
 * @param method the request method as received
 * @param target the request target (`req.url` of node:http: path and query)
 * @param headers node:http's lower-case request headers
 * @returns the refusal to answer, or null to let Next.js handle the request
 */
export function refusalFor(method: string | undefined, target: string | undefined, headers: http.IncomingHttpHeaders): Refusal | null {
  if (method?.toUpperCase() === 'TRACE') return refuse('The TRACE method is not supported.');
  if (target && hasBadPercentEncoding(target)) return refuse('The address is not valid: it holds a malformed percent-encoded character.');
  const tree = headers['next-router-state-tree'];
  if (headers.rsc === '1' && tree !== undefined) {
    try {
      parseAndValidateFlightRouterState(tree);
    } catch {
      return refuse('The Next-Router-State-Tree header is not valid.');
    }
  }
  return null;
}

/**
 * Answers a request refusalFor refuses, as the shop's API answers errors (`{ message, code }`,
 * never stored by a cache).
 * @returns true when the request was answered here, false to pass it on
 */
export function answerRefusal(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const refusal = refusalFor(req.method, req.url, req.headers);
  if (!refusal) return false;
  const body = JSON.stringify({ message: refusal.message, code: refusal.code });
  res.writeHead(refusal.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
