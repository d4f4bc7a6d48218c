/**
 * The catalogue's listing statements for representative queries, and their plans: what
 * bench/explain.ts writes to bench/ with EXPLAIN (ANALYZE, BUFFERS) at 100,000 products, and what
 * tests/catalog/query-plans.test.ts checks on a grown database (no sequential scan of products on
 * the search, filter and count paths). Server-only; not used by the shop's requests.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { countSql, facetsSql, listWhere, pageSql, searchListingSql } from '@/lib/catalog/read/listing-sql';
import { SET_READ_SETTINGS_LOCALLY } from '@/lib/catalog/read/read-guard';
import { correctionsSql, foundByWordsSql, hasResultsSql } from '@/lib/catalog/search/did-you-mean';
import { buildConditions, normaliseParams, searchGroups, wordsMatch } from '@/lib/catalog/search/search';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';
import { suggestProductsSql } from '@/lib/catalog/search/suggest-sql';
import { SUGGEST_LIMIT, suggestTerms } from '@/lib/catalog/search/suggest-terms';
import type { ProductListParams } from '@/lib/catalog/types';

export type PlannedStatement = { name: string; statement: SQL };

/**
 * Synonym sets of the shapes the seed list has (migration 0026): words of a two-way set, a one-way
 * phrase to phrases, a phrase found written as one word. The statements of a search with synonyms
 * expand with these unless given the database's own.
 */
export const SAMPLE_SYNONYM_SETS: SynonymSet[] = [
  { id: 1, kind: 'two_way', input: null, terms: ['sofa', 'couch', 'settee'] },
  { id: 2, kind: 'one_way', input: 'kids bed', terms: ['bunk bed', 'loft bed', 'extendable bed', 'ext bed', 'cot'] },
  { id: 3, kind: 'one_way', input: 'lounge suite', terms: ['sofa', 'armchair'] },
  { id: 4, kind: 'two_way', input: null, terms: ['sofa bed', 'sleeper sofa', 'bed settee', 'couch bed'] },
];

/**
 * The statements of a few listing queries a shopper makes: searches (words, a typo, a SKU, words
 * with synonyms, expanded with `sets`), filters (a room with a width limit, styles with a height
 * range, on sale), a search with filters, and plain paging in each order. Category ids are those
 * of the imported catalogue (1 is the first room, 8 its first subcategory).
 */
export function catalogueStatements(sets: SynonymSet[] = SAMPLE_SYNONYM_SETS): PlannedStatement[] {
  const cases: [string, ProductListParams][] = [
    ['search "oak shelf"', { q: 'oak shelf' }],
    ['search with a typo "wardrob"', { q: 'wardrob' }],
    ['search a SKU "904.203.32"', { q: '904.203.32' }],
    ['search "white stool", price high to low', { q: 'white stool', sort: 'price_desc' }],
    ['search "kallax table", by name', { q: 'kallax table', sort: 'name' }],
    ['filter: room 1, width ≤ 120 cm, page 2', { categoryIds: [1], width: { max: 120 }, page: 2 }],
    ['filter: two styles, height 50–100 cm, on sale', { style: ['Natural wood', 'Upholstered'], height: { min: 50, max: 100 }, onSale: true }],
    ['search "chair" in room 3, Natural wood', { q: 'chair', categoryIds: [3], style: ['Natural wood'] }],
    ['filter: room 2, rated 4 stars and up', { categoryIds: [2], minRating: 4 }],
    ['search with synonyms "couch"', { q: 'couch' }],
    ['search with synonyms "kids bed"', { q: 'kids bed' }],
    ['search with synonyms "sofabed", price low to high', { q: 'sofabed', sort: 'price_asc' }],
    ['search with synonyms "lounge suite" in room 1, on sale', { q: 'lounge suite', categoryIds: [1], onSale: true }],
  ];
  const pages: [string, ProductListParams][] = [
    ['listing page 40, default order', { page: 40 }],
    ['listing page 40, price low to high', { page: 40, sort: 'price_asc' }],
    ['listing page 40, price high to low', { page: 40, sort: 'price_desc' }],
    ['listing page 40, newest', { page: 40, sort: 'newest' }],
    ['listing page 40, name', { page: 40, sort: 'name' }],
    ['listing page 40, best rated', { page: 40, sort: 'rating' }],
  ];
  return [
    ...cases.flatMap(([name, params]) => {
      const p = normaliseParams(params, searchGroups(normaliseParams(params).q, sets));
      return [
        // A search's page carries its count (searchPageSql); its count alone runs only past its last page.
        { name: `${name}: count`, statement: countSql(p) },
        { name: `${name}: page`, statement: pageSql(p, p.page) },
        { name: `${name}: facet counts`, statement: facetsSql(p) },
        // The products page of a search: its page, count and facet counts in one statement.
        ...(p.q ? [{ name: `${name}: products page (page, count and facet counts)`, statement: searchListingSql(p, p.page) }] : []),
      ];
    }),
    ...pages.map(([name, params]) => {
      const p = normaliseParams(params);
      return { name, statement: pageSql(p, p.page) };
    }),
    // Suggestions as the shopper types: a two-letter prefix that matches much of the catalogue, a
    // word being typed, a complete word and the start of the next, a name with letters to fold.
    ...['so', 'sof', 'kivik 3', 'poä', 'white b'].map((q) => ({ name: `suggestions for "${q}"`, statement: suggestProductsSql(suggestTerms(q)!, SUGGEST_LIMIT)! })),
  ];
}

