/**
 * PayPal webhooks: refunds made outside the shop (PayPal's dashboard or the PayPal app) become
 * the shop's refunds, with their credit note and e-mail, as Stripe's dashboard refunds do
 * (lib/orders/stripe-webhooks.ts). Each delivery is verified by PayPal itself (Webhooks v1
 * verify-webhook-signature, with PAYPAL_WEBHOOK_ID) and each event id is handled once
 * (lib/payments/webhook-events.ts).
 *   PAYMENT.CAPTURE.REFUNDED — the resource is the refund: ours (invoice_id `refund-{id}`, as the
 *     shop sends it, or PayPal's refund id) is settled or failed; any other is recorded against
 *     the payment of its capture (the refund's `up` link), up to what is left of that payment.
 * Other event types are acknowledged and ignored (the shop captures PayPal orders itself).
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '@/db/client';
import type { StockMove } from '@/lib/catalog/read/cache';
import { payments, refunds } from '@/db/schema';
import { failRefund, recordGatewayRefund, settleRefund } from '@/lib/orders/refunds';
import { toCents } from '@/lib/money';
import type { WebhookResult } from '@/lib/payments/contracts';
import { paypalMode } from '@/lib/payments/config';
import { paypalRestGateway, type PaypalTransmission } from '@/lib/payments/paypal';
import { fromPaypalRefund, refundIdOfKey } from '@/lib/payments/refund-gateway';
import { handleEventOnce } from '@/lib/payments/webhook-events';
import { env } from '@/lib/server/env';
import { AppError, badRequest } from '@/lib/server/errors';

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  resource: z.record(z.string(), z.unknown()).default({}),
});

const refundSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  amount: z.object({ value: z.string().regex(/^\d+(\.\d{1,2})?$/), currency_code: z.string().length(3) }),
  invoice_id: z.string().optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]),
});
type PaypalRefundResource = z.infer<typeof refundSchema>;

/** The capture a refund belongs to: the id at the end of its `up` link (…/v2/payments/captures/{id}). */
const captureOf = (r: PaypalRefundResource) => {
  const up = r.links.find((l) => l.rel === 'up')?.href ?? '';
  return /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null;
};

/**
 * PAYMENT.CAPTURE.REFUNDED: settles or fails our refund, or records one made at PayPal.
 * @returns the stock moves of the units that came back (a restocking refund of ours that succeeded).
 */
async function onRefund(tx: Tx, resource: Record<string, unknown>): Promise<StockMove[]> {
  const parsed = refundSchema.safeParse(resource);
  if (!parsed.success) throw badRequest('The PayPal refund in this event is not valid.');
  const r = parsed.data;
  const result = fromPaypalRefund({ id: r.id, status: r.status });
  const ourId = refundIdOfKey(r.invoice_id);
  const [ours] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(ourId ? and(eq(refunds.id, ourId), eq(refunds.gateway, 'paypal')) : and(eq(refunds.gateway, 'paypal'), eq(refunds.gatewayRefundId, r.id)))
    .limit(1);
  if (ours) {
    if (result.status === 'succeeded') return (await settleRefund(tx, ours.id, r.id)).moves;
    if (result.status === 'failed') await failRefund(tx, ours.id, result.message ?? 'PayPal could not refund it.', r.id);
    return [];
  }
  const captureId = captureOf(r);
  const [payment] = captureId ? await tx.select().from(payments).where(and(eq(payments.provider, 'paypal'), eq(payments.captureId, captureId))).limit(1) : [];
  if (!payment) {
    console.warn(`[paypal webhook] refund ${r.id} of unknown capture ${captureId ?? '(no up link)'}`);
    return [];
  }
  if (r.amount.currency_code.toUpperCase() !== payment.currency.toUpperCase()) {
    console.warn(`[paypal webhook] refund ${r.id} in ${r.amount.currency_code} of a ${payment.currency} payment; not recorded`);
    return [];
  }
  if (result.status === 'failed') return [];
  await recordGatewayRefund(tx, payment, { gatewayRefundId: r.id, amount: toCents(r.amount.value), status: result.status, reason: "Refunded in PayPal's dashboard" });
  return [];
}

/** The transmission headers PayPal signs a delivery with, or a 400 naming the first missing one. */
function transmissionOf(headers: Headers): PaypalTransmission {
  const read = (name: string) => {
    const value = headers.get(name);
    if (!value) throw badRequest(`Missing ${name} header.`);
    return value;
  };
  return {
    authAlgo: read('paypal-auth-algo'),
    certUrl: read('paypal-cert-url'),
    transmissionId: read('paypal-transmission-id'),
    transmissionSig: read('paypal-transmission-sig'),
    transmissionTime: read('paypal-transmission-time'),
  };
}

/**
 * Verifies and handles one PayPal webhook delivery. Input: the raw body text and the request
 * headers (PAYPAL-TRANSMISSION-*, PAYPAL-AUTH-ALGO, PAYPAL-CERT-URL).
 * @returns `{ received: true, type, duplicate }`
 * @throws AppError 400 (not JSON, missing headers, a signature PayPal does not confirm, a refund
 *   resource of the wrong shape); 502 when PayPal or PAYPAL_WEBHOOK_ID is not configured, or PayPal
 *   cannot be asked (PayPal delivers again later).
 */
export async function handlePaypalWebhook(rawBody: string, headers: Headers): Promise<WebhookResult> {
  const webhookId = env().PAYPAL_WEBHOOK_ID;
  if (!webhookId || paypalMode() !== 'paypal') throw new AppError('provider_error', 'PayPal webhooks are not configured on this server.');
  const transmission = transmissionOf(headers);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw badRequest('The webhook body is not JSON.');
  }
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw badRequest('The webhook body is not a PayPal event.');
  if (!(await paypalRestGateway().verifyWebhook(transmission, webhookId, body))) {
    console.warn(`[paypal webhook] PayPal did not confirm the signature of ${parsed.data.id}`);
    throw badRequest('Invalid PayPal webhook signature.');
  }
  const event = parsed.data;
  const handled = await handleEventOnce({ id: event.id, provider: 'paypal', type: event.event_type }, async (tx) =>
    event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? onRefund(tx, event.resource) : [],
  );
  return { received: true, type: event.event_type, duplicate: !handled };
}
