/**
 * Order Management that scales: GET /api/orders searched by order number,
 * customer name or e-mail and a date range (days in the shop's time zone, Pacific/Auckland by
 * default), counted and paged in SQL; GET /api/orders/export streams the whole selection as CSV.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { GET as listOrders } from '@/app/api/orders/route';
import { GET as exportOrders } from '@/app/api/orders/export/route';
import { db } from '@/db/client';
import { orders, users } from '@/db/schema';
import { EXPORT_BATCH, ORDER_EXPORT_COLUMNS } from '@/lib/orders/export';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call } from '../support/http';

let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(await createUser({ isAdmin: true }));
  customerToken = await tokenFor(await createUser());
});

let n = 0;
const tag = () => `${Date.now().toString(36)}${n++}`;
const list = (query: string, token = adminToken) => call(listOrders, { url: `/api/orders?${query}`, token });
const ids = (body: { order_id: number }[]) => body.map((o) => o.order_id);
const contact = (firstName: string, lastName: string, email: string) => ({ firstName, lastName, email, phoneNumber: '021 555 0101' });

async function orderFor(opts: { userId?: number; createdAt?: Date; contact?: ReturnType<typeof contact>; status?: 'pending' | 'shipped' } = {}) {
  const { order } = await createOrder({ userId: opts.userId, createdAt: opts.createdAt, status: opts.status });
  if (opts.contact) await db.update(orders).set({ contact: opts.contact }).where(eq(orders.id, order.id));
  return order;
}

describe('GET /api/orders — search', () => {
  test('GET /api/orders?q — an order number, with or without #, finds that order', async () => {
    const order = await orderFor();
    expect(ids((await list(`q=${order.id}`)).body)).toContain(order.id);
    expect(ids((await list(`q=%23${order.id}`)).body)[0]).toBe(order.id);
  });

  test("GET /api/orders?q — part of the account's user name, first/last name or e-mail, in any case, finds the customer's orders only", async () => {
    const t = tag();
    const customer = await createUser({ userName: `aroha_${t}`, email: `aroha.${t}@kauri.example` });
    await db.update(users).set({ firstName: 'Aroha', lastName: `Ngata${t}` }).where(eq(users.id, customer.id));
    const mine = [await orderFor({ userId: customer.id }), await orderFor({ userId: customer.id })];
    const other = await orderFor();
    for (const q of [`AROHA_${t}`, `${t}@kauri`, `ngata${t}`, `Aroha Ngata${t}`]) {
      const res = await list(`q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(ids(res.body).sort(), q).toEqual(mine.map((o) => o.id).sort());
      expect(res.res.headers.get('x-total-count'), q).toBe('2');
    }
    expect(ids((await list(`q=aroha_${t}`)).body)).not.toContain(other.id);
  });

  test("GET /api/orders?q — the order's own contact name or e-mail finds it (a gift sent under another name)", async () => {
    const t = tag();
    const order = await orderFor({ contact: contact('Hemi', `Walker${t}`, `hemi.${t}@example.test`) });
    expect(ids((await list(`q=walker${t}`)).body)).toEqual([order.id]);
    expect(ids((await list(`q=${encodeURIComponent(`HEMI.${t}@EXAMPLE`)}`)).body)).toEqual([order.id]);
  });

  test('GET /api/orders?q — % and _ are taken literally, and a search that matches nothing answers an empty page', async () => {
    await orderFor();
    const percent = await list('q=%25');
    expect(percent.status).toBe(200);
    expect(percent.body).toEqual([]);
    expect(percent.res.headers.get('x-total-count')).toBe('0');
    expect((await list('q=___')).body).toEqual([]);
  });

  test("GET /api/orders?from&to — whole days in the shop's time zone (Pacific/Auckland), both ends included", async () => {
    const t = tag();
    const c = () => contact('Day', 'Tester', `days.${t}@example.test`);
    // 1 March 2026 in Auckland is UTC+13: 00:00 NZDT = 28 Feb 11:00Z, 23:59 NZDT = 1 Mar 10:59Z.
    const early = await orderFor({ createdAt: new Date('2026-02-28T11:00:00Z'), contact: c() });
    const late = await orderFor({ createdAt: new Date('2026-03-01T10:59:00Z'), contact: c() });
    const before = await orderFor({ createdAt: new Date('2026-02-28T10:59:00Z'), contact: c() });
    const after = await orderFor({ createdAt: new Date('2026-03-01T11:00:00Z'), contact: c() });
    const q = `q=days.${t}`;
    expect(ids((await list(`${q}&from=2026-03-01&to=2026-03-01`)).body).sort()).toEqual([early.id, late.id].sort());
    expect(ids((await list(`${q}&from=2026-03-01`)).body).sort()).toEqual([early.id, late.id, after.id].sort());
    expect(ids((await list(`${q}&to=2026-02-28`)).body)).toEqual([before.id]);
  });

  test('GET /api/orders — search, status and paging together: counted in SQL, pages of the selection', async () => {
    const t = tag();
    const c = () => contact('Page', 'Tester', `paging.${t}@example.test`);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await orderFor({ contact: c(), status: i < 3 ? 'shipped' : 'pending', createdAt: new Date(Date.UTC(2026, 0, 10 + i)) }));
    const first = await list(`q=paging.${t}&status=shipped&limit=2&page=1`);
    expect(first.res.headers.get('x-total-count')).toBe('3');
    expect(first.res.headers.get('x-total-pages')).toBe('2');
    expect(ids(first.body)).toEqual([made[2].id, made[1].id]);
    expect(ids((await list(`q=paging.${t}&status=shipped&limit=2&page=2`)).body)).toEqual([made[0].id]);
  });

  test('GET /api/orders — 400 for reversed or impossible dates and an overlong search; a customer searches only their own orders', async () => {
    const reversed = await list('from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The From date must be on or before the To date.');
    const impossible = await list('from=2026-02-30');
    expect(impossible.status).toBe(400);
    expect(impossible.body.message).toBe('From date must be a real date between 2000 and 2100.');
    expect((await list(`q=${'x'.repeat(101)}`)).status).toBe(400);

    const someoneElses = await orderFor();
    const res = await list(`q=${someoneElses.id}`, customerToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/orders/export', () => {
  const exportCsv = (query: string, token: string | null = adminToken) => call(exportOrders, { url: `/api/orders/export?${query}`, token: token ?? undefined });

  test('GET /api/orders/export — visitor 401, customer 403 (no CSV)', async () => {
    expect((await exportCsv('', null)).status).toBe(401);
    const customer = await exportCsv('', customerToken);
    expect(customer.status).toBe(403);
    expect(customer.res.headers.get('content-type')).toContain('application/json');
  });

  test('GET /api/orders/export — the whole selection (not one page), newest first, as an attachment nobody caches; formulas escaped', async () => {
    const t = tag();
    const customer = await createUser({ userName: `export_${t}` });
    const product = await createProduct({ price: 12950 });
    const made = [];
    for (let i = 0; i < 12; i++) {
      const { order } = await createOrder({ userId: customer.id, lines: [{ product, quantity: 2 }], createdAt: new Date(Date.UTC(2026, 4, 1 + i, 2)) });
      made.push(order);
    }
    await db.update(orders).set({ contact: contact('=HYPERLINK("http://evil.example")', 'Smith', 'x@example.test') }).where(eq(orders.id, made[0].id));
    await orderFor(); // someone else's: not in the selection

    const res = await exportCsv(`q=export_${t}&from=2026-05-01&to=2026-05-31`);
    expect(res.status).toBe(200);
    expect(res.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.res.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-05-01-to-2026-05-31.csv"');
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    expect(Object.keys(rows[0])).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(rows.map((r) => Number(r.order_id))).toEqual(made.map((o) => o.id).reverse());
    const newest = rows[0];
    expect(newest).toMatchObject({ status: 'pending', payment_status: 'unpaid', customer: `export_${t}`, items: '2', subtotal: '259.00', total_amount: '259.00', currency: 'NZD' });
    // 12 May 02:00Z is 14:00 in Auckland (NZST, UTC+12).
    expect(newest.order_date).toBe('2026-05-12 14:00');
    const oldest = rows[rows.length - 1];
    expect(oldest.contact_name.startsWith("'=HYPERLINK")).toBe(true);
  });

  test('GET /api/orders/export — each order’s delivery: service, zone, delivery and assembly fees in dollars, day and window; empty for orders from before delivery zones', async () => {
    const t = tag();
    const customer = await createUser({ userName: `delivered_${t}` });
    const product = await createProduct({ price: 129900 });
    const booked = (await createOrder({ userId: customer.id, lines: [{ product }], createdAt: new Date(Date.UTC(2026, 5, 2, 2)) })).order;
    await db
      .update(orders)
      .set({ shippingFee: 17900, assemblyFee: 5000, totalAmount: 129900 + 17900 + 5000, deliveryKind: 'two_person_assembly', deliveryServiceName: 'Two-person delivery with assembly', deliveryZoneName: 'Rural', deliveryDate: '2026-06-09', deliveryWindow: 'afternoon' })
      .where(eq(orders.id, booked.id));
    const before = (await createOrder({ userId: customer.id, lines: [{ product }], shippingFee: 4900, createdAt: new Date(Date.UTC(2026, 5, 1, 2)) })).order;

    const rows: Record<string, string>[] = parse((await exportCsv(`q=delivered_${t}`)).body, { columns: true });
    expect(rows.map((r) => Number(r.order_id))).toEqual([booked.id, before.id]);
    expect(rows[0]).toMatchObject({
      subtotal: '1299.00',
      shipping_fee: '179.00',
      assembly_fee: '50.00',
      total_amount: '1528.00',
      delivery_service: 'Two-person delivery with assembly',
      delivery_zone: 'Rural',
      delivery_date: '2026-06-09',
      delivery_window: 'afternoon',
    });
    expect(rows[1]).toMatchObject({ shipping_fee: '49.00', assembly_fee: '0.00', delivery_service: '', delivery_zone: '', delivery_date: '', delivery_window: '' });
  });

  test('GET /api/orders/export — a discount code order: the code and its discount in their own columns, so each row adds up to its total', async () => {
    const t = tag();
    const customer = await createUser({ userName: `discounted_${t}` });
    const product = await createProduct({ price: 75108 });
    const { order } = await createOrder({ userId: customer.id, lines: [{ product }] });
    await db.update(orders).set({ discountCode: 'WINTER10', discountCents: 7511, totalAmount: 75108 - 7511 }).where(eq(orders.id, order.id));
    const plain = (await createOrder({ userId: customer.id, lines: [{ product }], createdAt: new Date(Date.UTC(2026, 0, 1)) })).order;

    const rows: Record<string, string>[] = parse((await exportCsv(`q=discounted_${t}`)).body, { columns: true });
    expect(rows.map((r) => Number(r.order_id))).toEqual([order.id, plain.id]);
    expect(rows[0]).toMatchObject({ subtotal: '751.08', discount_code: 'WINTER10', discount: '75.11', shipping_fee: '0.00', total_amount: '675.97' });
    expect(rows[1]).toMatchObject({ discount_code: '', discount: '0.00' });
    for (const r of rows) {
      const cents = (v: string) => Math.round(Number(v) * 100);
      expect(cents(r.subtotal) - cents(r.discount) + cents(r.shipping_fee) + cents(r.assembly_fee), r.order_id).toBe(cents(r.total_amount));
    }
  });

  test(`GET /api/orders/export — more orders than one batch (${EXPORT_BATCH}) stream in order, each once`, async () => {
    const t = tag();
    const customer = await createUser({ userName: `bulk_${t}` });
    const count = EXPORT_BATCH + 37;
    const base = Date.UTC(2026, 6, 1);
    // Same instant for pairs of orders: the keyset must still order by id and not skip or repeat.
    const inserted = await db
      .insert(orders)
      .values(Array.from({ length: count }, (_, i) => ({ userId: customer.id, subtotal: 1000, totalAmount: 1000, createdAt: new Date(base + Math.floor(i / 2) * 60_000) })))
      .returning({ id: orders.id });
    const res = await exportCsv(`q=bulk_${t}`);
    expect(res.status).toBe(200);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.order_id)).size).toBe(count);
    expect(rows.map((r) => Number(r.order_id)).sort((a, b) => a - b)).toEqual(inserted.map((r) => r.id).sort((a, b) => a - b));
    expect(rows[0].order_id).toBe(String(Math.max(...inserted.map((r) => r.id))));
  });

  test('GET /api/orders/export — 400 for reversed dates or an unknown status', async () => {
    const reversed = await exportCsv('from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('The From date must be on or before the To date.');
    expect((await exportCsv('status=lost')).status).toBe(400);
  });
});
