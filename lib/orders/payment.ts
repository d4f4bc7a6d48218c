/**
 * Paying for an order (spec §4 Payment, §7 POST /payments/submit, POST /orders/{id}/completePayment;
 * docs/architecture.md "Card fields", "PayPal completePayment").
 *
 * Rules kept here and nowhere else:
 * - The amount always comes from the order in the database (cents), never from the client.
 * - One charge per attempt: the idempotency key is `order-{id}-attempt-{n}` where n counts the
 *   failed attempts before it, so a double submit reuses the key (and the provider returns the same
 *   charge) while a retry after a decline is a new attempt.
 * - An order is marked paid exactly once (lib/orders/service markOrderPaid), whoever gets there
 *   first: the submit request, the 3-D Secure confirmation, the webhook, or a retry of any of them.
 *   That call writes the "payment received" and "new paid order" e-mails in the same transaction
 *   (docs/mail.md); delivery is kicked after the commit (kickDelivery, best effort).
 * - PayPal: the server captures and verifies (COMPLETED, amount and currency equal the order's,
 *   custom_id our order id); the client's paymentStatus is never trusted.
 *
 * In lib/orders, with the providers' webhooks (stripe-webhooks.ts, paypal-webhooks.ts): each settles
 * an order under its rules (markOrderPaid, the refunds), while lib/payments — the gateways, saved
 * methods, refunds at the gateway — stands below orders, whose refunds call it.
 */
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { orders, payments, users, type Order, type Payment } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import type { PaymentOutcome } from '@/lib/payments/contracts';
import { AppError, badRequest, conflict, notFound } from '@/lib/server/errors';
import { markOrderPaid } from '@/lib/orders/service';
import { kickDelivery } from '@/lib/mail/deliver';
import { isOpenForCustomer } from '@/lib/orders/rules';
import { getCardGateway, type CardGateway, type ChargeResult } from '@/lib/payments/gateway';
import { customerFor, findPaymentMethod, saveChosenCard } from '@/lib/payments/methods';
import { getPaypalGateway } from '@/lib/payments/paypal';

export type { PaymentOutcome };

const PAYMENT_FAILED = 'Payment failed. Please try again.';

type Buyer = Pick<SessionUser, 'id' | 'email' | 'userName'>;

const paid = (orderId: number): PaymentOutcome => ({ success: true, requiresAction: false, clientSecret: null, status: 'paid', orderId, message: 'Payment successful!' });

async function ownOrder(userId: number, orderId: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).limit(1);
  if (!order) throw notFound('Order not found.');
  return order;
}

function notPayable(order: Order): AppError {
  if (order.paymentStatus !== 'unpaid') return conflict('This order has already been paid.');
  return conflict(order.status === 'cancelled' ? 'This order was cancelled and can no longer be paid.' : `This order is ${order.status} and can no longer be paid.`);
}

/**
 * Records what the provider said about a payment row and, on success, marks the order paid and
 * then saves the card if the customer asked to (saveChosenCard, after the commit: a declined or
 * abandoned card is never saved). Never downgrades a succeeded payment. Returns the outcome for
 * the browser; throws 402 with the provider's message when the charge failed.
 */
export async function recordCharge(payment: Pick<Payment, 'id' | 'orderId'>, result: ChargeResult, method: 'credit_card' | 'paypal' = 'credit_card'): Promise<PaymentOutcome> {
  const status = result.status === 'succeeded' ? 'succeeded' : result.status;
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        status,
        providerPaymentId: result.id,
        failureMessage: result.status === 'failed' ? (result.message ?? PAYMENT_FAILED) : null,
        // The id the provider charged (and, when chosen, saved): Stripe may report its own for a test token.
        ...(result.status === 'succeeded' && result.paymentMethod ? { providerPaymentMethodId: result.paymentMethod } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'succeeded')));
    if (result.status === 'succeeded') await markOrderPaid(tx, payment.orderId, method);
  });
  if (result.status === 'succeeded') {
    kickDelivery();
    if (method === 'credit_card') await saveCardAfterPayment(payment.id);
  }
  switch (result.status) {
    case 'succeeded':
      return paid(payment.orderId);
    case 'requires_action':
      return { success: false, requiresAction: true, clientSecret: result.clientSecret ?? null, status: 'requires_action', orderId: payment.orderId };
    case 'pending':
      return { success: false, requiresAction: false, clientSecret: null, status: 'pending', orderId: payment.orderId, message: 'Your payment is being processed. We will update your order shortly.' };
    case 'failed':
      throw new AppError('payment_failed', result.message ?? PAYMENT_FAILED, { success: false, requiresAction: false });
  }
}

