/**
 * Order states for staff (docs/orders.md "Order status"): every move an administrator may ask for
 * through PUT /api/orders/{id}, over the whole matrix status × payment status × fulfilment
 * (two-person delivery with a booked window, click & collect), is either allowed by the shop's
 * rules — and its effect on the row, the stock, the booked window and the e-mails happened — or
 * refused with 409 and a reason, the order row, stock, booking and history left as they were.
 * The shop's policy is stated here on its own (expectedMove), not read from lib/orders/rules.ts.
 * Also: re-opening against a full or past window, and the delivery run sheet's filter.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { deliveryServices, deliverySlots, deliveryZones, orderEvents, orders, outboxMessages, payments, type DeliveryService, type OrderStatus, type PaymentStatus } from '@/db/schema';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '@/db/statuses';
import { PUT as orderPut } from '@/app/api/orders/[id]/route';
import { addDays, todayIn } from '@/lib/delivery/calendar';
import { deliverySchedule } from '@/lib/delivery/schedule';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { createOrder, reloadOrder, stockOf } from '../support/admin-ops';
import { call } from '../support/http';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';

type Kind = 'two_person' | 'click_collect';
const KINDS: Kind[] = ['two_person', 'click_collect'];
const HANDED_OVER: OrderStatus[] = ['delivered', 'collected'];

/**
 * The shop's policy for an administrator's move (independent of the code under test):
 * 'allowed', 'refused', or 'same' (already in that status: nothing to do).
 */
function expectedMove(from: OrderStatus, pay: PaymentStatus, kind: Kind, to: OrderStatus): 'allowed' | 'refused' | 'same' {
  if (from === to) return 'same';
  const collect = kind === 'click_collect';
  const paidUp = pay === 'paid' || pay === 'partially_refunded';
  if (HANDED_OVER.includes(from)) return 'refused';
  if (collect && (to === 'shipped' || to === 'delivered')) return 'refused';
  if (!collect && (to === 'ready_for_collection' || to === 'collected')) return 'refused';
  // A status of the other fulfilment left from before these rules: it may only be cancelled.
  const foreign = collect ? from === 'shipped' : from === 'ready_for_collection';
  if (foreign) return to === 'cancelled' ? 'allowed' : 'refused';
  const ok = (b: boolean) => (b ? 'allowed' : 'refused');
  switch (to) {
    case 'cancelled':
      return 'allowed';
    case 'pending':
      return ok(pay === 'unpaid' && (from === 'processing' || from === 'cancelled'));
    case 'processing':
      if (from === 'pending' || from === 'cancelled') return ok(paidUp);
      return ok(from === 'shipped' || from === 'ready_for_collection');
    case 'shipped':
    case 'ready_for_collection':
      return ok(from === 'processing' && paidUp);
    case 'delivered':
      return ok(from === 'shipped' || (from === 'processing' && paidUp));
    case 'collected':
      return ok(from === 'ready_for_collection' || (from === 'processing' && paidUp));
  }
}

let service: DeliveryService;
let token: string;
let dayNo = 0;

beforeAll(async () => {
  const [zone] = await db.insert(deliveryZones).values({ name: 'States test zone', postcodes: ['9999'] }).returning();
  [service] = await db.insert(deliveryServices).values({ zoneId: zone.id, kind: 'two_person', name: 'Two-person delivery', fee: 9900, capacityPerWindow: 4 }).returning();
  token = await tokenFor(await createUser({ isAdmin: true }));
});

/** A booked window of its own, 40 days and more ahead (so counts never mix between cases). */
const nextDay = () => addDays(todayIn('Pacific/Auckland'), 40 + dayNo++);

const bookedOn = async (day: string) => (await db.select({ booked: deliverySlots.booked }).from(deliverySlots).where(and(eq(deliverySlots.serviceId, service.id), eq(deliverySlots.day, day), eq(deliverySlots.window, 'morning'))))[0]?.booked ?? 0;

