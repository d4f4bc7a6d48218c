import { describe, expect, test } from 'vitest';
import { instalmentCents, payLaterMethodsFor } from '@/lib/payments/pay-later';

const both = { afterpay_clearpay: true, klarna: true };

describe('pay-later methods and instalments', () => {
  test('NZD within $1–$2,000 offers the switched-on methods; outside the limits, another currency or switched off, none', () => {
    expect(payLaterMethodsFor(100, 'NZD', both)).toEqual(['afterpay_clearpay', 'klarna']);
    expect(payLaterMethodsFor(200_000, 'nzd', both)).toEqual(['afterpay_clearpay', 'klarna']);
    expect(payLaterMethodsFor(99, 'NZD', both)).toEqual([]);
    expect(payLaterMethodsFor(200_001, 'NZD', both)).toEqual([]);
    expect(payLaterMethodsFor(50_000, 'AUD', both)).toEqual([]);
    expect(payLaterMethodsFor(50_000, 'NZD', { afterpay_clearpay: false, klarna: true })).toEqual(['klarna']);
    expect(payLaterMethodsFor(Number.NaN, 'NZD', both)).toEqual([]);
  });

  test('an instalment is a quarter rounded up to the cent, never less than the shopper pays', () => {
    expect(instalmentCents(100_000)).toBe(25_000);
    expect(instalmentCents(1_001)).toBe(251);
    expect(instalmentCents(19_900)).toBe(4_975);
  });
});
