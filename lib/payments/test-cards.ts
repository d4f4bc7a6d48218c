/**
 * Stripe's public test cards and test PaymentMethod ids (https://docs.stripe.com/testing), used by
 * the demo gateway (docs/architecture.md "Card fields"). Safe for the browser: the demo card form maps a typed
 * test number to its PaymentMethod id here, so no card number is ever sent to our server.
 */

export type TestCardOutcome = 'succeed' | 'decline' | 'insufficient_funds' | 'authenticate';

export type TestPaymentMethod = { id: string; brand: string; last4: string; outcome: TestCardOutcome };

/** Stripe test PaymentMethod ids the demo gateway understands. */
export const TEST_PAYMENT_METHODS: Record<string, TestPaymentMethod> = {
  pm_card_visa: { id: 'pm_card_visa', brand: 'visa', last4: '4242', outcome: 'succeed' },
  pm_card_mastercard: { id: 'pm_card_mastercard', brand: 'mastercard', last4: '4444', outcome: 'succeed' },
  pm_card_amex: { id: 'pm_card_amex', brand: 'amex', last4: '8431', outcome: 'succeed' },
  pm_card_chargeDeclined: { id: 'pm_card_chargeDeclined', brand: 'visa', last4: '0002', outcome: 'decline' },
  pm_card_chargeDeclinedInsufficientFunds: { id: 'pm_card_chargeDeclinedInsufficientFunds', brand: 'visa', last4: '9995', outcome: 'insufficient_funds' },
  pm_card_authenticationRequired: { id: 'pm_card_authenticationRequired', brand: 'visa', last4: '3155', outcome: 'authenticate' },
};

/** Stripe's public test card numbers → their test PaymentMethod ids. */
export const TEST_CARD_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '378282246310005': 'pm_card_amex',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000002500003155': 'pm_card_authenticationRequired',
};

/** The test PaymentMethod id for a typed card number (spaces ignored), or null when unknown. */
export function testPaymentMethodFor(cardNumber: string): string | null {
  return TEST_CARD_NUMBERS[cardNumber.replace(/[\s-]/g, '')] ?? null;
}

/** Messages a shopper reads for each outcome (Stripe's own wording where it has one). */
export const DECLINE_MESSAGES: Record<Exclude<TestCardOutcome, 'succeed' | 'authenticate'>, string> = {
  decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export const DEMO_CARD_HELP = 'Demo payments — no real charge. Use Stripe test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure.';
