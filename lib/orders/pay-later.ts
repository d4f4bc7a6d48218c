/**
 * Payments the browser confirms (docs/buying.md "Payments", "Afterpay and Klarna"): Stripe's Payment
 * Element at checkout (card, Afterpay, Klarna in one intent) and Afterpay or Klarna alone (the demo
 * approval page without Stripe keys). The shop creates the intent; the browser confirms it — a card
 * stays on the page, Afterpay, Klarna and a 3-D Secure redirect come back to
 * /checkout/{orderId}/return.
 *
 * Rules kept here:
 * - The amount comes from the order (cents); a method is offered only when switched on and within
 *   its limits (lib/payments/pay-later.ts) — checked again here, whatever the browser showed.
 * - Nothing here marks an order paid: the webhook does (lib/orders/stripe-webhooks.ts
 *   payment_intent.succeeded), or for a card the page saw succeed, POST /api/payments/confirm after
 *   asking Stripe; so a shopper who closes the tab is still paid and a forged return is not.
 * - One open attempt per order. Starting the same method again resumes its intent (same idempotency
 *   key); another method or a card replaces an attempt still waiting for the shopper (its intent is
 *   cancelled), never one the provider is processing.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orders, payments, type Order, type Payment } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { conflict, badRequest, notFound } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';
import { getCardGateway, type CardGateway } from '@/lib/payments/gateway';
import { customerFor } from '@/lib/payments/methods';
import { PAY_LATER_LABELS, payLaterMethodsFor, type ElementMethod, type PayLaterMethod } from '@/lib/payments/pay-later';
import type { PayLaterReturnJson, PayLaterStartJson } from '@/lib/payments/contracts';
import { isOpenForCustomer } from './rules';

const CARD_GATEWAYS = ['stripe', 'demo'];

type Buyer = Pick<SessionUser, 'id' | 'email' | 'userName'>;

/** The page a pay-later payment comes back to (relative; the browser makes it absolute for Stripe). */
export const payLaterReturnPath = (orderId: number) => `/checkout/${orderId}/return`;

/** The demo gateway's stand-in for the provider's site. */
export const demoApprovalPath = (orderId: number) => `/checkout/${orderId}/pay-later`;

/**
 * POST /api/payments/pay-later {orderId, method}: starts (or resumes) paying the user's own
 * pending, unpaid order with `method`. → {clientSecret, paymentIntentId, returnUrl, approvalUrl}:
 * with Stripe the browser confirms `clientSecret` with Stripe.js (redirect to the provider, back to
 * returnUrl); with the demo gateway it goes to approvalUrl. The order is not paid by this call.
 * Errors: 404 not the user's order; 400 the method is off or outside its limits for this total;
 * 409 not payable, or a payment the provider is processing; 502 provider unavailable.
 */
export async function startPayLater(user: Buyer, input: { orderId: number; method: PayLaterMethod }): Promise<PayLaterStartJson> {
  return startIntent(await getCardGateway(), user, { orderId: input.orderId, method: input.method, saveCard: false, element: false });
}

/**
 * POST /api/payments/intent {orderId, method, saveCard}: the PaymentIntent that Stripe's Payment
 * Element confirms at checkout (docs/buying.md "Payments"). It allows card plus Afterpay and Klarna
 * where they apply to the order's total (settings and PAY_LATER_LIMITS), for the total from the
 * database in cents; `method` is the one the shopper chose in the Element ('card',
 * 'afterpay_clearpay' or 'klarna') and must be one of those. With `saveCard` and a card, the card is
 * saved to the shopper's Stripe customer once the payment succeeds (setup_future_usage for cards
 * only). → {clientSecret, paymentIntentId, returnUrl, approvalUrl: null}. Starting again with the
 * same choice resumes the same intent; another choice replaces an attempt still waiting (its intent
 * is cancelled at Stripe). Paid by the webhook (or POST /api/payments/confirm for a card the browser
 * saw succeed), never by this call.
 * Errors: 404 not the user's order, or no Stripe keys (the demo gateway has no Payment Element);
 * 400 method not available for this order; 409 not payable or a payment in progress; 502 provider.
 */
export async function startPaymentElement(user: Buyer, input: { orderId: number; method: ElementMethod; saveCard?: boolean }): Promise<PayLaterStartJson> {
  const gateway = await getCardGateway();
  if (gateway.provider !== 'stripe') throw notFound('Not found.');
  return startIntent(gateway, user, { orderId: input.orderId, method: input.method, saveCard: input.method === 'card' && input.saveCard === true, element: true });
}

/**
 * What an attempt's idempotency key starts with, before "-attempt-{n}": the choice it was made for.
 * The Payment Element's keys differ from the pay-later route's, and a card to save from one not to
 * save, as their intents differ (Stripe refuses a key reused with other parameters).
 */
const choiceKey = (orderId: number, method: ElementMethod, element: boolean, saveCard: boolean) => `order-${orderId}-${element ? 'element-' : ''}${method}${saveCard ? '-save' : ''}`;

