/**
 * Removing an account's saved payment methods, the one rule both removing one method (DELETE
 * /api/payments/methods/{id}, lib/payments/methods.ts) and closing the account
 * (lib/accounts/privacy-close.ts) follow. It lives with the accounts, below payments, so that
 * closing an account can use it in its own transaction.
 *
 * A removed method is soft-deleted (payments keep pointing at the row). A removed card that no
 * other active method of the account still uses is detached from the shop's customer at the card
 * gateway — a call that leaves the shop, so it is recorded as an outbox job in the same transaction
 * (docs/mail.md "The outbox") and made after the commit, with retries, by
 * lib/payments/detach-jobs.ts.
 */
import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentMethods, type PaymentMethod } from '@/db/schema';
import { enqueueJob } from '@/lib/mail/outbox';

/** Who the detach calls go to, as the outbox lists them. */
export const CARD_GATEWAY = 'card gateway';

/** The outbox job's key for detaching saved method `id`: one call per removed method. */
export const detachJobKey = (id: number) => `detach-payment-method:${id}`;

/**
 * Removes the account's active saved methods (only method `only` when given) and records the
 * gateway call that detaches each removed card no other active method of the account uses.
 * @param tx the caller's transaction: the removal and its jobs commit or roll back together
 * @returns the removed rows and how many detach calls were recorded
 */
export async function removeSavedMethods(tx: Executor, userId: number, only?: number): Promise<{ removed: PaymentMethod[]; cardsToDetach: number }> {
  const removed = await tx
    .update(paymentMethods)
    .set({ deletedAt: sql`now()`, isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt), only === undefined ? undefined : eq(paymentMethods.id, only)))
    .returning();
  const cards = removed.filter((m) => m.paymentType === 'credit_card' && m.providerPaymentMethodId);
  if (cards.length === 0) return { removed, cardsToDetach: 0 };
  // The same card saved again under another active row stays attached: it can still be charged.
  const providerIds = [...new Set(cards.map((m) => m.providerPaymentMethodId as string))];
  const stillUsed = await tx
    .select({ providerId: paymentMethods.providerPaymentMethodId })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt), inArray(paymentMethods.providerPaymentMethodId, providerIds)));
  const used = new Set(stillUsed.map((r) => r.providerId));
  const toDetach = new Map<string, PaymentMethod>();
  for (const m of cards) if (!used.has(m.providerPaymentMethodId) && !toDetach.has(m.providerPaymentMethodId as string)) toDetach.set(m.providerPaymentMethodId as string, m);
  for (const m of toDetach.values()) {
    await enqueueJob(tx, {
      kind: 'detach_payment_method',
      eventKey: detachJobKey(m.id),
      target: CARD_GATEWAY,
      description: `Detach the saved card ${m.cardBrand ?? 'card'} •••• ${m.cardLast4 ?? '????'} of account #${userId}`,
      payload: { paymentMethodId: m.id, providerPaymentMethodId: m.providerPaymentMethodId, userId },
    });
  }
  return { removed, cardsToDetach: toDetach.size };
}
