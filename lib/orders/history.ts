/**
 * An order's history (docs/orders.md "Order history"): the order placed, each status change,
 * payment, refund, message and delivery day move, who made it (a staff member, the customer or the
 * shop itself) and when. Every change writes its entry with recordEvent() in the change's own
 * transaction, so the history never tells of a change that rolled back, nor misses one that
 * committed. orderHistory() reads it for the back office (staff words, every entry) and for My
 * Orders (customer words; what happened inside the shop only — a failed refund attempt — left out).
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { orderEvents, orders, users, type NewOrderEvent, type OrderEvent, type OrderEventActor, type OrderStatus } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { formatDay, WINDOW_TEXT } from '@/lib/delivery/calendar';
import { formatMoney, toDecimal } from '@/lib/money';
import { notFound } from '@/lib/server/errors';
import type { OrderEventJson, OrderHistoryJson } from './history-contracts';
import { statusLabel } from './rules';

/** Who made a change: the signed-in user (an administrator is staff), or the shop itself (null). */
export const actorOf = (user: Pick<SessionUser, 'id' | 'isAdmin'> | null): { actor: OrderEventActor; actorUserId: number | null } =>
  user === null ? { actor: 'system', actorUserId: null } : { actor: user.isAdmin ? 'staff' : 'customer', actorUserId: user.id };

/** Writes one history entry in the change's transaction `tx`. */
export async function recordEvent(tx: Tx, event: NewOrderEvent): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

type Audience = 'staff' | 'customer';
type Words = { text: string; note?: string | null; noteLabel?: string } | null;

/** A status change as the customer reads it. */
function customerStatusWords(e: OrderEvent): string {
  const to = e.toStatus as OrderStatus;
  if (to === 'cancelled') return e.actor === 'customer' ? 'You cancelled this order.' : e.actor === 'system' ? 'This order was cancelled: it was not paid in time.' : 'We cancelled this order.';
  if (e.fromStatus === 'cancelled') return to === 'pending' ? 'We re-opened this order. It is waiting for your payment.' : 'We re-opened this order and are preparing it.';
  const words: Record<OrderStatus, string> = {
    pending: 'Your order is waiting for payment.',
    processing: e.fromStatus === 'pending' ? 'We are preparing your order.' : 'Your order is back with us and being prepared.',
    shipped: 'Your order is on its way.',
    delivered: 'Your order was delivered.',
    ready_for_collection: 'Your order is ready for collection.',
    collected: 'You collected your order.',
    cancelled: '',
  };
  return words[to];
}

/** An entry in the reader's words; null when the reader does not see it. */
function wordsOf(e: OrderEvent, audience: Audience, currency: string): Words {
  const money = e.amount === null ? '' : formatMoney(toDecimal(e.amount), currency);
  const staff = audience === 'staff';
  switch (e.kind) {
    case 'placed':
      return { text: staff ? `Order placed (${money}).` : 'You placed this order.' };
    case 'status':
      if (staff) return { text: e.fromStatus ? `Status ${statusLabel(e.fromStatus)} → ${statusLabel(e.toStatus!)}.` : `Status ${statusLabel(e.toStatus!)}.` };
      return { text: customerStatusWords(e) };
    case 'paid':
      return { text: staff ? `Payment of ${money} received.` : `We received your payment of ${money}.` };
    case 'refund_requested':
      return { text: staff ? `Refund of ${money} started.` : `We started a refund of ${money}.`, note: e.note, noteLabel: staff ? 'Reason (shown to the customer)' : 'Reason' };
    case 'refunded':
      return { text: staff ? `Refund of ${money} made.` : `We refunded ${money} to you.`, note: e.note, noteLabel: staff ? 'Reason (shown to the customer)' : 'Reason' };
    case 'refund_failed':
      return staff ? { text: `Refund of ${money} failed at the payment gateway.`, note: e.note, noteLabel: 'Gateway message' } : null;
    case 'sales_message':
      return { text: staff ? 'Message to the customer changed.' : 'We left you a message.', note: e.note, noteLabel: 'Message' };
    case 'delivery_day': {
      const [day, window] = (e.note ?? '').split(' ');
      const when = day ? `${formatDay(day)}${window && window in WINDOW_TEXT ? `, ${WINDOW_TEXT[window as keyof typeof WINDOW_TEXT]}` : ''}` : '';
      return { text: staff ? `Delivery day moved to ${when}.` : `Your delivery day changed to ${when}.` };
    }
  }
}

/**
 * GET /api/orders/{id}/history — the order's history, oldest first, in the reader's words: an
 * administrator reads every entry in staff words with who made it; the order's customer reads
 * customer words ("We refunded $120.00 to you." with the refund's reason), never a staff member's
 * name nor a failed refund attempt.
 * @throws 401 signed out; 404 unknown order or someone else's.
 */
export async function orderHistory(actor: SessionUser | null, orderId: number): Promise<OrderHistoryJson> {
  authorize(actor, 'user');
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (actor.isAdmin) authorize(actor, 'orders.read');
  const [order] = await db.select({ userId: orders.userId, currency: orders.currency }).from(orders).where(eq(orders.id, orderId));
  if (!order || (!actor.isAdmin && order.userId !== actor.id)) throw notFound('Order not found.');
  const rows = await db
    .select({ event: orderEvents, by: users.userName })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const audience: Audience = actor.isAdmin ? 'staff' : 'customer';
  const events: OrderEventJson[] = [];
  for (const { event, by } of rows) {
    const words = wordsOf(event, audience, order.currency);
    if (!words || !words.text) continue;
    events.push({
      event_id: event.id,
      at: event.createdAt.toISOString(),
      kind: event.kind,
      actor: event.actor,
      by: audience === 'staff' ? (by ?? null) : null,
      text: words.text,
      note: words.note ?? null,
      note_label: words.note ? (words.noteLabel ?? null) : null,
    });
  }
  return { order_id: orderId, events };
}
