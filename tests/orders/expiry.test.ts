/**
 * Unpaid orders expire (docs/orders.md): a pending unpaid order
 * holds its stock for unpaid_order_hold_minutes; past that, the next buyer of its products (or the
 * cron route) cancels it, puts its stock back exactly once and writes the customer's e-mail.
 * Through the real route handlers on the real database. Time passes by moving the clock the code
 * reads (only Date is faked: timers and the database run as usual), never by sleeping.
 */
import { AddressInfo } from 'node:net';
import { and, eq, like, ne } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { db } from '@/db/client';
import { orderItems, orders as ordersTable, outboxMessages, payments } from '@/db/schema';
import { GET as expireRoute } from '@/app/api/cron/expire-orders/route';
import { GET as getOrderRoute } from '@/app/api/orders/[id]/route';
import { GET as listOrdersRoute } from '@/app/api/orders/route';
import { PUT as putSettings } from '@/app/api/settings/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { API_ROUTES, isJsonSchema } from '@/lib/api/routes';
import { settleDelivery } from '@/lib/mail/deliver';
import { expireOrders } from '@/lib/orders/expiry';
import { createProduct } from '../support/factories';
import { addToCart, orderCart, orderRow, saveCard, shopper, stockOf } from '../support/buying';
import { call } from '../support/http';

const MINUTE = 60_000;
const SECRET = 'cron-secret-for-the-expiry-tests-0123';

/** Moves the clock the shop reads to `ms` from the real now (Date only). */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}

const cron = (authorization?: string) => call(expireRoute, { url: '/api/cron/expire-orders', headers: authorization ? { authorization } : {} });
const getOrder = (token: string, id: number) => call(getOrderRoute, { url: `/api/orders/${id}`, params: { id: String(id) }, token });
const cancellationsOf = (orderId: number) => db.select().from(outboxMessages).where(like(outboxMessages.eventKey, `order-cancelled:${orderId}:%`));

/** A customer with `quantity` of the product in the cart (added while there is stock). */
async function buyerWith(productId: number, quantity = 1) {
  const s = await shopper();
  expect((await addToCart(s.token, productId, quantity)).status).toBe(200);
  return s;
}

beforeEach(() => {
  delete process.env.CRON_SECRET;
  delete process.env.SMTP_URL;
});

afterEach(async () => {
  vi.useRealTimers();
  delete process.env.CRON_SECRET;
  delete process.env.SMTP_URL;
  await settleDelivery();
});

