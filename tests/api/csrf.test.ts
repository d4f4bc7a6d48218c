/**
 * Cross-site request forgery (docs/accounts-and-security.md): a state-changing request
 * authenticated by the session cookie must come from the shop's own origin; JSON routes take JSON
 * only (415). Bearer-token requests, safe methods and public routes are not affected.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { brands, userSessions } from '@/db/schema';
import * as changePasswordRoute from '@/app/api/users/profile/change-password/route';
import * as profileRoute from '@/app/api/users/profile/route';
import * as brandsRoute from '@/app/api/brands/route';
import * as cartAddRoute from '@/app/api/cart/add/route';
import * as cartRemoveRoute from '@/app/api/cart/remove/[id]/route';
import * as cartClearRoute from '@/app/api/cart/clear/route';
import * as productRoute from '@/app/api/products/[id]/route';
import * as loginRoute from '@/app/api/users/login/route';
import { freshIp } from '../support/accounts';
import { productForm } from '../support/admin-catalog';
import { cartOf } from '../support/buying';
import { createProduct, createUser, TEST_PASSWORD, tokenFor } from '../support/factories';
import { call, type CallOptions } from '../support/http';
import { SHOP_ORIGIN, sessionCookieFor } from '../support/session-cookie';

const EVIL = 'https://evil.example';
const NEW_PASSWORD = 'Attacker-chosen-1';

type User = Awaited<ReturnType<typeof createUser>>;

/** PUT /api/users/profile/change-password as the reproduction sends it, with extra headers. */
const changePassword = (headers: Record<string, string>, body: unknown = { newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD }) =>
  call(changePasswordRoute.PUT, { method: 'PUT', url: '/api/users/profile/change-password', headers, body });

/** Whether the user's password is still TEST_PASSWORD (POST /api/users/login). */
async function passwordUnchanged(user: User): Promise<boolean> {
  const res = await call(loginRoute.POST, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier: user.email, password: TEST_PASSWORD } });
  return res.status === 200;
}

function expectCrossSiteRefused(res: { status: number; body: { message?: string; code?: string } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.code).toBe('forbidden');
  expect(res.body.message).toMatch(/cross-site/i);
}

