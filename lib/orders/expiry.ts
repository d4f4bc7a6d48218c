/**
 * Unpaid orders expire (docs/orders.md; docs/architecture.md "Where a rule
 * goes"). A pending, unpaid order holds its stock until `hold_expires_at` — placed + the
 * `unpaid_order_hold_minutes` setting. Past it, the order is cancelled by the shop itself (the
 * 'expiry' actor of lib/orders/rules.ts transition()), its units go back on the shelves
 * (lib/orders/stock.ts letGo), its unfinished payment attempts stop and its customer's
 * cancellation e-mail is written to the outbox (lib/mail/events.ts) — all in one transaction.
 *
 * No process runs in the background. Holds are released:
 *   - by whoever reserves stock, for the products it needs, first thing in its own transaction
 *     (createOrder, admin item edits and re-opening: `expireOrders(tx, { productIds })`), so a stale
 *     hold never blocks a buyer;
 *   - by GET /api/cron/expire-orders (`expireOrders()` without a transaction), for the rest, one
 *     transaction per order.
 *
 * An order is released exactly once: it is locked first and the rule is checked again on the locked
 * row. A reservation waits for an overdue order someone else holds at that moment (and then sees
 * whether they paid, cancelled or released it), so a hold being released never refuses a buyer;
 * the cron route skips it (FOR UPDATE SKIP LOCKED) and leaves it to them. An order whose payment is
 * being charged (a payment attempt `pending`) or waits for the shopper at Afterpay or Klarna does not expire. The hold ends (null) when the order
 * is paid or a person moves it (lib/orders/service.ts markOrderPaid, moveOrder); an order an
 * administrator re-opens holds its stock without a time limit.
 */
import 'server-only';
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { orderItems, orders, payments, products, settings, type Order } from '@/db/schema';
import { DEFAULT_SETTINGS } from '@/db/default-settings';
import { invalidateProductStock, type StockMove } from '@/lib/catalog/read/cache';
import { deliverDue, type DeliveryReport } from '@/lib/mail/deliver';
import { mailOrderCancelled } from '@/lib/mail/events';
import { deliverDetachments } from '@/lib/payments/detach-jobs';
import { UNPAID_HOLD_MAX_MINUTES, UNPAID_HOLD_MIN_MINUTES } from '@/lib/settings/schemas';
import type { ExpiryRunJson } from './contracts';
import { OPEN_FOR_CUSTOMER, transition } from './rules';
import { retryPendingRefunds } from './refunds';
import { letGo } from './stock';
import { releaseSlot } from '@/lib/delivery/booking';
import { recordEvent } from './history';
import { remindIdleCarts } from './cart-reminders';

/** How many overdue orders one call of the cron route releases at most (the next call takes the rest). */
export const EXPIRY_BATCH = 200;

/**
 * The unpaid_order_hold_minutes setting (whole minutes, within its bounds; the default when unset
 * or unreadable), read through `executor` (the order's transaction).
 */
export async function holdMinutes(executor: Executor = db): Promise<number> {
  const [row] = await executor.select({ value: settings.value }).from(settings).where(eq(settings.key, 'unpaid_order_hold_minutes'));
  const fallback = Number(DEFAULT_SETTINGS.unpaid_order_hold_minutes);
  const n = Number(row?.value ?? fallback);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(UNPAID_HOLD_MAX_MINUTES, Math.max(UNPAID_HOLD_MIN_MINUTES, Math.round(n)));
}

/**
 * Until when an order placed at `now` holds its stock: now + unpaid_order_hold_minutes. Called by
 * createOrder (lib/orders/service.ts) in the transaction that inserts the order.
 */
export async function holdUntil(executor: Executor = db, now: Date = new Date()): Promise<Date> {
  return new Date(now.getTime() + (await holdMinutes(executor)) * 60_000);
}

/** How long a payment waiting for the customer's 3-D Secure step keeps its order from expiring (ms). */
const AUTHENTICATION_GRACE_MS = 60 * 60_000;

/**
 * SQL over the payments table: an attempt still under way — being charged (processing at the
 * provider), waiting for the customer's 3-D Secure step that began less than
 * AUTHENTICATION_GRACE_MS ago, or a pay-later payment (Afterpay, Klarna) waiting for the shopper at
 * the provider, however long (docs/orders.md "Unpaid orders expire"). Expiring such an order would
 * let a late success charge a cancelled order.
 */
const beingCharged = (now: Date): SQL =>
  sql`(${payments.status} = 'pending' OR (${payments.status} = 'requires_action' AND (${payments.methodType} <> 'card' OR ${payments.updatedAt} > ${new Date(now.getTime() - AUTHENTICATION_GRACE_MS)})))`;

