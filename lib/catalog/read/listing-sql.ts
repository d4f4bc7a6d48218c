/**
 * The SQL of the product listing (spec §2 Products page, §7 GET /products, GET /products/search):
 * the count, the page of ids and the facet counts of a query, as statements, so that
 * lib/catalog/read/queries.ts runs them and bench/explain.ts and tests/catalog/query-plans.test.ts
 * EXPLAIN exactly what runs. Every statement starts from an index: the search from its
 * GIN and SKU indexes, filters from theirs, a page in a listing order from that order's index.
 */
import 'server-only';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { products } from '@/db/schema';
import { FILTER_KEYS, ON_SALE_IDS, SIMILARITY_BOUND, buildConditions, relevanceBase, relevanceFrom, relevanceWeight, searchRank, skuFirst, skuKey, type Conditions, type NormalisedParams } from '@/lib/catalog/search/search';

type FilterKey = (typeof FILTER_KEYS)[number];

const notArchived = sql`${products.archivedAt} IS NULL`;

/**
 * The ORDER BY of a list: SKU hits of a SKU-like search first (see skuFirst), then the chosen sort.
 * `rank`: a search's relevance, computed here by default (searchRank), or from rows that carry its
 * cheap part already (relevanceFrom: searchPageSql, searchListingSql).
 */
export function listOrder(p: NormalisedParams, rank: SQL | null = p.q ? searchRank(p.q, p.groups) : null): SQL[] {
  return [...(p.q ? skuFirst(p.q) : []), ...sortOrder(p, rank)];
}

/**
 * "Recommended" (the default order without a search) lists products in stock first: the same
 * expression leads products_listing_default_idx (db/schema.ts), so the page is still read from
 * that index in order.
 */
export const IN_STOCK_FIRST = sql`(${products.stock} > 0) DESC`;

