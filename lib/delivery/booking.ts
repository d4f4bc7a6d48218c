/**
 * Delivery days of two-person services (docs/delivery.md): which windows of the
 * offered days still have room, taking one atomically when an order is placed, and giving it back
 * when the order is cancelled, expires or is deleted; ./move.ts moves a booking to another day.
 *
 * A booking is a row of `delivery_slots` (service, day, window) counting its orders. Taking one is a
 * single conditional UPDATE — `booked = booked + 1 WHERE booked < the service's capacity` — so
 * concurrent orders for the last places of a window get exactly as many bookings as there are
 * places (PostgreSQL re-checks the condition on the row a concurrent booking just changed); the
 * others are refused with 409 and their order is not written.
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { DELIVERY_WINDOWS, deliveryServices, deliverySlots, type DeliveryWindow } from '@/db/schema';
import { badRequest, conflict } from '@/lib/server/errors';

export const WINDOW_FULL = 'That delivery window is fully booked. Please pick another day or window.';
export const DAY_NOT_OFFERED = 'Please choose one of the delivery days offered for this service.';
export const NO_DAY_FREE = 'Every delivery day offered for this service is fully booked. Please choose another service or try again later.';

export type FreeDay = { date: string; windows: DeliveryWindow[] };

/** The windows of `days` that still have room for the service (capacity null: all); days with none are left out. */
export async function freeWindows(executor: Executor, serviceId: number, days: string[]): Promise<FreeDay[]> {
  if (days.length === 0) return [];
  const [service] = await executor.select({ capacity: deliveryServices.capacityPerWindow }).from(deliveryServices).where(eq(deliveryServices.id, serviceId));
  const capacity = service?.capacity ?? null;
  const rows = capacity === null ? [] : await executor.select().from(deliverySlots).where(and(eq(deliverySlots.serviceId, serviceId), inArray(deliverySlots.day, days)));
  const booked = new Map(rows.map((r) => [`${r.day}|${r.window}`, r.booked]));
  return days
    .map((date) => ({ date, windows: DELIVERY_WINDOWS.filter((w) => capacity === null || (booked.get(`${date}|${w}`) ?? 0) < capacity) }))
    .filter((d) => d.windows.length > 0);
}

/** Takes one place in the window for the order being written (or moved) in `tx`. @throws 409 `full` (default WINDOW_FULL). */
export async function takeSlot(tx: Tx, serviceId: number, day: string, window: DeliveryWindow, full: string = WINDOW_FULL): Promise<void> {
  await tx.insert(deliverySlots).values({ serviceId, day, window, booked: 0 }).onConflictDoNothing();
  const taken = await tx
    .update(deliverySlots)
    .set({ booked: sql`${deliverySlots.booked} + 1` })
    .where(
      and(
        eq(deliverySlots.serviceId, serviceId),
        eq(deliverySlots.day, day),
        eq(deliverySlots.window, window),
        sql`${deliverySlots.booked} < coalesce((SELECT ${deliveryServices.capacityPerWindow} FROM ${deliveryServices} WHERE ${deliveryServices.id} = ${serviceId}), 2147483647)`,
      ),
    )
    .returning({ booked: deliverySlots.booked });
  if (taken.length === 0) throw conflict(full);
}

/** Gives an order's booking back (nothing when it has none: not a two-person order, or placed before delivery days were booked). */
export async function releaseSlot(tx: Tx, order: { deliveryServiceId: number | null; deliveryDate: string | null; deliveryWindow: DeliveryWindow | null }): Promise<void> {
  if (order.deliveryServiceId === null || order.deliveryDate === null || order.deliveryWindow === null) return;
  await tx
    .update(deliverySlots)
    .set({ booked: sql`greatest(${deliverySlots.booked} - 1, 0)` })
    .where(and(eq(deliverySlots.serviceId, order.deliveryServiceId), eq(deliverySlots.day, order.deliveryDate), eq(deliverySlots.window, order.deliveryWindow)));
}

/**
 * The day and window an order books: the customer's choice, which must be one of the offered days
 * (window default morning), or else the first window with room. @throws 400 DAY_NOT_OFFERED; 409 NO_DAY_FREE.
 */
export function chooseSlot(offered: string[], free: FreeDay[], choice: { date?: string; window?: DeliveryWindow }): { day: string; window: DeliveryWindow } {
  if (choice.date) {
    if (!offered.includes(choice.date)) throw badRequest(DAY_NOT_OFFERED);
    return { day: choice.date, window: choice.window ?? 'morning' };
  }
  const first = free[0];
  if (!first) throw conflict(NO_DAY_FREE);
  return { day: first.date, window: first.windows[0] };
}
