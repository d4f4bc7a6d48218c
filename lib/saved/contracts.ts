/** Saved items contracts (docs/saved-items.md). Money in decimal store currency, as every contract. */
import { z } from 'zod';
import { contracts, count, dateTime, id, money, nullableText } from '@/lib/server/contracts';

/**
 * One saved item: the product as it is now (price, stock, whether it can still be bought) and the
 * price when it was saved.
 */
export const savedItemJson = z
  .strictObject({
    saved_item_id: id,
    product_id: id,
    name: z.string().min(1),
    color: nullableText,
    image_url: nullableText,
    illustration: z.string().min(1),
    price: money,
    price_when_saved: money,
    stock: count,
    /** false: archived or not sold online — it can no longer be bought. */
    available: z.boolean(),
    saved_at: dateTime,
  })
  .register(contracts, { id: 'SavedItem' });
export type SavedItemJson = z.infer<typeof savedItemJson>;

/** GET /api/saved-items: newest first. */
export const savedItemsJson = z.strictObject({ items: z.array(savedItemJson) }).register(contracts, { id: 'SavedItems' });

/** POST /api/saved-items: the item (saved now, or already saved). */
export const savedItemResultJson = z.strictObject({ message: z.string().min(1), item: savedItemJson });
