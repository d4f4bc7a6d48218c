import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { orderItems, orders } from '@/db/schema';
import { createProduct } from '../support/factories';
import { addToCart, orderCart, shopper, stockOf } from '../support/buying';

test('POST /api/orders — 50 simultaneous orders for a product with stock 10: exactly 10 succeed, the rest 409, stock ends at 0', async () => {
  const product = await createProduct({ stock: 10, name: 'Kallax shelf' });
  const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
  for (const s of shoppers) expect((await addToCart(s.token, product.id, 1)).status).toBe(200);

  const results = await Promise.all(shoppers.map((s) => orderCart(s.token)));

  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(10);
  expect(statuses.filter((s) => s === 409)).toHaveLength(40);
  const refused = results.find((r) => r.status === 409)!;
  expect(refused.body.message).toMatch(/Kallax shelf/);
  expect(await stockOf(product.id)).toBe(0);
  const lines = await db.select().from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orderItems.productId, product.id));
  expect(lines).toHaveLength(10);
}, 120_000);
