/**
 * Returns: the journey request → approve → received → refunded (with restock
 * and the e-mails), the return window (setting return_window_days), quantities, and who may move
 * a return where (lib/orders/return-rules.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { orders, outboxMessages, settings, taxDocuments } from '@/db/schema';
import { renderMail } from '@/lib/mail/templates';
import { shopper, stockOf } from '../support/buying';
import { listReturns, moveReturn, paidOrder, paymentOf, refund, refundsOf, requestReturn, returnable, setStatus } from '../support/after-sale';

/** A delivered, paid order of two lines (2 × $199, 1 × $45). */
async function deliveredOrder() {
  const admin = await shopper({ isAdmin: true });
  const placed = await paidOrder([
    { price: 19_900, quantity: 2, stock: 4 },
    { price: 4_500, quantity: 1, stock: 4 },
  ]);
  expect((await setStatus(admin.token, placed.order.order_id, 'delivered')).status).toBe(200);
  return { admin, ...placed };
}

const mailKeys = async (prefix: string) => (await db.select({ key: outboxMessages.eventKey }).from(outboxMessages).where(sql`${outboxMessages.eventKey} LIKE ${`${prefix}%`}`)).map((r) => r.key);

describe('returns — the journey', () => {
  test('request → approve → received → refunded: the lines come back on the shelves, the customer is e-mailed at each step', async () => {
    const { admin, customer, order, items, products } = await deliveredOrder();
    const [row] = await db.select({ deliveredAt: orders.deliveredAt }).from(orders).where(eq(orders.id, order.order_id));
    expect(row.deliveredAt).not.toBeNull();
    const can = await returnable(customer.token, order.order_id);
    expect(can.body).toMatchObject({ allowed: true, reason: null });
    expect(can.body.lines.map((l: { returnable_quantity: number }) => l.returnable_quantity)).toEqual([2, 1]);

    const asked = await requestReturn(customer.token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], reason: 'The colour does not suit the room' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'requested', order_id: order.order_id, amount: 199, lines: [{ order_item_id: items[0].order_item_id, quantity: 1 }] });
    const id = asked.body.return_id;
    expect(await mailKeys(`return-received:${id}`)).toHaveLength(1);

    const queue = await listReturns(admin.token);
    expect(queue.body.returns.map((r: { return_id: number }) => r.return_id)).toContain(id);
    expect(queue.body.counts.requested).toBeGreaterThanOrEqual(1);
    expect((await listReturns(customer.token)).body.returns.map((r: { return_id: number }) => r.return_id)).toEqual([id]);
    expect((await listReturns((await shopper()).token)).body.returns).toEqual([]);

    const approved = await moveReturn(admin.token, id, { status: 'approved', message: 'We will collect it on Tuesday.' });
    expect(approved.body).toMatchObject({ status: 'approved', decision_message: 'We will collect it on Tuesday.' });
    expect(await mailKeys(`return-decided:${id}:approved`)).toHaveLength(1);
    const received = await moveReturn(admin.token, id, { status: 'received' });
    expect(received.body.status).toBe('received');
    expect(received.body.received_at).not.toBeNull();

    const stockBefore = await stockOf(products[0].id);
    const refunded = await moveReturn(admin.token, id, { status: 'refunded' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect(refunded.body.refund_id).not.toBeNull();
    expect(await stockOf(products[0].id)).toBe(stockBefore + 1);
    const listed = await refundsOf(customer.token, order.order_id);
    expect(listed.body.refunds).toMatchObject([{ refund_id: refunded.body.refund_id, amount: 199, status: 'succeeded', restock: true, return_id: id }]);
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(19_900);
    expect(await mailKeys(`refund-issued:${refunded.body.refund_id}`)).toHaveLength(1);
    // Refunding again changes nothing.
    expect((await moveReturn(admin.token, id, { status: 'refunded' })).status).toBe(409);
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(19_900);
  });

  test('a collected return: the refund deducts the collection fee of the settings; the refund, the return, the payment and the credit note agree', async () => {
    const { admin, customer, order, items } = await deliveredOrder();
    await db.insert(settings).values({ key: 'return_collection_fee', value: 39.5 }).onConflictDoUpdate({ target: settings.key, set: { value: 39.5 } });
    try {
      const asked = await requestReturn(customer.token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 2 }], reason: 'Too big for the lounge' });
      const id = asked.body.return_id;
      await moveReturn(admin.token, id, { status: 'approved', message: 'We will collect them on Friday.' });
      // The fee only goes with a refund.
      expect((await moveReturn(admin.token, id, { status: 'received', deduct_collection_fee: true })).status).toBe(400);
      await moveReturn(admin.token, id, { status: 'received' });
      const refunded = await moveReturn(admin.token, id, { status: 'refunded', deduct_collection_fee: true });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      // 2 × $199 = $398 less $39.50.
      expect(refunded.body).toMatchObject({ status: 'refunded', amount: 398, collection_fee: 39.5 });
      const listed = await refundsOf(customer.token, order.order_id);
      expect(listed.body.refunds).toMatchObject([{ refund_id: refunded.body.refund_id, amount: 358.5, collection_fee: 39.5, delivery_fee: 0, status: 'succeeded' }]);
      expect((await paymentOf(order.order_id)).refundedAmount).toBe(35_850);
      const [note] = await db.select().from(taxDocuments).where(eq(taxDocuments.refundId, refunded.body.refund_id));
      expect(note.total).toBe(35_850);
      expect(note.lines.reduce((sum, l) => sum + l.total, 0)).toBe(note.total);
      expect(note.lines.at(-1)).toMatchObject({ description: 'Less return collection fee', total: -3_950 });
      // The refund e-mail says what was kept.
      const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `refund-issued:${refunded.body.refund_id}`));
      expect((await renderMail(mail.template, mail.payload)).text).toContain('Less the return collection fee — $39.50');
    } finally {
      await db.delete(settings).where(eq(settings.key, 'return_collection_fee'));
    }
  });

  test('a return dropped at the warehouse is refunded in full (no fee unless asked for)', async () => {
    const { admin, customer, order, items } = await deliveredOrder();
    const id = (await requestReturn(customer.token, order.order_id, { lines: [{ orderItemId: items[1].order_item_id, quantity: 1 }], reason: 'Changed my mind' })).body.return_id;
    await moveReturn(admin.token, id, { status: 'approved' });
    await moveReturn(admin.token, id, { status: 'received' });
    const refunded = await moveReturn(admin.token, id, { status: 'refunded', deduct_collection_fee: false });
    expect(refunded.body).toMatchObject({ status: 'refunded', collection_fee: 0 });
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(4_500);
    // A fee as large as the items returned is refused: the default $49 on a $45 lamp.
    const { admin: a2, customer: c2, order: o2, items: i2 } = await deliveredOrder();
    const id2 = (await requestReturn(c2.token, o2.order_id, { lines: [{ orderItemId: i2[1].order_item_id, quantity: 1 }], reason: 'Changed my mind' })).body.return_id;
    await moveReturn(a2.token, id2, { status: 'approved' });
    await moveReturn(a2.token, id2, { status: 'received' });
    const refused = await moveReturn(a2.token, id2, { status: 'refunded', deduct_collection_fee: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The collection fee ($49.00) is as much as the items returned ($45.00): refund it without the fee, or not at all.');
    expect((await paymentOf(o2.order_id)).refundedAmount).toBe(0);
  });

  test('a declined return sends its message, and its units may be asked for again', async () => {
    const { admin, customer, order, items } = await deliveredOrder();
    const line = [{ orderItemId: items[1].order_item_id, quantity: 1 }];
    const first = await requestReturn(customer.token, order.order_id, { lines: line, reason: 'Changed my mind' });
    expect((await requestReturn(customer.token, order.order_id, { lines: line, reason: 'Again' })).body.message).toMatch(/already being returned or refunded\.$/);
    const declined = await moveReturn(admin.token, first.body.return_id, { status: 'declined', message: 'It has been assembled and used.' });
    expect(declined.body.status).toBe('declined');
    const [mail] = await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `return-decided:${first.body.return_id}:declined`));
    expect(mail.subject).toContain('about your return');
    expect((mail.payload as { ret: { message: string } }).ret.message).toBe('It has been assembled and used.');
    expect((await moveReturn(admin.token, first.body.return_id, { status: 'approved' })).body.message).toBe('This return is declined and cannot change any more.');
    expect((await requestReturn(customer.token, order.order_id, { lines: line, reason: 'Please look again' })).status).toBe(201);
  });
});

