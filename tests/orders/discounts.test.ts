/**
 * Discount codes (docs/discounts.md): the administrators' routes, the
 * customer's preview, POST /api/orders pricing a code on the server, and uses counted atomically —
 * 50 concurrent orders on a code limited to 10 uses → exactly 10 orders carry it; one customer's 20
 * concurrent orders on a code limited to 3 per customer → 3. A cancelled or expired order gives
 * its use back. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { categories, discountCodes, orders, outboxMessages, payments, taxDocuments } from '@/db/schema';
import { GET as listRoute, POST as createRoute } from '@/app/api/discount-codes/route';
import { DELETE as deleteRoute, PATCH as patchRoute } from '@/app/api/discount-codes/[id]/route';
import { POST as previewRoute } from '@/app/api/discount-codes/preview/route';
import { DELETE as cancelRoute, PUT as orderPut } from '@/app/api/orders/[id]/route';
import { PUT as itemsRoute } from '@/app/api/orders/[id]/items/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as refundRoute } from '@/app/api/orders/[id]/refunds/route';
import { DELETE as deleteCategoryRoute } from '@/app/api/categories/[id]/route';
import { expireOrders } from '@/lib/orders/expiry';
import { getOutboxMessage } from '@/lib/mail/admin';
import { addToCart, cartOf, orderCart, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';
import { createCategory, createProduct } from '../support/factories';
import { call } from '../support/http';
import { listReturns, requestReturn, setStatus } from '../support/after-sale';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

// The free-delivery arithmetic below needs a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));

let n = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;

async function newCode(admin: { token: string }, body: Record<string, unknown>) {
  const res = await call(createRoute, { method: 'POST', url: '/api/discount-codes', token: admin.token, body: { code: uniqueCode(), kind: 'percent', value: 10, ...body } });
  if (res.status !== 201) throw new Error(`create code: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { discount_code_id: number; code: string; uses: number; state: string };
}

const preview = (token: string, body: Record<string, unknown>) => call(previewRoute, { method: 'POST', url: '/api/discount-codes/preview', token, body });
const patch = (token: string, id: number, body: Record<string, unknown>) => call(patchRoute, { method: 'PATCH', url: `/api/discount-codes/${id}`, params: { id: String(id) }, token, body });

/** A customer with `quantity` × a fresh product of `price` cents in the cart. */
async function customerWith(price: number, opts: { quantity?: number; categoryId?: number } = {}) {
  const s = await shopper();
  const product = await createProduct({ price, stock: 100, ...(opts.categoryId ? { categoryId: opts.categoryId } : {}) });
  expect((await addToCart(s.token, product.id, opts.quantity ?? 1)).status).toBe(200);
  return { ...s, product };
}

