/**
 * Every write that moves stock refreshes the shoppers' cached reads of those products at once
 * (lib/catalog/cache.ts invalidateProductStock): the product's own tag and the product lists.
 * next/cache is mocked here (tests/support/setup.ts), so this checks which tags are dropped; that
 * Next's real cache then serves the new stock is e2e/cache-freshness.spec.ts.
 */
import { eq } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DELETE as orderDelete, PUT as orderPut } from '@/app/api/orders/[id]/route';
import { DELETE as itemDelete } from '@/app/api/orders/[id]/items/[itemId]/route';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { TAGS } from '@/lib/catalog/tags';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder } from '../support/admin-ops';
import { call } from '../support/http';
import { addToCart, orderCart, placedOrder, shopper } from '../support/buying';

const dropped = () => vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag);
const admin = async () => tokenFor(await createUser({ isAdmin: true }));

beforeEach(() => vi.mocked(revalidateTag).mockClear());

describe('stock writes refresh the cached product reads', () => {
  test('POST /api/orders — placing an order drops the product and the product lists', async () => {
    const { product } = await placedOrder({ quantity: 2, stock: 3 });
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });

  test('DELETE /api/orders/{id} — a customer cancelling drops the product', async () => {
    const { token, product, order } = await placedOrder();
    vi.mocked(revalidateTag).mockClear();
    const res = await call(orderDelete, { method: 'DELETE', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token });
    expect(res.status).toBe(200);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });

  test('DELETE /api/orders/{id} — an admin deleting an unpaid order drops the product', async () => {
    const { product, order } = await placedOrder();
    vi.mocked(revalidateTag).mockClear();
    const res = await call(orderDelete, { method: 'DELETE', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token: await admin() });
    expect(res.status).toBe(200);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(product.id), TAGS.products]));
  });

  test('PUT /api/orders/{id} — an admin quantity edit drops that product only; a message-only save drops nothing', async () => {
    const chair = await createProduct({ stock: 5 });
    const lamp = await createProduct({ stock: 5 });
    const { order, items } = await createOrder({ lines: [{ product: chair }, { product: lamp }] });
    const token = await admin();
    const put = (body: unknown) => call(orderPut, { method: 'PUT', url: `/api/orders/${order.id}`, params: { id: String(order.id) }, body, token });
    vi.mocked(revalidateTag).mockClear();
    expect((await put({ sales_message: 'Call first' })).status).toBe(200);
    expect(dropped()).toEqual([]);
    expect((await put({ items: [{ itemId: items[0].id, quantity: 2 }] })).status).toBe(200);
    expect(dropped()).toContain(TAGS.product(chair.id));
    expect(dropped()).not.toContain(TAGS.product(lamp.id));
  });

  test('DELETE /api/orders/{id}/items/{itemId} — deleting a line drops its product', async () => {
    const chair = await createProduct({ stock: 5 });
    const { order, items } = await createOrder({ lines: [{ product: chair }, {}] });
    vi.mocked(revalidateTag).mockClear();
    const res = await call(itemDelete, { method: 'DELETE', url: `/api/orders/${order.id}/items/${items[0].id}`, params: { id: String(order.id), itemId: String(items[0].id) }, token: await admin() });
    expect(res.status).toBe(200);
    expect(dropped()).toEqual(expect.arrayContaining([TAGS.product(chair.id), TAGS.products]));
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
