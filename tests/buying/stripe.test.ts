import Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { paymentMethods, payments, users, webhookEvents } from '@/db/schema';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as confirmPayment } from '@/app/api/payments/confirm/route';
import { POST as demoAuthenticate } from '@/app/api/payments/demo/authenticate/route';
import { DELETE as removeMethod, PATCH as updateMethod } from '@/app/api/payments/methods/[id]/route';
import { POST as addMethod } from '@/app/api/payments/methods/add/route';
import { POST as webhook } from '@/app/api/webhooks/stripe/route';
import { GET as stripeKey } from '@/app/api/stripe-key/route';
import { GET as listMethods } from '@/app/api/payments/methods/route';
import { settleDelivery } from '@/lib/mail/deliver';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery, saveCard } from '../support/buying';
import { runStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_standin_secret';
let stripe: StripeStandIn;

runStripeStandIn(WEBHOOK_SECRET, (s) => (stripe = s));

const submit = (token: string, orderId: number, paymentMethodId: number) => call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId, paymentMethodId } });
const payWithNewCard = (token: string, orderId: number, stripePaymentMethodId: string, saveCard: boolean) =>
  call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId, stripePaymentMethodId, saveCard } });
const setDefault = (token: string, id: number, body: unknown = { is_default: true }) =>
  call(updateMethod, { method: 'PATCH', url: `/api/payments/methods/${id}`, params: { id: String(id) }, token, body });
const methodsOf = (userId: number) => db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt))).orderBy(paymentMethods.id);
const intentOf = async (orderId: number) => {
  const [payment] = await paymentsOf(orderId);
  return { payment, pi: stripe.paymentIntents.get(payment.providerPaymentId!)! };
};
const paymentsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId));

function deliver(event: Record<string, unknown>, opts: { secret?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature = opts.signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET }) : opts.signature;
  return call(webhook, { method: 'POST', url: '/api/webhooks/stripe', body: payload, headers: signature === null ? {} : { 'stripe-signature': signature } });
}

const event = (type: string, object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) => ({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });

/** An order waiting on 3-D Secure at Stripe; returns its PaymentIntent. */
async function awaitingAuthentication() {
  const placed = await placedOrder();
  const card = await saveCard(placed.token, 'pm_card_authenticationRequired');
  const res = await submit(placed.token, placed.order.order_id, card.payment_method_id);
  expect(res.body.requiresAction).toBe(true);
  const [payment] = await paymentsOf(placed.order.order_id);
  return { ...placed, card, payment, pi: stripe.paymentIntents.get(payment.providerPaymentId!)! };
}


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('Stripe adapter (against the stand-in)', () => {
  test('GET /api/stripe-key — the publishable key when Stripe is configured', async () => {
    expect((await call(stripeKey, { url: '/api/stripe-key' })).body).toMatchObject({ publicKey: 'pk_test_standin', cardMode: 'stripe', demo: false });
  });

  test('POST /api/payments/methods/add — attaches the PaymentMethod to one Stripe customer per user and keeps brand and last four only', async () => {
    const { token, user } = await placedOrder();
    const before = stripe.customers.size;
    const visa = await saveCard(token, 'pm_card_visa');
    await saveCard(token, 'pm_card_mastercard');
    expect(stripe.customers.size).toBe(before + 1);
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, visa.payment_method_id));
    expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', cardExpMonth: 12 });
    expect(row.providerPaymentMethodId).toMatch(/^pm_[0-9a-f]{24}$/);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(stripe.paymentMethods.get(row.providerPaymentMethodId!)?.customer).toBe(u.stripeCustomerId);
    await call(removeMethod, { method: 'DELETE', url: `/api/payments/methods/${visa.payment_method_id}`, params: { id: String(visa.payment_method_id) }, token });
    // Detached after the commit, by the removal's outbox job.
    await settleDelivery();
    expect(stripe.paymentMethods.get(row.providerPaymentMethodId!)?.customer).toBeNull();
  });

  test('POST /api/payments/submit — creates a confirmed PaymentIntent for the order total from the database and marks the order paid', async () => {
    const { token, order } = await placedOrder({ price: 12_345, quantity: 2 });
    const card = await saveCard(token, 'pm_card_visa');
    const res = await submit(token, order.order_id, card.payment_method_id);
    expect(res.body).toMatchObject({ success: true, status: 'paid' });
    const [payment] = await paymentsOf(order.order_id);
    const pi = stripe.paymentIntents.get(payment.providerPaymentId!)!;
    expect(pi).toMatchObject({ amount: 24_690 + 4_900, currency: 'nzd', status: 'succeeded', metadata: { order_id: String(order.order_id), payment_id: String(payment.id) } });
    const create = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.body.metadata && (r.body.metadata as Record<string, string>).order_id === String(order.order_id));
    expect(create?.idempotencyKey).toBe(`order-${order.order_id}-attempt-1`);
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });

  test('POST /api/payments/submit — a Stripe decline is 402 with Stripe’s message and the order stays payable', async () => {
    const { token, order } = await placedOrder();
    const res = await payWithNewCard(token, order.order_id, 'pm_card_chargeDeclined', false);
    expect(res).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
    const [payment] = await paymentsOf(order.order_id);
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(payment.providerPaymentId).toMatch(/^pi_/);
  });

  test('POST /api/payments/submit — a double submit creates one PaymentIntent and charges once', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_visa');
    const before = stripe.intentsCreated();
    const results = await Promise.all([submit(token, order.order_id, card.payment_method_id), submit(token, order.order_id, card.payment_method_id)]);
    expect(results.map((r) => r.body.success)).toEqual([true, true]);
    await submit(token, order.order_id, card.payment_method_id);
    expect(stripe.intentsCreated() - before).toBe(1);
    expect(await paymentsOf(order.order_id)).toHaveLength(1);
  });

  test('POST /api/payments/confirm — after 3-D Secure the PaymentIntent is read back from Stripe', async () => {
    const { token, order, pi } = await awaitingAuthentication();
    const early = await call(confirmPayment, { method: 'POST', url: '/api/payments/confirm', token, body: { orderId: order.order_id } });
    expect(early.body).toMatchObject({ requiresAction: true, clientSecret: pi.client_secret });
    stripe.completeAuthentication(pi.id as string);
    const done = await call(confirmPayment, { method: 'POST', url: '/api/payments/confirm', token, body: { orderId: order.order_id } });
    expect(done.body).toMatchObject({ success: true, status: 'paid' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    // The demo dialog's door is closed while Stripe runs.
    expect((await call(demoAuthenticate, { method: 'POST', url: '/api/payments/demo/authenticate', token, body: { orderId: order.order_id, outcome: 'complete' } })).status).toBe(404);
  });
});

