/**
 * Refunds (docs/refunds-and-returns.md). An administrator gives back part or all of
 * what a customer paid, through the gateway that took it.
 *
 * 1. createRefund — ONE transaction: locks the order, then its captured payment; checks the lines
 *    and quantities (never more units than bought less those already refunded), computes the
 *    amount from the database (line prices, GST added where prices exclude it; or an amount; and
 *    the delivery fee once), inserts the refund `pending` with its lines and raises
 *    payments.refunded_amount by it. The CHECK `refunded_amount <= amount` is the last guard: no
 *    interleaving of requests can refund more than was paid. The same idempotency key returns the
 *    refund it made (a double click refunds once).
 * 2. After the commit, processRefund asks the gateway (lib/payments/refund-gateway.ts) with the key
 *    `refund-{id}`. A crash between the commit and the call leaves the refund pending: the cron
 *    route (GET /api/cron/expire-orders) retries pending refunds older than RETRY_AFTER_MS with the
 *    same key, so the gateway never refunds twice.
 * 3. settleRefund — ONE transaction: succeeded; the chosen lines back on the shelves (restock);
 *    payment and order payment status `partially_refunded` or `refunded`; the credit note
 *    (lib/finance/tax-documents.ts issueCreditNote); the "refund issued" e-mail (outbox); the
 *    return it settles becomes `refunded`. failRefund — ONE transaction: failed, and its amount
 *    is given back to what may still be refunded.
 * Stripe's webhooks (lib/orders/stripe-webhooks.ts) settle our refunds and record the ones made in
 * Stripe's dashboard (recordGatewayRefund).
 */
import 'server-only';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { orderItems, orders, payments, refundLines, refunds, returns, taxDocuments, type Payment, type Refund } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { orderTarget } from '@/lib/orders/audit-snapshot';
import { invalidateProductStock, type StockMove } from '@/lib/catalog/read/cache';
import { creditNotePath, documentNumber } from '@/lib/finance/tax-document-view';
import { issueCreditNote } from '@/lib/finance/tax-documents';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailRefundIssued } from '@/lib/mail/events';
import { formatMoney, toCents, toDecimal } from '@/lib/money';
import { refundAtGateway, type GatewayRefundResult } from '@/lib/payments/refund-gateway';
import { AppError, conflict, notFound } from '@/lib/server/errors';
import type { OrderRefundsJson, RefundJson } from './after-sale-contracts';
import type { RefundInput } from './after-sale-schemas';
import { chargedWithGst } from '@/lib/pricing/gst';
import { paidForUnits } from '@/lib/pricing/discounts';
import { restockUnits } from './stock';
import { recordEvent } from './history';

/** Payment rows whose money was taken (a refund goes back through one of them). */
const CAPTURED = ['succeeded', 'refunded'];
/** Refunds that count against the payment: being made, or made. */
const COUNTING = ['pending', 'succeeded'] as const;
/** A pending refund older than this is retried by the cron route (its first call crashed or timed out). */
export const RETRY_AFTER_MS = 2 * 60_000;

/**
 * What createRefund needs beyond the input, for a return's refund (lib/orders/returns.ts): the
 * return it settles, and the collection fee to deduct (cents, from the settings; 0: none).
 */
type RefundOptions = { returnId?: number; collectionFeeCents?: number };

/** Postgres' check_violation, directly or wrapped by the driver. */
const isCheckViolation = (e: unknown, constraint: string) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = err?.code ?? err?.cause?.code;
  const name = err?.constraint ?? err?.cause?.constraint;
  return code === '23514' && (name === undefined || name === constraint);
};
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === '23505';
};

/** Locks an order row for the transaction (refund writes take the order's lock before the payment's). */
async function lockOrderRow(tx: Tx, orderId: number): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
}

/** The captured payment of an order, locked for the transaction; null when nothing was paid. */
async function lockCapturedPayment(tx: Tx, orderId: number): Promise<Payment | null> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, CAPTURED)))
    .orderBy(desc(payments.id))
    .limit(1)
    .for('update');
  return payment ?? null;
}

