/**
 * The response contract of the whole API (lib/api/routes.ts): every route file in app/api is
 * listed in API_ROUTES with each method it exports, and every operation's real answer — called
 * through its route handler on a seeded database — parses with its schema; error answers parse
 * with the `{ message, code }` schema (signed out → 401, customer on an admin route → 403, and a
 * few 400/402/404/409 cases).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ZodType } from 'zod';
import { db } from '@/db/client';
import { outboxMessages, promotions } from '@/db/schema';
import { desc, eq } from 'drizzle-orm';
import { errorJson } from '@/lib/server/contracts';
import { API_ROUTES, isJsonSchema, type Method } from '@/lib/api/routes';
import { addressBody, contactBody, freshIp, signupBody } from '../support/accounts';
import { fileOf, makeImage, productForm } from '../support/admin-catalog';
import { addToCart, cartOf, orderCart, placedOrder, saveCard, shopper } from '../support/buying';
import { TEST_PASSWORD, createBrand, createCategory, createProduct, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call, type CallOptions } from '../support/http';
import { startPaypalStandIn } from '../support/paypal-stand-in';
import { startStripeStandIn } from '../support/stripe-stand-in';
import { unsubscribeToken } from '@/lib/mail/marketing';
import { SoftwareAuthenticator } from '../support/passkeys';
import { loadRouteHandlers } from '../support/route-files';


type Handler = Parameters<typeof call>[0];
const handlers = new Map<string, Handler>();
const key = (method: Method, p: string) => `${method} ${p}`;

/** Calls the handler of `method path`, filling `{name}` placeholders of the path from params. */
async function hit(method: Method, p: string, opts: Omit<CallOptions, 'method' | 'url'> & { query?: string } = {}) {
  const handler = handlers.get(key(method, p));
  if (!handler) throw new Error(`no handler for ${key(method, p)}`);
  const params = opts.params ?? {};
  const url = p.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? '1') + (opts.query ? `?${opts.query}` : '');
  return call(handler, { ...opts, method, url, params });
}

const covered = new Set<string>();

/** Checks an answer against the contract: the operation's schema on success, the error schema otherwise. */
function expectContract(method: Method, p: string, res: { status: number; body: unknown; res: Response }, expectedStatus?: number) {
  const op = API_ROUTES[p]?.[method];
  if (!op) throw new Error(`${key(method, p)} is not in API_ROUTES`);
  if (expectedStatus !== undefined) expect(res.status, `${key(method, p)} → ${JSON.stringify(res.body)}`).toBe(expectedStatus);
  if (res.status >= 400) {
    const parsed = errorJson.safeParse(res.body);
    expect(parsed.success, `${key(method, p)} ${res.status} error body ${JSON.stringify(res.body)}: ${parsed.error?.message}`).toBe(true);
    return;
  }
  expect(res.status, `${key(method, p)} success status`).toBe(op.status);
  if (isJsonSchema(op.response)) {
    const parsed = (op.response as ZodType).safeParse(res.body);
    expect(parsed.success, `${key(method, p)} body does not match its schema: ${parsed.error?.message}\n${JSON.stringify(res.body).slice(0, 2000)}`).toBe(true);
  } else {
    const type = res.res.headers.get('content-type') ?? '';
    const wanted = op.response.mediaType.replace('/*', '/');
    expect(type.startsWith(wanted), `${key(method, p)} content-type ${type}`).toBe(true);
  }
  covered.add(key(method, p));
}

let uploadDir: string;
let admin: Awaited<ReturnType<typeof shopper>>;
let customer: Awaited<ReturnType<typeof shopper>>;
let room: Awaited<ReturnType<typeof createCategory>>;
let product: Awaited<ReturnType<typeof createProduct>>;
let brandId: number;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  for (const [key, handler] of await loadRouteHandlers()) handlers.set(key, handler as Handler);
  admin = await shopper({ isAdmin: true });
  customer = await shopper();
  room = await createCategory();
  brandId = (await createBrand()).id;
  product = await createProduct({ categoryId: room.sub.id, brandId, price: 12950, featured: true, color: 'rimu', size: '80x40 cm' });
  await db.insert(promotions).values({ productId: product.id, name: 'Living room sale', originalPrice: 15900 });
});

afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('API contract — the table', () => {
  test('every route file and method in app/api is in API_ROUTES, and nothing else', () => {
    const fromFiles = [...handlers.keys()].sort();
    const fromTable = Object.entries(API_ROUTES)
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => key(m as Method, p)))
      .sort();
    expect(fromTable).toEqual(fromFiles);
  });
});

describe('API contract — signed out and customer answers are { message, code }', () => {
  const guarded = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.auth !== 'public')
      .map(([m, op]) => [key(m as Method, p), m as Method, p, op.auth] as const),
  );

  test.each(guarded)('%s — 401 signed out', async (_, method, p) => {
    const res = await hit(method, p, { body: method === 'GET' ? undefined : {} });
    expectContract(method, p, res, 401);
    expect(res.body.code).toBe('unauthorized');
  });

  test.each(guarded.filter(([, , , auth]) => auth === 'admin'))('%s — 403 for a customer', async (_, method, p) => {
    const res = await hit(method, p, { token: customer.token, body: method === 'GET' ? undefined : {} });
    expectContract(method, p, res, 403);
    expect(res.body.code).toBe('forbidden');
  });
});

