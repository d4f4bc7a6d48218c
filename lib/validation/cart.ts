/**
 * Cart input (spec §3 Cart item, §5 Add-to-cart and Cart, §7 cart calls).
 * Shared by the cart route handlers and the add-to-cart control.
 */
import { z } from 'zod';

/** Minimum quantity of a cart line (spec §9). */
export const MIN_QUANTITY = 1;
/** Upper bound of one request, far above any real stock; stock decides the real limit. */
export const MAX_QUANTITY = 9999;

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
 * The add-to-cart control's quantity field: values below 1 are forced to 1 as the customer types
 * (spec §5); NaN (an empty field) stays as typed so the submit check can explain it.
 */
export function clampQuantity(value: number, max?: number): number {
  if (!Number.isFinite(value)) return value;
  let q = Math.trunc(value);
  if (q < MIN_QUANTITY) q = MIN_QUANTITY;
  if (max !== undefined && max >= MIN_QUANTITY && q > max) q = max;
  return q;
}

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
