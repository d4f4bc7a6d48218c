/**
 * The one rule that derives a product's shipping class from its dimensions (docs/delivery.md). The
 * importer (db/import/ikea.ts) and the admin's new products use it; migration
 * 0010_delivery_seed backfilled existing products with the same rule in SQL. `collect_only` is never
 * derived: an administrator sets it in Edit Details.
 *
 * It lives in db/, beside the SHIPPING_CLASSES it chooses from (db/statuses.ts), because the
 * importer under db/ needs it and db/ imports nothing of lib/; it imports nothing itself.
 */

/** Longest side, cm, above which a piece is bulky (a courier takes up to 120 cm). */
export const BULKY_LONGEST_SIDE_CM = 120;
/** Sum of the three sides, cm, above which a piece is bulky. */
export const BULKY_SIDES_SUM_CM = 200;

export type ShippingDimensions = { widthCm: number | null; heightCm: number | null; depthCm: number | null };

/**
 * `bulky` when the longest side is over 120 cm or width + height + depth is over 200 cm; otherwise
 * (including a product without dimensions) `parcel`.
 */
export function shippingClassFor(d: ShippingDimensions): 'parcel' | 'bulky' {
  const sides = [d.widthCm ?? 0, d.heightCm ?? 0, d.depthCm ?? 0];
  const longest = Math.max(...sides);
  const sum = sides[0] + sides[1] + sides[2];
  return longest > BULKY_LONGEST_SIDE_CM || sum > BULKY_SIDES_SUM_CM ? 'bulky' : 'parcel';
}
