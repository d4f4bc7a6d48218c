/**
 * Back-in-stock alerts (docs/mail.md "Back-in-stock alerts"): asking for one (a customer at once, a
 * visitor after confirming the e-mailed link), the refusals, the links' tokens, and the alert
 * itself — one e-mail per confirmed alert in the transaction of every kind of stock rise, after
 * which the alert has ended.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, products, rateLimits, stockAlerts } from '@/db/schema';
import { POST as subscribeRoute } from '@/app/api/products/[id]/stock-alerts/route';
import { POST as confirmRoute } from '@/app/api/stock-alerts/confirm/route';
import { POST as unsubscribeRoute } from '@/app/api/stock-alerts/unsubscribe/route';
import { PUT as updateProductRoute } from '@/app/api/products/[id]/route';
import { DELETE as deleteOrderItemRoute } from '@/app/api/orders/[id]/items/[itemId]/route';
import { ALL_PERMISSIONS } from '@/lib/auth/permission-list';
import { getOutboxMessage } from '@/lib/mail/admin';
import { unsubscribeHeaders } from '@/lib/mail/transport';
import { expireOrders } from '@/lib/orders/expiry';
import { refund, setStatus, paidOrder } from '../support/after-sale';
import { createOrder } from '../support/admin-ops';
import { placedOrder, shopper } from '../support/buying';
import { createProduct, createUser, tokenFor } from '../support/factories';
import { call } from '../support/http';

let seq = 0;
const visitorEmail = () => `visitor${process.pid}x${++seq}@example.test`;

const subscribe = (productId: number, opts: { token?: string; email?: string } = {}) =>
  call(subscribeRoute, { method: 'POST', url: `/api/products/${productId}/stock-alerts`, params: { id: String(productId) }, token: opts.token, body: opts.email === undefined ? {} : { email: opts.email } });
const confirm = (token: string) => call(confirmRoute, { method: 'POST', url: '/api/stock-alerts/confirm', body: { token } });
const unsubscribe = (token: string, oneClick = false) =>
  call(unsubscribeRoute, {
    method: 'POST',
    url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    ...(oneClick ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' } : {}),
  });

const alertsOf = (productId: number) => db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId)).orderBy(stockAlerts.id);
/** The back-in-stock messages of a product (its name is unique per test product). */
const mailsFor = async (product: { name: string }) => (await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'back-in-stock'))).filter((m) => m.subject === `Back in stock: ${product.name}`);
const confirmationsTo = (email: string) => db.select().from(outboxMessages).where(and(eq(outboxMessages.template, 'stock-alert-confirm'), eq(outboxMessages.recipient, email)));
const tokenIn = (url: string) => new URL(url).searchParams.get('token')!;

/** A sold-out product with a customer's alert, a confirmed visitor's alert and an unconfirmed visitor's. */
async function soldOutWithAlerts(overrides: Parameters<typeof createProduct>[0] = {}) {
  const product = await createProduct({ stock: 0, ...overrides });
  return { product, ...(await alertsFor(product.id)) };
}

async function alertsFor(productId: number) {
  const customer = await shopper();
  expect((await subscribe(productId, { token: customer.token })).body).toMatchObject({ status: 'subscribed', email: customer.user.email.toLowerCase() });
  const confirmed = visitorEmail();
  expect((await subscribe(productId, { email: confirmed })).body.status).toBe('confirmation_sent');
  const [confirmation] = await confirmationsTo(confirmed);
  expect((await confirm(tokenIn((confirmation.payload as { confirmUrl: string }).confirmUrl))).body.status).toBe('confirmed');
  const unconfirmed = visitorEmail();
  expect((await subscribe(productId, { email: unconfirmed })).status).toBe(200);
  return { customer, confirmed, unconfirmed };
}

/** One e-mail to each confirmed subscriber, none to the unconfirmed visitor; the confirmed alerts ended, the unconfirmed one still waits. */
async function expectAlerted(product: { id: number; name: string }, who: { customer: { user: { email: string } }; confirmed: string; unconfirmed: string }) {
  const mails = await mailsFor(product);
  expect(mails.map((m) => m.recipient).sort()).toEqual([who.customer.user.email.toLowerCase(), who.confirmed].sort());
  const alerts = await alertsOf(product.id);
  expect(alerts.filter((a) => a.confirmedAt).every((a) => a.endedAt && a.endReason === 'sent')).toBe(true);
  expect(alerts.find((a) => a.email === who.unconfirmed)).toMatchObject({ confirmedAt: null, endedAt: null });
}

