/**
 * The Stripe adapter of CardGateway: customers, saved PaymentMethods and PaymentIntents confirmed
 * on the server with idempotency keys. STRIPE_API_BASE points the SDK at another host (the local
 * stand-in in tests): its host, port and protocol go to the SDK's own options.
 */
import 'server-only';
import Stripe from 'stripe';
import { env } from '@/lib/server/env';
import { AppError, badRequest } from '@/lib/server/errors';
import type { CardGateway, ChargeResult } from './card-gateway';

const g = globalThis as unknown as { __stripe?: { key: string; client: Stripe } };

/** The Stripe SDK client for the configured secret key (and API base). */
export function stripeClient(): Stripe {
  const e = env();
  const secret = e.STRIPE_SECRET_KEY;
  if (!secret) throw new AppError('provider_error', 'Payment system configuration failed. Please contact support.');
  const cacheKey = `${secret}|${e.STRIPE_API_BASE ?? ''}`;
  if (g.__stripe?.key === cacheKey) return g.__stripe.client;
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null;
  const client = new Stripe(secret, {
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'totara-home' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
  g.__stripe = { key: cacheKey, client };
  return client;
}

/** The PaymentMethod id a PaymentIntent used (expanded or not). */
export function paymentMethodOf(pi: Pick<Stripe.PaymentIntent, 'payment_method'>): string | undefined {
  const pm = pi.payment_method;
  return (typeof pm === 'string' ? pm : pm?.id) ?? undefined;
}

/** PaymentIntent → our charge result. */
export function fromPaymentIntent(pi: Stripe.PaymentIntent): ChargeResult {
  switch (pi.status) {
    case 'succeeded':
      return { id: pi.id, status: 'succeeded', paymentMethod: paymentMethodOf(pi) };
    case 'requires_action':
    case 'requires_confirmation':
      return { id: pi.id, status: 'requires_action', clientSecret: pi.client_secret ?? undefined };
    case 'processing':
    case 'requires_capture':
      return { id: pi.id, status: 'pending' };
    default:
      return { id: pi.id, status: 'failed', message: pi.last_payment_error?.message ?? 'Payment failed. Please try again.' };
  }
}

function providerFailure(e: unknown, what: string): never {
  console.error(`[stripe] ${what} failed`, e);
  throw new AppError('provider_error', 'Unable to process payment. Please try again later.');
}

export function stripeGateway(): CardGateway {
  const stripe = stripeClient();
  return {
    provider: 'stripe',

    async createCustomer(user) {
      try {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.userName, metadata: { user_id: String(user.id) } },
          { idempotencyKey: `customer-${user.id}` },
        );
        return customer.id;
      } catch (e) {
        providerFailure(e, 'customers.create');
      }
    },

    async attachPaymentMethod(customer, paymentMethod) {
      try {
        const pm = await stripe.paymentMethods.attach(paymentMethod, { customer });
        return { id: pm.id, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null, expMonth: pm.card?.exp_month ?? null, expYear: pm.card?.exp_year ?? null };
      } catch (e) {
        if (e instanceof Stripe.errors.StripeCardError || e instanceof Stripe.errors.StripeInvalidRequestError) {
          throw badRequest(e.message || 'An error occurred while adding the payment method.');
        }
        providerFailure(e, 'paymentMethods.attach');
      }
    },

    async describePaymentMethod(paymentMethod) {
      try {
        const pm = await stripe.paymentMethods.retrieve(paymentMethod);
        return { id: pm.id, brand: pm.card?.brand ?? null, last4: pm.card?.last4 ?? null, expMonth: pm.card?.exp_month ?? null, expYear: pm.card?.exp_year ?? null };
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) throw badRequest(e.message || 'That card is not known to the payment provider.');
        providerFailure(e, 'paymentMethods.retrieve');
      }
    },

    async detachPaymentMethod(paymentMethod) {
      try {
        await stripe.paymentMethods.detach(paymentMethod);
      } catch (e) {
        // Already detached or deleted at Stripe: nothing left to do (a retried job lands here).
        if (e instanceof Stripe.errors.StripeInvalidRequestError) {
          console.warn('[stripe] paymentMethods.detach: nothing to detach', e.message);
          return;
        }
        // Unreachable or failing on its side: thrown, so the outbox job is retried.
        providerFailure(e, 'paymentMethods.detach');
      }
    },

    async charge(req) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: req.currency.toLowerCase(),
            customer: req.customer ?? undefined,
            payment_method: req.paymentMethod,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            // Saved to the customer by Stripe only once the payment succeeds (docs/buying.md "Card").
            ...(req.saveForFutureUse ? { setup_future_usage: 'off_session' as const } : {}),
            description: `Totara Home order #${req.orderId}`,
            metadata: { order_id: String(req.orderId), payment_id: String(req.paymentId) },
          },
          { idempotencyKey: req.idempotencyKey },
        );
        return fromPaymentIntent(pi);
      } catch (e) {
        if (e instanceof Stripe.errors.StripeCardError) {
          const pi = (e.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
          return { id: pi?.id ?? e.requestId ?? `failed_${req.idempotencyKey}`, status: 'failed', message: e.message || 'Your card was declined.' };
        }
        providerFailure(e, 'paymentIntents.create');
      }
    },

    async retrieve(id) {
      try {
        return fromPaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (e) {
        providerFailure(e, 'paymentIntents.retrieve');
      }
    },

    async startRedirect(req) {
      try {
        // The methods and the amount were decided by the shop (lib/orders/pay-later.ts); the intent
        // is confirmed by Stripe.js in the browser.
        const pi = await stripe.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: req.currency.toLowerCase(),
            // The API version this SDK speaks names the allowed methods allowed_payment_method_types
            // (payment_method_types in older versions).
            allowed_payment_method_types: req.methods as Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[],
            ...(req.customer ? { customer: req.customer } : {}),
            // Per method, so Afterpay and Klarna stay on offer (docs/buying.md "Card").
            ...(req.saveCard ? { payment_method_options: { card: { setup_future_usage: 'off_session' as const } } } : {}),
            description: `Totara Home order #${req.orderId}`,
            metadata: { order_id: String(req.orderId), payment_id: String(req.paymentId) },
          },
          { idempotencyKey: req.idempotencyKey },
        );
        if (!pi.client_secret) throw new Error(`PaymentIntent ${pi.id} came without a client secret`);
        return { id: pi.id, clientSecret: pi.client_secret };
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) throw badRequest(e.message || 'This way to pay is not available for this order.');
        providerFailure(e, 'paymentIntents.create');
      }
    },

    async cancel(id) {
      try {
        await stripe.paymentIntents.cancel(id);
      } catch (e) {
        // Already finished or cancelled at Stripe: nothing left to stop; logged for the record.
        console.warn(`[stripe] paymentIntents.cancel ${id} failed`, (e as Error).message);
      }
    },
  };
}
