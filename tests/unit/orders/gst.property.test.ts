/**
 * The one GST rule (lib/pricing/gst.ts): the GST of any order is within half a cent of
 * the exact figure, and an invoice less its credit notes always comes to what the shop kept.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { creditNoteGst, gstAddedTo, gstContainedIn, orderGst } from '@/lib/pricing/gst';
import { computeTotals } from '@/lib/pricing/totals';

/** Rates with up to two decimals, 0–30 %, as the setting allows. */
const rate = fc.integer({ min: 0, max: 3_000 }).map((bp) => bp / 100);
const cents = fc.integer({ min: 0, max: 500_000_000 });
const line = fc.record({ unitPrice: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 99 }) });

/** |gst − exact| ≤ ½ cent, where exact = num / den, checked in exact BigInt arithmetic. */
function withinHalfCent(gst: number, num: bigint, den: bigint) {
  const diff = BigInt(gst) * den - num;
  expect((diff < 0n ? -diff : diff) * 2n <= den).toBe(true);
}
const bp = (r: number) => BigInt(Math.round(r * 100));

describe('GST of an order (properties)', () => {
  test('prices including GST: GST = total × rate / (100 + rate), within half a cent of the exact figure', () => {
    fc.assert(
      fc.property(cents, rate, (total, r) => {
        withinHalfCent(gstContainedIn(total, r), BigInt(total) * bp(r), 10_000n + bp(r));
      }),
    );
  });

  test('prices excluding GST: GST = amount × rate / 100, within half a cent; the customer pays amount + GST', () => {
    fc.assert(
      fc.property(cents, rate, (amount, r) => {
        const { gst, total } = orderGst(amount, { gstRatePercent: r, pricesIncludeGst: false });
        withinHalfCent(gst, BigInt(amount) * bp(r), 10_000n);
        expect(gst).toBe(gstAddedTo(amount, r));
        expect(total).toBe(amount + gst);
      }),
    );
  });

  test('any order: its GST is that of everything it charges (goods and delivery), rounded once, not per line', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), rate, fc.boolean(), fc.integer({ min: 0, max: 20_000 }), (ls, r, inclusive, fee) => {
        const t = computeTotals(ls, { gstRatePercent: r, pricesIncludeGst: inclusive, shippingFeeCents: fee, freeShippingThresholdCents: 0 });
        const charged = BigInt(t.subtotal + t.shippingFee);
        if (inclusive) withinHalfCent(t.gst, charged * bp(r), 10_000n + bp(r));
        else withinHalfCent(t.gst, charged * bp(r), 10_000n);
      }),
    );
  });

  test('15 %: known figures', () => {
    expect(gstContainedIn(11_500, 15)).toBe(1_500); // $115.00 includes exactly $15.00
    expect(gstContainedIn(24_800, 15)).toBe(3_235); // $248.00 × 3/23 = $32.3478… → $32.35
    expect(gstContainedIn(100, 15)).toBe(13); // 13.04¢
    expect(gstContainedIn(4, 15)).toBe(1); // 0.52¢ → 1¢
    expect(gstContainedIn(11_250, 12.5)).toBe(1_250);
    expect(gstAddedTo(10_000, 15)).toBe(1_500);
    expect(gstContainedIn(10_000, 0)).toBe(0);
    expect(gstContainedIn(Number.NaN, 15)).toBe(0);
  });
});

describe('credit notes against the invoice (properties)', () => {
  /** An order, its rule, and refunds that together never exceed what was paid. */
  const scenario = fc
    .record({ amount: fc.integer({ min: 1, max: 50_000_000 }), r: rate, inclusive: fc.boolean(), parts: fc.array(fc.integer({ min: 1, max: 1_000 }), { maxLength: 8 }), full: fc.boolean() })
    .map(({ amount, r, inclusive, parts, full }) => {
      const { gst, total } = orderGst(amount, { gstRatePercent: r, pricesIncludeGst: inclusive });
      // Split up to the whole payment (all of it when `full`) into refunds in the given proportions.
      const weight = parts.reduce((s, p) => s + p, 0);
      const budget = full ? total : Math.floor(total / 2);
      const refunds = parts.map((p) => Math.floor((budget * p) / Math.max(weight, 1)));
      if (full && refunds.length > 0) refunds[refunds.length - 1] += budget - refunds.reduce((s, x) => s + x, 0);
      return { r, invoice: { total, gst }, refunds: refunds.filter((x) => x > 0) };
    });

  test('invoice less credit notes = what was kept, in money and in GST; every credit note GST is between 0 and its amount', () => {
    fc.assert(
      fc.property(scenario, ({ r, invoice, refunds }) => {
        let refunded = 0;
        let creditedGst = 0;
        for (const amount of refunds) {
          const g = creditNoteGst(invoice.gst, invoice.total, refunded, amount, r);
          expect(g).toBeGreaterThanOrEqual(0);
          expect(g).toBeLessThanOrEqual(amount);
          refunded += amount;
          creditedGst += g;
        }
        const kept = invoice.total - refunded;
        expect(kept).toBeGreaterThanOrEqual(0);
        // What the documents say was kept, and the GST in it.
        expect(invoice.total - refunded).toBe(kept);
        const keptGst = invoice.gst - creditedGst;
        if (kept === 0) expect(keptGst).toBe(0);
        else if (refunded === 0) expect(keptGst).toBe(invoice.gst);
        else {
          expect(keptGst).toBe(Math.min(invoice.gst, gstContainedIn(kept, r)));
          withinHalfCent(gstContainedIn(kept, r), BigInt(kept) * bp(r), 10_000n + bp(r));
        }
      }),
    );
  });
});
