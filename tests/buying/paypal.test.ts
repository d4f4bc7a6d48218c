import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { payments } from '@/db/schema';
import { POST as createPaypalOrder } from '@/app/api/payments/paypal/orders/route';
import { POST as completePayment } from '@/app/api/orders/[id]/completePayment/route';
import { call } from '../support/http';
import { orderRow, placedOrder, priceWellingtonDelivery } from '../support/buying';
import { startPaypalStandIn, type PaypalStandIn } from '../support/paypal-stand-in';

let paypal: PaypalStandIn;

beforeAll(async () => {
  paypal = await startPaypalStandIn();
  process.env.PAYPAL_CLIENT_ID = paypal.clientId;
  process.env.PAYPAL_CLIENT_SECRET = paypal.clientSecret;
  process.env.PAYPAL_API_BASE = paypal.url;
});

afterAll(async () => {
  for (const k of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE']) delete process.env[k];
  await paypal.close();
});

async function paypalOrderFor(token: string, orderId: number): Promise<string> {
  const res = await call(createPaypalOrder, { method: 'POST', url: '/api/payments/paypal/orders', token, body: { orderId } });
  expect(res.status).toBe(201);
  return res.body.id;
}

const complete = (token: string, orderId: number, paypalOrderId: string) =>
  call(completePayment, { method: 'POST', url: `/api/orders/${orderId}/completePayment`, params: { id: String(orderId) }, token, body: { paypalOrderId, paymentStatus: 'COMPLETED', currency: 'NZD' } });


// The amounts below need a known delivery fee: $49, free from $500.
beforeAll(() => priceWellingtonDelivery(4_900, 50_000));
describe('PayPal adapter (against the stand-in)', () => {
  test('POST /api/payments/paypal/orders — creates a CAPTURE order for the order total in the store currency, with our order id', async () => {
    const { token, order } = await placedOrder({ price: 12_950, quantity: 2 });
    const id = await paypalOrderFor(token, order.order_id);
    const created = paypal.orders.get(id)!;
    expect(created.intent).toBe('CAPTURE');
    expect(created.purchase_units[0]).toMatchObject({ custom_id: String(order.order_id), amount: { currency_code: 'NZD', value: '308.00' } });
    expect(paypal.requests.some((r) => r.path === '/v1/oauth2/token')).toBe(true);
  });

  test('POST /api/orders/{id}/completePayment — an approved order is captured, verified and marked paid once; a retry is fine', async () => {
    const { token, order } = await placedOrder();
    const id = await paypalOrderFor(token, order.order_id);
    paypal.approve(id);
    expect((await complete(token, order.order_id, id)).body).toMatchObject({ success: true, status: 'paid' });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'paid', status: 'processing', paymentMethod: 'paypal' });
    expect((await complete(token, order.order_id, id)).status).toBe(200);
    const captures = paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${id}/capture`);
    expect(captures).toHaveLength(1);
  });

  test('POST /api/orders/{id}/completePayment — the client claims COMPLETED but the buyer never approved: refused, the order stays unpaid', async () => {
    const { token, order } = await placedOrder();
    const id = await paypalOrderFor(token, order.order_id);
    const res = await complete(token, order.order_id, id);
    expect(res).toMatchObject({ status: 402, body: { message: 'Failed to complete the payment. Please try again.' } });
    expect(await orderRow(order.order_id)).toMatchObject({ paymentStatus: 'unpaid', status: 'pending' });
  });

  test('POST /api/orders/{id}/completePayment — PayPal reports another amount: refused', async () => {
    const { token, order } = await placedOrder();
    const id = await paypalOrderFor(token, order.order_id);
    paypal.approve(id);
    paypal.override(id, { value: '1.00' });
    expect((await complete(token, order.order_id, id)).status).toBe(402);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.order_id));
    expect(payment.status).toBe('failed');
  });

  test('POST /api/orders/{id}/completePayment — PayPal says the capture is still PENDING: refused', async () => {
    const { token, order } = await placedOrder();
    const id = await paypalOrderFor(token, order.order_id);
    paypal.approve(id);
    paypal.override(id, { status: 'COMPLETED', captureStatus: 'PENDING' });
    expect((await complete(token, order.order_id, id)).status).toBe(402);
    expect((await orderRow(order.order_id)).paymentStatus).toBe('unpaid');
  });

  test("POST /api/orders/{id}/completePayment — a PayPal order created for another of our orders cannot pay this one", async () => {
    const first = await placedOrder();
    const otherOrder = await placedOrder();
    const id = await paypalOrderFor(first.token, first.order.order_id);
    paypal.approve(id);
    const res = await complete(otherOrder.token, otherOrder.order.order_id, id);
    expect(res.status).toBe(404);
    expect((await orderRow(otherOrder.order.order_id)).paymentStatus).toBe('unpaid');
    expect((await orderRow(first.order.order_id)).paymentStatus).toBe('unpaid');
  });
});
