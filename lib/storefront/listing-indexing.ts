/**
 * Which /products listings search engines should index (docs/catalogue.md). One rule:
 *
 * - A **named listing** — everything, one room or subcategory, or everything on sale, on any page,
 *   in any order — has a title and description of its own and is indexed; its canonical is itself
 *   (page kept, sort left out).
 * - **Any other filter combination** (a style, function, mobility or size range, several categories,
 *   a category and on sale …) is `noindex, follow` with its canonical pointing to the unfiltered room
 *   its categories belong to, or to /products when they span rooms or none is chosen.
 * - A **search** is `noindex, follow` (results pages are for people).
 *
 * Pure, so the rule is unit-tested.
 */
import { canonicalProductsPath, hasFilters, type ProductQuery } from '@/lib/catalog/product-query';

type Room = { category_id: number; slug: string; name: string; subcategories: { category_id: number }[] };

export type ListingIndexing = {
  /** Whether the listing is indexed. */
  index: boolean;
  /** Its canonical address (site-relative). */
  canonical: string;
  /** The one room the listing's categories belong to, if there is one (its share picture). */
  room: Room | null;
};

/** The room a category id is (or belongs to). */
function roomOf(tree: readonly Room[], id: number): Room | undefined {
  return tree.find((r) => r.category_id === id || r.subcategories.some((s) => s.category_id === id));
}

/** A listing with nothing but at most one category, or nothing but on sale. */
export function isNamedListing(s: ProductQuery): boolean {
  const rest = { ...s, category: [], onSale: false };
  if (s.q?.trim() || hasFilters(rest)) return false;
  return s.category.length === 0 || (s.category.length === 1 && !s.onSale);
}

/** The rule above for the listing `s` in the category tree `tree`. */
export function listingIndexing(s: ProductQuery, tree: readonly Room[]): ListingIndexing {
  const rooms = [...new Set(s.category.map((id) => roomOf(tree, id)).filter((r): r is Room => Boolean(r)))];
  const room = rooms.length === 1 && s.category.every((id) => roomOf(tree, id)) ? rooms[0] : null;
  if (s.q?.trim()) return { index: false, canonical: canonicalProductsPath(s), room };
  if (isNamedListing(s)) return { index: true, canonical: canonicalProductsPath(s), room };
  return { index: false, canonical: room ? `/products?category=${room.category_id}` : '/products', room };
}