describe('a held order expires', () => {
  test('POST /api/orders — the hold keeps the stock for unpaid_order_hold_minutes; then the next buyer gets it (409 before, 201 after) and the first customer is told', async () => {
    const product = await createProduct({ stock: 1, name: 'Hemnes daybed' });
    const first = await buyerWith(product.id);
    const second = await buyerWith(product.id);
    const placedAt = Date.now();

    const held = await orderCart(first.token);
    expect(held.status).toBe(201);
    const order = held.body.order;
    // The default hold: 60 minutes from now, in the order JSON.
    const hold = Date.parse(order.hold_expires_at);
    expect(hold - placedAt).toBeGreaterThanOrEqual(60 * MINUTE - 5_000);
    expect(hold - placedAt).toBeLessThanOrEqual(60 * MINUTE + 5_000);
    expect(await stockOf(product.id)).toBe(0);

    // Within the hold, the stock stays held.
    clockAt(59 * MINUTE);
    const early = await orderCart(second.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Sorry, Hemnes daybed is out of stock.');
    expect((await getOrder(first.token, order.order_id)).body).toMatchObject({ status: 'pending', payment_status: 'unpaid', can_pay: true });

    // Past it, the second customer's order releases the hold and takes the unit.
    vi.setSystemTime(hold + MINUTE);
    const late = await orderCart(second.token);
    expect(late.status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);

    const expired = (await getOrder(first.token, order.order_id)).body;
    expect(expired).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', hold_expires_at: null, can_pay: false, can_cancel: false });
    expect(expired.cancelled_at).toEqual(expect.any(String));
    const mails = await cancellationsOf(order.order_id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'order-cancelled', recipient: first.user.email, status: 'pending' });
    expect(mails[0].subject).toMatch(/expired/i);
    expect(mails[0].payload).toMatchObject({ by: 'expiry' });

    // The second customer's order now holds the stock in turn.
    expect(Date.parse(late.body.order.hold_expires_at)).toBeGreaterThan(hold);
  });

  test('GET /api/orders — the customer sees when each unpaid order expires; the setting changes the hold of new orders', async () => {
    const admin = await shopper({ isAdmin: true });
    expect((await call(putSettings, { method: 'PUT', url: '/api/settings', token: admin.token, body: { unpaid_order_hold_minutes: 15 } })).status).toBe(200);
    try {
      const product = await createProduct({ stock: 5 });
      const customer = await buyerWith(product.id, 2);
      const placed = await orderCart(customer.token);
      expect(placed.status).toBe(201);
      const list = await call(listOrdersRoute, { url: '/api/orders', token: customer.token });
      const [mine] = list.body;
      expect(mine.order_id).toBe(placed.body.order.order_id);
      const minutes = (Date.parse(mine.hold_expires_at) - Date.parse(mine.order_date)) / MINUTE;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThan(15.1);
    } finally {
      await call(putSettings, { method: 'PUT', url: '/api/settings', token: admin.token, body: { unpaid_order_hold_minutes: 60 } });
    }
  });

  test('PUT /api/settings — unpaid_order_hold_minutes is whole minutes between 5 and 10080', async () => {
    const admin = await shopper({ isAdmin: true });
    const put = (value: unknown) => call(putSettings, { method: 'PUT', url: '/api/settings', token: admin.token, body: { unpaid_order_hold_minutes: value } });
    expect((await put(2)).body.message).toMatch(/at least 5/);
    expect((await put(20_000)).body.message).toMatch(/at most 10080/);
    expect((await put(30.5)).body.message).toMatch(/whole number/);
    expect((await put('45')).body).toMatchObject({ unpaid_order_hold_minutes: 45 });
    expect((await put(60)).status).toBe(200);
  });

  test('an order paid before its hold runs out keeps its stock: no later buyer, nor the cron route, cancels it', async () => {
    process.env.CRON_SECRET = SECRET;
    const product = await createProduct({ stock: 1 });
    const payer = await buyerWith(product.id);
    const later = await buyerWith(product.id);
    const placed = await orderCart(payer.token);
    const id = placed.body.order.order_id as number;
    const card = await saveCard(payer.token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: payer.token, body: { orderId: id, paymentMethodId: card.payment_method_id } });
    expect(paid.body).toMatchObject({ success: true, status: 'paid' });
    expect((await orderRow(id)).holdExpiresAt).toBeNull();

    clockAt(3 * 60 * MINUTE);
    expect((await cron(`Bearer ${SECRET}`)).status).toBe(200);
    expect((await orderCart(later.token)).status).toBe(409);
    expect(await orderRow(id)).toMatchObject({ status: 'processing', paymentStatus: 'paid', holdExpiresAt: null });
    expect(await stockOf(product.id)).toBe(0);
    expect(await cancellationsOf(id)).toHaveLength(0);
  });

  test('an order whose payment is being charged at that moment does not expire; once the charge fails, it does', async () => {
    const product = await createProduct({ stock: 1 });
    const customer = await buyerWith(product.id);
    const order = (await orderCart(customer.token)).body.order;
    // A charge in flight: the payment row is pending while the gateway answers.
    const [attempt] = await db
      .insert(payments)
      .values({ orderId: order.order_id, userId: customer.user.id, provider: 'demo', amount: 19900, currency: order.currency, status: 'pending' })
      .returning();
    const later = new Date(Date.now() + 2 * 60 * MINUTE);
    expect((await expireOrders(undefined, { now: later })).orderIds).not.toContain(order.order_id);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending' });

    await db.update(payments).set({ status: 'failed' }).where(eq(payments.id, attempt.id));
    expect((await expireOrders(undefined, { now: later })).orderIds).toContain(order.order_id);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(product.id)).toBe(1);
  });

  test('a customer who cancels ends the hold; the stock returned then is not returned again by expiry', async () => {
    const product = await createProduct({ stock: 2 });
    const customer = await buyerWith(product.id, 2);
    const placed = await orderCart(customer.token);
    const id = placed.body.order.order_id as number;
    const { DELETE } = await import('@/app/api/orders/[id]/route');
    expect((await call(DELETE, { method: 'DELETE', url: `/api/orders/${id}`, params: { id: String(id) }, token: customer.token })).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', holdExpiresAt: null });
    expect(await stockOf(product.id)).toBe(2);
    const expired = await expireOrders(undefined, { now: new Date(Date.now() + 2 * 60 * MINUTE) });
    expect(expired.orderIds).not.toContain(id);
    expect(await stockOf(product.id)).toBe(2);
  });
});

