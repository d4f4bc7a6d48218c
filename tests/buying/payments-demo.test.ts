import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { paymentMethods, payments } from '@/db/schema';
import { GET as listMethods } from '@/app/api/payments/methods/route';
import { POST as addMethod } from '@/app/api/payments/methods/add/route';
import { DELETE as removeMethod } from '@/app/api/payments/methods/[id]/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as demoAuthenticate } from '@/app/api/payments/demo/authenticate/route';
import { POST as createPaypalOrder } from '@/app/api/payments/paypal/orders/route';
import { POST as completePayment } from '@/app/api/orders/[id]/completePayment/route';
import { DELETE as cancelOrder, GET as getOrder } from '@/app/api/orders/[id]/route';
import { GET as stripeKey } from '@/app/api/stripe-key/route';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';

const submit = (token: string, orderId: number, paymentMethodId: number) => call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId, paymentMethodId } });
const payWithNewCard = (token: string, orderId: number, stripePaymentMethodId: string, saveCard: boolean) =>
  call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId, stripePaymentMethodId, saveCard } });
const paymentsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId));


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('saved payment methods (demo gateway)', () => {
  test('GET /api/stripe-key — no Stripe keys: publicKey null and the demo gateway', async () => {
    const res = await call(stripeKey, { url: '/api/stripe-key' });
    expect(res.body).toMatchObject({ publicKey: null, cardMode: 'demo', demo: true, paypal: { mode: 'demo', clientId: null } });
  });

  test('POST /api/payments/methods/add — a test PaymentMethod id is saved as brand and last four; the same card twice is one entry', async () => {
    const { token, user } = await shopper();
    const card = await saveCard(token, 'pm_card_visa');
    expect(card).toMatchObject({ payment_type: 'credit_card', card_brand: 'visa', card_last4: '4242', is_default: true });
    expect((await saveCard(token, 'pm_card_visa')).payment_method_id).toBe(card.payment_method_id);
    const pp = await call(addMethod, { method: 'POST', url: '/api/payments/methods/add', token, body: { payment_type: 'paypal', paypal_email: 'Sam@Example.test' } });
    expect(pp).toMatchObject({ status: 201, body: { message: 'New payment method added successfully!', paymentMethod: { payment_type: 'paypal', paypal_email: 'sam@example.test', is_default: false } } });
    const list = await call(listMethods, { url: '/api/payments/methods', token });
    expect(list.body.map((m: { payment_type: string }) => m.payment_type)).toEqual(['credit_card', 'paypal']);
    const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(rows.map((r) => r.providerPaymentMethodId)).toContain('pm_card_visa');
  });

  test('POST /api/payments/methods/add — refuses card numbers, unknown cards and PayPal without an email', async () => {
    const { token } = await shopper();
    const add = (body: unknown) => call(addMethod, { method: 'POST', url: '/api/payments/methods/add', token, body });
    expect((await add({ payment_type: 'credit_card', card_number: '4242424242424242', card_expiry_month: '12', card_expiry_year: '2030', card_cvv: '123' })).status).toBe(400);
    const unknown = await add({ payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_nonsense' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('4242 4242 4242 4242');
    const noEmail = await add({ payment_type: 'paypal' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toContain('PayPal needs an email.');
    expect((await add({ payment_type: 'bitcoin' })).status).toBe(400);
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body).toEqual([]);
  });

  test("DELETE /api/payments/methods/{id} — removes one's own method (soft); someone else's is 404 and stays", async () => {
    const owner = await shopper();
    const other = await shopper();
    const card = await saveCard(owner.token, 'pm_card_mastercard');
    const del = (token: string) => call(removeMethod, { method: 'DELETE', url: `/api/payments/methods/${card.payment_method_id}`, params: { id: String(card.payment_method_id) }, token });
    expect((await del(other.token)).status).toBe(404);
    expect((await call(listMethods, { url: '/api/payments/methods', token: owner.token })).body).toHaveLength(1);
    expect(await del(owner.token)).toMatchObject({ status: 200, body: { message: 'Payment method removed successfully!' } });
    expect((await call(listMethods, { url: '/api/payments/methods', token: owner.token })).body).toEqual([]);
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, card.payment_method_id));
    expect(row.deletedAt).not.toBeNull();
    expect((await del(owner.token)).status).toBe(404);
  });
});

describe('paying by card (demo gateway)', () => {
  test('POST /api/payments/submit — 4242 succeeds: the order is paid once and moves to processing', async () => {
    const { token, order } = await placedOrder({ price: 25_000 });
    const card = await saveCard(token, 'pm_card_visa');
    const res = await submit(token, order.order_id, card.payment_method_id);
    expect(res).toMatchObject({ status: 200, body: { success: true, requiresAction: false, status: 'paid' } });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentMethod: 'credit_card' });
    const [payment] = await paymentsOf(order.order_id);
    expect(payment).toMatchObject({ provider: 'demo', status: 'succeeded', amount: 29_900, currency: 'NZD' });
    // Submitting again charges nothing more.
    expect((await submit(token, order.order_id, card.payment_method_id)).body.success).toBe(true);
    expect(await paymentsOf(order.order_id)).toHaveLength(1);
  });

  test('POST /api/payments/submit — the declined card answers 402 with its message and leaves the order payable; a retry is a new attempt', async () => {
    const { token, order } = await placedOrder();
    const res = await payWithNewCard(token, order.order_id, 'pm_card_chargeDeclined', true);
    expect(res).toMatchObject({ status: 402, body: { message: 'Your card was declined.', success: false } });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    const view = await call(getOrder, { url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token });
    expect(view.body.can_pay).toBe(true);
    // Nothing of the declined card was kept.
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body).toEqual([]);
    expect((await payWithNewCard(token, order.order_id, 'pm_card_visa', true)).body.success).toBe(true);
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body).toMatchObject([{ card_last4: '4242', is_default: true }]);
    const rows = await paymentsOf(order.order_id);
    expect(rows.map((r) => [r.status, r.idempotencyKey])).toEqual([
      ['failed', `order-${order.order_id}-attempt-1`],
      ['succeeded', `order-${order.order_id}-attempt-2`],
    ]);
  });

  test('POST /api/payments/submit — a new card paid without "Save this card" is not kept; a declining card is refused by the profile', async () => {
    const { token, order } = await placedOrder();
    expect((await payWithNewCard(token, order.order_id, 'pm_card_visa', false)).body).toMatchObject({ success: true, status: 'paid' });
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body).toEqual([]);
    const added = await call(addMethod, { method: 'POST', url: '/api/payments/methods/add', token, body: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_chargeDeclined' } });
    expect(added).toMatchObject({ status: 400, body: { message: 'Your card was declined.' } });
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body).toEqual([]);
  });

  test('POST /api/payments/submit — a saved card and a new card together, or neither, is 400', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_visa');
    const both = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id, stripePaymentMethodId: 'pm_card_visa' } });
    expect(both.status).toBe(400);
    expect((await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id } })).status).toBe(400);
    expect(await paymentsOf(order.order_id)).toHaveLength(0);
  });

  test('POST /api/payments/submit — 3155 asks for 3-D Secure; completing it in the demo dialog pays the order', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_authenticationRequired');
    const first = await submit(token, order.order_id, card.payment_method_id);
    expect(first.body).toMatchObject({ success: false, requiresAction: true, clientSecret: expect.stringContaining('_secret_'), status: 'requires_action' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    const done = await call(demoAuthenticate, { method: 'POST', url: '/api/payments/demo/authenticate', token, body: { orderId: order.order_id, outcome: 'complete' } });
    expect(done.body).toMatchObject({ success: true, status: 'paid' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
  });

  test('POST /api/payments/demo/authenticate — a failed authentication is 402 and the order stays payable', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_authenticationRequired');
    await submit(token, order.order_id, card.payment_method_id);
    const failed = await call(demoAuthenticate, { method: 'POST', url: '/api/payments/demo/authenticate', token, body: { orderId: order.order_id, outcome: 'fail' } });
    expect(failed.status).toBe(402);
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
  });

  test('POST /api/payments/submit — a double submit charges once', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_visa');
    const results = await Promise.all([1, 2, 3].map(() => submit(token, order.order_id, card.payment_method_id)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await paymentsOf(order.order_id);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('succeeded');
  });

  test("POST /api/payments/submit — another customer's order or card is 404; a cancelled order is 409; nothing is charged", async () => {
    const { token, order } = await placedOrder();
    const other = await shopper();
    const mine = await saveCard(token, 'pm_card_visa');
    const theirs = await saveCard(other.token, 'pm_card_visa');
    expect((await submit(other.token, order.order_id, theirs.payment_method_id)).status).toBe(404);
    expect((await submit(token, order.order_id, theirs.payment_method_id)).status).toBe(404);
    await call(cancelOrder, { method: 'DELETE', url: `/api/orders/${order.order_id}`, params: { id: String(order.order_id) }, token });
    const cancelled = await submit(token, order.order_id, mine.payment_method_id);
    expect(cancelled.status).toBe(409);
    expect(await paymentsOf(order.order_id)).toHaveLength(0);
  });
});

describe('paying with PayPal (demo approval)', () => {
  test('POST /api/payments/paypal/orders then POST /api/orders/{id}/completePayment — the server verifies and marks the order paid once', async () => {
    const { token, order } = await placedOrder();
    const created = await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token, body: { orderId: order.order_id } });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^DEMO-/);
    const complete = () =>
      call(completePayment, { method: 'POST', url: `/api/orders/${order.order_id}/completePayment`, params: { id: String(order.order_id) }, token, body: { paypalOrderId: created.body.id, paymentStatus: 'COMPLETED', currency: 'NZD' } });
    expect((await complete()).body).toMatchObject({ success: true, message: 'Payment successful!' });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentMethod: 'paypal' });
    expect((await complete()).status).toBe(200);
    expect((await paymentsOf(order.order_id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  test('POST /api/orders/{id}/completePayment — a PayPal order id we never created is refused even when the client claims COMPLETED', async () => {
    const { token, order } = await placedOrder();
    const res = await call(completePayment, {
      method: 'POST',
      url: `/api/orders/${order.order_id}/completePayment`,
      params: { id: String(order.order_id) },
      token,
      body: { paypalOrderId: 'DEMO-FORGED0000000', paymentStatus: 'COMPLETED', currency: 'NZD' },
    });
    expect(res.status).toBe(404);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
  });

  test("POST /api/orders/{id}/completePayment — another customer's order is 404", async () => {
    const { token, order } = await placedOrder();
    const other = await shopper();
    const created = await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token, body: { orderId: order.order_id } });
    expect((await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token: other.token, body: { orderId: order.order_id } })).status).toBe(404);
    const res = await call(completePayment, { method: 'POST', url: `/api/orders/${order.order_id}/completePayment`, params: { id: String(order.order_id) }, token: other.token, body: { paypalOrderId: created.body.id } });
    expect(res.status).toBe(404);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
  });
});
