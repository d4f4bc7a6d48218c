/**
 * The administrators hear when an order takes a product down to the low_stock_threshold setting
 * (lib/orders/stock.ts holdLines): once per crossing, in the order's own
 * transaction — not for every later sale below the threshold.
 */
import { like } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { createProduct } from '../support/factories';
import { addToCart, orderCart, shopper } from '../support/buying';

const lowStockMails = (productId: number) => db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `low-stock:${productId}:%`));

async function order(productId: number, quantity: number) {
  const s = await shopper();
  expect((await addToCart(s.token, productId, quantity)).status).toBe(200);
  const res = await orderCart(s.token);
  expect(res.status).toBe(201);
}

test('POST /api/orders — an order that takes a product from above the threshold (5) to or below it writes one low-stock e-mail per administrator; later orders below it write none', async () => {
  const admin = (await shopper({ isAdmin: true })).user;
  const product = await createProduct({ stock: 8, name: 'Billy bookcase' });

  await order(product.id, 2); // 8 → 6: still above
  expect(await lowStockMails(product.id)).toHaveLength(0);

  await order(product.id, 2); // 6 → 4: crosses
  const mails = await lowStockMails(product.id);
  expect(mails.length).toBeGreaterThanOrEqual(1);
  expect(mails.map((m) => m.recipient)).toContain(admin.email);
  expect(mails.every((m) => m.template === 'low-stock' && m.subject.includes('Billy bookcase'))).toBe(true);

  await order(product.id, 1); // 4 → 3: already low
  expect(await lowStockMails(product.id)).toHaveLength(mails.length);
});
