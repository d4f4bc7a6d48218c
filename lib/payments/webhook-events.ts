/**
 * The one rule every payment provider's webhook follows (Stripe: lib/orders/stripe-webhooks.ts; PayPal:
 * lib/orders/paypal-webhooks.ts): an event id is handled once. Its id goes into webhook_events in
 * the same transaction as its effects, so a replay changes nothing and a failed handling leaves no
 * trace (the provider delivers it again).
 */
import 'server-only';
import { db, type Tx } from '@/db/client';
import { webhookEvents } from '@/db/schema';
import { invalidateProductStock, type StockMove } from '@/lib/catalog/read/cache';
import { kickDelivery } from '@/lib/mail/deliver';

/**
 * Runs `effects` for an event not seen before, in one transaction with the record of its id; then
 * drops the cached stock of the products the effects restocked (invalidateProductStock) and starts
 * delivering the e-mails they wrote to the outbox.
 * @param effects the event's changes; @returns the stock moves of the units that came back
 * @returns true when handled now, false when the event was handled before (a replay)
 */
export async function handleEventOnce(event: { id: string; provider: 'stripe' | 'paypal'; type: string }, effects: (tx: Tx) => Promise<StockMove[]>): Promise<boolean> {
  let restocked: StockMove[] = [];
  const handled = await db.transaction(async (tx) => {
    const fresh = await tx.insert(webhookEvents).values(event).onConflictDoNothing().returning({ id: webhookEvents.id });
    if (fresh.length === 0) return false;
    restocked = await effects(tx);
    return true;
  });
  invalidateProductStock(restocked);
  if (handled) kickDelivery();
  return handled;
}