describe('saving a card (Stripe stand-in): only after it pays, only when the customer asks', () => {
  test('a declined card is neither saved nor made the default, even when the customer asked to save it', async () => {
    const { token, user, order } = await placedOrder();
    const visa = await saveCard(token, 'pm_card_visa');
    const res = await payWithNewCard(token, order.order_id, 'pm_card_chargeDeclined', true);
    expect(res).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    expect(await methodsOf(user.id)).toMatchObject([{ id: visa.payment_method_id, cardLast4: '4242', isDefault: true }]);
    const { payment } = await intentOf(order.order_id);
    expect(payment).toMatchObject({ status: 'failed', saveCard: true, paymentMethodId: null });
    // Saving it from the profile is refused too: Stripe checks the card with its bank when attaching.
    const added = await call(addMethod, { method: 'POST', url: '/api/payments/methods/add', token, body: { payment_type: 'credit_card', stripe_payment_method_id: 'pm_card_chargeDeclined', is_default: true } });
    expect(added).toMatchObject({ status: 400, body: { message: 'Your card was declined.' } });
    expect(await methodsOf(user.id)).toHaveLength(1);
  });

  test('a card that pays with "Save this card" ticked is saved (setup_future_usage off_session, attached to the customer) and becomes the first default', async () => {
    const { token, user, order } = await placedOrder();
    const res = await payWithNewCard(token, order.order_id, 'pm_card_visa', true);
    expect(res.body).toMatchObject({ success: true, status: 'paid' });
    const { payment, pi } = await intentOf(order.order_id);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(pi).toMatchObject({ setup_future_usage: 'off_session', customer: u.stripeCustomerId, status: 'succeeded' });
    const [saved] = await methodsOf(user.id);
    expect(saved).toMatchObject({ paymentType: 'credit_card', cardBrand: 'visa', cardLast4: '4242', providerPaymentMethodId: pi.payment_method, isDefault: true });
    expect(stripe.paymentMethods.get(pi.payment_method as string)?.customer).toBe(u.stripeCustomerId);
    expect(payment.paymentMethodId).toBe(saved.id);
  });

  test('a card that pays without "Save this card" is not saved, not attached, and no customer is asked for', async () => {
    const { token, user, order } = await placedOrder();
    expect((await payWithNewCard(token, order.order_id, 'pm_card_mastercard', false)).body).toMatchObject({ success: true, status: 'paid' });
    const { pi } = await intentOf(order.order_id);
    expect(pi.setup_future_usage).toBeNull();
    expect(pi.customer).toBeNull();
    expect(stripe.paymentMethods.get(pi.payment_method as string)?.customer).toBeNull();
    expect(await methodsOf(user.id)).toEqual([]);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
  });

  test('a card to save that needs 3-D Secure is saved once the authentication succeeds (confirm), never before', async () => {
    const { token, user, order } = await placedOrder();
    expect((await payWithNewCard(token, order.order_id, 'pm_card_authenticationRequired', true)).body.requiresAction).toBe(true);
    expect(await methodsOf(user.id)).toEqual([]);
    const { pi } = await intentOf(order.order_id);
    stripe.completeAuthentication(pi.id as string);
    expect((await call(confirmPayment, { method: 'POST', url: '/api/payments/confirm', token, body: { orderId: order.order_id } })).body).toMatchObject({ success: true });
    expect(await methodsOf(user.id)).toMatchObject([{ cardLast4: '3155', providerPaymentMethodId: pi.payment_method }]);
  });

  test('when only the webhook sees the success, it saves the chosen card; a failed authentication saves nothing', async () => {
    const saved = await placedOrder();
    await payWithNewCard(saved.token, saved.order.order_id, 'pm_card_authenticationRequired', true);
    const { pi } = await intentOf(saved.order.order_id);
    expect((await deliver(event('payment_intent.succeeded', { ...stripe.completeAuthentication(pi.id as string) }))).status).toBe(200);
    expect(await methodsOf(saved.user.id)).toMatchObject([{ cardLast4: '3155', isDefault: true }]);

    const failed = await placedOrder();
    await payWithNewCard(failed.token, failed.order.order_id, 'pm_card_authenticationRequired', true);
    const second = await intentOf(failed.order.order_id);
    await deliver(event('payment_intent.payment_failed', { ...stripe.completeAuthentication(second.pi.id as string, false) }));
    expect(await methodsOf(failed.user.id)).toEqual([]);
  });

  test('PATCH /api/payments/methods/{id} — the customer chooses the default card; someone else’s is 404 and nothing changes', async () => {
    const { token, user } = await placedOrder();
    const visa = await saveCard(token, 'pm_card_visa');
    const mastercard = await saveCard(token, 'pm_card_mastercard');
    expect((await methodsOf(user.id)).map((m) => [m.id, m.isDefault])).toEqual([
      [visa.payment_method_id, true],
      [mastercard.payment_method_id, false],
    ]);
    const res = await setDefault(token, mastercard.payment_method_id);
    expect(res).toMatchObject({ status: 200, body: { message: 'Default payment method updated.', paymentMethod: { payment_method_id: mastercard.payment_method_id, is_default: true } } });
    expect((await methodsOf(user.id)).map((m) => [m.id, m.isDefault])).toEqual([
      [visa.payment_method_id, false],
      [mastercard.payment_method_id, true],
    ]);
    // Checkout lists the default first.
    expect((await call(listMethods, { url: '/api/payments/methods', token })).body[0]).toMatchObject({ payment_method_id: mastercard.payment_method_id, is_default: true });

    const other = await placedOrder();
    expect((await setDefault(other.token, visa.payment_method_id)).status).toBe(404);
    expect((await setDefault(token, visa.payment_method_id, { is_default: false })).status).toBe(400);
    expect((await setDefault(token, 999_999)).status).toBe(404);
    expect((await methodsOf(user.id)).find((m) => m.isDefault)?.id).toBe(mastercard.payment_method_id);
  });
});

