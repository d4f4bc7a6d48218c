/**
 * Cart quantity rules with no dependencies, so the add-to-cart control on every storefront page can
 * use them without shipping zod to the browser (lib/cart/schemas.ts builds its schemas on them).
 */

/** Minimum quantity of a cart line (spec §9). */
export const MIN_QUANTITY = 1;
/** Upper bound of one request, far above any real stock; stock decides the real limit. */
export const MAX_QUANTITY = 9999;

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
