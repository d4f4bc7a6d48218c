import { describe, expect, test } from 'vitest';
import { absoluteReturnUrl, elementMethodOf, stepAfterConfirm } from '@/lib/payments/payment-element';

describe("checkout's Payment Element decisions (lib/payments/payment-element.ts)", () => {
  test('Afterpay and Klarna start their own intent; a card and the wallets Stripe shows under it are paid as a card', () => {
    expect(elementMethodOf('afterpay_clearpay')).toBe('afterpay_clearpay');
    expect(elementMethodOf('klarna')).toBe('klarna');
    for (const type of ['card', 'apple_pay', 'google_pay', 'link', undefined]) expect(elementMethodOf(type)).toBe('card');
  });

  test("Stripe's return_url is the order's return page on this page's origin", () => {
    expect(absoluteReturnUrl('/checkout/42/return', 'https://totarahome.co.nz')).toBe('https://totarahome.co.nz/checkout/42/return');
    expect(absoluteReturnUrl('/checkout/7/return', 'http://127.0.0.1:3450')).toBe('http://127.0.0.1:3450/checkout/7/return');
  });

  test('after confirmPayment: an error stays on the page with its message; succeeded asks the shop to record it; anything else waits on the return page', () => {
    expect(stepAfterConfirm({ error: { message: 'Your card was declined.' } })).toEqual({ kind: 'error', message: 'Your card was declined.' });
    expect(stepAfterConfirm({ error: {} })).toEqual({ kind: 'error', message: 'Payment failed. Please try again.' });
    expect(stepAfterConfirm({ paymentIntent: { status: 'succeeded' } })).toEqual({ kind: 'confirm' });
    for (const status of ['processing', 'requires_action', 'requires_capture']) expect(stepAfterConfirm({ paymentIntent: { status } })).toEqual({ kind: 'return' });
  });
});
