/**
 * Builders for the refund and return tests: a paid order of one or more lines (demo
 * card gateway), an administrator, and the refund / return calls through the real route handlers.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { payments } from '@/db/schema';
import { GET as listRefundsRoute, POST as refundRoute } from '@/app/api/orders/[id]/refunds/route';
import { GET as returnableRoute, POST as requestReturnRoute } from '@/app/api/orders/[id]/returns/route';
import { PUT as moveOrderRoute } from '@/app/api/orders/[id]/route';
import { GET as listReturnsRoute } from '@/app/api/returns/route';
import { PUT as updateReturnRoute } from '@/app/api/returns/[id]/route';
import { POST as submitPayment } from '@/app/api/payments/submit/route';
import { addToCart, orderCart, saveCard, shopper } from './buying';
import { createProduct } from './factories';
import { call } from './http';

export type PaidOrder = Awaited<ReturnType<typeof paidOrder>>;

/**
 * A customer's order of `lines` (each a fresh product: price in cents, quantity, stock), paid
 * with the demo gateway's pm_card_visa (or left unpaid with `pay: false`).
 */
export async function paidOrder(lines: { price: number; quantity: number; stock?: number }[] = [{ price: 19_900, quantity: 2 }], opts: { pay?: boolean } = {}) {
  const customer = await shopper();
  const products = [];
  for (const l of lines) {
    const product = await createProduct({ price: l.price, stock: l.stock ?? 10 });
    products.push(product);
    const added = await addToCart(customer.token, product.id, l.quantity);
    if (added.status !== 200) throw new Error(`add to cart failed: ${JSON.stringify(added.body)}`);
  }
  const placed = await orderCart(customer.token);
  if (placed.status !== 201) throw new Error(`order failed: ${JSON.stringify(placed.body)}`);
  const order = placed.body.order as { order_id: number; total_amount: number; shipping_fee: number; orderItems: { order_item_id: number; product_id: number; quantity: number; unit_price: number }[] };
  if (opts.pay !== false) {
    const card = await saveCard(customer.token, 'pm_card_visa');
    const paid = await call(submitPayment, { method: 'POST', url: '/api/payments/submit', token: customer.token, body: { orderId: order.order_id, paymentMethodId: card.payment_method_id } });
    if (paid.body.status !== 'paid') throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  }
  // Lines in the order of `lines` (the order lists them by product id, which is the same order here).
  const items = products.map((p) => order.orderItems.find((i) => i.product_id === p.id)!);
  return { customer, order, products, items };
}

export const paymentOf = async (orderId: number) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

let keys = 0;
/** A fresh idempotency key (one per "dialog opening"). */
export const freshKey = () => `test-refund-${process.pid}-${Date.now()}-${++keys}`;

export const refund = (token: string, orderId: number, body: Record<string, unknown>) =>
  call(refundRoute, { method: 'POST', url: `/api/orders/${orderId}/refunds`, token, params: { id: String(orderId) }, body: { idempotencyKey: freshKey(), ...body } });

export const refundsOf = (token: string, orderId: number) => call(listRefundsRoute, { url: `/api/orders/${orderId}/refunds`, token, params: { id: String(orderId) } });

export const setStatus = (token: string, orderId: number, status: string) => call(moveOrderRoute, { method: 'PUT', url: `/api/orders/${orderId}`, token, params: { id: String(orderId) }, body: { status } });

export const returnable = (token: string, orderId: number) => call(returnableRoute, { url: `/api/orders/${orderId}/returns`, token, params: { id: String(orderId) } });

export const requestReturn = (token: string, orderId: number, body: Record<string, unknown>) =>
  call(requestReturnRoute, { method: 'POST', url: `/api/orders/${orderId}/returns`, token, params: { id: String(orderId) }, body });

export const moveReturn = (token: string, returnId: number, body: Record<string, unknown>) =>
  call(updateReturnRoute, { method: 'PUT', url: `/api/returns/${returnId}`, token, params: { id: String(returnId) }, body });

export const listReturns = (token: string, query = '') => call(listReturnsRoute, { url: `/api/returns${query ? `?${query}` : ''}`, token });
