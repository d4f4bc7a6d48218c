/**
 * Cart input (spec §3 Cart item, §5 Add-to-cart and Cart, §7 cart calls).
 * Shared by the cart route handlers and the add-to-cart control.
 */
import { z } from 'zod';
import { MAX_QUANTITY, MIN_QUANTITY } from '@/lib/cart/quantity';

export { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from '@/lib/cart/quantity';

const productId = z.coerce
  .number({ error: 'Invalid product data.' })
  .int('Invalid product data.')
  .positive('Invalid product data.');

const quantity = z.coerce
  .number({ error: 'Quantity must be at least 1' })
  .int('Quantity must be a whole number.')
  .min(MIN_QUANTITY, 'Quantity must be at least 1')
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}.`);

/** POST /api/cart/add {product_id, quantity}; quantity defaults to 1. */
export const addToCartSchema = z.object({
  product_id: productId,
  quantity: quantity.optional().default(1),
});
export type AddToCartInput = z.infer<typeof addToCartSchema>;

/** PUT /api/cart/update {cart_item_id, quantity}. */
export const updateCartItemSchema = z.object({
  cart_item_id: z.coerce.number({ error: 'cart_item_id is required.' }).int().positive('cart_item_id must be a positive whole number.'),
  quantity,
});
export type UpdateCartItemInput = z.infer<typeof updateCartItemSchema>;

/**
 * The cart selection carried in the order-confirmation URL (`?items=1,2,3`), parsed into unique
 * positive cart_item_ids; an invalid or empty list gives [].
 */
export function parseSelection(raw: string | string[] | undefined | null): number[] {
  const text = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(ids)];
}
