/** Properties of the discount code rule (lib/pricing/discounts.ts) and of the totals that use it. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { allocateDiscount, describeDiscount, paidForUnits, priceDiscount, type DiscountRule } from '@/lib/pricing/discounts';
import { orderGst } from '@/lib/pricing/gst';
import { computeTotals } from '@/lib/pricing/totals';

const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 99 }), eligible: fc.boolean() });
const lines = fc.array(line, { maxLength: 20 });
const rule: fc.Arbitrary<DiscountRule> = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 10_000 }), minSpendCents: fc.integer({ min: 0, max: 1_000_000 }) }),
  fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 10_000_000 }), minSpendCents: fc.integer({ min: 0, max: 1_000_000 }) }),
);
const settings = fc.record({
  shippingFeeCents: fc.integer({ min: 0, max: 100_000 }),
  freeShippingThresholdCents: fc.integer({ min: 0, max: 10_000_000 }),
  gstRatePercent: fc.integer({ min: 0, max: 3_000 }).map((n) => n / 100),
  pricesIncludeGst: fc.boolean(),
});
const eligibleSum = (ls: { unitPrice: number; quantity: number; eligible: boolean }[]) => ls.reduce((s, l) => (l.eligible ? s + l.unitPrice * l.quantity : s), 0);

describe('priceDiscount (properties)', () => {
  test('the discount is whole cents between 0 and the eligible goods; 0 below the minimum spend', () => {
    fc.assert(
      fc.property(lines, rule, (ls, r) => {
        const p = priceDiscount(ls, r);
        expect(Number.isSafeInteger(p.discountCents)).toBe(true);
        expect(p.eligibleCents).toBe(eligibleSum(ls));
        expect(p.discountCents).toBeGreaterThanOrEqual(0);
        expect(p.discountCents).toBeLessThanOrEqual(p.eligibleCents);
        if (p.eligibleCents < r.minSpendCents) expect(p.discountCents).toBe(0);
      }),
    );
  });

  test('a percentage is within half a cent of the exact figure; a fixed amount is the amount, capped at the goods', () => {
    fc.assert(
      fc.property(lines, rule, (ls, r) => {
        const p = priceDiscount(ls, { ...r, minSpendCents: 0 });
        if (p.eligibleCents === 0) return;
        if (r.kind === 'percent') expect(Math.abs(p.discountCents - (p.eligibleCents * r.value) / 10_000)).toBeLessThanOrEqual(0.5);
        else expect(p.discountCents).toBe(Math.min(r.value, p.eligibleCents));
      }),
    );
  });

  test('lines outside the code change nothing', () => {
    fc.assert(
      fc.property(lines, lines, rule, (ls, extra, r) => {
        const outside = extra.map((l) => ({ ...l, eligible: false }));
        expect(priceDiscount([...ls, ...outside], r)).toEqual(priceDiscount(ls, r));
      }),
    );
  });

  test('describeDiscount reads "12.5% off" and "$25.00 off"', () => {
    expect(describeDiscount({ kind: 'percent', value: 1250 }, String)).toBe('12.5% off');
    expect(describeDiscount({ kind: 'fixed', value: 2500 }, (c) => `$${(c / 100).toFixed(2)}`)).toBe('$25.00 off');
  });
});

describe('computeTotals with a discount code (properties)', () => {
  test('total = subtotal − discount + shipping (+ GST when added); GST is that of the discounted amount; free delivery judged after the discount', () => {
    fc.assert(
      fc.property(lines, rule, settings, (ls, r, s) => {
        const t = computeTotals(ls, s, r);
        const goods = t.subtotal - t.discount;
        expect(t.discount).toBe(priceDiscount(ls, r).discountCents);
        expect(goods).toBeGreaterThanOrEqual(0);
        expect(t.gst).toBe(orderGst(goods + t.shippingFee, s).gst);
        expect(t.totalAmount).toBe(goods + t.shippingFee + (s.pricesIncludeGst ? 0 : t.gst));
        const free = t.subtotal === 0 || (s.freeShippingThresholdCents > 0 && goods >= s.freeShippingThresholdCents);
        expect(t.shippingFee).toBe(free ? 0 : s.shippingFeeCents);
      }),
    );
  });

  test('without a code the totals are as before (discount 0)', () => {
    fc.assert(
      fc.property(lines, settings, (ls, s) => {
        expect(computeTotals(ls, s, null)).toEqual({ ...computeTotals(ls, s), discount: 0 });
      }),
    );
  });
});

describe("each line's share of the discount (properties)", () => {
  test('shares are whole cents, only on eligible lines, never above a line, and add up to the discount', () => {
    fc.assert(
      fc.property(lines, rule, (ls, r) => {
        const { discountCents } = priceDiscount(ls, r);
        const shares = allocateDiscount(ls, discountCents);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(discountCents);
        shares.forEach((x, i) => {
          expect(Number.isSafeInteger(x) && x >= 0).toBe(true);
          expect(x).toBeLessThanOrEqual(ls[i].eligible ? ls[i].unitPrice * ls[i].quantity : 0);
        });
      }),
    );
  });

  test("a line's units, refunded in any steps, add up to exactly what the line was paid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 20 }), (quantity, unitPrice, steps) => {
        const totalPrice = unitPrice * quantity;
        const line = { totalPrice, quantity, discountCents: Math.floor(totalPrice / 7) };
        let done = 0;
        let sum = 0;
        for (const step of steps) {
          const units = Math.min(step, quantity - done);
          if (units === 0) break;
          sum += paidForUnits(line, done, units);
          done += units;
        }
        sum += paidForUnits(line, done, quantity - done);
        expect(sum).toBe(totalPrice - line.discountCents);
        expect(paidForUnits({ ...line, discountCents: 0 }, 0, 1)).toBe(unitPrice);
      }),
    );
  });
});

