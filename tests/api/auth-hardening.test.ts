/**
 * next-auth's own routes (/api/auth/*) under hostile requests: Secure cookies
 * whenever the browser came over https, no internal text in a sign-in answer, and a 4xx
 * `{ message, code }` for every malformed request next-auth itself would answer with a 500.
 * The handler is called as Next.js calls it: a Request and the catch-all params.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { GET, POST } from '@/app/api/auth/[...nextauth]/route';
import { INVALID_CREDENTIALS } from '@/lib/accounts/authenticate';
import { userFromHeaders } from '@/lib/auth/guards';
import { createUser, TEST_PASSWORD } from '../support/factories';
import { freshIp } from '../support/accounts';

/** An identifier whose login fails as a broken database would: the error carries its SQL. */
const EXPLODING = 'explode@example.test';
const explode = () =>
  Promise.reject(Object.assign(new Error('Failed query: select "id", "password_hash" from "users" where lower("users"."email") = $1'), { query: 'select "password_hash" from "users"', params: [EXPLODING] }));
// Both doors check the password through login.ts: the REST login (login) and next-auth's first step (checkCredentials).
vi.mock('@/lib/accounts/login', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/accounts/login')>();
  return {
    ...actual,
    login: (identifier: string, password: string, address: string) => (identifier === EXPLODING ? explode() : actual.login(identifier, password, address)),
    checkCredentials: (identifier: string, password: string, address: string) => (identifier === EXPLODING ? explode() : actual.checkCredentials(identifier, password, address)),
  };
});

const BASE = 'http://localhost:3000';

type AuthCall = { method?: 'GET' | 'POST'; base?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: string };

