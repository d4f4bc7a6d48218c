/**
 * Delivery days (lib/delivery/calendar.ts, holidays.ts): lead days count
 * working days, and a weekend or a New Zealand public holiday is never offered to a Monday–Friday service.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canChangeDay, changeCutoff, earliestDay, isoWeekday, offeredDays } from '@/lib/delivery/calendar';
import { changeUntil, dayChangeRefusal } from '@/lib/delivery/day-change';
import { holidaysOf, isNzPublicHoliday, NZ_PUBLIC_HOLIDAYS, NZ_REGIONAL_HOLIDAYS } from '@/lib/delivery/holidays';
import { NZ_REGION_CODES } from '@/lib/delivery/regions';

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

  test('regional anniversary days: Auckland Anniversary 2027 (Mon 1 Feb) is never offered in an Auckland zone but is in Wellington; Wellington Anniversary (Mon 25 Jan) the other way round', () => {
    const auckland = holidaysOf('AUK');
    const wellington = holidaysOf('WGN');
    expect(auckland('2027-02-01')).toBe(true);
    expect(wellington('2027-02-01')).toBe(false);
    expect(wellington('2027-01-25')).toBe(true);
    expect(auckland('2027-01-25')).toBe(false);
    // Wednesday 20 January 2027, three working days of lead.
    const inAuckland = offeredDays('2027-01-20', 3, WEEKDAYS, auckland);
    const inWellington = offeredDays('2027-01-20', 3, WEEKDAYS, wellington);
    expect(inAuckland).toContain('2027-01-25');
    expect(inAuckland).not.toContain('2027-02-01');
    expect(inWellington).toContain('2027-02-01');
    expect(inWellington).not.toContain('2027-01-25');
    // Lead days skip the regional day too: Wellington's third working day is Tuesday 26th, Auckland's Monday 25th.
    expect(earliestDay('2027-01-20', 3, WEEKDAYS, wellington)).toBe('2027-01-26');
    expect(earliestDay('2027-01-20', 3, WEEKDAYS, auckland)).toBe('2027-01-25');
    // No region (a zone spanning several): national holidays only; Christchurch Show Day for Canterbury.
    expect(holidaysOf(null)('2027-02-01')).toBe(false);
    expect(holidaysOf('CAN')('2027-11-12')).toBe(true);
  });

  test('every region has its anniversary day in each year 2026–2030, and no region of a zone is ever offered on it', () => {
    for (const code of NZ_REGION_CODES) expect(NZ_REGIONAL_HOLIDAYS.get(code)?.map((d) => d.slice(0, 4))).toEqual(['2026', '2027', '2028', '2029', '2030']);
    const day = fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-11-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 10 }), fc.constantFrom(...NZ_REGION_CODES), (today, lead, region) => {
        for (const d of offeredDays(today, lead, WEEKDAYS, holidaysOf(region))) expect(NZ_REGIONAL_HOLIDAYS.get(region)).not.toContain(d);
      }),
      { numRuns: 300 },
    );
  });

  test('a booked day can be changed until two working days before it, weekends and (regional) holidays not counted', () => {
    expect(changeCutoff('2027-03-04')).toBe('2027-03-02');
    expect(canChangeDay('2027-03-01', '2027-03-04')).toBe(true);
    expect(canChangeDay('2027-03-02', '2027-03-04')).toBe(false);
    // Monday's cut-off is the Thursday before; the Tuesday after Easter 2027 (Good Friday 26, Easter Monday 29 March): Wednesday 24th.
    expect(changeCutoff('2027-03-08')).toBe('2027-03-04');
    expect(changeCutoff('2027-03-30', isNzPublicHoliday)).toBe('2027-03-24');
    // A regional day is not a working day either: Wednesday 27 January 2027 in Wellington (Monday 25th is its anniversary) → Friday 22nd; in Auckland Monday 25th.
    expect(changeCutoff('2027-01-27', holidaysOf('WGN'))).toBe('2027-01-22');
    expect(changeCutoff('2027-01-27', holidaysOf('AUK'))).toBe('2027-01-25');

    const order = { status: 'processing' as const, deliveryKind: 'two_person' as const, deliveryServiceId: 1, deliveryDate: '2027-03-04', deliveryWindow: 'morning' as const };
    expect(changeUntil(order, '2027-02-20')).toBe('2027-03-01');
    expect(changeUntil(order, '2027-03-02')).toBeNull();
    expect(dayChangeRefusal(order, '2027-03-02')).toMatchObject({ code: 'conflict', message: expect.stringContaining('Tue, 2 Mar 2027') });
    expect(dayChangeRefusal({ ...order, status: 'shipped' }, '2027-02-20')).toMatchObject({ code: 'conflict' });
    expect(dayChangeRefusal({ ...order, deliveryKind: 'courier', deliveryWindow: null }, '2027-02-20')).toMatchObject({ code: 'bad_request' });
  });
});
