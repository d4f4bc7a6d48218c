/**
 * Hostile input (docs/accounts-and-security.md): control characters and prototype keys are
 * refused where input enters — the route wrapper's parsing of JSON bodies, query strings and path
 * params, and the product request reader (multipart and JSON) — with 400 `{ message, code }`,
 * before anything reaches the database; nothing is written.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { addresses, brands, suppliers } from '@/db/schema';
import * as brandsRoute from '@/app/api/brands/route';
import * as brandRoute from '@/app/api/brands/[id]/route';
import * as suppliersRoute from '@/app/api/suppliers/route';
import * as supplierRoute from '@/app/api/suppliers/[id]/route';
import * as addressRoute from '@/app/api/users/addresses/[id]/route';
import * as productRoute from '@/app/api/products/[id]/route';
import * as productsRoute from '@/app/api/products/route';
import * as searchRoute from '@/app/api/products/search/route';
import * as ordersRoute from '@/app/api/orders/route';
import * as loginRoute from '@/app/api/users/login/route';
import * as settingsRoute from '@/app/api/settings/route';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { addAddress, freshIp } from '../support/accounts';
import { createSupplier, productForm } from '../support/admin-catalog';
import { createBrand, createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

const CONTROL = 'Text may not contain control characters.';

/** Expects a 400 `{ message, code: 'bad_request' }` naming control characters. */
function expectControlRefused(res: { status: number; body: { message?: string; code?: string } }) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ message: CONTROL, code: 'bad_request' });
}

const adminToken = async () => tokenFor(await createUser({ isAdmin: true }));
/** A raw JSON text sent as application/json (keys such as __proto__ survive only as text). */
const rawJson = (text: string) => ({ body: text, headers: { 'content-type': 'application/json' } });

describe('NUL and control characters → 400 before the database', () => {
  test('GET /api/products/search?query=%00abc', async () => {
    expectControlRefused(await call(searchRoute.GET, { url: '/api/products/search?query=%00abc' }));
  });

  test('GET /api/products — in a filter value and in a parameter name', async () => {
    expectControlRefused(await call(productsRoute.GET, { url: '/api/products?style=mod%07ern' }));
    expectControlRefused(await call(productsRoute.GET, { url: '/api/products?q%00=chair' }));
  });

  test('GET /api/orders?status=%00 — a query read by a zod schema', async () => {
    const token = await tokenFor(await createUser());
    expectControlRefused(await call(ordersRoute.GET, { url: '/api/orders?status=pending%00', token }));
  });

  test('POST /api/users/login {"identifier":"a\\u0000b"}', async () => {
    const res = await call(loginRoute.POST, { method: 'POST', url: '/api/users/login', headers: { 'x-forwarded-for': freshIp() }, body: { identifier: 'a\u0000b', password: 'x' } });
    expectControlRefused(res);
  });

  test('POST and PUT /api/brands: nothing is written', async () => {
    const token = await adminToken();
    const [before] = await db.select({ n: count() }).from(brands);
    expectControlRefused(await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token, body: { name: 'Evil\u0000Brand' } }));
    const [after] = await db.select({ n: count() }).from(brands);
    expect(after.n).toBe(before.n);
    const brand = await createBrand();
    const put = await call(brandRoute.PUT, { method: 'PUT', url: `/api/brands/${brand.id}`, params: { id: String(brand.id) }, token, body: { description: 'line\u001bescape' } });
    expectControlRefused(put);
    const [row] = await db.select().from(brands).where(eq(brands.id, brand.id));
    expect(row.description).toBe(brand.description);
  });

  test('POST and PUT /api/suppliers', async () => {
    const token = await adminToken();
    expectControlRefused(await call(suppliersRoute.POST, { method: 'POST', url: '/api/suppliers', token, body: { name: 'Sup\u0000plier' } }));
    const supplier = await createSupplier();
    const res = await call(supplierRoute.PUT, { method: 'PUT', url: `/api/suppliers/${supplier.id}`, params: { id: String(supplier.id) }, token, body: { contact_info: '\u0000' } });
    expectControlRefused(res);
    const [row] = await db.select().from(suppliers).where(eq(suppliers.id, supplier.id));
    expect(row.contactInfo).toBe(supplier.contactInfo);
  });

  test('PUT /api/users/addresses/{id}', async () => {
    const user = await createUser();
    const address = await addAddress(user.id);
    const res = await call(addressRoute.PUT, {
      method: 'PUT',
      url: `/api/users/addresses/${address.address_id}`,
      params: { id: String(address.address_id) },
      token: await tokenFor(user),
      body: { city: 'Auck\u0000land' },
    });
    expectControlRefused(res);
    const [row] = await db.select().from(addresses).where(eq(addresses.id, address.address_id));
    expect(row.city).toBe(address.city);
  });

  test('PUT /api/products/{id} — JSON, multipart fields and multipart JSON parts', async () => {
    const token = await adminToken();
    const product = await createProduct();
    const put = (body: unknown) => call(productRoute.PUT, { method: 'PUT', url: `/api/products/${product.id}`, params: { id: String(product.id) }, token, body });
    expectControlRefused(await put({ name: 'Chair\u0000' }));
    expectControlRefused(await put(productForm({ description: 'Soft\u0000seat' })));
    expectControlRefused(await put(productForm({}, [], { existingImages: '["\u0000"]' })));
    expect((await call(productRoute.GET, { url: `/api/products/${product.id}`, params: { id: String(product.id) } })).body.name).toBe(product.name);
  });

  test('other control characters (BEL, ESC, DEL, C1) are refused; tab, newline and CR are kept', async () => {
    const token = await adminToken();
    for (const c of ['\u0007', '\u001b', '\u007f', '\u0085']) {
      expectControlRefused(await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token, body: { name: `Brand ${c} x` } }));
    }
    const ok = await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token, body: { name: `Brand tab ${Date.now()}`, description: 'Line one\r\nline\ttwo' } });
    expect(ok.status).toBe(201);
    expect(ok.body.description).toBe('Line one\r\nline\ttwo');
  });

  test('a control character in a key of a nested object is refused too', async () => {
    const res = await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token: await adminToken(), body: { name: 'Nested', extra: { 'k\u0000': 1 } } });
    expectControlRefused(res);
    expect(res.body.in).toBe('body');
  });
});

