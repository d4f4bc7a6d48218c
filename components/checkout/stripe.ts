'use client';
/** Stripe.js, loaded once per publishable key (Stripe's own script from js.stripe.com). */
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

export function getStripe(publicKey: string): Promise<Stripe | null> {
  let p = loaded.get(publicKey);
  if (!p) {
    p = loadStripe(publicKey).catch((e: unknown) => {
      console.error('[stripe] Stripe.js failed to load', e);
      loaded.delete(publicKey);
      return null;
    });
    loaded.set(publicKey, p);
  }
  return p;
}