/** saveChosenCard, best effort: the order is paid whatever happens to the card's saving. */
export async function saveCardAfterPayment(paymentId: number): Promise<void> {
  try {
    await saveChosenCard(paymentId);
  } catch (e) {
    console.warn(`[payments] payment ${paymentId} succeeded but its card could not be saved`, e);
  }
}

/**
 * POST /api/payments/submit: charges the user's own pending, unpaid order with a saved card
 * ({paymentMethodId}) or a card just entered ({stripePaymentMethodId, saveCard}); a new card is
 * saved to the profile only when `saveCard` is true and the payment succeeds (with Stripe's
 * setup_future_usage, docs/buying.md "Card"). → {success, requiresAction, clientSecret, status}.
 * A second submit while the first is open returns the same charge; once paid it answers success
 * without charging. Errors: 404 order or method not the user's; 400 a PayPal method; 409 not
 * payable; 402 declined (the order stays payable, nothing saved); 502 provider unavailable.
 */
export async function submitPayment(user: Buyer, input: { orderId: number; paymentMethodId?: number; stripePaymentMethodId?: string; saveCard?: boolean }): Promise<PaymentOutcome> {
  const gateway = await getCardGateway();
  const saved = input.paymentMethodId !== undefined ? await findPaymentMethod(user.id, input.paymentMethodId) : null;
  const newCard = input.paymentMethodId === undefined ? (input.stripePaymentMethodId ?? null) : null;
  const saveCard = newCard !== null && input.saveCard === true;
  /** Whether an open attempt was made with the card of this request. */
  const sameCard = (p: Payment) => (saved ? p.paymentMethodId === saved.id : p.paymentMethodId === null && p.providerPaymentMethodId === newCard);

  const prepared = await db.transaction(async (tx) => {
    // The order row lock serialises concurrent submits of one order.
    const [order] = await tx.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id))).for('update');
    if (!order) throw notFound('Order not found.');
    if (newCard === null) {
      if (!saved) throw notFound('Payment method not found.');
      if (saved.paymentType !== 'credit_card' || !saved.providerPaymentMethodId) throw badRequest('Please use the PayPal button to pay with PayPal.');
    }
    if (order.paymentStatus === 'paid') return { kind: 'paid' as const, order };
    if (!isOpenForCustomer(order)) throw notPayable(order);

    const attempts = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.provider, ['stripe', 'demo'])))
      .orderBy(asc(payments.id));
    const succeeded = attempts.find((p) => p.status === 'succeeded');
    if (succeeded) return { kind: 'succeeded' as const, order, payment: succeeded };
    let open = attempts.find((p) => p.status === 'pending' || p.status === 'requires_action');
    let replaced: Payment | null = null;
    if (open && (open.methodType !== 'card' || !sameCard(open))) {
      if (open.status === 'pending') throw conflict('A payment for this order is already in progress. Please wait a moment.');
      // The shopper abandoned 3-D Secure, Afterpay or Klarna and chose a card: that attempt is over.
      await tx.update(payments).set({ status: 'failed', failureMessage: 'Replaced by another payment attempt.', updatedAt: sql`now()` }).where(eq(payments.id, open.id));
      open.status = 'failed';
      // Its intent is cancelled at the provider too, so the abandoned attempt can no longer pay.
      if (open.providerPaymentId) replaced = open;
      open = undefined;
    }
    // The same card again (a double submit): the same charge, under the first request's choice.
    if (open) return { kind: 'open' as const, order, payment: open };
    const failed = attempts.filter((p) => p.status === 'failed').length;
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: user.id,
        provider: gateway.provider,
        paymentMethodId: saved?.id ?? null,
        providerPaymentMethodId: newCard,
        saveCard,
        amount: order.totalAmount,
        currency: order.currency,
        status: 'pending',
        idempotencyKey: `order-${order.id}-attempt-${failed + 1}`,
      })
      .returning();
    return { kind: 'new' as const, order, payment, replaced };
  });

  if (prepared.kind === 'paid') return paid(prepared.order.id);
  if (prepared.kind === 'succeeded') return recordCharge(prepared.payment, { id: prepared.payment.providerPaymentId ?? '', status: 'succeeded' });
  const { order, payment } = prepared;
  // An intent left at the provider (Payment Element, 3-D Secure) is cancelled there, so it can no longer be paid too.
  if (prepared.kind === 'new' && prepared.replaced?.providerPaymentId) await gateway.cancel(prepared.replaced.providerPaymentId);
  if (prepared.kind === 'open' && payment.providerPaymentId && payment.status === 'requires_action') {
    return recordCharge(payment, await gateway.retrieve(payment.providerPaymentId));
  }
  // A card kept only for this payment goes without a customer; one to keep is attached to the
  // customer by the provider once the payment succeeds.
  const customer = saved || payment.saveCard ? await customerFor(gateway, user) : null;
  const result = await gateway.charge({
    amountCents: payment.amount,
    currency: order.currency,
    paymentMethod: saved?.providerPaymentMethodId ?? newCard!,
    customer,
    saveForFutureUse: payment.saveCard,
    idempotencyKey: payment.idempotencyKey!,
    orderId: order.id,
    paymentId: payment.id,
  });
  return recordCharge(payment, result);
}

