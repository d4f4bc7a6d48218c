/**
 * Admin order editing (spec §2 Order Management, §4 Admin order editing, §5 Admin order items,
 * docs/architecture.md "Order status" and "Stock").
 *
 * Every save is one transaction with the order row locked (SELECT … FOR UPDATE), so two admins
 * (or an admin and a payment webhook) never interleave on one order, and a refused save changes
 * nothing — status, messages and items are applied together or not at all (updateOrder). The rules:
 *   - totals are recomputed after every item change with computeTotals(), keeping the order's delivery fee and GST rule;
 *   - stock follows quantities: more units are reserved by the same rule as a customer's order
 *     (holdLines, lib/orders/stock.ts: at the locations of the order's delivery, live products sold
 *     online only; 409 when short or unavailable), fewer units or a deleted line let go of the
 *     line's newest holds — except on a
 *     cancelled order, whose stock was already returned;
 *   - after the commit the cached reads of every product whose stock moved are refreshed, and the
 *     product lists when one of them sold out or came back (invalidateProductStock);
 *   - items of a paid (or refunded) order are locked (409);
 *   - an order keeps at least one item (409: delete the order instead);
 *   - status changes follow lib/orders/rules.ts through moveOrder (lib/orders/service.ts):
 *     cancelling returns the stock, re-opening a cancelled order takes it again (409 when the
 *     shelves are short). A cancelled order therefore never holds stock, whatever its payment;
 *   - a status change the customer is told about (shipped, delivered, cancelled) writes its e-mail
 *     into the outbox in the same transaction (lib/mail/events.ts; docs/mail.md), and delivery is
 *     kicked after the commit.
 *
 * Every exported operation takes the signed-in administrator first and checks it (authorize).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Tx } from '@/db/client';
import { orderItems, orders, type Order, type OrderStatus } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { recordAudit } from '@/lib/audit/record';
import { orderSnapshot, orderTarget } from '@/lib/orders/audit-snapshot';
import { invalidateProductStock, type StockMove } from '@/lib/catalog/read/cache';
import { kickDelivery } from '@/lib/mail/deliver';
import { mailOrderCancelled, mailOrderDelivered, mailOrderReadyForCollection, mailOrderShipped, mailReviewRequest } from '@/lib/mail/events';
import { refreshProductRatings } from '@/lib/reviews/stats';
import { conflict, forbidden, notFound } from '@/lib/server/errors';
import { toCents } from '@/lib/money';
import type { OrderJson } from '@/lib/orders/mappers';
import { getOrder, listOrders } from '@/lib/orders/queries';
import { lockOrder, moveOrder } from '@/lib/orders/service';
import { actorOf, recordEvent } from '@/lib/orders/history';
import { holdLines, releaseUnits, sourceOf } from '@/lib/orders/stock';
import { expireOrders } from '@/lib/orders/expiry';
import { computeTotals, lineTotal } from '@/lib/pricing/totals';
import { repriceRule } from '@/lib/discounts/service';
import { allocateDiscount } from '@/lib/pricing/discounts';
import { ORDERS_PAGE_SIZE } from '@/lib/orders/schemas';
import type { OrderSearch } from '@/lib/orders/search-schema';
import type { OrderItemsInput, OrderMessagesInput, OrderUpdateInput } from '@/lib/orders/edit-schemas';

/** The order JSON of the REST contract (lib/orders/mappers.ts, shared with the storefront). */
export type AdminOrderJson = OrderJson;

export const ADMIN_ORDERS_PAGE_SIZE = ORDERS_PAGE_SIZE;

/**
 * The Order Management list: newest first, optionally one status and a search (q: order number,
 * customer name or e-mail; from/to: days, lib/orders/search.ts),
 * ADMIN_ORDERS_PAGE_SIZE a page (spec §9); a page past the end shows the last page.
 * @returns { orders: OrderJson[], currentPage, totalPages, total }
 * @throws 401 no actor; 403 not an administrator.
 */
