/**
 * The order rules, in one place (docs/architecture.md "Order status"): the statuses, when
 * an order is still open for its customer, and who may move an order from which status to which,
 * with what effect on stock — a customer, an administrator, or the shop itself when an unpaid
 * order's hold runs out (docs/orders.md). Pure and browser-safe (no database; the status vocabularies come from db/statuses.ts,
 * beside the schema), so forms and services read the same lists and the same rule.
 */

export { HANDED_OVER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, isHandedOver, type OrderStatus, type PaymentStatus, type PaymentType } from '@/db/statuses';
import type { OrderStatus, PaymentStatus } from '@/db/statuses';

/**
 * An order its customer may still cancel or pay: pending and unpaid. Services build their SQL
 * filter from these two values (lib/orders/queries.ts openForCustomerSql), so the rule is stated once.
 */
export const OPEN_FOR_CUSTOMER = { status: 'pending', paymentStatus: 'unpaid' } as const satisfies { status: OrderStatus; paymentStatus: PaymentStatus };

/** Whether a customer may still cancel or pay the order. */
export const isOpenForCustomer = (o: { status: OrderStatus; paymentStatus: PaymentStatus }) =>
  o.status === OPEN_FOR_CUSTOMER.status && o.paymentStatus === OPEN_FOR_CUSTOMER.paymentStatus;

/** The click & collect statuses: only an order whose delivery is click & collect may take them. */
export const COLLECTION_STATUSES = ['ready_for_collection', 'collected'] as const satisfies readonly OrderStatus[];
export const NOT_CLICK_AND_COLLECT = 'Only click & collect orders can be ready for collection or collected.';

/** A signed-in user (lib/auth SessionUser fits). */
export type UserActor = { id: number; isAdmin: boolean };

/**
 * The shop itself, acting on no one's request: `expiry` cancels a pending unpaid order whose hold
 * ran out (lib/orders/expiry.ts). `now` is the moment it judges the hold by.
 */
export type SystemActor = { system: 'expiry'; now: Date };

/** Who asks: a signed-in user, or the shop itself. */
export type OrderActor = UserActor | SystemActor;

/** Whether the actor is the shop itself (not a person). */
export const isSystemActor = (actor: OrderActor): actor is SystemActor => 'system' in actor;

/** What transition() needs to know about the order. */
export type OrderFacts = {
  userId: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** A payment of it succeeded or was refunded (only consulted when deleting). */
  hasCapturedPayment?: boolean;
  /** Until when an unpaid order holds its stock; null or absent: no time limit (only consulted by expiry). */
  holdExpiresAt?: Date | null;
  /** A payment attempt is being charged right now (status pending; only consulted by expiry). */
  paymentInProgress?: boolean;
  /** The order's delivery service kind (null for orders placed before delivery services existed): click & collect statuses need 'click_collect'. */
  deliveryKind?: string | null;
};

/** A status, or 'deleted': the order row is erased (administrators only). */
export type OrderTarget = OrderStatus | 'deleted';

/**
 * The effect of an allowed move on stock: `return` the order's units to the shelves, `reserve`
 * them again (may fail when the shelves are short), or `none`. `stopPayments`: unfinished payment
 * attempts must fail, the order will not be paid.
 */
export type TransitionEffect = { stock: 'return' | 'reserve' | 'none'; stopPayments: boolean };

/** A refused move: the error code (→ HTTP status, lib/server/errors.ts STATUS) and the message to show. */
export type TransitionRefusal = { refused: { code: 'forbidden' | 'not_found' | 'conflict'; message: string } };

export type Transition = TransitionEffect | TransitionRefusal | null;

const refuse = (code: TransitionRefusal['refused']['code'], message: string): TransitionRefusal => ({ refused: { code, message } });

