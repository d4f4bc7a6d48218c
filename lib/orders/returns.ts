/**
 * Returns (docs/refunds-and-returns.md). A customer asks to send back items of a
 * delivered order within the return window (settings return_window_days); administrators approve
 * or decline it with a message, mark the goods received, and refund them with restock through
 * createRefund (lib/orders/refunds.ts). Who may move a return where: lib/orders/return-rules.ts.
 * The customer's e-mails (received; approved or declined) are written to the outbox in the same
 * transaction as the change (lib/mail/events.ts mailReturnUpdate).
 */
import 'server-only';
import { and, asc, count as countRows, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { orderItems, orders, refundLines, refunds, returnLines, returns, users, type Return } from '@/db/schema';
import { RETURN_STATUSES, type ReturnStatus } from '@/db/statuses';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailReturnUpdate } from '@/lib/mail/events';
import { toDecimal } from '@/lib/money';
import { AppError, conflict, notFound } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import type { ReturnJson, ReturnPageJson } from './after-sale-contracts';
import { RETURNS_PER_PAGE, type ReturnFilter, type ReturnRequestInput, type ReturnUpdateInput } from './after-sale-schemas';
import { paidForUnits } from '@/lib/pricing/discounts';
import { chargedWithGst } from '@/lib/pricing/gst';
import { createRefund } from './refunds';
import { RETURN_HOLDS_UNITS, RETURN_OPEN, mayRequestReturn, returnTransition } from './return-rules';
import { isHandedOver } from './rules';

/**
 * Units of each line of the order already on their way back or refunded: return lines of returns
 * not declined, plus refund lines (pending or succeeded) of refunds that settle no return (a
 * return's refund counts through its return).
 */
async function takenUnits(executor: Executor, orderId: number): Promise<Map<number, number>> {
  const returned = await executor
    .select({ itemId: returnLines.orderItemId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, RETURN_HOLDS_UNITS)))
    .groupBy(returnLines.orderItemId);
  const refunded = await executor
    .select({ itemId: refundLines.orderItemId, units: sql<number>`sum(${refundLines.quantity})::int` })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'succeeded']), isNull(refunds.returnId)))
    .groupBy(refundLines.orderItemId);
  const taken = new Map<number, number>();
  for (const r of [...returned, ...refunded]) taken.set(r.itemId, (taken.get(r.itemId) ?? 0) + Number(r.units));
  return taken;
}

/**
 * POST /api/orders/{id}/returns — the customer asks to return lines of their delivered order.
 * One transaction: locks the order (owner in the WHERE), checks the rule (mayRequestReturn: own,
 * delivered, paid, within the window) and each quantity (≤ bought − already returned or
 * refunded), writes the return `requested` with its lines and the "we have your return request"
 * e-mail.
 * @returns the return (JSON).
 * @throws 401 signed out; 403 an administrator (returns are asked for by the order's customer);
 *   404 unknown order, not theirs, or a line not of the order; 409 not delivered, not paid, the
 *   window closed, or more units than may still be returned.
 */
export async function requestReturn(actor: SessionUser | null, orderId: number, input: ReturnRequestInput, now: Date = new Date()): Promise<ReturnJson> {
  authorize(actor, 'user');
  if (actor.isAdmin) throw new AppError('forbidden', 'Returns are requested by the order’s customer.');
  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, actor.id)))
      .for('update');
    if (!order) throw notFound('Order not found.');
    const { returnWindowDays } = await getShopSettings(tx);
    const refused = mayRequestReturn(order, actor, returnWindowDays, now);
    if (refused) throw new AppError(refused.refused.code, refused.refused.message);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const taken = await takenUnits(tx, orderId);
    for (const wanted of input.lines) {
      const item = items.find((i) => i.id === wanted.orderItemId);
      if (!item) throw notFound(`Order #${orderId} has no line ${wanted.orderItemId}.`);
      const left = item.quantity - (taken.get(item.id) ?? 0);
      if (wanted.quantity > left) throw conflict(left === 0 ? `${item.productName} is already being returned or refunded.` : `Only ${left} of ${item.productName} can still be returned.`);
    }
    const [ret] = await tx.insert(returns).values({ orderId, userId: actor.id, reason: input.reason, status: 'requested' }).returning({ id: returns.id });
    await tx.insert(returnLines).values(input.lines.map((l) => ({ returnId: ret.id, orderItemId: l.orderItemId, quantity: l.quantity })));
    await mailReturnUpdate(tx, ret.id);
    return ret.id;
  });
  kickDelivery();
  return (await returnsJson(db, eq(returns.id, id)))[0];
}

