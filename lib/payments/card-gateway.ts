/**
 * What a card gateway is (docs/architecture.md "Card fields"): the interface that Stripe
 * (stripe-gateway.ts) and the demo gateway (demo-gateway.ts) implement. Apart from gateway.ts,
 * which loads one of them on demand, so that neither implementation imports the module that
 * imports it. Amounts are integer cents.
 */
export type ChargeStatus = 'succeeded' | 'requires_action' | 'pending' | 'failed';

export type ChargeResult = {
  /** Provider payment id (Stripe PaymentIntent id or demo id). */
  id: string;
  status: ChargeStatus;
  /** For requires_action: what the browser hands to Stripe.js (or the demo dialog). */
  clientSecret?: string;
  /** For failed: the provider's message for the shopper ("Your card was declined."). */
  message?: string;
  /** The provider PaymentMethod id the charge used (the one saved when the customer asked). */
  paymentMethod?: string;
};

export type SavedCard = { id: string; brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null };

export type ChargeRequest = {
  amountCents: number;
  /** ISO currency code, e.g. NZD. */
  currency: string;
  /** Provider PaymentMethod id (pm_…). */
  paymentMethod: string;
  /** Provider customer id the method is attached to (or, with saveForFutureUse, will be). */
  customer: string | null;
  /**
   * The customer chose to save a card entered at checkout: Stripe's `setup_future_usage:
   * 'off_session'` attaches it to `customer` only once the payment succeeds
   * (https://docs.stripe.com/payments/save-during-payment), so a declined card is never saved.
   */
  saveForFutureUse?: boolean;
  /** Same key → the same charge (a double submit charges once). */
  idempotencyKey: string;
  /** Our ids, kept on the provider's record (metadata) so webhooks find the payment. */
  orderId: number;
  paymentId: number;
};

/**
 * An intent the shopper confirms in the browser (Stripe's Payment Element, docs/buying.md "Payments"):
 * Afterpay or Klarna alone, or card plus the pay-later methods that apply.
 */
export type RedirectRequest = {
  amountCents: number;
  currency: string;
  /** Stripe's payment method types the intent allows: 'card' | 'afterpay_clearpay' | 'klarna'. */
  methods: string[];
  /** Provider customer the card is saved to when `saveCard` (else none). */
  customer?: string | null;
  /**
   * The shopper ticked "Save this card for next time": Stripe's per-method
   * `payment_method_options.card.setup_future_usage: 'off_session'` attaches a card to `customer`
   * once the payment succeeds; Afterpay and Klarna are never saved.
   */
  saveCard?: boolean;
  idempotencyKey: string;
  orderId: number;
  paymentId: number;
};

/** An intent the browser confirms: its id and the secret Stripe.js confirms it with. */
export type RedirectIntent = { id: string; clientSecret: string };

export interface CardGateway {
  /** 'stripe' | 'demo': stored as payments.provider. */
  readonly provider: 'stripe' | 'demo';
  /** Creates the provider's customer record for a user. */
  createCustomer(user: { id: number; email: string; userName: string }): Promise<string>;
  /** Attaches a PaymentMethod to the customer; returns brand and last four (never the number). */
  attachPaymentMethod(customer: string, paymentMethod: string): Promise<SavedCard>;
  /** Brand, last four and expiry of a PaymentMethod (never the number); 400 when the provider does not know it. */
  describePaymentMethod(paymentMethod: string): Promise<SavedCard>;
  /**
   * Detaches a removed method from the shop's customer at the provider. One already detached or
   * unknown there is done. @throws when the provider cannot be reached or fails on its side (the
   * outbox job that calls it is retried, lib/payments/detach-jobs.ts).
   */
  detachPaymentMethod(paymentMethod: string): Promise<void>;
  /** Charges the method once per idempotency key. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The current state of a charge (after 3-D Secure). */
  retrieve(id: string): Promise<ChargeResult>;
  /**
   * Creates, unconfirmed, an intent for the allowed methods, once per idempotency key; the shopper
   * confirms it in the browser (a card on the page, Afterpay or Klarna at the provider and back).
   */
  startRedirect(request: RedirectRequest): Promise<RedirectIntent>;
  /** Cancels an unfinished intent the shopper left for another way to pay (best effort, logged). */
  cancel(id: string): Promise<void>;
}