describe('API contract — catalogue', () => {
  test('GET /api/products, /search, /featured, /latest, /promotions, /{id}; GET /api/categories', async () => {
    expectContract('GET', '/api/products', await hit('GET', '/api/products', { query: 'limit=5&include_images=true' }), 200);
    expectContract('GET', '/api/products/search', await hit('GET', '/api/products/search', { query: `query=${encodeURIComponent(product.name)}` }), 200);
    expectContract('GET', '/api/products/featured', await hit('GET', '/api/products/featured'), 200);
    expectContract('GET', '/api/products/latest', await hit('GET', '/api/products/latest'), 200);
    const promos = await hit('GET', '/api/products/promotions');
    expectContract('GET', '/api/products/promotions', promos, 200);
    expect(promos.body.length).toBeGreaterThan(0);
    const one = await hit('GET', '/api/products/{id}', { params: { id: String(product.id) } });
    expectContract('GET', '/api/products/{id}', one, 200);
    expect(one.body.original_price).toBe(159);
    expectContract('GET', '/api/categories', await hit('GET', '/api/categories'), 200);
    const suggested = await hit('GET', '/api/search/suggest', { query: `q=${encodeURIComponent(product.name.slice(0, 6))}` });
    expectContract('GET', '/api/search/suggest', suggested, 200);
    expect(suggested.body.products.length).toBeGreaterThan(0);
    expectContract('GET', '/api/search/suggest', await hit('GET', '/api/search/suggest', { query: `q=${'a'.repeat(101)}` }), 400);
  });

  test('catalogue errors: 400 bad query or id, 404 unknown product', async () => {
    const bad = await hit('GET', '/api/products', { query: 'page=abc' });
    expectContract('GET', '/api/products', bad, 400);
    expect(bad.body.errors?.length).toBeGreaterThan(0);
    expectContract('GET', '/api/products/{id}', await hit('GET', '/api/products/{id}', { params: { id: 'abc' } }), 400);
    expectContract('GET', '/api/products/{id}', await hit('GET', '/api/products/{id}', { params: { id: '99999999' } }), 404);
    expectContract('GET', '/api/products/latest', await hit('GET', '/api/products/latest', { query: 'limit=x' }), 400);
  });

  test('POST, PUT, DELETE /api/products (admin) and GET /api/images/{key}', async () => {
    const form = productForm({ name: 'Contract chair', sku: `CT-${Date.now()}`, price: '99.90', stock: '3', category_id: room.sub.id, brand_id: brandId }, [fileOf(await makeImage('png'), 'chair.png', 'image/png')]);
    const created = await hit('POST', '/api/products', { token: admin.token, body: form });
    expectContract('POST', '/api/products', created, 201);
    const id = String(created.body.product_id);
    expectContract('PUT', '/api/products/{id}', await hit('PUT', '/api/products/{id}', { token: admin.token, params: { id }, body: { price: 89.5 } }), 200);
    const image = created.body.images[0].image_url as string;
    expect(image).toMatch(/^\/api\/images\//);
    expectContract('GET', '/api/images/{key}', await hit('GET', '/api/images/{key}', { params: { key: [image.split('/').pop()!] } as never }), 200);
    expectContract('GET', '/api/images/{key}', await hit('GET', '/api/images/{key}', { params: { key: ['../../etc/passwd'] } as never }), 404);
    expectContract('PUT', '/api/products/{id}', await hit('PUT', '/api/products/{id}', { token: admin.token, params: { id }, body: { price: -1 } }), 400);
    expectContract('DELETE', '/api/products/{id}', await hit('DELETE', '/api/products/{id}', { token: admin.token, params: { id } }), 200);
  });

  test('brands and suppliers: GET, POST, PUT, DELETE; 409 for a duplicate name', async () => {
    const t = { token: admin.token };
    expectContract('GET', '/api/brands', await hit('GET', '/api/brands'), 200);
    const brand = await hit('POST', '/api/brands', { ...t, body: { name: `Brand ${Date.now()}`, description: 'Made here' } });
    expectContract('POST', '/api/brands', brand, 201);
    expectContract('POST', '/api/brands', await hit('POST', '/api/brands', { ...t, body: { name: brand.body.name } }), 409);
    const bid = { id: String(brand.body.brand_id) };
    expectContract('PUT', '/api/brands/{id}', await hit('PUT', '/api/brands/{id}', { ...t, params: bid, body: { description: 'Still made here' } }), 200);
    expectContract('DELETE', '/api/brands/{id}', await hit('DELETE', '/api/brands/{id}', { ...t, params: bid }), 200);
    expectContract('DELETE', '/api/brands/{id}', await hit('DELETE', '/api/brands/{id}', { ...t, params: bid }), 404);

    expectContract('GET', '/api/suppliers', await hit('GET', '/api/suppliers', t), 200);
    const supplier = await hit('POST', '/api/suppliers', { ...t, body: { name: `Supplier ${Date.now()}`, contact_info: 'orders@example.test' } });
    expectContract('POST', '/api/suppliers', supplier, 201);
    const sid = { id: String(supplier.body.supplier_id) };
    expectContract('PUT', '/api/suppliers/{id}', await hit('PUT', '/api/suppliers/{id}', { ...t, params: sid, body: { contact_info: null } }), 200);
    expectContract('DELETE', '/api/suppliers/{id}', await hit('DELETE', '/api/suppliers/{id}', { ...t, params: sid }), 200);
  });

  test('categories: POST, PATCH, DELETE; 409 for a category with products', async () => {
    const t = { token: admin.token };
    const added = await hit('POST', '/api/categories', { ...t, body: { name: `Nook ${Date.now()}`, parent_id: room.room.id } });
    expectContract('POST', '/api/categories', added, 201);
    expectContract('POST', '/api/categories', await hit('POST', '/api/categories', { ...t, body: { name: '' } }), 400);
    const cid = { id: String(added.body.category_id) };
    expectContract('PATCH', '/api/categories/{id}', await hit('PATCH', '/api/categories/{id}', { ...t, params: cid, body: { name: 'Reading nook' } }), 200);
    expectContract('DELETE', '/api/categories/{id}', await hit('DELETE', '/api/categories/{id}', { ...t, params: { id: String(room.sub.id) } }), 409);
    expectContract('DELETE', '/api/categories/{id}', await hit('DELETE', '/api/categories/{id}', { ...t, params: cid }), 200);
    expectContract('DELETE', '/api/categories/{id}', await hit('DELETE', '/api/categories/{id}', { ...t, params: cid }), 404);
  });

  test('search synonyms: GET, POST, PATCH, DELETE; 400 for one word, 409 for a word in another set, 404 once deleted', async () => {
    const t = { token: admin.token };
    const word = `divan${Date.now().toString(36)}`;
    const set = await hit('POST', '/api/search/synonyms', { ...t, body: { kind: 'two_way', terms: [word, `${word} bed`] } });
    expectContract('POST', '/api/search/synonyms', set, 201);
    expectContract('POST', '/api/search/synonyms', await hit('POST', '/api/search/synonyms', { ...t, body: { kind: 'two_way', terms: [word] } }), 400);
    expectContract('POST', '/api/search/synonyms', await hit('POST', '/api/search/synonyms', { ...t, body: { kind: 'one_way', input: word, terms: ['sofa'] } }), 409);
    expectContract('GET', '/api/search/synonyms', await hit('GET', '/api/search/synonyms', t), 200);
    const sid = { id: String(set.body.id) };
    expectContract('PATCH', '/api/search/synonyms/{id}', await hit('PATCH', '/api/search/synonyms/{id}', { ...t, params: sid, body: { kind: 'one_way', input: word, terms: ['daybed', 'sofa bed'] } }), 200);
    expectContract('DELETE', '/api/search/synonyms/{id}', await hit('DELETE', '/api/search/synonyms/{id}', { ...t, params: sid }), 200);
    expectContract('DELETE', '/api/search/synonyms/{id}', await hit('DELETE', '/api/search/synonyms/{id}', { ...t, params: sid }), 404);
  });

  test('delivery: zones, services and pickup locations — GET, POST, PUT, DELETE', async () => {
    const t = { token: admin.token };
    expectContract('GET', '/api/delivery/zones', await hit('GET', '/api/delivery/zones', t), 200);
    expectContract('GET', '/api/delivery/zones', await hit('GET', '/api/delivery/zones', { token: customer.token }), 403);
    const zone = await hit('POST', '/api/delivery/zones', { ...t, body: { name: 'Contract zone', postcode_ranges: [{ from: '9990', to: '9995' }], postcodes: ['9996'], served: true } });
    expectContract('POST', '/api/delivery/zones', zone, 201);
    expectContract('POST', '/api/delivery/zones', await hit('POST', '/api/delivery/zones', { ...t, body: { name: 'Bad', postcode_ranges: [], postcodes: ['12'], served: true } }), 400);
    const zid = { id: String(zone.body.zone_id) };
    expectContract('PUT', '/api/delivery/zones/{id}', await hit('PUT', '/api/delivery/zones/{id}', { ...t, params: zid, body: { name: 'Contract zone 2', postcode_ranges: [], postcodes: ['9996'], served: false } }), 200);
    const pickup = await hit('POST', '/api/delivery/pickup-locations', { ...t, body: { name: 'Contract depot', address: '3 Depot Road, Auckland', opening_hours: 'Sat 10–4', active: true } });
    expectContract('POST', '/api/delivery/pickup-locations', pickup, 201);
    const pid = { id: String(pickup.body.pickup_location_id) };
    expectContract('PUT', '/api/delivery/pickup-locations/{id}', await hit('PUT', '/api/delivery/pickup-locations/{id}', { ...t, params: pid, body: { name: 'Contract depot', address: '3 Depot Road, Auckland', opening_hours: 'Sun 10–2', active: true } }), 200);
    const service = { kind: 'click_collect', name: 'Collect', fee: 0, lead_days: 1, weekdays: [6], pickup_location_id: pickup.body.pickup_location_id, active: true };
    const added = await hit('POST', '/api/delivery/services', { ...t, body: { ...service, zone_id: zone.body.zone_id } });
    expectContract('POST', '/api/delivery/services', added, 201);
    expectContract('POST', '/api/delivery/services', await hit('POST', '/api/delivery/services', { ...t, body: { ...service, zone_id: zone.body.zone_id, pickup_location_id: null } }), 400);
    const sid = { id: String(added.body.service_id) };
    expectContract('PUT', '/api/delivery/services/{id}', await hit('PUT', '/api/delivery/services/{id}', { ...t, params: sid, body: { ...service, kind: 'courier', fee: '12.50', free_over: '' } }), 200);
    expectContract('DELETE', '/api/delivery/services/{id}', await hit('DELETE', '/api/delivery/services/{id}', { ...t, params: sid }), 200);
    expectContract('DELETE', '/api/delivery/services/{id}', await hit('DELETE', '/api/delivery/services/{id}', { ...t, params: sid }), 404);
    expectContract('DELETE', '/api/delivery/zones/{id}', await hit('DELETE', '/api/delivery/zones/{id}', { ...t, params: zid }), 200);
    expectContract('PUT', '/api/delivery/zones/{id}', await hit('PUT', '/api/delivery/zones/{id}', { ...t, params: zid, body: { name: 'Gone', postcode_ranges: [], postcodes: ['9996'], served: true } }), 404);
  });
});

describe('API contract — cart, orders, payments', () => {
  test('moving a booked delivery day: GET, PATCH /api/orders/{id}/delivery; 400, 404, 409', async () => {
    const s = await shopper();
    const sofa = await createProduct({ price: 90_000, stock: 5, shippingClass: 'bulky' });
    await addToCart(s.token, sofa.id, 1);
    const placed = await orderCart(s.token);
    expect(placed.body.order.delivery.kind).toBe('two_person');
    const o = { token: s.token, params: { id: String(placed.body.order.order_id) } };
    const days = await hit('GET', '/api/orders/{id}/delivery', o);
    expectContract('GET', '/api/orders/{id}/delivery', days, 200);
    expectContract('GET', '/api/orders/{id}/delivery', await hit('GET', '/api/orders/{id}/delivery', { ...o, token: customer.token }), 404);
    const to = { date: days.body.days[1].date, window: days.body.days[1].windows[0] };
    expectContract('PATCH', '/api/orders/{id}/delivery', await hit('PATCH', '/api/orders/{id}/delivery', { ...o, body: to }), 200);
    expectContract('PATCH', '/api/orders/{id}/delivery', await hit('PATCH', '/api/orders/{id}/delivery', { ...o, body: { date: 'soon', window: 'morning' } }), 400);
    expectContract('PATCH', '/api/orders/{id}/delivery', await hit('PATCH', '/api/orders/{id}/delivery', { ...o, token: customer.token, body: to }), 404);
    await hit('DELETE', '/api/orders/{id}', o);
    expectContract('PATCH', '/api/orders/{id}/delivery', await hit('PATCH', '/api/orders/{id}/delivery', { ...o, body: to }), 409);
  });

  test('cart: add, get, update, remove, clear; 400 for quantity 0', async () => {
    const s = await shopper();
    const t = { token: s.token };
    const added = await hit('POST', '/api/cart/add', { ...t, body: { product_id: product.id, quantity: 1 } });
    expectContract('POST', '/api/cart/add', added, 200);
    expectContract('POST', '/api/cart/add', await hit('POST', '/api/cart/add', { ...t, body: { product_id: product.id, quantity: 0 } }), 400);
    expectContract('GET', '/api/cart', await hit('GET', '/api/cart', t), 200);
    const viewer = await hit('GET', '/api/viewer', t);
    expectContract('GET', '/api/viewer', viewer, 200);
    expect(viewer.body.cart_count).toBe(1);
    const visitor = await hit('GET', '/api/viewer', {});
    expectContract('GET', '/api/viewer', visitor, 200);
    expect(visitor.body.user).toBeNull();
    const line = added.body.CartItem.cart_item_id as number;
    expectContract('PUT', '/api/cart/update', await hit('PUT', '/api/cart/update', { ...t, body: { cart_item_id: line, quantity: 2 } }), 200);
    expectContract('DELETE', '/api/cart/remove/{id}', await hit('DELETE', '/api/cart/remove/{id}', { ...t, params: { id: String(line) } }), 200);
    expectContract('DELETE', '/api/cart/remove/{id}', await hit('DELETE', '/api/cart/remove/{id}', { ...t, params: { id: String(line) } }), 404);
    await addToCart(s.token, product.id, 1);
    expectContract('POST', '/api/cart/clear', await hit('POST', '/api/cart/clear', t), 200);
  });

  test('saved items: save (twice), list, move to cart, remove; 404 for an unknown product', async () => {
    const s = await shopper();
    const t = { token: s.token };
    const other = await createProduct({ stock: 4 });
    expectContract('POST', '/api/saved-items', await hit('POST', '/api/saved-items', { ...t, body: { product_id: product.id } }), 200);
    expectContract('POST', '/api/saved-items', await hit('POST', '/api/saved-items', { ...t, body: { product_id: product.id } }), 200);
    expectContract('POST', '/api/saved-items', await hit('POST', '/api/saved-items', { ...t, body: { product_id: other.id } }), 200);
    expectContract('POST', '/api/saved-items', await hit('POST', '/api/saved-items', { ...t, body: { product_id: 99_999_999 } }), 404);
    expectContract('GET', '/api/saved-items', await hit('GET', '/api/saved-items', t), 200);
    expectContract('POST', '/api/saved-items/move-to-cart', await hit('POST', '/api/saved-items/move-to-cart', { ...t, body: { product_id: other.id } }), 200);
    expectContract('DELETE', '/api/saved-items', await hit('DELETE', '/api/saved-items', { ...t, body: { product_id: product.id } }), 200);
    expectContract('DELETE', '/api/saved-items', await hit('DELETE', '/api/saved-items', { ...t, body: { product_id: product.id } }), 404);
  });

  test('marketing consent and one-click unsubscribe; 400 for an altered link', async () => {
    const s = await shopper();
    const t = { token: s.token };
    expectContract('GET', '/api/users/profile/marketing-consent', await hit('GET', '/api/users/profile/marketing-consent', t), 200);
    expectContract('PUT', '/api/users/profile/marketing-consent', await hit('PUT', '/api/users/profile/marketing-consent', { ...t, body: { marketing_consent: true } }), 200);
    const token = encodeURIComponent(unsubscribeToken(s.user.id));
    expectContract('GET', '/api/unsubscribe', await hit('GET', '/api/unsubscribe', { query: `token=${token}` }), 303);
    expectContract('POST', '/api/unsubscribe', await hit('POST', '/api/unsubscribe', { query: `token=${token}` }), 200);
    expectContract('POST', '/api/unsubscribe', await hit('POST', '/api/unsubscribe', { query: `token=${token}x` }), 400);
  });

  test('orders: place, list, read, submit, cancel; admin status, items, messages, delete item, delete', async () => {
    const s = await shopper();
    const t = { token: s.token };
    const other = await createProduct({ price: 5000 });
    await addToCart(s.token, product.id, 1);
    await addToCart(s.token, other.id, 2);
    const cartItems = (await cartOf(s.token)).map((i) => ({ cart_item_id: i.cart_item_id }));
    expectContract('POST', '/api/delivery/quote', await hit('POST', '/api/delivery/quote', { ...t, body: { cartItems, address: { postal_code: '1010', country: 'New Zealand' } } }), 200);
    expectContract('POST', '/api/delivery/quote', await hit('POST', '/api/delivery/quote', { ...t, body: { cartItems, address: { postal_code: '8942', country: 'New Zealand' } } }), 400);
    expectContract('GET', '/api/delivery/estimate', await hit('GET', '/api/delivery/estimate', { ...t, query: `product_id=${other.id}&quantity=2` }), 200);
    expectContract('GET', '/api/delivery/estimate', await hit('GET', '/api/delivery/estimate', { ...t, query: 'product_id=999999999' }), 404);
    expectContract('GET', '/api/delivery/estimate', await hit('GET', '/api/delivery/estimate', { ...t, query: 'product_id=abc' }), 400);
    const placed = await orderCart(s.token);
    expectContract('POST', '/api/orders', placed, 201);
    const order = placed.body.order;
    const id = { id: String(order.order_id) };
    expectContract('GET', '/api/orders', await hit('GET', '/api/orders', t), 200);
    expectContract('GET', '/api/orders', await hit('GET', '/api/orders', { token: admin.token }), 200);
    expectContract('GET', '/api/orders', await hit('GET', '/api/orders', { token: admin.token, query: `q=${order.order_id}&from=2026-01-01` }), 200);
    expectContract('GET', '/api/orders/export', await hit('GET', '/api/orders/export', { token: admin.token, query: `q=${order.order_id}` }), 200);
    expectContract('GET', '/api/orders/export', await hit('GET', '/api/orders/export', { token: admin.token, query: 'from=2026-02-02&to=2026-02-01' }), 400);
    expectContract('GET', '/api/orders/{id}', await hit('GET', '/api/orders/{id}', { ...t, params: id }), 200);
    expectContract('GET', '/api/orders/{id}', await hit('GET', '/api/orders/{id}', { token: customer.token, params: id }), 404);
    expectContract('POST', '/api/orders/submit', await hit('POST', '/api/orders/submit', { ...t, body: { orderId: order.order_id, payment_method: 'credit_card' } }), 200);

    const a = { token: admin.token, params: id };
    expectContract('PUT', '/api/orders/{id}/items', await hit('PUT', '/api/orders/{id}/items', { ...a, body: [{ itemId: order.orderItems[1].order_item_id, quantity: 1, price: 45.5 }] }), 200);
    expectContract('PUT', '/api/orders/{id}/messages', await hit('PUT', '/api/orders/{id}/messages', { ...a, body: { sales_message: 'Ships Tuesday.' } }), 200);
    expectContract(
      'DELETE',
      '/api/orders/{id}/items/{itemId}',
      await hit('DELETE', '/api/orders/{id}/items/{itemId}', { token: admin.token, params: { id: id.id, itemId: String(order.orderItems[1].order_item_id) } }),
      200,
    );
    // An unpaid order is not processed (409 with the reason); it stays pending.
    expectContract('PUT', '/api/orders/{id}', await hit('PUT', '/api/orders/{id}', { ...a, body: { status: 'processing' } }), 409);
    expectContract('PUT', '/api/orders/{id}', await hit('PUT', '/api/orders/{id}', { ...a, body: { status: 'lost' } }), 400);
    expectContract('PUT', '/api/orders/{id}', await hit('PUT', '/api/orders/{id}', { ...a, body: { status: 'pending' } }), 200);

    expectContract('DELETE', '/api/orders/{id}', await hit('DELETE', '/api/orders/{id}', { ...t, params: id }), 200);
    expectContract('DELETE', '/api/orders/{id}', await hit('DELETE', '/api/orders/{id}', { ...t, params: id }), 409);
    expectContract('DELETE', '/api/orders/{id}', await hit('DELETE', '/api/orders/{id}', a), 200);
  });

  test('discount codes: create, list, edit, preview, order with a code; 409 duplicate, 400 unknown, 404 unknown id', async () => {
    const a = { token: admin.token };
    const created = await hit('POST', '/api/discount-codes', { ...a, body: { code: 'CONTRACT10', kind: 'percent', value: 10, min_spend: 50, max_uses: 5, max_uses_per_customer: 1, category_ids: [room.room.id] } });
    expectContract('POST', '/api/discount-codes', created, 201);
    expectContract('POST', '/api/discount-codes', await hit('POST', '/api/discount-codes', { ...a, body: { code: 'contract10', kind: 'fixed', value: 5 } }), 409);
    expectContract('GET', '/api/discount-codes', await hit('GET', '/api/discount-codes', a), 200);
    const cid = { id: String(created.body.discount_code_id) };
    expectContract('PATCH', '/api/discount-codes/{id}', await hit('PATCH', '/api/discount-codes/{id}', { ...a, params: cid, body: { active: true, value: 15 } }), 200);
    expectContract('PATCH', '/api/discount-codes/{id}', await hit('PATCH', '/api/discount-codes/{id}', { ...a, params: { id: '999999' }, body: { active: false } }), 404);
    const s = await shopper();
    await addToCart(s.token, product.id, 1);
    expectContract('POST', '/api/discount-codes/preview', await hit('POST', '/api/discount-codes/preview', { token: s.token, body: { code: 'contract10' } }), 200);
    expectContract('POST', '/api/discount-codes/preview', await hit('POST', '/api/discount-codes/preview', { token: s.token, body: { code: 'NOSUCH' } }), 400);
    const placed = await orderCart(s.token, { discount_code: 'CONTRACT10' });
    expectContract('POST', '/api/orders', placed, 201);
    expect(placed.body.order).toMatchObject({ discount_code: 'CONTRACT10', discount_amount: 19.43 });
    expectContract('DELETE', '/api/discount-codes/{id}', await hit('DELETE', '/api/discount-codes/{id}', { ...a, params: cid }), 409);
    const unused = await hit('POST', '/api/discount-codes', { ...a, body: { code: 'CONTRACTGONE', kind: 'fixed', value: 5 } });
    expectContract('DELETE', '/api/discount-codes/{id}', await hit('DELETE', '/api/discount-codes/{id}', { ...a, params: { id: String(unused.body.discount_code_id) } }), 200);
  });

  test('stock: levels, adjustments, transfers, a product\'s history, locations; 409 beyond what is available, 404 unknown', async () => {
    const a = { token: admin.token };
    const chair = await createProduct({ stock: 4 });
    const made = await hit('POST', '/api/stock-locations', { ...a, body: { name: 'Contract showroom', kind: 'showroom', postcode: '6011' } });
    expectContract('POST', '/api/stock-locations', made, 201);
    expectContract('POST', '/api/stock-locations', await hit('POST', '/api/stock-locations', { ...a, body: { name: 'contract SHOWROOM', kind: 'showroom' } }), 409);
    expectContract('GET', '/api/stock-locations', await hit('GET', '/api/stock-locations', a), 200);
    const lid = { id: String(made.body.location_id) };
    expectContract('PATCH', '/api/stock-locations/{id}', await hit('PATCH', '/api/stock-locations/{id}', { ...a, params: lid, body: { address: '3 Cuba Street, Wellington' } }), 200);
    const home = (await hit('GET', '/api/stock-locations', a)).body.find((l: { is_default: boolean }) => l.is_default).location_id;
    expectContract('POST', '/api/stock-adjustments', await hit('POST', '/api/stock-adjustments', { ...a, body: { product_id: chair.id, location_id: home, reason: 'received', quantity: 2 } }), 201);
    expectContract('POST', '/api/stock-adjustments', await hit('POST', '/api/stock-adjustments', { ...a, body: { product_id: 99_999_999, location_id: home, reason: 'received', quantity: 2 } }), 404);
    expectContract('POST', '/api/stock-transfers', await hit('POST', '/api/stock-transfers', { ...a, body: { product_id: chair.id, from_location_id: home, to_location_id: made.body.location_id, quantity: 2 } }), 201);
    expectContract('POST', '/api/stock-transfers', await hit('POST', '/api/stock-transfers', { ...a, body: { product_id: chair.id, from_location_id: home, to_location_id: made.body.location_id, quantity: 50 } }), 409);
    expectContract('GET', '/api/stock-levels', await hit('GET', '/api/stock-levels', { ...a, query: `q=${encodeURIComponent(chair.sku)}` }), 200);
    expectContract('GET', '/api/products/{id}/stock-ledger', await hit('GET', '/api/products/{id}/stock-ledger', { ...a, params: { id: String(chair.id) } }), 200);
    expectContract('GET', '/api/products/{id}/stock-ledger', await hit('GET', '/api/products/{id}/stock-ledger', { ...a, params: { id: '99999999' } }), 404);
    expectContract('DELETE', '/api/stock-locations/{id}', await hit('DELETE', '/api/stock-locations/{id}', { ...a, params: lid }), 409);
    await hit('POST', '/api/stock-adjustments', { ...a, body: { product_id: chair.id, location_id: made.body.location_id, reason: 'count', quantity: 0 } });
    expectContract('DELETE', '/api/stock-locations/{id}', await hit('DELETE', '/api/stock-locations/{id}', { ...a, params: lid }), 200);
  });

  test('payments: key, methods, card payment, 3-D Secure, PayPal, declined card (402)', async () => {
    expectContract('GET', '/api/stripe-key', await hit('GET', '/api/stripe-key'), 200);
    const { token, order } = await placedOrder();
    const t = { token };
    const card = await hit('POST', '/api/payments/methods/add', { ...t, body: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_visa' } });
    expectContract('POST', '/api/payments/methods/add', card, 201);
    expectContract('GET', '/api/payments/methods', await hit('GET', '/api/payments/methods', t), 200);

    const refused = await hit('POST', '/api/payments/submit', { ...t, body: { orderId: order.order_id, stripePaymentMethodId: 'pm_card_chargeDeclined', saveCard: true } });
    expectContract('POST', '/api/payments/submit', refused, 402);
    expect(refused.body).toMatchObject({ code: 'payment_failed', success: false });
    const paid = await hit('POST', '/api/payments/submit', { ...t, body: { orderId: order.order_id, paymentMethodId: card.body.paymentMethod.payment_method_id } });
    expectContract('POST', '/api/payments/submit', paid, 200);
    const invoice = await hit('GET', '/api/orders/{id}/invoice', { ...t, params: { id: String(order.order_id) } });
    expectContract('GET', '/api/orders/{id}/invoice', invoice, 200);
    expect(invoice.res.headers.get('content-type')).toBe('application/pdf');
    expectContract('POST', '/api/payments/confirm', await hit('POST', '/api/payments/confirm', { ...t, body: { orderId: order.order_id } }), 200);
    const second = await saveCard(token, 'pm_card_mastercard');
    expectContract('PATCH', '/api/payments/methods/{id}', await hit('PATCH', '/api/payments/methods/{id}', { ...t, params: { id: String(second.payment_method_id) }, body: { is_default: true } }), 200);
    expectContract('DELETE', '/api/payments/methods/{id}', await hit('DELETE', '/api/payments/methods/{id}', { ...t, params: { id: String(second.payment_method_id) } }), 200);

    const secure = await placedOrder();
    const method = await saveCard(secure.token, 'pm_card_authenticationRequired');
    const pending = await hit('POST', '/api/payments/submit', { token: secure.token, body: { orderId: secure.order.order_id, paymentMethodId: method.payment_method_id } });
    expectContract('POST', '/api/payments/submit', pending, 200);
    expect(pending.body.requiresAction).toBe(true);
    const authed = await hit('POST', '/api/payments/demo/authenticate', { token: secure.token, body: { orderId: secure.order.order_id, outcome: 'complete' } });
    expectContract('POST', '/api/payments/demo/authenticate', authed, 200);

    const later = await placedOrder();
    const startedLater = await hit('POST', '/api/payments/pay-later', { token: later.token, body: { orderId: later.order.order_id, method: 'afterpay_clearpay' } });
    expectContract('POST', '/api/payments/pay-later', startedLater, 200);
    const approvedLater = await hit('POST', '/api/payments/demo/pay-later', { token: later.token, body: { orderId: later.order.order_id, outcome: 'approve' } });
    expectContract('POST', '/api/payments/demo/pay-later', approvedLater, 200);
    expect(approvedLater.body.state).toBe('paid');

    const pp = await placedOrder();
    const created = await hit('POST', '/api/payments/paypal/orders', { token: pp.token, body: { orderId: pp.order.order_id } });
    expectContract('POST', '/api/payments/paypal/orders', created, 201);
    const done = await hit('POST', '/api/orders/{id}/completePayment', {
      token: pp.token,
      params: { id: String(pp.order.order_id) },
      body: { paypalOrderId: created.body.id, paymentStatus: 'COMPLETED', currency: pp.order.currency },
    });
    expectContract('POST', '/api/orders/{id}/completePayment', done, 200);
  });

  test('refunds, returns and history: GET, POST /api/orders/{id}/refunds; GET /api/orders/{id}/history; GET /api/orders/{id}/credit-notes/{number}; GET, POST /api/orders/{id}/returns; GET /api/returns; PUT /api/returns/{id}', async () => {
    const { token, order } = await placedOrder({ quantity: 2 });
    const t = { token };
    const card = await saveCard(token, 'pm_card_visa');
    await hit('POST', '/api/payments/submit', { ...t, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    const a = { token: admin.token, params: { id: String(order.order_id) } };
    const listed = await hit('GET', '/api/orders/{id}/refunds', a);
    expectContract('GET', '/api/orders/{id}/refunds', listed, 200);
    const line = listed.body.lines[0].order_item_id;
    const refunded = await hit('POST', '/api/orders/{id}/refunds', { ...a, body: { amount: 5, idempotencyKey: 'contract-refund-1' } });
    expectContract('POST', '/api/orders/{id}/refunds', refunded, 201);
    const note = await hit('GET', '/api/orders/{id}/credit-notes/{number}', { ...t, params: { id: String(order.order_id), number: refunded.body.credit_note.number } });
    expectContract('GET', '/api/orders/{id}/credit-notes/{number}', note, 200);
    expectContract('GET', '/api/orders/{id}/credit-notes/{number}', await hit('GET', '/api/orders/{id}/credit-notes/{number}', { ...t, params: { id: String(order.order_id), number: 'INV-000001' } }), 400);
    expectContract('POST', '/api/orders/{id}/refunds', await hit('POST', '/api/orders/{id}/refunds', { ...a, body: { amount: 100_000, idempotencyKey: 'contract-refund-2' } }), 409);
    expectContract('POST', '/api/orders/{id}/refunds', await hit('POST', '/api/orders/{id}/refunds', { ...a, body: { amount: -1, idempotencyKey: 'contract-refund-3' } }), 400);
    expectContract('GET', '/api/orders/{id}/refunds', await hit('GET', '/api/orders/{id}/refunds', { ...t, params: a.params }), 200);
    expectContract('GET', '/api/orders/{id}/history', await hit('GET', '/api/orders/{id}/history', a), 200);
    expectContract('GET', '/api/orders/{id}/history', await hit('GET', '/api/orders/{id}/history', { ...t, params: a.params }), 200);
    expectContract('GET', '/api/orders/{id}/history', await hit('GET', '/api/orders/{id}/history', { ...t, params: { id: '99999999' } }), 404);

    const c = { ...t, params: a.params };
    expectContract('GET', '/api/orders/{id}/returns', await hit('GET', '/api/orders/{id}/returns', c), 200);
    expectContract('POST', '/api/orders/{id}/returns', await hit('POST', '/api/orders/{id}/returns', { ...c, body: { lines: [{ orderItemId: line, quantity: 1 }], reason: 'Too big' } }), 409);
    await hit('PUT', '/api/orders/{id}', { ...a, body: { status: 'delivered' } });
    const asked = await hit('POST', '/api/orders/{id}/returns', { ...c, body: { lines: [{ orderItemId: line, quantity: 1 }], reason: 'Too big' } });
    expectContract('POST', '/api/orders/{id}/returns', asked, 201);
    expectContract('GET', '/api/returns', await hit('GET', '/api/returns', { token: admin.token, query: 'status=all' }), 200);
    expectContract('GET', '/api/returns', await hit('GET', '/api/returns', t), 200);
    expectContract('GET', '/api/returns', await hit('GET', '/api/returns', { token: admin.token, query: 'status=lost' }), 400);
    const r = { token: admin.token, params: { id: String(asked.body.return_id) } };
    expectContract('PUT', '/api/returns/{id}', await hit('PUT', '/api/returns/{id}', { ...r, body: { status: 'approved', message: 'Yes' } }), 200);
    expectContract('PUT', '/api/returns/{id}', await hit('PUT', '/api/returns/{id}', { ...r, body: { status: 'refunded' } }), 409);
    expectContract('PUT', '/api/returns/{id}', await hit('PUT', '/api/returns/{id}', { ...r, body: { status: 'received' } }), 200);
    expectContract('PUT', '/api/returns/{id}', await hit('PUT', '/api/returns/{id}', { ...r, body: { status: 'refunded' } }), 200);
  });

  test('POST /api/webhooks/paypal — an event PayPal confirms is received; one it does not is 400', async () => {
    const paypal = await startPaypalStandIn();
    Object.assign(process.env, paypal.env);
    try {
      const ok = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: 'ORDER-1' });
      expectContract('POST', '/api/webhooks/paypal', await hit('POST', '/api/webhooks/paypal', { body: ok.body, headers: ok.headers }), 200);
      const forged = paypal.webhook('CHECKOUT.ORDER.APPROVED', { id: 'ORDER-1' }, { webhookId: 'WH-OTHER' });
      expectContract('POST', '/api/webhooks/paypal', await hit('POST', '/api/webhooks/paypal', { body: forged.body, headers: forged.headers }), 400);
    } finally {
      for (const k of Object.keys(paypal.env)) delete process.env[k];
      await paypal.close();
    }
  });

  test('POST /api/webhooks/stripe — a signed event is received; a bad signature is 400', async () => {
    const secret = 'whsec_contract';
    process.env.STRIPE_WEBHOOK_SECRET = secret;
    try {
      const payload = JSON.stringify({ id: `evt_${Date.now()}`, object: 'event', type: 'customer.created', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: {} } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      expectContract('POST', '/api/webhooks/stripe', await hit('POST', '/api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': signature } }), 200);
      expectContract('POST', '/api/webhooks/stripe', await hit('POST', '/api/webhooks/stripe', { body: payload, headers: { 'stripe-signature': 't=1,v1=bad' } }), 400);
    } finally {
      delete process.env.STRIPE_WEBHOOK_SECRET;
    }
  });

  test("POST /api/payments/intent — the Payment Element's intent with Stripe keys (the Stripe stand-in); 404 without them", async () => {
    const { token, order } = await placedOrder();
    const body = { orderId: order.order_id, method: 'card', saveCard: false };
    expectContract('POST', '/api/payments/intent', await hit('POST', '/api/payments/intent', { token, body }), 404);
    const stripe = await startStripeStandIn();
    Object.assign(process.env, { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.url });
    try {
      expectContract('POST', '/api/payments/intent', await hit('POST', '/api/payments/intent', { token, body }), 200);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_API_BASE;
      await stripe.close();
    }
  });

  test('GET /api/cron/expire-orders — with the CRON_SECRET bearer → { expired, refunds, delivered }; without it 401', async () => {
    process.env.CRON_SECRET = 'cron-secret-for-the-contract-test';
    try {
      expectContract('GET', '/api/cron/expire-orders', await hit('GET', '/api/cron/expire-orders', { headers: { authorization: 'Bearer cron-secret-for-the-contract-test' } }), 200);
      expectContract('GET', '/api/cron/expire-orders', await hit('GET', '/api/cron/expire-orders', { headers: { authorization: 'Bearer wrong' } }), 401);
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

describe('API contract — accounts', () => {
  test('register, login, profile, change password; 409 duplicate, 401 wrong password', async () => {
    const body = signupBody();
    const registered = await hit('POST', '/api/users/register', { body });
    expectContract('POST', '/api/users/register', registered, 201);
    expectContract('POST', '/api/users/register', await hit('POST', '/api/users/register', { body }), 409);
    const headers = { 'x-forwarded-for': freshIp() };
    const login = await hit('POST', '/api/users/login', { headers, body: { identifier: body.email, password: body.password } });
    expectContract('POST', '/api/users/login', login, 200);
    expectContract('POST', '/api/users/login', await hit('POST', '/api/users/login', { headers, body: { identifier: body.email, password: 'wrong-password' } }), 401);
    const t = { token: login.body.token as string };
    expectContract('GET', '/api/users/profile', await hit('GET', '/api/users/profile', t), 200);
    expectContract('PUT', '/api/users/profile', await hit('PUT', '/api/users/profile', { ...t, body: { user_name: body.user_name, email: body.email, first_name: 'Aroha' } }), 200);
    expectContract('PUT', '/api/users/profile', await hit('PUT', '/api/users/profile', { ...t, body: { user_name: '', email: 'nope' } }), 400);
    expectContract('PUT', '/api/users/profile/change-password', await hit('PUT', '/api/users/profile/change-password', { ...t, body: { newPassword: 'Another-pass-2', currentPassword: 'not-the-password' } }), 400);
    expectContract('PUT', '/api/users/profile/change-password', await hit('PUT', '/api/users/profile/change-password', { ...t, body: { newPassword: 'Another-pass-2', currentPassword: body.password } }), 200);
  });

  test('forgot password: request a link (same answer for any address), a bad link is 400', async () => {
    expectContract('POST', '/api/users/password-reset', await hit('POST', '/api/users/password-reset', { headers: { 'x-forwarded-for': freshIp() }, body: { email: 'nobody@example.test' } }), 200);
    expectContract('POST', '/api/users/password-reset', await hit('POST', '/api/users/password-reset', { body: { email: 'not-an-email' } }), 400);
    expectContract('POST', '/api/users/password-reset/confirm', await hit('POST', '/api/users/password-reset/confirm', { body: { token: 'made-up', newPassword: 'Another-pass-2' } }), 400);
    const { user } = await shopper();
    await hit('POST', '/api/users/password-reset', { headers: { 'x-forwarded-for': freshIp() }, body: { email: user.email } });
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, user.email)).orderBy(desc(outboxMessages.id)).limit(1);
    const token = new URL(String(mail.payload.resetUrl)).searchParams.get('token');
    expectContract('POST', '/api/users/password-reset/confirm', await hit('POST', '/api/users/password-reset/confirm', { body: { token, newPassword: 'Another-pass-2' } }), 200);
  });

  test('back-in-stock alerts: a visitor asks, confirms with the e-mailed token, unsubscribes; in stock is 409, a bad link 400', async () => {
    const soldOut = await createProduct({ stock: 0 });
    const email = `alert.${Date.now()}@example.test`;
    const params = { id: String(soldOut.id) };
    expectContract('POST', '/api/products/{id}/stock-alerts', await hit('POST', '/api/products/{id}/stock-alerts', { params, body: { email } }), 200);
    expectContract('POST', '/api/products/{id}/stock-alerts', await hit('POST', '/api/products/{id}/stock-alerts', { params, token: customer.token, body: {} }), 200);
    expectContract('POST', '/api/products/{id}/stock-alerts', await hit('POST', '/api/products/{id}/stock-alerts', { params: { id: String(product.id) }, body: { email } }), 409);
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)).orderBy(desc(outboxMessages.id)).limit(1);
    const token = new URL(String(mail.payload.confirmUrl)).searchParams.get('token')!;
    expectContract('POST', '/api/stock-alerts/confirm', await hit('POST', '/api/stock-alerts/confirm', { body: { token: `${token}x` } }), 400);
    expectContract('POST', '/api/stock-alerts/confirm', await hit('POST', '/api/stock-alerts/confirm', { body: { token } }), 200);
    expectContract('POST', '/api/stock-alerts/unsubscribe', await hit('POST', '/api/stock-alerts/unsubscribe', { query: `token=${token}` }), 200);
  });

  test('two-factor sign-in: enrol, confirm, the challenge and its code, turn off', async () => {
    const { user, token } = await shopper();
    const t = { token, headers: { 'x-forwarded-for': freshIp() } };
    expectContract('GET', '/api/users/profile/two-factor', await hit('GET', '/api/users/profile/two-factor', t), 200);
    const started = await hit('POST', '/api/users/profile/two-factor', t);
    expectContract('POST', '/api/users/profile/two-factor', started, 200);
    expectContract('POST', '/api/users/profile/two-factor/confirm', await hit('POST', '/api/users/profile/two-factor/confirm', { ...t, body: { code: 'nope' } }), 400);
    const confirmed = await hit('POST', '/api/users/profile/two-factor/confirm', { ...t, body: { code: await generateTotp({ secret: started.body.secret }) } });
    expectContract('POST', '/api/users/profile/two-factor/confirm', confirmed, 200);
    const challenge = await hit('POST', '/api/users/login', { ...t, body: { identifier: user.email, password: TEST_PASSWORD } });
    expectContract('POST', '/api/users/login', challenge, 200);
    expect(challenge.body.two_factor_required).toBe(true);
    expectContract('POST', '/api/users/login/two-factor', await hit('POST', '/api/users/login/two-factor', { ...t, body: { challenge: challenge.body.challenge, code: 'wrong-code' } }), 401);
    expectContract('POST', '/api/users/login/two-factor', await hit('POST', '/api/users/login/two-factor', { ...t, body: { challenge: challenge.body.challenge, code: confirmed.body.recovery_codes[0] } }), 200);
    expectContract('POST', '/api/users/profile/two-factor/disable', await hit('POST', '/api/users/profile/two-factor/disable', { ...t, body: { password: TEST_PASSWORD } }), 400);
    expectContract('POST', '/api/users/profile/two-factor/disable', await hit('POST', '/api/users/profile/two-factor/disable', { ...t, body: { password: TEST_PASSWORD, code: confirmed.body.recovery_codes[1] } }), 200);
  });

  test('signed-in devices: list, sign one out, sign out the others', async () => {
    const { user, token } = await shopper();
    const other = await tokenFor(user);
    const listed = await hit('GET', '/api/users/profile/sessions', { token });
    expectContract('GET', '/api/users/profile/sessions', listed, 200);
    const otherId = (listed.body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    expectContract('DELETE', '/api/users/profile/sessions/{id}', await hit('DELETE', '/api/users/profile/sessions/{id}', { token, params: { id: otherId } }), 200);
    expectContract('DELETE', '/api/users/profile/sessions/{id}', await hit('DELETE', '/api/users/profile/sessions/{id}', { token, params: { id: otherId } }), 404);
    expect((await hit('GET', '/api/users/profile', { token: other })).status).toBe(401);
    await tokenFor(user);
    expectContract('DELETE', '/api/users/profile/sessions', await hit('DELETE', '/api/users/profile/sessions', { token }), 200);
  });

  test('passkeys: register, list, sign in alone and as the second factor, new recovery codes, remove', async () => {
    const { user, token } = await shopper();
    const t = { token, headers: { 'x-forwarded-for': freshIp() } };
    const authenticator = new SoftwareAuthenticator();
    const creation = await hit('POST', '/api/users/profile/passkeys/options', t);
    expectContract('POST', '/api/users/profile/passkeys/options', creation, 200);
    const added = await hit('POST', '/api/users/profile/passkeys', { ...t, body: { name: 'Laptop', response: authenticator.register(creation.body) } });
    expectContract('POST', '/api/users/profile/passkeys', added, 201);
    expectContract('GET', '/api/users/profile/passkeys', await hit('GET', '/api/users/profile/passkeys', t), 200);
    const alone = await hit('POST', '/api/users/login/passkey/options', { body: {} });
    expectContract('POST', '/api/users/login/passkey/options', alone, 200);
    expectContract('POST', '/api/users/login/passkey', await hit('POST', '/api/users/login/passkey', { body: { response: authenticator.assert(alone.body) } }), 200);
    const challenge = (await hit('POST', '/api/users/login', { ...t, body: { identifier: user.email, password: TEST_PASSWORD } })).body.challenge;
    const second = await hit('POST', '/api/users/login/passkey/options', { body: { challenge } });
    expectContract('POST', '/api/users/login/passkey', await hit('POST', '/api/users/login/passkey', { body: { challenge, response: authenticator.assert(second.body) } }), 200);
    expectContract('POST', '/api/users/login/passkey', await hit('POST', '/api/users/login/passkey', { body: { challenge, response: authenticator.assert(second.body) } }), 401);
    const renewed = await hit('POST', '/api/users/profile/two-factor/recovery-codes', { ...t, body: { password: TEST_PASSWORD, code: added.body.recovery_codes[0] } });
    expectContract('POST', '/api/users/profile/two-factor/recovery-codes', renewed, 200);
    const id = { id: String(added.body.passkey.id) };
    expectContract('DELETE', '/api/users/profile/passkeys/{id}', await hit('DELETE', '/api/users/profile/passkeys/{id}', { ...t, params: id, body: { password: TEST_PASSWORD } }), 200);
  });

  test('addresses and contacts: list, add, edit, remove', async () => {
    const t = { token: customer.token };
    const address = await hit('POST', '/api/users/addresses', { ...t, body: addressBody() });
    expectContract('POST', '/api/users/addresses', address, 201);
    expectContract('GET', '/api/users/addresses', await hit('GET', '/api/users/addresses', t), 200);
    const aid = { id: String(address.body.address_id) };
    expectContract('PUT', '/api/users/addresses/{id}', await hit('PUT', '/api/users/addresses/{id}', { ...t, params: aid, body: { is_default: true } }), 200);
    expectContract('DELETE', '/api/users/addresses/{id}', await hit('DELETE', '/api/users/addresses/{id}', { ...t, params: aid }), 200);
    expectContract('DELETE', '/api/users/addresses/{id}', await hit('DELETE', '/api/users/addresses/{id}', { ...t, params: aid }), 404);

    const contact = await hit('POST', '/api/users/contacts', { ...t, body: contactBody() });
    expectContract('POST', '/api/users/contacts', contact, 201);
    expectContract('POST', '/api/users/contacts', await hit('POST', '/api/users/contacts', { ...t, body: { first_name: 'Only' } }), 400);
    expectContract('GET', '/api/users/contacts', await hit('GET', '/api/users/contacts', t), 200);
    const cid = { id: String(contact.body.contact_id) };
    expectContract('PUT', '/api/users/contacts/{id}', await hit('PUT', '/api/users/contacts/{id}', { ...t, params: cid, body: { is_default: true } }), 200);
    expectContract('DELETE', '/api/users/contacts/{id}', await hit('DELETE', '/api/users/contacts/{id}', { ...t, params: cid }), 200);
  });
});

describe('API contract — a customer\'s own data', () => {
  test('data export and closing an account, by the customer and by staff; 400 wrong password, 404 closed', async () => {
    const self = await shopper();
    const t = { token: self.token, headers: { 'x-forwarded-for': freshIp() } };
    expectContract('GET', '/api/profile/data-export', await hit('GET', '/api/profile/data-export', t), 200);
    expectContract('POST', '/api/profile/close', await hit('POST', '/api/profile/close', { ...t, body: { password: 'not-the-password' } }), 400);
    expectContract('POST', '/api/profile/close', await hit('POST', '/api/profile/close', { ...t, body: { password: TEST_PASSWORD } }), 200);
    const other = await shopper();
    const uid = { id: String(other.user.id) };
    expectContract('GET', '/api/users/{id}/data-export', await hit('GET', '/api/users/{id}/data-export', { token: admin.token, params: uid }), 200);
    expectContract('POST', '/api/users/{id}/close', await hit('POST', '/api/users/{id}/close', { token: admin.token, params: uid }), 200);
    expectContract('POST', '/api/users/{id}/close', await hit('POST', '/api/users/{id}/close', { token: admin.token, params: uid }), 404);
    expectContract('GET', '/api/users/{id}/data-export', await hit('GET', '/api/users/{id}/data-export', { token: admin.token, params: uid }), 404);
  });
});

describe('API contract — back office', () => {
  test('users and administrators', async () => {
    const t = { token: admin.token };
    expectContract('GET', '/api/users', await hit('GET', '/api/users', t), 200);
    const created = await hit('POST', '/api/users', { ...t, body: { ...signupBody(), is_admin: false } });
    expectContract('POST', '/api/users', created, 201);
    const uid = { id: String(created.body.user_id) };
    expectContract('PUT', '/api/users/{id}', await hit('PUT', '/api/users/{id}', { ...t, params: uid, body: { is_admin: false } }), 200);
    expectContract('POST', '/api/users/{id}/reset-password', await hit('POST', '/api/users/{id}/reset-password', { ...t, params: uid }), 200);
    expectContract('DELETE', '/api/users/{id}', await hit('DELETE', '/api/users/{id}', { ...t, params: uid }), 200);
    expectContract('DELETE', '/api/users/{id}', await hit('DELETE', '/api/users/{id}', { ...t, params: { id: String(admin.user.id) } }), 409);

    expectContract('GET', '/api/admins', await hit('GET', '/api/admins', t), 200);
    const n = Date.now();
    const added = await hit('POST', '/api/admins', { ...t, body: { username: `staff_${n}`, email: `staff_${n}@example.test`, password: 'Staff-pass-4' } });
    expectContract('POST', '/api/admins', added, 201);
    const aid = { id: String(added.body.id) };
    expectContract('PUT', '/api/admins/{id}', await hit('PUT', '/api/admins/{id}', { ...t, params: aid, body: { username: `staff2_${n}`, email: `staff_${n}@example.test` } }), 200);
    expectContract('DELETE', '/api/admins/{id}', await hit('DELETE', '/api/admins/{id}', { ...t, params: aid }), 200);
  });

  test('staff roles', async () => {
    const t = { token: admin.token };
    const listed = await hit('GET', '/api/roles', t);
    expectContract('GET', '/api/roles', listed, 200);
    const role = await hit('POST', '/api/roles', { ...t, body: { name: `Packers ${Date.now()}`, permissions: ['orders.read'] } });
    expectContract('POST', '/api/roles', role, 201);
    expectContract('POST', '/api/roles', await hit('POST', '/api/roles', { ...t, body: { name: role.body.name, permissions: [] } }), 409);
    expectContract('POST', '/api/roles', await hit('POST', '/api/roles', { ...t, body: { name: 'Elsewhere', permissions: ['orders.teleport'] } }), 400);
    const rid = { id: String(role.body.id) };
    expectContract('PATCH', '/api/roles/{id}', await hit('PATCH', '/api/roles/{id}', { ...t, params: rid, body: { permissions: ['orders.read', 'orders.fulfil'] } }), 200);
    const staff = await hit('POST', '/api/admins', { ...t, body: { username: `packer_${Date.now()}`, email: `packer_${Date.now()}@example.test`, password: 'Staff-pass-4' } });
    const given = await hit('PUT', '/api/users/{id}/roles', { ...t, params: { id: String(staff.body.id) }, body: { role_ids: [role.body.id] } });
    expectContract('PUT', '/api/users/{id}/roles', given, 200);
    expectContract('DELETE', '/api/roles/{id}', await hit('DELETE', '/api/roles/{id}', { ...t, params: rid }), 409);
    const owner = (listed.body as Array<{ id: number; name: string }>).find((r) => r.name === 'Owner')!;
    await hit('PUT', '/api/users/{id}/roles', { ...t, params: { id: String(staff.body.id) }, body: { role_ids: [owner.id] } });
    expectContract('DELETE', '/api/roles/{id}', await hit('DELETE', '/api/roles/{id}', { ...t, params: rid }), 200);
  });

  test('the audit log: GET /api/audit, GET /api/audit/export', async () => {
    const t = { token: admin.token };
    await hit('POST', '/api/brands', { ...t, body: { name: `Audited ${Date.now()}` } });
    const page = await hit('GET', '/api/audit', { ...t, query: 'target_type=brand&action=brand.create' });
    expectContract('GET', '/api/audit', page, 200);
    expect((page.body as { entries: unknown[] }).entries.length).toBeGreaterThan(0);
    expectContract('GET', '/api/audit', await hit('GET', '/api/audit', { ...t, query: 'from=2026-02-01&to=2026-01-01' }), 400);
    expectContract('GET', '/api/audit/export', await hit('GET', '/api/audit/export', { ...t, query: 'target_type=brand' }), 200);
  });

  test('the product CSV: GET /api/products/export, POST /api/products/import', async () => {
    const t = { token: admin.token };
    expectContract('GET', '/api/products/export', await hit('GET', '/api/products/export', { ...t, query: 'q=chair' }), 200);
    expectContract('GET', '/api/products/export', await hit('GET', '/api/products/export', { ...t, query: 'page=abc' }), 400);
    const csv = (sku: string) => ({ ...t, body: `sku,name,price\n${sku},Contract stool,10\n`, headers: { 'content-type': 'text/csv' } });
    expectContract('POST', '/api/products/import', await hit('POST', '/api/products/import', { ...csv(`CONTRACT-${Date.now()}`), query: 'dry_run=1' }), 200);
    expectContract('POST', '/api/products/import', await hit('POST', '/api/products/import', csv(`CONTRACT-${Date.now()}`)), 200);
    expectContract('POST', '/api/products/import', await hit('POST', '/api/products/import', { ...t, body: 'sku,prize\nA,1\n', headers: { 'content-type': 'text/csv' } }), 400);
    expectContract('POST', '/api/products/import', await hit('POST', '/api/products/import', { ...t, body: { sku: 'A' } }), 415);
  });

  test('bulk edit: POST /api/products/bulk-edits (preview, apply, a price below zero), its undo', async () => {
    const t = { token: admin.token };
    const stool = await createProduct({ price: 2000 });
    const body = { selection: { ids: [stool.id] }, changes: { price: { by: 'percent', value: -10 } } };
    expectContract('POST', '/api/products/bulk-edits', await hit('POST', '/api/products/bulk-edits', { ...t, body: { ...body, preview: true } }), 200);
    const applied = await hit('POST', '/api/products/bulk-edits', { ...t, body });
    expectContract('POST', '/api/products/bulk-edits', applied, 200);
    expectContract('POST', '/api/products/bulk-edits', await hit('POST', '/api/products/bulk-edits', { ...t, body: { ...body, changes: { price: { by: 'amount', value: -100 } } } }), 400);
    const undo = { ...t, params: { id: String(applied.body.bulk_edit_id) } };
    expectContract('POST', '/api/products/bulk-edits/{id}/undo', await hit('POST', '/api/products/bulk-edits/{id}/undo', undo), 200);
    expectContract('POST', '/api/products/bulk-edits/{id}/undo', await hit('POST', '/api/products/bulk-edits/{id}/undo', undo), 409);
  });

  test('dashboard, settings and the Finance Center', async () => {
    const t = { token: admin.token };
    await placedOrder();
    expectContract('GET', '/api/dashboard', await hit('GET', '/api/dashboard', t), 200);
    expectContract('GET', '/api/settings', await hit('GET', '/api/settings', t), 200);
    expectContract('PUT', '/api/settings', await hit('PUT', '/api/settings', { ...t, body: { low_stock_threshold: 6 } }), 200);
    expectContract('PUT', '/api/settings', await hit('PUT', '/api/settings', { ...t, body: { no_such_key: 1 } }), 400);
    expectContract('POST', '/api/finance/transactions', await hit('POST', '/api/finance/transactions', { ...t, body: { date: '2026-04-20', description: 'Courier', amount: 12.5, type: 'expense' } }), 201);
    expectContract('GET', '/api/finance/transactions', await hit('GET', '/api/finance/transactions', t), 200);
    expectContract('GET', '/api/finance/invoices', await hit('GET', '/api/finance/invoices', t), 200);
    expectContract('POST', '/api/finance/payouts', await hit('POST', '/api/finance/payouts', { ...t, body: { date: '2026-04-20', amount: 100, recipient: 'Owner' } }), 201);
    expectContract('GET', '/api/finance/payouts', await hit('GET', '/api/finance/payouts', t), 200);
    expectContract('GET', '/api/finance/report', await hit('GET', '/api/finance/report', { ...t, query: 'from=2026-01-01&to=2026-12-31' }), 200);
    expectContract('GET', '/api/finance/report', await hit('GET', '/api/finance/report', { ...t, query: 'from=2026-12-31&to=2026-01-01' }), 400);
  });
});

describe('API contract — reviews', () => {
  test('create (multipart with a photo), mine, product reviews, queue, moderate, reply; 409 twice, 404 unknown', async () => {
    const s = await shopper();
    const { order, items } = await createOrder({ userId: s.user.id, lines: [{ product }], status: 'delivered', paymentStatus: 'paid' });
    const form = new FormData();
    form.set('order_item_id', String(items[0].id));
    form.set('rating', '4');
    form.set('title', 'Solid and handsome');
    form.set('body', 'Took twenty minutes to put together and feels sturdy.');
    form.append('photos', fileOf(await makeImage('jpeg'), 'sofa.jpg', 'image/jpeg'));
    const created = await hit('POST', '/api/reviews', { token: s.token, body: form });
    expectContract('POST', '/api/reviews', created, 201);
    expectContract('POST', '/api/reviews', await hit('POST', '/api/reviews', { token: s.token, body: { order_item_id: items[0].id, rating: 5, title: 'Again', body: 'A second review of the same line.' } }), 409);
    expectContract('GET', '/api/reviews/mine', await hit('GET', '/api/reviews/mine', { token: s.token }), 200);
    const a = { token: admin.token, params: { id: String(created.body.review_id) } };
    expectContract('GET', '/api/reviews', await hit('GET', '/api/reviews', { token: admin.token }), 200);
    expectContract('PUT', '/api/reviews/{id}', await hit('PUT', '/api/reviews/{id}', { ...a, body: { status: 'approved' } }), 200);
    expectContract('PUT', '/api/reviews/{id}', await hit('PUT', '/api/reviews/{id}', { ...a, body: { status: 'approved' } }), 409);
    expectContract('PUT', '/api/reviews/{id}', await hit('PUT', '/api/reviews/{id}', { token: admin.token, params: { id: '999999' }, body: { status: 'approved' } }), 404);
    expectContract('PUT', '/api/reviews/{id}/reply', await hit('PUT', '/api/reviews/{id}/reply', { ...a, body: { reply: 'Thank you for the kind words.' } }), 200);
    const page = await hit('GET', '/api/products/{id}/reviews', { params: { id: String(product.id) } });
    expectContract('GET', '/api/products/{id}/reviews', page, 200);
    expect(page.body.reviews.map((r: { review_id: number }) => r.review_id)).toContain(created.body.review_id);
    expect(order.id).toBeGreaterThan(0);
  });
});

describe('API contract — search', () => {
  test('POST /api/search/events — 204 for a search or a click; 400 for a bad event', async () => {
    expectContract('POST', '/api/search/events', await hit('POST', '/api/search/events', { body: { kind: 'search', query: 'sofa', results: 3 } }), 204);
    expectContract('POST', '/api/search/events', await hit('POST', '/api/search/events', { body: { kind: 'click', query: 'sofa' } }), 204);
    expectContract('POST', '/api/search/events', await hit('POST', '/api/search/events', { body: { kind: 'search', query: '', results: 3 } }), 400);
  });
});

describe('API contract — system', () => {
  test('GET /api/health, GET /api/openapi.json', async () => {
    expectContract('GET', '/api/health', await hit('GET', '/api/health', { query: 'ready' }), 200);
    expectContract('GET', '/api/openapi.json', await hit('GET', '/api/openapi.json'), 200);
  });
});

describe('API contract — coverage', () => {
  // next-auth's own endpoints need Next's request scope (cookies()); the e2e login journeys cover them.
  test('every operation in API_ROUTES (but next-auth) answered successfully and matched its schema above', () => {
    const all = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !op.external)
        .map(([m]) => key(m as Method, p)),
    );
    expect(all.filter((k) => !covered.has(k))).toEqual([]);
  });
});
