/** Properties of the one order-amount rule (lib/pricing/totals.ts): every amount in integer cents. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderGst } from '@/lib/pricing/gst';
import { computeTotals, type Line } from '@/lib/pricing/totals';

const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 999 }) });
const lines = fc.array(line, { maxLength: 30 });
const gst = fc.record({ gstRatePercent: fc.integer({ min: 0, max: 3_000 }).map((n) => n / 100), pricesIncludeGst: fc.boolean() });
const settings = fc
  .record({ shippingFeeCents: fc.integer({ min: 0, max: 100_000 }), freeShippingThresholdCents: fc.integer({ min: 0, max: 10_000_000 }) })
  .chain((s) => gst.map((g) => ({ ...s, ...g })));
const NZ = { gstRatePercent: 15, pricesIncludeGst: true };
const sum = (ls: Line[]) => ls.reduce((s, l) => s + l.unitPrice * l.quantity, 0);

describe('computeTotals (properties)', () => {
  test('amounts are non-negative whole cents and total = subtotal + shipping (+ GST when prices exclude it)', () => {
    fc.assert(
      fc.property(lines, settings, (ls, s) => {
        const t = computeTotals(ls, s);
        for (const v of [t.subtotal, t.shippingFee, t.gst, t.totalAmount]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.subtotal).toBe(sum(ls));
        expect(t.totalAmount).toBe(t.subtotal + t.shippingFee + (s.pricesIncludeGst ? 0 : t.gst));
        expect(t.gst).toBe(orderGst(t.subtotal + t.shippingFee, s).gst);
        expect([0, s.shippingFeeCents]).toContain(t.shippingFee);
      }),
    );
  });

  test('shipping is free exactly from the threshold up, charged just below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (threshold, fee) => {
        const s = { shippingFeeCents: fee, freeShippingThresholdCents: threshold, ...NZ };
        expect(computeTotals([{ unitPrice: threshold, quantity: 1 }], s).shippingFee).toBe(0);
        expect(computeTotals([{ unitPrice: threshold + 1, quantity: 1 }], s).shippingFee).toBe(0);
        expect(computeTotals([{ unitPrice: threshold - 1, quantity: 1 }], s).shippingFee).toBe(fee);
      }),
    );
  });

  test('a threshold of 0 means no free shipping; nothing to ship costs nothing', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100_000 }), (ls, fee) => {
        const t = computeTotals(ls, { shippingFeeCents: fee, freeShippingThresholdCents: 0, ...NZ });
        expect(t.shippingFee).toBe(t.subtotal === 0 ? 0 : fee);
      }),
    );
  });

  test('the order of the lines does not matter, nor does splitting a line in two', () => {
    fc.assert(
      fc.property(lines, settings, fc.context(), (ls, s, ctx) => {
        const shuffled = [...ls].reverse();
        ctx.log(JSON.stringify(shuffled));
        expect(computeTotals(shuffled, s)).toEqual(computeTotals(ls, s));
        const split = ls.flatMap((l) => (l.quantity > 1 ? [{ ...l, quantity: 1 }, { ...l, quantity: l.quantity - 1 }] : [l]));
        expect(computeTotals(split, s)).toEqual(computeTotals(ls, s));
      }),
    );
  });

  test('adding a line never lowers the subtotal, nor the total by more than the shipping saved (with its GST, give or take the cent of rounding once)', () => {
    fc.assert(
      fc.property(lines, line, settings, (ls, extra, s) => {
        const before = computeTotals(ls, s);
        const after = computeTotals([...ls, extra], s);
        expect(after.subtotal).toBeGreaterThanOrEqual(before.subtotal);
        expect(after.totalAmount).toBeGreaterThanOrEqual(before.totalAmount - orderGst(s.shippingFeeCents, s).total - 1);
      }),
    );
  });
});
