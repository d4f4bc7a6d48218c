/**
 * Every staff write leaves an audit row (docs/accounts-and-security.md "Audit log"): each write
 * operation of the route table that staff call (POST, PUT, PATCH, DELETE of an 'admin' route, and
 * the signed-in routes staff use on a customer's behalf) is called once by an Owner with a valid
 * request (the fuzzer's recipes, tests/support/fuzz/recipes.ts, on its fixtures, as the permission
 * matrix does) and must succeed and append one row naming the Owner, the request's address and
 * user agent. A new staff write route without recordAudit fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { desc, gt } from 'drizzle-orm';
import { db } from '@/db/client';
import { auditLog, roles } from '@/db/schema';
import { API_ROUTES } from '@/lib/api/routes';
import { SHOP_ORIGIN } from '../support/session-cookie';
import { createBrand, createProduct, createUser, tokenFor } from '../support/factories';
import { createSupplier } from '../support/admin-catalog';
import { freshKey, paidOrder } from '../support/after-sale';
import { addToCart, orderCart, shopper, twoPersonServiceOf } from '../support/buying';
import { fromPlain, toJsonText } from '../support/fuzz/json';
import { RECIPES } from '../support/fuzz/recipes';
import { FuzzWorld } from '../support/fuzz/world';
import { loadRouteHandlers } from '../support/route-files';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Signed-in routes that staff use on a customer's behalf (the customer's own use is not staff's). */
const ON_BEHALF = ['DELETE /api/orders/{id}', 'PATCH /api/orders/{id}/delivery', 'GET /api/users/{id}/data-export'];

const STAFF_WRITES = [
  ...Object.entries(API_ROUTES).flatMap(([p, methods]) =>
    Object.entries(methods)
      .filter(([m, op]) => op.auth === 'admin' && m !== 'GET')
      .map(([m]) => `${m} ${p}`),
  ),
  ...ON_BEHALF,
];

const handlers = new Map<string, Handler>();
let world: FuzzWorld;
let uploadDir: string;
let owner: Awaited<ReturnType<typeof createUser>>;
let token: string;


beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  for (const [key, handler] of await loadRouteHandlers()) handlers.set(key, handler as Handler);
  world = await FuzzWorld.create(uploadDir);
  owner = await createUser({ roles: ['Owner'] });
  token = await tokenFor(owner);
}, 120_000);

afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

type Request_ = { params?: Record<string, string>; body?: unknown };

/**
 * Where the shared fixture cannot take a successful write (the recipes aim at refusals as much as
 * at success), the request that succeeds: an unused brand or supplier, a custom role, a paid order
 * to refund, a booked two-person delivery to move, a status the unpaid order may take.
 */
const SUCCEEDING: Record<string, () => Promise<Request_>> = {
  'DELETE /api/brands/{id}': async () => ({ params: { id: String((await createBrand()).id) } }),
  'DELETE /api/suppliers/{id}': async () => ({ params: { id: String((await createSupplier()).id) } }),
  'PUT /api/orders/{id}': async () => ({ body: { status: 'cancelled', sales_message: 'Cancelled at the customer’s request.' } }),
  'POST /api/orders/{id}/refunds': async () => {
    const { order, items } = await paidOrder();
    return { params: { id: String(order.order_id) }, body: { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], includeDeliveryFee: false, restock: true, reason: 'Scratched', idempotencyKey: freshKey() } };
  },
  'PATCH /api/roles/{id}': async () => ({ params: { id: String(await customRole()) }, body: { name: `Packers ${Date.now()}`, permissions: ['orders.read'] } }),
  'DELETE /api/roles/{id}': async () => ({ params: { id: String(await customRole()) } }),
  'PATCH /api/orders/{id}/delivery': async () => {
    const service = await twoPersonServiceOf('Wellington', null);
    const customer = await shopper();
    const sofa = await createProduct({ price: 90_000, stock: 5, shippingClass: 'bulky' });
    await addToCart(customer.token, sofa.id, 1);
    const placed = await orderCart(customer.token, { delivery: { service_id: service.id } });
    const orderId = String((placed.body.order as { order_id: number }).order_id);
    const days = await callAsOwner('GET /api/orders/{id}/delivery', { params: { id: orderId } });
    const day = (JSON.parse(days.text).days as { date: string; windows: string[] }[])[1];
    return { params: { id: orderId }, body: { date: day.date, window: day.windows[0] } };
  },
};

async function customRole(): Promise<number> {
  const [role] = await db.insert(roles).values({ name: `Custom ${Date.now()} ${Math.random()}` }).returning({ id: roles.id });
  return role.id;
}

/** One request of the operation's recipe, as the Owner, from 203.0.113.7 with a user agent. */
async function callAsOwner(key: string, given: Request_ = {}): Promise<{ status: number; text: string }> {
  const [method, p] = key.split(' ');
  if (!handlers.has(key)) throw new Error(`no handler for ${key}`);
  const recipe = RECIPES[key] ?? {};
  const r = world.resolver;
  const params: Record<string, string> = {};
  for (const name of [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
    const fixture = recipe.params?.[name];
    params[name] = given.params?.[name] ?? (fixture ? String(r.ref(fixture)) : '1');
  }
  const query = recipe.query?.example ? `?${new URLSearchParams(recipe.query.example)}` : '';
  const url = `${SHOP_ORIGIN}${p.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(params[n]))}${query}`;
  const headers = new Headers({ authorization: `Bearer ${token}`, host: 'localhost:3000', 'user-agent': 'audit-coverage-test', 'x-forwarded-for': '203.0.113.7' });
  let body: string | undefined;
  if (given.body !== undefined) {
    body = JSON.stringify(given.body);
    headers.set('content-type', 'application/json');
  } else if (recipe.body === 'csv') {
    body = String(recipe.example);
    headers.set('content-type', 'text/csv');
  } else if (recipe.example !== undefined && method !== 'GET') {
    body = toJsonText(fromPlain(recipe.example), r);
    headers.set('content-type', 'application/json');
  }
  const res = await handlers.get(key)!(new Request(url, { method, headers, body }), { params: Promise.resolve(params) });
  return { status: res.status, text: res.headers.get('content-type')?.includes('json') ? await res.text() : '' };
}

describe('the audit log covers every staff write', () => {
  test('the operations walked include every write of an admin route', () => {
    expect(STAFF_WRITES.length).toBeGreaterThan(40);
    expect(STAFF_WRITES.filter((k) => !handlers.has(k))).toEqual([]);
  });

  test.each(STAFF_WRITES)('%s appends an audit row', async (key) => {
    world.dirty = true;
    await world.refresh();
    const [last] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const { status, text } = await callAsOwner(key, await SUCCEEDING[key]?.());
    expect(status, text).toBeLessThan(300);
    const rows = await db.select().from(auditLog).where(gt(auditLog.id, last?.id ?? 0));
    expect(rows.length, `${key} wrote no audit row`).toBeGreaterThan(0);
    const row = rows[rows.length - 1];
    expect({ actor: row.actorId, address: row.clientAddress, agent: row.userAgent }).toEqual({ actor: owner.id, address: '203.0.113.7', agent: 'audit-coverage-test' });
    expect(row.action).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});
