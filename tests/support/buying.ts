/**
 * Builders for the cart, order and payment tests: a signed-in shopper, a filled cart, a placed order.
 * They go through the real route handlers, as a client would.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { db } from '@/db/client';
import { deliveryServices, deliveryZones, orders, products } from '@/db/schema';
import { POST as addToCartRoute } from '@/app/api/cart/add/route';
import { GET as getCartRoute } from '@/app/api/cart/route';
import { POST as createOrderRoute } from '@/app/api/orders/route';
import { POST as addMethodRoute } from '@/app/api/payments/methods/add/route';
import { createProduct, createUser, tokenFor } from './factories';
import { call } from './http';

export const NEW_ADDRESS = { street_address: '12 Kauri Street', city: 'Wellington', state_province: 'Wellington', postal_code: '6011', country: 'New Zealand', is_default: true };
export const NEW_CONTACT = { first_name: 'Mere', last_name: 'Parata', phone_number: '+64 21 555 0101', email: 'mere@example.test', is_default: true };

/** A customer (or admin) with a bearer token. */
export async function shopper(opts: { isAdmin?: boolean } = {}) {
  const user = await createUser({ isAdmin: opts.isAdmin ?? false });
  return { user, token: await tokenFor(user) };
}

export async function addToCart(token: string, productId: number, quantity = 1) {
  return call(addToCartRoute, { method: 'POST', url: '/api/cart/add', token, body: { product_id: productId, quantity } });
}

export async function cartOf(token: string) {
  const res = await call(getCartRoute, { url: '/api/cart', token });
  return res.body.CartItems as { cart_item_id: number; product_id: number; quantity: number; Product: { price: number; stock: number } }[];
}

/** POSTs /api/orders for every line of the shopper's cart with a new address and contact (overridable). */
export async function orderCart(token: string, extra: Record<string, unknown> = {}) {
  const items = await cartOf(token);
  return call(createOrderRoute, {
    method: 'POST',
    url: '/api/orders',
    token,
    body: {
      cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id, product_id: i.product_id, quantity: i.quantity, price: i.Product.price })),
      newAddress: NEW_ADDRESS,
      newContact: NEW_CONTACT,
      customer_message: 'Please leave it by the door.',
      ...extra,
    },
  });
}

/** A shopper with a placed order of `quantity` × a fresh product (price in cents). */
export async function placedOrder(opts: { price?: number; quantity?: number; stock?: number } = {}) {
  const s = await shopper();
  const product = await createProduct({ price: opts.price ?? 19900, stock: opts.stock ?? 10 });
  const added = await addToCart(s.token, product.id, opts.quantity ?? 1);
  if (added.status !== 200) throw new Error(`add to cart failed: ${JSON.stringify(added.body)}`);
  const res = await orderCart(s.token);
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return { ...s, product, order: res.body.order as { order_id: number; total_amount: number; currency: string } };
}

/** Saves a card by its provider PaymentMethod id (pm_card_visa …). */
export async function saveCard(token: string, pm: string) {
  const res = await call(addMethodRoute, { method: 'POST', url: '/api/payments/methods/add', token, body: { payment_type: 'credit_card', stripe_payment_method_id: pm } });
  if (res.status !== 201) throw new Error(`save card failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.paymentMethod as { payment_method_id: number; card_last4: string; card_brand: string };
}

export async function stockOf(productId: number) {
  const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p.stock;
}

export async function orderRow(orderId: number) {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  return o;
}

/** The two-person delivery service of the seeded zone `zone`, its capacity per window set to `capacity` (null: unlimited). */
export async function twoPersonServiceOf(zone: string, capacity: number | null) {
  const [row] = await db
    .select({ s: deliveryServices })
    .from(deliveryServices)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryServices.zoneId))
    .where(and(eq(deliveryZones.name, zone), eq(deliveryServices.kind, 'two_person')));
  await db.update(deliveryServices).set({ capacityPerWindow: capacity }).where(eq(deliveryServices.id, row.s.id));
  return row.s;
}

/**
 * Prices every delivery service of the seeded Wellington zone (NEW_ADDRESS's) at one fee per order,
 * free from `freeOver` cents of goods (null: never), no bulky surcharge — for tests whose
 * arithmetic needs a known delivery fee rather than the seeded ones (docs/delivery.md).
 */
export async function priceWellingtonDelivery(fee = 4_900, freeOver: number | null = 50_000) {
  const [zone] = await db.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.name, 'Wellington'));
  await db.update(deliveryServices).set({ fee, freeOver, bulkySurcharge: 0 }).where(and(eq(deliveryServices.zoneId, zone.id), inArray(deliveryServices.kind, ['courier', 'two_person', 'two_person_assembly'])));
}