/**
 * The statements of "no dead ends" (docs/search.md) that read products: whether a search's results
 * are found by its words (weak results), with and without filters, and whether did-you-mean's
 * corrections find anything. A search with no results runs them besides its own.
 */
export function noDeadEndStatements(): PlannedStatement[] {
  const foundByWords = (params: ProductListParams) => {
    const p = normaliseParams(params);
    return foundByWordsSql(listWhere({ ...buildConditions(p), search: wordsMatch(p.q!, p.groups) }));
  };
  return [
    { name: 'weak results: "wardrob" found by its words', statement: foundByWords({ q: 'wardrob' }) },
    { name: 'weak results: "bokcase" in room 7, on sale', statement: foundByWords({ q: 'bokcase', categoryIds: [7], onSale: true }) },
    { name: 'did you mean: do "wardrobe", "white wardrobe" and "dining table" find anything', statement: hasResultsSql(['wardrobe', 'white wardrobe', 'dining table']) },
  ];
}

/** did-you-mean's lookup in the vocabulary (search_terms), which reads no product. */
export const vocabularyStatements = (): PlannedStatement[] => [
  { name: 'did you mean: corrections of "white wardorbe"', statement: correctionsSql('white wardorbe') },
  { name: 'did you mean: corrections of "dinning table"', statement: correctionsSql('dinning table') },
];

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Filter?: string; 'Hash Cond'?: string; 'Merge Cond'?: string; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
const allNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(allNodes)];

/** The nodes of a plan that read a table, depth first. */
const tableNodes = (node: PlanNode): PlanNode[] => [...(node['Relation Name'] ? [node] : []), ...(node.Plans ?? []).flatMap(tableNodes)];

/** EXPLAIN under the settings the shop's reads run with (lib/catalog/read/read-guard.ts). */
function explain<T>(executor: Executor, statement: SQL): Promise<{ rows: T[] }> {
  return executor.transaction(async (tx) => {
    await tx.execute(SET_READ_SETTINGS_LOCALLY);
    return (await tx.execute(statement)) as unknown as { rows: T[] };
  });
}

/** The root node of a statement's plan (EXPLAIN without running it). */
async function planOf(executor: Executor, statement: SQL): Promise<PlanNode> {
  const result = await explain<{ 'QUERY PLAN': unknown }>(executor, sql`EXPLAIN (FORMAT JSON) ${statement}`);
  const raw = result.rows[0]['QUERY PLAN'];
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
}

/** The scans of a statement's plan, depth first ("Seq Scan on products", "Bitmap Heap Scan on products", …). */
export async function planScans(executor: Executor, statement: SQL): Promise<string[]> {
  return tableNodes(await planOf(executor, statement)).map((n) => `${n['Node Type']} on ${n['Relation Name']}`);
}

/** The conditions of a statement's hash and merge joins ("(products_1.id = products_2.id)", …). */
export async function planJoins(executor: Executor, statement: SQL): Promise<string[]> {
  return allNodes(await planOf(executor, statement)).flatMap((n) => [n['Hash Cond'], n['Merge Cond']].filter((c): c is string => c !== undefined));
}

/** Each scan of a statement's plan with the filter it applies to every row it reads: `{ scan, filter }` (filter '' when none). */
export async function planFilters(executor: Executor, statement: SQL): Promise<{ scan: string; filter: string }[]> {
  return tableNodes(await planOf(executor, statement)).map((n) => ({ scan: `${n['Node Type']} on ${n['Relation Name']}`, filter: n.Filter ?? '' }));
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, as PostgreSQL prints it. */
export async function explainAnalyze(executor: Executor, statement: SQL): Promise<string> {
  const result = await explain<{ 'QUERY PLAN': string }>(executor, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}
