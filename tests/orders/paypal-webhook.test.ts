/**
 * POST /api/webhooks/paypal against the PayPal stand-in (nothing reaches the internet): a refund
 * made in PayPal's dashboard becomes the shop's refund, once; the shop's own refunds are not
 * counted twice; a delivery PayPal does not confirm changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { payments, refunds } from '@/db/schema';
import { POST as webhook } from '@/app/api/webhooks/paypal/route';
import { POST as createPaypalOrder } from '@/app/api/payments/paypal/orders/route';
import { POST as completePayment } from '@/app/api/orders/[id]/completePayment/route';
import { call } from '../support/http';
import { placedOrder, shopper } from '../support/buying';
import { paymentOf, refund, refundsOf } from '../support/after-sale';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';

let paypal: PaypalStandIn;

beforeAll(async () => {
  paypal = await startPaypalStandIn();
  Object.assign(process.env, paypal.env);
});

afterAll(async () => {
  for (const k of Object.keys(paypal.env)) delete process.env[k];
  await paypal.close();
});

/** Sends one delivery to the route. */
const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  call(webhook, { method: 'POST', url: '/api/webhooks/paypal', body: delivery.body, headers: delivery.headers });

/** An order of one product at $120.00 (and its delivery), paid through the PayPal stand-in. */
async function paidByPaypal() {
  const { token, order } = await placedOrder({ price: 12_000, quantity: 1 });
  const created = await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token, body: { orderId: order.order_id } });
  paypal.approve(created.body.id);
  const done = await call(completePayment, { method: 'POST', url: `/api/orders/${order.order_id}/completePayment`, params: { id: String(order.order_id) }, token, body: { paypalOrderId: created.body.id, paymentStatus: 'COMPLETED', currency: 'NZD' } });
  expect(done.body.status).toBe('paid');
  return { order, payment: await paymentOf(order.order_id) };
}

const refundRows = (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('POST /api/webhooks/paypal', () => {
  test("a refund made in PayPal's dashboard is recorded once, with its credit note; a replay changes nothing", async () => {
    const { order, payment } = await paidByPaypal();
    const delivery = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.dashboardRefund(payment.captureId!, '30.00'));
    const first = await deliver(delivery);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, type: 'PAYMENT.CAPTURE.REFUNDED', duplicate: false });
    expect((await deliver(delivery)).body.duplicate).toBe(true);

    const rows = await refundRows(order.order_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 3_000, status: 'succeeded', gateway: 'paypal', gatewayRefundId: paypal.refunds.at(-1)!.id, createdBy: null, reason: "Refunded in PayPal's dashboard" });
    const [p] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(p.refundedAmount).toBe(3_000);
    const admin = await shopper({ isAdmin: true });
    const listed = await refundsOf(admin.token, order.order_id);
    expect(listed.body.refunds[0].credit_note.number).toMatch(/^CN-/);
    expect(listed.body.refundable).toBe((payment.amount - 3_000) / 100);
  });

  test("the event of the shop's own refund does not count it twice", async () => {
    const { order } = await paidByPaypal();
    const admin = await shopper({ isAdmin: true });
    const made = await refund(admin.token, order.order_id, { amount: 20 });
    expect(made.body.status).toBe('succeeded');
    const sent = paypal.refunds.at(-1)!;
    const resource = { id: sent.id, status: 'COMPLETED', amount: { currency_code: 'NZD', value: '20.00' }, invoice_id: `refund-${made.body.refund_id}`, links: [{ rel: 'up', href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${sent.captureId}` }] };
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', resource))).status).toBe(200);
    const rows = await refundRows(order.order_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 2_000, status: 'succeeded' });
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(2_000);
  });

  test('a dashboard refund beyond what is left of the payment is not recorded', async () => {
    const { order, payment } = await paidByPaypal();
    const admin = await shopper({ isAdmin: true });
    // All but $10 refunded by the shop; PayPal reports $30 more.
    expect((await refund(admin.token, order.order_id, { amount: (payment.amount - 1_000) / 100 })).body.status).toBe('succeeded');
    const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', paypal.dashboardRefund(payment.captureId!, '30.00')));
    expect(res.status).toBe(200);
    expect(await refundRows(order.order_id)).toHaveLength(1);
    expect((await paymentOf(order.order_id)).refundedAmount).toBe(payment.amount - 1_000);
  });

  test('a delivery PayPal does not confirm, or without its headers, is 400 and records nothing', async () => {
    const { order, payment } = await paidByPaypal();
    const resource = paypal.dashboardRefund(payment.captureId!, '10.00');
    const forged = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', resource, { webhookId: 'WH-SOMEONE-ELSE' });
    expect(await deliver(forged)).toMatchObject({ status: 400, body: { message: 'Invalid PayPal webhook signature.' } });
    const tampered = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', resource);
    expect((await deliver({ ...tampered, body: tampered.body.replace('"10.00"', '"99.00"') })).status).toBe(400);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = tampered.headers; // eslint-disable-line @typescript-eslint/no-unused-vars
    expect(await deliver({ body: tampered.body, headers: unsigned })).toMatchObject({ status: 400, body: { message: 'Missing paypal-transmission-sig header.' } });
    expect((await deliver({ body: 'not json', headers: tampered.headers })).status).toBe(400);
    expect(await refundRows(order.order_id)).toHaveLength(0);
  });

  test('without PAYPAL_WEBHOOK_ID the route answers 502', async () => {
    delete process.env.PAYPAL_WEBHOOK_ID;
    try {
      const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', {}));
      expect(res).toMatchObject({ status: 502, body: { message: 'PayPal webhooks are not configured on this server.' } });
    } finally {
      process.env.PAYPAL_WEBHOOK_ID = paypal.webhookId;
    }
  });
});
