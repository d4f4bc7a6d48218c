/**
 * The permission matrix (docs/accounts-and-security.md "Staff roles and permissions"): every staff
 * operation of the route table, called once by a staff member of each built-in role with a valid
 * request (the fuzzer's recipes, tests/support/fuzz/recipes.ts, on its fixtures). A role holding
 * the operation's permissions is let through (any answer but 403 and 5xx); a role without them is
 * answered 403 `forbidden` naming the missing permission, and nothing was written.
 *
 * REQUIRED is the matrix's other half: what each operation needs. Every 'admin' operation of
 * lib/api/routes.ts must be in it, so a new back-office route cannot skip the decision; the
 * signed-in routes whose staff view shows any customer's order are in it too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { rolePermissions, roles } from '@/db/schema';
import { API_ROUTES } from '@/lib/api/routes';
import { BUILT_IN_ROLES, type Permission } from '@/lib/auth/permission-list';
import { SHOP_ORIGIN } from '../support/session-cookie';
import { createUser, tokenFor } from '../support/factories';
import { fromPlain, toJsonText } from '../support/fuzz/json';
import { RECIPES } from '../support/fuzz/recipes';
import { FuzzWorld } from '../support/fuzz/world';
import { WriteWatch } from '../support/fuzz/writes';
import { loadRouteHandlers } from '../support/route-files';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** What each staff operation needs, with the recipe's request (all of them, when several). */
const REQUIRED: Record<string, Permission[]> = {
  'POST /api/products': ['products.write', 'prices.write'],
  'PUT /api/products/{id}': ['products.write', 'prices.write'], // the recipe changes the price
  'DELETE /api/products/{id}': ['products.write'],
  'GET /api/products/export': ['products.write'],
  'POST /api/products/import': ['products.write', 'prices.write', 'stock.manage'], // the recipe creates a product with stock
  'POST /api/products/bulk-edits': ['products.write', 'prices.write'], // the recipe cuts prices
  'POST /api/products/bulk-edits/{id}/undo': ['products.write'], // the fixture's edit changed featured only
  'POST /api/categories': ['products.write'],
  'PATCH /api/categories/{id}': ['products.write'],
  'DELETE /api/categories/{id}': ['products.write'],
  'POST /api/brands': ['products.write'],
  'PUT /api/brands/{id}': ['products.write'],
  'DELETE /api/brands/{id}': ['products.write'],
  'GET /api/suppliers': ['products.write'],
  'POST /api/suppliers': ['products.write'],
  'PUT /api/suppliers/{id}': ['products.write'],
  'DELETE /api/suppliers/{id}': ['products.write'],
  'GET /api/search/synonyms': ['products.write'],
  'POST /api/search/synonyms': ['products.write'],
  'PATCH /api/search/synonyms/{id}': ['products.write'],
  'DELETE /api/search/synonyms/{id}': ['products.write'],
  'GET /api/delivery/zones': ['delivery.manage'],
  'POST /api/delivery/zones': ['delivery.manage'],
  'PUT /api/delivery/zones/{id}': ['delivery.manage'],
  'DELETE /api/delivery/zones/{id}': ['delivery.manage'],
  'POST /api/delivery/services': ['delivery.manage'],
  'PUT /api/delivery/services/{id}': ['delivery.manage'],
  'DELETE /api/delivery/services/{id}': ['delivery.manage'],
  'POST /api/delivery/pickup-locations': ['delivery.manage'],
  'PUT /api/delivery/pickup-locations/{id}': ['delivery.manage'],
  'GET /api/orders': ['orders.read'],
  'GET /api/orders/{id}': ['orders.read'],
  'GET /api/orders/export': ['orders.read'],
  'PUT /api/orders/{id}': ['orders.fulfil'],
  'DELETE /api/orders/{id}': ['orders.fulfil'],
  'GET /api/orders/{id}/delivery': ['orders.read'],
  'PATCH /api/orders/{id}/delivery': ['orders.fulfil'],
  'PUT /api/orders/{id}/items': ['orders.fulfil'],
  'DELETE /api/orders/{id}/items/{itemId}': ['orders.fulfil'],
  'PUT /api/orders/{id}/messages': ['orders.fulfil'],
  'GET /api/orders/{id}/invoice': ['orders.read'],
  'GET /api/orders/{id}/credit-notes/{number}': ['orders.read'],
  'GET /api/orders/{id}/refunds': ['orders.read'],
  'POST /api/orders/{id}/refunds': ['orders.refund'],
  'GET /api/orders/{id}/history': ['orders.read'],
  'GET /api/returns': ['orders.read'],
  'PUT /api/returns/{id}': ['orders.fulfil'], // the recipe approves; refunding one is orders.refund
  'GET /api/discount-codes': ['discounts.write'],
  'POST /api/discount-codes': ['discounts.write'],
  'PATCH /api/discount-codes/{id}': ['discounts.write'],
  'DELETE /api/discount-codes/{id}': ['discounts.write'],
  'GET /api/reviews': ['reviews.moderate'],
  'PUT /api/reviews/{id}': ['reviews.moderate'],
  'PUT /api/reviews/{id}/reply': ['reviews.moderate'],
  'GET /api/users': ['customers.read'],
  'POST /api/users': ['customers.write'],
  'PUT /api/users/{id}': ['customers.write'],
  'DELETE /api/users/{id}': ['customers.write'],
  'POST /api/users/{id}/reset-password': ['customers.write'],
  'GET /api/users/{id}/data-export': ['customers.write'],
  'POST /api/users/{id}/close': ['customers.write'],
  'PUT /api/users/{id}/roles': ['staff.manage'],
  'GET /api/admins': ['staff.manage'],
  'POST /api/admins': ['staff.manage'],
  'PUT /api/admins/{id}': ['staff.manage'],
  'DELETE /api/admins/{id}': ['staff.manage'],
  'GET /api/roles': ['staff.manage'],
  'POST /api/roles': ['staff.manage'],
  'PATCH /api/roles/{id}': ['staff.manage'],
  'DELETE /api/roles/{id}': ['staff.manage'],
  'GET /api/stock-levels': ['stock.manage'],
  'POST /api/stock-adjustments': ['stock.manage'],
  'POST /api/stock-transfers': ['stock.manage'],
  'GET /api/products/{id}/stock-ledger': ['stock.manage'],
  'GET /api/stock-locations': ['stock.manage'],
  'POST /api/stock-locations': ['stock.manage'],
  'PATCH /api/stock-locations/{id}': ['stock.manage'],
  'DELETE /api/stock-locations/{id}': ['stock.manage'],
  'GET /api/dashboard': ['orders.read'],
  'GET /api/audit': ['audit.read'],
  'GET /api/audit/export': ['audit.read'],
  'GET /api/settings': ['settings.write'],
  'PUT /api/settings': ['settings.write'],
  'GET /api/finance/transactions': ['finance.read'],
  'POST /api/finance/transactions': ['finance.write'],
  'GET /api/finance/invoices': ['finance.read'],
  'GET /api/finance/payouts': ['finance.read'],
  'POST /api/finance/payouts': ['finance.write'],
  'GET /api/finance/report': ['finance.read'],
};

