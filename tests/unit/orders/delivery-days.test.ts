/**
 * Delivery days (issue 24 item 3; lib/orders/delivery/calendar.ts, holidays.ts): lead days count
 * working days, and a weekend or a New Zealand public holiday is never offered to a Monday–Friday service.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { earliestDay, isoWeekday, offeredDays } from '@/lib/orders/delivery/calendar';
import { isNzPublicHoliday, NZ_PUBLIC_HOLIDAYS } from '@/lib/orders/delivery/holidays';

const WEEKDAYS = [1, 2, 3, 4, 5];

describe('delivery days', () => {
  test('around Christmas 2026: Christmas, the weekend, the Boxing Day substitute and New Year are skipped', () => {
    // Wednesday 23 December, 1 working day of lead → Thursday 24th; then Tuesday 29th.
    expect(earliestDay('2026-12-23', 1, WEEKDAYS, isNzPublicHoliday)).toBe('2026-12-24');
    expect(offeredDays('2026-12-23', 1, WEEKDAYS, isNzPublicHoliday, 5)).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-05']);
    // Two working days from Christmas Eve: 29th and 30th are counted (25th–28th are not working days).
    expect(earliestDay('2026-12-24', 2, WEEKDAYS, isNzPublicHoliday)).toBe('2026-12-30');
  });

  test('the holiday list has the 2027 Matariki and Mondayised Waitangi Day', () => {
    expect(NZ_PUBLIC_HOLIDAYS.get('2027-06-25')).toBe('Matariki');
    expect(isNzPublicHoliday('2027-02-08')).toBe(true);
    expect(isNzPublicHoliday('2027-02-09')).toBe(false);
  });

  test('for any day and lead, a Monday–Friday service is never offered a weekend or a public holiday', () => {
    const day = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-11-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 10 }), (today, lead) => {
        const days = offeredDays(today, lead, WEEKDAYS, isNzPublicHoliday);
        expect(days.length).toBe(10);
        for (const d of days) {
          expect(isoWeekday(d)).toBeLessThanOrEqual(5);
          expect(isNzPublicHoliday(d)).toBe(false);
          expect(d > today || lead === 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
