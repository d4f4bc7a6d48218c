/**
 * Admin order editing (spec §2 Order Management, §4 Admin order editing, §5 Admin order items,
 * DESIGN.md "Order status" and "Stock").
 *
 * Every write runs in one transaction with the order row locked (SELECT … FOR UPDATE), so two
 * admins (or an admin and a payment webhook) never interleave on one order. The rules:
 *   - totals are recomputed after every item change with computeTotals() and the shop settings;
 *   - stock follows quantities: more units take stock with a conditional UPDATE that never goes
 *     below zero (409 when short), fewer units or a deleted line give stock back — except on a
 *     cancelled order, whose stock was already returned;
 *   - items of a paid (or refunded) order are locked (409);
 *   - an order keeps at least one item (409: delete the order instead);
 *   - cancelling an order returns its stock; re-opening a cancelled order takes it again (409 when
 *     the shelves are short). A cancelled order therefore never holds stock, whatever its payment.
 */
import 'server-only';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { db, type Executor, type Tx } from '@/db/client';
import { orderItems, orders, products, type Order, type OrderStatus } from '@/db/schema';
import { stockMessage } from '@/lib/cart/service';
import { conflict, notFound } from '@/lib/errors';
import { toCents } from '@/lib/money';
import type { OrderJson } from '@/lib/orders/mappers';
import { getOrder, listOrders } from '@/lib/orders/queries';
import { returnStock, stopPaymentAttempts } from '@/lib/orders/service';
import { computeTotals, lineTotal } from '@/lib/orders/totals';
import { ORDERS_PAGE_SIZE } from '@/lib/validation/order';
import { getShopSettings } from '@/lib/settings';
import type { OrderItemsInput, OrderMessagesInput } from '@/lib/validation/admin-orders';

/** The order JSON of the REST contract (lib/orders/mappers.ts, shared with the storefront). */
export type AdminOrderJson = OrderJson;

/** An administrator's view: every order. */
const ADMIN_VIEW = { id: 0, isAdmin: true } as const;

/** The order as contract JSON (404 when it does not exist). */
export const getAdminOrder = (orderId: number, executor: Executor = db) => getOrder(ADMIN_VIEW, orderId, executor);

export const ADMIN_ORDERS_PAGE_SIZE = ORDERS_PAGE_SIZE;

/**
 * The Order Management list: newest first, optionally one status, 10 a page (spec §9); a page past
 * the end shows the last page. → { orders: OrderJson[], currentPage, totalPages, total }
 */
export async function listAdminOrders(opts: { status?: OrderStatus; page?: number; limit?: number } = {}) {
  const limit = opts.limit ?? ADMIN_ORDERS_PAGE_SIZE;
  let result = await listOrders(ADMIN_VIEW, { status: opts.status, page: Math.max(1, opts.page ?? 1), limit });
  if (result.page > result.totalPages) result = await listOrders(ADMIN_VIEW, { status: opts.status, page: result.totalPages, limit });
  return { orders: result.orders, currentPage: result.page, totalPages: result.totalPages, total: result.total };
}

// ── Writes ──────────────────────────────────────────────────────────────────────────────────

/** Locks the order row for the rest of the transaction; 404 when it does not exist. */
async function lockOrder(tx: Tx, orderId: number): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order not found.');
  return order;
}

function assertItemsEditable(order: Order) {
  if (order.paymentStatus !== 'unpaid') {
    throw conflict(`The items of a ${order.paymentStatus} order cannot be changed: the customer has already been charged for them.`);
  }
}

/**
 * Takes `quantity` units of a product off the shelf, never below zero (conditional UPDATE, safe
 * under any concurrency). 409 naming the product when there are not enough.
 */
async function takeStock(tx: Tx, productId: number, quantity: number, label: string) {
  if (quantity <= 0) return;
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), gte(products.stock, quantity)))
    .returning({ id: products.id });
  if (taken.length === 0) {
    const [p] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId));
    throw conflict(`Not enough stock: ${stockMessage(p?.name ?? label, p?.stock ?? 0)} ${quantity} more would be needed.`);
  }
}

