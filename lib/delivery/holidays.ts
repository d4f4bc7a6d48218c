/**
 * New Zealand public holidays (docs/delivery.md): the national ones, Mondayised
 * substitute days included, and each region's anniversary day (Christchurch Show Day for
 * Canterbury), 2026–2030, generated with the date-holidays library (3.37.0, country NZ, type
 * public; `new Holidays('NZ', region)` for a region's days that are not national ones) and shipped
 * as data so the shop needs no extra dependency at run time. Extend the lists before 2031 (docs/delivery.md
 * says how).
 */
import type { HolidayRule } from './calendar';
import type { NzRegion } from './regions';

export const NZ_PUBLIC_HOLIDAYS: ReadonlyMap<string, string> = new Map([
  ["2026-01-01", "New Year's Day"],
  ["2026-01-02", "Day after New Year's Day"],
  ["2026-02-06", "Waitangi Day"],
  ["2026-04-03", "Good Friday"],
  ["2026-04-06", "Easter Monday"],
  ["2026-04-25", "ANZAC Day"],
  ["2026-04-27", "ANZAC Day (substitute day)"],
  ["2026-06-01", "King's Birthday"],
  ["2026-07-10", "Matariki"],
  ["2026-10-26", "Labour Day"],
  ["2026-12-25", "Christmas Day"],
  ["2026-12-26", "Boxing Day"],
  ["2026-12-28", "Boxing Day (substitute day)"],
  ["2027-01-01", "New Year's Day"],
  ["2027-01-02", "Day after New Year's Day"],
  ["2027-01-04", "Day after New Year's Day (substitute day)"],
  ["2027-02-06", "Waitangi Day"],
  ["2027-02-08", "Waitangi Day (substitute day)"],
  ["2027-03-26", "Good Friday"],
  ["2027-03-29", "Easter Monday"],
  ["2027-04-25", "ANZAC Day"],
  ["2027-04-26", "ANZAC Day (substitute day)"],
  ["2027-06-07", "King's Birthday"],
  ["2027-06-25", "Matariki"],
  ["2027-10-25", "Labour Day"],
  ["2027-12-25", "Christmas Day"],
  ["2027-12-26", "Boxing Day"],
  ["2027-12-27", "Christmas Day (substitute day)"],
  ["2027-12-28", "Boxing Day (substitute day)"],
  ["2028-01-01", "New Year's Day"],
  ["2028-01-02", "Day after New Year's Day"],
  ["2028-01-03", "New Year's Day (substitute day)"],
  ["2028-01-04", "Day after New Year's Day (substitute day)"],
  ["2028-02-06", "Waitangi Day"],
  ["2028-02-07", "Waitangi Day (substitute day)"],
  ["2028-04-14", "Good Friday"],
  ["2028-04-17", "Easter Monday"],
  ["2028-04-25", "ANZAC Day"],
  ["2028-06-05", "King's Birthday"],
  ["2028-07-14", "Matariki"],
  ["2028-10-23", "Labour Day"],
  ["2028-12-25", "Christmas Day"],
  ["2028-12-26", "Boxing Day"],
  ["2029-01-01", "New Year's Day"],
  ["2029-01-02", "Day after New Year's Day"],
  ["2029-02-06", "Waitangi Day"],
  ["2029-03-30", "Good Friday"],
  ["2029-04-02", "Easter Monday"],
  ["2029-04-25", "ANZAC Day"],
  ["2029-06-04", "King's Birthday"],
  ["2029-07-06", "Matariki"],
  ["2029-10-22", "Labour Day"],
  ["2029-12-25", "Christmas Day"],
  ["2029-12-26", "Boxing Day"],
  ["2030-01-01", "New Year's Day"],
  ["2030-01-02", "Day after New Year's Day"],
  ["2030-02-06", "Waitangi Day"],
  ["2030-04-19", "Good Friday"],
  ["2030-04-22", "Easter Monday"],
  ["2030-04-25", "ANZAC Day"],
  ["2030-06-03", "King's Birthday"],
  ["2030-06-21", "Matariki"],
  ["2030-10-28", "Labour Day"],
  ["2030-12-25", "Christmas Day"],
  ["2030-12-26", "Boxing Day"],
]);

/** Each region's anniversary day (the day it observes, ./regions.ts), 2026–2030: the days of that region that are not national holidays. */
export const NZ_REGIONAL_HOLIDAYS: ReadonlyMap<NzRegion, readonly string[]> = new Map<NzRegion, readonly string[]>([
  ["AUK", ["2026-01-26", "2027-02-01", "2028-01-31", "2029-01-29", "2030-01-28"]],
  ["BOP", ["2026-01-26", "2027-02-01", "2028-01-31", "2029-01-29", "2030-01-28"]],
  ["CAN", ["2026-11-13", "2027-11-12", "2028-11-17", "2029-11-16", "2030-11-15"]],
  ["CIT", ["2026-11-30", "2027-11-29", "2028-11-27", "2029-12-03", "2030-12-02"]],
  ["GIS", ["2026-01-26", "2027-02-01", "2028-01-31", "2029-01-29", "2030-01-28"]],
  ["HKB", ["2026-10-23", "2027-10-22", "2028-10-20", "2029-10-19", "2030-10-25"]],
  ["MBH", ["2026-11-02", "2027-11-01", "2028-10-30", "2029-10-29", "2030-11-04"]],
  ["MWT", ["2026-01-19", "2027-01-25", "2028-01-24", "2029-01-22", "2030-01-21"]],
  ["NSN", ["2026-02-02", "2027-02-01", "2028-01-31", "2029-01-29", "2030-02-04"]],
  ["NTL", ["2026-01-26", "2027-02-01", "2028-01-31", "2029-01-29", "2030-01-28"]],
  ["OTA", ["2026-03-23", "2027-03-22", "2028-03-20", "2029-03-26", "2030-03-25"]],
  ["STL", ["2026-04-07", "2027-03-30", "2028-04-18", "2029-04-03", "2030-04-23"]],
  ["TAS", ["2026-02-02", "2027-02-01", "2028-01-31", "2029-01-29", "2030-02-04"]],
  ["TKI", ["2026-03-09", "2027-03-08", "2028-03-13", "2029-03-12", "2030-03-11"]],
  ["WKO", ["2026-01-26", "2027-02-01", "2028-01-31", "2029-01-29", "2030-01-28"]],
  ["WGN", ["2026-01-19", "2027-01-25", "2028-01-24", "2029-01-22", "2030-01-21"]],
  ["WTC", ["2026-11-30", "2027-11-29", "2028-12-04", "2029-12-03", "2030-12-02"]],
]);

/** Whether a date (YYYY-MM-DD) is a New Zealand national public holiday. */
export const isNzPublicHoliday: HolidayRule = (ymd) => NZ_PUBLIC_HOLIDAYS.has(ymd);

/**
 * The holidays a zone's deliveries skip: the national ones and, when the zone has a region, that
 * region's anniversary day. A zone without a region (one spanning several) skips national ones only.
 */
export function holidaysOf(region: string | null | undefined): HolidayRule {
  const regional = NZ_REGIONAL_HOLIDAYS.get(region as NzRegion);
  if (!regional) return isNzPublicHoliday;
  return (ymd) => NZ_PUBLIC_HOLIDAYS.has(ymd) || regional.includes(ymd);
}
