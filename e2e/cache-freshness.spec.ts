import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, CUSTOMER } from './support/sign-in';

// Next's real cache on the production build (no mock): the stock a shopper reads through
// GET /api/products/{id} and the product page follows every write at once — an admin's product
// save, an order, an admin's order edit, a cancellation — and no cached read is written to disk,
// where it would outlive the database it came from (lib/server/cache/cache-handler.mjs).

async function bearer(api: APIRequestContext, who: { identifier: string; password: string }) {
  const res = await api.post('/api/users/login', { data: who });
  expect(res.ok()).toBeTruthy();
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** The stock as the shopper sees it: the API's number and the product page's stock line (both cached reads). */
async function shopperSees(api: APIRequestContext, page: Page, productId: number) {
  const res = await api.get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  const { stock } = (await res.json()) as { stock: number };
  await page.goto(`/products/${productId}`);
  return { stock, label: (await page.getByTestId('stock-state').textContent())?.trim() };
}

/** Files under .next/cache/fetch-cache written since `since` (ms). */
function fetchCacheFilesSince(since: number): string[] {
  const dir = path.join('.next', 'cache', 'fetch-cache');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && fs.statSync(path.join(e.parentPath, e.name)).mtimeMs >= since).map((e) => e.name);
}

test('a shopper sees the stock change at once after an admin save, an order, an order edit and a cancellation', async ({ page, playwright, baseURL }) => {
  const started = Date.now();
  const api = await playwright.request.newContext({ baseURL });
  const admin = await bearer(api, ADMIN);
  const customer = await bearer(api, CUSTOMER);

  // A product away from the first pages other journeys use, sold online.
  const list = (await (await api.get('/api/products?page=7&limit=50')).json()) as { products: { product_id: number; stock: number }[] };
  const product = list.products.find((p) => p.stock >= 1);
  expect(product, 'a product in stock').toBeTruthy();
  const id = product!.product_id;
  const original = product!.stock;

  // Warm the caches, then an admin sets the stock to 3: both reads show it at once.
  await shopperSees(api, page, id);
  const saved = await api.put(`/api/products/${id}`, { headers: admin, data: { stock: 3 } });
  expect(saved.status()).toBe(200);
  expect(await shopperSees(api, page, id)).toEqual({ stock: 3, label: 'Only 3 left' });

  // The customer orders 2: 1 left, at once.
  await api.post('/api/cart/clear', { headers: customer });
  const add = await api.post('/api/cart/add', { headers: customer, data: { product_id: id, quantity: 2 } });
  expect(add.ok()).toBeTruthy();
  const { CartItem } = await add.json();
  const placed = await api.post('/api/orders', {
    headers: customer,
    data: {
      cartItems: [{ cart_item_id: CartItem.cart_item_id }],
      newAddress: { street_address: '12 Ponsonby Road', city: 'Auckland', postal_code: '1011', country: 'New Zealand' },
      newContact: { first_name: 'Sam', last_name: 'Taylor', phone_number: '021 555 0101', email: 'customer@totarahome.test' },
    },
  });
  expect(placed.status()).toBe(201);
  const { order } = await placed.json();
  expect(await shopperSees(api, page, id)).toEqual({ stock: 1, label: 'Only 1 left' });

  // An admin raises the line to 3: the last unit is gone — out of stock, at once.
  const edited = await api.put(`/api/orders/${order.order_id}`, { headers: admin, data: { items: [{ itemId: order.orderItems[0].order_item_id, quantity: 3 }] } });
  expect(edited.status()).toBe(200);
  expect(await shopperSees(api, page, id)).toEqual({ stock: 0, label: 'Out of stock' });

  // The customer cancels: all 3 are back.
  const cancelled = await api.delete(`/api/orders/${order.order_id}`, { headers: customer });
  expect(cancelled.status()).toBe(200);
  expect(await shopperSees(api, page, id)).toEqual({ stock: 3, label: 'Only 3 left' });

  // Nothing of this run's cached reads was written to disk.
  expect(fetchCacheFilesSince(started)).toEqual([]);

  await api.put(`/api/products/${id}`, { headers: admin, data: { stock: original } });
  await api.dispose();
});
