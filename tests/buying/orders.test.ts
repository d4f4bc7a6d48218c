import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { addresses, contacts, orderItems, orders, payments, productImages } from '@/db/schema';
import { GET as listOrders, POST as createOrder } from '@/app/api/orders/route';
import { DELETE as deleteOrder, GET as getOrder } from '@/app/api/orders/[id]/route';
import { POST as submitOrder } from '@/app/api/orders/submit/route';
import { markOrderPaid } from '@/lib/orders/service';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { NEW_ADDRESS, NEW_CONTACT, addToCart, cartOf, orderCart, orderRow, placedOrder, shopper, stockOf } from '../support/buying';

const del = (token: string, id: number) => call(deleteOrder, { method: 'DELETE', url: `/api/orders/${id}`, params: { id: String(id) }, token });
const get = (token: string, id: number) => call(getOrder, { url: `/api/orders/${id}`, params: { id: String(id) }, token });

describe('placing orders', () => {
  test('POST /api/orders — prices every line from the database, snapshots it, reserves stock and empties those cart lines', async () => {
    const { token, user } = await shopper();
    const chair = await createProduct({ price: 12_950, stock: 5, name: 'Poäng armchair', size: '68x82 cm', material: 'Birch veneer', color: 'Natural' });
    const lamp = await createProduct({ price: 4_500, stock: 2, name: 'Hektar lamp' });
    const keep = await createProduct({ price: 1_000, stock: 9 });
    await addToCart(token, chair.id, 2);
    await addToCart(token, lamp.id, 1);
    await addToCart(token, keep.id, 1);
    const items = (await cartOf(token)).filter((i) => i.product_id !== keep.id);
    const res = await call(createOrder, {
      method: 'POST',
      url: '/api/orders',
      token,
      // A tampered client price: ignored.
      body: { cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id, product_id: i.product_id, quantity: i.quantity, price: 0.01 })), newAddress: NEW_ADDRESS, newContact: NEW_CONTACT, customer_message: 'Ring twice' },
    });
    expect(res.status).toBe(201);
    const order = res.body.order;
    // 2 × 129.50 + 45 = 304.00 of parcels to Wellington: courier, free over $150 (seeded, docs/delivery.md).
    expect(order).toMatchObject({ order_id: order.id, user_id: user.id, status: 'pending', payment_status: 'unpaid', subtotal: 304, shipping_fee: 0, total_amount: 304, delivery: { kind: 'courier', zone: 'Wellington' }, currency: 'NZD', customer_message: 'Ring twice' });
    expect(order.address).toMatchObject({ street_address: '12 Kauri Street', city: 'Wellington', postal_code: '6011', country: 'New Zealand' });
    expect(order.contact).toEqual({ first_name: 'Mere', last_name: 'Parata', phone_number: '+64 21 555 0101', email: 'mere@example.test' });
    const chairLine = order.orderItems.find((i: { product_id: number }) => i.product_id === chair.id);
    expect(chairLine).toMatchObject({ quantity: 2, unit_price: 129.5, total_price: 259, product: { product_id: chair.id, sku: chair.sku, name: 'Poäng armchair', size: '68x82 cm', material: 'Birch veneer', color: 'Natural' } });
    // Each line shows the product's own picture: its image (none here) or the illustration of its kind.
    expect(chairLine.product).toMatchObject({ image_url: null, illustration: '/illustrations/armchair.svg' });
    expect(order.orderItems.find((i: { product_id: number }) => i.product_id === lamp.id).product.illustration).toBe('/illustrations/furniture.svg');
    await db.insert(productImages).values({ productId: lamp.id, url: '/api/images/lamp.webp', sortOrder: 0, isPrimary: true });
    const again = await get(token, order.id);
    expect(again.body.orderItems.find((i: { product_id: number }) => i.product_id === lamp.id).product.image_url).toBe('/api/images/lamp.webp');
    expect(await stockOf(chair.id)).toBe(3);
    expect(await stockOf(lamp.id)).toBe(1);
    expect((await cartOf(token)).map((i) => i.product_id)).toEqual([keep.id]);
    // The new address and contact were saved to the address book.
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(contacts).where(eq(contacts.userId, user.id))).toHaveLength(1);
  });

  test('POST /api/orders — free shipping from the threshold; snapshot survives a later price change', async () => {
    const { order, product } = await placedOrder({ price: 60_000, quantity: 1 });
    expect(order).toMatchObject({ subtotal: 600, shipping_fee: 0, total_amount: 600 });
    await db.execute(`update products set price = 1 where id = ${product.id}`);
    const row = await db.select().from(orderItems).where(eq(orderItems.orderId, order.order_id));
    expect(row[0].unitPrice).toBe(60_000);
  });

  test('POST /api/orders — a saved address and contact are used by id; another customer’s are 404 and nothing is written', async () => {
    const { token, user } = await shopper();
    const other = await shopper();
    const [mine] = await db.insert(addresses).values({ userId: user.id, streetAddress: '1 Queen St', city: 'Auckland', country: 'New Zealand', postalCode: '1010' }).returning();
    const [myContact] = await db.insert(contacts).values({ userId: user.id, firstName: 'Sam', lastName: 'Taylor', phoneNumber: '021 555 0199', email: 'sam@example.test' }).returning();
    const [theirs] = await db.insert(addresses).values({ userId: other.user.id, streetAddress: '9 Other Rd', city: 'Hamilton', country: 'New Zealand' }).returning();
    const product = await createProduct({ stock: 5 });
    await addToCart(token, product.id, 1);
    const refused = await orderCart(token, { newAddress: undefined, newContact: undefined, addressId: theirs.id, contactId: myContact.id });
    expect(refused.status).toBe(404);
    expect(await stockOf(product.id)).toBe(5);
    expect(await cartOf(token)).toHaveLength(1);
    const ok = await orderCart(token, { newAddress: null, newContact: null, addressId: mine.id, contactId: myContact.id });
    expect(ok.status).toBe(201);
    expect(ok.body.order).toMatchObject({ address_id: mine.id, contact_id: myContact.id, address: { street_address: '1 Queen St' }, contact: { first_name: 'Sam' } });
  });

  test('POST /api/orders — without an address or a contact: 400 with the spec messages', async () => {
    const { token } = await shopper();
    const product = await createProduct();
    await addToCart(token, product.id);
    const noAddress = await orderCart(token, { newAddress: undefined });
    expect(noAddress).toMatchObject({ status: 400, body: { message: 'Please select a delivery address or add a new one.' } });
    const noContact = await orderCart(token, { newContact: {} });
    expect(noContact).toMatchObject({ status: 400, body: { message: 'Please select a contact or add a new one.' } });
    const noItems = await call(createOrder, { method: 'POST', url: '/api/orders', token, body: { cartItems: [], newAddress: NEW_ADDRESS, newContact: NEW_CONTACT } });
    expect(noItems.status).toBe(400);
  });

  test("POST /api/orders — another customer's cart item is 404 and nothing changes", async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const product = await createProduct({ stock: 4 });
    await addToCart(owner.token, product.id, 2);
    await addToCart(intruder.token, (await createProduct()).id, 1);
    const [line] = await cartOf(owner.token);
    const res = await call(createOrder, { method: 'POST', url: '/api/orders', token: intruder.token, body: { cartItems: [{ cart_item_id: line.cart_item_id }], newAddress: NEW_ADDRESS, newContact: NEW_CONTACT } });
    expect(res.status).toBe(404);
    expect(await stockOf(product.id)).toBe(4);
    expect(await cartOf(owner.token)).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, intruder.user.id))).toHaveLength(0);
  });

  test('POST /api/orders — short stock is 409 "Only N left of {name}." and nothing is written', async () => {
    const { token, user } = await shopper();
    const plenty = await createProduct({ stock: 10 });
    const scarce = await createProduct({ stock: 3, name: 'Malm dresser' });
    await addToCart(token, plenty.id, 2);
    await addToCart(token, scarce.id, 3);
    await db.execute(`update products set stock = 1 where id = ${scarce.id}`);
    const res = await orderCart(token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 1 left of Malm dresser.');
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await cartOf(token)).toHaveLength(2);
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
  });

  test('POST /api/orders — a quantity that no longer matches the cart is 409', async () => {
    const { token } = await shopper();
    const product = await createProduct({ stock: 10 });
    await addToCart(token, product.id, 2);
    const [line] = await cartOf(token);
    const res = await call(createOrder, { method: 'POST', url: '/api/orders', token, body: { cartItems: [{ cart_item_id: line.cart_item_id, quantity: 5 }], newAddress: NEW_ADDRESS, newContact: NEW_CONTACT } });
    expect(res.status).toBe(409);
    expect(await stockOf(product.id)).toBe(10);
  });

  test('POST /api/orders/submit — records the payment method; not for someone else', async () => {
    const { token, order } = await placedOrder();
    const other = await shopper();
    const theirs = await call(submitOrder, { method: 'POST', url: '/api/orders/submit', token: other.token, body: { orderId: order.order_id, payment_method: 'credit_card' } });
    expect(theirs.status).toBe(404);
    const res = await call(submitOrder, { method: 'POST', url: '/api/orders/submit', token, body: { orderId: order.order_id, payment_method: 'credit_card' } });
    expect(res.status).toBe(200);
    expect(res.body.order.payment_method).toBe('credit_card');
  });
});