export async function listAdminOrders(actor: SessionUser, opts: { status?: OrderStatus; page?: number; limit?: number } & OrderSearch = {}) {
  authorize(actor, 'orders.read');
  const limit = opts.limit ?? ADMIN_ORDERS_PAGE_SIZE;
  const filters = { status: opts.status, q: opts.q, from: opts.from, to: opts.to };
  let result = await listOrders(actor, { ...filters, page: Math.max(1, opts.page ?? 1), limit });
  if (result.page > result.totalPages) result = await listOrders(actor, { ...filters, page: result.totalPages, limit });
  return { orders: result.orders, currentPage: result.page, totalPages: result.totalPages, total: result.total };
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

function assertItemsEditable(order: Order) {
  if (order.paymentStatus !== 'unpaid') {
    throw conflict(`The items of a ${order.paymentStatus.replace('_', ' ')} order cannot be changed: the customer has already been charged for them.`);
  }
}

/**
 * Recomputes subtotal, discount, shipping, GST and total from the order's current lines (cents):
 * the delivery and assembly fees the order was charged, GST by the rule the order was placed under (its stored rate and
 * pricing), the discount by the code the order carries.
 */
async function recomputeTotals(tx: Tx, order: Order) {
  const lines = await tx.select({ id: orderItems.id, productId: orderItems.productId, unitPrice: orderItems.unitPrice, quantity: orderItems.quantity, discountCents: orderItems.discountCents }).from(orderItems).where(eq(orderItems.orderId, order.id));
  // A discount code the order carries is priced again on its new lines (no new use, no date or
  // minimum-spend check: docs/discounts.md).
  const code = await repriceRule(tx, order.discountCodeId, lines);
  // An order keeps the delivery and assembly fees it was charged (docs/delivery.md): an item
  // edit is not a new quote.
  const rule = { shippingFeeCents: order.shippingFee, freeShippingThresholdCents: 0, assemblyFeeCents: order.assemblyFee, gstRatePercent: order.gstRatePercent, pricesIncludeGst: order.pricesIncludeGst };
  const t = code ? computeTotals(code.lines, rule, code.rule) : computeTotals(lines, rule);
  const shares = code ? allocateDiscount(code.lines, t.discount) : lines.map(() => 0);
  for (const [i, line] of lines.entries()) {
    if (line.discountCents !== shares[i]) await tx.update(orderItems).set({ discountCents: shares[i] }).where(eq(orderItems.id, line.id));
  }
  await tx
    .update(orders)
    .set({ subtotal: t.subtotal, discountCents: t.discount, shippingFee: t.shippingFee, totalAmount: t.totalAmount, gstAmount: t.gst, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
}

/**
 * Changes quantities and unit prices (dollars) of lines of the locked order; stock follows the
 * quantity change unless the order is cancelled. Adds the stock moves (and those of overdue holds
 * released first) to `moves`. @throws 404 an item of another order; 409 paid order, short or
 * unavailable stock.
 */
async function applyItemEdits(tx: Tx, order: Order, edits: OrderItemsInput, moves: StockMove[]) {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const edit of edits) if (!byId.has(edit.itemId)) throw notFound(`Item ${edit.itemId} is not part of order ${order.id}.`);
  assertItemsEditable(order);
  // Products in a fixed order so concurrent edits of several orders cannot deadlock.
  const sorted = [...edits].sort((a, b) => byId.get(a.itemId)!.productId - byId.get(b.itemId)!.productId || a.itemId - b.itemId);
  // Overdue unpaid orders holding the products this edit reserves more of release them first (lib/orders/expiry.ts).
  const raised = order.status === 'cancelled' ? [] : sorted.filter((e) => e.quantity !== undefined && e.quantity > byId.get(e.itemId)!.quantity).map((e) => byId.get(e.itemId)!.productId);
  moves.push(...(await expireOrders(tx, { productIds: raised, exceptOrderId: order.id })).moves);
  for (const edit of sorted) {
    const line = byId.get(edit.itemId)!;
    const quantity = edit.quantity ?? line.quantity;
    const unitPrice = edit.price === undefined ? line.unitPrice : toCents(edit.price);
    if (quantity === line.quantity && unitPrice === line.unitPrice) continue;
    const delta = quantity - line.quantity;
    if (order.status !== 'cancelled' && delta !== 0) {
      // More units are held by the order's delivery, as when it was placed; fewer let go of the newest holds.
      if (delta > 0) moves.push(...(await holdLines(tx, [{ orderId: order.id, orderItemId: line.id, productId: line.productId, quantity: delta }], await sourceOf(tx, order), { more: true })));
      else {
        const move = await releaseUnits(tx, line, -delta);
        if (move) moves.push(move);
      }
    }
    await tx
      .update(orderItems)
      .set({ quantity, unitPrice, totalPrice: lineTotal({ unitPrice, quantity }) })
      .where(eq(orderItems.id, line.id));
  }
  await recomputeTotals(tx, order);
}

/** The customer's e-mail about an administrator's status change, if that status has one. */
async function mailStatusChange(tx: Tx, orderId: number, status: OrderStatus): Promise<void> {
  if (status === 'shipped') await mailOrderShipped(tx, orderId);
  else if (status === 'delivered') {
    await mailOrderDelivered(tx, orderId);
    // Asked for a review once review_request_delay_days have passed.
    await mailReviewRequest(tx, orderId);
  }
  else if (status === 'cancelled') await mailOrderCancelled(tx, orderId, 'admin');
  // Click & collect: told when it is ready; once collected, asked for a review as when delivered.
  else if (status === 'ready_for_collection') await mailOrderReadyForCollection(tx, orderId);
  else if (status === 'collected') await mailReviewRequest(tx, orderId);
}

/** The refusal of a staff change to the customer's own message. */
export const CUSTOMER_MESSAGE_READ_ONLY = "The customer's message is their own and cannot be changed by staff. Add your note as the sales message instead.";

/**
 * PUT /api/orders/{id} — one save of the Edit Order form: any of status, item edits
 * (`items: [{itemId, quantity, price (dollars)}]`) and sales_message, applied in ONE transaction:
 * either all of it is saved or, when any part is refused, none of it. customer_message is
 * read-only for staff: the same text is accepted and ignored, a different one refused (403).
 * Items are applied before the status, so cancelling returns (and re-opening reserves) the edited
 * quantities. A new status of shipped, delivered, ready_for_collection, collected or cancelled writes the customer's e-mail in the
 * same transaction. After the commit, the cached reads of every product whose stock moved are refreshed
 * (the product lists too when one sold out or came back: invalidateProductStock).
 * @returns the updated order JSON (money in dollars).
 * @throws 401/403 not an administrator; 403 a changed customer_message; 404 unknown order or an
 *   item of another order; 409 items of a paid order, short or unavailable stock (nothing written).
 */
export async function updateOrder(actor: SessionUser, orderId: number, input: OrderUpdateInput): Promise<AdminOrderJson> {
  authorize(actor, 'orders.fulfil');
  const moves: StockMove[] = [];
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const before = await orderSnapshot(tx, orderId);
    // The customer's message is their own words: staff read it but never rewrite it; their notes go
    // in the sales message (docs/orders.md "Back office order handling"). Sending it unchanged is
    // accepted, so a form that posts both fields still saves.
    if (input.customer_message !== undefined && (input.customer_message ?? null) !== (order.customerMessage?.trim() || null)) throw forbidden(CUSTOMER_MESSAGE_READ_ONLY);
    if (input.items && input.items.length > 0) await applyItemEdits(tx, order, input.items, moves);
    if (input.status !== undefined) {
      moves.push(...(await moveOrder(tx, order, input.status, actor)));
      if (input.status !== order.status) await mailStatusChange(tx, orderId, input.status);
    }
    if (input.sales_message !== undefined) {
      await tx.update(orders).set({ salesMessage: input.sales_message, updatedAt: new Date() }).where(eq(orders.id, orderId));
      // The history keeps the message as it was changed (an emptied one too).
      if (input.sales_message !== (order.salesMessage ?? '')) await recordEvent(tx, { orderId, kind: 'sales_message', ...actorOf(actor), note: input.sales_message || null });
    }
    const action = input.status !== undefined && input.status !== order.status ? 'order.status' : input.items?.length ? 'order.items' : 'order.update';
    await recordAudit(tx, actor, { action, target: orderTarget(orderId), before, after: await orderSnapshot(tx, orderId) });
    return getOrder(actor, orderId, tx);
  });
  invalidateProductStock(moves);
  kickDelivery();
  return result;
}