/** Starts or resumes the intent of one attempt (startPayLater, startPaymentElement). */
async function startIntent(gateway: CardGateway, user: Buyer, input: { orderId: number; method: ElementMethod; saveCard: boolean; element: boolean }): Promise<PayLaterStartJson> {
  const label = input.method === 'card' ? 'Card' : PAY_LATER_LABELS[input.method];
  const prepared = await db.transaction(async (tx) => {
    // The order row lock serialises this with card submits and other starts of the same order.
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id))).for('update');
    if (!order) throw notFound('Order not found.');
    if (order.paymentStatus !== 'unpaid') throw conflict('This order has already been paid.');
    if (!isOpenForCustomer(order)) throw conflict(`This order is ${order.status} and can no longer be paid.`);
    const { payLater } = await getShopSettings(tx);
    const payLaterMethods = payLaterMethodsFor(order.totalAmount, order.currency, payLater);
    // The Element offers a card always, and each pay-later method only where it applies.
    const methods: ElementMethod[] = input.element ? ['card', ...payLaterMethods] : payLaterMethods.filter((m) => m === input.method);
    if (!methods.includes(input.method)) throw badRequest(`${label} is not available for this order.`);
    const attempts = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.provider, CARD_GATEWAYS)))
      .orderBy(asc(payments.id));
    if (attempts.some((p) => p.status === 'succeeded')) throw conflict('This order has already been paid.');
    const open = attempts.find((p) => p.status === 'pending' || p.status === 'requires_action');
    let replaced: Payment | null = null;
    if (open) {
      if (open.status === 'pending') throw conflict('A payment for this order is already in progress. Please wait a moment.');
      // The same choice again: the same intent (same key, same parameters; Stripe answers the first).
      if (open.idempotencyKey?.replace(/-attempt-\d+$/, '') === choiceKey(order.id, input.method, input.element, input.saveCard)) return { order, payment: open, replaced, methods };
      await tx.update(payments).set({ status: 'failed', failureMessage: 'Replaced by another payment attempt.', updatedAt: sql`now()` }).where(eq(payments.id, open.id));
      replaced = open;
    }
    const failed = attempts.filter((p) => p.status === 'failed').length + (replaced ? 1 : 0);
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: user.id,
        provider: gateway.provider,
        methodType: input.method,
        saveCard: input.saveCard,
        amount: order.totalAmount,
        currency: order.currency,
        // Waiting for the shopper (at the provider, or on the page for a card).
        status: 'requires_action',
        idempotencyKey: `${choiceKey(order.id, input.method, input.element, input.saveCard)}-attempt-${failed + 1}`,
      })
      .returning();
    return { order, payment, replaced, methods };
  });

  const { order, payment, replaced, methods } = prepared;
  if (replaced?.providerPaymentId) await gateway.cancel(replaced.providerPaymentId);
  // A card to keep is attached by Stripe to the shopper's customer once the payment succeeds.
  const customer = payment.saveCard ? await customerFor(gateway, user) : null;
  const intent = await gateway.startRedirect({
    amountCents: payment.amount,
    currency: order.currency,
    methods,
    customer,
    saveCard: payment.saveCard,
    idempotencyKey: payment.idempotencyKey!,
    orderId: order.id,
    paymentId: payment.id,
  });
  await db.update(payments).set({ providerPaymentId: intent.id, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    returnUrl: payLaterReturnPath(order.id),
    approvalUrl: gateway.provider === 'demo' ? `${demoApprovalPath(order.id)}?method=${input.method}` : null,
  };
}

/** The latest card-gateway attempt of an order, or null. */
async function latestAttempt(orderId: number): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.provider, CARD_GATEWAYS)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** What the return page says, from the order and its latest attempt as the webhooks left them. */
function returnStateOf(order: Order, attempt: Payment | null): PayLaterReturnJson {
  const method = attempt && attempt.methodType !== 'card' ? PAY_LATER_LABELS[attempt.methodType as PayLaterMethod] ?? attempt.methodType : null;
  const base = { orderId: order.id, method };
  if (order.paymentStatus !== 'unpaid') return { ...base, state: 'paid', message: 'Payment received. Thank you!' };
  if (!isOpenForCustomer(order)) return { ...base, state: 'closed', message: `This order is ${order.status} and can no longer be paid.` };
  if (attempt && (attempt.status === 'pending' || attempt.status === 'requires_action')) {
    return { ...base, state: 'processing', message: `We are waiting for ${method ?? 'the payment provider'} to confirm your payment. This page updates by itself.` };
  }
  return { ...base, state: 'failed', message: attempt?.failureMessage ?? 'The payment did not go through. Your order is saved — please choose another way to pay.' };
}

/**
 * The state of the user's own order for /checkout/{orderId}/return: paid (the webhook said so),
 * processing (waiting for the provider's word), failed (payable again) or closed (cancelled).
 * Reads only; never marks anything paid. Errors: 404 someone else's or an unknown order.
 */
export async function payLaterReturn(userId: number, orderId: number): Promise<PayLaterReturnJson> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
  if (!order) throw notFound('Order not found.');
  return returnStateOf(order, await latestAttempt(order.id));
}

/** The open pay-later attempt of an order (waiting for the shopper at the provider), or null. */
export async function openPayLaterAttempt(orderId: number): Promise<Payment | null> {
  const attempt = await latestAttempt(orderId);
  return attempt && attempt.methodType !== 'card' && attempt.status === 'requires_action' && attempt.providerPaymentId ? attempt : null;
}
