/**
 * Personal answers are never stored by a cache (docs/accounts-and-security.md): every answer
 * of a route whose auth is not public — successes and errors, signed out, customer and
 * administrator — says `Cache-Control: private, no-store`; public catalogue reads keep their
 * caching. Walks the route table (lib/api/routes.ts) and calls each real handler. Every answer
 * also carries an `X-Request-Id`.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { API_ROUTES, type Method } from '@/lib/api/routes';
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call, type CallOptions } from '../support/http';
import { SHOP_ORIGIN, sessionCookieFor } from '../support/session-cookie';
import { loadRouteHandlers } from '../support/route-files';

type Handler = Parameters<typeof call>[0];
const handlers = new Map<string, Handler>();


const personal = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => op.auth !== 'public' && !op.external)
    .map(([m, op]) => [`${m} ${p}`, m as Method, p, op.auth] as const),
);

const UNUSED_ID = '999999';

let customer: { token: string; cookie: string };
let admin: { token: string; cookie: string };

beforeAll(async () => {
  for (const [key, handler] of await loadRouteHandlers()) handlers.set(key, handler as Handler);
  const c = await createUser();
  const a = await createUser({ isAdmin: true });
  customer = { token: await tokenFor(c), cookie: await sessionCookieFor(c) };
  admin = { token: await tokenFor(a), cookie: await sessionCookieFor(a) };
});

async function hit(method: Method, p: string, opts: Omit<CallOptions, 'method' | 'url'> = {}) {
  const handler = handlers.get(`${method} ${p}`);
  if (!handler) throw new Error(`no handler for ${method} ${p}`);
  // An id no record has: the answers are real (404, 400 …) and no test data is touched.
  const url = p.replace(/\{([^}]+)\}/g, UNUSED_ID);
  const params = Object.fromEntries([...p.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, UNUSED_ID]));
  return call(handler, { method, url, params, body: method === 'GET' ? undefined : {}, ...opts });
}

function expectPrivate(label: string, res: { status: number; res: Response }) {
  expect(res.res.headers.get('cache-control'), `${label} → ${res.status}`).toBe('private, no-store');
  expect(res.res.headers.get('x-request-id'), `${label} → ${res.status}`).toMatch(/^[0-9a-f-]{36}$/);
}

describe('Cache-Control: private, no-store on every answer of a non-public route', () => {
  test('the table has personal routes to check', () => {
    expect(personal.length).toBeGreaterThan(40);
  });

  test.each(personal)('%s — signed out, customer and administrator (bearer and cookie)', async (label, method, p, auth) => {
    expectPrivate(`${label} signed out`, await hit(method, p));
    expectPrivate(`${label} customer`, await hit(method, p, { token: customer.token }));
    const who = auth === 'admin' ? admin : customer;
    expectPrivate(`${label} ${auth}`, await hit(method, p, { token: who.token }));
    expectPrivate(`${label} ${auth} cookie`, await hit(method, p, { headers: { cookie: who.cookie, origin: SHOP_ORIGIN } }));
  });

  test('GET /api/viewer (optional sign-in) is private for a visitor and a customer', async () => {
    expectPrivate('viewer visitor', await hit('GET', '/api/viewer'));
    expectPrivate('viewer customer', await hit('GET', '/api/viewer', { token: customer.token }));
  });

  test('answers to writes on public routes (login, register, search events) are not stored either', async () => {
    expectPrivate('POST /api/users/login', await hit('POST', '/api/users/login', { body: { identifier: 'nobody', password: 'wrong-password' } }));
    expectPrivate('POST /api/users/register', await hit('POST', '/api/users/register', { body: {} }));
    expectPrivate('POST /api/search/events', await hit('POST', '/api/search/events', { body: { kind: 'click', query: 'sofa' } }));
  });
});

describe('X-Request-Id on every answer', () => {
  // The OpenAPI document is static (built once, the same bytes for everyone); next-auth's routes are its own.
  const all = [...Object.entries(API_ROUTES)].flatMap(([p, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !op.external && p !== '/api/openapi.json')
      .map(([m]) => [`${m} ${p}`, m as Method, p] as const),
  );

  test.each(all)('%s — signed out', async (label, method, p) => {
    const res = await hit(method, p);
    expect(res.res.headers.get('x-request-id'), `${label} → ${res.status}`).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('public catalogue answers keep their caching', () => {
  test('GET /api/products and GET /api/products/{id} keep PUBLIC_CACHE_HEADERS, and carry a request id', async () => {
    const product = await createProduct();
    for (const res of [await hit('GET', '/api/products'), await call(handlers.get('GET /api/products/{id}')!, { url: `/api/products/${product.id}`, params: { id: String(product.id) } })]) {
      expect(res.status).toBe(200);
      expect(res.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_HEADERS['Cache-Control']);
      expect(res.res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  test('a signed-in customer reading a public route gets the same shared answer', async () => {
    const res = await hit('GET', '/api/products', { token: customer.token });
    expect(res.res.headers.get('cache-control')).toBe(PUBLIC_CACHE_HEADERS['Cache-Control']);
  });
});
