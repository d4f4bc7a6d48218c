/**
 * An order as the audit log compares it before and after a staff change (docs/accounts-and-security.md
 * "Audit log"): what staff can change or cause — status, payment status, the lines, the money
 * (in dollars), the delivery day and the sales message. Not the customer's address or contact.
 */
import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { orderItems, orders } from '@/db/schema';
import { toDecimal } from '@/lib/money';

/** An order as the audit log names it. */
export const orderTarget = (orderId: number) => ({ type: 'order', id: orderId, label: `Order #${orderId}` });

/** The order's audited fields, read in `executor` (null when the order does not exist). */
export async function orderSnapshot(executor: Executor, orderId: number): Promise<Record<string, unknown> | null> {
  const [order] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await executor.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    items: lines.map((l) => `${l.productName} (${l.sku}) × ${l.quantity} at ${toDecimal(l.unitPrice).toFixed(2)}`),
    subtotal: toDecimal(order.subtotal),
    discount: toDecimal(order.discountCents),
    shippingFee: toDecimal(order.shippingFee),
    gst: toDecimal(order.gstAmount),
    total: toDecimal(order.totalAmount),
    deliveryDate: order.deliveryDate,
    deliveryWindow: order.deliveryWindow,
    salesMessage: order.salesMessage,
  };
}