/** A customer's only move: cancelling their own pending, unpaid order. */
function customerMove(order: OrderFacts, to: OrderTarget, actor: UserActor): Transition {
  if (order.userId !== actor.id) return refuse('not_found', 'Order not found.');
  if (to !== 'cancelled') return refuse('forbidden', 'Administrators only.');
  if (order.status === 'cancelled') return refuse('conflict', 'This order has already been cancelled.');
  if (order.paymentStatus !== 'unpaid') return refuse('conflict', 'This order has been paid and can no longer be cancelled. Please contact us about a refund.');
  if (order.status !== 'pending') return refuse('conflict', `This order is already ${order.status} and can no longer be cancelled.`);
  return { stock: 'return', stopPayments: true };
}

/**
 * An administrator may set any status (spec §4), except that ready_for_collection and collected
 * belong to click & collect orders only. A cancelled order never holds stock, so
 * cancelling returns it and re-opening reserves it again. Only an order nobody paid may be erased;
 * a cancelled one already gave its stock back.
 */
function adminMove(order: OrderFacts, to: OrderTarget): Transition {
  const cancelled = order.status === 'cancelled';
  if (to === 'deleted') {
    if (order.paymentStatus === 'refunded') return refuse('conflict', 'A refunded order is kept for the finance records and cannot be deleted.');
    if (order.paymentStatus === 'partially_refunded') return refuse('conflict', 'A partly refunded order is kept for the finance records and cannot be deleted.');
    if (order.paymentStatus === 'paid' || order.hasCapturedPayment) return refuse('conflict', 'A paid order cannot be deleted; refund it first.');
    return { stock: cancelled ? 'none' : 'return', stopPayments: false };
  }
  if (to === order.status) return null;
  if ((COLLECTION_STATUSES as readonly string[]).includes(to) && order.deliveryKind !== 'click_collect') return refuse('conflict', NOT_CLICK_AND_COLLECT);
  if (to === 'cancelled') return { stock: 'return', stopPayments: true };
  return { stock: cancelled ? 'reserve' : 'none', stopPayments: false };
}

/** Whether an unpaid order's hold has run out at `now` (an order without a hold never runs out). */
export const holdHasRunOut = (order: Pick<OrderFacts, 'holdExpiresAt'>, now: Date) => order.holdExpiresAt != null && order.holdExpiresAt.getTime() <= now.getTime();

/**
 * Expiry's only move: cancelling a pending, unpaid order whose hold has run out. Its stock returns
 * and unfinished payment attempts stop, as when its customer cancels it. Anything else is refused:
 * a paid order, one past pending or already cancelled, one with no hold (an order an administrator
 * re-opened keeps its stock without a time limit), one whose hold still runs, and one whose payment
 * is being charged at that moment (a customer who paid in the last second is not charged for an
 * order the shop cancelled; the payment's outcome settles it).
 */
function expiryMove(order: OrderFacts, to: OrderTarget, actor: SystemActor): Transition {
  if (to !== 'cancelled') return refuse('forbidden', 'Expiry can only cancel an order.');
  if (order.status === 'cancelled') return refuse('conflict', 'This order has already been cancelled.');
  if (order.paymentStatus !== 'unpaid') return refuse('conflict', 'This order has been paid; it does not expire.');
  if (order.status !== 'pending') return refuse('conflict', `This order is already ${order.status}; it does not expire.`);
  if (order.holdExpiresAt == null) return refuse('conflict', 'This order holds its stock without a time limit.');
  if (!holdHasRunOut(order, actor.now)) return refuse('conflict', 'This order is still within its time to pay.');
  if (order.paymentInProgress) return refuse('conflict', 'A payment of this order is being processed; it does not expire.');
  return { stock: 'return', stopPayments: true };
}

/**
 * Decides whether `actor` may move `order` to `to`, and with what effect.
 * @returns the effect; `null` when there is nothing to do (already in that status); or
 *   `{ refused: { code, message } }`: 404 someone else's order (customers), 403 a move only an
 *   administrator may make (or any move but cancelling, for expiry), 409 with the reason (paid,
 *   already cancelled, past pending, a hold still running, …).
 */
export function transition(order: OrderFacts, to: OrderTarget, actor: OrderActor): Transition {
  if (isSystemActor(actor)) return expiryMove(order, to, actor);
  return actor.isAdmin ? adminMove(order, to) : customerMove(order, to, actor);
}
