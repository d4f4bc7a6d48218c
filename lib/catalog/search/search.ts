/**
 * SQL pieces shared by the catalogue reads: filter conditions, the search match and its ranking.
 * Filtering, counting and paging all happen in SQL; nothing here touches a page of rows in JS.
 */
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from '@/db/schema';
import type { ProductListParams, Range, SortOrder } from '@/lib/catalog/types';
import { foldLetters } from '@/lib/catalog/search/fold';

export { foldLetters };

export const DEFAULT_LIMIT = 18;
export const MAX_LIMIT = 100;
export const MAX_QUERY_LENGTH = 200;

/** Params with blanks removed, lists de-duplicated and limits applied. */
export type NormalisedParams = {
  page: number;
  limit: number;
  q: string | null;
  categoryIds: number[];
  style: string[];
  function: string[];
  mobility: string[];
  width: Range;
  height: Range;
  depth: Range;
  /** Only products with an active promotion. */
  onSale: boolean;
  /** Only products rated at least this many stars on average; undefined = any. */
  minRating: number | undefined;
  sort: SortOrder;
  includeImages: boolean;
};

const clean = (list?: string[]) => [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))];
const finite = (n?: number) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
const range = (r?: Range): Range => ({ min: finite(r?.min), max: finite(r?.max) });

