/**
 * The catalogue's side of suggestions as you type (docs/search.md "Suggestions as you type"): the
 * products, categories and rooms, and brands that match a query's terms, cached per terms.
 * Server-only; prices in cents (the storefront formats them, lib/storefront/search-suggestions.ts).
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { getCategoryTree } from '@/lib/catalog/read/queries';
import { listBrands } from '@/lib/catalog/admin/merchants';
import { boundedRead } from '@/lib/catalog/read/read-guard';
import { TAGS } from '@/lib/catalog/tags';
import { suggestProductsSql, type SuggestProductRow } from '@/lib/catalog/search/suggest-sql';
import {
  SUGGEST_BRAND_LIMIT,
  SUGGEST_CATEGORY_LIMIT,
  SUGGEST_LIMIT,
  nameMatches,
  nameOrder,
  termsKey,
  type SuggestTerms,
} from '@/lib/catalog/search/suggest-terms';

/** A category or room that matches: `room` names the room of a subcategory (null for a room). */
export type SuggestCategory = { id: number; name: string; room: string | null };
export type SuggestBrand = { id: number; name: string };
export type CatalogueSuggestions = { products: SuggestProductRow[]; categories: SuggestCategory[]; brands: SuggestBrand[] };

/** Seconds a cached list may be served before it is read again without an invalidation (stock moves with orders). */
const REVALIDATE = 60;

const byNameOrder = (t: SuggestTerms) => (a: { name: string }, b: { name: string }) => {
  const [x, y] = [nameOrder(a.name, t), nameOrder(b.name, t)];
  return x[0] - y[0] || x[1] - y[1] || a.name.localeCompare(b.name);
};

async function readSuggestions(t: SuggestTerms): Promise<CatalogueSuggestions> {
  // Rooms and categories, and brands, are short lists read from their own caches: matched here.
  const [tree, allBrands] = await Promise.all([getCategoryTree(), listBrands()]);
  const named = tree.flatMap((room) => [
    { id: room.category_id, name: room.name, room: null },
    ...room.subcategories.map((c) => ({ id: c.category_id, name: c.name, room: room.name })),
  ]);
  const categories = named.filter((c) => nameMatches(c.name, t)).sort(byNameOrder(t)).slice(0, SUGGEST_CATEGORY_LIMIT);
  const brands = allBrands
    .filter((b) => nameMatches(b.name, t))
    .map((b) => ({ id: b.brand_id, name: b.name }))
    .sort(byNameOrder(t))
    .slice(0, SUGGEST_BRAND_LIMIT);
  // Products take the rest of the list: they come first, but leave room for the names that match.
  const statement = suggestProductsSql(t, SUGGEST_LIMIT - categories.length - brands.length);
  const products = statement ? ((await boundedRead((tx) => tx.execute(statement))) as unknown as { rows: SuggestProductRow[] }).rows : [];
  return { products: products.map((p) => ({ ...p, id: Number(p.id), price: Number(p.price), stock: Number(p.stock) })), categories, brands };
}

const cachedSuggestions = (key: string, t: SuggestTerms) =>
  unstable_cache(() => readSuggestions(t), ['search-suggest', key], { tags: [TAGS.products, TAGS.categories, TAGS.brands], revalidate: REVALIDATE })();

/**
 * The suggestions for a query's terms (lib/catalog/search/suggest-terms.ts suggestTerms): at most
 * SUGGEST_LIMIT in all — up to SUGGEST_CATEGORY_LIMIT categories and rooms and SUGGEST_BRAND_LIMIT
 * brands whose names match, products for the rest (see suggestProductsSql). Cached per terms under
 * the catalogue's tags, so an admin's write expires them.
 * @throws BusyError (503) when the catalogue's bounded reads are full (lib/catalog/read/read-guard.ts)
 */
export function getSuggestions(t: SuggestTerms): Promise<CatalogueSuggestions> {
  return cachedSuggestions(termsKey(t), t);
}
