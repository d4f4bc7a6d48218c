import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { cartItems, products } from '@/db/schema';
import { GET as getCart } from '@/app/api/cart/route';
import { PUT as updateCart } from '@/app/api/cart/update/route';
import { DELETE as removeFromCart } from '@/app/api/cart/remove/[id]/route';
import { POST as clearCart } from '@/app/api/cart/clear/route';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { addToCart, cartOf, shopper } from '../support/buying';

const update = (token: string, cart_item_id: number, quantity: number) => call(updateCart, { method: 'PUT', url: '/api/cart/update', token, body: { cart_item_id, quantity } });

describe('cart', () => {
  test('GET /api/cart — a visitor gets 401 with a message', async () => {
    const res = await call(getCart, { url: '/api/cart' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  test('GET /api/cart — a new customer has an empty cart', async () => {
    const { token } = await shopper();
    const res = await call(getCart, { url: '/api/cart', token });
    expect(res.status).toBe(200);
    expect(res.body.CartItems).toEqual([]);
  });

  test('POST /api/cart/add — adds a line with the product in the spec shape; adding again increases it', async () => {
    const { token } = await shopper();
    const product = await createProduct({ price: 129950, stock: 5, name: 'Strandmon wing chair' });
    const first = await addToCart(token, product.id, 2);
    expect(first.status).toBe(200);
    expect(first.body.CartItem).toMatchObject({ product_id: product.id, quantity: 2, Product: { product_id: product.id, name: 'Strandmon wing chair', price: 1299.5, stock: 5, images: [] } });
    await addToCart(token, product.id, 1);
    const items = await cartOf(token);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ cart_item_id: first.body.CartItem.cart_item_id, cart_id: expect.any(Number), quantity: 3 });
  });

  test('GET /api/cart — each line carries its product\'s colour and illustration, so the cart shows the product\'s own picture', async () => {
    const { token } = await shopper();
    const sofa = await createProduct({ name: 'KIVIK 3-seat sofa', color: 'Dark grey' });
    const bed = await createProduct({ name: 'MALM Bed frame, high', color: 'White' });
    await addToCart(token, sofa.id, 1);
    await addToCart(token, bed.id, 1);
    const res = await call(getCart, { url: '/api/cart', token });
    expect(res.body.CartItems.map((i: { Product: { color: string; illustration: string } }) => [i.Product.color, i.Product.illustration])).toEqual([
      ['Dark grey', '/illustrations/sofa.svg'],
      ['White', '/illustrations/bed.svg'],
    ]);
  });

  test('POST /api/cart/add — refuses quantity 0 and a missing product id', async () => {
    const { token } = await shopper();
    const product = await createProduct();
    const zero = await addToCart(token, product.id, 0);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('Quantity must be at least 1');
    const missing = await call((await import('@/app/api/cart/add/route')).POST, { method: 'POST', url: '/api/cart/add', token, body: { quantity: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Invalid product data');
    expect(await cartOf(token)).toEqual([]);
  });

  test('POST /api/cart/add — beyond stock answers 409 with how many are left, including what is already in the cart', async () => {
    const { token } = await shopper();
    const product = await createProduct({ stock: 3, name: 'Billy bookcase' });
    expect((await addToCart(token, product.id, 4)).body.message).toBe('Only 3 left of Billy bookcase — you asked for 4. Nothing was added to your cart.');
    await addToCart(token, product.id, 2);
    const again = await addToCart(token, product.id, 2);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only 3 left of Billy bookcase. You already have 2 in your cart, so 2 more cannot be added.');
    expect((await cartOf(token))[0].quantity).toBe(2);
  });

  test('POST /api/cart/add — 10 with 7 in stock is refused with both numbers; nothing is put in the cart (not 7)', async () => {
    const { token } = await shopper();
    const product = await createProduct({ stock: 7, name: 'Kivik sofa' });
    const res = await addToCart(token, product.id, 10);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', message: 'Only 7 left of Kivik sofa — you asked for 10. Nothing was added to your cart.' });
    expect(await cartOf(token)).toEqual([]);
  });

  test('POST /api/cart/add — an out-of-stock, archived or unknown product is refused', async () => {
    const { token } = await shopper();
    const empty = await createProduct({ stock: 0, name: 'Sold-out stool' });
    expect(await addToCart(token, empty.id)).toMatchObject({ status: 409, body: { message: 'Sorry, Sold-out stool is out of stock.' } });
    const archived = await createProduct({ archivedAt: new Date() });
    expect((await addToCart(token, archived.id)).status).toBe(404);
    expect((await addToCart(token, 99_999_999)).status).toBe(404);
  });

  test('PUT /api/cart/update — sets the quantity; raising beyond stock is 409; lowering is always allowed', async () => {
    const { token } = await shopper();
    const product = await createProduct({ stock: 4 });
    const id = (await addToCart(token, product.id, 3)).body.CartItem.cart_item_id;
    expect((await update(token, id, 4)).body.CartItem.quantity).toBe(4);
    const over = await update(token, id, 5);
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('Only 4 left of');
    // Stock falls below the line: the customer can still go down.
    await db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    expect((await update(token, id, 3)).status).toBe(200);
    expect((await update(token, id, 0)).status).toBe(400);
    expect((await cartOf(token))[0].quantity).toBe(3);
  });

  test("PUT /api/cart/update and DELETE /api/cart/remove/{id} — another customer's line is 404 and nothing changes", async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const product = await createProduct({ stock: 9 });
    const id = (await addToCart(owner.token, product.id, 2)).body.CartItem.cart_item_id;
    expect((await update(intruder.token, id, 5)).status).toBe(404);
    const removed = await call(removeFromCart, { method: 'DELETE', url: `/api/cart/remove/${id}`, params: { id: String(id) }, token: intruder.token });
    expect(removed.status).toBe(404);
    expect(await cartOf(owner.token)).toMatchObject([{ cart_item_id: id, quantity: 2 }]);
  });

  test('DELETE /api/cart/remove/{id} — removes the line; a second time is 404', async () => {
    const { token } = await shopper();
    const product = await createProduct();
    const id = (await addToCart(token, product.id)).body.CartItem.cart_item_id;
    const opts = { method: 'DELETE', url: `/api/cart/remove/${id}`, params: { id: String(id) }, token };
    expect((await call(removeFromCart, opts)).status).toBe(200);
    expect((await call(removeFromCart, opts)).status).toBe(404);
    expect(await cartOf(token)).toEqual([]);
    expect((await call(removeFromCart, { ...opts, params: { id: 'abc' } })).status).toBe(400);
  });

  test("POST /api/cart/clear — empties only the caller's cart", async () => {
    const a = await shopper();
    const b = await shopper();
    const product = await createProduct();
    await addToCart(a.token, product.id);
    await addToCart(b.token, product.id);
    const res = await call(clearCart, { method: 'POST', url: '/api/cart/clear', token: a.token });
    expect(res).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await cartOf(a.token)).toEqual([]);
    expect(await cartOf(b.token)).toHaveLength(1);
    const rows = await db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    expect(rows).toHaveLength(1);
  });
});
