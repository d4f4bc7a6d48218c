/** Payment contracts (spec §3 Payment method; §7 POST /payments/submit, GET /stripe-key). */
import { z } from 'zod';
import { paymentMethodJson } from '@/lib/accounts/contracts';
import { contracts, id } from '@/lib/server/contracts';

// The saved payment method's contract lives with the account it belongs to (lib/accounts/contracts.ts),
// so the account's data export shows it in the same shape.
export { paymentMethodJson, type PaymentMethodJson } from '@/lib/accounts/contracts';
/** POST /api/payments/methods/add (201). */
export const paymentMethodAddedJson = z.strictObject({ message: z.string().min(1), paymentMethod: paymentMethodJson });

/** PATCH /api/payments/methods/{id}. */
export const paymentMethodUpdatedJson = z.strictObject({ message: z.string().min(1), paymentMethod: paymentMethodJson });

/** POST /api/payments/submit, /payments/confirm, /payments/demo/authenticate, /orders/{id}/completePayment. */
export const paymentOutcomeJson = z
  .strictObject({
    success: z.boolean(),
    requiresAction: z.boolean(),
    clientSecret: z.string().nullable(),
    status: z.enum(['paid', 'requires_action', 'pending']),
    orderId: id,
    message: z.string().optional(),
  })
  .register(contracts, { id: 'PaymentOutcome' });
export type PaymentOutcome = z.infer<typeof paymentOutcomeJson>;

/** POST /api/payments/paypal/orders (201): the PayPal order id the buttons approve. */
export const paypalOrderJson = z.strictObject({ id: z.string().min(1) });

/** GET /api/stripe-key: public payment configuration only. */
export const paymentsPublicConfigJson = z
  .strictObject({
    /** Stripe publishable key, or null (demo or unavailable). */
    publicKey: z.string().nullable(),
    cardMode: z.enum(['stripe', 'demo', 'unavailable']),
    /** True when the demo card gateway is in use (no real charge). */
    demo: z.boolean(),
    paypal: z.strictObject({ mode: z.enum(['paypal', 'demo', 'unavailable']), clientId: z.string().nullable() }),
  })
  .register(contracts, { id: 'PaymentsConfig' });
export type PaymentsPublicConfig = z.infer<typeof paymentsPublicConfigJson>;

/** POST /api/webhooks/stripe. */
export const webhookResultJson = z.strictObject({ received: z.literal(true), type: z.string(), duplicate: z.boolean() });
export type WebhookResult = z.infer<typeof webhookResultJson>;

/** POST /api/payments/pay-later: what the browser needs to send the shopper to Afterpay or Klarna. */
export const payLaterStartJson = z.strictObject({
  /** The PaymentIntent's client secret, confirmed with Stripe.js (the demo's own with the demo gateway). */
  clientSecret: z.string().min(1),
  paymentIntentId: z.string().min(1),
  /** Where the shopper comes back to (relative: /checkout/{orderId}/return). */
  returnUrl: z.string().min(1),
  /** The demo gateway's approval page (relative), or null with Stripe. */
  approvalUrl: z.string().nullable(),
});
export type PayLaterStartJson = z.infer<typeof payLaterStartJson>;

/** The return page's state of a pay-later payment (POST /api/payments/demo/pay-later answers it too). */
export const payLaterReturnJson = z.strictObject({
  orderId: id,
  /** paid: the webhook said so; processing: waiting for the provider's word; failed: payable again; closed: cancelled. */
  state: z.enum(['paid', 'processing', 'failed', 'closed']),
  /** 'Afterpay' | 'Klarna', or null when the latest attempt was a card. */
  method: z.string().nullable(),
  message: z.string().min(1),
});
export type PayLaterReturnJson = z.infer<typeof payLaterReturnJson>;
