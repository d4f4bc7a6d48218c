/**
 * How a /products listing is named and which listings search engines should index
 * (docs/catalogue.md "Search engines and link previews"). One rule, used by the page's h1 and its
 * metadata alike:
 *
 * - A **named listing** — everything, one room or subcategory, or everything on sale, on any page,
 *   in any order — has a title and description of its own and is indexed; its canonical is itself
 *   (page kept, sort left out).
 * - **Any other filter combination** (a style, function, mobility, rating or size range, several
 *   categories, a category and on sale …) is `noindex, follow`, titled by what it shows ("Sofas &
 *   armchairs on sale", "Beds: Style: Upholstered"), with its canonical pointing to the named
 *   listing it narrows: its one category; else the room its categories all belong to; else
 *   everything on sale when it is on sale without a category; else /products.
 * - A **search** is `noindex, follow` (results pages are for people).
 *
 * Pure, so the rule is unit-tested.
 */
import { canonicalProductsPath, filterChips, hasFilters, type ProductQuery } from '@/lib/catalog/product-query';

type Room = { category_id: number; slug: string; name: string; subcategories: { category_id: number; name?: string }[] };

export type ListingIndexing = {
  /** Whether the listing is indexed. */
  index: boolean;
  /** Its canonical address (site-relative). */
  canonical: string;
  /** The one room the listing's categories belong to, if there is one (its share picture). */
  room: Room | null;
};

export type ListingNaming = ListingIndexing & {
  /** The page's h1: "All products", "On sale", a room or subcategory ("Beds"), "Beds on sale", or the search. */
  heading: string;
  /** The page's <title> (before the store name and the page number): "Living room furniture", "Beds on sale: Style: Upholstered". */
  title: string;
  /** The meta description (not yet cut to length). */
  description: string;
};

/** The room a category id is (or belongs to). */
function roomOf(tree: readonly Room[], id: number): Room | undefined {
  return tree.find((r) => r.category_id === id || r.subcategories.some((s) => s.category_id === id));
}

/** Category names are shown with underscores as spaces (spec §3 Category). */
const shown = (name: string) => name.replace(/_/g, ' ');

/** The name of a category id: a room's or a subcategory's; undefined for an unknown id. */
export function categoryNameIn(tree: readonly Room[], id: number): string | undefined {
  for (const room of tree) {
    if (room.category_id === id) return room.name;
    const sub = room.subcategories.find((s) => s.category_id === id);
    if (sub) return sub.name === undefined ? undefined : shown(sub.name);
  }
  return undefined;
}

/** A listing with nothing but at most one category, or nothing but on sale. */
export function isNamedListing(s: ProductQuery): boolean {
  const rest = { ...s, category: [], onSale: false };
  if (s.q?.trim() || hasFilters(rest)) return false;
  return s.category.length === 0 || (s.category.length === 1 && !s.onSale);
}

/** The rule above for the listing `s` in the category tree `tree`: whether it is indexed, and its canonical. */
export function listingIndexing(s: ProductQuery, tree: readonly Room[]): ListingIndexing {
  const rooms = [...new Set(s.category.map((id) => roomOf(tree, id)).filter((r): r is Room => Boolean(r)))];
  const room = rooms.length === 1 && s.category.every((id) => roomOf(tree, id)) ? rooms[0] : null;
  if (s.q?.trim()) return { index: false, canonical: canonicalProductsPath(s), room };
  if (isNamedListing(s)) return { index: true, canonical: canonicalProductsPath(s), room };
  // The named listing this combination narrows.
  let canonical = '/products';
  if (s.category.length === 1 && roomOf(tree, s.category[0])) canonical = `/products?category=${s.category[0]}`;
  else if (room) canonical = `/products?category=${room.category_id}`;
  else if (s.category.length === 0 && s.onSale) canonical = '/products?on_sale=1';
  return { index: false, canonical, room };
}

/** What the listing's categories are called: one name, two joined by "and", or the first and how many more; null for none. */
function categorySubject(s: ProductQuery, tree: readonly Room[]): { heading: string; title: string } | null {
  const names = s.category.map((id) => categoryNameIn(tree, id) ?? `Category ${id}`);
  if (names.length === 0) return null;
  if (names.length === 1) {
    // A room is a place ("Living room furniture"); a subcategory names its pieces already ("Beds").
    const isRoom = tree.some((r) => r.category_id === s.category[0]);
    return { heading: names[0], title: isRoom ? `${names[0]} furniture` : names[0] };
  }
  const joined = names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} and ${names.length - 1} more categories`;
  return { heading: joined, title: joined };
}

/** The listing's h1: the search, its categories (and "on sale"), "On sale" or "All products"; its other filters are its chips. */
export function listingHeading(s: ProductQuery, tree: readonly Room[]): string {
  const q = s.q?.trim();
  if (q) return `Results for “${q}”`;
  const subject = categorySubject(s, tree);
  if (subject) return s.onSale ? `${subject.heading} on sale` : subject.heading;
  return s.onSale ? 'On sale' : 'All products';
}

/**
 * The listing's h1, title, description, indexing and canonical (the rule above). `storeName` is
 * the store_name setting. The title's length is kept by pageMetadata (lib/storefront/page-metadata.ts).
 */
export function listingNaming(s: ProductQuery, tree: readonly Room[], storeName: string): ListingNaming {
  const indexing = listingIndexing(s, tree);
  const q = s.q?.trim();
  if (q) {
    return { ...indexing, heading: listingHeading(s, tree), title: `Search: ${q}`, description: `Furniture matching “${q}” at ${storeName}, delivered across New Zealand.` };
  }
  const subject = categorySubject(s, tree);
  const heading = listingHeading(s, tree);
  let title = subject?.title ?? (s.onSale ? 'Furniture on sale' : 'All products');
  if (subject && s.onSale) title = heading;
  // The refinements beyond the categories and on sale, as their chips say them ("Style: Upholstered", "Width 60–120 cm").
  const refinements = filterChips({ ...s, category: [], onSale: false }, () => undefined).map((c) => c.label);
  if (refinements.length) title = `${title}: ${refinements.join(', ')}`;

  let description: string;
  if (!subject && !s.onSale && !refinements.length) {
    description = 'Browse sofas, beds, tables, chairs, storage and outdoor furniture. Filter by room, style and size; delivered across New Zealand.';
  } else if (!subject && s.onSale && !refinements.length) {
    description = `Furniture on sale at ${storeName}: sofas, beds, dining, storage and outdoor pieces at reduced prices, delivered across New Zealand.`;
  } else {
    // Lower-cased in the sentence unless it starts with an abbreviation ("TV & media furniture").
    const inSentence = /^[A-Z][a-z]/.test(title) ? `${title.charAt(0).toLowerCase()}${title.slice(1)}` : title;
    description = `Shop ${inSentence} at ${storeName}: real sizes, New Zealand prices and delivery nationwide.`;
  }
  return { ...indexing, heading, title, description };
}
