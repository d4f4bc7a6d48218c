/**
 * Saved items input (docs/saved-items.md): shared by the route handlers and the heart and /saved
 * controls that send them.
 */
import { z } from 'zod';

const productId = z.coerce.number({ error: 'product_id is required.' }).int('product_id must be a whole number.').positive('product_id must be a positive whole number.');

/** POST /api/saved-items, DELETE /api/saved-items, POST /api/saved-items/move-to-cart: {product_id}. */
export const savedItemSchema = z.object({ product_id: productId });
export type SavedItemInput = z.infer<typeof savedItemSchema>;

/** Most items one customer keeps saved: the list is one page, and the hearts' state one small answer. */
export const MAX_SAVED_ITEMS = 200;
