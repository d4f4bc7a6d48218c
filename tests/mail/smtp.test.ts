/**
 * Transactional e-mail through a real SMTP server (docs/mail.md; docs/architecture.md "Outbox"):
 * the test starts `smtp-server` on 127.0.0.1 (random port, no auth, no TLS) and reads what arrives
 * with `mailparser`. Orders are placed, paid, shipped and cancelled through the real route
 * handlers; the outbox is then delivered with deliverDue().
 */
import type { AddressInfo } from 'node:net';
import { and, eq, like, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages } from '@/db/schema';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { DELETE as cancelOrder, PUT as updateOrder } from '@/app/api/orders/[id]/route';
import { POST as closeAccount } from '@/app/api/users/[id]/close/route';
import { deliverDue, MAX_ATTEMPTS, settleDelivery } from '@/lib/mail/deliver';
import { addToCart, orderCart, placedOrder, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

// ── The SMTP server ──────────────────────────────────────────────────────────────────────────

const received: ParsedMail[] = [];
/** Message-IDs of the messages the server refused (it read them first). */
const refused: string[] = [];
let failing = false;
let server: SMTPServer;
let smtpUrl = '';

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          if (failing) {
            refused.push(mail.messageId ?? '');
            done(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
            return;
          }
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  await settleDelivery();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(async () => {
  delete process.env.SMTP_URL;
  failing = false;
  await settleDelivery();
});

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────

/** The outbox messages about one order (event keys `{event}:{orderId}…`). */
const messagesOf = (orderId: number) =>
  db
    .select()
    .from(outboxMessages)
    .where(like(outboxMessages.eventKey, `%:${orderId}%`))
    .then((rows) => rows.filter((r) => r.kind === 'email' && r.template !== 'low-stock' && r.eventKey.split(':')[1] === String(orderId)));

/** The e-mails received about one order, by their Message-ID `<{event}%3A{orderId}…@host>`. */
const receivedFor = (orderId: number) => received.filter((m) => !(m.messageId ?? '').startsWith('<low-stock') && new RegExp(`%3A${orderId}(%3A|@)`).test(m.messageId ?? ''));
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

/** Places an order of one $199 product through POST /api/orders and pays it with the demo card 4242 through POST /api/payments/submit. */
async function paidOrder() {
  const placed = await placedOrder({ price: 19_900 });
  const card = await saveCard(placed.token, 'pm_card_visa');
  const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: placed.token, body: { orderId: placed.order.order_id, paymentMethodId: card.payment_method_id } });
  expect(paid.body).toMatchObject({ success: true, status: 'paid' });
  return placed;
}

/** Makes every pending message of the order due now (as if its retry delay had passed). */
const makeDue = (orderId: number) =>
  db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(like(outboxMessages.eventKey, `%:${orderId}%`), eq(outboxMessages.status, 'pending')));