export function normaliseParams(p: ProductListParams = {}): NormalisedParams {
  const limit = Math.trunc(finite(p.limit) ?? DEFAULT_LIMIT);
  const page = Math.trunc(finite(p.page) ?? 1);
  const q = (p.q ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  return {
    page: Math.max(1, page),
    limit: Math.min(MAX_LIMIT, Math.max(1, limit)),
    q: q || null,
    categoryIds: [...new Set((p.categoryIds ?? []).filter((n) => Number.isInteger(n) && n > 0))],
    style: clean(p.style),
    function: clean(p.function),
    mobility: clean(p.mobility),
    width: range(p.width),
    height: range(p.height),
    depth: range(p.depth),
    onSale: p.onSale === true,
    minRating: Number.isInteger(p.minRating) && p.minRating! >= 1 && p.minRating! <= 5 ? p.minRating! : undefined,
    sort: p.sort ?? 'relevance',
    includeImages: p.includeImages ?? false,
  };
}

/** The filter conditions, by facet; null = not filtering on it. */
export type Conditions = {
  search: SQL | null;
  category: SQL | null;
  style: SQL | null;
  function: SQL | null;
  mobility: SQL | null;
  width: SQL | null;
  height: SQL | null;
  depth: SQL | null;
  onSale: SQL | null;
  rating: SQL | null;
};
export const FILTER_KEYS = ['category', 'style', 'function', 'mobility', 'width', 'height', 'depth', 'onSale', 'rating'] as const;

/**
 * THE rule for a price reduction, used by prices, the promotions page and the "On sale" filter:
 * a promotion row `pr` of the product is active from starts_at until ends_at (open-ended when null)
 * and only while its original price is above the current price. Use inside
 * `FROM promotions pr WHERE …`.
 */
export const ACTIVE_PROMOTION = sql`pr.product_id = ${products.id} AND pr.starts_at <= now() AND (pr.ends_at IS NULL OR pr.ends_at > now()) AND pr.original_price > ${products.price}`;

/**
 * The ids of the products with an active promotion (see ACTIVE_PROMOTION), as a subquery of its
 * own (its `products` is not the outer query's): PostgreSQL computes it once and hashes it, rather
 * than looking promotions up row by row. The facet counts, which test it in several places of one
 * statement, read it once as a CTE (lib/catalog/read/listing-sql.ts).
 */
export const ON_SALE_IDS = sql`SELECT pr.product_id FROM promotions pr JOIN ${products} ON ${ACTIVE_PROMOTION}`;

/** The product has an active promotion (see ACTIVE_PROMOTION). */
export const onSaleMatch = sql`${products.id} IN (${ON_SALE_IDS})`;

const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The weighted tsquery for a search text: the 'simple' reading (names) or the 'english' one (stemmed descriptions). */
export const tsQuery = (q: string) => sql`(websearch_to_tsquery('simple', ${q}::text) || websearch_to_tsquery('english', ${q}::text))`;

/** A query that reads as a SKU: up to three letters (and a dash or dot), then a digit, then digits, dots, dashes or spaces. */
const SKU_LIKE = /^[a-z]{0,3}[-.]?\d[\d.\-\s]*$/i;

/**
 * The SKU key of a query that looks like a SKU ("904.203.32", "s093.335", "90420332", "904", "th-7781"):
 * lower case, letters and digits only; null for any other query and for keys shorter than three
 * characters ("2" in "2 seat sofa" is not a SKU search).
 */
export function skuKey(q: string): string | null {
  if (!SKU_LIKE.test(q)) return null;
  const key = q.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key.length >= 3 ? key : null;
}

/** A SKU key without its letter prefix: "s79151312" → "79151312" (IKEA prints sets with an "S", shoppers often leave it out). */
export const skuDigits = (key: string) => key.replace(/^[a-z]+/, '');

/**
 * The product's SKU starts with the key, case, dots and dashes ignored, with or without the letter
 * prefix on either side ("791.513.12" and "S79151312" both find S791.513.12): prefix matches on the
 * stored products.sku_key ("S093.335.23" → "s09333523") and products.sku_digits ("09333523"), each
 * with a text_pattern_ops index. The key holds only [a-z0-9], so no LIKE wildcard.
 */
const skuStartsWith = (key: string) => {
  const digits = skuDigits(key);
  // "th-7" must not turn into a search for every SKU starting with 7.
  if (digits.length < 3) return sql`(${products.skuKey} LIKE ${`${key}%`})`;
  return sql`(${products.skuKey} LIKE ${`${key}%`} OR ${products.skuDigits} LIKE ${`${digits}%`})`;
};

/**
 * A search matches a product when the full-text document (products.search_vector, GIN-indexed:
 * name A, function/style/size B, description C) matches, or when the query is close to a run of
 * words of the name by trigram word similarity (pg_trgm `%>`, threshold 0.6), letters folded to
 * ASCII (products.name_folded, GIN trigram index) — which catches typos ("wardrob", "bokcase") and
 * missing accents ("poang"); or, for a query that looks like a SKU, when the product's SKU starts
 * with it, letter prefix optional (see skuKey, skuStartsWith). Each test is answered by its own
 * index, the planner ORs the bitmaps: no scan of the catalogue. Each test is written
 * as its index's operator is (`name_folded %> q`, not the commuted `q <% name_folded`): then the
 * planner sees the bitmaps cover the whole match and does not test it again on every product.
 */
export const searchMatch = (q: string) => {
  const key = skuKey(q);
  return sql`(${products.searchVector} @@ ${tsQuery(q)} OR ${products.nameFolded} %> ${foldLetters(q)}::text${key ? sql` OR ${skuStartsWith(key)}` : sql``})`;
};

/**
 * ORDER BY terms that put SKU hits before everything else, whatever the chosen sort: the exact SKU
 * first, then the same article number with another (or no) letter prefix, then SKUs starting with
 * the query as typed, then those starting with its digits. Empty for a query that does not look like a SKU.
 */
export const skuFirst = (q: string): SQL[] => {
  const key = skuKey(q);
  if (!key) return [];
  const digits = skuDigits(key);
  return [
    sql`(${products.skuKey} = ${key}) DESC`,
    sql`(${products.skuDigits} = ${digits}) DESC`,
    sql`(${products.skuKey} LIKE ${`${key}%`}) DESC`,
    sql`${skuStartsWith(key)} DESC`,
  ];
};

/** The query's words, lower case, each also without a plural "s"/"es" ("beds" → bed, "benches" → bench). */
const queryNouns = (q: string) => {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words.flatMap((w) => [w, w.replace(/es$/, ''), w.replace(/s$/, '')]))];
};

/**
 * 1 when the product is the kind of piece the query names ("bed" → beds, not bed tents or bedside
 * tables), else 0: the stored products.kind (db/schema.ts) against the query's nouns.
 */
const kindMatch = (q: string) => {
  const nouns = queryNouns(q);
  return nouns.length ? sql`(CASE WHEN ${products.kind} IN (${sql.join(nouns.map((n) => sql`${n}`), sql`, `)}) THEN 1 ELSE 0 END)` : sql`0`;
};