let admin: { token: string; user: Awaited<ReturnType<typeof createUser>> };

beforeEach(async () => {
  // Every visitor request of this file comes from the same client address.
  await db.delete(rateLimits);
  const user = await createUser({ isAdmin: true });
  admin = { user, token: await tokenFor(user) };
});

describe('POST /api/products/{id}/stock-alerts', () => {
  test('a signed-in customer: subscribed at once at the account address; asking twice keeps one alert and writes no e-mail', async () => {
    const product = await createProduct({ stock: 0 });
    const customer = await shopper();
    const first = await subscribe(product.id, { token: customer.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ product_id: product.id, status: 'subscribed', email: customer.user.email.toLowerCase() });
    expect((await subscribe(product.id, { token: customer.token })).status).toBe(200);
    const alerts = await alertsOf(product.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].confirmedAt).not.toBeNull();
    expect(await confirmationsTo(customer.user.email.toLowerCase())).toHaveLength(0);
  });

  test('a visitor: one alert, unconfirmed, and one confirmation e-mail naming the product, however often they ask', async () => {
    const product = await createProduct({ stock: 0, name: `Strandmon wing chair ${process.pid}` });
    const email = visitorEmail();
    const first = await subscribe(product.id, { email: email.toUpperCase() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'confirmation_sent', email });
    expect((await subscribe(product.id, { email })).status).toBe(200);
    const alerts = await alertsOf(product.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ email, confirmedAt: null, userId: null });
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Totara Home: confirm your alert for ${product.name}`);
    const shown = await getOutboxMessage({ id: admin.user.id, userName: admin.user.userName, email: admin.user.email, isAdmin: true, permissions: ALL_PERMISSIONS }, mails[0].id);
    expect(shown.text).toContain(product.name);
    expect(shown.text).toContain(`/stock-alerts/confirm?token=${alerts[0].token}`);
  });

  test('refusals: in stock → 409, unknown or archived product → 404, a visitor without an address → 400; nothing written', async () => {
    const inStock = await createProduct({ stock: 2 });
    const res = await subscribe(inStock.id, { email: visitorEmail() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This product is in stock');
    expect((await subscribe(999_999_999, { email: visitorEmail() })).status).toBe(404);
    const archived = await createProduct({ stock: 0, archivedAt: new Date() });
    expect((await subscribe(archived.id, { email: visitorEmail() })).status).toBe(404);
    const soldOut = await createProduct({ stock: 0 });
    const noAddress = await subscribe(soldOut.id);
    expect(noAddress.status).toBe(400);
    expect((await subscribe(soldOut.id, { email: 'not an address' })).status).toBe(400);
    for (const p of [inStock, archived, soldOut]) expect(await alertsOf(p.id)).toHaveLength(0);
  });

  test('visitors are rate-limited per address: the sixth request within the hour → 429', async () => {
    const product = await createProduct({ stock: 0 });
    const email = visitorEmail();
    for (let i = 0; i < 5; i++) expect((await subscribe(product.id, { email })).status).toBe(200);
    const limited = await subscribe(product.id, { email });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many/);
  });
});

describe('the links', () => {
  test('POST /api/stock-alerts/confirm — an altered or unknown token → 400 "This link is not valid", and the alert stays unconfirmed', async () => {
    const product = await createProduct({ stock: 0 });
    const email = visitorEmail();
    await subscribe(product.id, { email });
    const [alert] = await alertsOf(product.id);
    const altered = `${alert.token.slice(0, -1)}${alert.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [altered, 'nonsense']) {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This link is not valid');
    }
    expect((await alertsOf(product.id))[0].confirmedAt).toBeNull();
    const ok = await confirm(alert.token);
    expect(ok.body).toMatchObject({ status: 'confirmed', email, product: { id: product.id, in_stock: false } });
    expect((await alertsOf(product.id))[0].confirmedAt).not.toBeNull();
  });

  test('POST /api/stock-alerts/unsubscribe — ends every open alert of the address (one-click form body or none); an altered token → 400 and nothing ends', async () => {
    const [a, b] = [await createProduct({ stock: 0 }), await createProduct({ stock: 0 })];
    const customer = await shopper();
    await subscribe(a.id, { token: customer.token });
    await subscribe(b.id, { token: customer.token });
    const [alertA] = await alertsOf(a.id);
    const bad = await unsubscribe(`${alertA.token}x`, true);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This link is not valid');
    expect((await alertsOf(b.id))[0].endedAt).toBeNull();

    const res = await unsubscribe(alertA.token, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'unsubscribed', ended: 2 });
    for (const p of [a, b]) expect((await alertsOf(p.id))[0]).toMatchObject({ endReason: 'unsubscribed' });
    expect((await unsubscribe(alertA.token)).body).toMatchObject({ status: 'unsubscribed', ended: 0 });

    // Back in stock: nothing for an address that unsubscribed.
    await db.update(products).set({ stock: 4 }).where(eq(products.id, b.id));
    expect(await mailsFor(b)).toHaveLength(0);
  });
});

