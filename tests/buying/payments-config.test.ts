import { afterEach, describe, expect, test } from 'vitest';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { GET as stripeKey } from '@/app/api/stripe-key/route';
import { cardMode, demoPaymentsAllowed, paypalMode } from '@/lib/payments/config';
import { call } from '../support/http';
import { placedOrder, saveCard } from '../support/buying';

const saved = { ...process.env };
const env = process.env as Record<string, string | undefined>;
afterEach(() => {
  for (const k of ['NODE_ENV', 'DEMO_PAYMENTS', 'DATABASE_URL', 'STRIPE_SECRET_KEY']) {
    if (saved[k] === undefined) delete env[k];
    else env[k] = saved[k];
  }
});

describe('which payment gateway runs', () => {
  test('the demo gateway refuses to run in production on PostgreSQL unless DEMO_PAYMENTS is set', () => {
    env.NODE_ENV = 'production';
    env.DATABASE_URL = 'postgres://shop@db.example.test:5432/shop';
    delete env.DEMO_PAYMENTS;
    expect(demoPaymentsAllowed()).toBe(false);
    expect(cardMode()).toBe('unavailable');
    expect(paypalMode()).toBe('unavailable');
    env.DEMO_PAYMENTS = '1';
    expect(cardMode()).toBe('demo');
  });

  test('the embedded-database shop (no DATABASE_URL) is a demo even under next start', () => {
    env.NODE_ENV = 'production';
    delete env.DATABASE_URL;
    delete env.DEMO_PAYMENTS;
    expect(cardMode()).toBe('demo');
    env.DEMO_PAYMENTS = 'off';
    expect(cardMode()).toBe('unavailable');
  });

  test('Stripe runs whenever STRIPE_SECRET_KEY is set', () => {
    env.STRIPE_SECRET_KEY = 'sk_test_x';
    expect(cardMode()).toBe('stripe');
  });

  test('POST /api/payments/submit — with no gateway allowed: 502 "Payment system configuration failed. Please contact support."', async () => {
    const { token, order } = await placedOrder();
    const card = await saveCard(token, 'pm_card_visa');
    env.DEMO_PAYMENTS = '0';
    const res = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    expect(res).toMatchObject({ status: 502, body: { message: 'Payment system configuration failed. Please contact support.' } });
    expect((await call(stripeKey, { url: '/api/stripe-key' })).body).toMatchObject({ publicKey: null, cardMode: 'unavailable', demo: false });
  });
});
