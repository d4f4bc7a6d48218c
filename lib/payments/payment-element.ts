/**
 * The checkout's Stripe Payment Element, its decisions that do not need Stripe.js (docs/buying.md
 * "Payments"): which method the shopper chose, where Stripe sends them back, and what the page does
 * after `stripe.confirmPayment({ redirect: 'if_required' })`. Pure, safe for the browser.
 */
import { PAY_LATER_METHODS, type ElementMethod } from './pay-later';

/**
 * The method to start the intent for, from the Payment Element's selected type: Afterpay or
 * Klarna by name; anything else the Element offers under a card (card, Apple Pay, Google Pay, Link)
 * is paid as a card.
 */
export function elementMethodOf(type: string | undefined): ElementMethod {
  return (PAY_LATER_METHODS as readonly string[]).includes(type ?? '') ? (type as ElementMethod) : 'card';
}

/** Stripe needs an absolute return_url: the server's relative return path on this page's origin. */
export const absoluteReturnUrl = (returnPath: string, origin: string): string => new URL(returnPath, origin).toString();

/** The part of confirmPayment's result the page acts on (Stripe.js PaymentIntentResult). */
export type ConfirmResult = { error?: { message?: string }; paymentIntent?: { status: string } };

/**
 * What follows confirmPayment when it did not leave the page:
 * - `error`: stay and show Stripe's message (a declined card, a failed authentication); the order
 *   stays payable.
 * - `confirm`: the intent succeeded on the page (a card with or without 3-D Secure in Stripe's
 *   modal): ask the shop to record it (POST /api/payments/confirm reads the intent from Stripe),
 *   then the thank-you page.
 * - `return`: anything else (processing, or a status only the webhook will settle): the return page,
 *   which waits for the webhook.
 * A redirect (Afterpay, Klarna, a bank's 3-D Secure page) never gets here: Stripe sends the shopper
 * to the return_url.
 */
export function stepAfterConfirm(result: ConfirmResult): { kind: 'error'; message: string } | { kind: 'confirm' } | { kind: 'return' } {
  if (result.error) return { kind: 'error', message: result.error.message || 'Payment failed. Please try again.' };
  if (result.paymentIntent?.status === 'succeeded') return { kind: 'confirm' };
  return { kind: 'return' };
}