/**
 * PUT /api/returns/{id} — an administrator moves a return by the rules of lib/orders/return-rules.ts:
 * approve or decline (with `message`, shown and e-mailed to the customer), mark received, or
 * refund: a refund of the return's lines at their price, with restock, less the collection fee
 * (settings return_collection_fee) when `deduct_collection_fee`, through createRefund (key
 * `return-{id}`, so repeating the request refunds once). The return becomes `refunded` when that
 * refund succeeds; while the gateway is slow it stays `received` with its refund pending.
 * @returns the return as it stands.
 * @throws 401/403 not an administrator; 404 unknown return; 409 a move the rules refuse, or what
 *   the refund refuses (e.g. those units were already refunded).
 */
export async function updateReturn(actor: SessionUser | null, returnId: number, input: ReturnUpdateInput): Promise<ReturnJson> {
  // Refunding a return is orders.refund; approving, declining and receiving it orders.fulfil.
  authorize(actor, input.status === 'refunded' ? 'orders.refund' : 'orders.fulfil');
  const to: ReturnStatus = input.status;
  if (to === 'refunded') {
    const [ret] = await db.select().from(returns).where(eq(returns.id, returnId));
    if (!ret) throw notFound('Return not found.');
    const refused = returnTransition(ret, to, actor);
    if (refused) throw new AppError(refused.refused.code, refused.refused.message);
    if (ret.refundId !== null && ret.status === 'received') {
      const [pending] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, ret.refundId));
      if (pending?.status === 'pending') throw conflict('The refund of this return is already under way.');
    }
    const lines = await db.select({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity }).from(returnLines).where(eq(returnLines.returnId, returnId));
    const attempt = (await db.select({ n: countRows() }).from(refunds).where(eq(refunds.returnId, returnId)))[0]?.n ?? 0;
    // The collection fee the Returns page promises, when the shop collected the items (settings).
    const collectionFeeCents = input.deduct_collection_fee ? (await getShopSettings()).returnCollectionFeeCents : 0;
    await createRefund(actor, ret.orderId, { lines, includeDeliveryFee: false, restock: true, reason: `Return #${returnId}: ${ret.reason}`.slice(0, 500), idempotencyKey: `return-${returnId}-${Number(attempt) + 1}` }, { returnId, collectionFeeCents });
    return (await returnsJson(db, eq(returns.id, returnId)))[0];
  }
  await db.transaction(async (tx) => {
    const [ret] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
    if (!ret) throw notFound('Return not found.');
    const refused = returnTransition(ret, to, actor);
    if (refused) throw new AppError(refused.refused.code, refused.refused.message);
    const deciding = to === 'approved' || to === 'declined';
    await tx
      .update(returns)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(deciding ? { decisionMessage: input.message || null, decidedBy: actor.id, decidedAt: sql`now()` } : {}),
        ...(to === 'received' ? { receivedAt: sql`now()` } : {}),
      })
      .where(eq(returns.id, returnId));
    if (deciding) await mailReturnUpdate(tx, returnId);
    await recordAudit(tx, actor, {
      action: `return.${to === 'approved' ? 'approve' : to === 'declined' ? 'decline' : to}`,
      target: { type: 'return', id: returnId, label: `Return #${returnId} of order #${ret.orderId}` },
      before: { status: ret.status, decisionMessage: ret.decisionMessage },
      after: { status: to, decisionMessage: deciding ? input.message || null : ret.decisionMessage },
    });
  });
  kickDelivery();
  return (await returnsJson(db, eq(returns.id, returnId)))[0];
}

