/**
 * Delivery-day arithmetic on calendar dates (YYYY-MM-DD strings, the shop's time zone), pure
 * (docs/delivery.md). Lead days count working days only: Monday to Friday that are not
 * public holidays. The day offered is then the first day from there that the service runs (its ISO
 * weekdays, 1 = Monday … 7 = Sunday) and that is not a public holiday.
 */

/** A predicate for public holidays; the default knows none. */
export type HolidayRule = (ymd: string) => boolean;
export const NO_HOLIDAYS: HolidayRule = () => false;

const toUtc = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const toYmd = (d: Date) => d.toISOString().slice(0, 10);

/** The date `n` calendar days after `ymd`. */
export function addDays(ymd: string, n: number): string {
  const d = toUtc(ymd);
  d.setUTCDate(d.getUTCDate() + n);
  return toYmd(d);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(ymd: string): number {
  const day = toUtc(ymd).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Monday to Friday and not a public holiday. */
export const isWorkingDay = (ymd: string, isHoliday: HolidayRule = NO_HOLIDAYS) => isoWeekday(ymd) <= 5 && !isHoliday(ymd);

/** Today's date in a time zone (default: the shop's Pacific/Auckland). */
export function todayIn(timeZone = 'Pacific/Auckland', now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The earliest day a service can deliver (or have ready) an order placed on `today`: `leadDays`
 * working days after today, then the first day the service runs that is not a public holiday.
 * Null when the service runs on no weekday.
 */
export function earliestDay(today: string, leadDays: number, weekdays: number[], isHoliday: HolidayRule = NO_HOLIDAYS): string | null {
  const runs = new Set(weekdays.filter((d) => d >= 1 && d <= 7));
  if (runs.size === 0) return null;
  let day = today;
  for (let counted = 0; counted < leadDays; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day, isHoliday)) counted++;
  }
  // Within a year there is always a running day that is not a holiday.
  for (let i = 0; i < 366; i++, day = addDays(day, 1)) {
    if (runs.has(isoWeekday(day)) && !isHoliday(day) && (day !== today || leadDays === 0)) return day;
  }
  return null;
}

/**
 * The days a service can deliver, from its earliest day: the next `count` days it runs that are not
 * public holidays (weekends only when the service runs on them). [] when it runs on no weekday.
 */
export function offeredDays(today: string, leadDays: number, weekdays: number[], isHoliday: HolidayRule = NO_HOLIDAYS, count = 10): string[] {
  const first = earliestDay(today, leadDays, weekdays, isHoliday);
  if (!first) return [];
  const runs = new Set(weekdays);
  const days: string[] = [];
  for (let day = first, i = 0; days.length < count && i < 400; i++, day = addDays(day, 1)) {
    if (runs.has(isoWeekday(day)) && !isHoliday(day)) days.push(day);
  }
  return days;
}

/** Working days before a booked delivery day from which it can no longer be moved. */
export const CHANGE_NOTICE_WORKING_DAYS = 2;

/**
 * The day from which a booked delivery day can no longer be changed: two working days before it
 * (Thursday's delivery: Tuesday; Monday's: the Thursday before). The customer may change it on any
 * day before that one, i.e. while the delivery is more than two working days away.
 */
export function changeCutoff(day: string, isHoliday: HolidayRule = NO_HOLIDAYS): string {
  let cutoff = day;
  for (let counted = 0; counted < CHANGE_NOTICE_WORKING_DAYS; ) {
    cutoff = addDays(cutoff, -1);
    if (isWorkingDay(cutoff, isHoliday)) counted++;
  }
  return cutoff;
}

/** Whether a delivery booked for `day` may still be moved on `today` (both YYYY-MM-DD, shop time zone). */
export const canChangeDay = (today: string, day: string, isHoliday: HolidayRule = NO_HOLIDAYS) => today < changeCutoff(day, isHoliday);

/** A date for people, en-NZ: "Thu, 3 Dec 2026". */
export function formatDay(ymd: string): string {
  return new Intl.DateTimeFormat('en-NZ', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(toUtc(ymd));
}

/** The windows of a two-person delivery day, as told to customers. */
export const WINDOW_TEXT = { morning: 'morning (8am–12pm)', afternoon: 'afternoon (12pm–5pm)' } as const;

/**
 * The day line of a delivery: "Ready to collect from Thu, 3 Dec 2026" (click & collect), "Delivery on
 * Thu, 3 Dec 2026, morning (8am–12pm)" (a booked window) or "Earliest delivery Thu, 3 Dec 2026".
 */
export function deliveryDayText(d: { kind: string; date: string | null; window: keyof typeof WINDOW_TEXT | null }): string {
  if (!d.date) return '';
  if (d.kind === 'click_collect') return `Ready to collect from ${formatDay(d.date)}`;
  if (d.window) return `Delivery on ${formatDay(d.date)}, ${WINDOW_TEXT[d.window]}`;
  return `Earliest delivery ${formatDay(d.date)}`;
}