/** The weights of the name's trigram similarity to the query in a search's relevance (searchRank): whole name, best-matching words. */
const SIMILARITY_WEIGHT = { name: 0.5, words: 0.3 } as const;
/** The most the similarity terms add to a product's relevance before its weight (each similarity is at most 1). */
export const SIMILARITY_BOUND = SIMILARITY_WEIGHT.name + SIMILARITY_WEIGHT.words;

/**
 * The part of a search's relevance that is cheap to compute (see searchRank): every word matching
 * (full text), the kind of piece, and the full-text rank; a double.
 */
export const relevanceBase = (q: string) =>
  sql<number>`((CASE WHEN ${products.searchVector} @@ ${tsQuery(q)} THEN 1 ELSE 0 END) + ${kindMatch(q)} + ts_rank(${products.searchVector}, ${tsQuery(q)}, 1))`;

/** A product's weight in a search's relevance: spare parts and covers count half (see searchRank). */
export const relevanceWeight = sql<number>`(CASE WHEN ${products.function} IN ('Parts & fittings', 'Covers & cushions') THEN 0.5 ELSE 1 END)`;

/**
 * A search's relevance from its cheap part `base` (relevanceBase, or a column that carries it):
 * (base + the trigram similarities of the name) × the product's weight. The similarities are
 * most of the time of ranking a broad search; so the listing
 * computes them only for the products that can reach the page (relevanceCut in
 * lib/catalog/read/listing-sql.ts), knowing that they add at most SIMILARITY_BOUND × weight.
 */
export const relevanceFrom = (q: string, base: SQL) => {
  const fq = sql`${foldLetters(q)}::text`;
  const fname = products.nameFolded;
  return sql<number>`((${base} + ${sql.raw(String(SIMILARITY_WEIGHT.name))} * similarity(${fq}, ${fname}) + ${sql.raw(String(SIMILARITY_WEIGHT.words))} * word_similarity(${fq}, ${fname})) * ${relevanceWeight})`;
};

/**
 * Relevance of a product to a search: every word matching (full text) and being the kind of piece
 * the query names (see kindMatch: "bed" lists beds before bed tents and canopies) come first, then
 * the full-text rank (weights A/B/C, normalised by document length) plus the trigram similarity of
 * the whole name (shorter, closer names first) and of its best-matching words (typos); spare parts
 * and covers count half, so "sofa" lists sofas before sofa covers. Computed for the matching
 * products only (the ORDER BY of a search).
 */
export const searchRank = (q: string) => relevanceFrom(q, relevanceBase(q));

function rangeCondition(column: AnyPgColumn, r: Range): SQL | null {
  if (r.min === undefined && r.max === undefined) return null;
  const parts: SQL[] = [sql`${column} IS NOT NULL`];
  if (r.min !== undefined) parts.push(sql`${column} >= ${r.min}`);
  if (r.max !== undefined) parts.push(sql`${column} <= ${r.max}`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/**
 * SQL conditions on the `products` table for each filter. Categories: a room stands for all its
 * subcategories; a product matches through its primary category or any product_categories link.
 * Each is answered from an index.
 */
export function buildConditions(p: NormalisedParams): Conditions {
  let category: SQL | null = null;
  if (p.categoryIds.length) {
    const ids = list(p.categoryIds);
    // products.category_ids holds each product's categories (kept by triggers): one GIN-indexed
    // overlap test, no join with the links.
    category = sql`${products.categoryIds} && ARRAY(SELECT c.id FROM categories c WHERE c.id IN (${ids}) OR c.parent_id IN (${ids}))`;
  }
  return {
    search: p.q ? searchMatch(p.q) : null,
    category,
    style: p.style.length ? sql`${products.style} IN (${list(p.style)})` : null,
    function: p.function.length ? sql`${products.function} IN (${list(p.function)})` : null,
    mobility: p.mobility.length ? sql`${products.mobility} IN (${list(p.mobility)})` : null,
    width: rangeCondition(products.widthCm, p.width),
    height: rangeCondition(products.heightCm, p.height),
    depth: rangeCondition(products.depthCm, p.depth),
    onSale: p.onSale ? onSaleMatch : null,
    // The denormalised average of approved reviews (lib/reviews/stats.ts); products_rating_idx.
    rating: p.minRating !== undefined ? sql`${products.ratingAverage} >= ${p.minRating}` : null,
  };
}
