/**
 * The card gateway interface (docs/architecture.md "Card fields"): Stripe when STRIPE_SECRET_KEY is set,
 * otherwise the demo gateway that follows Stripe's test conventions. Amounts are integer cents.
 */
import 'server-only';
import { AppError } from '@/lib/server/errors';
import { cardMode } from './config';

export type ChargeStatus = 'succeeded' | 'requires_action' | 'pending' | 'failed';

export type ChargeResult = {
  /** Provider payment id (Stripe PaymentIntent id or demo id). */
  id: string;
  status: ChargeStatus;
  /** For requires_action: what the browser hands to Stripe.js (or the demo dialog). */
  clientSecret?: string;
  /** For failed: the provider's message for the shopper ("Your card was declined."). */
  message?: string;
};

export type SavedCard = { id: string; brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null };

export type ChargeRequest = {
  amountCents: number;
  /** ISO currency code, e.g. NZD. */
  currency: string;
  /** Provider PaymentMethod id (pm_…). */
  paymentMethod: string;
  /** Provider customer id the method is attached to. */
  customer: string | null;
  /** Same key → the same charge (a double submit charges once). */
  idempotencyKey: string;
  /** Our ids, kept on the provider's record (metadata) so webhooks find the payment. */
  orderId: number;
  paymentId: number;
};

export interface CardGateway {
  /** 'stripe' | 'demo': stored as payments.provider. */
  readonly provider: 'stripe' | 'demo';
  /** Creates the provider's customer record for a user. */
  createCustomer(user: { id: number; email: string; userName: string }): Promise<string>;
  /** Attaches a PaymentMethod to the customer; returns brand and last four (never the number). */
  attachPaymentMethod(customer: string, paymentMethod: string): Promise<SavedCard>;
  /** Detaches a removed method (best effort). */
  detachPaymentMethod(paymentMethod: string): Promise<void>;
  /** Charges the method once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The current state of a charge (after 3-D Secure). */
  retrieve(id: string): Promise<ChargeResult>;
}

/** §8 "Payment system configuration failed. Please contact support." as a 502. */
export const paymentsUnavailable = () => new AppError('provider_error', 'Payment system configuration failed. Please contact support.');

/** The gateway for this process's configuration; throws when none may run. */
export async function getCardGateway(): Promise<CardGateway> {
  const mode = cardMode();
  if (mode === 'stripe') return (await import('./stripe-gateway')).stripeGateway();
  if (mode === 'demo') return (await import('./demo-gateway')).demoGateway;
  throw paymentsUnavailable();
}
