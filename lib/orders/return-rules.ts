/**
 * The return rules, in one place (docs/refunds-and-returns.md), beside the order rules
 * of ./rules.ts. Pure and browser-safe: the pages and the services read the same rule.
 *
 *   requested ──(administrator: approve)──▶ approved ──(administrator: received)──▶ received ──(administrator: refund)──▶ refunded
 *       └──────(administrator: decline, with a message)──▶ declined
 *
 * - A customer asks (a new return is `requested`) for their own delivered, paid order within the
 *   return window (settings return_window_days, counted from delivery) — mayRequestReturn().
 * - Only an administrator moves a return on, one step at a time, as drawn; declined and refunded
 *   are final. Refunding goes through the refund service (lib/orders/refunds.ts createRefund, with
 *   restock): the return becomes `refunded` when that refund succeeds.
 */
import type { OrderStatus, PaymentStatus, ReturnStatus } from '@/db/statuses';
import { isHandedOver, type UserActor } from './rules';

/** Where each state may go next (administrators only). */
export const RETURN_MOVES: Record<ReturnStatus, ReturnStatus[]> = {
  requested: ['approved', 'declined'],
  approved: ['received'],
  declined: [],
  received: ['refunded'],
  refunded: [],
};

export type ReturnRefusal = { refused: { code: 'forbidden' | 'not_found' | 'conflict'; message: string } };

const refuse = (code: ReturnRefusal['refused']['code'], message: string): ReturnRefusal => ({ refused: { code, message } });

const STATE_WORDS: Record<ReturnStatus, string> = {
  requested: 'waiting for a decision',
  approved: 'approved',
  declined: 'declined',
  received: 'received',
  refunded: 'refunded',
};

/**
 * Whether `actor` may move a return from `from` to `to`.
 * @returns null when allowed; else the refusal: 404 a customer's look at someone else's return,
 *   403 a customer moving any return, 409 a move the diagram does not have (with the reason).
 */
export function returnTransition(ret: { status: ReturnStatus; userId: number }, to: ReturnStatus, actor: UserActor): ReturnRefusal | null {
  if (!actor.isAdmin) return ret.userId === actor.id ? refuse('forbidden', 'Administrators only.') : refuse('not_found', 'Return not found.');
  if (ret.status === to) return refuse('conflict', `This return is already ${STATE_WORDS[to]}.`);
  if (!RETURN_MOVES[ret.status].includes(to)) {
    const next = RETURN_MOVES[ret.status];
    return refuse('conflict', `This return is ${STATE_WORDS[ret.status]}${next.length ? `; it can only be ${next.map((s) => STATE_WORDS[s]).join(' or ')} next` : ' and cannot change any more'}.`);
  }
  return null;
}

/** The states in which a return still counts units as going back (every state but declined). */
export const RETURN_HOLDS_UNITS: ReturnStatus[] = ['requested', 'approved', 'received', 'refunded'];

/** The open states an administrator still has to act on (the queue's default tab). */
export const RETURN_OPEN: ReturnStatus[] = ['requested', 'approved', 'received'];

/** When the return window of a delivered order closes: delivered (else last updated) + `windowDays` days. */
export const returnWindowEnds = (order: { deliveredAt: Date | null; updatedAt: Date }, windowDays: number) => new Date((order.deliveredAt ?? order.updatedAt).getTime() + windowDays * 86_400_000);

/**
 * Whether a customer may ask to return items of `order` at `now`: their own, delivered, paid (in
 * part refunded is fine) and within `windowDays` of delivery.
 * @returns null when they may; else the refusal (404 not theirs, 409 with the reason).
 */
export function mayRequestReturn(
  order: { userId: number; status: OrderStatus; paymentStatus: PaymentStatus; deliveredAt: Date | null; updatedAt: Date },
  actor: UserActor,
  windowDays: number,
  now: Date,
): ReturnRefusal | null {
  if (order.userId !== actor.id) return refuse('not_found', 'Order not found.');
  if (!isHandedOver(order.status)) return refuse('conflict', 'Items can be returned once the order has been delivered.');
  if (order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded') return refuse('conflict', order.paymentStatus === 'refunded' ? 'This order has already been refunded in full.' : 'This order has not been paid.');
  if (returnWindowEnds(order, windowDays).getTime() < now.getTime()) return refuse('conflict', `The ${windowDays}-day return window for this order has closed. If an item is faulty, please contact us: the Consumer Guarantees Act still applies.`);
  return null;
}