describe('the alert: every rise of stock from 0', () => {
  test('PUT /api/products/{id} — an administrator restocks: one e-mail per confirmed subscriber with a working unsubscribe; the alerts end; the next rise sends none', async () => {
    const { product, ...who } = await soldOutWithAlerts({ name: `Poäng armchair ${process.pid}` });
    const put = (stock: number) => call(updateProductRoute, { method: 'PUT', url: `/api/products/${product.id}`, params: { id: String(product.id) }, token: admin.token, body: { stock } });
    expect((await put(6)).status).toBe(200);
    await expectAlerted(product, who);

    const [mail] = (await mailsFor(product)).filter((m) => m.recipient === who.confirmed);
    const shown = await getOutboxMessage({ id: admin.user.id, userName: admin.user.userName, email: admin.user.email, isAdmin: true, permissions: ALL_PERMISSIONS }, mail.id);
    expect(shown.text).toContain(`You asked us to let you know when ${product.name} was back`);
    expect(shown.text).toContain('Totara Home');
    expect(shown.text).toMatch(new RegExp(`https?://[^\\s]+/products/${product.id}`));
    const headers = unsubscribeHeaders(mail.payload);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = headers['List-Unsubscribe'].slice(1, -1);
    expect((await unsubscribe(tokenIn(oneClick), true)).body).toMatchObject({ status: 'unsubscribed', email: who.confirmed });

    // Sold out and back again: the alerts have ended, nothing more is sent.
    expect((await put(0)).status).toBe(200);
    expect((await put(3)).status).toBe(200);
    expect(await mailsFor(product)).toHaveLength(2);
  });

  test('a stock change that stays above 0, or a rise that rolls back, sends nothing', async () => {
    const { product } = await soldOutWithAlerts();
    await db
      .transaction(async (tx) => {
        await tx.update(products).set({ stock: 5 }).where(eq(products.id, product.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await mailsFor(product)).toHaveLength(0);
    expect((await alertsOf(product.id)).every((a) => a.endedAt === null)).toBe(true);
  });

  test('an administrator cancels an order that held the last units: stock back, one alert each', async () => {
    const { product, order } = await placedOrder({ stock: 2, quantity: 2 });
    const who = await alertsFor(product.id);
    expect((await setStatus(admin.token, order.order_id, 'cancelled')).status).toBe(200);
    await expectAlerted(product, who);
  });

  test('an unpaid order expires and releases the last units: one alert each', async () => {
    const { product, order } = await placedOrder({ stock: 1, quantity: 1 });
    const who = await alertsFor(product.id);
    const later = new Date(Date.now() + 3 * 3_600_000);
    expect((await expireOrders(undefined, { now: later, productIds: [product.id] })).orderIds).toContain(order.order_id);
    await expectAlerted(product, who);
  });

  test('a refund that restocks the returned units: one alert each', async () => {
    const { order, products: [product], items: [line] } = await paidOrder([{ price: 24_900, quantity: 1, stock: 1 }]);
    const who = await alertsFor(product.id);
    const res = await refund(admin.token, order.order_id, { lines: [{ orderItemId: line.order_item_id, quantity: 1 }], restock: true, reason: 'Returned unused' });
    expect(res.status).toBe(201);
    await expectAlerted(product, who);
  });

  test("an administrator removes a line of an order: its units back on the shelf, one alert each", async () => {
    const { product, ...who } = await soldOutWithAlerts();
    const { order, items } = await createOrder({ lines: [{ product }, {}] });
    const res = await call(deleteOrderItemRoute, { method: 'DELETE', url: `/api/orders/${order.id}/items/${items[0].id}`, params: { id: String(order.id), itemId: String(items[0].id) }, token: admin.token });
    expect(res.status).toBe(200);
    await expectAlerted(product, who);
  });

  test('any other writer of the stock (an import, a script): the database catches the rise', async () => {
    const { product, ...who } = await soldOutWithAlerts();
    await db.update(products).set({ stock: 12 }).where(eq(products.id, product.id));
    await expectAlerted(product, who);
  });
});
