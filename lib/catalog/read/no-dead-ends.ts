/**
 * What the products page offers beside a search's results so that no search is a dead end
 * (docs/search.md "No dead ends"): whether its results are all weak, "did you mean …", and the
 * categories its words name. Server-only; a bounded read (lib/catalog/read/read-guard.ts), cached
 * under the catalogue's tags like the listing it accompanies.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import type { SearchPage } from '@/lib/catalog/contracts';
import { listWhere } from '@/lib/catalog/read/listing-sql';
import { groupsOf, searchProducts } from '@/lib/catalog/read/queries';
import { boundedRead } from '@/lib/catalog/read/read-guard';
import { didYouMean, foundByWordsSql, matchingCategoriesSql } from '@/lib/catalog/search/did-you-mean';
import { buildConditions, normaliseParams, wordsMatch } from '@/lib/catalog/search/search';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import { TAGS } from '@/lib/catalog/tags';
import type { ProductListParams } from '@/lib/catalog/types';

/** Seconds a cached answer may be served without an invalidation, as the listing's (lib/catalog/read/queries.ts). */
const REVALIDATE = 60;

/** How many matching categories are offered at most. */
export const MATCHING_CATEGORIES = 4;

export type SearchHelp = {
  /**
   * The search has results and none of them is found by the query's words (full text or SKU,
   * wordsMatch in lib/catalog/search/search.ts) under its filters: all came from the trigram
   * similarity of their names alone (typos). false for a search without results.
   */
  weak: boolean;
  /** A correction of the query that finds products (lib/catalog/search/did-you-mean.ts), or null. */
  didYouMean: string | null;
  /** The categories (rooms or subcategories) whose names the query or its correction names, closest first (at most MATCHING_CATEGORIES). */
  categoryIds: number[];
};

const NOTHING: SearchHelp = { weak: false, didYouMean: null, categoryIds: [] };

type Rows<T> = { rows: T[] };

async function searchHelpUncached(filters: ProductListParams, hasResults: boolean, groups: string[][] | null): Promise<SearchHelp> {
  const p = normaliseParams(filters, groups);
  const q = p.q;
  if (q === null) return NOTHING;
  // The corrections are checked through the search as the listing expands it; read outside the
  // bounded read, which holds its connection.
  const sets = await loadSynonyms();
  return boundedRead(async (tx) => {
    if (hasResults) {
      const where = listWhere({ ...buildConditions(p), search: wordsMatch(q, p.groups) });
      const [{ found }] = ((await tx.execute(foundByWordsSql(where))) as unknown as Rows<{ found: boolean }>).rows;
      if (found) return NOTHING;
    }
    const suggestion = await didYouMean(q, tx, sets);
    const categories = ((await tx.execute(matchingCategoriesSql(suggestion ? [q, suggestion] : [q], MATCHING_CATEGORIES))) as unknown as Rows<{ id: number }>).rows;
    return { weak: hasResults, didYouMean: suggestion, categoryIds: categories.map((c) => Number(c.id)) };
  });
}
const cachedSearchHelp = unstable_cache(searchHelpUncached, ['catalog:search-help'], { tags: [TAGS.products, TAGS.categories], revalidate: REVALIDATE });

/**
 * What a search's page offers besides its results, given the page's params and how many products
 * the search found (`total`): for no results, "did you mean …" and the categories the query names;
 * for results that are all weak, the same with `weak` set; otherwise nothing. Paging and sort
 * change none of it. No query: nothing, without a read.
 * @throws BusyError (503) when the catalogue is overloaded
 */
export async function getSearchHelp(params: ProductListParams, total: number): Promise<SearchHelp> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { page, limit, sort, includeImages, ...filters } = params;
  if (normaliseParams(filters).q === null) return NOTHING;
  return cachedSearchHelp(filters, total > 0, await groupsOf(filters));
}

/**
 * A search for API clients (GET /api/products/search): searchProducts' page, and when it found
 * nothing for a query, `did_you_mean`, a correction that finds products, if there is one.
 * @throws BusyError (503) when the catalogue is overloaded
 */
export async function searchWithSuggestion(query: string, options: Omit<ProductListParams, 'q'> = {}): Promise<SearchPage> {
  const page = await searchProducts(query, options);
  if (page.total > 0 || !query.trim()) return page;
  const help = await getSearchHelp({ ...options, q: query }, 0);
  return help.didYouMean ? { ...page, did_you_mean: help.didYouMean } : page;
}