/** Units of each order line already refunded or being refunded. */
async function refundedUnits(executor: Executor, orderId: number): Promise<Map<number, number>> {
  const rows = await executor
    .select({ itemId: refundLines.orderItemId, units: sql<number>`sum(${refundLines.quantity})::int` })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, COUNTING)))
    .groupBy(refundLines.orderItemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.units)]));
}

/** Cents of the delivery fee already refunded or being refunded. */
async function refundedDeliveryFee(executor: Executor, orderId: number): Promise<number> {
  const [row] = await executor
    .select({ cents: sql<number>`coalesce(sum(${refunds.deliveryFeeAmount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, COUNTING)));
  return Number(row?.cents ?? 0);
}

/**
 * POST /api/orders/{id}/refunds — records a refund and makes it at the gateway (see the module
 * comment). Administrators only.
 * @param input lines [{orderItemId, quantity}] or amount (dollars), includeDeliveryFee, restock,
 *   reason, idempotencyKey (lib/orders/after-sale-schemas.ts refundInputSchema).
 * @returns `{ refund, created }`: the refund as it stands after the gateway answered (status
 *   succeeded, pending — the gateway is slow or unreachable, it will be retried — or failed with
 *   the gateway's message), and whether this call created it (false: the key was used before).
 * @throws 401/403 not an administrator; 404 unknown order, or a line not of this order; 409 the
 *   order was never paid, a quantity above what may still be refunded ("Only N of … can still be
 *   refunded."), the delivery fee already refunded, an amount above the refundable remainder, or
 *   the idempotency key used for another order.
 */
export async function createRefund(actor: SessionUser, orderId: number, input: RefundInput, opts: RefundOptions = {}): Promise<{ refund: RefundJson; created: boolean }> {
  authorize(actor, 'orders.refund');
  const outcome = await db
    .transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw notFound('Order not found.');
      // After the order's lock: a concurrent request with the same key has committed by now.
      const [again] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
      if (again) {
        if (again.orderId !== orderId) throw conflict('This idempotency key was already used for another refund.');
        return { id: again.id, created: false };
      }
      const payment = await lockCapturedPayment(tx, orderId);
      if (!payment) throw conflict('This order has not been paid, so there is nothing to refund.');

      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
      const done = await refundedUnits(tx, orderId);
      const lines: { orderItemId: number; quantity: number; amount: number }[] = [];
      for (const wanted of input.lines ?? []) {
        const item = items.find((i) => i.id === wanted.orderItemId);
        if (!item) throw notFound(`Order #${orderId} has no line ${wanted.orderItemId}.`);
        const left = item.quantity - (done.get(item.id) ?? 0);
        if (wanted.quantity > left) throw conflict(left === 0 ? `${item.productName} has already been refunded.` : `Only ${left} of ${item.productName} can still be refunded.`);
        // What these units were paid: their price less their share of a discount code.
        lines.push({ orderItemId: item.id, quantity: wanted.quantity, amount: chargedWithGst(order, paidForUnits(item, item.quantity - left, wanted.quantity)) });
      }
      let deliveryFee = 0;
      if (input.includeDeliveryFee) {
        const feeLeft = chargedWithGst(order, order.shippingFee) - (await refundedDeliveryFee(tx, orderId));
        if (feeLeft <= 0) throw conflict(order.shippingFee === 0 ? 'This order had no delivery fee.' : 'The delivery fee has already been refunded.');
        deliveryFee = feeLeft;
      }
      const goods = input.amount !== undefined ? toCents(input.amount) : lines.reduce((s, l) => s + l.amount, 0);
      // A collected return gives back its goods less the collection fee the Returns page promises.
      const collectionFee = opts.collectionFeeCents ?? 0;
      if (collectionFee > 0 && collectionFee >= goods) {
        throw conflict(`The collection fee (${formatMoney(toDecimal(collectionFee), payment.currency)}) is as much as the items returned (${formatMoney(toDecimal(goods), payment.currency)}): refund it without the fee, or not at all.`);
      }
      const amount = goods + deliveryFee - collectionFee;
      const left = payment.amount - payment.refundedAmount;
      if (amount > left) throw conflict(left <= 0 ? 'This order has already been refunded in full.' : `Only ${formatMoney(toDecimal(left), payment.currency)} can still be refunded.`);

      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId,
          paymentId: payment.id,
          amount,
          deliveryFeeAmount: deliveryFee,
          collectionFeeAmount: collectionFee,
          reason: input.reason || null,
          status: 'pending',
          gateway: payment.provider,
          idempotencyKey: input.idempotencyKey,
          createdBy: actor.id,
          restock: input.restock && lines.length > 0,
          returnId: opts.returnId ?? null,
        })
        .returning({ id: refunds.id });
      if (lines.length > 0) await tx.insert(refundLines).values(lines.map((l) => ({ refundId: refund.id, ...l })));
      // The cap, enforced by the database (CHECK payments_refunded_within_amount) whatever the interleaving.
      await tx
        .update(payments)
        .set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
        .where(eq(payments.id, payment.id));
      if (opts.returnId) await tx.update(returns).set({ refundId: refund.id, updatedAt: sql`now()` }).where(eq(returns.id, opts.returnId));
      await recordEvent(tx, { orderId, kind: 'refund_requested', actor: 'staff', actorUserId: actor.id, amount, note: input.reason || null });
      await recordAudit(tx, actor, {
        action: 'order.refund',
        target: orderTarget(orderId),
        before: { refunded: payment.refundedAmount },
        after: { refunded: payment.refundedAmount + amount, refund: amount, deliveryFee, lines: lines.map((l) => `line ${l.orderItemId} × ${l.quantity}`), restock: input.restock && lines.length > 0, reason: input.reason || null, returnId: opts.returnId ?? null },
        cents: ['refunded', 'refund', 'deliveryFee'],
      });
      return { id: refund.id, created: true };
    })
    .catch(async (e: unknown) => {
      if (isCheckViolation(e, 'payments_refunded_within_amount')) throw conflict('That would refund more than was paid.');
      if (isUniqueViolation(e)) {
        // Two requests with one key raced past the lookup: the other one made it.
        const [made] = await db.select({ id: refunds.id, orderId: refunds.orderId }).from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
        if (made && made.orderId === orderId) return { id: made.id, created: false };
      }
      throw e;
    });
  if (outcome.created) await processRefund(outcome.id);
  return { refund: await refundJsonById(outcome.id), created: outcome.created };
}

