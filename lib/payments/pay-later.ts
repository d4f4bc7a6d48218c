/**
 * Pay-later methods through Stripe (docs/buying.md "Afterpay and Klarna"): which of them an amount
 * may use and what each of its four instalments is. Pure, safe for the browser: the product, cart
 * and checkout pages and the server's check before a payment starts read the same limits.
 *
 * Amounts are integer cents. The limits are those Stripe and the providers publish for New Zealand
 * businesses charging NZD (sources in docs/buying.md); a method is offered only in NZD and within
 * its limits, and only when its setting (afterpay_enabled, klarna_enabled) is on.
 */

/** Stripe's payment method types, as Stripe spells them (PaymentIntent payment_method_types). */
export const PAY_LATER_METHODS = ['afterpay_clearpay', 'klarna'] as const;
export type PayLaterMethod = (typeof PAY_LATER_METHODS)[number];

/** What Stripe's Payment Element may offer at checkout: a card always, and the pay-later methods that apply. */
export const ELEMENT_METHODS = ['card', ...PAY_LATER_METHODS] as const;
export type ElementMethod = (typeof ELEMENT_METHODS)[number];

/** What a shopper reads for each method. */
export const PAY_LATER_LABELS: Record<PayLaterMethod, string> = { afterpay_clearpay: 'Afterpay', klarna: 'Klarna' };

/** The setting that turns each method on or off (db/default-settings.ts). */
export const PAY_LATER_SETTINGS: Record<PayLaterMethod, 'afterpay_enabled' | 'klarna_enabled'> = { afterpay_clearpay: 'afterpay_enabled', klarna: 'klarna_enabled' };

/** The only currency these limits are for; any other currency offers no pay-later method. */
export const PAY_LATER_CURRENCY = 'NZD';

/** Inclusive limits in NZD cents per method (docs/buying.md "Afterpay and Klarna" gives the sources). */
export const PAY_LATER_LIMITS: Record<PayLaterMethod, { minCents: number; maxCents: number }> = {
  afterpay_clearpay: { minCents: 100, maxCents: 200_000 },
  klarna: { minCents: 100, maxCents: 200_000 },
};

/** How many interest-free instalments both methods split a purchase into ("Pay in 4"). */
export const INSTALMENTS = 4;

/** Which methods are switched on (the settings afterpay_enabled and klarna_enabled). */
export type PayLaterSwitches = Record<PayLaterMethod, boolean>;

/**
 * The methods `amountCents` in `currency` may be paid with: switched on, NZD, within the method's
 * limits — in the order of PAY_LATER_METHODS. Empty when none applies.
 */
export function payLaterMethodsFor(amountCents: number, currency: string, switches: PayLaterSwitches): PayLaterMethod[] {
  if (currency.toUpperCase() !== PAY_LATER_CURRENCY || !Number.isSafeInteger(amountCents)) return [];
  return PAY_LATER_METHODS.filter((m) => switches[m] && amountCents >= PAY_LATER_LIMITS[m].minCents && amountCents <= PAY_LATER_LIMITS[m].maxCents);
}

/**
 * One of the four instalments of `amountCents`, in cents: rounded up to the cent, so the line
 * never promises less than a shopper pays (the last instalment is the smaller one).
 */
export const instalmentCents = (amountCents: number): number => Math.ceil(amountCents / INSTALMENTS);
