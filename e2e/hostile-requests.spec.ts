/**
 * Malformed and hostile requests that next-auth decides before the shop's own code runs: each
 * answers a 4xx with `{ message, code }` (docs/accounts-and-security.md), never a 500, and sign-in never puts
 * internal text in its answer. The malformed requests Next.js itself answers with a 500 (TRACE, a
 * path whose escapes do not decode, an unreadable router-state header) are refused by the front
 * door, and tested through it (e2e/front-door/).
 */
import { expect, test, type APIResponse } from '@playwright/test';
import { CUSTOMER } from './support/sign-in';

/** A 4xx whose JSON body, when it is JSON, is the shop's `{ message, code }`. */
async function expectClientError(res: APIResponse, what: string) {
  expect(res.status(), `${what} → ${res.status()}`).toBeGreaterThanOrEqual(400);
  expect(res.status(), `${what} → ${res.status()}`).toBeLessThan(500);
  if ((res.headers()['content-type'] ?? '').includes('application/json')) {
    const body = await res.json();
    expect(typeof body.message, what).toBe('string');
    expect(typeof body.code, what).toBe('string');
  }
}

/** Every Set-Cookie line of an answer. */
const setCookies = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);

test.describe("next-auth's own routes", () => {
  test('GET /api/auth/callback/credentials answers 405 with Allow: POST', async ({ request }) => {
    const res = await request.get('/api/auth/callback/credentials', { maxRedirects: 0 });
    expect(res.status()).toBe(405);
    expect(res.headers()['allow']).toBe('POST');
    await expectClientError(res, 'GET callback');
  });

  for (const callbackUrl of ['javascript:alert(1)', 'foo', 'data:text/html,x']) {
    test(`a callbackUrl of ${callbackUrl} answers 400`, async ({ request }) => {
      const res = await request.get(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, { maxRedirects: 0 });
      expect(res.status()).toBe(400);
      await expectClientError(res, callbackUrl);
    });
  }

  test('a repeated callbackUrl whose last value is not a URL answers 400', async ({ request }) => {
    const res = await request.get('/api/auth/signin?callbackUrl=%2F&callbackUrl=b', { maxRedirects: 0 });
    expect(res.status()).toBe(400);
  });

  for (const name of ['next-auth.callback-url', '__Secure-next-auth.callback-url']) {
    test(`a ${name} cookie that is not a URL is dropped, not a 500`, async ({ request }) => {
      const res = await request.get('/api/auth/csrf', { headers: { cookie: `${name}=foo` } });
      expect(res.status()).toBe(200);
      expect(typeof (await res.json()).csrfToken).toBe('string');
      // The planted cookie is cleared so the browser can sign in again.
      expect(setCookies(res).some((c) => c.startsWith(`${name}=;`) && /expires=Thu, 01 Jan 1970/i.test(c))).toBe(true);
    });
  }

  test('a sign-in with invalid JSON answers 400', async ({ request }) => {
    const res = await request.post('/api/auth/callback/credentials', { headers: { 'content-type': 'application/json' }, data: '{not json' });
    expect(res.status()).toBe(400);
    await expectClientError(res, 'invalid JSON');
  });

  test('an unknown action answers 404 with { message, code }', async ({ request }) => {
    const res = await request.get('/api/auth/no-such-action');
    expect(res.status()).toBe(404);
    await expectClientError(res, 'unknown action');
  });

  test("next-auth's error page never answers 500", async ({ request }) => {
    const res = await request.get('/api/auth/error?error=Configuration', { maxRedirects: 0 });
    expect(res.status()).toBeLessThan(500);
  });
});

test.describe('sign-in answers', () => {
  async function signIn(request: import('@playwright/test').APIRequestContext, identifier: string, password: string, headers: Record<string, string> = {}) {
    const csrf = await request.get('/api/auth/csrf', { headers });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = setCookies(csrf)
      .map((c) => c.split(';')[0])
      .join('; ');
    return request.post('/api/auth/callback/credentials', { headers: { ...headers, cookie }, form: { csrfToken, identifier, password, json: 'true' } });
  }

  test('a NUL byte in the identifier is an invalid login, with no database text in the answer', async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const res = await signIn(request, 'a\u0000b', 'whatever-1');
    expect(res.status()).toBeLessThan(500);
    const text = await res.text();
    expect(text).not.toMatch(/select|password_hash|users|invalid byte|0x00|UTF8/i);
    const { url } = JSON.parse(text) as { url: string };
    expect(new URL(url).searchParams.get('error')).toBe('Invalid email/username or password.');
    await request.dispose();
  });

  // The e2e server sets no TRUST_PROXY: Next.js itself builds the request URL as https from the
  // header (lib/auth/cookies.ts servedOverHttps); with TRUST_PROXY the header counts on its own.
  test('behind a TLS-terminating proxy (X-Forwarded-Proto: https) the session cookie is __Secure- and Secure', async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const https = { 'x-forwarded-proto': 'https' };
    const res = await signIn(request, CUSTOMER.identifier, CUSTOMER.password, https);
    expect(res.ok()).toBeTruthy();
    const session = setCookies(res).find((c) => c.startsWith('__Secure-next-auth.session-token='));
    expect(session, setCookies(res).join('\n')).toBeTruthy();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(setCookies(res).some((c) => c.startsWith('next-auth.session-token='))).toBe(false);
    // The guard reads the secure cookie: the API knows who is asking.
    const viewer = await request.get('/api/viewer', { headers: { ...https, cookie: session!.split(';')[0] } });
    expect((await viewer.json()).user).not.toBeNull();
    await request.dispose();
  });

  test('over plain http the session cookie stays plain (the e2e server has no TLS)', async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const res = await signIn(request, CUSTOMER.identifier, CUSTOMER.password);
    expect(res.ok()).toBeTruthy();
    const session = setCookies(res).find((c) => c.startsWith('next-auth.session-token='));
    expect(session).toBeTruthy();
    expect(session).not.toMatch(/;\s*Secure/i);
    await request.dispose();
  });
});

test.describe('order ids beyond the database integer range', () => {
  test('the checkout page and the order confirmation answer without a 500', async ({ page }) => {
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const login = await page.request.post('/api/auth/callback/credentials', { form: { csrfToken, ...CUSTOMER, json: 'true' } });
    expect(login.ok()).toBeTruthy();
    const checkout = await page.request.get('/checkout/99999999999999999999', { maxRedirects: 0 });
    expect(checkout.status()).toBeLessThan(500);
    const confirmation = await page.request.get('/order-confirmation?order=99999999999999999999', { maxRedirects: 0 });
    expect(confirmation.status()).toBeLessThan(500);
    const paid = await page.request.get('/order-confirmation?paid=99999999999999999999', { maxRedirects: 0 });
    expect(paid.status()).toBeLessThan(500);
  });
});