/**
 * Makes a pending refund at its gateway (key `refund-{id}`) and settles it with the answer. Safe to
 * call again (the cron route's retries, a webhook meanwhile): a refund no longer pending is left
 * alone, and the gateway answers a repeated key with the same refund.
 * @returns the refund's status afterwards ('pending' when the gateway could not be reached or is still working).
 */
export async function processRefund(refundId: number): Promise<Refund['status']> {
  const [refund] = await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  if (!refund) return (await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId)))[0]?.status ?? 'failed';
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId));
  let result: GatewayRefundResult;
  try {
    result = await refundAtGateway(refund, payment);
  } catch (e) {
    if (!(e instanceof AppError)) console.error(`[refunds] refund ${refundId}: gateway call failed; left pending for a retry`, e);
    return 'pending';
  }
  return applyGatewayResult(refundId, result);
}

/** Settles or fails a refund from the gateway's answer, in one transaction; refreshes the stock caches and kicks mail delivery after. */
export async function applyGatewayResult(refundId: number, result: GatewayRefundResult): Promise<Refund['status']> {
  const { status, moves } = await db.transaction(async (tx): Promise<{ status: Refund['status']; moves: StockMove[] }> => {
    if (result.status === 'succeeded') return settleRefund(tx, refundId, result.gatewayRefundId);
    if (result.status === 'failed') return { status: await failRefund(tx, refundId, result.message ?? 'The gateway refused the refund.', result.gatewayRefundId), moves: [] };
    if (result.gatewayRefundId) await tx.update(refunds).set({ gatewayRefundId: result.gatewayRefundId }).where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return { status: 'pending', moves: [] };
  });
  invalidateProductStock(moves);
  if (status === 'succeeded') kickDelivery();
  return status;
}

