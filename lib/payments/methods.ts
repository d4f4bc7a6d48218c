/**
 * Saved payment methods (spec §3 Payment method, §7 /payments/methods calls, profile §8 messages).
 * Only the provider's PaymentMethod id, brand and last four digits are kept, or a PayPal email.
 * Removal is a soft delete: payments keep pointing at the row; a removed card is detached at the
 * provider through the outbox.
 */
import 'server-only';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db/client';
import { paymentMethods, payments, users, type PaymentMethod } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { notFound } from '@/lib/server/errors';
import { toPaymentMethodJson, type PaymentMethodJson } from '@/lib/accounts/mappers';
import type { AddPaymentMethodInput } from '@/lib/payments/schemas';
import { removeSavedMethods } from '@/lib/accounts/saved-payment-methods';
import { kickDetachments } from './detach-jobs';
import { getCardGateway, type CardGateway } from './gateway';

export type { PaymentMethodJson };

/** GET /api/payments/methods: the user's methods, default first, then oldest first. */
export async function listPaymentMethods(userId: number): Promise<PaymentMethodJson[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
  return rows.map(toPaymentMethodJson);
}

/** The user's active method or null (owner in the WHERE clause). */
export async function findPaymentMethod(userId: number, id: number): Promise<PaymentMethod | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user's customer id at the card provider; Stripe's is created once and kept on the user. */
export async function customerFor(gateway: CardGateway, user: Pick<SessionUser, 'id' | 'email' | 'userName'>): Promise<string> {
  if (gateway.provider !== 'stripe') return gateway.createCustomer(user);
  const [row] = await db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, user.id)).limit(1);
  if (row?.customer) return row.customer;
  const customer = await gateway.createCustomer(user);
  await db.update(users).set({ stripeCustomerId: customer }).where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  const [again] = await db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, user.id)).limit(1);
  return again?.customer ?? customer;
}

type MethodValues = Omit<typeof paymentMethods.$inferInsert, 'userId' | 'isDefault'>;

/**
 * Stores a method for the user unless the same one (`same`) is already saved, which is returned
 * instead. The first method, or one added with `makeDefault`, becomes the only default.
 */
async function storeMethod(userId: number, values: MethodValues, same: SQL | undefined, makeDefault: boolean): Promise<PaymentMethod> {
  return db.transaction(async (tx) => {
    // Serialises one user's additions (the default flag stays single).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const active = and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt));
    const [existing] = await tx
      .select()
      .from(paymentMethods)
      .where(and(active, eq(paymentMethods.paymentType, values.paymentType), same))
      .limit(1);
    if (existing) return existing;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentMethods).where(active);
    const isDefault = makeDefault || Number(n) === 0;
    if (isDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(active);
    const [created] = await tx
      .insert(paymentMethods)
      .values({ ...values, userId, isDefault })
      .returning();
    return created;
  });
}

/**
 * POST /api/payments/methods/add: a card (a provider PaymentMethod id created in the browser by
 * Stripe Elements or the demo card form, attached to the user's customer) or a PayPal email.
 * Adding the same card or email again returns the existing entry. The first method becomes the
 * default. Errors: 400 a PaymentMethod the provider refuses; 502 provider unavailable.
 */
export async function addPaymentMethod(user: Pick<SessionUser, 'id' | 'email' | 'userName'>, input: AddPaymentMethodInput): Promise<PaymentMethodJson> {
  let values: MethodValues;
  let same: SQL | undefined;
  if (input.payment_type === 'credit_card') {
    const gateway = await getCardGateway();
    const customer = await customerFor(gateway, user);
    const card = await gateway.attachPaymentMethod(customer, input.stripe_payment_method_id);
    values = { paymentType: 'credit_card', providerPaymentMethodId: card.id, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear };
    same = eq(paymentMethods.providerPaymentMethodId, card.id);
  } else {
    values = { paymentType: 'paypal', paypalEmail: input.paypal_email };
    same = eq(sql`lower(${paymentMethods.paypalEmail})`, input.paypal_email.toLowerCase());
  }
  return toPaymentMethodJson(await storeMethod(user.id, values, same, input.is_default));
}

/**
 * DELETE /api/payments/methods/{id}: removes one of the user's methods (soft delete). A card is
 * detached at the provider after the commit, through its outbox job (lib/accounts/saved-payment-methods.ts,
 * ./detach-jobs.ts), with retries. Someone else's or an unknown id → 404.
 */
export async function removePaymentMethod(userId: number, id: number): Promise<void> {
  const { cardsToDetach } = await db.transaction(async (tx) => {
    const result = await removeSavedMethods(tx, userId, id);
    if (result.removed.length === 0) throw notFound('Payment method not found.');
    // Keep one default when any method is left.
    await tx.execute(sql`
      UPDATE payment_methods SET is_default = true
      WHERE id = (SELECT id FROM payment_methods WHERE user_id = ${userId} AND deleted_at IS NULL ORDER BY id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ${userId} AND deleted_at IS NULL AND is_default)`);
    return result;
  });
  if (cardsToDetach > 0) kickDetachments();
}

/**
 * PATCH /api/payments/methods/{id} {is_default: true}: makes one of the user's active methods the
 * default (the one checkout preselects); every other loses the flag, in one transaction.
 * → the method. Errors: 404 someone else's, removed or unknown (nothing changes).
 */
export async function setDefaultPaymentMethod(userId: number, id: number): Promise<PaymentMethodJson> {
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const active = and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt));
    const [method] = await tx.select().from(paymentMethods).where(and(active, eq(paymentMethods.id, id))).limit(1);
    if (!method) throw notFound('Payment method not found.');
    await tx.update(paymentMethods).set({ isDefault: false }).where(and(active, eq(paymentMethods.isDefault, true)));
    const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id)).returning();
    return updated;
  });
  return toPaymentMethodJson(row);
}

/**
 * Saves the card of a succeeded payment when the customer ticked "Save this card for next time"
 * (payments.save_card) and links the payment to it. Called after the payment's transaction
 * commits, by whichever path saw it succeed (submit, 3-D Secure confirmation, webhook); running it
 * again changes nothing. A failed, pending or unchosen payment saves nothing: a declined card is
 * never kept. Best effort: the payment stands even when the card cannot be described.
 * @returns the saved method, or null when nothing was to be saved.
 */
export async function saveChosenCard(paymentId: number): Promise<PaymentMethodJson | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment || payment.status !== 'succeeded' || !payment.saveCard || payment.paymentMethodId !== null || !payment.providerPaymentMethodId) return null;
  const gateway = await getCardGateway();
  if (gateway.provider !== payment.provider) return null;
  const card = await gateway.describePaymentMethod(payment.providerPaymentMethodId);
  const row = await storeMethod(
    payment.userId,
    { paymentType: 'credit_card', providerPaymentMethodId: card.id, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.expMonth, cardExpYear: card.expYear },
    eq(paymentMethods.providerPaymentMethodId, card.id),
    false,
  );
  await db.update(payments).set({ paymentMethodId: row.id }).where(and(eq(payments.id, payment.id), isNull(payments.paymentMethodId)));
  return toPaymentMethodJson(row);
}
