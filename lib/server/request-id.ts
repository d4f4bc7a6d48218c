/**
 * The request id: every answer of the API carries it in `X-Request-Id`, and an unexpected error
 * is logged with it, so a support request can be matched to the log (docs/accounts-and-security.md).
 *
 * A fresh random UUID per request, unless TRUST_PROXY says proxies of ours stand in front and the
 * request arrives with an id they set (`X-Request-Id`, 8–128 of `[A-Za-z0-9._:-]`): then that id
 * is kept, so the proxy's log and ours name the same request. Without a trusted proxy a client's
 * own id is ignored: it could be chosen to collide with someone else's.
 */
import { env } from '@/lib/server/env';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a request.
 * @param headers the request's headers
 * @param trustProxy trusted proxy hops (env TRUST_PROXY); 0 → always a new id
 */
export function requestId(headers: Headers, trustProxy = env().TRUST_PROXY): string {
  const incoming = headers.get(REQUEST_ID_HEADER)?.trim();
  if (trustProxy > 0 && incoming && VALID_ID.test(incoming)) return incoming;
  return crypto.randomUUID();
}
