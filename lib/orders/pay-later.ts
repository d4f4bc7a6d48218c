/**
 * Paying an order with Afterpay or Klarna through the card gateway (docs/buying.md "Afterpay and
 * Klarna"). The shop creates the provider's intent for one method; the browser confirms it and the
 * shopper leaves for the provider's site (the demo approval page without Stripe keys), then comes
 * back to /checkout/{orderId}/return.
 *
 * Rules kept here:
 * - The amount comes from the order (cents); a method is offered only when switched on and within
 *   its limits (lib/payments/pay-later.ts) — checked again here, whatever the browser showed.
 * - Nothing here marks an order paid: only the webhook does (lib/orders/stripe-webhooks.ts
 *   payment_intent.succeeded), so a shopper who closes the tab is still paid and a forged return is not.
 * - One open attempt per order. Starting the same method again resumes its intent (same idempotency
 *   key); another method or a card replaces an attempt still waiting for the shopper (its intent is
 *   cancelled), never one the provider is processing.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orders, payments, type Order, type Payment } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { conflict, badRequest, notFound } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { getCardGateway } from '@/lib/payments/gateway';
import { PAY_LATER_LABELS, payLaterMethodsFor, type PayLaterMethod } from '@/lib/payments/pay-later';
import type { PayLaterReturnJson, PayLaterStartJson } from '@/lib/payments/contracts';
import { isOpenForCustomer } from './rules';

const CARD_GATEWAYS = ['stripe', 'demo'];

/** The page a pay-later payment comes back to (relative; the browser makes it absolute for Stripe). */
export const payLaterReturnPath = (orderId: number) => `/checkout/${orderId}/return`;

/** The demo gateway's stand-in for the provider's site. */
export const demoApprovalPath = (orderId: number) => `/checkout/${orderId}/pay-later`;

/**
 * POST /api/payments/pay-later {orderId, method}: starts (or resumes) paying the user's own
 * pending, unpaid order with `method`. → {clientSecret, paymentIntentId, returnUrl, approvalUrl}:
 * with Stripe the browser confirms `clientSecret` with Stripe.js (redirect to the provider, back to
 * returnUrl); with the demo gateway it goes to approvalUrl. The order is not paid by this call.
 * Errors: 404 not the user's order; 400 the method is off or outside its limits for this total;
 * 409 not payable, or a payment the provider is processing; 502 provider unavailable.
 */
export async function startPayLater(user: Pick<SessionUser, 'id'>, input: { orderId: number; method: PayLaterMethod }): Promise<PayLaterStartJson> {
  const gateway = await getCardGateway();
  const label = PAY_LATER_LABELS[input.method];
  const prepared = await db.transaction(async (tx) => {
    // The order row lock serialises this with card submits and other starts of the same order.
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id))).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.paymentStatus !== 'unpaid') throw conflict('This order has already been paid.');
    if (!isOpenForCustomer(order)) throw conflict(`This order is ${order.status} and can no longer be paid.`);
    const { payLater } = await getShopSettings(tx);
    if (!payLaterMethodsFor(order.totalAmount, order.currency, payLater).includes(input.method)) {
      throw badRequest(`${label} is not available for this order.`);
    }
    const attempts = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.provider, CARD_GATEWAYS)))
      .orderBy(asc(payments.id));
    if (attempts.some((p) => p.status === 'succeeded')) throw conflict('This order has already been paid.');
    const open = attempts.find((p) => p.status === 'pending' || p.status === 'requires_action');
    let replaced: Payment | null = null;
    if (open) {
      if (open.status === 'pending') throw conflict('A payment for this order is already in progress. Please wait a moment.');
      if (open.methodType === input.method) return { order, payment: open, replaced };
      await tx.update(payments).set({ status: 'failed', failureMessage: 'Replaced by another payment attempt.', updatedAt: sql`now()` }).where(eq(payments.id, open.id));
      replaced = open;
    }
    const failed = attempts.filter((p) => p.status === 'failed').length + (replaced ? 1 : 0);
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: user.id,
        provider: gateway.provider,
        methodType: input.method,
        amount: order.totalAmount,
        currency: order.currency,
        // Waiting for the shopper at the provider: the order does not expire meanwhile (lib/orders/expiry.ts).
        status: 'requires_action',
        idempotencyKey: `order-${order.id}-${input.method}-attempt-${failed + 1}`,
      })
      .returning();
    return { order, payment, replaced };
  });

  const { order, payment, replaced } = prepared;
  if (replaced?.providerPaymentId) await gateway.cancel(replaced.providerPaymentId);
  const intent = await gateway.startRedirect({
    amountCents: payment.amount,
    currency: order.currency,
    method: input.method,
    idempotencyKey: payment.idempotencyKey!,
    orderId: order.id,
    paymentId: payment.id,
  });
  await db.update(payments).set({ providerPaymentId: intent.id, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    returnUrl: payLaterReturnPath(order.id),
    approvalUrl: gateway.provider === 'demo' ? `${demoApprovalPath(order.id)}?method=${input.method}` : null,
  };
}

/** The latest card-gateway attempt of an order, or null. */
async function latestAttempt(orderId: number): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.provider, CARD_GATEWAYS)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** What the return page says, from the order and its latest attempt as the webhooks left them. */
function returnStateOf(order: Order, attempt: Payment | null): PayLaterReturnJson {
  const method = attempt && attempt.methodType !== 'card' ? PAY_LATER_LABELS[attempt.methodType as PayLaterMethod] ?? attempt.methodType : null;
  const base = { orderId: order.id, method };
  if (order.paymentStatus !== 'unpaid') return { ...base, state: 'paid', message: 'Payment received. Thank you!' };
  if (!isOpenForCustomer(order)) return { ...base, state: 'closed', message: `This order is ${order.status} and can no longer be paid.` };
  if (attempt && (attempt.status === 'pending' || attempt.status === 'requires_action')) {
    return { ...base, state: 'processing', message: `We are waiting for ${method ?? 'the payment provider'} to confirm your payment. This page updates by itself.` };
  }
  return { ...base, state: 'failed', message: attempt?.failureMessage ?? 'The payment did not go through. Your order is saved — please choose another way to pay.' };
}

/**
 * The state of the user's own order for /checkout/{orderId}/return: paid (the webhook said so),
 * processing (waiting for the provider's word), failed (payable again) or closed (cancelled).
 * Reads only; never marks anything paid. Errors: 404 someone else's or an unknown order.
 */
export async function payLaterReturn(userId: number, orderId: number): Promise<PayLaterReturnJson> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
  if (!order) throw notFound('Order not found.');
  return returnStateOf(order, await latestAttempt(order.id));
}

/** The open pay-later attempt of an order (waiting for the shopper at the provider), or null. */
export async function openPayLaterAttempt(orderId: number): Promise<Payment | null> {
  const attempt = await latestAttempt(orderId);
  return attempt && attempt.methodType !== 'card' && attempt.status === 'requires_action' && attempt.providerPaymentId ? attempt : null;
}
