/**
 * Booked delivery days through POST /api/orders: a two-person window's capacity is
 * taken atomically — 30 customers at once for its last 5 places get exactly 5 orders, the others a
 * 409 and nothing ordered — and given back when an order is cancelled or expires.
 * Run on PostgreSQL too: DATABASE_URL=postgres://… npx vitest run tests/orders/delivery-booking.test.ts
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { deliverySlots, orders } from '@/db/schema';
import { DELETE as cancelRoute } from '@/app/api/orders/[id]/route';
import { POST as quoteRoute } from '@/app/api/delivery/quote/route';
import { expireOrders } from '@/lib/orders/expiry';
import { markOrderPaid } from '@/lib/orders/service';
import { DAY_NOT_OFFERED, WINDOW_FULL } from '@/lib/delivery/booking';
import { deliverySchedule } from '@/lib/delivery/schedule';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { NEW_ADDRESS, addToCart, cartOf, orderCart, shopper, stockOf, twoPersonServiceOf } from '../support/buying';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

const RURAL = { ...NEW_ADDRESS, street_address: '1480 Kumara Junction Highway', city: 'Kumara', postal_code: '7881' };

const bookedOf = async (serviceId: number, day: string, window: 'morning' | 'afternoon') =>
  (await db.select().from(deliverySlots).where(and(eq(deliverySlots.serviceId, serviceId), eq(deliverySlots.day, day), eq(deliverySlots.window, window))))[0]?.booked ?? 0;

async function firstDayOf(token: string, serviceId: number) {
  const items = await cartOf(token);
  const q = await call(quoteRoute, { method: 'POST', url: '/api/delivery/quote', token, body: { cartItems: items.map((i) => ({ cart_item_id: i.cart_item_id })), address: { postal_code: '7881', country: 'New Zealand' } } });
  return q.body.services.find((s: { service_id: number }) => s.service_id === serviceId).days as { date: string; windows: string[] }[];
}

describe('booking a delivery day', () => {
  test('POST /api/orders — 30 customers at once for the last 5 places of a window: exactly 5 orders; the others are told to pick another day and nothing is ordered for them', async () => {
    const service = await twoPersonServiceOf('Rural', 7);
    const sofa = await createProduct({ price: 90_000, stock: 100, shippingClass: 'bulky' });
    // Two places of the window are already taken.
    const early = await shopper();
    await addToCart(early.token, sofa.id, 1);
    const [day] = await firstDayOf(early.token, service.id);
    for (let i = 0; i < 2; i++) {
      const s = await shopper();
      await addToCart(s.token, sofa.id, 1);
      expect((await orderCart(s.token, { newAddress: RURAL, delivery: { service_id: service.id, date: day.date, window: 'afternoon' } })).status).toBe(201);
    }
    expect(await bookedOf(service.id, day.date, 'afternoon')).toBe(2);

    const customers = await Promise.all(Array.from({ length: 30 }, () => shopper()));
    for (const c of customers) await addToCart(c.token, sofa.id, 1);
    const stockBefore = await stockOf(sofa.id);
    const results = await Promise.all(customers.map((c) => orderCart(c.token, { newAddress: RURAL, delivery: { service_id: service.id, date: day.date, window: 'afternoon' } })));
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(WINDOW_FULL);
    }
    expect(await bookedOf(service.id, day.date, 'afternoon')).toBe(7);
    // Nothing else was ordered for the 25: no order, their stock and carts untouched.
    const theirOrders = await db.select().from(orders).where(inArray(orders.userId, customers.map((c) => c.user.id)));
    expect(theirOrders).toHaveLength(5);
    expect(await stockOf(sofa.id)).toBe(stockBefore - 5);
    for (const p of placed) expect(p.body.order.delivery).toMatchObject({ date: day.date, window: 'afternoon', kind: 'two_person' });

    // The quote no longer offers the full afternoon of that day.
    const waiting = customers[results.findIndex((r) => r.status === 409)];
    const days = await firstDayOf(waiting.token, service.id);
    expect(days.find((d) => d.date === day.date)?.windows ?? []).not.toContain('afternoon');

    // A cancelled order gives its place back, and a waiting customer takes it.
    const cancelled = placed[0].body.order;
    const owner = customers[results.indexOf(placed[0])];
    expect((await call(cancelRoute, { method: 'DELETE', url: `/api/orders/${cancelled.order_id}`, params: { id: String(cancelled.order_id) }, token: owner.token })).status).toBe(200);
    expect(await bookedOf(service.id, day.date, 'afternoon')).toBe(6);
    const again = await orderCart(waiting.token, { newAddress: RURAL, delivery: { service_id: service.id, date: day.date, window: 'afternoon' } });
    expect(again.status).toBe(201);
    expect(await bookedOf(service.id, day.date, 'afternoon')).toBe(7);
  });

  test('POST /api/orders — an expired unpaid order gives its window back; a day not offered is refused', async () => {
    const service = await twoPersonServiceOf('Rural', 1);
    const sofa = await createProduct({ price: 90_000, stock: 10, shippingClass: 'bulky' });
    const a = await shopper();
    await addToCart(a.token, sofa.id, 1);
    const days = await firstDayOf(a.token, service.id);
    const day = days[1];
    // A Sunday, or any day the quote does not offer, is refused.
    const notOffered = await orderCart(a.token, { newAddress: RURAL, delivery: { service_id: service.id, date: '2026-12-25', window: 'morning' } });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe(DAY_NOT_OFFERED);
    const first = await orderCart(a.token, { newAddress: RURAL, delivery: { service_id: service.id, date: day.date, window: 'morning' } });
    expect(first.status).toBe(201);
    expect(await bookedOf(service.id, day.date, 'morning')).toBe(1);
    // Its hold runs out: expiry cancels it and the window is free again.
    await db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, first.body.order.order_id));
    await expireOrders();
    expect(await bookedOf(service.id, day.date, 'morning')).toBe(0);
    // Without a choice, the first window with room is booked.
    const b = await shopper();
    await addToCart(b.token, sofa.id, 1);
    const auto = await orderCart(b.token, { newAddress: RURAL });
    expect(auto.status).toBe(201);
    expect(auto.body.order.delivery).toMatchObject({ date: days[0].date, window: days[0].windows[0] });
  });

  test('deliverySchedule — the booked day lists the order under its zone with window, address, items and volume in m³; administrators only', async () => {
    const service = await twoPersonServiceOf('Rural', 3);
    const sofa = await createProduct({ name: 'KIVIK sofa', price: 90_000, stock: 10, shippingClass: 'bulky', widthCm: 200, heightCm: 80, depthCm: 100 });
    const s = await shopper();
    await addToCart(s.token, sofa.id, 2);
    const [day] = await firstDayOf(s.token, service.id);
    const placed = await orderCart(s.token, { newAddress: RURAL, delivery: { service_id: service.id, date: day.date, window: 'morning' } });
    expect(placed.status).toBe(201);
    // The run sheet lists paid orders only.
    await markOrderPaid(db, placed.body.order.order_id);
    const admin = { id: 1, userName: 'admin', email: 'a@example.test', isAdmin: true, permissions: ALL_PERMISSIONS };
    const schedule = await deliverySchedule(admin, day.date, day.date);
    const rural = schedule[0].zones.find((z) => z.zone === 'Rural')!;
    const entry = rural.orders.find((o) => o.orderId === placed.body.order.order_id)!;
    // 2 × 200 × 80 × 100 cm = 3.2 m³.
    expect(entry).toMatchObject({ window: 'morning', service: 'Two-person delivery', volume: 3.2, items: [{ name: 'KIVIK sofa', quantity: 2 }], address: { postalCode: '7881' } });
    await expect(deliverySchedule({ ...admin, isAdmin: false, permissions: [] }, day.date, day.date)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
