/**
 * Stripe's Payment Element at checkout, against the local Stripe stand-in (nothing reaches the
 * internet; docs/buying.md "Payments"): the PaymentIntent the shop creates for it (card always,
 * Afterpay and Klarna where they apply, the amount from the database), what the shop answers, a card
 * confirmed on the page (POST /api/payments/confirm), "Save this card", one intent per attempt, and
 * the webhook paths. Stripe.js itself cannot run here (js.stripe.com is out of reach): the stand-in's
 * confirmInBrowser plays what stripe.confirmPayment does to the intent.
 */
import Stripe from 'stripe';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, paymentMethods, payments, settings, users } from '@/db/schema';
import { POST as startElementRoute } from '@/app/api/payments/intent/route';
import { POST as confirmRoute } from '@/app/api/payments/confirm/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as webhook } from '@/app/api/webhooks/stripe/route';
import { PUT as putSettings } from '@/app/api/settings/route';
import { payLaterReturn } from '@/lib/orders/pay-later';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';
import { runStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_payment_element';
let stripe: StripeStandIn;

runStripeStandIn(WEBHOOK_SECRET, (s) => (stripe = s));

// Known totals: a $49 delivery fee, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
afterEach(() => db.delete(settings).where(eq(settings.key, 'klarna_enabled')));

type Body = { orderId: unknown; method?: unknown; saveCard?: unknown };
const start = (token: string, body: Body) => call(startElementRoute, { method: 'POST', url: '/api/payments/intent', token, body });
const confirm = (token: string, orderId: number) => call(confirmRoute, { method: 'POST', url: '/api/payments/confirm', token, body: { orderId } });
const paymentsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const savedCardsOf = (userId: number) => db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)));
/** What the shop sent Stripe to create the intent of payment row `paymentId`. */
const creationOf = (paymentId: number) => stripe.requests.find((r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string> | undefined)?.payment_id === String(paymentId))!;
const typesOf = (body: Record<string, unknown>) => Object.values(body.allowed_payment_method_types as Record<string, string>);

function deliver(type: string, object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(webhook, { method: 'POST', url: '/api/webhooks/stripe', body: payload, headers: { 'stripe-signature': signature } });
}