/** Returns as JSON (lines with their names and prices), newest first. */
async function returnsJson(executor: Executor, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<ReturnJson[]> {
  const base = executor
    .select({ ret: returns, userName: users.userName, email: users.email, currency: orders.currency, pricesIncludeGst: orders.pricesIncludeGst, gstRatePercent: orders.gstRatePercent, collectionFee: refunds.collectionFeeAmount })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, returns.userId))
    .leftJoin(refunds, eq(refunds.id, returns.refundId))
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.id));
  const rows = page ? await base.limit(page.limit).offset(page.offset) : await base;
  if (rows.length === 0) return [];
  const lines = await executor
    .select({ returnId: returnLines.returnId, orderItemId: returnLines.orderItemId, quantity: returnLines.quantity, name: orderItems.productName, sku: orderItems.sku, unitPrice: orderItems.unitPrice, totalPrice: orderItems.totalPrice, discountCents: orderItems.discountCents, lineQuantity: orderItems.quantity })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(inArray(returnLines.returnId, rows.map((r) => r.ret.id)))
    .orderBy(asc(returnLines.id));
  return rows.map(({ ret, userName, email, currency, collectionFee, ...gstRule }: { ret: Return; userName: string; email: string; currency: string; pricesIncludeGst: boolean; gstRatePercent: number; collectionFee: number | null }) => {
    const own = lines.filter((l) => l.returnId === ret.id);
    return {
      return_id: ret.id,
      order_id: ret.orderId,
      user_id: ret.userId,
      customer: userName,
      customer_email: email,
      status: ret.status,
      reason: ret.reason,
      decision_message: ret.decisionMessage,
      created_at: ret.createdAt.toISOString(),
      decided_at: ret.decidedAt?.toISOString() ?? null,
      received_at: ret.receivedAt?.toISOString() ?? null,
      refund_id: ret.refundId,
      // What these units were paid, as a refund of them would give back: less their share of a
      // discount code, GST added where the order's prices excluded it (lib/orders/refunds.ts).
      amount: toDecimal(own.reduce((s, l) => s + chargedWithGst(gstRule, paidForUnits({ totalPrice: l.totalPrice, discountCents: l.discountCents, quantity: l.lineQuantity }, 0, l.quantity)), 0)),
      collection_fee: toDecimal(collectionFee ?? 0),
      currency,
      lines: own.map((l) => ({ order_item_id: l.orderItemId, name: l.name, sku: l.sku, quantity: l.quantity, unit_price: toDecimal(l.unitPrice) })),
    };
  });
}

/**
 * GET /api/returns — administrators: the Returns queue, `status` open (requested, approved,
 * received: the default), one state or all, optionally of one order, newest first,
 * RETURNS_PER_PAGE a page, with the count of each state. Customers: their own returns (the
 * owner in the WHERE), of one order when asked.
 * @throws 401 signed out.
 */
export async function listReturns(actor: SessionUser | null, query: { status?: ReturnFilter; order_id?: number; page?: number } = {}): Promise<ReturnPageJson> {
  authorize(actor, 'user');
  // Staff see any order only with orders.read (docs/accounts-and-security.md "Staff roles and permissions").
  if (actor.isAdmin) authorize(actor, 'orders.read');
  const status = query.status ?? (actor.isAdmin ? 'open' : 'all');
  const owner = actor.isAdmin ? undefined : eq(returns.userId, actor.id);
  const ofOrder = query.order_id ? eq(returns.orderId, query.order_id) : undefined;
  const byStatus = status === 'all' ? undefined : status === 'open' ? inArray(returns.status, RETURN_OPEN) : eq(returns.status, status);
  const where = and(owner, ofOrder, byStatus);
  const counted = await db
    .select({ status: returns.status, n: countRows() })
    .from(returns)
    .where(and(owner, ofOrder))
    .groupBy(returns.status);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, Number(counted.find((c) => c.status === s)?.n ?? 0)])) as ReturnPageJson['counts'];
  const [{ n }] = await db.select({ n: countRows() }).from(returns).where(where);
  const total = Number(n);
  const totalPages = Math.max(1, Math.ceil(total / RETURNS_PER_PAGE));
  const currentPage = Math.min(Math.max(1, query.page ?? 1), totalPages);
  const list = await returnsJson(db, where, { limit: RETURNS_PER_PAGE, offset: (currentPage - 1) * RETURNS_PER_PAGE });
  return { returns: list, counts, currentPage, totalPages, total };
}

/**
 * The lines a customer may still return of their order, and until when (for the Return items
 * dialog): empty when the order may not be returned now (with the reason).
 */
export async function returnableLines(actor: SessionUser, orderId: number, now: Date = new Date()): Promise<{ allowed: boolean; reason: string | null; windowEnds: string | null; lines: { order_item_id: number; name: string; returnable_quantity: number }[] }> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, actor.id)));
  if (!order) throw notFound('Order not found.');
  const { returnWindowDays } = await getShopSettings();
  const refused = mayRequestReturn(order, actor, returnWindowDays, now);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const taken = await takenUnits(db, orderId);
  const base = order.deliveredAt ?? order.updatedAt;
  return {
    allowed: refused === null,
    reason: refused?.refused.message ?? null,
    windowEnds: isHandedOver(order.status) ? new Date(base.getTime() + returnWindowDays * 86_400_000).toISOString() : null,
    lines: items.map((i) => ({ order_item_id: i.id, name: i.productName, returnable_quantity: refused ? 0 : Math.max(0, i.quantity - (taken.get(i.id) ?? 0)) })),
  };
}