async function latestOpenCardPayment(orderId: number): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.provider, ['stripe', 'demo']), eq(payments.methodType, 'card'), inArray(payments.status, ['requires_action', 'pending']), isNotNull(payments.providerPaymentId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * POST /api/payments/confirm {orderId}: after 3-D Secure in the browser, asks the provider how the
 * charge ended and records it (the webhook may have done so already). → the same outcome as submit.
 * Errors: 404 not the user's; 409 nothing awaiting confirmation; 402 authentication failed.
 */
export async function confirmPayment(user: Buyer, orderId: number): Promise<PaymentOutcome> {
  const order = await ownOrder(user.id, orderId);
  if (order.paymentStatus === 'paid') return paid(order.id);
  const payment = await latestOpenCardPayment(order.id);
  if (!payment) throw conflict('There is no payment waiting for confirmation. Please try paying again.');
  const gateway: CardGateway = await getCardGateway();
  return recordCharge(payment, await gateway.retrieve(payment.providerPaymentId!));
}

/**
 * POST /api/payments/demo/authenticate {orderId, outcome}: the demo gateway's 3-D Secure dialog.
 * 'complete' succeeds the waiting demo charge, 'fail' fails it; then as confirmPayment.
 * Only while the demo gateway runs (else 404).
 */
export async function completeDemoAuthentication(user: Buyer, orderId: number, outcome: 'complete' | 'fail'): Promise<PaymentOutcome> {
  const gateway = await getCardGateway();
  if (gateway.provider !== 'demo') throw notFound('Not found.');
  const order = await ownOrder(user.id, orderId);
  if (order.paymentStatus === 'paid') return paid(order.id);
  const payment = await latestOpenCardPayment(order.id);
  if (!payment || payment.status !== 'requires_action') throw conflict('There is no payment waiting for authentication.');
  await db
    .update(payments)
    .set(outcome === 'complete' ? { status: 'succeeded', updatedAt: sql`now()` } : { status: 'failed', failureMessage: 'Authentication failed. Please try another card.', updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'requires_action')));
  return recordCharge(payment, await gateway.retrieve(payment.providerPaymentId!));
}