/**
 * PUT /api/orders/{id}/items — changes quantities (whole, ≥ 1) and unit prices (dollars) of lines
 * of the order; stock follows the quantity change; totals are recomputed. See updateOrder.
 * @throws 401/403 not an administrator; 404 unknown order or an item of another order; 409 paid
 *   order, short stock.
 */
export const updateOrderItems = (actor: SessionUser, orderId: number, edits: OrderItemsInput) => updateOrder(actor, orderId, { items: edits });

/**
 * PUT /api/orders/{id}/messages — sets the sales message (staff notes; empty clears it), whatever
 * the order's state. The customer's message is theirs: sent unchanged it is ignored, changed it is
 * refused. @throws 401/403 not an administrator; 403 a changed customer_message; 404 unknown order.
 */
export const updateOrderMessages = (actor: SessionUser, orderId: number, input: OrderMessagesInput) => updateOrder(actor, orderId, input);

/**
 * DELETE /api/orders/{id}/items/{itemId} — removes one line, returns its stock (unless the order
 * is cancelled) and recomputes totals.
 * @returns the updated order JSON.
 * @throws 401/403 not an administrator; 404 unknown order or an item of another order; 409 paid
 *   order or the last item.
 */
export async function deleteOrderItem(actor: SessionUser, orderId: number, itemId: number): Promise<AdminOrderJson> {
  authorize(actor, 'orders.fulfil');
  const { result, moves } = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const before = await orderSnapshot(tx, orderId);
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const line = lines.find((l) => l.id === itemId);
    if (!line) throw notFound(`Item ${itemId} is not part of order ${orderId}.`);
    assertItemsEditable(order);
    if (lines.length === 1) throw conflict('This is the last item of the order. Delete the order instead.');
    // A cancelled order's stock was returned when it was cancelled.
    const move = order.status !== 'cancelled' ? await releaseUnits(tx, line) : null;
    await tx.delete(orderItems).where(eq(orderItems.id, itemId));
    // A review of the line went with it: its stars leave the product's rating.
    await refreshProductRatings(tx, [line.productId]);
    await recomputeTotals(tx, order);
    await recordAudit(tx, actor, { action: 'order.item_remove', target: orderTarget(orderId), before, after: await orderSnapshot(tx, orderId) });
    return { result: await getOrder(actor, orderId, tx), moves: move ? [move] : [] };
  });
  invalidateProductStock(moves);
  return result;
}
