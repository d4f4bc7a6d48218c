/**
 * Properties of the delivery quote (lib/delivery/quote.ts, zones.ts, totals.ts):
 * for any cart and postcode, every service offered respects every line's shipping class, and the
 * order total priced with it is exactly the lines plus the quoted delivery and assembly fees.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DELIVERY_SERVICE_KINDS, SHIPPING_CLASSES } from '@/db/statuses';
import { isoWeekday } from '@/lib/delivery/calendar';
import { quoteServices, type QuoteLine, type ServiceRule } from '@/lib/delivery/quote';
import { zoneFor, type ZoneRule } from '@/lib/delivery/zones';
import { orderGst } from '@/lib/pricing/gst';
import { computeTotals, deliveryRule } from '@/lib/pricing/totals';

/** A few zones in the seed's shape: ranges, a nested range, listed postcodes and one not served. */
const ZONES: ZoneRule[] = [
  { id: 1, name: 'Auckland', postcodeRanges: [{ from: 600, to: 699 }, { from: 1010, to: 1072 }], postcodes: [], served: true, sortOrder: 1 },
  { id: 2, name: 'North Island provincial', postcodeRanges: [{ from: 100, to: 6999 }], postcodes: [], served: true, sortOrder: 2 },
  { id: 3, name: 'South Island provincial', postcodeRanges: [{ from: 7000, to: 9999 }], postcodes: [], served: true, sortOrder: 3 },
  { id: 4, name: 'Rural', postcodeRanges: [], postcodes: ['7881', '0172'], served: true, sortOrder: 4 },
  { id: 5, name: 'Islands', postcodeRanges: [], postcodes: ['1081', '9818'], served: true, sortOrder: 5 },
  { id: 6, name: 'Chatham Islands', postcodeRanges: [], postcodes: ['8942'], served: false, sortOrder: 6 },
];

const line = fc.record({
  shippingClass: fc.constantFrom(...SHIPPING_CLASSES),
  quantity: fc.integer({ min: 1, max: 20 }),
  unitPrice: fc.integer({ min: 0, max: 2_000_000 }),
  assemblyFee: fc.integer({ min: 0, max: 50_000 }),
}) satisfies fc.Arbitrary<QuoteLine>;

const service = (id: number) =>
  fc.record({
    id: fc.constant(id),
    kind: fc.constantFrom(...DELIVERY_SERVICE_KINDS),
    name: fc.constant(`Service ${id}`),
    fee: fc.integer({ min: 0, max: 100_000 }),
    bulkySurcharge: fc.integer({ min: 0, max: 20_000 }),
    freeOver: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
    leadDays: fc.integer({ min: 0, max: 15 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    active: fc.boolean(),
    pickup: fc.constant({ id: 1, name: 'Epsom warehouse', address: '25 Manukau Road', openingHours: 'Mon–Fri 9–5' }),
  }) satisfies fc.Arbitrary<ServiceRule>;

const services = fc.integer({ min: 0, max: 6 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => service(i + 1))));
const postcode = fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0'));
const today = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const gstRule = fc.record({ gstRatePercent: fc.constantFrom(0, 12.5, 15), pricesIncludeGst: fc.boolean() });

describe('delivery quote (properties)', () => {
  test('for any cart and postcode: services offered respect every shipping class; total = lines + quoted delivery + assembly', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), postcode, services, today, gstRule, (lines, code, zoneServices, day, gst) => {
        const zone = zoneFor(code, ZONES);
        if (!zone || !zone.served) return; // the server refuses these with a 400 before quoting
        const offered = quoteServices(lines, zoneServices, day);
        const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
        for (const q of offered) {
          // No service breaks a line's class.
          if (lines.some((l) => l.shippingClass === 'collect_only')) expect(q.kind).toBe('click_collect');
          if (q.kind === 'courier') expect(lines.every((l) => l.shippingClass === 'parcel')).toBe(true);
          expect(zoneServices.find((s) => s.id === q.serviceId)?.active).toBe(true);
          // The earliest day is one the service runs, not before today.
          expect(q.earliestDate! >= day).toBe(true);
          expect(zoneServices.find((s) => s.id === q.serviceId)!.weekdays).toContain(isoWeekday(q.earliestDate!));
          // Priced with it, the order is the lines plus the quoted fees (plus GST on all of it when prices exclude GST).
          const t = computeTotals(lines, { ...gst, ...deliveryRule(q) });
          expect(t.subtotal).toBe(subtotal);
          expect(t.shippingFee).toBe(q.deliveryFee);
          expect(t.assemblyFee).toBe(q.assemblyFee);
          const charged = subtotal + q.deliveryFee + q.assemblyFee;
          expect(t.totalAmount).toBe(charged + (gst.pricesIncludeGst ? 0 : t.gst));
          expect(t.gst).toBe(orderGst(charged, gst).gst);
        }
        // Cheapest first.
        for (let i = 1; i < offered.length; i++) expect(offered[i - 1].price).toBeLessThanOrEqual(offered[i].price);
      }),
      { numRuns: 500 },
    );
  });

  test('a listed postcode beats a range, and the narrowest range wins', () => {
    expect(zoneFor('1081', ZONES)?.name).toBe('Islands');
    expect(zoneFor('7881', ZONES)?.name).toBe('Rural');
    expect(zoneFor('1010', ZONES)?.name).toBe('Auckland');
    expect(zoneFor('3200', ZONES)?.name).toBe('North Island provincial');
    expect(zoneFor('0050', ZONES)).toBeNull();
  });
});