const savedEnv = { TRUST_PROXY: process.env.TRUST_PROXY, SITE_URL: process.env.SITE_URL };
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('a session-cookie write from another origin → 403, nothing changes', () => {
  test.each([
    ['a foreign Origin', { origin: EVIL }],
    ['Origin: null', { origin: 'null' }],
    ['only a foreign Referer', { referer: `${EVIL}/attack.html` }],
    ['only a same-origin Referer (no Origin, no Sec-Fetch-Site)', { referer: `${SHOP_ORIGIN}/profile` }],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a sibling origin of the same site', { origin: 'http://shop.localhost:3000' }],
    ['the same host on another port', { origin: 'http://localhost:3001' }],
  ])('PUT /api/users/profile/change-password with %s', async (_label, headers) => {
    const user = await createUser();
    const res = await changePassword({ cookie: await sessionCookieFor(user), ...headers });
    expectCrossSiteRefused(res);
    expect(await passwordUnchanged(user)).toBe(true);
  });

  test('the issue’s reproduction: foreign Origin, text/plain body → 403 (the origin is checked first)', async () => {
    const user = await createUser();
    const res = await call(changePasswordRoute.PUT, {
      method: 'PUT',
      url: '/api/users/profile/change-password',
      headers: { cookie: await sessionCookieFor(user), origin: EVIL, 'content-type': 'text/plain' },
      body: JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD }),
    });
    expectCrossSiteRefused(res);
    expect(await passwordUnchanged(user)).toBe(true);
  });

  test('an administrator’s cookie: POST /api/brands from a foreign origin creates nothing', async () => {
    const admin = await createUser({ isAdmin: true });
    const [before] = await db.select({ n: count() }).from(brands);
    const res = await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', headers: { cookie: await sessionCookieFor(admin), origin: EVIL }, body: { name: `Evil ${Date.now()}` } });
    expectCrossSiteRefused(res);
    const [after] = await db.select({ n: count() }).from(brands);
    expect(after.n).toBe(before.n);
  });

  test('an administrator’s cookie: a multipart product update from a foreign origin', async () => {
    const admin = await createUser({ isAdmin: true });
    const product = await createProduct();
    const res = await call(productRoute.PUT, { method: 'PUT', url: `/api/products/${product.id}`, params: { id: String(product.id) }, headers: { cookie: await sessionCookieFor(admin), origin: EVIL }, body: productForm({ name: 'Hijacked' }) });
    expectCrossSiteRefused(res);
  });

  test('cart writes (POST with no body, DELETE) from a foreign origin', async () => {
    const user = await createUser();
    const token = await tokenFor(user);
    const product = await createProduct();
    const cookie = await sessionCookieFor(user);
    expectCrossSiteRefused(await call(cartAddRoute.POST, { method: 'POST', url: '/api/cart/add', headers: { cookie, origin: EVIL }, body: { product_id: product.id, quantity: 1 } }));
    expect(await cartOf(token)).toHaveLength(0);
    await call(cartAddRoute.POST, { method: 'POST', url: '/api/cart/add', token, body: { product_id: product.id, quantity: 1 } });
    const [line] = await cartOf(token);
    expectCrossSiteRefused(await call(cartClearRoute.POST, { method: 'POST', url: '/api/cart/clear', headers: { cookie, origin: EVIL } }));
    const remove: CallOptions = { method: 'DELETE', url: `/api/cart/remove/${line.cart_item_id}`, params: { id: String(line.cart_item_id) }, headers: { cookie, origin: 'null' } };
    expectCrossSiteRefused(await call(cartRemoveRoute.DELETE, remove));
    expect(await cartOf(token)).toHaveLength(1);
  });

  test('a refusal still says who it is for: private, no-store and a request id', async () => {
    const res = await changePassword({ cookie: await sessionCookieFor(await createUser()), origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.res.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('the shop’s own pages keep working', () => {
  test('a same-origin cookie request (Origin of the shop, JSON) → 200', async () => {
    const user = await createUser();
    const res = await changePassword({ cookie: await sessionCookieFor(user), origin: SHOP_ORIGIN });
    expect(res.status).toBe(200);
    expect(await passwordUnchanged(user)).toBe(false);
  });

  test('no Origin but Sec-Fetch-Site: same-origin → 200', async () => {
    const user = await createUser();
    const res = await call(profileRoute.PUT, { method: 'PUT', url: '/api/users/profile', headers: { cookie: await sessionCookieFor(user), 'sec-fetch-site': 'same-origin' }, body: { user_name: user.userName, email: `fresh_${Date.now()}@example.test` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  test('the Host header names the shop’s origin (any host the shop is served on)', async () => {
    const user = await createUser();
    const res = await changePassword({ cookie: await sessionCookieFor(user), host: 'shop.example:8443', origin: 'https://shop.example:8443' });
    expect(res.status).toBe(200);
  });

  test('SITE_URL’s origin is the shop’s', async () => {
    process.env.SITE_URL = 'https://www.totara.example';
    const res = await changePassword({ cookie: await sessionCookieFor(await createUser()), origin: 'https://www.totara.example' });
    expect(res.status).toBe(200);
  });

  test('X-Forwarded-Host and X-Forwarded-Proto count only with TRUST_PROXY', async () => {
    const headers = async () => ({ cookie: await sessionCookieFor(await createUser()), origin: 'https://shop.example', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' });
    expectCrossSiteRefused(await changePassword(await headers()));
    process.env.TRUST_PROXY = '1';
    expect((await changePassword(await headers())).status).toBe(200);
    // Behind a trusted TLS proxy the scheme is known: the http origin of the same host is another site.
    expectCrossSiteRefused(await changePassword({ ...(await headers()), origin: 'http://shop.example' }));
  });

  test('safe methods are not checked: GET with a cookie from a foreign origin → 200', async () => {
    const res = await call(profileRoute.GET, { url: '/api/users/profile', headers: { cookie: await sessionCookieFor(await createUser()), origin: EVIL } });
    expect(res.status).toBe(200);
  });
});

describe('bearer tokens and public routes are not affected', () => {
  test('a bearer token from a foreign origin → 200 (a browser never adds one by itself)', async () => {
    const user = await createUser();
    const res = await call(changePasswordRoute.PUT, { method: 'PUT', url: '/api/users/profile/change-password', token: await tokenFor(user), headers: { origin: EVIL }, body: { newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD } });
    expect(res.status).toBe(200);
  });

  test('a bearer token wins over a session cookie sent beside it', async () => {
    const user = await createUser();
    const res = await call(changePasswordRoute.PUT, {
      method: 'PUT',
      url: '/api/users/profile/change-password',
      token: await tokenFor(user),
      headers: { cookie: await sessionCookieFor(user), origin: EVIL },
      body: { newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  test('POST /api/users/login (public: it reads no cookie, answers a token only the caller can read) → unaffected', async () => {
    const user = await createUser();
    const res = await call(loginRoute.POST, {
      method: 'POST',
      url: '/api/users/login',
      headers: { cookie: await sessionCookieFor(user), origin: EVIL, 'x-forwarded-for': freshIp() },
      body: { identifier: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  test('a stale session cookie from a foreign origin is simply not signed in → 401', async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user);
    await db.delete(userSessions).where(eq(userSessions.userId, user.id));
    expect((await changePassword({ cookie, origin: EVIL })).status).toBe(401);
  });
});

describe('JSON routes take JSON only → 415', () => {
  const asType = async (type: string, body: string, auth: 'cookie' | 'token' = 'cookie') => {
    const user = await createUser();
    const credentials: CallOptions = auth === 'cookie' ? { headers: { cookie: await sessionCookieFor(user), origin: SHOP_ORIGIN, 'content-type': type } } : { token: await tokenFor(user), headers: { 'content-type': type } };
    const res = await call(changePasswordRoute.PUT, { method: 'PUT', url: '/api/users/profile/change-password', body, ...credentials });
    return { res, user };
  };

  test.each([
    ['text/plain', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD })],
    ['text/plain;charset=UTF-8', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD })],
    ['application/x-www-form-urlencoded', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD })],
    ['multipart/form-data; boundary=x', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD })],
  ])('a JSON body sent as %s → 415, nothing changes', async (type, body) => {
    const { res, user } = await asType(type, body);
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
    expect(res.body.message).toMatch(/application\/json/);
    expect(await passwordUnchanged(user)).toBe(true);
  });

  test('a form-encoded body that is not JSON → 4xx, nothing changes', async () => {
    const { res, user } = await asType('application/x-www-form-urlencoded', `newPassword=${NEW_PASSWORD}`);
    expect([400, 415]).toContain(res.status);
    expect(await passwordUnchanged(user)).toBe(true);
  });

  test('the 415 rule holds for bearer requests too; application/json and +json types pass', async () => {
    expect((await asType('text/plain', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD }), 'token')).res.status).toBe(415);
    expect((await asType('application/json; charset=utf-8', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD }), 'token')).res.status).toBe(200);
    expect((await asType('application/merge-patch+json', JSON.stringify({ newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD }), 'token')).res.status).toBe(200);
  });
});