describe('expiry races', () => {
  test('GET /api/cron/expire-orders and new orders at once: the expired order is cancelled and its stock returned exactly once', async () => {
    process.env.CRON_SECRET = SECRET;
    const product = await createProduct({ stock: 3 });
    const holder = await buyerWith(product.id, 3);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyerWith(product.id)));
    const placed = await orderCart(holder.token);
    const id = placed.body.order.order_id as number;
    expect(await stockOf(product.id)).toBe(0);

    clockAt(61 * MINUTE);
    const [cronA, cronB, ...orders_] = await Promise.all([cron(`Bearer ${SECRET}`), cron(`Bearer ${SECRET}`), ...buyers.map((b) => orderCart(b.token))]);
    expect(cronA.status).toBe(200);
    expect(cronB.status).toBe(200);
    // Whoever released it, it was released once: the runs together report at most this one order.
    expect(cronA.body.expired + cronB.body.expired).toBeLessThanOrEqual(1);

    const won = orders_.filter((r) => r.status === 201).length;
    expect(won).toBe(3);
    expect(orders_.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', holdExpiresAt: null });
    expect(await stockOf(product.id)).toBe(0);
    expect(await cancellationsOf(id)).toHaveLength(1);

    // Nothing is left to release, and the stock does not move again.
    expect((await cron(`Bearer ${SECRET}`)).body.expired).toBe(0);
    expect(await stockOf(product.id)).toBe(0);
  });
  test('many overdue multi-product orders, buyers of overlapping products and cron runs at once: no error, every unit accounted for', async () => {
    process.env.CRON_SECRET = SECRET;
    const stock = 6;
    const shelf = await Promise.all([1, 2, 3].map(() => createProduct({ stock })));
    const ids = shelf.map((p) => p.id);
    const holders = await Promise.all(
      Array.from({ length: stock }, async () => {
        const s = await shopper();
        for (const id of ids) expect((await addToCart(s.token, id, 1)).status).toBe(200);
        return s;
      }),
    );
    // Six units of each product wanted in all: exactly what the expired orders hold.
    const baskets = [[0], [2, 0], [1, 2], [1], [2], [0, 1], [0, 2], [1, 0], [2, 1], [0], [1, 2]];
    const buyers = await Promise.all(
      baskets.map(async (basket) => {
        const s = await shopper();
        for (const i of basket) expect((await addToCart(s.token, ids[i], 1)).status).toBe(200);
        return s;
      }),
    );
    const held: number[] = [];
    for (const h of holders) held.push((await orderCart(h.token)).body.order.order_id);
    for (const id of ids) expect(await stockOf(id)).toBe(0);

    clockAt(61 * MINUTE);
    const answers = await Promise.all([...buyers.map((b) => orderCart(b.token)), cron(`Bearer ${SECRET}`), cron(`Bearer ${SECRET}`), cron(`Bearer ${SECRET}`)]);
    for (const a of answers) expect([200, 201, 409], JSON.stringify(a.body)).toContain(a.status);

    for (const id of held) {
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled' });
      expect(await cancellationsOf(id)).toHaveLength(1);
    }
    // Every unit is on the shelf or in exactly one open order.
    for (const id of ids) {
      const open = await db
        .select({ quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(ordersTable, eq(ordersTable.id, orderItems.orderId))
        .where(and(eq(orderItems.productId, id), ne(ordersTable.status, 'cancelled')));
      expect((await stockOf(id)) + open.reduce((n, l) => n + l.quantity, 0)).toBe(stock);
    }
    // Every buyer whose basket fitted on the released shelves got it: 6 of each product came back.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(baskets.length);
  }, 60_000);
});

describe('GET /api/cron/expire-orders', () => {
  const schema = API_ROUTES['/api/cron/expire-orders'].GET!.response;

  test('refuses without the secret (401 { message, code }), also when CRON_SECRET is unset, and answers no-store', async () => {
    const unset = await cron(`Bearer ${SECRET}`);
    expect(unset.status).toBe(401);
    expect(unset.body).toEqual({ message: expect.any(String), code: 'unauthorized' });
    process.env.CRON_SECRET = SECRET;
    for (const header of [undefined, `Bearer ${SECRET}x`, `Bearer ${SECRET.slice(0, -1)}`, SECRET, `Basic ${SECRET}`, 'Bearer ']) {
      const res = await cron(header);
      expect(res.status, String(header)).toBe(401);
      expect(res.body.code).toBe('unauthorized');
      expect(res.res.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('with the secret: cancels every overdue order, answers { expired, delivered }; without SMTP_URL the e-mails stay pending', async () => {
    const product = await createProduct({ stock: 4 });
    const a = await buyerWith(product.id, 1);
    const b = await buyerWith(product.id, 2);
    const idA = (await orderCart(a.token)).body.order.order_id as number;
    const idB = (await orderCart(b.token)).body.order.order_id as number;
    expect(await stockOf(product.id)).toBe(1);
    process.env.CRON_SECRET = SECRET;

    expect((await cron(`Bearer ${SECRET}`)).body.expired).toBe(0);
    clockAt(61 * MINUTE);
    const res = await cron(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.res.headers.get('cache-control')).toBe('no-store');
    expect(isJsonSchema(schema) && schema.safeParse(res.body).success).toBe(true);
    expect(res.body.expired).toBeGreaterThanOrEqual(2);
    expect(res.body.delivered).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0, cancelled: 0 });
    expect(await stockOf(product.id)).toBe(4);
    for (const id of [idA, idB]) {
      expect(await orderRow(id)).toMatchObject({ status: 'cancelled' });
      const [mail] = await cancellationsOf(id);
      expect(mail).toMatchObject({ status: 'pending', attempts: 0 });
    }
  });

  test('with SMTP_URL, drains the outbox: the expiry e-mail reaches the SMTP server and becomes sent', async () => {
    const received: { to: string; subject: string; text: string; html: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, done) {
        simpleParser(stream)
          .then((m) => {
            received.push({ to: [m.to].flat().map((t) => t?.text ?? '').join(','), subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '' });
            done();
          })
          .catch(done);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const product = await createProduct({ stock: 1, name: 'Malm dresser' });
      const customer = await buyerWith(product.id);
      const id = (await orderCart(customer.token)).body.order.order_id as number;
      process.env.CRON_SECRET = SECRET;
      process.env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

      clockAt(61 * MINUTE);
      const res = await cron(`Bearer ${SECRET}`);
      expect(res.status).toBe(200);
      expect(res.body.expired).toBeGreaterThanOrEqual(1);
      expect(res.body.delivered.sent).toBeGreaterThanOrEqual(1);
      expect(res.body.delivered.failed).toBe(0);

      const [mail] = await cancellationsOf(id);
      expect(mail).toMatchObject({ status: 'sent' });
      const got = received.find((m) => m.subject === mail.subject);
      expect(got?.to).toBe(customer.user.email);
      expect(got?.text).toContain('Malm dresser');
      expect(got?.html).toContain('Malm dresser');
      // Everything due went out (the other messages of this test file included).
      const left = await db.select().from(outboxMessages).where(and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.recipient, customer.user.email)));
      expect(left).toHaveLength(0);
    } finally {
      delete process.env.SMTP_URL;
      await settleDelivery();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
