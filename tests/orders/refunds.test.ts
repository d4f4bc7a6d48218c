/**
 * Refunds through the demo gateway: lines with restock, the delivery fee, an
 * amount; a double click refunds once; 20 concurrent requests never refund more than was paid
 * (run on PGlite and, with DATABASE_URL, on PostgreSQL); the credit note, the e-mail, the payment
 * statuses, the dashboard and finance figures; a pending refund is retried by the cron job.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, payments, refunds, taxDocuments } from '@/db/schema';
import { runExpiryJob } from '@/lib/orders/expiry';
import { getDashboard } from '@/lib/orders/dashboard';
import { listTransactions } from '@/lib/finance/service';
import { priceWellingtonDelivery, shopper, stockOf } from '../support/buying';
import { freshKey, paidOrder, paymentOf, refund, refundsOf } from '../support/after-sale';

const orderRowOf = async (orderId: number) => (await db.execute(sql`SELECT payment_status FROM orders WHERE id = ${orderId}`)).rows[0] as { payment_status: string };


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('POST /api/orders/{id}/refunds — demo gateway', () => {
  test('refunds one line with restock: succeeded, stock back, partially_refunded, credit note, e-mail, listed for the customer', async () => {
    const admin = await shopper({ isAdmin: true });
    const { customer, order, products, items } = await paidOrder([
      { price: 19_900, quantity: 2, stock: 5 },
      { price: 4_500, quantity: 1, stock: 5 },
    ]);
    expect(await stockOf(products[0].id)).toBe(3);
    const res = await refund(admin.token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], restock: true, reason: 'Scratched leg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'succeeded', amount: 199, delivery_fee: 0, restock: true, gateway: 'demo', lines: [{ order_item_id: items[0].order_item_id, quantity: 1, amount: 199 }] });
    expect(res.body.credit_note.number).toMatch(/^CN-\d{6}$/);
    expect(await stockOf(products[0].id)).toBe(4);
    expect(await stockOf(products[1].id)).toBe(4);
    expect((await orderRowOf(order.order_id)).payment_status).toBe('partially_refunded');
    const payment = await paymentOf(order.order_id);
    expect(payment).toMatchObject({ status: 'succeeded', refundedAmount: 19_900 });

    const [note] = await db.select().from(taxDocuments).where(eq(taxDocuments.refundId, res.body.refund_id));
    expect(note).toMatchObject({ kind: 'credit_note', orderId: order.order_id, total: 19_900 });
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `refund-issued:${res.body.refund_id}`));
    expect(mail).toMatchObject({ template: 'refund-issued', recipient: customer.user.email });
    expect(mail.subject).toContain(`order #${order.order_id}`);

    const mine = await refundsOf(customer.token, order.order_id);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ paid: order.total_amount, refunded: 199, refundable: Math.round((order.total_amount - 199) * 100) / 100 });
    expect(mine.body.refunds).toHaveLength(1);
    expect(mine.body.lines.find((l: { order_item_id: number }) => l.order_item_id === items[0].order_item_id).refundable_quantity).toBe(1);
    const stranger = await shopper();
    expect((await refundsOf(stranger.token, order.order_id)).status).toBe(404);
  });

  test('refunds everything, delivery fee included: payment and order refunded; a further refund is refused', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, items } = await paidOrder([{ price: 10_000, quantity: 1 }]);
    expect(order.shipping_fee).toBe(49);
    const res = await refund(admin.token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], includeDeliveryFee: true });
    expect(res.body).toMatchObject({ status: 'succeeded', amount: 149, delivery_fee: 49 });
    expect((await orderRowOf(order.order_id)).payment_status).toBe('refunded');
    expect((await paymentOf(order.order_id)).status).toBe('refunded');
    const again = await refund(admin.token, order.order_id, { amount: 1 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order has already been refunded in full.');
    const fee = await refund(admin.token, order.order_id, { includeDeliveryFee: true });
    expect(fee.status).toBe(409);
    expect(fee.body.message).toBe('The delivery fee has already been refunded.');
  });

  test('refuses more units than bought less those refunded, an amount above what is left, an unpaid order, a customer', async () => {
    const admin = await shopper({ isAdmin: true });
    const { customer, order, items } = await paidOrder([{ price: 5_000, quantity: 2 }]);
    const line = items[0].order_item_id;
    const tooMany = await refund(admin.token, order.order_id, { lines: [{ orderItemId: line, quantity: 3 }] });
    expect(tooMany).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Only 2 of .* can still be refunded\.$/) } });
    expect((await refund(admin.token, order.order_id, { lines: [{ orderItemId: line, quantity: 2 }] })).status).toBe(201);
    expect((await refund(admin.token, order.order_id, { lines: [{ orderItemId: line, quantity: 1 }] })).body.message).toMatch(/has already been refunded\.$/);
    const over = await refund(admin.token, order.order_id, { amount: 50 });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/^Only \$49\.00 can still be refunded\.$/);
    expect((await refund(admin.token, order.order_id, { lines: [{ orderItemId: 999_999, quantity: 1 }] })).status).toBe(404);
    expect((await refund(admin.token, order.order_id, { lines: [{ orderItemId: line, quantity: 1 }], amount: 5 })).status).toBe(400);
    expect((await refund(admin.token, order.order_id, {})).status).toBe(400);
    expect((await refund(customer.token, order.order_id, { amount: 1 })).status).toBe(403);
    const unpaid = await paidOrder([{ price: 5_000, quantity: 1 }], { pay: false });
    expect(await refund(admin.token, unpaid.order.order_id, { amount: 1 })).toMatchObject({ status: 409, body: { message: 'This order has not been paid, so there is nothing to refund.' } });
  });

  test('a double click (the same idempotency key) refunds once, one after the other and at the same moment', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, items, products } = await paidOrder([{ price: 8_000, quantity: 3, stock: 3 }]);
    const key = freshKey();
    const body = { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], restock: true, idempotencyKey: key };
    const first = await refund(admin.token, order.order_id, body);
    const second = await refund(admin.token, order.order_id, body);
    expect(second.body.refund_id).toBe(first.body.refund_id);
    const concurrentKey = freshKey();
    const both = await Promise.all([1, 2].map(() => refund(admin.token, order.order_id, { ...body, idempotencyKey: concurrentKey })));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0].body.refund_id).toBe(both[1].body.refund_id);
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, order.order_id));
    expect(rows).toHaveLength(2);
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(16_000);
    expect(await stockOf(products[0].id)).toBe(2);
  });

  test('20 refund requests at once (different keys) never refund more than was paid', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order } = await paidOrder([{ price: 20_000, quantity: 1 }]);
    const payment = await paymentOf(order.order_id);
    expect(payment.amount).toBe(24_900);
    // $30 each: 8 fit in $249 (8 × 30 = 240), the other 12 must be refused.
    const results = await Promise.all(Array.from({ length: 20 }, () => refund(admin.token, order.order_id, { amount: 30 })));
    const made = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(made).toHaveLength(8);
    expect(refused).toHaveLength(12);
    for (const r of refused) expect(r.body.message).toMatch(/can still be refunded\.$|refund more than was paid/);
    const after = await paymentOf(order.order_id);
    expect(after.refundedAmount).toBe(24_000);
    const [{ total }] = (await db.execute(sql`SELECT coalesce(sum(amount), 0)::int AS total FROM refunds WHERE order_id = ${order.order_id} AND status = 'succeeded'`)).rows as { total: number }[];
    expect(Number(total)).toBeLessThanOrEqual(after.amount);
    expect(Number(total)).toBe(24_000);
  });

  test('the database refuses refunded_amount above the amount, whatever the code does (CHECK)', async () => {
    const { order } = await paidOrder([{ price: 1_000, quantity: 1 }]);
    const payment = await paymentOf(order.order_id);
    await expect(db.update(payments).set({ refundedAmount: payment.amount + 1 }).where(eq(payments.id, payment.id))).rejects.toThrow();
  });

  test('a refund left pending (crash before the gateway call) is made by the cron job; the dashboard and finance count it', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order } = await paidOrder([{ price: 6_000, quantity: 1 }]);
    const payment = await paymentOf(order.order_id);
    // What a crash right after createRefund's commit leaves behind.
    const [pending] = await db
      .insert(refunds)
      .values({ orderId: order.order_id, paymentId: payment.id, amount: 1_500, status: 'pending', gateway: 'demo', idempotencyKey: freshKey(), createdBy: admin.user.id, createdAt: new Date(Date.now() - 5 * 60_000) })
      .returning();
    await db.update(payments).set({ refundedAmount: 1_500 }).where(eq(payments.id, payment.id));
    const before = await getDashboard({ id: admin.user.id, isAdmin: true, permissions: ALL_PERMISSIONS } as never);
    const run = await runExpiryJob();
    expect(run.refunds.retried).toBeGreaterThanOrEqual(1);
    const [settled] = await db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(settled).toMatchObject({ status: 'succeeded', gatewayRefundId: `demo_re_${pending.id}`, attempts: 1 });
    expect((await runExpiryJob()).refunds.retried).toBe(0);
    const after = await getDashboard({ id: admin.user.id, isAdmin: true, permissions: ALL_PERMISSIONS } as never);
    expect(after.toBeProcessed.refunds).toBe(before.toBeProcessed.refunds + 1);
    expect(after.toBeProcessed.pendingResolution).toBe(before.toBeProcessed.pendingResolution - 1);
    const tx = await listTransactions({ id: admin.user.id, isAdmin: true, permissions: ALL_PERMISSIONS } as never);
    expect(tx.transactions.find((t) => t.id === `refund-${pending.id}`)).toMatchObject({ type: 'expense', amount: 15, source: 'refund' });
    const [mail] = await db.select().from(outboxMessages).where(and(eq(outboxMessages.eventKey, `refund-issued:${pending.id}`)));
    expect(mail).toBeTruthy();
  });
});
