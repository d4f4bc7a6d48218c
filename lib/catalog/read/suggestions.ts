/**
 * The catalogue's side of suggestions as you type (docs/search.md "Suggestions as you type"): the
 * products, and the categories and rooms, that match a query's terms, cached per terms (brands are
 * matched beside it, lib/storefront/search-suggestions.ts, as the brand list is the back office's read).
 * Server-only; prices in cents (the storefront formats them, lib/storefront/search-suggestions.ts).
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { getCategoryTree } from '@/lib/catalog/read/queries';
import { boundedRead } from '@/lib/catalog/read/read-guard';
import { TAGS } from '@/lib/catalog/tags';
import { suggestProductsSql, type SuggestProductRow } from '@/lib/catalog/search/suggest-sql';
import {
  SUGGEST_CATEGORY_LIMIT,
  SUGGEST_LIMIT,
  nameMatches,
  byNameOrder,
  termsKey,
  type SuggestTerms,
} from '@/lib/catalog/search/suggest-terms';

/** A category or room that matches: `room` names the room of a subcategory (null for a room). */
export type SuggestCategory = { id: number; name: string; room: string | null };
export type CatalogueSuggestions = { products: SuggestProductRow[]; categories: SuggestCategory[] };

/** Seconds a cached list may be served before it is read again without an invalidation (stock moves with orders). */
const REVALIDATE = 60;

async function readSuggestions(t: SuggestTerms, brandsShown: number): Promise<CatalogueSuggestions> {
  // Rooms and categories are a short list read from its own cache: matched here.
  const tree = await getCategoryTree();
  const named = tree.flatMap((room) => [
    { id: room.category_id, name: room.name, room: null },
    ...room.subcategories.map((c) => ({ id: c.category_id, name: c.name, room: room.name })),
  ]);
  const categories = named.filter((c) => nameMatches(c.name, t)).sort(byNameOrder(t)).slice(0, SUGGEST_CATEGORY_LIMIT);
  // Products take the rest of the list: they come first, but leave room for the names that match.
  const statement = suggestProductsSql(t, SUGGEST_LIMIT - categories.length - brandsShown);
  const products = statement ? ((await boundedRead((tx) => tx.execute(statement))) as unknown as { rows: SuggestProductRow[] }).rows : [];
  return { products: products.map((p) => ({ ...p, id: Number(p.id), price: Number(p.price), stock: Number(p.stock) })), categories };
}

const cachedSuggestions = (key: string, t: SuggestTerms, brandsShown: number) =>
  unstable_cache(() => readSuggestions(t, brandsShown), ['search-suggest', key, String(brandsShown)], { tags: [TAGS.products, TAGS.categories], revalidate: REVALIDATE })();

/**
 * The products, categories and rooms suggested for a query's terms (lib/catalog/search/suggest-terms.ts
 * suggestTerms), with `brandsShown` places of the SUGGEST_LIMIT kept for brands: up to
 * SUGGEST_CATEGORY_LIMIT categories and rooms whose names match, products for the rest (see
 * suggestProductsSql). Cached per terms under the catalogue's tags, so an admin's write expires them.
 * @throws BusyError (503) when the catalogue's bounded reads are full (lib/catalog/read/read-guard.ts)
 */
export function getSuggestions(t: SuggestTerms, brandsShown = 0): Promise<CatalogueSuggestions> {
  return cachedSuggestions(termsKey(t), t, brandsShown);
}
