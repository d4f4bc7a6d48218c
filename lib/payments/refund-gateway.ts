/**
 * Refunds at the gateway that took the payment (lib/orders/refunds.ts calls it
 * after the refund's row is committed). Every call is keyed `refund-{refund id}` (Stripe's
 * Idempotency-Key, PayPal's PayPal-Request-Id), so a retry of the same refund — the cron route's,
 * or a second process's — is the same refund at the gateway, never a second one.
 *   stripe       Refunds API: refunds.create({ payment_intent, amount })
 *   paypal       Payments v2: POST /v2/payments/captures/{capture_id}/refund
 *   demo, demo_paypal  succeed at once (no network)
 */
import 'server-only';
import Stripe from 'stripe';
import type { Payment, Refund } from '@/db/schema';
import { AppError } from '@/lib/server/errors';
import { demoPaypalGateway, paypalRestGateway } from './paypal';
import { stripeClient } from './stripe-gateway';

/** What the gateway said: done, still under way (a webhook or a retry settles it), or refused (with its reason). */
export type GatewayRefundResult = { status: 'succeeded' | 'pending' | 'failed'; gatewayRefundId: string | null; message?: string };

/** The key a refund is made with at the gateway. */
export const refundKey = (refundId: number) => `refund-${refundId}`;

/** The refund id in a key made by refundKey (PayPal echoes it as the refund's invoice_id), or null. */
export function refundIdOfKey(key: string | undefined): number | null {
  const m = /^refund-(\d+)$/.exec(key ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * A PayPal refund in the shop's terms, whether PayPal answered the refund call or a webhook
 * reported it: COMPLETED succeeded, PENDING pending, anything else (FAILED, CANCELLED, REFUSED) failed.
 */
export function fromPaypalRefund(r: { id: string | null; status: string; issue?: string }): GatewayRefundResult {
  if (r.status === 'COMPLETED') return { status: 'succeeded', gatewayRefundId: r.id };
  if (r.status === 'PENDING') return { status: 'pending', gatewayRefundId: r.id };
  return { status: 'failed', gatewayRefundId: r.id, message: `PayPal could not refund it (${r.issue ?? r.status}).` };
}

/** Stripe's refund status → ours. */
export function fromStripeRefund(r: Pick<Stripe.Refund, 'id' | 'status' | 'failure_reason'>): GatewayRefundResult {
  if (r.status === 'succeeded') return { status: 'succeeded', gatewayRefundId: r.id };
  if (r.status === 'failed' || r.status === 'canceled') return { status: 'failed', gatewayRefundId: r.id, message: `Stripe could not refund it (${r.failure_reason ?? r.status}).` };
  return { status: 'pending', gatewayRefundId: r.id };
}

/**
 * Asks the gateway of `payment` to refund `refund.amount` cents.
 * @throws AppError provider_error when the gateway cannot be reached or fails on its side: the
 *   refund stays pending and is retried with the same key.
 */
export async function refundAtGateway(refund: Pick<Refund, 'id' | 'amount' | 'gateway' | 'orderId'>, payment: Payment): Promise<GatewayRefundResult> {
  const key = refundKey(refund.id);
  switch (refund.gateway) {
    case 'demo':
      return { status: 'succeeded', gatewayRefundId: `demo_re_${refund.id}` };
    case 'demo_paypal': {
      const r = await demoPaypalGateway.refundCapture({ paypalOrderId: payment.providerPaymentId ?? '', captureId: payment.captureId, amountCents: refund.amount, currency: payment.currency, requestId: key });
      return { status: 'succeeded', gatewayRefundId: r.id };
    }
    case 'stripe': {
      if (!payment.providerPaymentId) return { status: 'failed', gatewayRefundId: null, message: 'The payment has no Stripe PaymentIntent to refund.' };
      try {
        const r = await stripeClient().refunds.create(
          { payment_intent: payment.providerPaymentId, amount: refund.amount, metadata: { refund_id: String(refund.id), order_id: String(refund.orderId) } },
          { idempotencyKey: key },
        );
        return fromStripeRefund(r);
      } catch (e) {
        // Stripe refused the request itself (already refunded, amount too large, …): final.
        if (e instanceof Stripe.errors.StripeInvalidRequestError || e instanceof Stripe.errors.StripeCardError) return { status: 'failed', gatewayRefundId: null, message: e.message || 'Stripe refused the refund.' };
        console.error(`[refunds] Stripe refund ${key} failed; it stays pending and is retried`, e);
        throw new AppError('provider_error', 'The card gateway could not be reached. The refund is recorded and will be retried.');
      }
    }
    case 'paypal': {
      return fromPaypalRefund(await paypalRestGateway().refundCapture({ paypalOrderId: payment.providerPaymentId ?? '', captureId: payment.captureId, amountCents: refund.amount, currency: payment.currency, requestId: key }));
    }
    default:
      return { status: 'failed', gatewayRefundId: null, message: `No refunds through "${refund.gateway}".` };
  }
}
