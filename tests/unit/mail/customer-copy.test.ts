/**
 * The customer e-mails' shared wording (docs/mail.md): one greeting rule, the "Questions?" line
 * once (the layout's), and the booked delivery day in the "on its way" e-mail.
 */
import { describe, expect, test } from 'vitest';
import { renderMail } from '@/lib/mail/templates';
import { greetingName } from '@/lib/mail/templates/names';

const shop = { storeName: 'Totara Home', supportEmail: 'help@totarahome.test', siteUrl: 'https://shop.test' };
const count = (text: string, needle: string) => text.split(needle).length - 1;

const order = {
  id: 42,
  currency: 'NZD',
  createdAt: '2026-11-30T20:00:00.000Z',
  customerName: 'Aroha Walker',
  greetingName: 'Aroha',
  lines: [{ name: 'EKTORP 3-seat sofa', sku: 'EKT-3', quantity: 1, unitPrice: 89_900, total: 89_900, details: null }],
  subtotal: 89_900,
  discount: null,
  shippingFee: 14_900,
  assemblyFee: 0,
  delivery: { kind: 'two_person', name: 'Two-person delivery', zone: 'Auckland central', date: '2026-12-03', window: 'morning' as const, pickup: null },
  total: 104_800,
  gstIncluded: 13_670,
  gstRatePercent: 15,
  pricesIncludeGst: true,
  address: null,
};

describe('greetingName — the one rule', () => {
  test('the first name; else the full name known; the account before the order contact; null when no name', () => {
    expect(greetingName({ firstName: 'Aroha', lastName: 'Walker' })).toBe('Aroha');
    expect(greetingName({ firstName: '  ', lastName: 'Walker' }, null)).toBe('Walker');
    expect(greetingName({ firstName: null, lastName: null }, { firstName: 'Mere', lastName: 'Parata' })).toBe('Mere');
    expect(greetingName({ firstName: null, lastName: 'Walker' }, { firstName: 'Mere', lastName: 'Parata' })).toBe('Mere');
    expect(greetingName({ firstName: null, lastName: null }, null)).toBeNull();
  });

  test('every customer template greets with it, "Kia ora," without a name', async () => {
    const named = await renderMail('order-received', { shop, order });
    expect(named.text).toMatch(/^Kia ora Aroha,$/m);
    const unnamed = await renderMail('password-reset', { shop, customerName: null, resetUrl: 'https://shop.test/reset-password?token=x', expiresAt: '2026-12-01T00:00:00Z', minutes: 30 });
    expect(unnamed.text).toMatch(/^Kia ora,$/m);
  });
});

describe('"Questions?" once', () => {
  test('the refund e-mail', async () => {
    const { text } = await renderMail('refund-issued', {
      shop,
      customerName: 'Aroha',
      orderId: 42,
      refund: { id: 7, amount: 19_900, currency: 'NZD', deliveryFee: 0, reason: null, lines: [{ name: 'EKTORP Sofa', quantity: 1, amount: 19_900 }], creditNote: 'CN-000007', full: false },
      creditNoteUrl: 'https://shop.test/order/42/credit-notes/CN-000007',
    });
    expect(count(text, 'Questions?')).toBe(1);
  });

  test('the password reset e-mail', async () => {
    const { text } = await renderMail('password-reset', { shop, customerName: 'Aroha', resetUrl: 'https://shop.test/reset-password?token=x', expiresAt: '2026-12-01T00:00:00Z', minutes: 30 });
    expect(count(text, 'Questions?')).toBe(1);
    expect(text).toContain('your password stays as it is.');
  });
});

describe('"on its way"', () => {
  test('a booked delivery says its day and window instead of "we will be in touch"', async () => {
    const { html, text } = await renderMail('order-shipped', { shop, order });
    expect(text).toContain('It will be delivered on Thu, 3 Dec 2026, morning (8am–12pm), as booked');
    expect(text).not.toContain('will be in touch to arrange a time');
    expect(html).toContain('is on its way: delivery on Thu, 3 Dec 2026, morning (8am–12pm)');
  });

  test('without a booked window the delivery team arranges a time', async () => {
    const { text } = await renderMail('order-shipped', { shop, order: { ...order, delivery: { ...order.delivery, kind: 'courier', name: 'Courier', window: null } } });
    expect(text).toContain('Our delivery team will be in touch to arrange a time.');
  });
});
