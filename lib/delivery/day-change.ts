/**
 * Who may move a booked delivery day, and until when (docs/delivery.md). Pure:
 * the order JSON (`delivery.change_until`, lib/orders/queries.ts) and the move itself
 * (./move.ts) ask the same rule.
 *
 * A two-person order that is pending or processing (not yet on its way, delivered or cancelled)
 * and has a booked day and window may move to another day until two working days before the
 * booked one (calendar.ts changeCutoff: weekends, public holidays and the zone's regional
 * anniversary day are not working days).
 */
import type { DeliveryServiceKind, DeliveryWindow, OrderStatus } from '@/db/statuses';
import { addDays, changeCutoff, formatDay, NO_HOLIDAYS, type HolidayRule } from './calendar';
import { BOOKS_A_DAY } from './quote';

export type DayChangeFacts = {
  status: OrderStatus;
  deliveryKind: DeliveryServiceKind | null;
  deliveryServiceId: number | null;
  deliveryDate: string | null;
  deliveryWindow: DeliveryWindow | null;
};

/** Statuses whose booked day may still move: the team has not left with the order. */
export const DAY_CHANGE_STATUSES: readonly OrderStatus[] = ['pending', 'processing'];

export const NOT_TWO_PERSON = 'Only a two-person delivery has a booked day that can be changed.';
export const SERVICE_GONE = 'This delivery service is no longer offered, so its day cannot be changed here. Please contact us.';
export const statusRefusal = (status: OrderStatus) => `This order is ${status.replace(/_/g, ' ')}; its delivery day can no longer be changed.`;
/** The too-late refusal names the cut-off: the first day changes are closed. */
export const tooLate = (day: string, cutoff: string) =>
  `The delivery day can be changed until two working days before delivery: for ${formatDay(day)} changes closed at the start of ${formatDay(cutoff)}. Please contact us if you need a different day.`;

export type DayChangeRefusal = { code: 'bad_request' | 'conflict'; message: string };

/**
 * Why the order's booked day cannot be moved on `today` (YYYY-MM-DD, shop time zone), or null
 * when it can. Not a two-person order (or one without a booked window) → 400; its status, a
 * deleted service or the cut-off → 409.
 */
export function dayChangeRefusal(order: DayChangeFacts, today: string, isHoliday: HolidayRule = NO_HOLIDAYS): DayChangeRefusal | null {
  if (!order.deliveryKind || !BOOKS_A_DAY(order.deliveryKind) || !order.deliveryDate || !order.deliveryWindow) return { code: 'bad_request', message: NOT_TWO_PERSON };
  if (!DAY_CHANGE_STATUSES.includes(order.status)) return { code: 'conflict', message: statusRefusal(order.status) };
  if (order.deliveryServiceId === null) return { code: 'conflict', message: SERVICE_GONE };
  const cutoff = changeCutoff(order.deliveryDate, isHoliday);
  if (today >= cutoff) return { code: 'conflict', message: tooLate(order.deliveryDate, cutoff) };
  return null;
}

/** The last day (YYYY-MM-DD) the booked day may still be changed, or null when it cannot be changed now. */
export function changeUntil(order: DayChangeFacts, today: string, isHoliday: HolidayRule = NO_HOLIDAYS): string | null {
  if (dayChangeRefusal(order, today, isHoliday)) return null;
  return addDays(changeCutoff(order.deliveryDate!, isHoliday), -1);
}
