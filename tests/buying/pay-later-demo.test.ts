/**
 * Afterpay and Klarna with the demo gateway (no Stripe keys; docs/buying.md "Afterpay and
 * Klarna"): the demo approval page's answers reach the shop as Stripe's signed webhook events and
 * only they mark the order paid; the return page reads what they left; refusals; expiry keeps an
 * order waiting at the provider; a card pays after a decline or an abandoned attempt.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { outboxMessages, payments, settings, webhookEvents } from '@/db/schema';
import { POST as startPayLaterRoute } from '@/app/api/payments/pay-later/route';
import { POST as startElementRoute } from '@/app/api/payments/intent/route';
import { POST as demoPayLaterRoute } from '@/app/api/payments/demo/pay-later/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { PUT as putSettings } from '@/app/api/settings/route';
import { payLaterReturn } from '@/lib/orders/pay-later';
import { expireOrders } from '@/lib/orders/expiry';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery, saveCard, shopper } from '../support/buying';

const start = (token: string, orderId: number, method = 'afterpay_clearpay') => call(startPayLaterRoute, { method: 'POST', url: '/api/payments/pay-later', token, body: { orderId, method } });
const answer = (token: string, orderId: number, outcome: 'approve' | 'decline') => call(demoPayLaterRoute, { method: 'POST', url: '/api/payments/demo/pay-later', token, body: { orderId, outcome } });
const paymentsOf = (orderId: number) => db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

// Known totals: a $49 delivery fee, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
afterEach(() => db.delete(settings).where(eq(settings.key, 'klarna_enabled')));

describe('Afterpay and Klarna (demo gateway)', () => {
  test('POST /api/payments/pay-later — starts an attempt waiting for the shopper and sends them to the demo approval page; the order stays unpaid', async () => {
    const { token, user, order } = await placedOrder();
    const res = await start(token, order.order_id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ returnUrl: `/checkout/${order.order_id}/return`, approvalUrl: `/checkout/${order.order_id}/pay-later?method=afterpay_clearpay` });
    const [attempt] = await paymentsOf(order.order_id);
    expect(attempt).toMatchObject({ provider: 'demo', methodType: 'afterpay_clearpay', status: 'requires_action', amount: order.total_amount * 100, providerPaymentId: res.body.paymentIntentId });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    // Starting again (a double click, or back from the provider) resumes the same attempt.
    expect((await start(token, order.order_id)).body.paymentIntentId).toBe(res.body.paymentIntentId);
    expect(await paymentsOf(order.order_id)).toHaveLength(1);
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('processing');
  });

  test('approve — the signed payment_intent.succeeded marks the order paid once, with one payment e-mail; answering again changes nothing', async () => {
    const { token, user, order } = await placedOrder();
    await start(token, order.order_id, 'klarna');
    const approved = await answer(token, order.order_id, 'approve');
    expect(approved.body).toMatchObject({ state: 'paid', method: 'Klarna' });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('paid');
    const [attempt] = await paymentsOf(order.order_id);
    expect(attempt.status).toBe('succeeded');
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.id, `evt_demo_${attempt.id}_approve`));
    expect(events).toHaveLength(1);
    expect((await answer(token, order.order_id, 'approve')).body.state).toBe('paid');
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.eventKey, `payment-received:${order.order_id}`))).toHaveLength(1);
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('paid');
  });

  test('decline — payment_intent.payment_failed leaves the order unpaid and payable; the return page says so; a card then pays it', async () => {
    const { token, user, order } = await placedOrder();
    await start(token, order.order_id);
    const declined = await answer(token, order.order_id, 'decline');
    expect(declined.body).toMatchObject({ state: 'failed', method: 'Afterpay', message: expect.stringContaining('Afterpay declined this payment') });
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    expect((await answer(token, order.order_id, 'approve')).status).toBe(409);
    const card = await saveCard(token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    expect(paid.body.status).toBe('paid');
    expect((await paymentsOf(order.order_id)).map((p) => [p.methodType, p.status])).toEqual([
      ['afterpay_clearpay', 'failed'],
      ['card', 'succeeded'],
    ]);
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('paid');
  });

  test('abandon — nothing is sent: the order stays payable, does not expire however late, and a card replaces the attempt', async () => {
    const { token, user, order, product } = await placedOrder();
    await start(token, order.order_id);
    expect((await payLaterReturn(user.id, order.order_id)).state).toBe('processing');
    const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60_000);
    await expireOrders(undefined, { now: inAWeek, productIds: [product.id] });
    expect((await orderRow(order.order_id)).status).toBe('pending');
    const card = await saveCard(token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    expect(paid.body.status).toBe('paid');
    const [replaced] = await paymentsOf(order.order_id);
    expect(replaced).toMatchObject({ methodType: 'afterpay_clearpay', status: 'failed', failureMessage: 'Replaced by another payment attempt.' });
    // A late approval of the replaced attempt changes nothing: the order was paid once, by card.
    expect((await answer(token, order.order_id, 'approve')).body.state).toBe('paid');
    expect((await paymentsOf(order.order_id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  test('an abandoned card 3-D Secure attempt still expires: only pay-later attempts hold the order however late', async () => {
    const { token, order, product } = await placedOrder();
    const card = await saveCard(token, 'pm_card_authenticationRequired');
    await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    await expireOrders(undefined, { now: new Date(Date.now() + 7 * 24 * 60 * 60_000), productIds: [product.id] });
    expect((await orderRow(order.order_id)).status).toBe('cancelled');
  });

  test('refusals — someone else\'s order 404 (start, answer, return page); a method switched off in Settings or outside its limits 400; a paid order 409; a bad method 400', async () => {
    const { token, order } = await placedOrder();
    const other = await shopper();
    expect((await start(other.token, order.order_id)).status).toBe(404);
    expect((await answer(other.token, order.order_id, 'approve')).status).toBe(404);
    await expect(payLaterReturn(other.user.id, order.order_id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await start(token, order.order_id, 'laybuy')).status).toBe(400);
    // Stripe's Payment Element has no demo: its intent route is not there without Stripe keys.
    expect((await call(startElementRoute, { method: 'POST', url: '/api/payments/intent', token, body: { orderId: order.order_id, method: 'card' } })).status).toBe(404);

    const admin = await shopper({ isAdmin: true });
    const saved = await call(putSettings, { method: 'PUT', url: '/api/settings', token: admin.token, body: { klarna_enabled: false } });
    expect(saved.status).toBe(200);
    const off = await start(token, order.order_id, 'klarna');
    expect(off).toMatchObject({ status: 400, body: { message: 'Klarna is not available for this order.' } });

    // $2,500 is above Afterpay's NZD limit of $2,000.
    const big = await placedOrder({ price: 250_000 });
    expect((await start(big.token, big.order.order_id)).body.message).toBe('Afterpay is not available for this order.');

    await start(token, order.order_id);
    await answer(token, order.order_id, 'approve');
    expect((await start(token, order.order_id)).status).toBe(409);
    expect(await paymentsOf(big.order.order_id)).toHaveLength(0);
  });
});
