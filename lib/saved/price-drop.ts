/**
 * Price-drop notes on saved items (docs/saved-items.md "Price drops"): when a product's price
 * falls, each customer who saved it and agreed to marketing e-mail gets one e-mail once the price
 * is at least `price_drop_percent` (setting, default 10) below the price they last heard of — the
 * price when they saved it, or the one the last such e-mail named. One e-mail per drop, not per
 * edit: a 5 % cut followed by another 6 % cut sends one when the two add up; a rise and a fall back
 * to an announced price sends nothing.
 *
 * Called by the product update (lib/catalog/admin/product-service.ts, through its onPriceChange
 * hook, which PUT /api/products/{id} passes) in the transaction that changes the price, so the
 * change and its e-mails commit together (docs/mail.md, decision 0006).
 */
import 'server-only';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { savedItems, users } from '@/db/schema';
import { mailPriceDrop } from '@/lib/mail/marketing';
import { getShopSettings } from '@/lib/settings/queries';

/** A product's price as it was and as it is now, cents. */
export type PriceChange = { productId: number; from: number; to: number };

/** Whether `to` is at least `percent` % below `reference` (integer arithmetic, cents). */
export const isPriceDrop = (reference: number, to: number, percent: number) => to * 100 <= reference * (100 - percent);

/**
 * Writes the price-drop e-mails a price change causes, in the caller's transaction, and records the
 * announced price on each saved item that got one.
 * @returns how many e-mails were written
 */
export async function notePriceDrops(tx: Executor, change: PriceChange): Promise<number> {
  if (change.to >= change.from) return 0;
  const { priceDropPercent } = await getShopSettings(tx);
  const savers = await tx
    .select({ id: savedItems.id, userId: savedItems.userId, priceWhenSaved: savedItems.priceWhenSaved, lastNotifiedPrice: savedItems.lastNotifiedPrice })
    .from(savedItems)
    .innerJoin(users, eq(users.id, savedItems.userId))
    .where(and(eq(savedItems.productId, change.productId), isNotNull(users.marketingConsentAt), isNull(users.deactivatedAt)))
    .for('update', { of: savedItems });
  let written = 0;
  for (const s of savers) {
    const reference = s.lastNotifiedPrice ?? s.priceWhenSaved;
    if (!isPriceDrop(reference, change.to, priceDropPercent)) continue;
    if (await mailPriceDrop(tx, { savedItemId: s.id, userId: s.userId, productId: change.productId, was: reference, now: change.to })) written += 1;
    await tx.update(savedItems).set({ lastNotifiedPrice: change.to }).where(eq(savedItems.id, s.id));
  }
  return written;
}
