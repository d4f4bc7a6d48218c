/**
 * Stripe webhooks (docs/architecture.md "Payment state comes from the providers"): the raw body is verified with constructEvent; each event
 * id is handled once (webhook_events, in the same transaction as its effects, so a failed handling
 * is retried by Stripe and a replayed event changes nothing).
 *   payment_intent.succeeded      → the payment succeeded, the order is marked paid (once); the
 *                                   only way a pay-later payment (Afterpay, Klarna) is paid
 *   payment_intent.processing     → the provider approved, the money is on its way: the attempt is
 *                                   pending (the order stays unpaid and does not expire)
 *   payment_intent.payment_failed → the attempt failed (the order stays payable)
 *   payment_intent.canceled       → the attempt ended (the order stays payable)
 *   refund.created, refund.updated, charge.refund.updated, charge.refunded
 *                                 → reconcile refunds: ours (metadata refund_id, or the gateway
 *                                   refund id) are settled or failed; one made in Stripe's dashboard
 *                                   is recorded (lib/orders/refunds.ts recordGatewayRefund)
 * Marking an order paid writes its e-mails in the same transaction (lib/orders/service.ts
 * markOrderPaid); delivery is kicked after the commit.
 */
import 'server-only';
import Stripe from 'stripe';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import type { StockMove } from '@/lib/catalog/read/cache';
import { orders, payments, refunds, type Payment } from '@/db/schema';
import { failRefund, recordGatewayRefund, settleRefund } from '@/lib/orders/refunds';
import { fromStripeRefund } from '@/lib/payments/refund-gateway';
import { paymentMethodOf } from '@/lib/payments/stripe-gateway';
import type { WebhookResult } from '@/lib/payments/contracts';
import { env } from '@/lib/server/env';
import { AppError, badRequest } from '@/lib/server/errors';
import { markOrderPaid } from '@/lib/orders/service';
import { saveCardAfterPayment } from '@/lib/orders/payment';
import { handleEventOnce } from '@/lib/payments/webhook-events';

export type { WebhookResult };

/**
 * Whose events these are: Stripe's own (POST /api/webhooks/stripe), or the demo gateway's, which
 * speaks Stripe's events for its pay-later approval page (lib/orders/demo-pay-later.ts) and
 * settles only payments of the demo gateway.
 */
type Source = 'stripe' | 'demo';

async function findPayment(tx: Tx, pi: Stripe.PaymentIntent, source: Source): Promise<Payment | null> {
  const paymentId = Number(pi.metadata?.payment_id);
  if (Number.isInteger(paymentId) && paymentId > 0) {
    const [row] = await tx.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.provider, source))).limit(1);
    if (row) return row;
  }
  const [row] = await tx.select().from(payments).where(and(eq(payments.provider, source), eq(payments.providerPaymentId, pi.id))).limit(1);
  return row ?? null;
}

/** The pay-later method of a PaymentIntent that allows only one, else 'card'. */
const methodTypeOf = (pi: Stripe.PaymentIntent): string => {
  const types = pi.payment_method_types ?? [];
  return types.length === 1 && types[0] !== 'card' ? types[0] : 'card';
};

/**
 * payment_intent.succeeded: records the payment and marks the order paid exactly once.
 * @returns our payment's id when we had recorded the attempt (its card may be saved after the commit).
 */
async function onSucceeded(tx: Tx, pi: Stripe.PaymentIntent, source: Source): Promise<number | null> {
  const row = await findPayment(tx, pi, source);
  if (row) {
    await tx
      .update(payments)
      .set({ status: 'succeeded', providerPaymentId: pi.id, failureMessage: null, ...(paymentMethodOf(pi) ? { providerPaymentMethodId: paymentMethodOf(pi) } : {}), updatedAt: sql`now()` })
      .where(and(eq(payments.id, row.id), ne(payments.status, 'succeeded')));
    await markOrderPaid(tx, row.orderId, 'credit_card');
    return row.id;
  }
  // A PaymentIntent we have no row for (e.g. the submit request died before recording it).
  const orderId = Number(pi.metadata?.order_id);
  const [order] = Number.isInteger(orderId) && orderId > 0 ? await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1) : [];
  if (!order) {
    console.warn(`[stripe webhook] ${pi.id} succeeded for an unknown order (${pi.metadata?.order_id ?? 'no metadata'})`);
    return null;
  }
  if (pi.amount !== order.totalAmount || pi.currency.toUpperCase() !== order.currency.toUpperCase()) {
    console.warn(`[stripe webhook] ${pi.id} amount ${pi.amount} ${pi.currency} does not match order ${order.id}; not marking it paid`);
    return null;
  }
  await tx
    .insert(payments)
    .values({ orderId: order.id, userId: order.userId, provider: source, methodType: methodTypeOf(pi), providerPaymentId: pi.id, amount: pi.amount, currency: order.currency, status: 'succeeded' })
    .onConflictDoNothing();
  await markOrderPaid(tx, order.id, 'credit_card');
  return null;
}

/**
 * payment_intent.payment_failed and payment_intent.canceled: the attempt failed or was cancelled
 * (never downgrades a succeeded payment; the order stays payable).
 */
async function onFailed(tx: Tx, pi: Stripe.PaymentIntent, source: Source, fallback: string): Promise<void> {
  const row = await findPayment(tx, pi, source);
  if (!row) return;
  await tx
    .update(payments)
    .set({ status: 'failed', providerPaymentId: pi.id, failureMessage: pi.last_payment_error?.message ?? fallback, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), ne(payments.status, 'succeeded')));
}