describe('POST /api/orders with a discount code — priced by the server', () => {
  test('a 10% code takes 10% off the goods; GST is on the discounted total; the order stores code and discount', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { value: 10 });
    const c = await customerWith(30_000, { quantity: 2 }); // $600 of goods: free delivery either way
    const res = await orderCart(c.token, { discount_code: code.code.toLowerCase(), discount_amount: 599, total_amount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order;
    expect(order.discount_code).toBe(code.code);
    expect(order.subtotal).toBe(600);
    expect(order.discount_amount).toBe(60);
    expect(order.total_amount).toBe(540);
    // 540 × 15/115 = 70.434… → $70.43, rounded once.
    expect(order.gst_amount).toBe(70.43);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(row.discountCodeId).toBe(code.discount_code_id);
    expect(row.discountCents).toBe(6000);
  });

  test('a fixed code never takes the order below zero; delivery is still charged', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { kind: 'fixed', value: 500 });
    const c = await customerWith(4_000); // $40 of goods, below the free-delivery threshold
    const res = await orderCart(c.token, { discount_code: code.code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.discount_amount).toBe(40);
    expect(res.body.order.total_amount).toBe(res.body.order.shipping_fee);
    expect(res.body.order.shipping_fee).toBeGreaterThan(0);
  });

  test('free delivery is judged on the goods after the discount', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { kind: 'fixed', value: 50 });
    const c = await customerWith(52_000); // $520 − $50 = $470 < $500
    const res = await orderCart(c.token, { discount_code: code.code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.shipping_fee).toBeGreaterThan(0);
    expect(res.body.order.total_amount).toBe(470 + res.body.order.shipping_fee);
  });

  test('a category-limited code discounts only lines in that room or its subcategories', async () => {
    const admin = await shopper({ isAdmin: true });
    const { room, sub } = await createCategory();
    const code = await newCode(admin, { value: 50, category_ids: [room.id] });
    const c = await customerWith(20_000, { categoryId: sub.id }); // eligible through the room
    const other = await createProduct({ price: 40_000, stock: 10 });
    await addToCart(c.token, other.id, 1);
    const res = await orderCart(c.token, { discount_code: code.code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.subtotal).toBe(600);
    expect(res.body.order.discount_amount).toBe(100);

    const outside = await customerWith(20_000);
    const refused = await orderCart(outside.token, { discount_code: code.code });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("This discount code doesn't apply to the items in your order.");
  });

  test('refusals say what the shopper can do: unknown, off, not started, ended, below the minimum spend (400); nothing is written', async () => {
    const admin = await shopper({ isAdmin: true });
    const c = await customerWith(10_000);
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n;
    const expectRefused = async (code: string, pattern: RegExp) => {
      const res = await orderCart(c.token, { discount_code: code });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(pattern);
    };
    await expectRefused('NOSUCHCODE', /don't recognise that discount code/);
    const off = await newCode(admin, {});
    expect((await patch(admin.token, off.discount_code_id, { active: false })).status).toBe(200);
    await expectRefused(off.code, /no longer available/);
    const later = await newCode(admin, { starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    await expectRefused(later.code, /can be used from/);
    const past = await newCode(admin, { starts_at: new Date(Date.now() - 2 * 86_400_000).toISOString(), ends_at: new Date(Date.now() - 86_400_000).toISOString() });
    await expectRefused(past.code, /expired on/);
    const big = await newCode(admin, { min_spend: 150 });
    await expectRefused(big.code, /Spend at least \$150\.00 to use this code \(you have \$100\.00\)/);
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n).toBe(before);
    expect(await cartOf(c.token)).toHaveLength(1);
  });

  test('a code of bad shape is 400 with the format message', async () => {
    const c = await customerWith(10_000);
    const res = await orderCart(c.token, { discount_code: 'no spaces allowed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/3 to 32 letters/);
  });
});

describe('uses are counted atomically', () => {
  test('50 concurrent orders on a code limited to 10 uses → exactly 10 orders carry it, 40 are refused with 409', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { value: 20, max_uses: 10 });
    // Each shopper buys a product of their own, so no stock row makes the orders take turns: only the code's lock can.
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => customerWith(10_000)));

    const results = await Promise.all(shoppers.map((s) => orderCart(s.token, { discount_code: code.code })));

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('This discount code has been used the maximum number of times.');
    const carrying = await db.select().from(orders).where(eq(orders.discountCodeId, code.discount_code_id));
    expect(carrying).toHaveLength(10);
    for (const o of carrying) expect(o.discountCents).toBe(2000);
    const list = await call(listRoute, { url: '/api/discount-codes', token: admin.token });
    const listed = list.body.find((c: { discount_code_id: number }) => c.discount_code_id === code.discount_code_id);
    expect(listed).toMatchObject({ uses: 10, state: 'used_up' });
  }, 180_000);

  test('one customer: 20 concurrent orders on a code limited to 3 per customer → 3 carry it', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { value: 10, max_uses_per_customer: 3 });
    const s = await shopper();
    const products = await Promise.all(Array.from({ length: 20 }, () => createProduct({ price: 5_000, stock: 10 })));
    for (const p of products) expect((await addToCart(s.token, p.id, 1)).status).toBe(200);
    const lines = await cartOf(s.token);

    const results = await Promise.all(lines.map((l) => orderCart(s.token, { cartItems: [{ cart_item_id: l.cart_item_id }], discount_code: code.code })));

    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(17);
    expect(results.find((r) => r.status === 409)!.body.message).toBe('You have already used this discount code 3 times, the most it allows.');
    expect(await db.select().from(orders).where(eq(orders.discountCodeId, code.discount_code_id))).toHaveLength(3);
    // Another customer may still use it.
    const other = await customerWith(5_000);
    expect((await orderCart(other.token, { discount_code: code.code })).status).toBe(201);
  }, 180_000);

  test('a cancelled order gives its use back, and so does an unpaid order that expired', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { max_uses: 1 });
    const first = await customerWith(10_000);
    const placed = await orderCart(first.token, { discount_code: code.code });
    expect(placed.status).toBe(201);
    const second = await customerWith(10_000);
    expect((await orderCart(second.token, { discount_code: code.code })).status).toBe(409);

    const id = String(placed.body.order.order_id);
    expect((await call(cancelRoute, { method: 'DELETE', url: `/api/orders/${id}`, params: { id }, token: first.token })).status).toBe(200);
    const again = await orderCart(second.token, { discount_code: code.code });
    expect(again.status, JSON.stringify(again.body)).toBe(201);

    // Re-opening the first order would take a second use of a one-use code: refused, nothing moves.
    const reopen = await call(orderPut, { method: 'PUT', url: `/api/orders/${id}`, params: { id }, token: admin.token, body: { status: 'pending' } });
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(409);
    expect(reopen.body.message).toContain(code.code);
    const [still] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, placed.body.order.order_id));
    expect(still.status).toBe('cancelled');

    // Its hold runs out: the expiry cancels it and the use is free again.
    await db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, again.body.order.order_id));
    expect((await expireOrders()).orderIds).toContain(again.body.order.order_id);
    const third = await customerWith(10_000);
    expect((await orderCart(third.token, { discount_code: code.code })).status).toBe(201);
  });
});

