/**
 * Which payment providers run (docs/architecture.md "Real parts, and how they start"):
 *   cards  — Stripe when STRIPE_SECRET_KEY is set, else the demo gateway;
 *   PayPal — PayPal Orders v2 when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, else a demo approval.
 * The demo providers refuse to run when NODE_ENV=production unless DEMO_PAYMENTS is set (to
 * anything but 0/false/no/off) or DATABASE_URL is unset: the embedded-database demo shop started
 * with `next start` is a demo by construction, a PostgreSQL deployment is not.
 */
import type { PaymentsPublicConfig } from '@/lib/payments/contracts';
import { env } from '@/lib/server/env';

export type CardMode = 'stripe' | 'demo' | 'unavailable';
export type PaypalMode = 'paypal' | 'demo' | 'unavailable';

const OFF = new Set(['0', 'false', 'no', 'off']);

/** Whether the demo gateways may run in this process. */
export function demoPaymentsAllowed(): boolean {
  const e = env();
  if (e.DEMO_PAYMENTS !== undefined) return !OFF.has(e.DEMO_PAYMENTS.toLowerCase());
  if (e.NODE_ENV !== 'production') return true;
  return !e.DATABASE_URL;
}

export function cardMode(): CardMode {
  if (env().STRIPE_SECRET_KEY) return 'stripe';
  return demoPaymentsAllowed() ? 'demo' : 'unavailable';
}

export function paypalMode(): PaypalMode {
  const e = env();
  if (e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET) return 'paypal';
  return demoPaymentsAllowed() ? 'demo' : 'unavailable';
}

/** What the browser needs to render payment inputs (public values only; lib/payments/contracts.ts). */
export type { PaymentsPublicConfig };

export function paymentsPublicConfig(): PaymentsPublicConfig {
  const e = env();
  const mode = cardMode();
  const pp = paypalMode();
  return {
    publicKey: mode === 'stripe' ? (e.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null) : null,
    cardMode: mode,
    demo: mode === 'demo',
    paypal: { mode: pp, clientId: pp === 'paypal' ? (e.PAYPAL_CLIENT_ID ?? null) : null },
  };
}
