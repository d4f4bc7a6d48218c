/**
 * The demo card gateway (docs/architecture.md "Card fields"): no real charge, no network. It follows Stripe's
 * test conventions — the PaymentMethod id decides the outcome (lib/payments/test-cards.ts):
 * pm_card_visa succeeds, pm_card_chargeDeclined declines, pm_card_authenticationRequired asks for
 * 3-D Secure, which the shopper completes in an explicit "Complete authentication" dialog
 * (POST /api/payments/demo/authenticate).
 *
 * Stateless in memory: a demo charge's id is derived from its idempotency key (so a retried charge
 * is the same charge) and its 3-D Secure state lives in our own payments row.
 */
import 'server-only';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '@/db/client';
import { payments } from '@/db/schema';
import { badRequest } from '@/lib/server/errors';
import type { CardGateway, ChargeResult } from './card-gateway';
import { DECLINE_MESSAGES, TEST_PAYMENT_METHODS } from './test-cards';

export const DEMO_UNKNOWN_CARD = "Demo payments accept Stripe's test cards only, e.g. 4242 4242 4242 4242.";

const demoId = (key: string) => `demo_pi_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
const secretFor = (id: string) => `${id}_secret_demo`;

async function storedStatus(id: string): Promise<string | null> {
  const [row] = await db.select({ status: payments.status }).from(payments).where(and(eq(payments.provider, 'demo'), eq(payments.providerPaymentId, id))).limit(1);
  return row?.status ?? null;
}

function resultFromStatus(id: string, status: string | null, message?: string | null): ChargeResult {
  if (status === 'succeeded') return { id, status: 'succeeded' };
  if (status === 'failed') return { id, status: 'failed', message: message ?? 'Payment failed. Please try again.' };
  return { id, status: 'requires_action', clientSecret: secretFor(id) };
}

export const demoGateway: CardGateway = {
  provider: 'demo',

  async createCustomer(user) {
    return `demo_cus_${user.id}`;
  },

  async attachPaymentMethod(_customer, paymentMethod) {
    const card = TEST_PAYMENT_METHODS[paymentMethod];
    if (!card) throw badRequest(DEMO_UNKNOWN_CARD);
    // As at Stripe, attaching checks the card with its bank: a declining test card is refused.
    if (card.outcome === 'decline' || card.outcome === 'insufficient_funds') throw badRequest(DECLINE_MESSAGES[card.outcome]);
    return { id: card.id, brand: card.brand, last4: card.last4, expMonth: null, expYear: null };
  },

  async describePaymentMethod(paymentMethod) {
    const card = TEST_PAYMENT_METHODS[paymentMethod];
    if (!card) throw badRequest(DEMO_UNKNOWN_CARD);
    return { id: card.id, brand: card.brand, last4: card.last4, expMonth: null, expYear: null };
  },

  async detachPaymentMethod() {
    // Nothing is stored at a provider.
  },

  async charge(req) {
    const card = TEST_PAYMENT_METHODS[req.paymentMethod];
    const id = demoId(req.idempotencyKey);
    if (!card) return { id, status: 'failed', message: 'Your card was declined.' };
    switch (card.outcome) {
      case 'succeed':
        return { id, status: 'succeeded' };
      case 'decline':
      case 'insufficient_funds':
        return { id, status: 'failed', message: DECLINE_MESSAGES[card.outcome] };
      case 'authenticate': {
        const status = await storedStatus(id);
        return resultFromStatus(id, status === 'succeeded' || status === 'failed' ? status : null, 'Authentication failed. Please try another card.');
      }
    }
  },

  async startRedirect(req) {
    // The demo approval page (/checkout/{orderId}/pay-later) stands in for the provider's site.
    const id = demoId(req.idempotencyKey);
    return { id, clientSecret: secretFor(id) };
  },

  async cancel() {
    // Nothing runs at a provider: our payments row records the end of the attempt.
  },

  async retrieve(id) {
    const [row] = await db
      .select({ status: payments.status, message: payments.failureMessage })
      .from(payments)
      .where(and(eq(payments.provider, 'demo'), eq(payments.providerPaymentId, id)))
      .limit(1);
    if (!row) return { id, status: 'failed', message: 'Payment not found.' };
    if (row.status === 'pending') return { id, status: 'pending' };
    return resultFromStatus(id, row.status, row.message);
  },
};
