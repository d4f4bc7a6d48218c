/**
 * The demo gateway's Afterpay and Klarna (docs/buying.md "Afterpay and Klarna"): without Stripe
 * keys, the demo approval page (/checkout/{orderId}/pay-later) stands in for the provider's site.
 * Its answer becomes the events Stripe would send — payment_intent.succeeded on approval,
 * payment_intent.payment_failed on decline — signed with Stripe's scheme and handed to the same
 * verification and handler as Stripe's own deliveries (lib/orders/stripe-webhooks.ts), so the demo
 * order is paid exactly as a real one: by the webhook. Abandoning the page sends nothing.
 */
import 'server-only';
import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { SessionUser } from '@/lib/auth/guards';
import { conflict, notFound } from '@/lib/server/errors';
import { getCardGateway } from '@/lib/payments/gateway';
import { PAY_LATER_LABELS, type PayLaterMethod } from '@/lib/payments/pay-later';
import type { PayLaterReturnJson } from '@/lib/payments/contracts';
import { handleDemoStripeEvent } from './stripe-webhooks';
import { openPayLaterAttempt, payLaterReturn } from './pay-later';

const g = globalThis as unknown as { __demoWebhookSecret?: string };

/** The demo deliveries' signing secret: random per server process, never leaves it. */
const demoSecret = () => (g.__demoWebhookSecret ??= `whsec_demo_${crypto.randomBytes(24).toString('hex')}`);

/**
 * POST /api/payments/demo/pay-later {orderId, outcome}: the demo approval page's answer for the
 * user's own order — 'approve' delivers payment_intent.succeeded (the order is paid), 'decline'
 * payment_intent.payment_failed (it stays payable). → the return page's state. A second answer
 * for the same attempt is the same event again and changes nothing.
 * Errors: 404 not the demo gateway, or not the user's order; 409 no pay-later payment waiting.
 */
export async function answerDemoPayLater(user: Pick<SessionUser, 'id'>, orderId: number, outcome: 'approve' | 'decline'): Promise<PayLaterReturnJson> {
  const gateway = await getCardGateway();
  if (gateway.provider !== 'demo') throw notFound('Not found.');
  const before = await payLaterReturn(user.id, orderId);
  if (before.state === 'paid') return before;
  const attempt = await openPayLaterAttempt(orderId);
  if (!attempt) throw conflict('There is no Afterpay or Klarna payment waiting for approval.');
  const label = PAY_LATER_LABELS[attempt.methodType as PayLaterMethod] ?? attempt.methodType;
  const type = outcome === 'approve' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
  const intent = {
    id: attempt.providerPaymentId,
    object: 'payment_intent',
    amount: attempt.amount,
    amount_received: outcome === 'approve' ? attempt.amount : 0,
    currency: attempt.currency.toLowerCase(),
    payment_method_types: [attempt.methodType],
    status: outcome === 'approve' ? 'succeeded' : 'requires_payment_method',
    last_payment_error: outcome === 'approve' ? null : { type: 'card_error', code: 'payment_method_provider_decline', message: `${label} declined this payment. Your order is saved — please choose another way to pay.` },
    metadata: { order_id: String(orderId), payment_id: String(attempt.id) },
    livemode: false,
  };
  const payload = JSON.stringify({
    // One event per attempt and outcome: a double click is a replay, handled once.
    id: `evt_demo_${attempt.id}_${outcome}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: intent },
  });
  const secret = demoSecret();
  await handleDemoStripeEvent(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }), secret);
  return payLaterReturn(user.id, orderId);
}
