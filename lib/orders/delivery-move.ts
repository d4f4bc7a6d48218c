/**
 * Moving a booked delivery day (docs/delivery.md): the days a two-person order
 * may move to, and the move itself. Owner-scoped: the order's customer or an administrator
 * (anyone else gets 404, as for GET /api/orders/{id}). Who may move and until when is
 * ./day-change.ts; the capacity rule is ./booking.ts's, so concurrent moves and orders never
 * over-book a window.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { deliveryServices, deliveryZones, orders, type DeliveryWindow, type Order } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { orderTarget } from '@/lib/orders/audit-snapshot';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailDeliveryDayChanged } from '@/lib/mail/events';
import { AppError, badRequest, conflict } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import type { OrderJson } from '@/lib/orders/mappers';
import { getOrder } from '@/lib/orders/queries';
import { lockOrder } from '@/lib/orders/service';
import { actorOf, recordEvent } from '@/lib/orders/history';
import { DAY_NOT_OFFERED, freeWindows, releaseSlot, takeSlot } from '@/lib/delivery/booking';
import type { DeliveryDaysJson } from '@/lib/delivery/contracts';
import { offeredDays, todayIn, type HolidayRule } from '@/lib/delivery/calendar';
import { changeUntil, dayChangeRefusal, SERVICE_GONE } from '@/lib/delivery/day-change';
import { holidaysOf } from '@/lib/delivery/holidays';

export const WINDOW_NOW_FULL = 'That window is now full — please pick another day';

type ServiceFacts = { id: number; leadDays: number; weekdays: number[]; active: boolean; region: string | null };

/** The order's service with its zone's region (null when the service was deleted). */
async function serviceOf(executor: Executor, order: Order): Promise<ServiceFacts | null> {
  if (order.deliveryServiceId === null) return null;
  const [row] = await executor
    .select({ id: deliveryServices.id, leadDays: deliveryServices.leadDays, weekdays: deliveryServices.weekdays, active: deliveryServices.active, region: deliveryZones.region })
    .from(deliveryServices)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryServices.zoneId))
    .where(eq(deliveryServices.id, order.deliveryServiceId));
  return row ?? null;
}

/** Today in the shop, the order's service and the holidays of its zone; throws the refusal when its day cannot move now. */
async function movable(executor: Executor, order: Order): Promise<{ today: string; service: ServiceFacts; isHoliday: HolidayRule }> {
  const today = todayIn((await getShopSettings(executor)).timeZone);
  const service = await serviceOf(executor, order);
  const isHoliday = holidaysOf(service?.region);
  const refusal = dayChangeRefusal(order, today, isHoliday);
  if (refusal) throw new AppError(refusal.code, refusal.message);
  if (!service || !service.active) throw conflict(SERVICE_GONE);
  return { today, service, isHoliday };
}

/**
 * GET /api/orders/{id}/delivery: the booked day and window, the last day it may be changed, and
 * the days (with their windows that have room) it may move to — the calendar the order
 * confirmation offers for the same service and zone today.
 * @throws 401; 404 not the actor's order; 400 not a two-person order; 409 too late, or its status
 *   or service no longer allows a change (message says why).
 */
export async function deliveryDaysOf(actor: SessionUser | null, orderId: number): Promise<DeliveryDaysJson> {
  authorize(actor, 'user');
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (actor.isAdmin) authorize(actor, 'orders.read');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (!actor.isAdmin && order.userId !== actor.id)) throw new AppError('not_found', 'Order not found.');
  const { today, service, isHoliday } = await movable(db, order);
  const days = await freeWindows(db, service.id, offeredDays(today, service.leadDays, service.weekdays, isHoliday));
  return { order_id: orderId, date: order.deliveryDate!, window: order.deliveryWindow!, change_until: changeUntil(order, today, isHoliday)!, days };
}

/**
 * Takes the new window before or after giving the old one back, always in the same (day, window)
 * order, so two moves crossing between the same windows lock them alike and never deadlock.
 */
async function swapSlots(tx: Tx, order: Order, serviceId: number, date: string, window: DeliveryWindow) {
  const take = () => takeSlot(tx, serviceId, date, window, WINDOW_NOW_FULL);
  const release = () => releaseSlot(tx, order);
  if (`${date}|${window}` < `${order.deliveryDate}|${order.deliveryWindow}`) {
    await take();
    await release();
  } else {
    await release();
    await take();
  }
}

/**
 * PATCH /api/orders/{id}/delivery {date, window}: moves the order's booked delivery to another
 * offered day and window, in one transaction — the order row locked, the new window taken under
 * booking.ts's capacity rule, the old one given back, the order's day and window updated and the
 * "Your delivery day has changed" e-mail written to the outbox. The same day and window again
 * changes nothing (and writes no e-mail).
 * @returns the order as GET /api/orders/{id} answers it.
 * @throws 401; 404 not the actor's order; 400 not a two-person order, or a day the service does
 *   not offer; 409 too late (the message names the cut-off), its status or service no longer
 *   allows a change, or the window is full ("That window is now full — please pick another day").
 */
export async function moveDeliveryDay(actor: SessionUser | null, orderId: number, to: { date: string; window: DeliveryWindow }): Promise<OrderJson> {
  authorize(actor, 'user');
  // Staff move any order's delivery only with orders.fulfil.
  if (actor.isAdmin) authorize(actor, 'orders.fulfil');
  const moved = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, actor.isAdmin ? undefined : actor.id);
    const { today, service, isHoliday } = await movable(tx, order);
    if (order.deliveryDate === to.date && order.deliveryWindow === to.window) return false;
    if (!offeredDays(today, service.leadDays, service.weekdays, isHoliday).includes(to.date)) throw badRequest(DAY_NOT_OFFERED);
    await swapSlots(tx, order, service.id, to.date, to.window);
    await tx.update(orders).set({ deliveryDate: to.date, deliveryWindow: to.window, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recordEvent(tx, { orderId, kind: 'delivery_day', ...actorOf(actor), note: `${to.date} ${to.window}` });
    await mailDeliveryDayChanged(tx, orderId, { date: order.deliveryDate!, window: order.deliveryWindow });
    // A staff member's move is theirs to answer for; the customer's own is in the order's history.
    if (actor.isAdmin) {
      await recordAudit(tx, actor, { action: 'order.delivery_move', target: orderTarget(orderId), before: { deliveryDate: order.deliveryDate, deliveryWindow: order.deliveryWindow }, after: { deliveryDate: to.date, deliveryWindow: to.window } });
    }
    return true;
  });
  if (moved) kickDelivery();
  return getOrder(actor, orderId);
}