describe("Stripe's Payment Element (stand-in)", () => {
  test('POST /api/payments/intent — one unconfirmed PaymentIntent allowing card, Afterpay and Klarna, for the total from the database in NZD cents, with our ids; the shopper stays on the page for a card', async () => {
    const { token, order } = await placedOrder();
    const res = await start(token, { orderId: order.order_id, method: 'card' });
    expect(res.status).toBe(200);
    const pi = stripe.paymentIntents.get(res.body.paymentIntentId)!;
    expect(res.body).toEqual({ clientSecret: pi.client_secret, paymentIntentId: pi.id, returnUrl: `/checkout/${order.order_id}/return`, approvalUrl: null });
    const [attempt] = await paymentsOf(order.order_id);
    expect(attempt).toMatchObject({ provider: 'stripe', methodType: 'card', saveCard: false, status: 'requires_action', providerPaymentId: pi.id, amount: order.total_amount * 100 });
    const sent = creationOf(attempt.id);
    expect(sent.idempotencyKey).toBe(`order-${order.order_id}-element-card-attempt-1`);
    expect(typesOf(sent.body)).toEqual(['card', 'afterpay_clearpay', 'klarna']);
    expect(sent.body).toMatchObject({ amount: String(order.total_amount * 100), currency: 'nzd', metadata: { order_id: String(order.order_id), payment_id: String(attempt.id) } });
    // Not confirmed by the server, no customer and nothing to save for a card not to keep.
    for (const k of ['confirm', 'customer', 'payment_method', 'payment_method_options', 'setup_future_usage']) expect(sent.body[k]).toBeUndefined();
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
  });

  test('the methods follow the settings and the limits: Klarna switched off leaves card and Afterpay; above NZ$2,000 only a card, and Afterpay is refused (400) with nothing created', async () => {
    const admin = await shopper({ isAdmin: true });
    expect((await call(putSettings, { method: 'PUT', url: '/api/settings', token: admin.token, body: { klarna_enabled: false } })).status).toBe(200);
    const { token, order } = await placedOrder();
    await start(token, { orderId: order.order_id, method: 'afterpay_clearpay' });
    const [attempt] = await paymentsOf(order.order_id);
    expect(typesOf(creationOf(attempt.id).body)).toEqual(['card', 'afterpay_clearpay']);
    expect(await start(token, { orderId: order.order_id, method: 'klarna' })).toMatchObject({ status: 400, body: { message: 'Klarna is not available for this order.' } });

    const big = await placedOrder({ price: 250_000 });
    const before = stripe.intentsCreated();
    expect(await start(big.token, { orderId: big.order.order_id, method: 'afterpay_clearpay' })).toMatchObject({ status: 400, body: { message: 'Afterpay is not available for this order.' } });
    expect(stripe.intentsCreated()).toBe(before);
    expect(await paymentsOf(big.order.order_id)).toEqual([]);
    const card = await start(big.token, { orderId: big.order.order_id, method: 'card' });
    expect(card.status).toBe(200);
    const [bigAttempt] = await paymentsOf(big.order.order_id);
    expect(typesOf(creationOf(bigAttempt.id).body)).toEqual(['card']);
    expect(creationOf(bigAttempt.id).body.amount).toBe(String(big.order.total_amount * 100));
  });

  test('refusals — a bad body 400; someone else’s order 404; a paid order 409', async () => {
    const { token, order } = await placedOrder();
    expect((await start(token, { orderId: order.order_id, method: 'paypal' })).status).toBe(400);
    expect((await start(token, { orderId: order.order_id })).status).toBe(400);
    expect((await start(token, { orderId: order.order_id, method: 'card', saveCard: 'yes' })).status).toBe(400);
    expect((await start(token, { orderId: 'x', method: 'card' })).status).toBe(400);
    const other = await shopper();
    expect((await start(other.token, { orderId: order.order_id, method: 'card' })).status).toBe(404);
    const card = await saveCard(token, 'pm_card_visa');
    await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    expect(await start(token, { orderId: order.order_id, method: 'card' })).toMatchObject({ status: 409, body: { message: 'This order has already been paid.' } });
  });

  test('a card confirmed on the page: POST /api/payments/confirm reads the intent from Stripe and marks the order paid; the webhook after it changes nothing', async () => {
    const { token, user, order } = await placedOrder();
    const started = await start(token, { orderId: order.order_id, method: 'card' });
    // Before the browser confirmed, confirm pays nothing.
    expect((await confirm(token, order.order_id)).status).toBe(402);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');

    const again = await start(token, { orderId: order.order_id, method: 'card' });
    const pi = stripe.confirmInBrowser(again.body.paymentIntentId, 'pm_card_visa');
    expect(again.body.paymentIntentId).not.toBe(started.body.paymentIntentId);
    expect((await confirm(token, order.order_id)).body).toMatchObject({ success: true, status: 'paid' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    expect((await deliver('payment_intent.succeeded', pi)).body).toMatchObject({ received: true });
    expect(await payLaterReturn(user.id, order.order_id)).toMatchObject({ state: 'paid', method: null });
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `payment-received:${order.order_id}`))).toHaveLength(1);
    // A card not to keep is not saved.
    expect(await savedCardsOf(user.id)).toEqual([]);
  });

  test('"Save this card" — the intent carries the customer and setup_future_usage for cards only; paid through the webhook alone, the card is saved with brand and last four', async () => {
    const { token, user, order } = await placedOrder();
    const res = await start(token, { orderId: order.order_id, method: 'card', saveCard: true });
    const [attempt] = await paymentsOf(order.order_id);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    expect(u.stripeCustomerId).toMatch(/^cus_/);
    const sent = creationOf(attempt.id);
    expect(sent.idempotencyKey).toBe(`order-${order.order_id}-element-card-save-attempt-1`);
    expect(sent.body).toMatchObject({ customer: u.stripeCustomerId, payment_method_options: { card: { setup_future_usage: 'off_session' } } });
    expect(sent.body.setup_future_usage).toBeUndefined();
    expect(typesOf(sent.body)).toEqual(['card', 'afterpay_clearpay', 'klarna']);
    expect(attempt.saveCard).toBe(true);

    const pi = stripe.confirmInBrowser(res.body.paymentIntentId, 'pm_card_mastercard');
    expect(stripe.paymentMethods.get(pi.payment_method as string)?.customer).toBe(u.stripeCustomerId);
    // The browser closed before confirm: the webhook pays and saves.
    await deliver('payment_intent.succeeded', pi);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    expect(await savedCardsOf(user.id)).toMatchObject([{ paymentType: 'credit_card', cardBrand: 'mastercard', cardLast4: '4444', providerPaymentMethodId: pi.payment_method, isDefault: true }]);
  });

  test('a save asked for with Afterpay or Klarna is ignored: no customer, nothing saved', async () => {
    const { token, order } = await placedOrder();
    expect((await start(token, { orderId: order.order_id, method: 'klarna', saveCard: true })).status).toBe(200);
    const [attempt] = await paymentsOf(order.order_id);
    expect(attempt).toMatchObject({ methodType: 'klarna', saveCard: false });
    expect(creationOf(attempt.id).body.customer).toBeUndefined();
    expect(creationOf(attempt.id).body.payment_method_options).toBeUndefined();
  });

  test('one intent per attempt: the same choice resumes it; ticking "Save this card" or choosing Klarna replaces it and cancels it at Stripe; a saved card then cancels the last one', async () => {
    const { token, order } = await placedOrder();
    const first = await start(token, { orderId: order.order_id, method: 'card' });
    const same = await start(token, { orderId: order.order_id, method: 'card' });
    expect(same.body.paymentIntentId).toBe(first.body.paymentIntentId);
    const save = await start(token, { orderId: order.order_id, method: 'card', saveCard: true });
    expect(save.status).toBe(200);
    expect(stripe.paymentIntents.get(first.body.paymentIntentId)!.status).toBe('canceled');
    const klarna = await start(token, { orderId: order.order_id, method: 'klarna' });
    expect(stripe.paymentIntents.get(save.body.paymentIntentId)!.status).toBe('canceled');
    expect((await paymentsOf(order.order_id)).map((p) => [p.idempotencyKey, p.status])).toEqual([
      [`order-${order.order_id}-element-card-attempt-1`, 'failed'],
      [`order-${order.order_id}-element-card-save-attempt-2`, 'failed'],
      [`order-${order.order_id}-element-klarna-attempt-3`, 'requires_action'],
    ]);
    const card = await saveCard(token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    expect(paid.body.status).toBe('paid');
    expect(stripe.paymentIntents.get(klarna.body.paymentIntentId)!.status).toBe('canceled');
  });

  test('a card declined in the Element: unpaid, the webhook fails the attempt, the next try is a new attempt; 3-D Secure through the return page is paid by the webhook', async () => {
    const { token, user, order } = await placedOrder();
    const first = await start(token, { orderId: order.order_id, method: 'card' });
    const declined = stripe.confirmInBrowser(first.body.paymentIntentId, 'pm_card_chargeDeclined');
    await deliver('payment_intent.payment_failed', declined);
    expect(await payLaterReturn(user.id, order.order_id)).toMatchObject({ state: 'failed', message: 'Your card was declined.' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');

    const second = await start(token, { orderId: order.order_id, method: 'card' });
    expect(second.body.paymentIntentId).not.toBe(first.body.paymentIntentId);
    const [, attempt] = await paymentsOf(order.order_id);
    expect(attempt.idempotencyKey).toBe(`order-${order.order_id}-element-card-attempt-2`);
    // The bank's page sends the shopper to the return page, which waits for the webhook.
    const pi = stripe.confirmInBrowser(second.body.paymentIntentId, 'pm_card_authenticationRequired');
    expect(pi.status).toBe('requires_action');
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('processing');
    await deliver('payment_intent.succeeded', stripe.completeAuthentication(pi.id as string));
    expect(await payLaterReturn(user.id, order.order_id)).toMatchObject({ state: 'paid' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
  });
});
