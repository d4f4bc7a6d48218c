/**
 * Refunds through the real gateways' clients against local stand-ins (nothing
 * reaches the internet): Stripe's Refunds API with the key refund-{id}; Stripe's refund webhooks
 * (signed with stripe.webhooks.generateTestHeaderString) settling ours and recording one made in
 * Stripe's dashboard; PayPal's capture refund (Payments v2) with PayPal-Request-Id.
 */
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { orders, payments, refunds } from '@/db/schema';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { POST as webhook } from '@/app/api/webhooks/stripe/route';
import { POST as createPaypalOrder } from '@/app/api/payments/paypal/orders/route';
import { POST as completePayment } from '@/app/api/orders/[id]/completePayment/route';
import { call } from '../support/http';
import { placedOrder, priceWellingtonDelivery, saveCard, shopper, stockOf } from '../support/buying';
import { paymentOf, refund, refundsOf } from '../support/after-sale';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';

const WEBHOOK_SECRET = 'whsec_test_refunds';
let stripe: StripeStandIn;
let paypal: PaypalStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  paypal = await startPaypalStandIn();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  });
});

afterAll(async () => {
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE']) delete process.env[k];
  await stripe.close();
  await paypal.close();
});

function deliver(type: string, object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(webhook, { method: 'POST', url: '/api/webhooks/stripe', body: payload, headers: { 'stripe-signature': signature } });
}

/** An order of `quantity` × a product, paid by card at the Stripe stand-in. */
async function paidByStripe(quantity = 2) {
  const placed = await placedOrder({ price: 15_000, quantity, stock: 5 });
  const card = await saveCard(placed.token, 'pm_card_visa');
  const res = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: placed.token, body: { orderId: placed.order.order_id, paymentMethodId: card.payment_method_id } });
  expect(res.body.status).toBe('paid');
  const payment = await paymentOf(placed.order.order_id);
  const [line] = await db.execute<{ id: number }>(`SELECT id FROM order_items WHERE order_id = ${placed.order.order_id}`).then((r) => r.rows as { id: number }[]);
  return { ...placed, payment, lineId: Number(line.id) };
}


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('Stripe refunds', () => {
  test('POST /api/orders/{id}/refunds — refunds.create on the PaymentIntent for the amount from the database, keyed refund-{id}; a retry is the same refund', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, payment, lineId, product } = await paidByStripe();
    const res = await refund(admin.token, order.order_id, { lines: [{ orderItemId: lineId, quantity: 1 }], restock: true });
    expect(res.body).toMatchObject({ status: 'succeeded', amount: 150, gateway: 'stripe' });
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.at(-1)).toMatchObject({ idempotencyKey: `refund-${res.body.refund_id}`, body: { payment_intent: payment.providerPaymentId, amount: '15000', metadata: { refund_id: String(res.body.refund_id) } } });
    const [row] = await db.select().from(refunds).where(eq(refunds.id, res.body.refund_id));
    expect(stripe.refunds.get(row.gatewayRefundId!)).toMatchObject({ amount: 15_000, status: 'succeeded' });
    expect(await stockOf(product.id)).toBe(4);
  });

  test('a refund Stripe reports pending is settled by the refund.updated webhook (once, even when replayed)', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order, lineId, product } = await paidByStripe();
    stripe.refundOutcome.status = 'pending';
    const res = await refund(admin.token, order.order_id, { lines: [{ orderItemId: lineId, quantity: 2 }], restock: true }).finally(() => (stripe.refundOutcome.status = 'succeeded'));
    expect(res.body.status).toBe('pending');
    const [row] = await db.select().from(refunds).where(eq(refunds.id, res.body.refund_id));
    const re = stripe.refunds.get(row.gatewayRefundId!)!;
    expect(await stockOf(product.id)).toBe(3);
    re.status = 'succeeded';
    const eventId = `evt_refund_${row.id}`;
    expect((await deliver('refund.updated', re, eventId)).body).toMatchObject({ received: true, duplicate: false });
    expect((await deliver('refund.updated', re, eventId)).body).toMatchObject({ duplicate: true });
    const [settled] = await db.select().from(refunds).where(eq(refunds.id, row.id));
    expect(settled.status).toBe('succeeded');
    expect(await stockOf(product.id)).toBe(5);
    const [o] = await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.order_id));
    expect(o.paymentStatus).toBe('partially_refunded');
  });

  test('a refund Stripe fails gives its amount back to what may be refunded', async () => {
    const admin = await shopper({ isAdmin: true });
    const { order } = await paidByStripe(1);
    stripe.refundOutcome.status = 'failed';
    const res = await refund(admin.token, order.order_id, { amount: 20 }).finally(() => (stripe.refundOutcome.status = 'succeeded'));
    expect(res.body).toMatchObject({ status: 'failed', failure_message: expect.stringContaining('Stripe could not refund it') });
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(0);
    expect((await refundsOf(admin.token, order.order_id)).body.refundable).toBe(199);
  });

  test("charge.refunded for a refund made in Stripe's dashboard records it, with its credit note; the dashboard refund of everything makes the order refunded", async () => {
    const { order, payment } = await paidByStripe(1);
    const charge = {
      id: `ch_${payment.providerPaymentId!.slice(3)}`,
      object: 'charge',
      amount: payment.amount,
      amount_refunded: payment.amount,
      currency: 'nzd',
      payment_intent: payment.providerPaymentId,
      refunded: true,
      refunds: { object: 'list', data: [{ id: 're_dashboard_1', object: 'refund', amount: payment.amount, currency: 'nzd', payment_intent: payment.providerPaymentId, status: 'succeeded', metadata: {}, created: Math.floor(Date.now() / 1000) }], has_more: false },
    };
    expect((await deliver('charge.refunded', charge)).status).toBe(200);
    expect((await deliver('refund.created', charge.refunds.data[0])).status).toBe(200);
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, order.order_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: payment.amount, status: 'succeeded', gatewayRefundId: 're_dashboard_1', createdBy: null });
    const [p] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(p).toMatchObject({ status: 'refunded', refundedAmount: payment.amount });
    const listed = await refundsOf((await shopper({ isAdmin: true })).token, order.order_id);
    expect(listed.body.refunds[0].credit_note.number).toMatch(/^CN-/);
    expect(listed.body.payment_status).toBe('refunded');
  });
});

describe('PayPal refunds', () => {
  test('refunds the capture through POST /v2/payments/captures/{id}/refund with PayPal-Request-Id refund-{id}', async () => {
    const admin = await shopper({ isAdmin: true });
    const { token, order } = await placedOrder({ price: 12_000, quantity: 1 });
    const created = await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token, body: { orderId: order.order_id } });
    paypal.approve(created.body.id);
    const done = await call(completePayment, { method: 'POST', url: `/api/orders/${order.order_id}/completePayment`, params: { id: String(order.order_id) }, token, body: { paypalOrderId: created.body.id, paymentStatus: 'COMPLETED', currency: 'NZD' } });
    expect(done.body.status).toBe('paid');
    const payment = await paymentOf(order.order_id);
    expect(payment.captureId).toBeTruthy();
    const res = await refund(admin.token, order.order_id, { amount: 50.5 });
    expect(res.body).toMatchObject({ status: 'succeeded', amount: 50.5, gateway: 'paypal' });
    expect(paypal.refunds.at(-1)).toMatchObject({ captureId: payment.captureId, value: '50.50', requestId: `refund-${res.body.refund_id}` });
    // Beyond the capture, PayPal itself would refuse: our cap refuses first.
    expect((await refund(admin.token, order.order_id, { amount: 200 })).status).toBe(409);
  });
});
