/**
 * The order rules, in one place (docs/architecture.md "Order status"): the statuses, when
 * an order is still open for its customer, and who may move an order from which status to which,
 * with what effect on stock — a customer, an administrator, or the shop itself when an unpaid
 * order's hold runs out (docs/orders.md). Pure and browser-safe (no database; the status vocabularies come from db/statuses.ts,
 * beside the schema), so forms and services read the same lists and the same rule.
 */

export { HANDED_OVER_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, isHandedOver, type OrderStatus, type PaymentStatus, type PaymentType } from '@/db/statuses';
import { ORDER_STATUSES, isHandedOver, type OrderStatus, type PaymentStatus } from '@/db/statuses';

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

/** Human words for a status in messages ("ready for collection"). */
export const statusLabel = (status: OrderStatus) => status.replace(/_/g, ' ');

/** Payment states in which the customer's money is with the shop: the order may be fulfilled. */
const isPaidUp = (p: PaymentStatus) => p === 'paid' || p === 'partially_refunded';

/** Whether the order is collected by its customer (click & collect) rather than delivered. */
const isClickAndCollect = (order: Pick<OrderFacts, 'deliveryKind'>) => order.deliveryKind === 'click_collect';

export const NOT_DELIVERY = 'Click & collect orders are not shipped or delivered: they become ready for collection, then collected.';

/**
 * The statuses a staff member may move an order to next, by its fulfilment (docs/orders.md
 * "Order status"): forward (a paid order handed over straight from processing too: delivered the
 * same day, collected at the counter), back one step where a real mistake happens (a van that came
 * back, goods not ready after all), cancelled until the goods are handed over, and re-opening a
 * cancelled order. Payment conditions are checked on top of this (adminMove).
 */
const STAFF_FLOW: Record<'delivery' | 'collect', Record<OrderStatus, readonly OrderStatus[]>> = {
  delivery: {
    pending: ['processing', 'cancelled'],
    processing: ['shipped', 'delivered', 'pending', 'cancelled'],
    shipped: ['delivered', 'processing', 'cancelled'],
    delivered: [],
    cancelled: ['pending', 'processing'],
    ready_for_collection: ['cancelled'],
    collected: [],
  },
  collect: {
    pending: ['processing', 'cancelled'],
    processing: ['ready_for_collection', 'collected', 'pending', 'cancelled'],
    ready_for_collection: ['collected', 'processing', 'cancelled'],
    collected: [],
    cancelled: ['pending', 'processing'],
    shipped: ['cancelled'],
    delivered: [],
  },
};

const PAID_WORDS: Record<PaymentStatus, string> = { unpaid: 'unpaid', paid: 'paid', partially_refunded: 'partly refunded', refunded: 'refunded' };

const listOf = (statuses: readonly OrderStatus[]) => {
  const words = statuses.map(statusLabel);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
};

/**
 * An administrator moves an order along its fulfilment (STAFF_FLOW), never into a state the rest of
 * the shop does not expect:
 *   - shipped and delivered belong to delivery orders, ready for collection and collected to click
 *     & collect orders;
 *   - the goods go out (processing, then shipped or ready for collection) only once the order is
 *     paid (or partly refunded): the shop has no on-account payment type (db/statuses.ts
 *     PAYMENT_TYPES), so an unpaid order waits in pending;
 *   - a paid (or refunded) order never goes back to pending, the state its customer may pay or
 *     cancel in; an unpaid order re-opens to pending, a paid one to processing; an order refunded
 *     in full is not re-opened;
 *   - a delivered or collected order is final (returns and refunds handle goods coming back).
 * Cancelling returns the stock and stops payment attempts; re-opening reserves the stock again (its
 * delivery window too: lib/orders/service.ts moveOrder). Only an order nobody paid may be erased;
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
  const from = order.status;
  if (isHandedOver(from)) return refuse('conflict', `This order has been ${statusLabel(from)}: its status can no longer change. Goods coming back are handled as a return or a refund.`);
  const collect = isClickAndCollect(order);
  if ((COLLECTION_STATUSES as readonly string[]).includes(to) && !collect) return refuse('conflict', NOT_CLICK_AND_COLLECT);
  if ((to === 'shipped' || to === 'delivered') && collect) return refuse('conflict', NOT_DELIVERY);
  const next = STAFF_FLOW[collect ? 'collect' : 'delivery'][from];
  if (!next.includes(to)) return refuse('conflict', `A ${statusLabel(from)} order cannot become ${statusLabel(to)}; it can become ${listOf(next)}.`);
  const unpaid = order.paymentStatus === 'unpaid';
  if (to === 'pending' && !unpaid) return refuse('conflict', `A ${PAID_WORDS[order.paymentStatus]} order cannot go back to pending: pending is for orders waiting for payment.`);
  if (cancelled && order.paymentStatus === 'refunded') return refuse('conflict', 'This order was refunded in full, so it cannot be re-opened. Place a new order instead.');
  // The goods are committed (processing) or leave the shop (shipped, ready) only once paid.
  const goingOut = (to === 'processing' && (from === 'pending' || cancelled)) || to === 'shipped' || to === 'ready_for_collection' || (from === 'processing' && isHandedOver(to));
  if (goingOut && unpaid) return refuse('conflict', `This order has not been paid, so it cannot become ${statusLabel(to)}. It stays pending until the customer pays.`);
  if (goingOut && !isPaidUp(order.paymentStatus)) return refuse('conflict', `This order was refunded in full, so it cannot become ${statusLabel(to)}.`);
  if (to === 'cancelled') return { stock: 'return', stopPayments: true };
  return { stock: cancelled ? 'reserve' : 'none', stopPayments: false };
}

/**
 * The statuses an administrator may choose for the order now: its own and every one transition()
 * allows (what the back office offers; the server checks again).
 */
export function allowedStaffStatuses(order: Pick<OrderFacts, 'status' | 'paymentStatus' | 'deliveryKind'>): OrderStatus[] {
  const facts: OrderFacts = { ...order, userId: 0 };
  const allowed = (to: OrderStatus) => {
    const t = adminMove(facts, to);
    return t !== null && !('refused' in t);
  };
  return ORDER_STATUSES.filter((to) => to === order.status || allowed(to));
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
