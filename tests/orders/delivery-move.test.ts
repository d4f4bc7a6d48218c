/**
 * Moving a booked delivery day (lib/orders/delivery-move.ts) through
 * GET/PATCH /api/orders/{id}/delivery: the booking moves in one transaction (new window taken,
 * old one given back, the order's day changed, the e-mail in the outbox), never over capacity when
 * customers race for the last place, only until two working days before delivery (the clock is
 * fixed by faking Date only), and only for the order's customer or an administrator.
 * Run on PostgreSQL too: DATABASE_URL=postgres://… npx vitest run tests/orders/delivery-move.test.ts
 */
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { deliveryServices, deliverySlots, orders, outboxMessages } from '@/db/schema';
import { GET as daysRoute, PATCH as moveRoute } from '@/app/api/orders/[id]/delivery/route';
import { GET as getOrderRoute, PUT as putOrderRoute } from '@/app/api/orders/[id]/route';
import { DAY_NOT_OFFERED } from '@/lib/delivery/booking';
import { addDays, changeCutoff, formatDay, isoWeekday } from '@/lib/delivery/calendar';
import { NOT_TWO_PERSON } from '@/lib/delivery/day-change';
import { holidaysOf } from '@/lib/delivery/holidays';
import { WINDOW_NOW_FULL } from '@/lib/orders/delivery-move';
import { deliverySchedule } from '@/lib/delivery/schedule';
import { settleDelivery } from '@/lib/mail/deliver';
import { renderMail } from '@/lib/mail/templates';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { addToCart, orderCart, shopper, twoPersonServiceOf } from '../support/buying';
import { markOrderPaid } from '@/lib/orders/service';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

type Slot = { date: string; window: 'morning' | 'afternoon' };

const bookedOf = async (serviceId: number, s: Slot) =>
  (await db.select().from(deliverySlots).where(and(eq(deliverySlots.serviceId, serviceId), eq(deliverySlots.day, s.date), eq(deliverySlots.window, s.window))))[0]?.booked ?? 0;

/** A customer with a placed two-person order of a bulky sofa (the first window with room). */
async function bookedCustomer(serviceId: number) {
  const s = await shopper();
  const sofa = await createProduct({ price: 90_000, stock: 5, shippingClass: 'bulky' });
  await addToCart(s.token, sofa.id, 1);
  const placed = await orderCart(s.token, { delivery: { service_id: serviceId } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as { order_id: number; delivery: Slot & { change_until: string | null } };
  return { ...s, orderId: order.order_id, booked: { date: order.delivery.date, window: order.delivery.window } as Slot, changeUntil: order.delivery.change_until };
}

const daysOf = (token: string, orderId: number) => call(daysRoute, { url: `/api/orders/${orderId}/delivery`, params: { id: String(orderId) }, token });
const move = (token: string, orderId: number, body: unknown) => call(moveRoute, { method: 'PATCH', url: `/api/orders/${orderId}/delivery`, params: { id: String(orderId) }, token, body });
const changedMails = (orderId: number) => db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `delivery-day-changed:${orderId}:%`));

