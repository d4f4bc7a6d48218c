/**
 * One save of the Edit Order form (spec §4 Admin order editing, §5 Admin order items):
 * PUT /api/orders/{id} with status, items and messages together is saved whole or not at all, and
 * admin item edits reserve stock by the customer-order rule (lib/orders/stock.ts).
 */
import { describe, expect, test } from 'vitest';
import * as itemsRoute from '@/app/api/orders/[id]/items/route';
import * as orderRoute from '@/app/api/orders/[id]/route';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder, reloadOrder, stockOf } from '../support/admin-ops';
import { call } from '../support/http';

const adminToken = async () => tokenFor(await createUser({ isAdmin: true }));
const putOrder = async (orderId: number, body: unknown) =>
  call(orderRoute.PUT, { method: 'PUT', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, body, token: await adminToken() });
const putItems = async (orderId: number, body: unknown) =>
  call(itemsRoute.PUT, { method: 'PUT', url: `/api/orders/${orderId}/items`, params: { id: String(orderId) }, body, token: await adminToken() });

describe('PUT /api/orders/{id} — one save, all or nothing', () => {
  test('PUT /api/orders/{id} — status, a sales message and a quantity above stock: 409 naming the product, and the order, its items and the stock stay as they were', async () => {
    const lamp = await createProduct({ name: 'Hektar lamp', price: 4500, stock: 2 });
    const { order, items } = await createOrder({ lines: [{ product: lamp, quantity: 1 }] });
    const res = await putOrder(order.id, { status: 'processing', sales_message: 'Packed on Monday', items: [{ itemId: items[0].id, quantity: 5, price: 45 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough stock: Only 2 left of Hektar lamp. 4 more would be needed.');
    const stored = await reloadOrder(order.id);
    // Still pending and unpaid: the customer can still pay or cancel it.
    expect(stored).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', salesMessage: null, subtotal: 4500 });
    expect(await stockOf(lamp.id)).toBe(2);
  });

  test('PUT /api/orders/{id} — status, items and the sales message are saved together (the customer message sent unchanged); stock follows the new quantity', async () => {
    const chair = await createProduct({ price: 10000, stock: 5 });
    const { order, items } = await createOrder({ lines: [{ product: chair, quantity: 1 }], shippingFee: 4900, customerMessage: 'Ring twice' });
    const res = await putOrder(order.id, {
      status: 'cancelled',
      customer_message: 'Ring twice',
      sales_message: 'Packed on Monday',
      items: [{ itemId: items[0].id, quantity: 3, price: 100 }],
    });
    expect(res.status).toBe(200);
    // 3 × $100 = $300; the order keeps the $49 delivery it was charged (docs/delivery.md).
    expect(res.body).toMatchObject({ status: 'cancelled', customer_message: 'Ring twice', sales_message: 'Packed on Monday', subtotal: 300, shipping_fee: 49, total_amount: 349 });
    // 2 more units held for the new quantity, then let go by the cancellation. (createOrder writes
    // the order directly: its first unit was never held, so it is not given back either.)
    expect(await stockOf(chair.id)).toBe(5);
  });

  test('PUT /api/orders/{id} — cancelling while lowering a line returns the edited quantity once', async () => {
    const chair = await createProduct({ stock: 0 });
    const { order, items } = await createOrder({ lines: [{ product: chair, quantity: 3 }] });
    const res = await putOrder(order.id, { status: 'cancelled', items: [{ itemId: items[0].id, quantity: 2 }] });
    expect(res.status).toBe(200);
    // 1 unit back for the lower quantity, then the 2 left for the cancellation: all 3.
    expect(await stockOf(chair.id)).toBe(3);
  });

  test('PUT /api/orders/{id} — an empty body is 400 and changes nothing', async () => {
    const { order } = await createOrder();
    const res = await putOrder(order.id, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/status, items, customer_message or sales_message/);
  });
});

describe('admin item edits reserve stock by the customer-order rule', () => {
  test('PUT /api/orders/{id}/items — raising a line of an archived product is refused (409 no longer available), lowering it returns stock', async () => {
    const gone = await createProduct({ name: 'Old sofa', stock: 9, archivedAt: new Date() });
    const { order, items } = await createOrder({ lines: [{ product: gone, quantity: 2 }] });
    const up = await putItems(order.id, [{ itemId: items[0].id, quantity: 3 }]);
    expect(up.status).toBe(409);
    expect(up.body.message).toBe('Sorry, Old sofa is no longer available.');
    expect(await stockOf(gone.id)).toBe(9);
    const down = await putItems(order.id, [{ itemId: items[0].id, quantity: 1 }]);
    expect(down.status).toBe(200);
    expect(await stockOf(gone.id)).toBe(10);
  });

  test('PUT /api/orders/{id}/items — raising a line of a product not sold online is refused (409)', async () => {
    const shopOnly = await createProduct({ name: 'Store-only desk', stock: 9, sellableOnline: false });
    const { order, items } = await createOrder({ lines: [{ product: shopOnly, quantity: 1 }] });
    const res = await putItems(order.id, [{ itemId: items[0].id, quantity: 2 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Sorry, Store-only desk is no longer available.');
    expect(await stockOf(shopOnly.id)).toBe(9);
  });
});
