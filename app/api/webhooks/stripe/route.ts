// POST /api/webhooks/stripe — Stripe events (payment_intent.succeeded / payment_failed)
import { route } from '@/lib/http/route';
import { handleStripeWebhook } from '@/lib/orders/stripe-webhooks';

/**
 * Reads the raw body (await req.text()) and the Stripe-Signature header; each event id is handled
 * once. → 200 {received: true, type, duplicate}; 400 bad or missing signature; 502 not configured.
 */
export const POST = route({ auth: 'public' }, async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get('stripe-signature')));
