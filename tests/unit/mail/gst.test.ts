import { describe, expect, test } from 'vitest';
import { gstIncluded } from '@/lib/mail/gst';

describe('the GST an order e-mail says the total includes (README "Mail")', () => {
  test('NZ 15%: total × 3/23, rounded to the cent', () => {
    expect(gstIncluded(11_500, 15)).toBe(1_500); // $115.00 includes exactly $15.00
    expect(gstIncluded(24_800, 15)).toBe(3_235); // $248.00 × 3/23 = $32.3478… → $32.35
    expect(gstIncluded(100, 15)).toBe(13); // $1.00 × 3/23 = 13.04¢ → 13¢
    expect(gstIncluded(1, 15)).toBe(0); // 0.13¢ → 0¢
    expect(gstIncluded(4, 15)).toBe(1); // 0.52¢ → 1¢
    expect(gstIncluded(129_950, 15)).toBe(16_950); // $1,299.50 × 3/23 = $169.50 exactly
  });

  test('agrees with exact rational rounding for every total up to $2,000 (no floating-point drift)', () => {
    for (let cents = 0; cents <= 200_000; cents++) {
      const exact = (BigInt(cents) * 3n * 2n + 23n) / 46n; // round(cents × 3 / 23), halves up
      expect(gstIncluded(cents, 15)).toBe(Number(exact));
    }
  });

  test('another rate, and nothing for nothing', () => {
    expect(gstIncluded(11_250, 12.5)).toBe(1_250);
    expect(gstIncluded(10_000, 10)).toBe(909); // 909.09¢
    expect(gstIncluded(0, 15)).toBe(0);
    expect(gstIncluded(-500, 15)).toBe(0);
    expect(gstIncluded(10_000, 0)).toBe(0);
    expect(gstIncluded(Number.NaN, 15)).toBe(0);
  });
});