describe('POST /api/webhooks/stripe', () => {
  test('a validly signed payment_intent.succeeded marks the order paid; a replay of the same event changes nothing', async () => {
    const { order, pi } = await awaitingAuthentication();
    const succeeded = { ...stripe.completeAuthentication(pi.id as string) };
    const evt = event('payment_intent.succeeded', succeeded);
    const first = await deliver(evt);
    expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
    const paidAt = (await orderRow(order.order_id)).paidAt;
    expect(paidAt).not.toBeNull();
    const replay = await deliver(evt);
    expect(replay).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect((await orderRow(order.order_id)).paidAt).toEqual(paidAt);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, evt.id))).toHaveLength(1);
  });

  test('a bad or missing signature is 400 and nothing changes', async () => {
    const { order, pi } = await awaitingAuthentication();
    const evt = event('payment_intent.succeeded', { ...pi, status: 'succeeded' });
    expect((await deliver(evt, { secret: 'whsec_someone_else' })).status).toBe(400);
    expect((await deliver(evt, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await deliver(evt, { signature: null })).status).toBe(400);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.id, evt.id))).toHaveLength(0);
  });

  test('payment_intent.payment_failed records the failure and the order stays payable', async () => {
    const { order, pi } = await awaitingAuthentication();
    const failed = { ...stripe.completeAuthentication(pi.id as string, false) };
    expect((await deliver(event('payment_intent.payment_failed', failed))).status).toBe(200);
    const [payment] = await paymentsOf(order.order_id);
    expect(payment.status).toBe('failed');
    expect(payment.failureMessage).toContain('unable to authenticate');
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
  });

  test('a success for a PaymentIntent we never recorded pays the order only when amount and currency match it', async () => {
    const { order } = await placedOrder();
    const total = (await orderRow(order.order_id)).totalAmount;
    const wrong = event('payment_intent.succeeded', { id: 'pi_unrecorded_wrong', object: 'payment_intent', amount: total - 1, currency: 'nzd', status: 'succeeded', metadata: { order_id: String(order.order_id) } });
    await deliver(wrong);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    const right = event('payment_intent.succeeded', { id: 'pi_unrecorded_right', object: 'payment_intent', amount: total, currency: 'nzd', status: 'succeeded', metadata: { order_id: String(order.order_id) } });
    await deliver(right);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    expect((await paymentsOf(order.order_id)).map((p) => p.providerPaymentId)).toEqual(['pi_unrecorded_right']);
  });
});