/**
 * POST /api/payments/paypal/orders {orderId}: creates the PayPal order for the user's own payable
 * order, for the order's total in the store currency. → {id} (the PayPal order id the buttons
 * approve). Errors: 404; 409 not payable; 502 provider unavailable.
 */
export async function createPaypalOrder(user: Buyer, orderId: number): Promise<{ id: string }> {
  const gateway = getPaypalGateway();
  const order = await ownOrder(user.id, orderId);
  if (!isOpenForCustomer(order)) throw notPayable(order);
  const created = await gateway.createOrder({ orderId: order.id, amountCents: order.totalAmount, currency: order.currency, requestId: `order-${order.id}-paypal-${Date.now()}` });
  await db.insert(payments).values({
    orderId: order.id,
    userId: user.id,
    provider: gateway.provider,
    providerPaymentId: created.id,
    amount: order.totalAmount,
    currency: order.currency,
    status: 'pending',
  });
  return created;
}

/**
 * POST /api/orders/{id}/completePayment {paypalOrderId}: captures the approved PayPal order and
 * verifies it with PayPal (status COMPLETED, amount and currency equal to the order's, custom_id our
 * order id) before marking the order paid. Safe to retry. Errors: 404 order or PayPal order not
 * this order's; 409 not payable; 402 PayPal did not complete the payment.
 */
export async function completePaypalPayment(user: Buyer, orderId: number, paypalOrderId: string): Promise<PaymentOutcome> {
  const gateway = getPaypalGateway();
  const order = await ownOrder(user.id, orderId);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, gateway.provider), eq(payments.providerPaymentId, paypalOrderId)))
    .limit(1);
  if (!payment) throw notFound('That PayPal payment does not belong to this order.');
  if (payment.status === 'succeeded') {
    if (await markOrderPaid(db, order.id, 'paypal')) kickDelivery();
    return paid(order.id);
  }
  if (!isOpenForCustomer(order)) throw notPayable(order);

  const capture = await gateway.captureOrder(paypalOrderId, `capture-${paypalOrderId}`);
  const problems: string[] = [];
  if (capture.orderStatus !== 'COMPLETED') problems.push(`order status ${capture.orderStatus}${capture.issue ? ` (${capture.issue})` : ''}`);
  if (capture.captureStatus !== 'COMPLETED') problems.push(`capture status ${capture.captureStatus ?? 'missing'}`);
  if (capture.amountCents !== order.totalAmount) problems.push(`amount ${capture.amountCents} ≠ ${order.totalAmount}`);
  if ((capture.currency ?? '').toUpperCase() !== order.currency.toUpperCase()) problems.push(`currency ${capture.currency} ≠ ${order.currency}`);
  if (capture.customId !== null && capture.customId !== String(order.id)) problems.push(`custom_id ${capture.customId} ≠ ${order.id}`);
  if (problems.length > 0) {
    console.warn(`[paypal] order ${order.id}: PayPal order ${paypalOrderId} not accepted: ${problems.join('; ')}`);
    return recordCharge(payment, { id: paypalOrderId, status: 'failed', message: 'Failed to complete the payment. Please try again.' }, 'paypal');
  }
  // The capture id is what a refund is made against (lib/payments/refund-gateway.ts).
  if (capture.captureId) await db.update(payments).set({ captureId: capture.captureId }).where(eq(payments.id, payment.id));
  return recordCharge(payment, { id: paypalOrderId, status: 'succeeded' }, 'paypal');
}

/** The user's Stripe customer id, if any (tests, admin). */
export async function stripeCustomerOf(userId: number): Promise<string | null> {
  const [row] = await db.select({ c: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.c ?? null;
}