/** Recomputes subtotal, shipping and total from the order's current lines (cents). */
async function recomputeTotals(tx: Tx, orderId: number) {
  const lines = await tx.select({ unitPrice: orderItems.unitPrice, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const totals = computeTotals(lines, await getShopSettings(tx));
  await tx
    .update(orders)
    .set({ ...totals, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * PUT /api/orders/{id} — sets the status (any transition, spec §4). Cancelling returns the order's
 * stock; re-opening a cancelled order takes it again (409 when short, nothing changed).
 * @returns the updated order JSON. @throws 404 unknown order, 409 short stock on re-opening.
 */
export async function updateOrderStatus(orderId: number, status: OrderStatus): Promise<AdminOrderJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== status) {
      const wasCancelled = order.status === 'cancelled';
      const cancelling = status === 'cancelled';
      if (wasCancelled !== cancelling) {
        const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.productId));
        for (const line of lines) {
          if (cancelling) await returnStock(tx, line.productId, line.quantity);
          else await takeStock(tx, line.productId, line.quantity, line.productName);
        }
      }
      await tx
        .update(orders)
        .set({ status, cancelledAt: cancelling ? new Date() : null, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      if (cancelling) await stopPaymentAttempts(tx, orderId);
    }
    return getAdminOrder(orderId, tx);
  });
}

/**
 * PUT /api/orders/{id}/items — changes quantities (whole, ≥ 1) and unit prices (dollars) of lines
 * of the order; stock follows the quantity change; totals are recomputed.
 * @returns the updated order JSON.
 * @throws 404 unknown order or an item of another order; 409 paid order, short stock.
 */
export async function updateOrderItems(orderId: number, edits: OrderItemsInput): Promise<AdminOrderJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const byId = new Map(lines.map((l) => [l.id, l]));
    for (const edit of edits) if (!byId.has(edit.itemId)) throw notFound(`Item ${edit.itemId} is not part of order ${orderId}.`);
    assertItemsEditable(order);
    // Products in a fixed order so concurrent edits of several orders cannot deadlock.
    const sorted = [...edits].sort((a, b) => byId.get(a.itemId)!.productId - byId.get(b.itemId)!.productId || a.itemId - b.itemId);
    for (const edit of sorted) {
      const line = byId.get(edit.itemId)!;
      const quantity = edit.quantity ?? line.quantity;
      const unitPrice = edit.price === undefined ? line.unitPrice : toCents(edit.price);
      if (quantity === line.quantity && unitPrice === line.unitPrice) continue;
      if (order.status !== 'cancelled') {
        const delta = quantity - line.quantity;
        if (delta > 0) await takeStock(tx, line.productId, delta, line.productName);
        else await returnStock(tx, line.productId, -delta);
      }
      await tx
        .update(orderItems)
        .set({ quantity, unitPrice, totalPrice: lineTotal({ unitPrice, quantity }) })
        .where(eq(orderItems.id, line.id));
    }
    await recomputeTotals(tx, orderId);
    return getAdminOrder(orderId, tx);
  });
}

/**
 * DELETE /api/orders/{id}/items/{itemId} — removes one line, returns its stock (unless the order
 * is cancelled) and recomputes totals.
 * @returns the updated order JSON.
 * @throws 404 unknown order or an item of another order; 409 paid order or the last item.
 */
export async function deleteOrderItem(orderId: number, itemId: number): Promise<AdminOrderJson> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const line = lines.find((l) => l.id === itemId);
    if (!line) throw notFound(`Item ${itemId} is not part of order ${orderId}.`);
    assertItemsEditable(order);
    if (lines.length === 1) throw conflict('This is the last item of the order. Delete the order instead.');
    if (order.status !== 'cancelled') await returnStock(tx, line.productId, line.quantity);
    await tx.delete(orderItems).where(eq(orderItems.id, itemId));
    await recomputeTotals(tx, orderId);
    return getAdminOrder(orderId, tx);
  });
}

/**
 * PUT /api/orders/{id}/messages — sets the customer and/or sales message (empty clears it).
 * Allowed whatever the order's state. @throws 404 unknown order.
 */
export async function updateOrderMessages(orderId: number, input: OrderMessagesInput): Promise<AdminOrderJson> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const patch: Partial<Order> = { updatedAt: new Date() };
    if (input.customer_message !== undefined) patch.customerMessage = input.customer_message;
    if (input.sales_message !== undefined) patch.salesMessage = input.sales_message;
    await tx.update(orders).set(patch).where(eq(orders.id, orderId));
    return getAdminOrder(orderId, tx);
  });
}
