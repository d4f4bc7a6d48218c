/**
 * The CSRF rule's origin check (docs/accounts-and-security.md): which origins are the shop's
 * own, and when a state-changing request counts as coming from them.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { isSafeMethod, isSameOriginRequest, ownOrigins } from '@/lib/server/csrf';

const req = (method: string, headers: Record<string, string>, url = 'http://localhost:3000/api/cart/add') => new Request(url, { method, headers });

const saved = { SITE_URL: process.env.SITE_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('ownOrigins', () => {
  test('the Host the request names, over https or http (TLS may end in front of the shop)', () => {
    expect(ownOrigins(req('POST', { host: 'shop.example' }), 0)).toEqual(expect.arrayContaining(['https://shop.example', 'http://shop.example']));
    expect(ownOrigins(req('POST', { host: 'shop.example:443' }), 0)).toContain('https://shop.example');
  });

  test('forwarded host and scheme only with trusted proxies, taken as the outermost trusted hop wrote them', () => {
    const headers = { host: 'internal:3000', 'x-forwarded-host': 'evil.example, shop.example', 'x-forwarded-proto': 'https' };
    expect(ownOrigins(req('POST', headers), 0)).not.toContain('https://shop.example');
    expect(ownOrigins(req('POST', headers), 1)).toEqual(['https://shop.example']);
    expect(ownOrigins(req('POST', headers), 2)).toEqual(['https://evil.example']);
  });

  test('SITE_URL and NEXTAUTH_URL are the shop’s too; a malformed Host names nothing', () => {
    process.env.SITE_URL = 'https://www.totara.example/shop';
    process.env.NEXTAUTH_URL = 'https://auth.totara.example';
    const origins = ownOrigins(req('POST', { host: 'user@evil.example' }), 0);
    expect(origins).toEqual(['https://www.totara.example', 'https://auth.totara.example']);
  });
});

describe('isSameOriginRequest', () => {
  test('safe methods always pass', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS']) {
      expect(isSafeMethod(m)).toBe(true);
      expect(isSameOriginRequest(req(m, { origin: 'https://evil.example' }), 0)).toBe(true);
    }
    for (const m of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(isSafeMethod(m)).toBe(false);
  });

  test('a write passes with the shop’s Origin, or without one when Sec-Fetch-Site is same-origin', () => {
    expect(isSameOriginRequest(req('PUT', { origin: 'http://localhost:3000' }), 0)).toBe(true);
    expect(isSameOriginRequest(req('DELETE', { 'sec-fetch-site': 'same-origin' }), 0)).toBe(true);
  });

  test('a write is refused with a foreign or null Origin, a Referer alone, or another Sec-Fetch-Site', () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'http://localhost' },
      { origin: 'not a url' },
      { referer: 'http://localhost:3000/profile' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'none' },
      {},
      // A foreign Origin wins over a same-origin Sec-Fetch-Site claim.
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ]) {
      expect(isSameOriginRequest(req('POST', headers), 0), JSON.stringify(headers)).toBe(false);
    }
  });
});
