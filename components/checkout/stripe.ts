'use client';
/**
 * Stripe.js, loaded once per publishable key (Stripe's own script from js.stripe.com) — and only
 * when a caller asks for it, which happens only with a real publishable key (card mode "stripe").
 *
 * Why the dynamic import of `@stripe/stripe-js/pure`: the package's main entry injects the script
 * as a side effect of being imported, so a demo shop (no keys) would fetch js.stripe.com on every
 * checkout and profile page and log errors offline. The pure entry loads nothing until loadStripe
 * is called, and the dynamic import keeps it out of the pages' bundles altogether.
 */
import type { Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for `publicKey` (pk_…); null (logged) when the script cannot be loaded. */
export function getStripe(publicKey: string): Promise<Stripe | null> {
  let p = loaded.get(publicKey);
  if (!p) {
    p = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publicKey))
      .catch((e: unknown) => {
        console.error('[stripe] Stripe.js failed to load', e);
        loaded.delete(publicKey);
        return null;
      });
    loaded.set(publicKey, p);
  }
  return p;
}
