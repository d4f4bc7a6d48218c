/**
 * An order's history (docs/orders.md "Order history"): written with each change — placed, paid,
 * status changes by staff, the customer and expiry, messages, refunds with their reason — and read
 * through GET /api/orders/{id}/history in staff words (administrators: who, every entry) or in
 * customer words (My Orders: the refund's reason shown, no staff names, no failed attempts).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { orderEvents, orders, payments, refunds } from '@/db/schema';
import { GET as historyRoute } from '@/app/api/orders/[id]/history/route';
import { DELETE as cancelRoute, PUT as orderPut } from '@/app/api/orders/[id]/route';
import { expireOrders } from '@/lib/orders/expiry';
import { failRefund } from '@/lib/orders/refunds';
import { addToCart, orderCart, shopper } from '../support/buying';
import { createProduct } from '../support/factories';
import { paidOrder, refund } from '../support/after-sale';
import { call } from '../support/http';

const historyOf = (token: string, orderId: number) => call(historyRoute, { url: `/api/orders/${orderId}/history`, params: { id: String(orderId) }, token });
const put = (token: string, orderId: number, body: unknown) => call(orderPut, { method: 'PUT', url: `/api/orders/${orderId}`, params: { id: String(orderId) }, body, token });

type EventJson = { kind: string; actor: string; by: string | null; text: string; note: string | null; note_label: string | null };

describe('order history', () => {
  test('placed, paid, shipped with a message, refunded with a reason: staff read every entry with who made it; the customer reads them in their words, the reason labelled', async () => {
    const admin = await shopper({ isAdmin: true });
    const { customer, order } = await paidOrder([{ price: 19_900, quantity: 2 }]);
    expect((await put(admin.token, order.order_id, { status: 'shipped', sales_message: 'Leaves Penrose on Tuesday' })).status).toBe(200);
    const refunded = await refund(admin.token, order.order_id, { amount: 20, reason: 'A scratch on the left arm' });
    expect(refunded.status).toBe(201);
    expect(refunded.body.status).toBe('succeeded');

    const staff = await historyOf(admin.token, order.order_id);
    expect(staff.status).toBe(200);
    const staffEvents = staff.body.events as EventJson[];
    expect(staffEvents.map((e) => [e.kind, e.actor])).toEqual([
      ['placed', 'customer'],
      ['paid', 'system'],
      ['status', 'system'],
      ['status', 'staff'],
      ['sales_message', 'staff'],
      ['refund_requested', 'staff'],
      ['refunded', 'staff'],
    ]);
    expect(staffEvents[0].by).toBe(customer.user.userName);
    expect(staffEvents[2].text).toBe('Status pending → processing.');
    expect(staffEvents[3]).toMatchObject({ text: 'Status processing → shipped.', by: admin.user.userName });
    expect(staffEvents[4]).toMatchObject({ note: 'Leaves Penrose on Tuesday', note_label: 'Message' });
    expect(staffEvents[6]).toMatchObject({ text: 'Refund of $20.00 made.', note: 'A scratch on the left arm', note_label: 'Reason (shown to the customer)', by: admin.user.userName });

    const mine = await historyOf(customer.token, order.order_id);
    expect(mine.status).toBe(200);
    const texts = (mine.body.events as EventJson[]).map((e) => e.text);
    expect(texts).toEqual([
      'You placed this order.',
      expect.stringMatching(/^We received your payment of \$\d+[\d,]*\.\d\d\.$/),
      'We are preparing your order.',
      'Your order is on its way.',
      'We left you a message.',
      'We started a refund of $20.00.',
      'We refunded $20.00 to you.',
    ]);
    const made = (mine.body.events as EventJson[]).at(-1)!;
    expect(made).toMatchObject({ note: 'A scratch on the left arm', note_label: 'Reason', by: null });
    // Nobody on staff is named to the customer.
    expect((mine.body.events as EventJson[]).every((e) => e.by === null)).toBe(true);

    // Someone else's order is not found.
    const stranger = await shopper();
    expect((await historyOf(stranger.token, order.order_id)).status).toBe(404);
  });

  test('a failed refund is in the staff history with the gateway message, never in the customer’s', async () => {
    const admin = await shopper({ isAdmin: true });
    const { customer, order } = await paidOrder([{ price: 5_000, quantity: 1 }]);
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, order.order_id));
    // A refund the gateway refuses: recorded pending, then failed.
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, row.id));
    const [pending] = await db.insert(refunds).values({ orderId: row.id, paymentId: payment.id, amount: 1_000, status: 'pending', gateway: payment.provider, reason: 'Goodwill' }).returning();
    await db.update(payments).set({ refundedAmount: 1_000 }).where(eq(payments.id, payment.id));
    await db.transaction((tx) => failRefund(tx, pending.id, 'Card expired'));
    const staff = (await historyOf(admin.token, order.order_id)).body.events as EventJson[];
    expect(staff.at(-1)).toMatchObject({ kind: 'refund_failed', actor: 'system', note: 'Card expired', note_label: 'Gateway message' });
    const mine = (await historyOf(customer.token, order.order_id)).body.events as EventJson[];
    expect(mine.some((e) => e.kind === 'refund_failed')).toBe(false);
  });

  test('the customer’s own cancel and the shop’s expiry are told apart; a refused move writes nothing', async () => {
    const admin = await shopper({ isAdmin: true });
    const product = await createProduct({ price: 4_000, stock: 10 });
    const c = await shopper();
    await addToCart(c.token, product.id, 1);
    const first = (await orderCart(c.token)).body.order;
    // Refused (unpaid → processing): no entry.
    expect((await put(admin.token, first.order_id, { status: 'processing' })).status).toBe(409);
    expect((await db.select().from(orderEvents).where(eq(orderEvents.orderId, first.order_id))).map((e) => e.kind)).toEqual(['placed']);
    expect((await call(cancelRoute, { method: 'DELETE', url: `/api/orders/${first.order_id}`, params: { id: String(first.order_id) }, token: c.token })).status).toBe(200);

    await addToCart(c.token, product.id, 1);
    const second = (await orderCart(c.token)).body.order;
    await expireOrders(undefined, { now: new Date(Date.now() + 30 * 24 * 3600 * 1000) });

    const texts = async (id: number) => ((await historyOf(c.token, id)).body.events as EventJson[]).map((e) => [e.actor, e.text]);
    expect(await texts(first.order_id)).toEqual([
      ['customer', 'You placed this order.'],
      ['customer', 'You cancelled this order.'],
    ]);
    expect(await texts(second.order_id)).toEqual([
      ['customer', 'You placed this order.'],
      ['system', 'This order was cancelled: it was not paid in time.'],
    ]);
  });
});