describe('POST /api/discount-codes/preview', () => {
  test('prices the code on the selected cart lines with the totals the order would have', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { kind: 'fixed', value: 25 });
    const c = await customerWith(60_000);
    const [line] = await cartOf(c.token);
    const res = await preview(c.token, { code: code.code.toLowerCase(), cart_item_ids: [line.cart_item_id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: code.code, description: '$25.00 off', subtotal: 600, discount_amount: 25, total_amount: 575, shipping_fee: 0 });
    expect(res.body.gst_amount).toBe(75); // 575 × 3/23
    const placed = await orderCart(c.token, { discount_code: code.code });
    expect(placed.body.order).toMatchObject({ total_amount: res.body.total_amount, gst_amount: res.body.gst_amount, discount_amount: 25 });
  });

  test('refuses an unknown code (400) and lines not in the cart (404); signed out is 401', async () => {
    const c = await customerWith(10_000);
    expect((await preview(c.token, { code: 'NOPE123' })).status).toBe(400);
    const code = await newCode(await shopper({ isAdmin: true }), {});
    expect((await preview(c.token, { code: code.code, cart_item_ids: [999_999] })).status).toBe(404);
    expect((await call(previewRoute, { method: 'POST', url: '/api/discount-codes/preview', body: { code: code.code } })).status).toBe(401);
  });
});