describe('prototype keys never reach a lookup or a merge', () => {
  const put = async (text: string) => call(settingsRoute.PUT, { method: 'PUT', url: '/api/settings', token: await adminToken(), ...rawJson(text) });

  test.each([
    ['{"toString":"x"}'],
    ['{"hasOwnProperty":"x"}'],
    ['{"valueOf":1}'],
    ['{"constructor":{"prototype":{"x":1}}}'],
    ['{"__proto__":{"x":1}}'],
    ['{"prototype":{"x":1}}'],
  ])('PUT /api/settings %s → 400, settings unchanged', async (text) => {
    const res = await put(text);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('bad_request');
    expect(typeof res.body.message).toBe('string');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const now = await call(settingsRoute.GET, { url: '/api/settings', token: await adminToken() });
    expect(Object.keys(now.body).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  test('a prototype key deep in any JSON body → 400', async () => {
    const res = await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token: await adminToken(), ...rawJson('{"name":"Proto","x":[{"__proto__":{"isAdmin":true}}]}') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', in: 'body' });
  });

  test('a prototype key in a query string → 400', async () => {
    const res = await call(productsRoute.GET, { url: '/api/products?__proto__=1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', in: 'query' });
  });

  test('a body nested deeper than any API needs → 400, never a stack overflow', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const res = await call(brandsRoute.POST, { method: 'POST', url: '/api/brands', token: await adminToken(), ...rawJson(`{"name":"Deep","x":${deep}}`) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });
});

describe('malformed credentials are simply not signed in', () => {
  test.each([['next-auth.session-token=%'], ['next-auth.session-token=%E0%A4%A'], ['next-auth.session-token=junk; __Secure-next-auth.session-token=%zz']])('Cookie: %s → 401, never 500', async (cookie) => {
    const res = await call(addressRoute.DELETE, { method: 'DELETE', url: '/api/users/addresses/1', params: { id: '1' }, headers: { cookie, origin: 'http://localhost:3000' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});