/**
 * An order of 2 units in the given state, consistent with the rest of the shop: a live order holds
 * its stock (5 left on the shelf) and, delivered by two people, its booked window; a cancelled one
 * holds neither (7 on the shelf).
 */
async function orderIn(status: OrderStatus, paymentStatus: PaymentStatus, kind: Kind, opts: { bookedAlready?: number; day?: string } = {}) {
  const live = status !== 'cancelled';
  const product = await createProduct({ stock: live ? 5 : 7, price: 10_000 });
  const { order } = await createOrder({ lines: [{ product, quantity: 2 }], status, paymentStatus });
  const day = opts.day ?? nextDay();
  if (kind === 'two_person') {
    await db.update(orders).set({ deliveryKind: 'two_person', deliveryServiceId: service.id, deliveryServiceName: service.name, deliveryDate: day, deliveryWindow: 'morning', cancelledAt: live ? null : new Date() }).where(eq(orders.id, order.id));
    await db.insert(deliverySlots).values({ serviceId: service.id, day, window: 'morning', booked: (opts.bookedAlready ?? 0) + (live ? 1 : 0) }).onConflictDoNothing();
  } else {
    await db.update(orders).set({ deliveryKind: 'click_collect', deliveryServiceName: 'Click & collect', pickup: { name: 'Penrose store', address: '1 Show Place, Penrose', openingHours: 'Mon–Fri 9–5' }, cancelledAt: live ? null : new Date() }).where(eq(orders.id, order.id));
  }
  if (paymentStatus !== 'unpaid') {
    await db.insert(payments).values({ orderId: order.id, userId: order.userId, provider: 'demo', providerPaymentId: `demo_states_${order.id}`, amount: 20_000, currency: 'NZD', status: paymentStatus === 'refunded' ? 'refunded' : 'succeeded', refundedAmount: paymentStatus === 'paid' ? 0 : paymentStatus === 'refunded' ? 20_000 : 5_000 });
  }
  return { order: await reloadOrder(order.id), product, day };
}

