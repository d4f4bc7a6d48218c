/**
 * Every back-office route answers 401 to a visitor and 403 to a customer, and works for an admin
 * (spec §6, §7 admin calls).
 */
import { describe, expect, test } from 'vitest';
import * as dashboard from '@/app/api/dashboard/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import * as items from '@/app/api/orders/[id]/items/route';
import * as item from '@/app/api/orders/[id]/items/[itemId]/route';
import * as messages from '@/app/api/orders/[id]/messages/route';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as resetRoute from '@/app/api/users/[id]/reset-password/route';
import * as adminsRoute from '@/app/api/admins/route';
import * as adminRoute from '@/app/api/admins/[id]/route';
import * as settingsRoute from '@/app/api/settings/route';
import * as txRoute from '@/app/api/finance/transactions/route';
import * as invoicesRoute from '@/app/api/finance/invoices/route';
import * as payoutsRoute from '@/app/api/finance/payouts/route';
import * as reportRoute from '@/app/api/finance/report/route';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call } from '../support/http';

type Handler = Parameters<typeof call>[0];
type Case = {
  name: string;
  handler: Handler;
  method: string;
  url: string;
  /** Builds params and body for the admin's successful call. */
  setup: () => Promise<{ params?: Record<string, string>; body?: unknown; ok: number }>;
};

const twoItemOrder = async () => {
  const { order, items: lines } = await createOrder({ lines: [{ product: await createProduct({ stock: 5 }) }, { product: await createProduct({ stock: 5 }) }] });
  return { order, lines };
};