/** Fixes the clock the shop reads (Date only: the database and timers run as usual) at noon in New Zealand of `ymd`. */
function clockOn(ymd: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${ymd}T00:00:00Z`));
}

afterEach(async () => {
  vi.useRealTimers();
  await settleDelivery();
});

describe('moving a booked delivery day', () => {
  test('PATCH /api/orders/{id}/delivery — the booking moves to the new window, the old place is free again, the order and the schedule show the new day, and the e-mail is in the outbox', async () => {
    // The default address (6011) is in the Wellington zone.
    const service = await twoPersonServiceOf('Wellington', 3);
    const c = await bookedCustomer(service.id);
    expect(c.changeUntil).not.toBeNull();
    expect(await bookedOf(service.id, c.booked)).toBe(1);

    const days = await daysOf(c.token, c.orderId);
    expect(days.status).toBe(200);
    expect(days.body).toMatchObject({ order_id: c.orderId, date: c.booked.date, window: c.booked.window, change_until: c.changeUntil });
    const target: Slot = { date: days.body.days[2].date, window: 'afternoon' };
    expect(target.date).not.toBe(c.booked.date);

    const moved = await move(c.token, c.orderId, target);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.delivery).toMatchObject({ date: target.date, window: 'afternoon', kind: 'two_person' });
    expect(await bookedOf(service.id, c.booked)).toBe(0);
    expect(await bookedOf(service.id, target)).toBe(1);
    const again = await call(getOrderRoute, { url: `/api/orders/${c.orderId}`, params: { id: String(c.orderId) }, token: c.token });
    expect(again.body.delivery).toMatchObject({ date: target.date, window: 'afternoon' });

    const [mail] = await changedMails(c.orderId);
    expect(mail).toMatchObject({ template: 'delivery-day-changed', subject: expect.stringContaining('your delivery day has changed') });
    expect(mail.payload).toMatchObject({ order: { delivery: { date: target.date, window: 'afternoon' } }, previous: c.booked });
    const rendered = await renderMail(mail.template, mail.payload as Record<string, unknown>);
    expect(rendered.html).toContain('Your delivery day has changed');
    expect(rendered.text).toContain(`will now be delivered on ${formatDay(target.date)}, afternoon (12pm–5pm), instead of ${formatDay(c.booked.date)}`);

    const admin = { id: 1, userName: 'admin', email: 'a@example.test', isAdmin: true, permissions: ALL_PERMISSIONS };
    // The run sheet lists paid orders only.
    await markOrderPaid(db, c.orderId);
    const schedule = await deliverySchedule(admin, c.booked.date < target.date ? c.booked.date : target.date, c.booked.date < target.date ? target.date : c.booked.date);
    const listed = schedule.flatMap((d) => d.zones.flatMap((z) => z.orders.map((o) => ({ date: d.date, ...o })))).filter((o) => o.orderId === c.orderId);
    expect(listed).toMatchObject([{ date: target.date, window: 'afternoon' }]);

    // The same day and window again changes nothing and writes no second e-mail.
    expect((await move(c.token, c.orderId, target)).status).toBe(200);
    expect(await changedMails(c.orderId)).toHaveLength(1);
    expect(await bookedOf(service.id, target)).toBe(1);
  });

  test('too late: from two working days before delivery the change is refused with 409 naming the cut-off; the day before it is still accepted', async () => {
    const service = await twoPersonServiceOf('Wellington', null);
    const c = await bookedCustomer(service.id);
    const cutoff = changeCutoff(c.booked.date, holidaysOf('WGN'));
    expect(c.changeUntil).toBe(addDays(cutoff, -1));

    clockOn(cutoff);
    const order = await call(getOrderRoute, { url: `/api/orders/${c.orderId}`, params: { id: String(c.orderId) }, token: c.token });
    expect(order.body.delivery.change_until).toBeNull();
    const refusedDays = await daysOf(c.token, c.orderId);
    expect(refusedDays.status).toBe(409);
    const offered = (await db.select().from(orders).where(eq(orders.id, c.orderId)))[0];
    const late = await move(c.token, c.orderId, { date: addDays(offered.deliveryDate!, 7), window: 'morning' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/until two working days before delivery/);
    expect(late.body.message).toContain(new Intl.DateTimeFormat('en-NZ', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${cutoff}T00:00:00Z`)));
    expect((await db.select().from(orders).where(eq(orders.id, c.orderId)))[0]).toMatchObject({ deliveryDate: c.booked.date, deliveryWindow: c.booked.window });
    expect(await changedMails(c.orderId)).toHaveLength(0);

    clockOn(addDays(cutoff, -1));
    const days = await daysOf(c.token, c.orderId);
    expect(days.status).toBe(200);
    const target = days.body.days.find((d: { date: string }) => d.date !== c.booked.date);
    const inTime = await move(c.token, c.orderId, { date: target.date, window: target.windows[0] });
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
  });

  test('concurrency: 12 customers move into the last 3 places of a window at once — exactly 3 move; the others get 409 "That window is now full" and keep their day', async () => {
    const service = await twoPersonServiceOf('Wellington', null);
    const customers = [];
    for (let i = 0; i < 12; i++) customers.push(await bookedCustomer(service.id));
    const days = (await daysOf(customers[0].token, customers[0].orderId)).body.days as { date: string }[];
    const target: Slot = { date: days[days.length - 1].date, window: 'morning' };
    // The target window has room for 4 and one place is already taken: 3 left.
    await db.update(deliveryServices).set({ capacityPerWindow: 4 }).where(eq(deliveryServices.id, service.id));
    const early = await bookedCustomer(service.id);
    expect((await move(early.token, early.orderId, target)).status).toBe(200);
    // Every customer booked the same first window with room.
    const first = customers[0].booked;
    expect(customers.every((c) => c.booked.date === first.date && c.booked.window === first.window)).toBe(true);
    const firstBefore = await bookedOf(service.id, first);

    const results = await Promise.all(customers.map((c) => move(c.token, c.orderId, target)));
    const movedIdx = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(movedIdx).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(WINDOW_NOW_FULL);
    }
    expect(await bookedOf(service.id, target)).toBe(4);
    // Each refused customer keeps the day they had; the places of the 3 who moved were given back.
    for (const [i, c] of customers.entries()) {
      const [row] = await db.select().from(orders).where(eq(orders.id, c.orderId));
      expect({ date: row.deliveryDate, window: row.deliveryWindow }).toEqual(movedIdx.includes(i) ? target : c.booked);
    }
    expect(await bookedOf(service.id, first)).toBe(firstBefore - 3);
  });

  test('who and what: someone else\'s order is 404; an administrator may move it; a courier order is 400; a shipped order 409; a day not offered and a bad body are 400', async () => {
    const service = await twoPersonServiceOf('Wellington', null);
    const c = await bookedCustomer(service.id);
    const stranger = await shopper();
    const days = (await daysOf(c.token, c.orderId)).body.days as { date: string; windows: Slot['window'][] }[];
    const target: Slot = { date: days[1].date, window: days[1].windows[0] };

    expect((await daysOf(stranger.token, c.orderId)).status).toBe(404);
    const notYours = await move(stranger.token, c.orderId, target);
    expect(notYours.status).toBe(404);
    expect((await db.select().from(orders).where(eq(orders.id, c.orderId)))[0].deliveryDate).toBe(c.booked.date);
    expect((await move(c.token, 999_999, target)).status).toBe(404);

    for (const body of [{}, { date: '2027-02-30', window: 'morning' }, { date: target.date, window: 'evening' }, { date: 20270201, window: 'morning' }, 'nonsense']) {
      const bad = await move(c.token, c.orderId, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    let sunday = days[0].date;
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    const notOffered = await move(c.token, c.orderId, { date: sunday, window: 'morning' });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe(DAY_NOT_OFFERED);

    const admin = await shopper({ isAdmin: true });
    const byAdmin = await move(admin.token, c.orderId, target);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(byAdmin.body.delivery).toMatchObject(target);

    // Shipped: the team has left with it (paid first: an unpaid order is not shipped).
    await markOrderPaid(db, c.orderId);
    await call(putOrderRoute, { method: 'PUT', url: `/api/orders/${c.orderId}`, params: { id: String(c.orderId) }, token: admin.token, body: { status: 'shipped' } });
    const shipped = await move(c.token, c.orderId, { date: days[2].date, window: 'morning' });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toMatch(/shipped/);

    // A courier order has no booked day.
    const parcel = await shopper();
    const cushion = await createProduct({ price: 3_000, stock: 5, shippingClass: 'parcel' });
    await addToCart(parcel.token, cushion.id, 1);
    const courier = await orderCart(parcel.token);
    expect(courier.body.order.delivery.kind).toBe('courier');
    const refused = await move(parcel.token, courier.body.order.order_id, target);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_TWO_PERSON);
  });
});