const put = (orderId: number, body: unknown) => call(orderPut, { method: 'PUT', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, body, token });
const eventsOf = async (orderId: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
const mailsOf = async (orderId: number) => (await db.select({ key: outboxMessages.eventKey }).from(outboxMessages)).map((m) => m.key).filter((k) => k.endsWith(`:${orderId}`));

describe('an administrator moves an order: the whole matrix', () => {
  for (const kind of KINDS) {
    for (const from of ORDER_STATUSES) {
      test(`${kind}: from ${from}, every payment status, to every status — allowed with its effect, or 409 and nothing changed`, async () => {
        for (const pay of PAYMENT_STATUSES) {
          for (const to of ORDER_STATUSES) {
            const { order, product, day } = await orderIn(from, pay, kind);
            const stockBefore = await stockOf(product.id);
            const bookedBefore = await bookedOn(day);
            const res = await put(order.id, { status: to });
            const after = await reloadOrder(order.id);
            const expected = expectedMove(from, pay, kind, to);
            const what = `${kind} ${from}/${pay} → ${to}: ${JSON.stringify(res.body)}`;
            if (expected === 'refused') {
              expect(res.status, what).toBe(409);
              expect(res.body.message, what).toMatch(/\w{3,}.*\./);
              expect(after, what).toEqual(order);
              expect(await stockOf(product.id), what).toBe(stockBefore);
              expect(await bookedOn(day), what).toBe(bookedBefore);
              expect(await eventsOf(order.id), what).toEqual([]);
              expect(await mailsOf(order.id), what).toEqual([]);
              continue;
            }
            expect(res.status, what).toBe(200);
            expect(after.status, what).toBe(to);
            expect(after.paymentStatus, what).toBe(pay);
            if (expected === 'same') {
              expect(await stockOf(product.id), what).toBe(stockBefore);
              expect(await eventsOf(order.id), what).toEqual([]);
              continue;
            }
            // The stock and the booked window follow: cancelling gives them back, re-opening takes them again.
            const stockDelta = to === 'cancelled' ? 2 : from === 'cancelled' ? -2 : 0;
            expect(await stockOf(product.id), what).toBe(stockBefore + stockDelta);
            const slotDelta = kind === 'two_person' ? -stockDelta / 2 : 0;
            expect(await bookedOn(day), what).toBe(bookedBefore + slotDelta);
            expect(after.cancelledAt === null, what).toBe(to !== 'cancelled');
            // One history entry, by the staff member, from → to.
            const events = await eventsOf(order.id);
            expect(events.map((e) => ({ kind: e.kind, actor: e.actor, from: e.fromStatus, to: e.toStatus })), what).toEqual([{ kind: 'status', actor: 'staff', from, to }]);
            // The customer's e-mail of the new status; "on its way" only ever for a delivery.
            const mails = await mailsOf(order.id);
            if (to === 'shipped') expect(mails, what).toEqual([`order-shipped:${order.id}`]);
            if (kind === 'click_collect') expect(mails.some((k) => k.startsWith('order-shipped')), what).toBe(false);
          }
        }
      });
    }
  }

  test('a refused status leaves the rest of the same save unwritten too (one transaction)', async () => {
    const { order } = await orderIn('pending', 'unpaid', 'click_collect');
    const res = await put(order.id, { status: 'shipped', sales_message: 'On the truck' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Click & collect orders are not shipped or delivered: they become ready for collection, then collected.');
    expect(await reloadOrder(order.id)).toEqual(order);
  });
});

describe('re-opening a cancelled order takes its stock and booked window again, or is refused', () => {
  test('a full window: 409 with the reason, the order stays cancelled, nothing taken', async () => {
    const { order, product, day } = await orderIn('cancelled', 'paid', 'two_person', { bookedAlready: 4 });
    const res = await put(order.id, { status: 'processing' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/delivery window \(.+\) is now fully booked, so it cannot be re-opened/);
    expect(await reloadOrder(order.id)).toEqual(order);
    expect(await stockOf(product.id)).toBe(7);
    expect(await bookedOn(day)).toBe(4);
  });

  test('a booked day that has passed: 409, nothing taken', async () => {
    const past = addDays(todayIn('Pacific/Auckland'), -3);
    const { order, product } = await orderIn('cancelled', 'unpaid', 'two_person', { day: past });
    const res = await put(order.id, { status: 'pending' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/delivery day \(.+\) has passed/);
    expect(await reloadOrder(order.id)).toEqual(order);
    expect(await stockOf(product.id)).toBe(7);
    expect(await bookedOn(past)).toBe(0);
  });
});

describe('the delivery run sheet', () => {
  test('lists paid (or partly refunded) orders not yet delivered or cancelled; never unpaid, refunded, delivered, cancelled or click & collect', async () => {
    const admin = { id: 1, userName: 'admin', email: 'a@example.test', isAdmin: true, permissions: ALL_PERMISSIONS };
    const day = nextDay();
    const listed: number[] = [];
    const left: number[] = [];
    for (const status of ORDER_STATUSES) {
      for (const pay of PAYMENT_STATUSES) {
        const { order } = await orderIn(status, pay, 'two_person', { day });
        const goesOut = (pay === 'paid' || pay === 'partially_refunded') && (status === 'pending' || status === 'processing' || status === 'shipped');
        (goesOut ? listed : left).push(order.id);
      }
    }
    const { order: collect } = await orderIn('processing', 'paid', 'click_collect');
    await db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, collect.id));
    left.push(collect.id);
    const sheet = await deliverySchedule(admin, day, day);
    const ids = sheet.flatMap((d) => d.zones.flatMap((z) => z.orders.map((o) => o.orderId)));
    expect(ids.sort((a, b) => a - b)).toEqual(listed.sort((a, b) => a - b));
    for (const id of left) expect(ids).not.toContain(id);
  });
});
