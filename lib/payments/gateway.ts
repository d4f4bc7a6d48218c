/**
 * The card gateway of this process (docs/architecture.md "Card fields"): Stripe when STRIPE_SECRET_KEY is set,
 * otherwise the demo gateway that follows Stripe's test conventions. Amounts are integer cents. The
 * interface they implement is in card-gateway.ts.
 */
import 'server-only';
import { AppError } from '@/lib/server/errors';
import type { CardGateway } from './card-gateway';
import { cardMode } from './config';

export type { CardGateway, ChargeRequest, ChargeResult, ChargeStatus, RedirectIntent, RedirectRequest, SavedCard } from './card-gateway';

/** §8 "Payment system configuration failed. Please contact support." as a 502. */
export const paymentsUnavailable = () => new AppError('provider_error', 'Payment system configuration failed. Please contact support.');

/** The gateway for this process's configuration; throws when none may run. */
export async function getCardGateway(): Promise<CardGateway> {
  const mode = cardMode();
  if (mode === 'stripe') return (await import('./stripe-gateway')).stripeGateway();
  if (mode === 'demo') return (await import('./demo-gateway')).demoGateway;
  throw paymentsUnavailable();
}