const cases: Case[] = [
  { name: 'GET /api/dashboard', handler: dashboard.GET, method: 'GET', url: '/api/dashboard', setup: async () => ({ ok: 200 }) },
  {
    name: 'PUT /api/orders/{id}',
    handler: orderRoute.PUT,
    method: 'PUT',
    url: '/api/orders/1',
    setup: async () => ({ params: { id: String((await createOrder()).order.id) }, body: { status: 'cancelled' }, ok: 200 }),
  },
  {
    name: 'PUT /api/orders/{id}/items',
    handler: items.PUT,
    method: 'PUT',
    url: '/api/orders/1/items',
    setup: async () => {
      const { order, lines } = await twoItemOrder();
      return { params: { id: String(order.id) }, body: [{ itemId: lines[0].id, quantity: 2, price: 10 }], ok: 200 };
    },
  },
  {
    name: 'DELETE /api/orders/{id}/items/{itemId}',
    handler: item.DELETE,
    method: 'DELETE',
    url: '/api/orders/1/items/1',
    setup: async () => {
      const { order, lines } = await twoItemOrder();
      return { params: { id: String(order.id), itemId: String(lines[1].id) }, ok: 200 };
    },
  },
  {
    name: 'PUT /api/orders/{id}/messages',
    handler: messages.PUT,
    method: 'PUT',
    url: '/api/orders/1/messages',
    setup: async () => {
      const { order } = await createOrder();
      return { params: { id: String(order.id) }, body: { sales_message: 'Packed' }, ok: 200 };
    },
  },
  { name: 'GET /api/users', handler: usersRoute.GET, method: 'GET', url: '/api/users', setup: async () => ({ ok: 200 }) },
  {
    name: 'POST /api/users',
    handler: usersRoute.POST,
    method: 'POST',
    url: '/api/users',
    setup: async () => ({ body: { user_name: `n_${Date.now()}`, email: `n${Date.now()}@example.test`, password: 'Welcome123', is_admin: false }, ok: 201 }),
  },
  {
    name: 'PUT /api/users/{id}',
    handler: userRoute.PUT,
    method: 'PUT',
    url: '/api/users/1',
    setup: async () => ({ params: { id: String((await createUser()).id) }, body: { user_name: `renamed_${Date.now()}` }, ok: 200 }),
  },
  {
    name: 'DELETE /api/users/{id}',
    handler: userRoute.DELETE,
    method: 'DELETE',
    url: '/api/users/1',
    setup: async () => ({ params: { id: String((await createUser()).id) }, ok: 200 }),
  },
  {
    name: 'POST /api/users/{id}/reset-password',
    handler: resetRoute.POST,
    method: 'POST',
    url: '/api/users/1/reset-password',
    setup: async () => ({ params: { id: String((await createUser()).id) }, ok: 200 }),
  },
  { name: 'GET /api/admins', handler: adminsRoute.GET, method: 'GET', url: '/api/admins', setup: async () => ({ ok: 200 }) },
  {
    name: 'POST /api/admins',
    handler: adminsRoute.POST,
    method: 'POST',
    url: '/api/admins',
    setup: async () => ({ body: { username: `a_${Date.now()}`, email: `a${Date.now()}@example.test`, password: 'Welcome123' }, ok: 201 }),
  },
  {
    name: 'PUT /api/admins/{id}',
    handler: adminRoute.PUT,
    method: 'PUT',
    url: '/api/admins/1',
    setup: async () => {
      const other = await createUser({ isAdmin: true });
      return { params: { id: String(other.id) }, body: { username: `b_${Date.now()}`, email: `b${Date.now()}@example.test` }, ok: 200 };
    },
  },
  {
    name: 'DELETE /api/admins/{id}',
    handler: adminRoute.DELETE,
    method: 'DELETE',
    url: '/api/admins/1',
    setup: async () => ({ params: { id: String((await createUser({ isAdmin: true })).id) }, ok: 200 }),
  },
  { name: 'GET /api/settings', handler: settingsRoute.GET, method: 'GET', url: '/api/settings', setup: async () => ({ ok: 200 }) },
  { name: 'PUT /api/settings', handler: settingsRoute.PUT, method: 'PUT', url: '/api/settings', setup: async () => ({ body: { low_stock_threshold: 3 }, ok: 200 }) },
  { name: 'GET /api/finance/transactions', handler: txRoute.GET, method: 'GET', url: '/api/finance/transactions', setup: async () => ({ ok: 200 }) },
  {
    name: 'POST /api/finance/transactions',
    handler: txRoute.POST,
    method: 'POST',
    url: '/api/finance/transactions',
    setup: async () => ({ body: { date: '2025-03-01', description: 'Showroom rent', amount: 1200, type: 'expense' }, ok: 201 }),
  },
  { name: 'GET /api/finance/invoices', handler: invoicesRoute.GET, method: 'GET', url: '/api/finance/invoices', setup: async () => ({ ok: 200 }) },
  { name: 'GET /api/finance/payouts', handler: payoutsRoute.GET, method: 'GET', url: '/api/finance/payouts', setup: async () => ({ ok: 200 }) },
  {
    name: 'POST /api/finance/payouts',
    handler: payoutsRoute.POST,
    method: 'POST',
    url: '/api/finance/payouts',
    setup: async () => ({ body: { date: '2025-03-02', amount: 500, recipient: 'Owner', status: 'processed' }, ok: 201 }),
  },
  {
    name: 'GET /api/finance/report',
    handler: reportRoute.GET,
    method: 'GET',
    url: '/api/finance/report?from=2025-01-01&to=2025-01-31',
    setup: async () => ({ ok: 200 }),
  },
];

describe('admin routes — who may call them', () => {
  for (const c of cases) {
    test(`${c.name} — 401 for a visitor, 403 for a customer, ${'ok'} for an admin`, async () => {
      const { params, body, ok } = await c.setup();
      const visitor = await call(c.handler, { method: c.method, url: c.url, params, body });
      expect(visitor.status).toBe(401);
      expect(visitor.body.message).toBeTruthy();

      const customer = await createUser();
      const asCustomer = await call(c.handler, { method: c.method, url: c.url, params, body, token: await tokenFor(customer) });
      expect(asCustomer.status).toBe(403);

      const admin = await createUser({ isAdmin: true });
      const asAdmin = await call(c.handler, { method: c.method, url: c.url, params, body, token: await tokenFor(admin) });
      expect(asAdmin.status).toBe(ok);
    });
  }

  test('no response of the user routes carries a password hash', async () => {
    const admin = await createUser({ isAdmin: true });
    const token = await tokenFor(admin);
    const list = await call(usersRoute.GET, { token });
    const created = await call(usersRoute.POST, { method: 'POST', token, body: { user_name: 'hashless', email: 'hashless@example.test', password: 'Welcome123', is_admin: false } });
    const admins = await call(adminsRoute.GET, { token });
    for (const body of [list.body, created.body, admins.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/password/i);
      expect(text).not.toContain('$argon2');
    }
  });
});
