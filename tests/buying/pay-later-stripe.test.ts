/**
 * Afterpay and Klarna through Stripe, against the local Stripe stand-in (nothing reaches the
 * internet; docs/buying.md "Afterpay and Klarna"): the PaymentIntent the shop creates, and the
 * webhook paths — succeeded before the browser returns, delivered twice, processing, failed,
 * canceled — then refunds through the same PaymentIntent.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { orderEvents, outboxMessages, payments } from '@/db/schema';
import { POST as startPayLaterRoute } from '@/app/api/payments/pay-later/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as demoPayLaterRoute } from '@/app/api/payments/demo/pay-later/route';
import { POST as webhook } from '@/app/api/webhooks/stripe/route';
import { payLaterReturn } from '@/lib/orders/pay-later';
import { expireOrders } from '@/lib/orders/expiry';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';
import { refund } from '../support/after-sale';
import { runStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_pay_later';
let stripe: StripeStandIn;

runStripeStandIn(WEBHOOK_SECRET, (s) => (stripe = s));

// Known totals: a $49 delivery fee, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));

const start = (token: string, orderId: number, method = 'afterpay_clearpay') => call(startPayLaterRoute, { method: 'POST', url: '/api/payments/pay-later', token, body: { orderId, method } });
const paymentsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

function deliver(type: string, object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(webhook, { method: 'POST', url: '/api/webhooks/stripe', body: payload, headers: { 'stripe-signature': signature } });
}

/** An order whose shopper chose Afterpay (or `method`): the PaymentIntent at the stand-in, unconfirmed. */
async function startedAtStripe(method = 'afterpay_clearpay') {
  const placed = await placedOrder();
  const res = await start(placed.token, placed.order.order_id, method);
  expect(res.status).toBe(200);
  const pi = stripe.paymentIntents.get(res.body.paymentIntentId)!;
  return { ...placed, started: res.body, pi };
}

/** What Stripe does once the provider approved: the intent succeeded and its money was received. */
const succeedAtStripe = (pi: Record<string, unknown>) => Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });

describe('Afterpay and Klarna through Stripe (stand-in)', () => {
  test('POST /api/payments/pay-later — creates an unconfirmed PaymentIntent for the one method, for the total from the database, keyed per attempt; no demo page', async () => {
    const { order, started, pi } = await startedAtStripe('klarna');
    expect(started).toMatchObject({ clientSecret: pi.client_secret, approvalUrl: null, returnUrl: `/checkout/${order.order_id}/return` });
    const [attempt] = await paymentsOf(order.order_id);
    const request = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.body.metadata && (r.body.metadata as Record<string, string>).payment_id === String(attempt.id))!;
    expect(request).toMatchObject({ idempotencyKey: `order-${order.order_id}-klarna-attempt-1`, body: { amount: String(order.total_amount * 100), currency: 'nzd', allowed_payment_method_types: { 0: 'klarna' } } });
    expect(request.body.confirm).toBeUndefined();
    expect(attempt).toMatchObject({ provider: 'stripe', methodType: 'klarna', status: 'requires_action', providerPaymentId: pi.id });
  });

  test('payment_intent.succeeded before the browser returns: the order is paid, the return page then says so; the same event twice and a second event change nothing', async () => {
    const { user, order, pi } = await startedAtStripe();
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('processing');
    succeedAtStripe(pi);
    const eventId = `evt_paylater_${pi.id}`;
    expect((await deliver('payment_intent.succeeded', pi, eventId)).body).toMatchObject({ received: true, duplicate: false });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    // The browser comes back after the webhook.
    expect(await payLaterReturn(user.id, order.order_id)).toMatchObject({ state: 'paid', method: 'Afterpay' });
    expect((await deliver('payment_intent.succeeded', pi, eventId)).body).toMatchObject({ duplicate: true });
    expect((await deliver('payment_intent.succeeded', pi)).body).toMatchObject({ duplicate: false });
    expect(await paymentsOf(order.order_id)).toHaveLength(1);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `payment-received:${order.order_id}`))).toHaveLength(1);
    expect(await db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.order_id), eq(orderEvents.kind, 'paid')))).toHaveLength(1);
  });

  test('payment_intent.processing: still unpaid and processing, never expired; a card meanwhile is refused (409); then succeeded pays it', async () => {
    const { token, user, order, product, pi } = await startedAtStripe();
    Object.assign(pi, { status: 'processing' });
    await deliver('payment_intent.processing', pi);
    expect((await paymentsOf(order.order_id))[0].status).toBe('pending');
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('processing');
    await expireOrders(undefined, { now: new Date(Date.now() + 7 * 24 * 60 * 60_000), productIds: [product.id] });
    expect((await orderRow(order.order_id)).status).toBe('pending');
    const card = await saveCard(token, 'pm_card_visa');
    expect((await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } })).status).toBe(409);
    // A processing event that arrives late, after succeeded, changes nothing.
    succeedAtStripe(pi);
    await deliver('payment_intent.succeeded', pi);
    await deliver('payment_intent.processing', { ...pi, status: 'processing' });
    expect((await paymentsOf(order.order_id))[0].status).toBe('succeeded');
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
  });

  test('payment_intent.payment_failed and payment_intent.canceled leave the order unpaid and payable again', async () => {
    const failed = await startedAtStripe();
    Object.assign(failed.pi, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', message: 'The payment was declined by Afterpay.' } });
    await deliver('payment_intent.payment_failed', failed.pi);
    expect(await payLaterReturn(failed.user.id, failed.order.order_id)).toMatchObject({ state: 'failed', message: 'The payment was declined by Afterpay.' });
    expect((await orderRow(failed.order.order_id)).paymentStatus).toBe('unpaid');

    const canceled = await startedAtStripe('klarna');
    await deliver('payment_intent.canceled', { ...canceled.pi, status: 'canceled' });
    expect(await payLaterReturn(canceled.user.id, canceled.order.order_id)).toMatchObject({ state: 'failed', message: 'The payment was cancelled.' });
    // Trying again starts a new attempt with a new key.
    const again = await start(canceled.token, canceled.order.order_id, 'klarna');
    expect(again.body.paymentIntentId).not.toBe(canceled.pi.id);
    expect((await paymentsOf(canceled.order.order_id)).map((p) => p.idempotencyKey)).toEqual([`order-${canceled.order.order_id}-klarna-attempt-1`, `order-${canceled.order.order_id}-klarna-attempt-2`]);
  });

  test('choosing a card after leaving Afterpay cancels the PaymentIntent at Stripe; switching to Klarna does too', async () => {
    const { token, order, pi } = await startedAtStripe();
    const klarna = await start(token, order.order_id, 'klarna');
    expect(stripe.paymentIntents.get(pi.id as string)!.status).toBe('canceled');
    const card = await saveCard(token, 'pm_card_visa');
    expect((await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } })).body.status).toBe('paid');
    expect(stripe.paymentIntents.get(klarna.body.paymentIntentId)!.status).toBe('canceled');
  });

  test('refunds of an Afterpay payment, partial then the rest, go back through its PaymentIntent', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, pi } = await startedAtStripe();
    succeedAtStripe(pi);
    await deliver('payment_intent.succeeded', pi);
    const part = await refund(admin.token, order.order_id, { amount: 50 });
    expect(part.body).toMatchObject({ status: 'succeeded', amount: 50, gateway: 'stripe' });
    const rest = await refund(admin.token, order.order_id, { amount: order.total_amount - 50 });
    expect(rest.body).toMatchObject({ status: 'succeeded' });
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === pi.id);
    expect(calls.map((c) => c.body.amount)).toEqual(['5000', String((order.total_amount - 50) * 100)]);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('refunded');
  });

  test('with Stripe configured the demo approval answer is 404', async () => {
    const { token, order } = await startedAtStripe();
    expect((await call(demoPayLaterRoute, { method: 'POST', url: '/api/payments/demo/pay-later', token, body: { orderId: order.order_id, outcome: 'approve' } })).status).toBe(404);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
  });
});