/**
 * A refund succeeded (in the caller's transaction): status succeeded, the chosen lines back on the
 * shelves when it restocks, payment and order payment status, the credit note, the e-mail, and
 * the return it settles. Does nothing to a refund that is no longer pending.
 * @returns its status and the stock moves of the units that came back (for the caller's cache
 *   refresh, invalidateProductStock after its commit).
 */
export async function settleRefund(tx: Tx, refundId: number, gatewayRefundId: string | null): Promise<{ status: Refund['status']; moves: StockMove[] }> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw notFound('Refund not found.');
  if (refund.status !== 'pending') return { status: refund.status, moves: [] };
  // Locks in createRefund's order (order, then payment), so the two never wait on each other.
  await lockOrderRow(tx, refund.orderId);
  await tx
    .update(refunds)
    .set({ status: 'succeeded', settledAt: sql`now()`, ...(gatewayRefundId ? { gatewayRefundId } : {}) })
    .where(eq(refunds.id, refundId));

  const lines = await tx
    .select({ orderItemId: orderItems.id, productId: orderItems.productId, name: orderItems.productName, sku: orderItems.sku, unitPrice: orderItems.unitPrice, quantity: refundLines.quantity, amount: refundLines.amount })
    .from(refundLines)
    .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(eq(refundLines.refundId, refundId))
    .orderBy(asc(orderItems.productId));
  const moves: StockMove[] = [];
  if (refund.restock) {
    for (const l of lines) {
      // Back at the location the line was sold from (docs/stock.md "Fulfilment").
      const move = await restockUnits(tx, { orderId: refund.orderId, orderItemId: l.orderItemId, productId: l.productId, quantity: l.quantity });
      if (move) moves.push(move);
    }
  }

  const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
  const [{ settled }] = await tx
    .select({ settled: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'succeeded')));
  const full = Number(settled) >= payment.amount;
  await tx
    .update(payments)
    .set({ status: full ? 'refunded' : 'succeeded', updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  await tx
    .update(orders)
    .set({ paymentStatus: full ? 'refunded' : 'partially_refunded', updatedAt: sql`now()` })
    .where(eq(orders.id, refund.orderId));

  // The credit note: what was refunded, line by line (delivery and any amount on lines of their own),
  // and a return's collection fee as a negative line, so the lines add up to the amount credited.
  const noteLines = lines.map((l) => ({ description: l.name, sku: l.sku, quantity: l.quantity, unitPrice: Math.round(l.amount / l.quantity), total: l.amount }));
  const other = refund.amount + refund.collectionFeeAmount - refund.deliveryFeeAmount - lines.reduce((s, l) => s + l.amount, 0);
  if (other > 0) noteLines.push({ description: refund.reason ? `Refund: ${refund.reason}` : `Refund for order #${refund.orderId}`, sku: '', quantity: 1, unitPrice: other, total: other });
  if (refund.deliveryFeeAmount > 0) noteLines.push({ description: 'Delivery', sku: '', quantity: 1, unitPrice: refund.deliveryFeeAmount, total: refund.deliveryFeeAmount });
  if (refund.collectionFeeAmount > 0) noteLines.push({ description: 'Less return collection fee', sku: '', quantity: 1, unitPrice: -refund.collectionFeeAmount, total: -refund.collectionFeeAmount });
  await issueCreditNote(tx, { orderId: refund.orderId, refundId, amount: refund.amount, lines: noteLines.map((l) => ({ ...l, sku: l.sku || null })) });

  if (refund.returnId) await tx.update(returns).set({ status: 'refunded', updatedAt: sql`now()` }).where(eq(returns.id, refund.returnId));
  await recordEvent(tx, { orderId: refund.orderId, kind: 'refunded', actor: refund.createdBy === null ? 'system' : 'staff', actorUserId: refund.createdBy, amount: refund.amount, note: refund.reason });
  await mailRefundIssued(tx, refundId);
  return { status: 'succeeded', moves };
}

/**
 * A refund failed at the gateway (in the caller's transaction): status failed with the message,
 * and its amount no longer counts against the payment. Does nothing to a refund no longer pending.
 */
export async function failRefund(tx: Tx, refundId: number, message: string, gatewayRefundId: string | null = null): Promise<Refund['status']> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) throw notFound('Refund not found.');
  if (refund.status !== 'pending') return refund.status;
  await lockOrderRow(tx, refund.orderId);
  await tx
    .update(refunds)
    .set({ status: 'failed', failureMessage: message, settledAt: sql`now()`, ...(gatewayRefundId ? { gatewayRefundId } : {}) })
    .where(eq(refunds.id, refundId));
  await tx
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}`, updatedAt: sql`now()` })
    .where(eq(payments.id, refund.paymentId));
  // A return whose refund failed waits, received, for the next try.
  if (refund.returnId) await tx.update(returns).set({ refundId: null, updatedAt: sql`now()` }).where(and(eq(returns.id, refund.returnId), eq(returns.refundId, refundId)));
  await recordEvent(tx, { orderId: refund.orderId, kind: 'refund_failed', actor: 'system', amount: refund.amount, note: message });
  return 'failed';
}

/**
 * A refund the gateway reports that we did not ask for (made in Stripe's dashboard), recorded in
 * the webhook's transaction: counted against the payment (skipped with a warning when it would
 * exceed it), and settled at once when it already succeeded. No restock: nobody chose lines.
 * @returns the refund id, or null when it was not recorded.
 */
export async function recordGatewayRefund(tx: Tx, payment: Payment, r: { gatewayRefundId: string; amount: number; status: GatewayRefundResult['status']; reason?: string | null }): Promise<number | null> {
  await lockOrderRow(tx, payment.orderId);
  const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
  if (locked.refundedAmount + r.amount > locked.amount) {
    console.warn(`[refunds] gateway refund ${r.gatewayRefundId} of ${r.amount} would exceed payment ${payment.id}; not recorded`);
    return null;
  }
  const [refund] = await tx
    .insert(refunds)
    .values({ orderId: payment.orderId, paymentId: payment.id, amount: r.amount, reason: r.reason ?? 'Refunded at the payment gateway', status: 'pending', gateway: payment.provider, gatewayRefundId: r.gatewayRefundId })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  if (!refund) return null;
  await tx.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${r.amount}`, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
  await recordEvent(tx, { orderId: payment.orderId, kind: 'refund_requested', actor: 'system', amount: r.amount, note: r.reason ?? 'Refunded at the payment gateway' });
  if (r.status === 'succeeded') await settleRefund(tx, refund.id, r.gatewayRefundId);
  else if (r.status === 'failed') await failRefund(tx, refund.id, 'The gateway reported the refund failed.');
  return refund.id;
}

