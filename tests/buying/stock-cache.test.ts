/**
 * Every write that moves stock refreshes the shoppers' cached reads of those products at once
 * (lib/catalog/read/cache.ts invalidateProductStock): always the product's own tag (its page shows the
 * count), and the product lists' tag only when a product sold out or came back in stock (lists show
 * "Out of stock", not how many are left), so an ordinary order does not empty every listing.
 * next/cache is mocked here (tests/support/unit-setup.ts), so this checks which tags are dropped;
 * that Next's real cache then serves the new stock is e2e/cache-freshness.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DELETE as orderDelete, PUT as orderPut } from '@/app/api/orders/[id]/route';
import { DELETE as itemDelete } from '@/app/api/orders/[id]/items/[itemId]/route';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { TAGS } from '@/lib/catalog/tags';
import { expireOrders } from '@/lib/orders/expiry';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call } from '../support/http';
import { addToCart, orderCart, placedOrder, shopper, stockOf } from '../support/buying';
import { paidOrder, refund } from '../support/after-sale';

const dropped = () => vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag);
const admin = async () => tokenFor(await createUser({ isAdmin: true }));
const cancel = (token: string, orderId: number) => call(orderDelete, { method: 'DELETE', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, token });

beforeEach(() => vi.mocked(revalidateTag).mockClear());

describe('placing an order', () => {
  test('POST /api/orders — 1 of 5: the product is dropped, the product lists are kept (it is still in stock)', async () => {
    const { product } = await placedOrder({ quantity: 1, stock: 5 });
    expect(await stockOf(product.id)).toBe(4);
    expect(dropped()).toContain(TAGS.product(product.id));
    expect(dropped()).not.toContain(TAGS.products);
  });

  test('POST /api/orders — the last one: the product and the product lists are dropped (it sold out)', async () => {
    const { product } = await placedOrder({ quantity: 1, stock: 1 });
    expect(await stockOf(product.id)).toBe(0);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });

  test('POST /api/orders — two products, one of them sold out by it: both products and the lists are dropped', async () => {
    const s = await shopper();
    const chair = await createProduct({ stock: 5 });
    const lamp = await createProduct({ stock: 2 });
    await addToCart(s.token, chair.id, 1);
    await addToCart(s.token, lamp.id, 2);
    vi.mocked(revalidateTag).mockClear();
    expect((await orderCart(s.token)).status).toBe(201);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(chair.id), TAGS.product(lamp.id), TAGS.products]));
  });

  test('a refused order (short stock) drops nothing', async () => {
    const s = await shopper();
    const product = await createProduct({ stock: 5 });
    await addToCart(s.token, product.id, 3);
    await db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    vi.mocked(revalidateTag).mockClear();
    expect((await orderCart(s.token)).status).toBe(409);
    expect(dropped()).toEqual([]);
  });
});

describe('cancelling and deleting orders', () => {
  test('DELETE /api/orders/{id} — a customer cancelling the order that took the last one: back in stock, the lists are dropped too', async () => {
    const { token, product, order } = await placedOrder({ quantity: 1, stock: 1 });
    vi.mocked(revalidateTag).mockClear();
    expect((await cancel(token, order.order_id)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(1);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });

  test('DELETE /api/orders/{id} — a customer cancelling while the product stayed in stock: only the product is dropped', async () => {
    const { token, product, order } = await placedOrder({ quantity: 1, stock: 5 });
    vi.mocked(revalidateTag).mockClear();
    expect((await cancel(token, order.order_id)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
    expect(dropped()).toContain(TAGS.product(product.id));
    expect(dropped()).not.toContain(TAGS.products);
  });

  test('DELETE /api/orders/{id} — an admin deleting an unpaid order: the product always, the lists only when it was sold out', async () => {
    const soldOut = await placedOrder({ quantity: 2, stock: 2 });
    const inStock = await placedOrder({ quantity: 2, stock: 3 });
    const token = await admin();
    vi.mocked(revalidateTag).mockClear();
    expect((await cancel(token, inStock.order.order_id)).status).toBe(200);
    expect(dropped()).toContain(TAGS.product(inStock.product.id));
    expect(dropped()).not.toContain(TAGS.products);
    vi.mocked(revalidateTag).mockClear();
    expect((await cancel(token, soldOut.order.order_id)).status).toBe(200);
    expect(await stockOf(soldOut.product.id)).toBe(2);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(soldOut.product.id), TAGS.products]));
  });

  test('GET /api/cron/expire-orders — an overdue order that held the last one is released: back in stock, the lists are dropped', async () => {
    const { product, order } = await placedOrder({ quantity: 1, stock: 1 });
    vi.mocked(revalidateTag).mockClear();
    const expired = await expireOrders(undefined, { now: new Date(Date.now() + 2 * 24 * 3_600_000) });
    expect(expired.orderIds).toContain(order.order_id);
    expect(await stockOf(product.id)).toBe(1);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });
});

describe('admin order edits', () => {
  test('PUT /api/orders/{id} — a message-only save drops nothing; a quantity edit drops that product only; taking its last units drops the lists too', async () => {
    const chair = await createProduct({ stock: 5 });
    const lamp = await createProduct({ stock: 5 });
    const { order, items } = await createOrder({ lines: [{ product: chair }, { product: lamp }] });
    const token = await admin();
    const put = (body: unknown) => call(orderPut, { method: 'PUT', url: `/api/orders/${order.id}`, params: { id: String(order.id) }, body, token });
    vi.mocked(revalidateTag).mockClear();
    expect((await put({ sales_message: 'Call first' })).status).toBe(200);
    expect(dropped()).toEqual([]);

    expect((await put({ items: [{ itemId: items[0].id, quantity: 2 }] })).status).toBe(200);
    expect(await stockOf(chair.id)).toBe(4);
    expect(dropped()).toContain(TAGS.product(chair.id));
    expect(dropped()).not.toContain(TAGS.product(lamp.id));
    expect(dropped()).not.toContain(TAGS.products);

    vi.mocked(revalidateTag).mockClear();
    expect((await put({ items: [{ itemId: items[0].id, quantity: 6 }] })).status).toBe(200);
    expect(await stockOf(chair.id)).toBe(0);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(chair.id), TAGS.products]));
  });

  test('PUT /api/orders/{id} — cancelling an order whose product had sold out drops the lists; re-opening it sells it out again and drops them again', async () => {
    const chair = await createProduct({ stock: 0 });
    const { order } = await createOrder({ lines: [{ product: chair, quantity: 1 }] });
    const token = await admin();
    const put = (body: unknown) => call(orderPut, { method: 'PUT', url: `/api/orders/${order.id}`, params: { id: String(order.id) }, body, token });
    vi.mocked(revalidateTag).mockClear();
    expect((await put({ status: 'cancelled' })).status).toBe(200);
    expect(await stockOf(chair.id)).toBe(1);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(chair.id), TAGS.products]));
    vi.mocked(revalidateTag).mockClear();
    expect((await put({ status: 'pending' })).status).toBe(200);
    expect(await stockOf(chair.id)).toBe(0);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(chair.id), TAGS.products]));
  });

  test('DELETE /api/orders/{id}/items/{itemId} — deleting a line drops its product; the lists only when it was sold out', async () => {
    const chair = await createProduct({ stock: 5 });
    const lamp = await createProduct({ stock: 0 });
    const { order, items } = await createOrder({ lines: [{ product: chair }, { product: lamp }, {}] });
    const token = await admin();
    const del = (itemId: number) => call(itemDelete, { method: 'DELETE', url: `/api/orders/${order.id}/items/${itemId}`, params: { id: String(order.id), itemId: String(itemId) }, token });
    vi.mocked(revalidateTag).mockClear();
    expect((await del(items[0].id)).status).toBe(200);
    expect(dropped()).toContain(TAGS.product(chair.id));
    expect(dropped()).not.toContain(TAGS.products);
    vi.mocked(revalidateTag).mockClear();
    expect((await del(items[1].id)).status).toBe(200);
    expect(await stockOf(lamp.id)).toBe(1);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(lamp.id), TAGS.products]));
  });
});

describe('refunds with restock', () => {
  test('POST /api/orders/{id}/refunds — restocking a product that had sold out drops the lists; one still in stock drops only the product', async () => {
    const token = await admin();
    const { order, products: [soldOut, inStock], items } = await paidOrder([
      { price: 19_900, quantity: 1, stock: 1 },
      { price: 4_500, quantity: 1, stock: 5 },
    ]);
    vi.mocked(revalidateTag).mockClear();
    expect((await refund(token, order.order_id, { lines: [{ orderItemId: items[1].order_item_id, quantity: 1 }], restock: true })).status).toBe(201);
    expect(dropped()).toContain(TAGS.product(inStock.id));
    expect(dropped()).not.toContain(TAGS.products);
    vi.mocked(revalidateTag).mockClear();
    expect((await refund(token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], restock: true })).status).toBe(201);
    expect(await stockOf(soldOut.id)).toBe(1);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(soldOut.id), TAGS.products]));
  });
});