// ── Tests ────────────────────────────────────────────────────────────────────────────────────


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('e-mail through SMTP_URL', () => {
  test('POST /api/orders + POST /api/payments/submit — with no SMTP_URL the messages wait in the outbox; with it, deliverDue() sends "order received" and "payment received" to the customer, with lines, total, GST and address in both bodies', async () => {
    const admin = await createUser({ isAdmin: true, email: `boss_${Date.now()}@example.test` });
    const { user, product, order } = await paidOrder();

    // Nothing configured: nothing leaves, the messages stay pending and untouched.
    expect(await deliverDue()).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0, cancelled: 0 });
    const waiting = await messagesOf(order.order_id);
    expect(waiting.map((m) => m.template).sort()).toEqual(['new-paid-order', 'order-received', 'payment-received']);
    expect(waiting.every((m) => m.status === 'pending' && m.attempts === 0)).toBe(true);
    expect(received).toHaveLength(0);

    process.env.SMTP_URL = smtpUrl;
    const report = await deliverDue({ limit: 100 });
    expect(report.failed).toBe(0);
    const mails = receivedFor(order.order_id);
    const orderReceived = mails.find((m) => m.subject === `Totara Home: we have your order #${order.order_id}`);
    const paymentReceived = mails.find((m) => m.subject === `Totara Home: payment received for order #${order.order_id}`);
    expect(orderReceived, 'order received').toBeDefined();
    expect(paymentReceived, 'payment received').toBeDefined();
    for (const mail of [orderReceived!, paymentReceived!]) {
      expect(to(mail)).toBe(user.email);
      expect(mail.from?.text).toContain('help@totarahome.co.nz');
      // $199 + $49 delivery = $248, which includes GST of 248 × 3/23 = $32.3478… → $32.35.
      for (const body of [mail.html as string, mail.text ?? '']) {
        expect(body).toContain(product.name);
        expect(body).toContain('$248.00');
        expect(body).toContain('$49.00');
        expect(body).toContain('Includes GST $32.35 (15%).');
        expect(body).toContain('12 Kauri Street');
        expect(body).toContain('Wellington 6011');
        expect(body).toContain('help@totarahome.co.nz');
      }
    }
    expect(orderReceived!.messageId).toBe(`<order-received%3A${order.order_id}@localhost>`);
    // The administrators hear of the paid order.
    const forAdmin = mails.find((m) => to(m) === admin.email);
    expect(forAdmin?.subject).toMatch(new RegExp(`new paid order #${order.order_id}`));
    expect(forAdmin?.text).toContain(user.email);

    const sent = await messagesOf(order.order_id);
    expect(sent.every((m) => m.status === 'sent' && m.attempts === 1 && m.sentAt !== null)).toBe(true);
  });

  test('deliverDue() run three times at once, then again: each event is sent exactly once', async () => {
    const { order } = await paidOrder();
    const before = receivedFor(order.order_id).length;
    process.env.SMTP_URL = smtpUrl;
    const reports = await Promise.all([deliverDue({ limit: 100 }), deliverDue({ limit: 100 }), deliverDue({ limit: 100 })]);
    await deliverDue({ limit: 100 });
    const rows = await messagesOf(order.order_id);
    const mails = receivedFor(order.order_id);
    expect(mails.length - before).toBe(rows.length);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(rows.length);
    expect(rows.every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  });

  test('POST /api/orders with SMTP_URL set — the order e-mail leaves right after the commit, without a delivery run', async () => {
    process.env.SMTP_URL = smtpUrl;
    const { order } = await placedOrder();
    await settleDelivery();
    expect(receivedFor(order.order_id).map((m) => m.subject)).toEqual([`Totara Home: we have your order #${order.order_id}`]);
  });

  test('a mail server that refuses: the message stays pending with the error and a later attempt, goes out once the server accepts, with the same Message-ID', async () => {
    const { order, token } = await placedOrder();
    expect((await call(cancelOrder, { method: 'DELETE', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token })).status).toBe(200);
    process.env.SMTP_URL = smtpUrl;
    failing = true;
    const first = await deliverDue({ limit: 100 });
    expect(first.sent).toBe(0);
    expect(first.retrying).toBeGreaterThanOrEqual(2);
    const pending = await messagesOf(order.order_id);
    expect(pending.map((m) => m.template).sort()).toEqual(['order-cancelled', 'order-received']);
    for (const m of pending) {
      expect(m).toMatchObject({ status: 'pending', attempts: 1 });
      expect(m.lastError).toContain('Mailbox temporarily unavailable');
      expect(m.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    }
    // Not due yet: a run now takes nothing.
    failing = false;
    expect((await deliverDue({ limit: 100 })).claimed).toBe(0);
    expect(receivedFor(order.order_id)).toHaveLength(0);

    await makeDue(order.order_id);
    expect((await deliverDue({ limit: 100 })).retrying).toBe(0);
    const mails = receivedFor(order.order_id);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Totara Home: we have your order #${order.order_id}`, `Totara Home: you cancelled order #${order.order_id}`]);
    expect(refused).toEqual(expect.arrayContaining(mails.map((m) => m.messageId)));
    const cancelled = mails.find((m) => m.subject?.includes('cancelled'))!;
    expect(cancelled.text).toContain('As you asked, we have cancelled your order.');
    expect(cancelled.text).toContain('Nothing has been charged.');
    const rows = await messagesOf(order.order_id);
    expect(rows.every((m) => m.status === 'sent' && m.attempts === 2)).toBe(true);
  });

  test(`a message refused ${MAX_ATTEMPTS} times is given up as failed and never sent`, async () => {
    const { order } = await placedOrder();
    process.env.SMTP_URL = smtpUrl;
    failing = true;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await makeDue(order.order_id);
      await deliverDue({ limit: 100 });
    }
    const [row] = await messagesOf(order.order_id);
    expect(row).toMatchObject({ template: 'order-received', status: 'failed', attempts: MAX_ATTEMPTS });
    await makeDue(order.order_id);
    failing = false;
    expect((await deliverDue({ limit: 100 })).claimed).toBe(0);
    expect(receivedFor(order.order_id)).toHaveLength(0);
  });

  test('PUT /api/orders/{id} — shipped, shipped again, delivered: one "on its way" and one "delivered" e-mail; a refused change writes none', async () => {
    const { order, user } = await paidOrder();
    const adminToken = await tokenFor(await createUser({ isAdmin: true }));
    const put = (body: unknown) => call(updateOrder, { method: 'PUT', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token: adminToken, body });
    expect((await put({ status: 'shipped' })).status).toBe(200);
    expect((await put({ status: 'shipped', sales_message: 'Left the warehouse' })).status).toBe(200);
    expect((await put({ status: 'delivered' })).status).toBe(200);
    // A save refused as a whole (an item of another order: 404) writes no e-mail for the status that came with it.
    const refusedSave = await put({ status: 'cancelled', items: [{ itemId: 999_999, quantity: 1 }] });
    expect(refusedSave.status).toBe(404);
    const templates = (await messagesOf(order.order_id)).map((m) => m.template);
    expect(templates.filter((t) => t === 'order-shipped')).toHaveLength(1);
    expect(templates.filter((t) => t === 'order-delivered')).toHaveLength(1);
    expect(templates).not.toContain('order-cancelled');

    process.env.SMTP_URL = smtpUrl;
    await deliverDue({ limit: 100 });
    const subjects = receivedFor(order.order_id)
      .filter((m) => to(m) === user.email)
      .map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([`Totara Home: order #${order.order_id} is on its way`, `Totara Home: order #${order.order_id} has been delivered`]));
  });

  test('POST /api/users/{id}/close — the e-mails waiting for the account are cancelled, and one written for it afterwards is never sent', async () => {
    const { order, user } = await paidOrder();
    const adminToken = await tokenFor(await createUser({ isAdmin: true }));
    const closed = await call(closeAccount, { method: 'POST', url: `/api/users/${user.id}/close`, params: { id: String(user.id) }, token: adminToken });
    expect(closed.status).toBe(200);
    const toCustomer = (await messagesOf(order.order_id)).filter((m) => m.template !== 'new-paid-order');
    expect(toCustomer.map((m) => m.template).sort()).toEqual(['order-received', 'payment-received']);
    expect(toCustomer.every((m) => m.status === 'cancelled' && m.lastError === 'Not sent: the account was closed.')).toBe(true);

    // The order is still shipped; its e-mail goes to the account's address, now the anonymised one.
    const shipped = await call(updateOrder, { method: 'PUT', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token: adminToken, body: { status: 'shipped' } });
    expect(shipped.status).toBe(200);
    const [onItsWay] = (await messagesOf(order.order_id)).filter((m) => m.template === 'order-shipped');
    expect(onItsWay.recipient).toBe(`closed-account-${user.id}@closed.invalid`);

    process.env.SMTP_URL = smtpUrl;
    await deliverDue({ limit: 100 });
    await settleDelivery();
    expect(receivedFor(order.order_id).filter((m) => to(m) !== undefined && [user.email, onItsWay.recipient].includes(to(m)!))).toEqual([]);
    const [after] = (await messagesOf(order.order_id)).filter((m) => m.id === onItsWay.id);
    expect(after).toMatchObject({ status: 'cancelled', sentAt: null });
    expect(after.lastError).toMatch(/^Not sent/);
    // Only the staff's notice of the new paid order went out (one per staff address the shop had then).
    const sent = (await messagesOf(order.order_id)).filter((m) => m.status === 'sent');
    expect(sent.length).toBeGreaterThan(0);
    expect([...new Set(sent.map((m) => m.template))]).toEqual(['new-paid-order']);
  });

  test('POST /api/orders refused for short stock (409) writes no e-mail', async () => {
    const s = await shopper();
    const product = await createProduct({ stock: 1 });
    expect((await addToCart(s.token, product.id, 1)).status).toBe(200);
    // Someone else takes the last unit first.
    const other = await shopper();
    await addToCart(other.token, product.id, 1);
    expect((await orderCart(other.token)).status).toBe(201);
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
    expect((await orderCart(s.token)).status).toBe(409);
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
    expect(after[0].n).toBe(before[0].n);
  });
});
