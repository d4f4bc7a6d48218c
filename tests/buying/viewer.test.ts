import { describe, expect, test } from 'vitest';
import { GET as getViewer } from '@/app/api/viewer/route';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { addToCart, shopper } from '../support/buying';

describe('viewer (header account menu and cart badge)', () => {
  test('GET /api/viewer — a visitor is user null with an empty cart, never cached by the browser', async () => {
    const res = await call(getViewer, { url: '/api/viewer' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null, cart_count: 0, saved_product_ids: [] });
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
  });

  test('GET /api/viewer — a customer gets their name and the units in their cart, updated after an add', async () => {
    const { token, user } = await shopper();
    const chair = await createProduct({ stock: 9 });
    const lamp = await createProduct({ stock: 9 });
    expect((await call(getViewer, { url: '/api/viewer', token })).body).toEqual({ user: { user_name: user.userName, is_admin: false }, cart_count: 0, saved_product_ids: [] });
    await addToCart(token, chair.id, 2);
    await addToCart(token, lamp.id, 1);
    const res = await call(getViewer, { url: '/api/viewer', token });
    expect(res.body).toEqual({ user: { user_name: user.userName, is_admin: false }, cart_count: 3, saved_product_ids: [] });
  });

  test('GET /api/viewer — an administrator is flagged as such', async () => {
    const { token } = await shopper({ isAdmin: true });
    const res = await call(getViewer, { url: '/api/viewer', token });
    expect(res.body.user.is_admin).toBe(true);
    expect(res.body.cart_count).toBe(0);
  });

  test('GET /api/viewer — a token that does not verify is treated as a visitor, not an error', async () => {
    const res = await call(getViewer, { url: '/api/viewer', token: 'not-a-token' });
    expect(res.status).toBe(200);
    expect(res.body.user).toBeNull();
  });
});
