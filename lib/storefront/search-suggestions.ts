/**
 * Suggestions as you type, as the shop shows them (docs/search.md "Suggestions as you type"): the
 * catalogue's matches (lib/catalog/read/suggestions.ts) with their addresses, prices in the store
 * currency and pictures. Server-only.
 */
import 'server-only';
import { getSuggestions } from '@/lib/catalog/read/suggestions';
import { listBrands } from '@/lib/catalog/admin/merchants';
import { SUGGEST_BRAND_LIMIT, byNameOrder, nameMatches, suggestTerms, wordsOf } from '@/lib/catalog/search/suggest-terms';
import { expandQuery, inflections } from '@/lib/catalog/search/expand';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';
import { illustrationOf } from '@/lib/catalog/illustrations';
import type { SuggestionsJson } from '@/lib/catalog/contracts';
import { getShopSettingsCached } from '@/lib/settings/queries';
import { formatMoney, toDecimal } from '@/lib/money';
import { isUsableImageUrl } from '@/lib/storefront/product-image';

/** The address of the listing a search of `text` shows: the search box's own target. */
export const searchUrl = (text: string) => `/products?${new URLSearchParams({ query: text })}`;

/**
 * Whether the query ends in a word or phrase that a synonym set searches by ("couch", "lounge
 * suite"), in the singular or the plural ("couches"): such a last word is read as complete, not as a prefix still being typed, since its
 * synonyms find the products ("sofa") that its own letters may not begin.
 */
function endsInSynonym(q: string, sets: SynonymSet[]): boolean {
  const words = wordsOf(q);
  const searched = new Set(sets.flatMap((s) => (s.kind === 'two_way' ? s.terms : [s.input ?? ''])).map((w) => wordsOf(w).join(' ')));
  return [1, 2, 3].some((n) => n <= words.length && inflections(words.slice(-n).join(' ')).some((phrase) => searched.has(phrase)));
}

/**
 * Suggestions for `q` as typed: `{ query, products, categories, brands }`, at most 8 in all
 * (lib/catalog/search/suggest-terms.ts SUGGEST_LIMIT). A query shorter than two characters, or
 * with no letter or digit, has none. Prices: `price_cents` (cents) and `price_display` (store
 * currency). A product without an uploaded image shows its drawing. The complete words match with
 * the synonym sets' alternatives (expandQuery), and a last word that is a synonym counts as complete.
 * @throws BusyError (503) when the catalogue's bounded reads are full
 */
export async function searchSuggestions(q: string): Promise<SuggestionsJson> {
  const query = q.trim();
  // The complete words match as the search does: with their synonyms, plurals and spellings.
  const sets = await loadSynonyms();
  const expand = (words: string[]) => expandQuery(words.join(' '), sets);
  const terms = suggestTerms(endsInSynonym(query, sets) ? `${query} ` : q, expand);
  if (!terms) return { query, products: [], categories: [], brands: [] };
  // Brands: a short list from its own cache (the back office's read), matched like categories.
  const brands = (await listBrands())
    .filter((b) => nameMatches(b.name, terms))
    .sort(byNameOrder(terms))
    .slice(0, SUGGEST_BRAND_LIMIT);
  const [found, { currency }] = await Promise.all([getSuggestions(terms, brands.length), getShopSettingsCached()]);
  return {
    query,
    products: found.products.map((p) => ({
      product_id: p.id,
      name: p.name,
      url: `/products/${p.id}`,
      price_cents: p.price,
      price_display: formatMoney(toDecimal(p.price), currency),
      image_url: isUsableImageUrl(p.image_url) ? p.image_url : illustrationOf({ name: p.name, function: p.function, description: p.description }),
      image_alt: p.name,
      in_stock: p.stock > 0,
    })),
    categories: found.categories.map((c) => ({ category_id: c.id, name: c.name, room: c.room, url: `/products?category=${c.id}` })),
    brands: brands.map((b) => ({ brand_id: b.brand_id, name: b.name, url: searchUrl(b.name) })),
  };
}
