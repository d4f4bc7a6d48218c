import { afterEach, describe, expect, test } from 'vitest';
import { NextRequest } from 'next/server';
import { getRedirectUrl, unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import nextConfig from '@/next.config';
import { config, proxy } from '@/proxy';
import { postLoginPath, safeNextPath } from '@/lib/auth/redirect';

describe('proxy.ts — early redirect to /login', () => {
  test.each(['/cart', '/order', '/orders', '/order-confirmation', '/checkout', '/checkout/42', '/admin', '/admin/product', '/admin/settings'])('runs on %s', (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
  });

  test.each(['/', '/products', '/products?q=sofa', '/products/14', '/login', '/signup', '/profile', '/api/cart', '/api/users/login', '/cartography', '/administrators'])('does not run on %s', (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
  });

  test('a request without a session cookie is sent to /login with the page as next', () => {
    const res = proxy(new NextRequest('http://shop.test/checkout/42?step=pay'));
    expect(res.status).toBe(307);
    const to = new URL(getRedirectUrl(res)!);
    expect(to.pathname).toBe('/login');
    expect(to.searchParams.get('next')).toBe('/checkout/42?step=pay');
  });

  test('a request with a session cookie (plain, secure or chunked) passes through to the page’s own check', () => {
    for (const cookie of ['next-auth.session-token=abc', '__Secure-next-auth.session-token=abc', 'next-auth.session-token.0=abc']) {
      const res = proxy(new NextRequest('http://shop.test/admin', { headers: { cookie } }));
      expect(getRedirectUrl(res)).toBeNull();
    }
  });

  test('other cookies do not count as a session', () => {
    const res = proxy(new NextRequest('http://shop.test/cart', { headers: { cookie: 'next-auth.csrf-token=x; next-auth.session-token=' } }));
    expect(getRedirectUrl(res)).not.toBeNull();
  });
});

describe('post-login destination', () => {
  test('admins go to /admin and everyone else to / without a next page', () => {
    expect(postLoginPath(true)).toBe('/admin');
    expect(postLoginPath(false)).toBe('/');
  });

  test('a same-origin next page is kept', () => {
    expect(postLoginPath(false, '/checkout/7?x=1')).toBe('/checkout/7?x=1');
    expect(postLoginPath(true, '/admin/order')).toBe('/admin/order');
  });

  test.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '/login', '/signup?next=/x', 'cart', '/\tfoo', ''])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe('security headers (lib/server/security-headers.ts, as next.config.ts headers() rules)', () => {
  const originalEnv = process.env.NODE_ENV;
  afterEach(() => {
    (process.env as Record<string, string>).NODE_ENV = originalEnv!;
  });

  /** The headers next.config.ts gives a response to a request with these headers. */
  const headersFor = async (headers: Record<string, string> = {}, url = '/profile') => {
    const res = await unstable_getResponseFromNextConfig({ url: `http://shop.test${url}`, nextConfig, headers });
    return res.headers;
  };

  test('every page carries CSP, nosniff, referrer and permissions policies', async () => {
    const h = await headersFor();
    const csp = h.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(h.get('x-content-type-options')).toBe('nosniff');
    expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(h.get('permissions-policy')).toContain('camera=()');
  });

  test("an API answer carries the API's set: it may load nothing, be framed nowhere, and is not sniffed", async () => {
    for (const url of ['/api/health', '/api/products?query=sofa', '/api/orders/5/invoice']) {
      const h = await headersFor({}, url);
      expect(h.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('x-frame-options')).toBe('DENY');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // What governs a page's features and popups has no business on JSON, images or downloads.
      expect(h.get('permissions-policy')).toBeNull();
      expect(h.get('cross-origin-opener-policy')).toBeNull();
    }
    // A page whose path merely starts with "api" is a page.
    expect((await headersFor({}, '/apiary')).get('content-security-policy')).toContain("script-src 'self'");
  });

  test('HSTS on API answers too, in production over https', async () => {
    (process.env as Record<string, string>).NODE_ENV = 'production';
    expect((await headersFor({ 'x-forwarded-proto': 'https' }, '/api/health')).get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect((await headersFor({}, '/api/health')).get('strict-transport-security')).toBeNull();
  });

  test('no HSTS outside production, nor in production over plain http', async () => {
    expect((await headersFor({ 'x-forwarded-proto': 'https' })).get('strict-transport-security')).toBeNull();
    (process.env as Record<string, string>).NODE_ENV = 'production';
    const http = await headersFor();
    expect(http.get('strict-transport-security')).toBeNull();
    expect(http.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  test('HSTS and upgrade-insecure-requests in production over https', async () => {
    (process.env as Record<string, string>).NODE_ENV = 'production';
    const h = await headersFor({ 'x-forwarded-proto': 'https' });
    expect(h.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(h.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(h.get('x-content-type-options')).toBe('nosniff');
  });
});