/**
 * payment_intent.processing: the provider accepted and Stripe awaits the money. The attempt is
 * pending, which keeps its order from expiring (lib/orders/expiry.ts); only an unfinished attempt
 * moves (an event that arrives after succeeded or failed changes nothing).
 */
async function onProcessing(tx: Tx, pi: Stripe.PaymentIntent, source: Source): Promise<void> {
  const row = await findPayment(tx, pi, source);
  if (!row) return;
  await tx
    .update(payments)
    .set({ status: 'pending', providerPaymentId: pi.id, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), inArray(payments.status, ['pending', 'requires_action'])));
}

/**
 * One Stripe Refund reported by a webhook: settles or fails ours (found by metadata.refund_id or
 * by its id), or records one made in Stripe's dashboard against the payment of its PaymentIntent.
 * @returns the stock moves of the units that came back (a restocking refund that succeeded).
 */
async function onRefund(tx: Tx, r: Stripe.Refund): Promise<StockMove[]> {
  const result = fromStripeRefund(r);
  const ourId = Number(r.metadata?.refund_id);
  const [ours] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(Number.isInteger(ourId) && ourId > 0 ? and(eq(refunds.id, ourId), eq(refunds.gateway, 'stripe')) : and(eq(refunds.gateway, 'stripe'), eq(refunds.gatewayRefundId, r.id)))
    .limit(1);
  if (ours) {
    if (result.status === 'succeeded') return (await settleRefund(tx, ours.id, r.id)).moves;
    if (result.status === 'failed') await failRefund(tx, ours.id, result.message ?? 'Stripe could not refund it.', r.id);
    else await tx.update(refunds).set({ gatewayRefundId: r.id }).where(and(eq(refunds.id, ours.id), eq(refunds.status, 'pending')));
    return [];
  }
  const intent = typeof r.payment_intent === 'string' ? r.payment_intent : r.payment_intent?.id;
  if (!intent) return [];
  const [payment] = await tx.select().from(payments).where(and(eq(payments.provider, 'stripe'), eq(payments.providerPaymentId, intent))).limit(1);
  if (!payment) {
    console.warn(`[stripe webhook] refund ${r.id} of unknown PaymentIntent ${intent}`);
    return [];
  }
  if (result.status === 'failed') return [];
  await recordGatewayRefund(tx, payment, { gatewayRefundId: r.id, amount: r.amount, status: result.status, reason: "Refunded in Stripe's dashboard" });
  return [];
}

/** charge.refunded: the Charge lists its refunds (when Stripe includes them); each is reconciled. */
async function onChargeRefunded(tx: Tx, charge: Stripe.Charge): Promise<StockMove[]> {
  const list = (charge.refunds?.data ?? []) as Stripe.Refund[];
  const restocked: StockMove[] = [];
  for (const r of list) {
    const withIntent = { ...r, payment_intent: r.payment_intent ?? charge.payment_intent } as Stripe.Refund;
    restocked.push(...(await onRefund(tx, withIntent)));
  }
  return restocked;
}

/**
 * What one Stripe event changes. @returns the stock moves of the units that came back.
 * `succeeded` receives the id of a payment that succeeded by this event.
 */
async function effectsOf(tx: Tx, event: Stripe.Event, source: Source, succeeded: (paymentId: number) => void): Promise<StockMove[]> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const paymentId = await onSucceeded(tx, event.data.object, source);
      if (paymentId !== null) succeeded(paymentId);
      return [];
    }
    case 'payment_intent.processing':
      await onProcessing(tx, event.data.object, source);
      return [];
    case 'payment_intent.payment_failed':
      await onFailed(tx, event.data.object, source, 'Payment failed. Please try again.');
      return [];
    case 'payment_intent.canceled':
      await onFailed(tx, event.data.object, source, 'The payment was cancelled.');
      return [];
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated':
      return source === 'stripe' ? onRefund(tx, event.data.object) : [];
    case 'charge.refunded':
      return source === 'stripe' ? onChargeRefunded(tx, event.data.object) : [];
    default:
      return [];
  }
}

/**
 * Verifies `rawBody` against `signature` with `secret` (Stripe's scheme, constructEvent) and
 * handles the event once for `source`; saves the chosen card after the commit.
 */
async function verifyAndHandle(rawBody: string, signature: string | null, secret: string, source: Source): Promise<WebhookResult> {
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (e) {
    console.warn('[stripe webhook] signature verification failed:', (e as Error).message);
    throw badRequest('Invalid Stripe signature.');
  }
  let paidPayment: number | null = null;
  const handled = await handleEventOnce({ id: event.id, provider: 'stripe', type: event.type }, (tx) => effectsOf(tx, event, source, (id) => (paidPayment = id)));
  // After the commit: the card the customer chose to keep (the shopper may have closed the page
  // after 3-D Secure, leaving the webhook the only one to see the success).
  if (handled && paidPayment !== null) await saveCardAfterPayment(paidPayment);
  return { received: true, type: event.type, duplicate: !handled };
}

/**
 * POST /api/webhooks/stripe: verifies and handles one webhook delivery. Input: the raw body text
 * and the Stripe-Signature header. Errors: 400 missing or bad signature; 502 when
 * STRIPE_WEBHOOK_SECRET is not configured.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('provider_error', 'Stripe webhooks are not configured on this server.');
  return verifyAndHandle(rawBody, signature, secret, 'stripe');
}

/**
 * The demo gateway's deliveries (lib/orders/demo-pay-later.ts): Stripe-shaped events signed with
 * the demo's own secret, verified and handled by the same code as Stripe's, for demo payments only.
 */
export function handleDemoStripeEvent(rawBody: string, signature: string, secret: string): Promise<WebhookResult> {
  return verifyAndHandle(rawBody, signature, secret, 'demo');
}