describe('administrators manage codes', () => {
  test('POST /api/discount-codes — create; the same code in another case is 409; a customer is 403; bad input 400', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { code: uniqueCode('Spring'), kind: 'percent', value: 12.5, min_spend: 99.5, max_uses: 100, max_uses_per_customer: 1 });
    expect(code.code).toBe(code.code.toUpperCase());
    expect(code).toMatchObject({ uses: 0, state: 'active' });
    const dupe = await call(createRoute, { method: 'POST', url: '/api/discount-codes', token: admin.token, body: { code: code.code.toLowerCase(), kind: 'fixed', value: 5 } });
    expect(dupe.status).toBe(409);
    const customer = await shopper();
    expect((await call(createRoute, { method: 'POST', url: '/api/discount-codes', token: customer.token, body: { code: 'HACKER1', kind: 'percent', value: 100 } })).status).toBe(403);
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await call(createRoute, { method: 'POST', url: '/api/discount-codes', token: admin.token, body: { code: uniqueCode(), kind: 'percent', value: 10, ...body } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad({ value: 101 }, /at most 100/);
    await bad({ value: 0 }, /more than 0/);
    await bad({ starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' }, /end must be after the start/);
    await bad({ category_ids: [999_999] }, /Unknown category/);
    await bad({ max_uses: 0 }, /at least 1/);
  });

  test('PATCH /api/discount-codes/{id} — switch off, edit, lift a category limit; unknown is 404', async () => {
    const admin = await shopper({ isAdmin: true });
    const [cat] = await db.select({ id: categories.id }).from(categories).limit(1);
    const { room } = cat ? { room: cat } : await createCategory();
    const code = await newCode(admin, { category_ids: [room.id] });
    const off = await patch(admin.token, code.discount_code_id, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, state: 'off' });
    const edited = await patch(admin.token, code.discount_code_id, { active: true, kind: 'fixed', value: 30, category_ids: [] });
    expect(edited.body).toMatchObject({ active: true, kind: 'fixed', value: 30, categories: [] });
    expect((await patch(admin.token, code.discount_code_id, { kind: 'percent' })).status).toBe(400);
    expect((await patch(admin.token, 999_999, { active: false })).status).toBe(404);
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, code.discount_code_id));
    expect(row.value).toBe(3000);
  });

  test('DELETE /api/discount-codes/{id} — a code no order carried is deleted; one on an order (even cancelled) is 409 and kept; a customer is 403; unknown is 404', async () => {
    const admin = await shopper({ isAdmin: true });
    const remove = (id: number, token = admin.token) => call(deleteRoute, { method: 'DELETE', url: `/api/discount-codes/${id}`, params: { id: String(id) }, token });
    const unused = await newCode(admin, {});
    const customer = await shopper();
    expect((await remove(unused.discount_code_id, customer.token)).status).toBe(403);
    const gone = await remove(unused.discount_code_id);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await db.select().from(discountCodes).where(eq(discountCodes.id, unused.discount_code_id))).toEqual([]);
    expect((await remove(unused.discount_code_id)).status).toBe(404);

    const used = await newCode(admin, {});
    const c = await customerWith(10_000);
    const placed = await orderCart(c.token, { discount_code: used.code });
    expect(placed.status).toBe(201);
    const id = String(placed.body.order.order_id);
    expect((await call(cancelRoute, { method: 'DELETE', url: `/api/orders/${id}`, params: { id }, token: c.token })).status).toBe(200);
    const refused = await remove(used.discount_code_id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`${used.code} has been used on 1 order, so it cannot be deleted. Switch it off instead to stop new uses.`);
    expect(await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, used.discount_code_id))).toHaveLength(1);
  });

  test("an administrator's item edit prices the order's code again on the new lines", async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { value: 10 });
    const c = await customerWith(60_000);
    const placed = await orderCart(c.token, { discount_code: code.code });
    const id = String(placed.body.order.order_id);
    const itemId = placed.body.order.orderItems[0].order_item_id;
    const res = await call(itemsRoute, { method: 'PUT', url: `/api/orders/${id}/items`, params: { id }, token: admin.token, body: [{ itemId, quantity: 2 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ subtotal: 1200, discount_amount: 120, total_amount: 1080, discount_code: code.code });
    // Cancelling through the admin's status change frees the use too.
    expect((await call(orderPut, { method: 'PUT', url: `/api/orders/${id}`, params: { id }, token: admin.token, body: { status: 'cancelled' } })).status).toBe(200);
    const list = await call(listRoute, { url: '/api/discount-codes', token: admin.token });
    expect(list.body.find((x: { discount_code_id: number }) => x.discount_code_id === code.discount_code_id).uses).toBe(0);
  });
});

