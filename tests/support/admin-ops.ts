/**
 * Builders for the back-office tests: orders, order items and payments written straight to the
 * database (the buying flow is not needed to set up an order in a given state).
 */
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orderItems, orders, payments, products, refunds, type NewOrder, type Order, type OrderItem, type Payment, type Product } from '@/db/schema';
import { createProduct, createUser } from './factories';

export type LineSpec = { product?: Product; quantity?: number; unitPrice?: number };

/**
 * An order with the given lines (default: one line of a fresh product, quantity 1 at the product's
 * price). Totals are the plain sum (no shipping) unless overridden. Stock is not touched.
 */
export async function createOrder(
  opts: { userId?: number; lines?: LineSpec[] } & Partial<Pick<NewOrder, 'status' | 'paymentStatus' | 'paidAt' | 'createdAt' | 'customerMessage' | 'salesMessage' | 'shippingFee'>> = {},
): Promise<{ order: Order; items: OrderItem[] }> {
  const userId = opts.userId ?? (await createUser()).id;
  const specs = opts.lines ?? [{}];
  const lines: Array<{ product: Product; quantity: number; unitPrice: number }> = [];
  for (const s of specs) {
    const product = s.product ?? (await createProduct());
    lines.push({ product, quantity: s.quantity ?? 1, unitPrice: s.unitPrice ?? product.price });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const shippingFee = opts.shippingFee ?? 0;
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      status: opts.status ?? 'pending',
      paymentStatus: opts.paymentStatus ?? 'unpaid',
      subtotal,
      shippingFee,
      totalAmount: subtotal + shippingFee,
      currency: 'NZD',
      paidAt: opts.paidAt ?? (opts.paymentStatus === 'paid' ? new Date() : null),
      createdAt: opts.createdAt ?? new Date(),
      customerMessage: opts.customerMessage ?? null,
      salesMessage: opts.salesMessage ?? null,
      address: { streetAddress: '12 Ponsonby Road', city: 'Auckland', postalCode: '1011', country: 'New Zealand' },
      contact: { firstName: 'Sam', lastName: 'Taylor', phoneNumber: '021 555 0101', email: 'sam@example.test' },
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.product.id,
        productName: l.product.name,
        sku: l.product.sku,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        totalPrice: l.unitPrice * l.quantity,
      })),
    )
    .returning();
  return { order, items };
}

/** A payment row for an order (amount in cents, default the order total). */
export async function createPayment(order: Order, opts: { status?: string; amount?: number; createdAt?: Date; updatedAt?: Date; provider?: string } = {}) {
  const [p] = await db
    .insert(payments)
    .values({
      orderId: order.id,
      userId: order.userId,
      provider: opts.provider ?? 'demo',
      providerPaymentId: `demo_${order.id}_${Math.random().toString(36).slice(2)}`,
      amount: opts.amount ?? order.totalAmount,
      currency: 'NZD',
      status: opts.status ?? 'succeeded',
      createdAt: opts.createdAt ?? new Date(),
      updatedAt: opts.updatedAt ?? opts.createdAt ?? new Date(),
    })
    .returning();
  return p;
}

/** A refund row of a payment, as settleRefund leaves it: succeeded unless told (amount in cents, default the whole payment). */
export async function createRefundRow(payment: Payment, opts: { status?: 'pending' | 'succeeded' | 'failed'; amount?: number; settledAt?: Date } = {}) {
  const amount = opts.amount ?? payment.amount;
  const status = opts.status ?? 'succeeded';
  const [r] = await db
    .insert(refunds)
    .values({ orderId: payment.orderId, paymentId: payment.id, amount, status, gateway: payment.provider, settledAt: status === 'pending' ? null : (opts.settledAt ?? new Date()) })
    .returning();
  if (status !== 'failed') await db.update(payments).set({ refundedAmount: sql`${payments.refundedAmount} + ${amount}` }).where(eq(payments.id, payment.id));
  return r;
}

/** Current stock of a product. */
export async function stockOf(productId: number): Promise<number> {
  const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p.stock;
}

/** The order row as stored now. */
export async function reloadOrder(orderId: number): Promise<Order> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  return o;
}