/** SQL over the orders table: pending, unpaid, its hold ran out at `now`, and no payment of it is being charged. */
const overdueSql = (now: Date): SQL =>
  and(
    eq(orders.status, OPEN_FOR_CUSTOMER.status),
    eq(orders.paymentStatus, OPEN_FOR_CUSTOMER.paymentStatus),
    isNotNull(orders.holdExpiresAt),
    lte(orders.holdExpiresAt, now),
    sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${beingCharged(now)})`,
  )!;

/** SQL over the orders table: the order has a line of any of `productIds`. */
const holdsAnyOf = (productIds: number[]): SQL => sql`EXISTS (SELECT 1 FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id} AND ${inArray(orderItems.productId, productIds)})`;

/** What a release did: the orders cancelled and the stock that came back, one move per product (for the cache refresh). */
export type Expired = { orderIds: number[]; moves: StockMove[] };

const NOTHING: Expired = { orderIds: [], moves: [] };

/**
 * Cancels the locked overdue `candidates` in `tx`, by the 'expiry' rule: one ascending pass takes
 * the row locks of every product involved (those the caller is about to reserve, `alsoLock`, and
 * those of the orders), so this never waits for a product out of order; then the units go back,
 * the orders become cancelled with no hold, their unfinished payment attempts fail and each
 * customer's cancellation e-mail is written.
 */
async function cancelLocked(tx: Tx, candidates: Order[], now: Date, alsoLock: number[] = []): Promise<Expired> {
  if (candidates.length === 0) return NOTHING;
  // Read again now that the rows are locked: a payment that started meanwhile keeps its order.
  const charging = await tx
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, candidates.map((o) => o.id)), beingCharged(now)));
  const inProgress = new Set(charging.map((p) => p.orderId));
  const due = candidates.filter((o) => {
    const t = transition({ ...o, paymentInProgress: inProgress.has(o.id) }, 'cancelled', { system: 'expiry', now });
    return t !== null && !('refused' in t) && t.stock === 'return';
  });
  if (due.length === 0) return NOTHING;
  const ids = due.map((o) => o.id);
  const lines = await tx.select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(inArray(orderItems.orderId, ids));
  const lockIds = [...new Set([...lines.map((l) => l.productId), ...alsoLock])].sort((a, b) => a - b);
  if (lockIds.length > 0) await tx.select({ id: products.id }).from(products).where(inArray(products.id, lockIds)).orderBy(asc(products.id)).for('update');
  // Each order's holds go back at the locations that held them (lib/orders/stock.ts letGo); one move per product.
  const byProduct = new Map<number, StockMove>();
  for (const o of due) {
    for (const move of await letGo(tx, o.id, lines.filter((l) => l.orderId === o.id))) {
      const first = byProduct.get(move.productId);
      byProduct.set(move.productId, first ? { productId: move.productId, availabilityChanged: first.availabilityChanged || move.availabilityChanged } : move);
    }
  }
  const moves = [...byProduct.values()];
  // Their booked delivery windows go back too.
  for (const o of due) await releaseSlot(tx, o);
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, holdExpiresAt: null, updatedAt: sql`now()` })
    .where(inArray(orders.id, ids));
  await tx
    .update(payments)
    .set({ status: 'failed', failureMessage: 'The order was cancelled: it was not paid in time.', updatedAt: sql`now()` })
    .where(and(inArray(payments.orderId, ids), inArray(payments.status, ['pending', 'requires_action'])));
  for (const id of ids) {
    await recordEvent(tx, { orderId: id, kind: 'status', actor: 'system', fromStatus: 'pending', toStatus: 'cancelled' });
    await mailOrderCancelled(tx, id, 'expiry');
  }
  return { orderIds: ids, moves };
}

/** PostgreSQL errors of lock contention, after which a release is simply left for later. */
const isLockContention = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return ['40P01', '55P03', '40001'].includes(err?.code ?? err?.cause?.code ?? '');
};

/**
 * Releases overdue holds: cancels pending, unpaid orders whose hold ran out at `now`, returns their
 * stock and writes each customer's cancellation e-mail (see the module comment).
 *
 * - With `tx` (the reservation path): in the caller's transaction, BEFORE it takes any product's
 *   row lock, the orders that hold any of `productIds` (required) — except `exceptOrderId`, the
 *   order the caller is editing. When there are any, the products of `productIds` are locked too,
 *   in the same ascending pass, so the caller's reservations that follow never wait out of order.
 *   Runs in a savepoint: if it meets lock contention (a deadlock the database broke) nothing of it
 *   stays and the caller carries on as if there had been nothing to release. The caller refreshes
 *   the cached stock of the returned moves after its commit (invalidateProductStock).
 * - Without `tx` (the cron route): up to EXPIRY_BATCH overdue orders (of `productIds` when given),
 *   each in a transaction of its own; refreshes the cached stock itself.
 *
 * @param opts.now the moment holds are judged by (default: the current time; tests pass a later one).
 * @returns the cancelled order ids and the stock moves (one per product whose stock came back).
 */
export async function expireOrders(tx?: Tx, opts: { productIds?: number[]; now?: Date; exceptOrderId?: number } = {}): Promise<Expired> {
  const now = opts.now ?? new Date();
  if (tx) {
    const productIds = [...new Set(opts.productIds ?? [])];
    if (productIds.length === 0) return NOTHING;
    const except = opts.exceptOrderId === undefined ? undefined : sql`${orders.id} <> ${opts.exceptOrderId}`;
    const overdue = and(overdueSql(now), holdsAnyOf(productIds), except);
    // The common case, nothing overdue: one read, no lock, no savepoint.
    const [any] = await tx.select({ id: orders.id }).from(orders).where(overdue).limit(1);
    if (!any) return NOTHING;
    try {
      return await tx.transaction(async (sp) => {
        // Waits for an overdue order someone is paying, cancelling or releasing at this moment, then
        // sees how that ended (PostgreSQL re-checks a changed row): a buyer is never refused for a
        // hold that is being released. Order rows are locked in id order.
        const candidates = await sp.select().from(orders).where(overdue).orderBy(asc(orders.id)).for('update', { of: orders });
        return cancelLocked(sp, candidates, now, productIds);
      });
    } catch (e) {
      if (!isLockContention(e)) throw e;
      console.warn('[orders] releasing overdue holds met lock contention; left for the next reservation or the cron route');
      return NOTHING;
    }
  }

  const byProduct = opts.productIds?.length ? holdsAnyOf(opts.productIds) : undefined;
  const overdue = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(overdueSql(now), byProduct))
    .orderBy(asc(orders.holdExpiresAt), asc(orders.id))
    .limit(EXPIRY_BATCH);
  const result: Expired = { orderIds: [], moves: [] };
  for (const { id } of overdue) {
    try {
      const one = await db.transaction(async (t) => {
        const locked = await t
          .select()
          .from(orders)
          .where(and(eq(orders.id, id), overdueSql(now)))
          .for('update', { skipLocked: true });
        return cancelLocked(t, locked, now);
      });
      invalidateProductStock(one.moves);
      result.orderIds.push(...one.orderIds);
      result.moves.push(...one.moves);
    } catch (e) {
      // One order that cannot be released now (lock contention) does not stop the others; the next run retries it.
      if (!isLockContention(e)) throw e;
    }
  }
  return result;
}

/** Delivery rounds one cron run makes at most (each takes up to DELIVERY_ROUND messages). */
const DELIVERY_ROUNDS = 5;
const DELIVERY_ROUND = 50;

/**
 * GET /api/cron/expire-orders: releases the overdue holds nobody's reservation released yet (up to
 * EXPIRY_BATCH orders), retries refunds left pending over 2 minutes (retryPendingRefunds), writes the
 * due cart reminders (lib/orders/cart-reminders.ts remindIdleCarts), then drains the outbox (lib/mail/deliver.ts deliverDue, up to
 * DELIVERY_ROUNDS × DELIVERY_ROUND due messages; nothing is sent, and messages stay pending, when
 * SMTP_URL is unset). Idempotent: a second run finds nothing left to do.
 * @param opts.now the moment holds are judged by (tests; default now).
 * @returns `{ expired, refunds: { retried, succeeded, failed }, cart_reminders: { due, written }, delivered: { claimed, sent, retrying, failed, cancelled }, cards_detached: { claimed, detached, retrying, failed } }`.
 */
export async function runExpiryJob(opts: { now?: Date } = {}): Promise<ExpiryRunJson> {
  const { orderIds } = await expireOrders(undefined, { now: opts.now });
  // Refunds whose gateway call crashed or timed out, made again with the same key (lib/orders/refunds.ts).
  const refunds = await retryPendingRefunds({ now: opts.now });
  // Cart reminders due now, written before the delivery rounds so this run sends them.
  const cartReminders = await remindIdleCarts({ now: opts.now });
  const delivered: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  for (let round = 0; round < DELIVERY_ROUNDS; round++) {
    const r = await deliverDue({ limit: DELIVERY_ROUND });
    delivered.claimed += r.claimed;
    delivered.sent += r.sent;
    delivered.retrying += r.retrying;
    delivered.failed += r.failed;
    delivered.cancelled += r.cancelled;
    if (r.claimed < DELIVERY_ROUND) break;
  }
  // Saved cards removed or of closed accounts, detached at the card gateway (their outbox jobs).
  const cardsDetached = await deliverDetachments({ limit: DELIVERY_ROUND });
  return { expired: orderIds.length, refunds, cart_reminders: cartReminders, delivered, cards_detached: cardsDetached };
}
