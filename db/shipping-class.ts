/**
 * The one rule that derives a product's shipping class from its dimensions and, where they are
 * incomplete, from its kind (docs/delivery.md "Shipping classes"). The importer (db/import/ikea.ts)
 * and the admin's new products use it; migrations 0010_delivery_seed and 0018_catalogue_data apply
 * the same rule to existing products in SQL (keep BULKY_KIND_SQL in step with the patterns here).
 * `collect_only` is never derived: an administrator sets it in Edit Details.
 *
 * It lives in db/, beside the SHIPPING_CLASSES it chooses from (db/statuses.ts), because the
 * importer under db/ needs it and db/ imports nothing of lib/; it imports nothing itself.
 */

/** Longest side, cm, above which a piece is bulky (a courier takes up to 120 cm). */
export const BULKY_LONGEST_SIDE_CM = 120;
/** Sum of the three sides, cm, above which a piece is bulky. */
export const BULKY_SIDES_SUM_CM = 200;

export type ShippingDimensions = { widthCm: number | null; heightCm: number | null; depthCm: number | null };

/** Where a product's name stops naming the piece itself: "Cover for 3-seat sofa" → "cover". */
const HEAD_END = /\s(?:with|w|for|f|to)\s.*$|[,(].*$/;
/** Pieces that need two people and a truck whatever their exact size. */
const BULKY_WORDS =
  /\b(?:sofas?|sofa-beds?|couch|settee|chaise longue|armchairs?|recliners?|day-beds?|daybeds?|beds?|divan|mattress(?:es)?|wardrobes?|sideboards?|buffet|bookcases?|chests? of (?:\d+ )?drawers|dining (?:set|table))\b/;
/** A table sold with its chairs, stools or benches (a dining set), or an outdoor conversation set. */
const SET_WORDS = /\btables?\b.*\b(?:chairs?|chrs|stools?|bench|benches|armchairs?)\b|\bconversation set\b/;
/** Names of parts and accessories of those pieces, which travel as parcels: "Cover three-seat sofa", "Bed tent". */
const NOT_THE_PIECE =
  /\b(?:covers?|slipcovers?|cushions?|pads?|pillows?|throws?|legs?|feet|foot|castors?|handles?|knobs?|fittings?|hinges?|brackets?|rails?|tents?|canopy|net|protectors?|toppers?|sheets?|armrests?|backrests?|headrests?|doors?|shelf|shelves|inserts?|slats?)\b/;

/**
 * True when the product's name says it is a piece that always travels bulky — a sofa, chaise
 * longue, armchair, bed, mattress, wardrobe, sideboard, bookcase, chest of drawers or a dining set
 * (a table with its chairs) — and not a part or cover of one ("Cover for 3-seat sofa", "Bed tent").
 * The name is read up to "with", "for", a comma or a bracket, except for a table-and-chairs set.
 */
export function isBulkyKind(name: string | null | undefined): boolean {
  const text = (name ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  const head = text.replace(HEAD_END, '');
  if (NOT_THE_PIECE.test(head)) return false;
  return BULKY_WORDS.test(head) || SET_WORDS.test(text.replace(/\s(?:for|f)\s.*$/, ''));
}

/**
 * The shipping class of a product (cm; a missing side is null):
 *   - `bulky` when a known side is over 120 cm or the known sides add up to over 200 cm;
 *   - `parcel` when all three sides are known and neither holds;
 *   - otherwise (a side or all of them missing, so the size cannot show it fits a courier) by its
 *     kind: `bulky` for a sofa, bed, wardrobe, dining set … (isBulkyKind on `name`), else `parcel`.
 */
export function shippingClassFor(d: ShippingDimensions & { name?: string | null }): 'parcel' | 'bulky' {
  const sides = [d.widthCm ?? 0, d.heightCm ?? 0, d.depthCm ?? 0];
  const longest = Math.max(...sides);
  const sum = sides[0] + sides[1] + sides[2];
  if (longest > BULKY_LONGEST_SIDE_CM || sum > BULKY_SIDES_SUM_CM) return 'bulky';
  const measured = [d.widthCm, d.heightCm, d.depthCm].every((n) => typeof n === 'number' && n > 0);
  if (measured) return 'parcel';
  return isBulkyKind(d.name) ? 'bulky' : 'parcel';
}