/** Calls /api/auth/<path> as Next.js would route it to the catch-all. */
async function auth(path: string, { method = 'GET', base = BASE, headers = {}, form, json }: AuthCall = {}) {
  const h = new Headers(headers);
  let body: string | undefined;
  if (form) {
    h.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(form).toString();
  } else if (json !== undefined) {
    h.set('content-type', 'application/json');
    body = json;
  }
  const req = new Request(`${base}/api/auth/${path}`, { method, headers: h, body });
  const nextauth = path.split('?')[0].split('/').map(decodeURIComponent);
  const res = await (method === 'POST' ? POST : GET)(req, { params: Promise.resolve({ nextauth }) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML or empty
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  return { status: res.status, body: parsed as any, text, res, cookies: res.headers.getSetCookie() };
}

/** The `name=value` parts of Set-Cookie lines, as a Cookie header. */
const cookieHeader = (lines: string[]) => lines.map((l) => l.split(';')[0]).join('; ');

/** Signs in through the browser flow: CSRF token, then the credentials callback. */
async function signIn(identifier: string, password: string, opts: { base?: string; headers?: Record<string, string> } = {}) {
  const headers = { 'x-forwarded-for': freshIp(), ...opts.headers };
  const csrf = await auth('csrf', { base: opts.base, headers });
  expect(csrf.status).toBe(200);
  return auth('callback/credentials', {
    method: 'POST',
    base: opts.base,
    headers: { ...headers, cookie: cookieHeader(csrf.cookies) },
    form: { csrfToken: csrf.body.csrfToken, identifier, password, json: 'true' },
  });
}

const sessionCookie = (lines: string[]) => lines.find((l) => /^(__Secure-)?next-auth\.session-token=/.test(l));

afterEach(() => {
  delete process.env.TRUST_PROXY;
  delete process.env.NEXTAUTH_URL;
  vi.restoreAllMocks();
});

describe('the session cookie is Secure whenever the shop is served over https (item 3)', () => {
  test('over plain http: next-auth.session-token, HttpOnly, SameSite=Lax, not Secure', async () => {
    const user = await createUser();
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.cookies)!;
    expect(cookie).toMatch(/^next-auth\.session-token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  test('behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto: https), without NEXTAUTH_URL: __Secure- and Secure', async () => {
    process.env.TRUST_PROXY = '1';
    const user = await createUser();
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };
    const csrf = await auth('csrf', { headers: https });
    expect(csrf.cookies.some((c) => c.startsWith('__Host-next-auth.csrf-token=') && /Secure/.test(c))).toBe(true);
    const res = await signIn(user.email, TEST_PASSWORD, { headers: https });
    expect(res.status).toBe(200);
    const cookie = sessionCookie(res.cookies)!;
    expect(cookie).toMatch(/^__Secure-next-auth\.session-token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(res.cookies.some((c) => c.startsWith('next-auth.session-token='))).toBe(false);
    // The guard every door uses reads the secure cookie.
    const viewer = await userFromHeaders(new Headers({ cookie: cookie.split(';')[0] }));
    expect(viewer?.id).toBe(user.id);
  });

  test('the proxy hop TRUST_PROXY names is the one believed', async () => {
    process.env.TRUST_PROXY = '1';
    const user = await createUser();
    // The client wrote "http"; our proxy appended what it saw: https.
    const res = await signIn(user.email, TEST_PASSWORD, { headers: { 'x-forwarded-proto': 'http, https' } });
    expect(sessionCookie(res.cookies)).toMatch(/^__Secure-next-auth\.session-token=.*Secure/i);
  });

  test('an https request URL, or an https NEXTAUTH_URL, makes it Secure too', async () => {
    const user = await createUser();
    const overTls = await signIn(user.email, TEST_PASSWORD, { base: 'https://shop.example' });
    expect(sessionCookie(overTls.cookies)).toMatch(/^__Secure-next-auth\.session-token=.*Secure/i);
    process.env.NEXTAUTH_URL = 'https://shop.example';
    const configured = await signIn(user.email, TEST_PASSWORD);
    expect(sessionCookie(configured.cookies)).toMatch(/^__Secure-next-auth\.session-token=.*Secure/i);
  });

  test('without TRUST_PROXY the header itself is not consulted (a running Next.js may already have made the URL https from it)', async () => {
    const user = await createUser();
    const res = await signIn(user.email, TEST_PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionCookie(res.cookies)).toMatch(/^next-auth\.session-token=/);
  });
});

describe('sign-in failures carry the spec’s messages, never internal text (item 4)', () => {
  const errorOf = (body: { url: string }) => new URL(body.url).searchParams.get('error');

  test('a NUL byte in the identifier is an invalid login, with no database text', async () => {
    const res = await signIn('a\u0000b', 'whatever-1');
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toBe(INVALID_CREDENTIALS);
    expect(res.text).not.toMatch(/select|password_hash|users|invalid byte|0x00|UTF8/i);
  });

  test('a wrong password answers the invalid-credentials message', async () => {
    const user = await createUser();
    const res = await signIn(user.email, 'wrong-password-1');
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toBe(INVALID_CREDENTIALS);
  });

  test('an unexpected error is logged without its SQL and answers next-auth’s generic failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await signIn(EXPLODING, 'whatever-1');
    expect(res.status).toBe(401);
    expect(errorOf(res.body)).toBe('CredentialsSignin');
    expect(res.text).not.toMatch(/select|password_hash|users/i);
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.mock.calls[0])).not.toContain(EXPLODING);
  });
});

describe('malformed requests answer a 4xx with { message, code } (item 5)', () => {
  const expectError = (res: { status: number; body: { message?: unknown; code?: unknown } }, status: number) => {
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(typeof res.body.code).toBe('string');
  };

  test('GET /api/auth/callback/credentials → 405 with Allow: POST', async () => {
    const res = await auth('callback/credentials');
    expectError(res, 405);
    expect(res.res.headers.get('allow')).toBe('POST');
  });

  test.each(['javascript:alert(1)', 'foo', 'data:text/html,<script>alert(1)</script>', ' '])('a callbackUrl of %j → 400', async (value) => {
    expectError(await auth(`signin?callbackUrl=${encodeURIComponent(value)}`), 400);
    expectError(await auth(`csrf?callbackUrl=${encodeURIComponent(value)}`), 400);
  });

  test('a repeated callbackUrl whose last value is not a URL → 400; valid ones still work', async () => {
    expectError(await auth('signin?callbackUrl=%2F&callbackUrl=b'), 400);
    const ok = await auth('signin?callbackUrl=%2Forders');
    expect(ok.status).toBe(302);
    expect(ok.res.headers.get('location')).toMatch(/^\/login\?callbackUrl=/);
  });

  test.each(['next-auth.callback-url', '__Secure-next-auth.callback-url'])('a %s cookie that is not a URL is ignored and cleared', async (name) => {
    for (const path of ['csrf', 'session', 'providers', 'signin']) {
      const res = await auth(path, { headers: { cookie: `${name}=foo` } });
      expect(res.status, path).toBeLessThan(400);
      expect(res.cookies.some((c) => c.startsWith(`${name}=;`) && /Max-Age=0/.test(c)), path).toBe(true);
    }
    expect(typeof (await auth('csrf', { headers: { cookie: `${name}=javascript:alert(1)` } })).body.csrfToken).toBe('string');
  });

  test('a callback-url cookie that is a URL is kept', async () => {
    const res = await auth('csrf', { headers: { cookie: 'next-auth.callback-url=http%3A%2F%2Flocalhost%3A3000%2Forders' } });
    expect(res.status).toBe(200);
    expect(res.cookies.some((c) => c.startsWith('next-auth.callback-url=;'))).toBe(false);
  });

  test('a body that is not JSON, not an object, or has fields that are not text → 400', async () => {
    expectError(await auth('callback/credentials', { method: 'POST', json: '{not json' }), 400);
    expectError(await auth('callback/credentials', { method: 'POST', json: '[1]' }), 400);
    expectError(await auth('callback/credentials', { method: 'POST', json: 'null' }), 400);
    expectError(await auth('signin/credentials', { method: 'POST', json: '{"callbackUrl":{"a":1}}' }), 400);
    expectError(await auth('session', { method: 'POST', json: '{"csrfToken":{"a":1}}' }), 400);
  });

  test('unknown actions and providers → 404; other methods → 405', async () => {
    expectError(await auth('no-such-action'), 404);
    expectError(await auth('callback/nope', { method: 'POST', form: {} }), 404);
    expectError(await auth('session/extra'), 404);
    const res = await auth('csrf', { method: 'POST', form: {} });
    expectError(res, 405);
    expect(res.res.headers.get('allow')).toBe('GET');
  });

  test("next-auth's error page sends the browser to /login; an error value that is not a word → 400", async () => {
    const res = await auth('error?error=Configuration');
    expect(res.status).toBe(302);
    expect(res.res.headers.get('location')).toBe('/login?error=Configuration');
    expectError(await auth(`error?error=${encodeURIComponent('<script>\r\nX: 1')}`), 400);
  });

  test("next-auth's own non-JSON 4xx answers become { message, code }", async () => {
    // A session update without its CSRF token: next-auth answers 400 with an empty body.
    expectError(await auth('session', { method: 'POST', form: { data: 'x' } }), 400);
  });
});