const STAFF_OPERATIONS = Object.entries(API_ROUTES).flatMap(([p, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => op.auth === 'admin')
    .map(([m]) => `${m} ${p}`),
);

// Who runs first does not matter to the 403s; roles that may write run before the Owner so that
// the Owner's deletions do not turn their calls into 404s.
const ROLE_ORDER = ['Warehouse/fulfilment', 'Catalogue editor', 'Customer service', 'Accountant', 'Manager', 'Owner'];

const handlers = new Map<string, Handler>();
const tokens = new Map<string, string>();
let world: FuzzWorld;
let uploadDir: string;
const watch = new WriteWatch();


beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matrix-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  for (const [key, handler] of await loadRouteHandlers()) handlers.set(key, handler as Handler);
  world = await FuzzWorld.create(uploadDir);
  for (const name of ROLE_ORDER) tokens.set(name, await tokenFor(await createUser({ roles: [name] })));
}, 120_000);

afterAll(() => {
  delete process.env.UPLOAD_DIR;
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

/** One request of the operation's recipe, as the staff member of `role`. */
async function callAs(role: string, key: string): Promise<{ status: number; body: { code?: string; message?: string } | null }> {
  const [method, p] = key.split(' ') as [Method, string];
  const recipe = RECIPES[key] ?? {};
  const r = world.resolver;
  const params: Record<string, string> = {};
  for (const name of [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
    const fixture = recipe.params?.[name];
    params[name] = fixture ? String(r.ref(fixture)) : '1';
  }
  const query = recipe.query?.example ? `?${new URLSearchParams(recipe.query.example)}` : '';
  const url = `${SHOP_ORIGIN}${p.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(params[n]))}${query}`;
  const headers = new Headers({ authorization: `Bearer ${tokens.get(role)}`, host: 'localhost:3000' });
  let body: string | undefined;
  if (recipe.body === 'csv') {
    body = String(recipe.example);
    headers.set('content-type', 'text/csv');
  } else if (recipe.example !== undefined && method !== 'GET') {
    body = toJsonText(fromPlain(recipe.example), r);
    headers.set('content-type', 'application/json');
  }
  const res = await handlers.get(key)!(new Request(url, { method, headers, body }), { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: { code?: string; message?: string } | null = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A CSV or PDF answer.
  }
  return { status: res.status, body: parsed };
}

describe('the permission matrix', () => {
  test('every staff operation of the route table has its permissions decided', () => {
    expect(STAFF_OPERATIONS.filter((k) => !REQUIRED[k])).toEqual([]);
    expect(Object.keys(REQUIRED).filter((k) => !handlers.has(k))).toEqual([]);
  });

  test('the built-in roles in the database are the ones of lib/auth/permission-list.ts', async () => {
    for (const [name, permissions] of Object.entries(BUILT_IN_ROLES)) {
      const rows = await db.select({ p: rolePermissions.permission }).from(rolePermissions).innerJoin(roles, eq(roles.id, rolePermissions.roleId)).where(eq(roles.name, name));
      expect(rows.map((r) => r.p).sort(), name).toEqual([...permissions].sort());
    }
  });

  test.each(Object.keys(REQUIRED))('%s × every built-in role', async (key) => {
    await world.refresh();
    for (const role of ROLE_ORDER) {
      const held = BUILT_IN_ROLES[role];
      const missing = REQUIRED[key].filter((p) => !held.includes(p));
      await watch.before();
      const { status, body } = await callAs(role, key);
      if (missing.length) {
        expect({ role, status, code: body?.code }).toEqual({ role, status: 403, code: 'forbidden' });
        expect(missing.some((p) => body?.message?.includes(`(${p})`)), `${role}: ${body?.message}`).toBe(true);
        expect(await watch.changedTables(), `${role} wrote`).toEqual([]);
      } else {
        expect(status, `${role}: ${JSON.stringify(body)}`).not.toBe(403);
        expect(status, `${role}: ${JSON.stringify(body)}`).toBeLessThan(500);
        if (status < 300) world.dirty = true;
      }
    }
  });
});
