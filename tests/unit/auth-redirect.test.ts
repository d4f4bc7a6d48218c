/**
 * After signing in or out the browser stays on the origin it used: next-auth's
 * redirect callback answers URLs on the request's origin, not on NEXTAUTH_URL / localhost:3000.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { getAuthOptions } from '@/lib/accounts/auth-options';
import { authRedirect, requestOrigin } from '@/lib/auth/redirect';

const defaultBase = 'http://localhost:3000'; // next-auth's base when NEXTAUTH_URL is unset
const shop = 'http://127.0.0.1:3100';

afterEach(() => {
  delete process.env.NEXTAUTH_URL;
});

describe('redirect after sign-in or sign-out', () => {
  test('Logout on another host or port goes home on that host, not to localhost:3000', async () => {
    process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
    const redirect = getAuthOptions(shop).callbacks?.redirect;
    expect(await redirect!({ url: '/', baseUrl: defaultBase })).toBe(`${shop}/`);
    // next-auth's client sends the page it is on when no callbackUrl is given.
    expect(await redirect!({ url: `${shop}/profile`, baseUrl: defaultBase })).toBe(`${shop}/profile`);
  });

  test('NEXTAUTH_URL, when set, is where the browser lands', async () => {
    process.env.NEXTAUTH_URL = 'https://shop.example';
    const redirect = getAuthOptions(shop).callbacks?.redirect;
    expect(await redirect!({ url: '/orders', baseUrl: 'https://shop.example' })).toBe('https://shop.example/orders');
  });

  test('paths keep their query and hash', () => {
    expect(authRedirect({ url: '/login?next=%2Fprofile', baseUrl: defaultBase, origin: shop })).toBe(`${shop}/login?next=%2Fprofile`);
    expect(authRedirect({ url: '/orders#latest', baseUrl: defaultBase, origin: shop })).toBe(`${shop}/orders#latest`);
  });

  test('anything off-site or malformed goes home', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'not a url', '/a\u0000b']) {
      expect(authRedirect({ url, baseUrl: 'https://shop.example', origin: 'https://shop.example' })).toBe('https://shop.example/');
    }
  });
});

describe('requestOrigin', () => {
  test('the host and protocol the request was made to', () => {
    expect(requestOrigin(new Headers({ host: '127.0.0.1:3100' }))).toBe('http://127.0.0.1:3100');
    expect(requestOrigin(new Headers({ host: 'internal:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' }))).toBe('https://shop.example');
    expect(requestOrigin(new Headers({ host: '[::1]:3000' }))).toBe('http://[::1]:3000');
  });

  test('no usable host gives null', () => {
    expect(requestOrigin(new Headers())).toBeNull();
    expect(requestOrigin(new Headers({ host: 'evil.example/path' }))).toBeNull();
  });
});