describe('reading orders', () => {
  test('GET /api/orders — own orders only, newest first, with paging headers and a status filter', async () => {
    const { token, user } = await shopper();
    const product = await createProduct({ stock: 50 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(token, product.id, 1);
      ids.push((await orderCart(token)).body.order.order_id);
    }
    await placedOrder(); // someone else's
    const res = await call(listOrders, { url: '/api/orders', token });
    expect(res.status).toBe(200);
    expect(res.body.map((o: { order_id: number }) => o.order_id)).toEqual([...ids].reverse());
    expect(res.body.every((o: { user_id: number }) => o.user_id === user.id)).toBe(true);
    expect(res.res.headers.get('X-Total-Count')).toBe('3');
    const page2 = await call(listOrders, { url: '/api/orders?page=2&limit=2', token });
    expect(page2.body.map((o: { order_id: number }) => o.order_id)).toEqual([ids[0]]);
    expect(page2.res.headers.get('X-Total-Pages')).toBe('2');
    await del(token, ids[1]);
    const cancelled = await call(listOrders, { url: '/api/orders?status=cancelled', token });
    expect(cancelled.body.map((o: { order_id: number }) => o.order_id)).toEqual([ids[1]]);
    expect((await call(listOrders, { url: '/api/orders?limit=0', token })).status).toBe(400);
    expect((await call(listOrders, { url: '/api/orders?status=lost', token })).status).toBe(400);
  });

  test('GET /api/orders — an admin sees every order with the customer’s user_name', async () => {
    const { user, order } = await placedOrder();
    const admin = await shopper({ isAdmin: true });
    const res = await call(listOrders, { url: '/api/orders?limit=100', token: admin.token });
    const found = res.body.find((o: { order_id: number }) => o.order_id === order.order_id);
    expect(found).toMatchObject({ user_id: user.id, user: { user_name: user.userName } });
  });

  test("GET /api/orders/{id} — one's own order; someone else's is 404; an admin sees any", async () => {
    const { token, order } = await placedOrder();
    const other = await shopper();
    const admin = await shopper({ isAdmin: true });
    expect((await get(token, order.order_id)).body).toMatchObject({ order_id: order.order_id, can_cancel: true });
    expect((await get(other.token, order.order_id)).status).toBe(404);
    expect((await get(admin.token, order.order_id)).status).toBe(200);
    expect((await call(getOrder, { url: '/api/orders/1', params: { id: '1' } })).status).toBe(401);
  });
});

describe('cancelling and deleting orders', () => {
  test('DELETE /api/orders/{id} — a customer cancels a pending unpaid order and the stock returns', async () => {
    const { token, order, product } = await placedOrder({ quantity: 3, stock: 5 });
    expect(await stockOf(product.id)).toBe(2);
    const res = await del(token, order.order_id);
    expect(res).toMatchObject({ status: 200, body: { message: 'Order cancelled successfully.', order: { status: 'cancelled', can_cancel: false } } });
    expect(await stockOf(product.id)).toBe(5);
    const again = await del(token, order.order_id);
    expect(again).toMatchObject({ status: 409, body: { message: 'This order has already been cancelled.' } });
    expect(await stockOf(product.id)).toBe(5);
  });

  test('DELETE /api/orders/{id} — cancelling a paid order is 409 and changes nothing', async () => {
    const { token, order, product } = await placedOrder({ quantity: 2 });
    await markOrderPaid(db, order.order_id);
    const res = await del(token, order.order_id);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('paid');
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(await stockOf(product.id)).toBe(8);
  });

  test("DELETE /api/orders/{id} — another customer's order is 404", async () => {
    const { order } = await placedOrder();
    const other = await shopper();
    expect((await del(other.token, order.order_id)).status).toBe(404);
    expect((await orderRow(order.order_id)).status).toBe('pending');
  });

  test('DELETE /api/orders/{id} — an admin deletes an unpaid order (stock returns), but not a paid one', async () => {
    const admin = await shopper({ isAdmin: true });
    const unpaid = await placedOrder({ quantity: 4 });
    expect((await del(admin.token, unpaid.order.order_id)).status).toBe(200);
    expect(await orderRow(unpaid.order.order_id)).toBeUndefined();
    expect(await stockOf(unpaid.product.id)).toBe(10);

    const paid = await placedOrder();
    await markOrderPaid(db, paid.order.order_id);
    const refused = await del(admin.token, paid.order.order_id);
    expect(refused).toMatchObject({ status: 409, body: { message: 'A paid order cannot be deleted; refund it first.' } });
    expect(await orderRow(paid.order.order_id)).toBeTruthy();
  });

  test('DELETE /api/orders/{id} — deleting a cancelled order does not return its stock twice', async () => {
    const admin = await shopper({ isAdmin: true });
    const { token, order, product } = await placedOrder({ quantity: 2 });
    await db.insert(payments).values({ orderId: order.order_id, userId: (await orderRow(order.order_id)).userId, provider: 'demo', amount: 100, currency: 'NZD', status: 'failed' });
    await del(token, order.order_id);
    expect(await stockOf(product.id)).toBe(10);
    expect((await del(admin.token, order.order_id)).status).toBe(200);
    expect(await stockOf(product.id)).toBe(10);
  });

  test('markOrderPaid — marks an order paid exactly once, moving pending to processing', async () => {
    const { order } = await placedOrder();
    const results = await Promise.all([markOrderPaid(db, order.order_id), markOrderPaid(db, order.order_id), markOrderPaid(db, order.order_id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
  });
});
