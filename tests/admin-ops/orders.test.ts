/**
 * Admin order editing (spec §4 Admin order editing, §5 Admin order items, §7 admin calls):
 * PUT /api/orders/{id}/items, DELETE /api/orders/{id}/items/{itemId}, PUT /api/orders/{id}/messages
 * PUT /api/orders/{id} (status) and the admin's DELETE /api/orders/{id}.
 * Totals follow the default settings: shipping $49 below a $500 subtotal, free from $500.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { payments } from '@/db/schema';
import * as itemsRoute from '@/app/api/orders/[id]/items/route';
import * as itemRoute from '@/app/api/orders/[id]/items/[itemId]/route';
import * as messagesRoute from '@/app/api/orders/[id]/messages/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder, createPayment, reloadOrder, stockOf } from '../support/admin-ops';
import { call } from '../support/http';

async function adminToken() {
  return tokenFor(await createUser({ isAdmin: true }));
}

const putItems = async (orderId: number, body: unknown, token?: string) =>
  call(itemsRoute.PUT, { method: 'PUT', url: `/api/orders/${orderId}/items`, params: { id: String(orderId) }, body, token: token ?? (await adminToken()) });
const deleteItem = async (orderId: number, itemId: number, token?: string) =>
  call(itemRoute.DELETE, { method: 'DELETE', url: `/api/orders/${orderId}/items/${itemId}`, params: { id: String(orderId), itemId: String(itemId) }, token: token ?? (await adminToken()) });

describe('PUT /api/orders/{id}/items', () => {
  test('PUT /api/orders/{id}/items — a larger quantity takes stock and recomputes subtotal, shipping and total', async () => {
    const chair = await createProduct({ price: 10000, stock: 10 });
    const lamp = await createProduct({ price: 2550, stock: 4 });
    const { order, items } = await createOrder({ lines: [{ product: chair, quantity: 1 }, { product: lamp, quantity: 1 }], shippingFee: 4900 });
    const res = await putItems(order.id, [{ itemId: items[0].id, quantity: 3, price: 100 }]);
    expect(res.status).toBe(200);
    expect(await stockOf(chair.id)).toBe(8);
    expect(await stockOf(lamp.id)).toBe(4);
    // 3 × $100 + $25.50 = $325.50; the order keeps the $49 delivery it was charged (docs/delivery.md).
    expect(res.body).toMatchObject({ order_id: order.id, subtotal: 325.5, shipping_fee: 49, total_amount: 374.5 });
    const line = res.body.orderItems.find((i: { order_item_id: number }) => i.order_item_id === items[0].id);
    expect(line).toMatchObject({ quantity: 3, unit_price: 100, total_price: 300, product: { product_id: chair.id, sku: chair.sku } });
    const stored = await reloadOrder(order.id);
    expect([stored.subtotal, stored.shippingFee, stored.totalAmount]).toEqual([32550, 4900, 37450]);
  });

  test('PUT /api/orders/{id}/items — a smaller quantity returns stock; a new unit price changes the line; the delivery fee is not quoted again', async () => {
    const sofa = await createProduct({ price: 30000, stock: 2 });
    const { order, items } = await createOrder({ lines: [{ product: sofa, quantity: 3 }], shippingFee: 0 });
    const res = await putItems(order.id, [{ itemId: items[0].id, quantity: '2', price: '275.25' }]);
    expect(res.status).toBe(200);
    expect(await stockOf(sofa.id)).toBe(3);
    expect(res.body).toMatchObject({ subtotal: 550.5, shipping_fee: 0, total_amount: 550.5 });
    expect(res.body.orderItems[0]).toMatchObject({ quantity: 2, unit_price: 275.25, total_price: 550.5 });
  });

  test('PUT /api/orders/{id}/items — 409 when stock is short, and nothing of the request is applied', async () => {
    const a = await createProduct({ price: 1000, stock: 5 });
    const b = await createProduct({ price: 1000, stock: 1 });
    const { order, items } = await createOrder({ lines: [{ product: a, quantity: 1 }, { product: b, quantity: 1 }] });
    const res = await putItems(order.id, [
      { itemId: items[0].id, quantity: 3, price: 10 },
      { itemId: items[1].id, quantity: 3, price: 10 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not enough stock/i);
    expect(res.body.message).toContain(b.name);
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(1);
    const stored = await reloadOrder(order.id);
    expect(stored.subtotal).toBe(2000);
  });

  test('PUT /api/orders/{id}/items — the items of a paid order are locked (409)', async () => {
    const p = await createProduct({ stock: 10 });
    const { order, items } = await createOrder({ lines: [{ product: p, quantity: 1 }], paymentStatus: 'paid' });
    const res = await putItems(order.id, [{ itemId: items[0].id, quantity: 2, price: 1 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/paid order/);
    expect(await stockOf(p.id)).toBe(10);
  });

  test('PUT /api/orders/{id}/items — 404 for an item of another order or an unknown order', async () => {
    const { order } = await createOrder();
    const { items: otherItems } = await createOrder();
    expect((await putItems(order.id, [{ itemId: otherItems[0].id, quantity: 2 }])).status).toBe(404);
    expect((await putItems(99999999, [{ itemId: otherItems[0].id, quantity: 2 }])).status).toBe(404);
  });

  test('PUT /api/orders/{id}/items — refuses quantity 0, negative or non-numeric prices, empty lists and repeated items (400)', async () => {
    const { order, items } = await createOrder();
    const id = items[0].id;
    for (const body of [
      [{ itemId: id, quantity: 0, price: 1 }],
      [{ itemId: id, quantity: 1.5, price: 1 }],
      [{ itemId: id, quantity: 1, price: -1 }],
      [{ itemId: id, quantity: 1, price: 'abc' }],
      [{ itemId: id, quantity: 1, price: '' }],
      [{ itemId: id, quantity: 1, price: 1.234 }],
      [{ itemId: id }],
      [],
      [
        { itemId: id, quantity: 1 },
        { itemId: id, quantity: 2 },
      ],
      { quantity: 2 },
    ]) {
      const res = await putItems(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const res = await putItems(order.id, [{ itemId: id, quantity: 0 }]);
    expect(res.body.message).toContain('Quantity must be at least 1');
  });

  test('PUT /api/orders/{id}/items — on a cancelled order quantities change without moving stock', async () => {
    const p = await createProduct({ stock: 0 });
    const { order, items } = await createOrder({ lines: [{ product: p, quantity: 1 }], status: 'cancelled' });
    const res = await putItems(order.id, [{ itemId: items[0].id, quantity: 4 }]);
    expect(res.status).toBe(200);
    expect(await stockOf(p.id)).toBe(0);
  });
});

describe('DELETE /api/orders/{id}/items/{itemId}', () => {
  test('DELETE /api/orders/{id}/items/{itemId} — removes the line, returns its stock and recomputes totals', async () => {
    const a = await createProduct({ price: 20000, stock: 1 });
    const b = await createProduct({ price: 40000, stock: 1 });
    const { order, items } = await createOrder({ lines: [{ product: a, quantity: 1 }, { product: b, quantity: 2 }], shippingFee: 4900 });
    const res = await deleteItem(order.id, items[1].id);
    expect(res.status).toBe(200);
    expect(await stockOf(b.id)).toBe(3);
    expect(res.body.orderItems).toHaveLength(1);
    expect(res.body).toMatchObject({ subtotal: 200, shipping_fee: 49, total_amount: 249 });
  });

  test('DELETE /api/orders/{id}/items/{itemId} — refuses the last item (409: delete the order instead)', async () => {
    const p = await createProduct({ stock: 3 });
    const { order, items } = await createOrder({ lines: [{ product: p, quantity: 2 }] });
    const res = await deleteItem(order.id, items[0].id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/delete the order instead/i);
    expect(await stockOf(p.id)).toBe(3);
  });

  test('DELETE /api/orders/{id}/items/{itemId} — a paid order keeps its items (409); another order\'s item is 404', async () => {
    const { order, items } = await createOrder({ lines: [{}, {}], paymentStatus: 'paid' });
    expect((await deleteItem(order.id, items[0].id)).status).toBe(409);
    const { order: other } = await createOrder({ lines: [{}, {}] });
    expect((await deleteItem(other.id, items[0].id)).status).toBe(404);
    expect((await deleteItem(other.id, 0)).status).toBe(400);
  });

  test('DELETE /api/orders/{id}/items/{itemId} — a cancelled order\'s stock is not returned twice', async () => {
    const p = await createProduct({ stock: 7 });
    const { order, items } = await createOrder({ lines: [{ product: p, quantity: 2 }, {}], status: 'cancelled' });
    expect((await deleteItem(order.id, items[0].id)).status).toBe(200);
    expect(await stockOf(p.id)).toBe(7);
  });
});

describe('PUT /api/orders/{id}/messages', () => {
  test('PUT /api/orders/{id}/messages — sets the sales message and keeps the customer message; the same customer message is accepted', async () => {
    const { order } = await createOrder({ customerMessage: 'Leave by the door', salesMessage: 'old note' });
    const token = await adminToken();
    const put = (body: unknown) => call(messagesRoute.PUT, { method: 'PUT', params: { id: String(order.id) }, body, token });
    let res = await put({ sales_message: 'Dispatched with NZ Couriers' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customer_message: 'Leave by the door', sales_message: 'Dispatched with NZ Couriers' });
    res = await put({ customer_message: 'Leave by the door', sales_message: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customer_message: 'Leave by the door', sales_message: null });
  });

  test("PUT /api/orders/{id}/messages and PUT /api/orders/{id} — staff cannot rewrite or clear the customer's own message (403, nothing saved)", async () => {
    const { order } = await createOrder({ customerMessage: 'Leave by the door', salesMessage: 'old note' });
    const token = await adminToken();
    const id = String(order.id);
    for (const customer_message of ['Customer asked for a discount', '']) {
      const res = await call(messagesRoute.PUT, { method: 'PUT', params: { id }, body: { customer_message, sales_message: 'new note' }, token });
      expect(res.status, customer_message).toBe(403);
      expect(res.body.message).toBe("The customer's message is their own and cannot be changed by staff. Add your note as the sales message instead.");
    }
    const whole = await call(orderRoute.PUT, { method: 'PUT', params: { id }, body: { status: 'cancelled', customer_message: 'Changed' }, token });
    expect(whole.status).toBe(403);
    expect(await reloadOrder(order.id)).toMatchObject({ customerMessage: 'Leave by the door', salesMessage: 'old note', status: 'pending' });
  });

  test('PUT /api/orders/{id}/messages — 400 for non-text or empty bodies, 404 for an unknown order', async () => {
    const { order } = await createOrder();
    const token = await adminToken();
    expect((await call(messagesRoute.PUT, { method: 'PUT', params: { id: String(order.id) }, body: { sales_message: 5 }, token })).status).toBe(400);
    expect((await call(messagesRoute.PUT, { method: 'PUT', params: { id: String(order.id) }, body: {}, token })).status).toBe(400);
    expect((await call(messagesRoute.PUT, { method: 'PUT', params: { id: String(order.id) }, body: { sales_message: 'x'.repeat(2001) }, token })).status).toBe(400);
    expect((await call(messagesRoute.PUT, { method: 'PUT', params: { id: '99999999' }, body: { sales_message: 'hi' }, token })).status).toBe(404);
  });
});

const putStatus = async (orderId: number, status: unknown, token?: string) =>
  call(orderRoute.PUT, { method: 'PUT', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, body: { status }, token: token ?? (await adminToken()) });

describe('PUT /api/orders/{id}', () => {
  test('PUT /api/orders/{id} — cancelling returns the stock of every line; re-opening takes it again', async () => {
    const a = await createProduct({ stock: 1 });
    const b = await createProduct({ stock: 0 });
    const { order } = await createOrder({ lines: [{ product: a, quantity: 2 }, { product: b, quantity: 1 }] });
    const cancelled = await putStatus(order.id, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ order_id: order.id, status: 'cancelled' });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 1]);
    expect((await reloadOrder(order.id)).cancelledAt).not.toBeNull();
    // Cancelling again changes nothing.
    await putStatus(order.id, 'cancelled');
    expect(await stockOf(a.id)).toBe(3);
    // An unpaid order re-opens to pending (processing waits for payment).
    const reopened = await putStatus(order.id, 'pending');
    expect(reopened.body.status).toBe('pending');
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([1, 0]);
    expect((await reloadOrder(order.id)).cancelledAt).toBeNull();
  });

  test('PUT /api/orders/{id} — re-opening a cancelled order is refused when the stock has gone (409, nothing changed)', async () => {
    const a = await createProduct({ stock: 5 });
    const b = await createProduct({ stock: 0 });
    const { order } = await createOrder({ lines: [{ product: a, quantity: 2 }, { product: b, quantity: 1 }], status: 'cancelled' });
    const res = await putStatus(order.id, 'pending');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not enough stock/i);
    expect((await reloadOrder(order.id)).status).toBe('cancelled');
    expect(await stockOf(a.id)).toBe(5);
  });

  test('PUT /api/orders/{id} — a paid order moves along its fulfilment, stock untouched, never back to pending; it may be cancelled (pending resolution)', async () => {
    const p = await createProduct({ stock: 4 });
    const { order } = await createOrder({ lines: [{ product: p, quantity: 2 }], paymentStatus: 'paid', status: 'processing' });
    for (const s of ['shipped', 'processing'] as const) expect((await putStatus(order.id, s)).body.status).toBe(s);
    const back = await putStatus(order.id, 'pending');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A paid order cannot go back to pending: pending is for orders waiting for payment.');
    expect(await stockOf(p.id)).toBe(4);
    const res = await putStatus(order.id, 'cancelled');
    expect(res.body).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
  });

  test('PUT /api/orders/{id} — cancelling stops unfinished payment attempts', async () => {
    const { order } = await createOrder();
    const attempt = await createPayment(order, { status: 'requires_action' });
    await putStatus(order.id, 'cancelled');
    const [row] = await db.select().from(payments).where(eq(payments.id, attempt.id));
    expect(row.status).toBe('failed');
  });

  test('PUT /api/orders/{id} — 400 for an unknown status, 404 for an unknown order, 403 for the customer who owns it', async () => {
    const customer = await createUser();
    const { order } = await createOrder({ userId: customer.id });
    expect((await putStatus(order.id, 'lost')).status).toBe(400);
    expect((await putStatus(order.id, undefined)).status).toBe(400);
    expect((await putStatus(99999999, 'shipped')).status).toBe(404);
    expect((await putStatus(order.id, 'shipped', await tokenFor(customer))).status).toBe(403);
    expect((await reloadOrder(order.id)).status).toBe('pending');
  });
});

describe('DELETE /api/orders/{id} (admin)', () => {
  const del = async (orderId: number) =>
    call(orderRoute.DELETE, { method: 'DELETE', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, token: await adminToken() });

  test('DELETE /api/orders/{id} — a paid order cannot be deleted (409)', async () => {
    const { order } = await createOrder({ paymentStatus: 'paid' });
    const res = await del(order.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/paid order cannot be deleted/i);
    expect(await reloadOrder(order.id)).toBeDefined();
  });

  test('DELETE /api/orders/{id} — an unpaid order is deleted and its stock returns', async () => {
    const p = await createProduct({ stock: 2 });
    const { order } = await createOrder({ lines: [{ product: p, quantity: 3 }] });
    expect((await del(order.id)).status).toBe(200);
    expect(await reloadOrder(order.id)).toBeUndefined();
    expect(await stockOf(p.id)).toBe(5);
  });
});