describe('returns — the rules', () => {
  test('only a delivered order of the customer, within the window, for units not already returned or refunded', async () => {
    const admin = await shopper({ isAdmin: true });
    const notDelivered = await paidOrder([{ price: 10_000, quantity: 1 }]);
    const line = (o: { items: { order_item_id: number }[] }, quantity = 1) => [{ orderItemId: o.items[0].order_item_id, quantity }];
    expect(await requestReturn(notDelivered.customer.token, notDelivered.order.order_id, { lines: line(notDelivered), reason: 'Too big' })).toMatchObject({ status: 409, body: { message: 'Items can be returned once the order has been delivered.' } });

    const { customer, order, items } = await deliveredOrder();
    const o = { items };
    expect((await requestReturn((await shopper()).token, order.order_id, { lines: line(o), reason: 'Not mine' })).status).toBe(404);
    expect((await requestReturn(admin.token, order.order_id, { lines: line(o), reason: 'Admin' })).status).toBe(403);
    expect((await requestReturn(customer.token, order.order_id, { lines: line(o, 3), reason: 'Three please' })).body.message).toMatch(/^Only 2 of .* can still be returned\.$/);
    expect((await requestReturn(customer.token, order.order_id, { lines: [], reason: 'Nothing' })).status).toBe(400);
    // Units refunded directly leave fewer to return.
    expect((await refund(admin.token, order.order_id, { lines: line(o, 1) })).status).toBe(201);
    expect((await requestReturn(customer.token, order.order_id, { lines: line(o, 2), reason: 'Both' })).body.message).toMatch(/^Only 1 of /);

    // The window: delivered 31 days ago with the default 30 days → closed; a 60-day setting opens it again.
    await db.update(orders).set({ deliveredAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(orders.id, order.order_id));
    const closed = await requestReturn(customer.token, order.order_id, { lines: line(o), reason: 'Late' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/^The 30-day return window for this order has closed\./);
    expect((await returnable(customer.token, order.order_id)).body.allowed).toBe(false);
    await db.insert(settings).values({ key: 'return_window_days', value: 60 }).onConflictDoUpdate({ target: settings.key, set: { value: 60 } });
    try {
      expect((await requestReturn(customer.token, order.order_id, { lines: line(o), reason: 'Within 60 days' })).status).toBe(201);
    } finally {
      await db.delete(settings).where(eq(settings.key, 'return_window_days'));
    }
  });

  test('PUT /api/returns/{id} — administrators only, one step at a time', async () => {
    const { admin, customer, order, items } = await deliveredOrder();
    const asked = await requestReturn(customer.token, order.order_id, { lines: [{ orderItemId: items[0].order_item_id, quantity: 1 }], reason: 'Wobbly' });
    const id = asked.body.return_id;
    expect((await moveReturn(customer.token, id, { status: 'approved' })).status).toBe(403);
    expect(await moveReturn(admin.token, id, { status: 'received' })).toMatchObject({ status: 409, body: { message: 'This return is waiting for a decision; it can only be approved or declined next.' } });
    expect((await moveReturn(admin.token, id, { status: 'refunded' })).status).toBe(409);
    expect((await moveReturn(admin.token, id, { status: 'requested' })).status).toBe(400);
    expect((await moveReturn(admin.token, 999_999, { status: 'approved' })).status).toBe(404);
    expect((await moveReturn(admin.token, id, { status: 'approved' })).status).toBe(200);
    expect((await moveReturn(admin.token, id, { status: 'approved' })).body.message).toBe('This return is already approved.');
  });
});
