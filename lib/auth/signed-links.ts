/**
 * Signed links: a short token that names what a link does and for whom, signed with an HMAC key
 * derived from AUTH_SECRET (HKDF-SHA256, one key per purpose), so a link in an e-mail works without
 * a session and cannot be altered (docs/accounts-and-security.md "Signed links").
 *
 * Token: `base64url(JSON payload).base64url(HMAC-SHA256(key(purpose), payload part))`. The payload
 * is `{ p: purpose, s: subject, e?: expiry in seconds since the epoch }`. Anything that does not
 * verify — altered, truncated, another purpose, expired — is null, never an exception.
 *
 * Here (lib/auth, under every domain that writes e-mail) so that mail, accounts and the domains
 * above them sign and check their links with one rule.
 */
import crypto from 'node:crypto';
import { authSecret } from './secret';

/** What a link does; each has its own key, so a token for one is worthless for another. */
export type LinkPurpose = 'marketing-unsubscribe' | 'cart-reminder' | 'stock-alert';

type Payload = { p: LinkPurpose; s: string; e?: number };

const keys = new Map<string, Buffer>();

/** The HMAC key of a purpose: HKDF-SHA256 of AUTH_SECRET, info `totara-home link <purpose>`. */
function keyFor(purpose: LinkPurpose): Buffer {
  const secret = authSecret();
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `totara-home link ${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

const mac = (purpose: LinkPurpose, body: string) => crypto.createHmac('sha256', keyFor(purpose)).update(body).digest('base64url');

/**
 * A token for `purpose` about `subject` (e.g. a user id as a string).
 * @param opts.expiresAt after which verifyLinkToken refuses it; none = valid until AUTH_SECRET changes
 * @returns a URL-safe string (base64url and one dot)
 */
export function signLinkToken(purpose: LinkPurpose, subject: string, opts: { expiresAt?: Date } = {}): string {
  const payload: Payload = { p: purpose, s: subject, ...(opts.expiresAt ? { e: Math.floor(opts.expiresAt.getTime() / 1000) } : {}) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(purpose, body)}`;
}

/**
 * The subject of a token signed for `purpose`, or null when it is malformed, altered, signed for
 * another purpose or past its expiry. Compares signatures in constant time.
 */
export function verifyLinkToken(purpose: LinkPurpose, token: string | null | undefined, now = new Date()): string | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(purpose, body), 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
  } catch {
    return null;
  }
  if (payload?.p !== purpose || typeof payload.s !== 'string') return null;
  if (payload.e !== undefined && (typeof payload.e !== 'number' || payload.e * 1000 < now.getTime())) return null;
  return payload.s;
}