// Each order without a search matches a partial index of db/schema.ts (products_listing_*_idx).
function sortOrder(p: NormalisedParams, rank: SQL | null): SQL[] {
  switch (p.sort) {
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'price_asc':
      return [asc(products.price), asc(products.id)];
    case 'price_desc':
      return [desc(products.price), asc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    case 'rating':
      // Best average first, then the most reviewed; unrated last (products_rating_idx).
      return [sql`${products.ratingAverage} DESC NULLS LAST`, desc(products.ratingCount), asc(products.id)];
    default:
      return rank ? [sql`${rank} DESC`, desc(products.featured), asc(products.id)] : [IN_STOCK_FIRST, desc(products.featured), desc(products.createdAt), desc(products.id)];
  }
}

/** WHERE of a list: visible products meeting the search and every filter. */
export const listWhere = (c: Conditions) =>
  sql.join(
    [notArchived, ...Object.values(c).filter((x): x is SQL => x !== null)].map((x) => sql`(${x})`),
    sql` AND `,
  );

/** How many products the list holds: `{ total }`. */
export const countSql = (p: NormalisedParams) => sql`SELECT count(*)::int AS total FROM ${products} WHERE ${listWhere(buildConditions(p))}`;

/** `columns` of one page of the list: its WHERE (or rows already filtered, `from`), its order, its LIMIT and OFFSET. */
const onePage = (p: NormalisedParams, page: number, columns: SQL, from = sql`${products} WHERE ${listWhere(buildConditions(p))}`) =>
  sql`SELECT ${columns} FROM ${from}
      ORDER BY ${sql.join(listOrder(p), sql`, `)} LIMIT ${p.limit} OFFSET ${(page - 1) * p.limit}`;

/**
 * The ids of one page of a list without a search, in order: `{ id }` rows. PostgreSQL walks the
 * order's index and stops at the page.
 */
const pageIdsSql = (p: NormalisedParams, page: number) => onePage(p, page, sql`${products.id} AS id`);

/**
 * Whether a list's page carries its count (searchPageSql): every search's does. A search reads
 * all its matches for either, so one statement does both where two evaluated the search twice.
 * A list without a search keeps its count apart, since its page stops early along an order's index.
 */
export const pageCarriesCount = (p: NormalisedParams) => p.q !== null;

// The columns any order of a search reads besides its rank and the id (listOrder: sortOrder and skuFirst).
const orderColumns = sql.join([products.price, products.name, products.createdAt, products.featured, products.ratingAverage, products.ratingCount, products.skuKey, products.skuDigits], sql`, `);

/**
 * Whether a search's page in order of relevance is ranked in two steps (relevanceCut): always,
 * but for a query that reads as a SKU, whose SKU hits come before any relevance (skuFirst).
 */
const ranksInTwoSteps = (p: NormalisedParams) => p.q !== null && p.sort === 'relevance' && skuKey(p.q) === null;

/** The column of a search's rows that carries relevanceBase (searchPageSql's matches, searchListingSql's base). */
const RELEVANCE_BASE = sql.identifier('relevance_base');

/**
 * The condition that keeps, of a search's matches (`rows`, each with its relevance_base, aliased as
 * products), those that can reach the first `reach` places in order of relevance, so that the costly
 * part of the relevance (the trigram similarities, relevanceFrom) is computed for them alone:
 * a product's relevance lies between base × weight and (base + SIMILARITY_BOUND) × weight, so
 * when `reach` products have base × weight ≥ c, no product whose upper end is below c can be among
 * the first `reach`. Exact, ties included: the same rows in the same order as ranking every match
 * (tests/catalog/queries.test.ts); the 1e-9 covers the rounding of the sums. A broad search's first
 * page ranks only a part of its matches.
 */
function relevanceCut(rows: SQL, reach: number, where: SQL = sql`true`): SQL {
  const low = sql`${RELEVANCE_BASE} * ${relevanceWeight}`;
  return sql`(${RELEVANCE_BASE} + ${SIMILARITY_BOUND}) * ${relevanceWeight} + 1e-9 >= coalesce((SELECT ${low} FROM ${rows} WHERE ${where} ORDER BY 1 DESC OFFSET ${reach - 1} LIMIT 1), '-Infinity')`;
}

/**
 * A search's page of ids with its number of matches, in one statement: `{ id, total }` rows, none
 * past the last page (pageCarriesCount).
 *
 * - In order of relevance, the matches are read once from the search's indexes (a MATERIALIZED CTE
 *   with the cheap part of their relevance), counted, and the page ranked from those that can reach
 *   it (relevanceCut).
 * - In any other order the matches are first collected from the search's own indexes (a
 *   MATERIALIZED CTE, with the columns the orders read, aliased as products so that listOrder
 *   applies unchanged), then counted, ordered and paged. Left to itself the planner walks the
 *   order's index (price, name, newest), testing each product against the search until the page is
 *   full, expecting matches to be common: for a rare search it tests most of the catalogue.
 */
export const searchPageSql = (p: NormalisedParams, page: number) => {
  const where = listWhere(buildConditions(p));
  if (ranksInTwoSteps(p)) {
    const matches = sql`matches AS ${products}`;
    return sql`WITH matches AS MATERIALIZED (SELECT ${products.id}, ${products.featured}, ${products.nameFolded}, ${products.function}, ${relevanceBase(p.q!, p.groups)} AS ${RELEVANCE_BASE} FROM ${products} WHERE ${where})
      SELECT ${products.id} AS id, (SELECT count(*) FROM matches)::int AS total FROM ${matches}
      WHERE ${relevanceCut(matches, page * p.limit)}
      ORDER BY ${sql.join(listOrder(p, relevanceFrom(p.q!, sql`${RELEVANCE_BASE}`)), sql`, `)} LIMIT ${p.limit} OFFSET ${(page - 1) * p.limit}`;
  }
  const withTotal = sql`${products.id} AS id, (count(*) OVER ())::int AS total`;
  if (p.sort === 'relevance') return onePage(p, page, withTotal);
  return sql`WITH matches AS MATERIALIZED (SELECT ${products.id}, ${orderColumns} FROM ${products} WHERE ${where})
    ${onePage(p, page, withTotal, sql`matches AS ${products}`)}`;
};

/** The statement of one page of a list as the shop runs it: searchPageSql for a search, else pageIdsSql. */
export const pageSql = (p: NormalisedParams, page: number) => (pageCarriesCount(p) ? searchPageSql(p, page) : pageIdsSql(p, page));

/**
 * The parts of a facet count (facetsSql, searchListingSql): `baseRows`, the rows of the products
 * that count, each with one flag per active filter; `onSaleIds`, the CTE of the products on sale
 * that base reads; `counting`, the CTEs that count over `base`;
 * `facetRows`, the SELECT of their `{ facet, value, n, lo, hi }` rows (see facetsSql).
 */
function facetCounting(p: NormalisedParams) {
  // The products on sale are collected once per statement (the CTE on_sale_ids) for the on-sale
  // filter and the on_sale column of every part of base. As onSaleMatch's subquery, each use read
  // the promotions and built a hash of its own, once per use.
  const onSale = sql`${products.id} IN (SELECT product_id FROM on_sale_ids)`;
  const c: Conditions = { ...buildConditions(p), ...(p.onSale ? { onSale } : {}) };
  const active = FILTER_KEYS.filter((k) => c[k] !== null);
  const flag = (k: FilterKey) => sql.identifier(`f_${k}`);
  /** Every active filter but `except`, as flags of base. */
  const allBut = (except: FilterKey | null) => {
    const keys = active.filter((k) => k !== except);
    return keys.length ? sql.join(keys.map(flag), sql` AND `) : sql`true`;
  };
  /** An active filter's condition on products, parenthesised. */
  const condition = (k: FilterKey) => sql`(${c[k]})`;
  const flags = active.map((k) => sql`, ${condition(k)} AS ${flag(k)}`);
  const n = (except: FilterKey) => sql`(count(*) FILTER (WHERE ${allBut(except)}))::int`;
  const range = (key: 'width' | 'height' | 'depth') => {
    const column = sql.identifier(`${key}_cm`);
    return sql`(min(${column}) FILTER (WHERE ${allBut(key)}))::int AS ${sql.identifier(`${key}_lo`)}, (max(${column}) FILTER (WHERE ${allBut(key)}))::int AS ${sql.identifier(`${key}_hi`)}`;
  };
  /** The rows of base among the visible products meeting `conditions`, with `more` columns. */
  const baseRows = (conditions: SQL[], more = sql``) =>
    sql`SELECT ${products.id} AS id, ${products.categoryIds} AS category_ids, ${products.style} AS style, ${products.function} AS function,
             ${products.mobility} AS mobility, ${products.widthCm} AS width_cm, ${products.heightCm} AS height_cm, ${products.depthCm} AS depth_cm,
             (${onSale}) AS on_sale, coalesce(${products.ratingAverage} >= 4, false) AS four_up${sql.join(flags, sql``)}${more}
      FROM ${products} WHERE ${sql.join([notArchived, ...conditions], sql` AND `)}`;
  const onSaleIds = sql`on_sale_ids AS MATERIALIZED (${ON_SALE_IDS})`;
  const counting = sql`
    values_and_ranges AS (
      SELECT grouping(style) AS g_style, grouping(function) AS g_function, grouping(mobility) AS g_mobility, style, function, mobility,
             ${n('style')} AS n_style, ${n('function')} AS n_function, ${n('mobility')} AS n_mobility,
             ${range('width')}, ${range('height')}, ${range('depth')},
             (count(*) FILTER (WHERE on_sale AND ${allBut('onSale')}))::int AS n_on_sale,
             (count(*) FILTER (WHERE four_up AND ${allBut('rating')}))::int AS n_four_up
      FROM base GROUP BY GROUPING SETS ((style), (function), (mobility), ())
    ),
    links AS (
      SELECT b.id, unnest(b.category_ids) AS category_id FROM base b WHERE ${allBut('category')}
    ),
    places AS (
      SELECT l.category_id, coalesce(cat.parent_id, cat.id) AS room_id, grouping(l.category_id) AS g_category, count(DISTINCT l.id)::int AS n
      FROM links l JOIN categories cat ON cat.id = l.category_id
      GROUP BY GROUPING SETS ((l.category_id), (coalesce(cat.parent_id, cat.id)))
    )`;
  const facetRows = sql`
    SELECT 'style' AS facet, style AS value, n_style AS n, NULL::int AS lo, NULL::int AS hi FROM values_and_ranges WHERE g_style = 0 AND style IS NOT NULL
    UNION ALL SELECT 'function', function, n_function, NULL, NULL FROM values_and_ranges WHERE g_function = 0 AND function IS NOT NULL
    UNION ALL SELECT 'mobility', mobility, n_mobility, NULL, NULL FROM values_and_ranges WHERE g_mobility = 0 AND mobility IS NOT NULL
    UNION ALL SELECT 'width', NULL, NULL, width_lo, width_hi FROM values_and_ranges WHERE g_style + g_function + g_mobility = 3
    UNION ALL SELECT 'height', NULL, NULL, height_lo, height_hi FROM values_and_ranges WHERE g_style + g_function + g_mobility = 3
    UNION ALL SELECT 'depth', NULL, NULL, depth_lo, depth_hi FROM values_and_ranges WHERE g_style + g_function + g_mobility = 3
    UNION ALL SELECT 'on_sale', NULL, n_on_sale, NULL, NULL FROM values_and_ranges WHERE g_style + g_function + g_mobility = 3
    UNION ALL SELECT 'four_up', NULL, n_four_up, NULL, NULL FROM values_and_ranges WHERE g_style + g_function + g_mobility = 3
    UNION ALL SELECT CASE WHEN g_category = 0 THEN 'category' ELSE 'room' END, (CASE WHEN g_category = 0 THEN category_id ELSE room_id END)::text, n, NULL, NULL FROM places`;
  return { c, active, condition, allBut, baseRows, onSaleIds, counting, facetRows };
}

/**
 * The facet counts of a query, in one statement: `{ facet, value, n, lo, hi }` rows where facet is
 * style | function | mobility (value, n), width | height | depth (lo, hi in cm), on_sale (n),
 * four_up (n: rated 4 stars and up), category | room (value = the id as text, n).
 *
 * Standard faceting: each facet's counts honour the search and every OTHER active filter. So the
 * products that count anywhere (`base`) are the search's matches that fail at most one active
 * filter: with a search, the search's matches (from its indexes); without one and with two or more
 * filters, those meeting every filter and, for each filter, those meeting all the others and failing
 * it (disjoint parts, each from its filters' indexes); otherwise every visible product. Each row of base carries one flag per
 * active filter, and one aggregate with GROUPING SETS counts style, function and mobility, the
 * dimension ranges, the products on sale and those rated 4 and up in a single pass over base; a second one counts
 * categories and rooms over base's categories (products.category_ids).
 */
export function facetsSql(p: NormalisedParams): SQL {
  const { c, active, condition, baseRows, onSaleIds, counting, facetRows } = facetCounting(p);
  // With two or more filters and no search: the products meeting every filter, then for each filter
  // those meeting all the others and failing it. The parts are disjoint (UNION ALL, nothing to
  // deduplicate) and each is read from its filters' indexes. An `id IN (…)` of "every filter but
  // one" made PostgreSQL read every product again to fetch their columns.
  const parts = (): SQL[] => [
    baseRows(active.map(condition)),
    ...active.map((failing) => baseRows([...active.filter((k) => k !== failing).map(condition), sql`${condition(failing)} IS NOT TRUE`])),
  ];
  let base = baseRows([]);
  if (c.search) base = baseRows([c.search]);
  else if (active.length >= 2) base = sql.join(parts(), sql` UNION ALL `);
  return sql`WITH ${onSaleIds}, base AS MATERIALIZED (${base}), ${counting} ${facetRows}`;
}

/**
 * A search's page, its number of matches and its facet counts, in one statement (the products
 * page of a search, listProductsWithFacets): facetsSql's rows, plus one `{ facet: 'total', n }`
 * row (the matches meeting every filter) and a `{ facet: 'page', n: product id, lo: position }`
 * row for each product of the page (none past the last page).
 *
 * The search's matches are read once, from its indexes, into `base` with the columns the facets
 * count and those the page is ordered by (the cheap part of its relevance, only for the matches
 * that meet every filter); the page is ordered from those rows, in order of relevance ranking only
 * those that can reach it (relevanceCut). Asked as searchPageSql and facetsSql,
 * the search was evaluated twice: a trigram test of every candidate name each time.
 */
export function searchListingSql(p: NormalisedParams, page: number): SQL {
  if (p.q === null) throw new Error('searchListingSql: a search needs its query');
  const { c, active, condition, allBut, baseRows, onSaleIds, counting, facetRows } = facetCounting(p);
  const meetsEvery = allBut(null);
  const base = sql`base AS ${products}`;
  let more = orderColumns;
  let order = listOrder(p, null);
  let onThePage = meetsEvery;
  if (p.sort === 'relevance') {
    // The cheap part of the relevance, for the matches that meet every filter; the similarities
    // on the page's side, only for those that can reach it (relevanceCut; all of them for a SKU).
    const cheap = active.length ? sql`CASE WHEN ${sql.join(active.map(condition), sql` AND `)} THEN ${relevanceBase(p.q, p.groups)} END` : relevanceBase(p.q, p.groups);
    more = sql`${orderColumns}, ${products.nameFolded}, ${cheap} AS ${RELEVANCE_BASE}`;
    order = listOrder(p, relevanceFrom(p.q, sql`${RELEVANCE_BASE}`));
    if (ranksInTwoSteps(p)) onThePage = sql`${meetsEvery} AND ${relevanceCut(base, page * p.limit, meetsEvery)}`;
  }
  return sql`
    WITH ${onSaleIds}, base AS MATERIALIZED (${baseRows([c.search!], sql`, ${more}`)}), ${counting},
    page AS (
      SELECT ${products.id} AS id, row_number() OVER (ORDER BY ${sql.join(order, sql`, `)}) AS position
      FROM ${base} WHERE ${onThePage} ORDER BY position LIMIT ${p.limit} OFFSET ${(page - 1) * p.limit}
    )
    ${facetRows}
    UNION ALL SELECT 'total', NULL, (count(*) FILTER (WHERE ${meetsEvery}))::int, NULL, NULL FROM base
    UNION ALL SELECT 'page', NULL, id::int, position::int, NULL FROM page`;
}
