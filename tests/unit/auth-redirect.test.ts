/**
 * After signing in or out the browser stays on the origin it used (issue 8 item 5): next-auth's
 * redirect callback answers relative paths instead of URLs on NEXTAUTH_URL / localhost:3000.
 */
import { describe, expect, test } from 'vitest';
import { getAuthOptions } from '@/lib/auth/options';
import { authRedirect } from '@/lib/auth/redirect';

const defaultBase = 'http://localhost:3000'; // next-auth's base when NEXTAUTH_URL is unset

describe('redirect after sign-in or sign-out', () => {
  test('Logout on another host or port goes to "/" on that host, not to localhost:3000', async () => {
    process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
    const redirect = getAuthOptions().callbacks?.redirect;
    expect(redirect).toBeDefined();
    expect(await redirect!({ url: '/', baseUrl: defaultBase })).toBe('/');
  });

  test('paths keep their query and hash', () => {
    expect(authRedirect({ url: '/login?next=%2Fprofile', baseUrl: defaultBase })).toBe('/login?next=%2Fprofile');
    expect(authRedirect({ url: '/orders#latest', baseUrl: defaultBase })).toBe('/orders#latest');
  });

  test('an absolute URL on the configured base becomes its path', () => {
    expect(authRedirect({ url: 'https://shop.example/cart?x=1', baseUrl: 'https://shop.example' })).toBe('/cart?x=1');
  });

  test('anything off-site or malformed goes home', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'not a url', '/a\u0000b']) {
      expect(authRedirect({ url, baseUrl: 'https://shop.example' })).toBe('/');
    }
  });
});