describe('the discount shows wherever the order does', () => {
  test('the order-received e-mail and the tax invoice carry a "Discount (CODE)" line; the invoice lines add up to its total', async () => {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { kind: 'fixed', value: 40 });
    const c = await customerWith(60_000);
    const placed = await orderCart(c.token, { discount_code: code.code });
    const orderId = placed.body.order.order_id as number;

    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `order-received:${orderId}`));
    const shown = await getOutboxMessage({ id: admin.user.id, userName: admin.user.userName, email: admin.user.email, isAdmin: true, permissions: ALL_PERMISSIONS } as Parameters<typeof getOutboxMessage>[0], mail.id);
    expect(shown.text).toContain(`Discount (${code.code})`);
    expect(shown.text).toContain('−$40.00');

    const card = await saveCard(c.token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: c.token, body: { orderId, paymentMethodId: card.payment_method_id } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [invoice] = await db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    expect(invoice.lines).toContainEqual({ description: `Discount (${code.code})`, sku: null, quantity: 1, unitPrice: -4000, total: -4000 });
    expect(invoice.lines.reduce((sum, l) => sum + l.total, 0)).toBe(invoice.total);
    expect(invoice.total).toBe(56_000);
  });
});

describe('after the order', () => {
  /** A paid order of 3 × $100 (A) and 1 × $200.01 (B) with a $10 code: $500.01 of goods, $490.01 after it. */
  async function paidDiscountedOrder() {
    const admin = await shopper({ isAdmin: true });
    const code = await newCode(admin, { kind: 'fixed', value: 10 });
    const s = await shopper();
    const a = await createProduct({ price: 10_000, stock: 10 });
    const b = await createProduct({ price: 20_001, stock: 10 });
    await addToCart(s.token, a.id, 3);
    await addToCart(s.token, b.id, 1);
    const placed = await orderCart(s.token, { discount_code: code.code });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    expect(order.discount_amount).toBe(10);
    const card = await saveCard(s.token, 'pm_card_visa');
    expect((await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: s.token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } })).status).toBe(200);
    const lineOf = (productId: number) => order.orderItems.find((l: { product_id: number }) => l.product_id === productId);
    return { admin, customer: s, order, lineA: lineOf(a.id), lineB: lineOf(b.id) };
  }

  test('refunding the lines of a discounted order gives back what each was paid; all of them add up to the payment', async () => {
    const { admin, order, lineA, lineB } = await paidDiscountedOrder();
    const id = String(order.order_id);
    const refund = (lines: { orderItemId: number; quantity: number }[], key: string) =>
      call(refundRoute, { method: 'POST', url: `/api/orders/${id}/refunds`, params: { id }, token: admin.token, body: { lines, idempotencyKey: `discount-${key}-${id}` } });
    // One unit of A: $100 less its share of $10 (300/500.01 of it → $6.00 over 3 units) → $98.00.
    const first = await refund([{ orderItemId: lineA.order_item_id, quantity: 1 }], 'first');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.amount).toBe(98);
    const rest = await refund([{ orderItemId: lineA.order_item_id, quantity: 2 }, { orderItemId: lineB.order_item_id, quantity: 1 }], 'rest');
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.order_id));
    // Every line refunded: all that was paid but the delivery fee.
    expect(payment.refundedAmount).toBe(payment.amount - Math.round(order.shipping_fee * 100));
    expect(Math.round((first.body.amount + rest.body.amount) * 100)).toBe(49_001);
  });

  test('a return of a discounted line is valued at what it was paid, in the request and in the Returns queue', async () => {
    const { admin, customer: s, order, lineA } = await paidDiscountedOrder();
    expect((await setStatus(admin.token, order.order_id, 'delivered')).status).toBe(200);
    // One unit of A: $100 less its share of the $10 code ($6.00 over 3 units) → $98.00, as its refund gives back.
    const asked = await requestReturn(s.token, order.order_id, { lines: [{ orderItemId: lineA.order_item_id, quantity: 1 }], reason: 'Too big for the hallway' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.amount).toBe(98);
    const queued = (await listReturns(admin.token)).body.returns.find((r: { return_id: number }) => r.return_id === asked.body.return_id);
    expect(queued.amount).toBe(98);
  });

  test('a category a discount code is limited to cannot be deleted (409 naming the code)', async () => {
    const admin = await shopper({ isAdmin: true });
    const { sub } = await createCategory();
    await newCode(admin, { category_ids: [sub.id] });
    const id = String(sub.id);
    const res = await call(deleteCategoryRoute, { method: 'DELETE', url: `/api/categories/${id}`, params: { id }, token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('1 discount code is limited to this category; change it in Discount codes first.');
  });
});

