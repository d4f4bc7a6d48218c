import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { products, savedItems } from '@/db/schema';
import { DELETE as removeSaved, GET as listSaved, POST as save } from '@/app/api/saved-items/route';
import { POST as moveToCart } from '@/app/api/saved-items/move-to-cart/route';
import { GET as getViewer } from '@/app/api/viewer/route';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { cartOf, shopper } from '../support/buying';

const saveAs = (token: string | undefined, product_id: unknown) => call(save, { method: 'POST', url: '/api/saved-items', token, body: { product_id } });
const removeAs = (token: string, product_id: unknown) => call(removeSaved, { method: 'DELETE', url: '/api/saved-items', token, body: { product_id } });
const listAs = (token: string) => call(listSaved, { url: '/api/saved-items', token });
const rowsOf = (userId: number) => db.select().from(savedItems).where(eq(savedItems.userId, userId));

describe('saved items', () => {
  test('POST /api/saved-items — a visitor gets 401 and nothing is saved', async () => {
    const product = await createProduct();
    const res = await saveAs(undefined, product.id);
    expect(res.status).toBe(401);
    expect(await db.select().from(savedItems).where(eq(savedItems.productId, product.id))).toEqual([]);
  });

  test('POST /api/saved-items — saves with the price of the moment; saving twice answers 200 and keeps one row and its first price', async () => {
    const { token, user } = await shopper();
    const chair = await createProduct({ price: 49_900, stock: 3, name: 'POÄNG Armchair' });
    const first = await saveAs(token, chair.id);
    expect(first.status).toBe(200);
    expect(first.body.item).toMatchObject({ product_id: chair.id, name: 'POÄNG Armchair', price: 499, price_when_saved: 499, stock: 3, available: true });
    await db.update(products).set({ price: 45_000 }).where(eq(products.id, chair.id));
    const again = await saveAs(token, chair.id);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Already in your saved items.');
    expect(again.body.item).toMatchObject({ price: 450, price_when_saved: 499 });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  test('POST /api/saved-items — a product that does not exist is 404 "Product not found."; a bad id is 400', async () => {
    const { token, user } = await shopper();
    const missing = await saveAs(token, 99_999_999);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Product not found.');
    const archived = await createProduct({ archivedAt: new Date() });
    expect((await saveAs(token, archived.id)).status).toBe(404);
    expect((await saveAs(token, 'chair')).status).toBe(400);
    expect((await saveAs(token, -3)).status).toBe(400);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  test('GET /api/saved-items — lists only the caller\'s own items, newest first, with today\'s price and stock', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const sofa = await createProduct({ price: 129_900, stock: 0 });
    const lamp = await createProduct({ price: 4_900, stock: 8 });
    await saveAs(mine.token, sofa.id);
    await saveAs(mine.token, lamp.id);
    await saveAs(theirs.token, lamp.id);
    const res = await listAs(mine.token);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { product_id: number }) => i.product_id)).toEqual([lamp.id, sofa.id]);
    expect(res.body.items[1]).toMatchObject({ stock: 0, price: 1299 });
    expect((await listAs(theirs.token)).body.items.map((i: { product_id: number }) => i.product_id)).toEqual([lamp.id]);
  });

  test('DELETE /api/saved-items — removes the caller\'s item only; another customer\'s saved product is 404 for them', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const bed = await createProduct();
    await saveAs(theirs.token, bed.id);
    const notMine = await removeAs(mine.token, bed.id);
    expect(notMine.status).toBe(404);
    expect(await rowsOf(theirs.user.id)).toHaveLength(1);
    expect((await removeAs(theirs.token, bed.id)).status).toBe(200);
    expect(await rowsOf(theirs.user.id)).toEqual([]);
  });

  test('POST /api/saved-items/move-to-cart — puts one in the cart and takes it off the saved items; a sold-out product stays saved (409)', async () => {
    const { token, user } = await shopper();
    const table = await createProduct({ stock: 2 });
    const soldOut = await createProduct({ stock: 0 });
    await saveAs(token, table.id);
    await saveAs(token, soldOut.id);
    const moved = await call(moveToCart, { method: 'POST', url: '/api/saved-items/move-to-cart', token, body: { product_id: table.id } });
    expect(moved.status).toBe(200);
    expect((await cartOf(token)).map((i) => [i.product_id, i.quantity])).toEqual([[table.id, 1]]);
    const refused = await call(moveToCart, { method: 'POST', url: '/api/saved-items/move-to-cart', token, body: { product_id: soldOut.id } });
    expect(refused.status).toBe(409);
    expect((await rowsOf(user.id)).map((r) => r.productId)).toEqual([soldOut.id]);
    const notSaved = await call(moveToCart, { method: 'POST', url: '/api/saved-items/move-to-cart', token, body: { product_id: table.id } });
    expect(notSaved.status).toBe(404);
  });

  test('GET /api/viewer — carries the ids the customer saved, for the hearts of cached pages', async () => {
    const { token } = await shopper();
    const a = await createProduct();
    const b = await createProduct();
    await saveAs(token, b.id);
    await saveAs(token, a.id);
    const res = await call(getViewer, { url: '/api/viewer', token });
    expect(res.body.saved_product_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    await removeAs(token, a.id);
    expect((await call(getViewer, { url: '/api/viewer', token })).body.saved_product_ids).toEqual([b.id]);
    expect(await db.select().from(savedItems).where(and(eq(savedItems.productId, a.id)))).toEqual([]);
  });
});