/**
 * The cron route's part: pending refunds older than RETRY_AFTER_MS (their first call crashed or
 * the gateway was down) are made again with the same key. @returns how many were retried and how they stand.
 */
export async function retryPendingRefunds(opts: { now?: Date; limit?: number } = {}): Promise<{ retried: number; succeeded: number; failed: number }> {
  const before = new Date((opts.now ?? new Date()).getTime() - RETRY_AFTER_MS);
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(opts.limit ?? 50);
  const result = { retried: due.length, succeeded: 0, failed: 0 };
  for (const { id } of due) {
    const status = await processRefund(id);
    if (status === 'succeeded') result.succeeded += 1;
    if (status === 'failed') result.failed += 1;
  }
  return result;
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function refundJsonRows(executor: Executor, where: ReturnType<typeof eq>): Promise<RefundJson[]> {
  const rows = await executor.select().from(refunds).where(where).orderBy(desc(refunds.createdAt), desc(refunds.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lines = await executor
    .select({ refundId: refundLines.refundId, orderItemId: refundLines.orderItemId, name: orderItems.productName, quantity: refundLines.quantity, amount: refundLines.amount })
    .from(refundLines)
    .innerJoin(orderItems, eq(orderItems.id, refundLines.orderItemId))
    .where(inArray(refundLines.refundId, ids))
    .orderBy(asc(refundLines.id));
  const notes = await executor.select({ refundId: taxDocuments.refundId, number: taxDocuments.number }).from(taxDocuments).where(inArray(taxDocuments.refundId, ids));
  return rows.map((r) => {
    const note = notes.find((n) => n.refundId === r.id);
    const number = note ? documentNumber('credit_note', note.number) : null;
    return {
      refund_id: r.id,
      order_id: r.orderId,
      amount: toDecimal(r.amount),
      delivery_fee: toDecimal(r.deliveryFeeAmount),
      collection_fee: toDecimal(r.collectionFeeAmount),
      status: r.status,
      reason: r.reason,
      gateway: r.gateway,
      restock: r.restock,
      failure_message: r.failureMessage,
      created_at: r.createdAt.toISOString(),
      settled_at: r.settledAt?.toISOString() ?? null,
      return_id: r.returnId,
      lines: lines.filter((l) => l.refundId === r.id).map((l) => ({ order_item_id: l.orderItemId, name: l.name, quantity: l.quantity, amount: toDecimal(l.amount) })),
      credit_note: number ? { number, url: creditNotePath(r.orderId, number) } : null,
    };
  });
}

async function refundJsonById(refundId: number): Promise<RefundJson> {
  const [json] = await refundJsonRows(db, eq(refunds.id, refundId));
  if (!json) throw notFound('Refund not found.');
  return json;
}

/**
 * GET /api/orders/{id}/refunds — the order's refunds, newest first, with what was paid, refunded
 * and may still be refunded (per line and for the delivery fee): for an administrator or the
 * order's owner (the owner is in the WHERE: anyone else's order is not found).
 * @throws 401 signed out; 404 unknown order or not the customer's.
 */
export async function listOrderRefunds(actor: SessionUser | null, orderId: number): Promise<OrderRefundsJson> {
  authorize(actor, 'user');
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (actor.isAdmin) authorize(actor, 'orders.read');
  const owned = actor.isAdmin ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.userId, actor.id));
  const [order] = await db.select().from(orders).where(owned);
  if (!order) throw notFound('Order not found.');
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, CAPTURED)))
    .orderBy(desc(payments.id))
    .limit(1);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const done = await refundedUnits(db, orderId);
  const feeLeft = payment ? Math.max(0, chargedWithGst(order, order.shippingFee) - (await refundedDeliveryFee(db, orderId))) : 0;
  const paid = payment?.amount ?? 0;
  const refunded = payment?.refundedAmount ?? 0;
  return {
    order_id: order.id,
    currency: order.currency,
    payment_status: order.paymentStatus,
    paid: toDecimal(paid),
    refunded: toDecimal(refunded),
    refundable: toDecimal(Math.max(0, paid - refunded)),
    delivery_fee_refundable: toDecimal(Math.min(feeLeft, Math.max(0, paid - refunded))),
    lines: items.map((i) => ({
      order_item_id: i.id,
      name: i.productName,
      quantity: i.quantity,
      // The price paid for one unit: less its share of a discount code.
      unit_price: toDecimal(chargedWithGst(order, paidForUnits(i, 0, 1))),
      refundable_quantity: payment ? Math.max(0, i.quantity - (done.get(i.id) ?? 0)) : 0,
    })),
    refunds: await refundJsonRows(db, eq(refunds.orderId, orderId)),
  };
}
