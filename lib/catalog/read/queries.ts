/**
 * Catalogue reads (spec §2 Home / Products page, §3 Product, §7 GET /products…, GET /categories).
 * Server-only. Filtering, searching, counting and paging happen in SQL. Reads that every shopper
 * sees are cached with unstable_cache under the TAGS of lib/catalog/tags.ts; admin writes call
 * invalidateCatalogue() (lib/catalog/read/cache.ts).
 *
 * Archived products are never returned. Prices in the returned JSON are decimal dollars.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, statementOn, type Executor } from '@/db/client';
import { brands, categories, products } from '@/db/schema';
import { FUNCTIONS, MOBILITIES, STYLES } from '@/lib/catalog/read/facets';
import { imagesOf } from '@/lib/catalog/read/images';
import { TAGS } from '@/lib/catalog/tags';
import { toProductJson, toPromotionalProductJson, toVariantJson, type ProductRow } from '@/lib/catalog/read/mappers';
import { ACTIVE_PROMOTION, buildConditions, normaliseParams, searchGroups, type NormalisedParams } from '@/lib/catalog/search/search';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import { countSql, facetsSql, pageCarriesCount, pageSql, searchListingSql } from '@/lib/catalog/read/listing-sql';
import { boundedRead } from '@/lib/catalog/read/read-guard';
import type {
  CategoryNode,
  FacetValue,
  Facets,
  ProductJson,
  ProductListParams,
  ProductPage,
  PromotedProductPage,
  PromotionGroupJson,
  PromotionalProductJson,
} from '@/lib/catalog/types';

export type { CategoryNode, Facets, ProductJson, ProductListParams, ProductPage, PromotedProductPage, PromotionGroupJson, PromotionalProductJson } from '@/lib/catalog/types';

/** Seconds a cached read may be served before it is refreshed even without an invalidation (stock moves with orders). */
export const REVALIDATE = 60;

const room = alias(categories, 'room');

function productColumns() {
  return {
    id: products.id,
    sku: products.sku,
    name: products.name,
    description: products.description,
    categoryId: products.categoryId,
    brandId: products.brandId,
    supplierId: products.supplierId,
    material: products.material,
    style: products.style,
    color: products.color,
    size: products.size,
    function: products.function,
    mobility: products.mobility,
    widthCm: products.widthCm,
    heightCm: products.heightCm,
    depthCm: products.depthCm,
    shippingClass: products.shippingClass,
    assemblyFee: products.assemblyFee,
    price: products.price,
    stock: products.stock,
    featured: products.featured,
    designer: products.designer,
    variantGroup: products.variantGroup,
    ratingAverage: products.ratingAverage,
    ratingCount: products.ratingCount,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    categoryName: categories.name,
    categorySlug: categories.slug,
    categoryParentId: categories.parentId,
    roomId: room.id,
    roomName: room.name,
    roomSlug: room.slug,
    brandName: brands.name,
    originalPrice: sql<number | null>`(SELECT pr.original_price FROM promotions pr WHERE ${ACTIVE_PROMOTION} ORDER BY pr.starts_at DESC, pr.id DESC LIMIT 1)`,
    promotionName: sql<string | null>`(SELECT pr.name FROM promotions pr WHERE ${ACTIVE_PROMOTION} ORDER BY pr.starts_at DESC, pr.id DESC LIMIT 1)`,
  };
}

/** products + primary category + its room + brand, ready for toProductJson. */
function selectProducts(executor: Executor = db) {
  return executor
    .select(productColumns())
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(room, eq(room.id, categories.parentId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .$dynamic();
}

const notArchived = isNull(products.archivedAt);

async function toJsonList(rows: ProductRow[], allImages: boolean, executor: Executor = db): Promise<ProductJson[]> {
  const images = await imagesOf(
    rows.map((r) => r.id),
    allImages,
    executor,
  );
  return rows.map((r) => toProductJson(r, images.get(r.id) ?? []));
}

// ── Product lists ───────────────────────────────────────────────────────────────────────────

/** Products by id with their category, room, brand and promotion, in the order of `ids`. */
async function productRows(tx: Executor, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  // One statement text for any number of ids (an array, not a list of parameters), so that it can
  // be prepared once per connection (statementOn).
  const statement = statementOn(tx, 'catalogue_products_by_id', (on) => selectProducts(on).where(sql`${products.id} = ANY(${sql.placeholder('ids')}::int[])`));
  const rows = (await statement.execute({ ids })) as ProductRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Rows<T> = { rows: T[] };

/**
 * A page of products from its ids and its list's total: `{ products, currentPage, totalPages, total }`.
 */
async function pageOf(tx: Executor, p: NormalisedParams, ids: number[], currentPage: number, total: number): Promise<ProductPage> {
  return {
    products: await toJsonList(await productRows(tx, ids), p.includeImages, tx),
    currentPage,
    totalPages: Math.max(1, Math.ceil(total / p.limit)),
    total,
  };
}

/** The ids of one page of a list, in order (pageSql), with the list's total where the statement carries it. */
async function pageIds(tx: Executor, p: NormalisedParams, page: number): Promise<{ id: number; total?: number }[]> {
  return ((await tx.execute(pageSql(p, page))) as unknown as Rows<{ id: number; total?: number }>).rows;
}

/** The last page of a list of `total` products that a page past it is clamped to (≥ 1). */
const lastPageOf = (p: NormalisedParams, total: number) => Math.max(1, Math.ceil(total / p.limit));

/**
 * A page of the list from the database: the count, the page's ids in order (both from indexes,
 * lib/catalog/read/listing-sql.ts), then those products. A search asks for its page and its count in
 * one statement (searchPageSql) and counts apart only past its last page.
 * A bounded read (lib/catalog/read/read-guard.ts): BusyError when the catalogue is overloaded.
 */
function listProductsUncached(params: ProductListParams, groups: string[][] | null): Promise<ProductPage> {
  const p = normaliseParams(params, groups);
  return boundedRead(async (tx) => {
    if (pageCarriesCount(p)) {
      const found = await pageIds(tx, p, p.page);
      if (found.length > 0) return pageOf(tx, p, found.map((r) => Number(r.id)), p.page, Number(found[0].total));
      if (p.page === 1) return pageOf(tx, p, [], 1, 0);
    }
    const counted = (await tx.execute(countSql(p))) as unknown as Rows<{ total: number }>;
    const total = Number(counted.rows[0].total);
    const lastPage = Math.min(p.page, lastPageOf(p, total));
    return pageOf(tx, p, total === 0 ? [] : (await pageIds(tx, p, lastPage)).map((r) => Number(r.id)), lastPage, total);
  });
}

const cachedList = unstable_cache(listProductsUncached, ['catalog:list'], { tags: [TAGS.products], revalidate: REVALIDATE });

/**
 * What the search of list params also matches (searchGroups: synonyms, singular and plural, joined
 * spellings); null without a search. Read before a cached read and passed to it, so that the
 * expansion is part of its cache key: a changed synonym set gives new entries.
 */
export async function groupsOf(params: ProductListParams): Promise<string[][] | null> {
  const q = normaliseParams(params).q;
  return q ? searchGroups(q, await loadSynonyms()) : null;
}

/**
 * One page of products (spec §7 GET /products): filters combine with AND, values within one
 * filter with OR; `q` searches (best match first unless another sort is asked for).
 * page is clamped to 1..totalPages (totalPages ≥ 1); limit defaults to 18 and is clamped to 1..100.
 * Returns { products: ProductJson[], currentPage, totalPages, total }.
 */
export async function listProducts(params: ProductListParams = {}): Promise<ProductPage> {
  return cachedList(params, await groupsOf(params));
}

/**
 * Search (spec §7 GET /products/search?query=): PostgreSQL full-text search over the weighted
 * search_vector plus pg_trgm similarity for typos, best matches first. A blank query falls back to
 * the full list (spec §5 Search). Other list params (filters) may be passed too.
 */
export function searchProducts(query: string, options: Omit<ProductListParams, 'q'> = {}): Promise<ProductPage> {
  return listProducts({ sort: 'relevance', ...options, q: query });
}

async function getProductUncached(id: number): Promise<ProductJson | null> {
  const [row] = await selectProducts()
    .where(and(eq(products.id, id), notArchived))
    .limit(1);
  if (!row) return null;
  const [images, variants] = await Promise.all([imagesOf([row.id], true), variantsOf(row.variantGroup)]);
  return { ...toProductJson(row, images.get(row.id) ?? []), variants };
}

/** The live products of a variant group (the product itself included), by colour, then price; [] for no group. */
async function variantsOf(group: string | null) {
  if (!group) return [];
  const rows = await db
    .select({ id: products.id, sku: products.sku, name: products.name, color: products.color, size: products.size, price: products.price, stock: products.stock, shippingClass: products.shippingClass, assemblyFee: products.assemblyFee })
    .from(products)
    .where(and(eq(products.variantGroup, group), notArchived))
    .orderBy(sql`${products.color} ASC NULLS LAST`, asc(products.price), asc(products.id));
  return rows.map(toVariantJson);
}

/**
 * One product with all its images, active promotion, category, room and brand names, and its
 * variants (the other colours and sizes of its model); null when missing or archived.
 */
export function getProduct(id: number): Promise<ProductJson | null> {
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return Promise.resolve(null);
  return unstable_cache(() => getProductUncached(id), ['catalog:product', String(id)], { tags: [TAGS.products, TAGS.product(id)], revalidate: REVALIDATE })();
}

const clampLimit = (limit: number, fallback: number) => (Number.isFinite(limit) ? Math.min(100, Math.max(1, Math.trunc(limit))) : fallback);

async function featuredUncached(limit: number): Promise<ProductJson[]> {
  // Alternate rooms: the first of each room, then the second of each room, …
  const roomKey = sql`coalesce(${room.id}, ${categories.id})`;
  const rows = await selectProducts()
    .where(and(eq(products.featured, true), notArchived))
    .orderBy(sql`row_number() OVER (PARTITION BY ${roomKey} ORDER BY ${products.id})`, sql`coalesce(${room.sortOrder}, ${categories.sortOrder})`, asc(products.id))
    .limit(limit);
  return toJsonList(rows, false);
}
const cachedFeatured = unstable_cache(featuredUncached, ['catalog:featured'], { tags: [TAGS.products], revalidate: REVALIDATE });

/** Featured products (spec §2 Home, GET /products/featured), rooms interleaved; limit default 8, at most 100. */
export function getFeaturedProducts(limit = 8): Promise<ProductJson[]> {
  return cachedFeatured(clampLimit(limit, 8));
}

async function latestUncached(limit: number): Promise<ProductJson[]> {
  const rows = await selectProducts()
    .where(notArchived)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return toJsonList(rows, false);
}
const cachedLatest = unstable_cache(latestUncached, ['catalog:latest'], { tags: [TAGS.products], revalidate: REVALIDATE });

/** The newest products (spec §2 Home, GET /products/latest); limit default 8, at most 100. */
export function getLatestProducts(limit = 8): Promise<ProductJson[]> {
  return cachedLatest(clampLimit(limit, 8));
}

// ── Promotions ──────────────────────────────────────────────────────────────────────────────

/**
 * `current`: each visible product's current promotion (the latest active one) — product_id, the
 * campaign name, original_price, the promotion id and the product's price (cents) — as a CTE body.
 */
const CURRENT_PROMOTIONS = sql`
  SELECT DISTINCT ON (pr.product_id) pr.product_id, pr.name, pr.original_price, pr.id, ${products.price} AS price
  FROM promotions pr JOIN ${products} ON ${products.id} = pr.product_id
  WHERE ${ACTIVE_PROMOTION} AND ${notArchived}
  ORDER BY pr.product_id, pr.starts_at DESC, pr.id DESC`;

/** The share of the original price saved (0..1), for ordering offers biggest saving first. */
const SHARE_SAVED = sql`(original_price - price)::float / original_price`;

/** Products (with their primary image) as promotional products, in the order of `ids`. */
async function promotionalProducts(ids: number[]): Promise<Map<number, PromotionalProductJson>> {
  const [rows, images] = await Promise.all([selectProducts().where(inArray(products.id, ids)), imagesOf(ids, false)]);
  return new Map(rows.map((r) => [r.id, toPromotionalProductJson(r, images.get(r.id) ?? [])]));
}

async function promotionGroupsUncached(perGroup: number | null): Promise<PromotionGroupJson[]> {
  // Ranked within its campaign by the share saved; the group id is the campaign's first promotion
  // id (stable across reads).
  const result = await db.execute(sql`
    WITH current AS (${CURRENT_PROMOTIONS}),
    ranked AS (
      SELECT product_id, name,
             row_number() OVER (PARTITION BY name ORDER BY ${SHARE_SAVED} DESC, product_id) AS rn,
             min(id) OVER (PARTITION BY name) AS group_id
      FROM current
    )
    SELECT product_id::int AS product_id, name, group_id::int AS group_id FROM ranked
    WHERE ${perGroup === null ? sql`true` : sql`rn <= ${perGroup}`}
    ORDER BY group_id, rn
  `);
  const picks = (result as unknown as { rows: { product_id: number; name: string; group_id: number }[] }).rows;
  if (picks.length === 0) return [];
  const byId = await promotionalProducts(picks.map((r) => Number(r.product_id)));
  const groups = new Map<number, PromotionGroupJson>();
  for (const pick of picks) {
    const product = byId.get(Number(pick.product_id));
    if (!product) continue;
    const gid = Number(pick.group_id);
    const group = groups.get(gid) ?? { id: gid, name: pick.name, products: [] };
    group.products.push(product);
    groups.set(gid, group);
  }
  return [...groups.values()];
}
const cachedPromotions = unstable_cache(promotionGroupsUncached, ['catalog:promotions'], { tags: [TAGS.products, TAGS.promotions], revalidate: REVALIDATE });

/**
 * Promotion groups (spec §7 GET /products/promotions): one group per campaign, each
 * { id, name, products: PromotionalProductJson[] } with the biggest saving first.
 * perGroup limits the products listed per group (default: all).
 */
export function getPromotionGroups(options: { perGroup?: number } = {}): Promise<PromotionGroupJson[]> {
  return cachedPromotions(options.perGroup ? clampLimit(options.perGroup, 100) : null);
}

async function promotedPageUncached(page: number, limit: number, campaign: string | null): Promise<PromotedProductPage> {
  const counts = (await db.execute(sql`
    WITH current AS (${CURRENT_PROMOTIONS})
    SELECT name, count(*)::int AS n FROM current GROUP BY name ORDER BY n DESC, name
  `)) as unknown as { rows: { name: string; n: number }[] };
  const campaigns = counts.rows.map((r) => ({ name: r.name, count: Number(r.n) }));
  const total = campaign === null ? campaigns.reduce((sum, c) => sum + c.count, 0) : (campaigns.find((c) => c.name === campaign)?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const picks = (await db.execute(sql`
    WITH current AS (${CURRENT_PROMOTIONS})
    SELECT product_id::int AS product_id FROM current
    WHERE ${campaign === null ? sql`true` : sql`name = ${campaign}`}
    ORDER BY ${SHARE_SAVED} DESC, product_id
    LIMIT ${limit} OFFSET ${(currentPage - 1) * limit}
  `)) as unknown as { rows: { product_id: number }[] };
  const ids = picks.rows.map((r) => Number(r.product_id));
  const byId = ids.length ? await promotionalProducts(ids) : new Map<number, PromotionalProductJson>();
  return { products: ids.flatMap((id) => byId.get(id) ?? []), currentPage, totalPages, total, campaigns };
}
const cachedPromotedPage = unstable_cache(promotedPageUncached, ['catalog:promoted-page'], { tags: [TAGS.products, TAGS.promotions], revalidate: REVALIDATE });

/**
 * One page of every product on promotion (the /promotional-products page), biggest saving first
 * (share of the original price), optionally only one campaign (by its name; an unknown name gives
 * an empty list). page is clamped to 1..totalPages (totalPages ≥ 1); limit defaults to 24, clamped
 * to 1..100. Returns { products: PromotionalProductJson[] (decimal dollars), currentPage,
 * totalPages, total, campaigns: every campaign with its product count, most offers first }.
 */
export function listPromotedProducts(options: { page?: number; limit?: number; campaign?: string } = {}): Promise<PromotedProductPage> {
  const page = Number.isFinite(options.page) ? Math.trunc(options.page!) : 1;
  return cachedPromotedPage(page, clampLimit(options.limit ?? 24, 24), options.campaign?.trim() || null);
}

// ── Categories ──────────────────────────────────────────────────────────────────────────────

async function categoryTreeUncached(): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id));
  const roots = rows.filter((r) => r.parentId === null);
  return roots.map((r) => ({
    category_id: r.id,
    name: r.name,
    slug: r.slug,
    subcategories: rows.filter((s) => s.parentId === r.id).map((s) => ({ category_id: s.id, name: s.name, slug: s.slug })),
  }));
}
const cachedTree = unstable_cache(categoryTreeUncached, ['catalog:categories'], { tags: [TAGS.categories] });

/** Rooms with their subcategories, in display order (spec §7 GET /categories). */
export function getCategoryTree(): Promise<CategoryNode[]> {
  return cachedTree();
}

// ── Facets ──────────────────────────────────────────────────────────────────────────────────

type FacetRow = { facet: string; value: string | null; n: number | null; lo: number | null; hi: number | null };
type ValueFacet = 'style' | 'function' | 'mobility';

/** One query's facet counts as its SQL gives them, kept as plain JSON by the cache. */
type FacetCounts = {
  values: Record<ValueFacet, [string, number][]>;
  dimensions: Facets['dimensions'];
  onSale: number;
  fourStarsUp: number;
  /** [category id, count] and [room id, count]. */
  categories: [number, number][];
  rooms: [number, number][];
};

function ordered(values: Map<string, number>, canonical: readonly string[]): FacetValue[] {
  const rank = (v: string) => {
    const i = canonical.indexOf(v);
    return i === -1 ? canonical.length : i;
  };
  return [...values.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
}

/** One query's facet counts from the rows of facetsSql (or searchListingSql, whose other rows it skips). */
function facetCountsOf(rows: FacetRow[]): FacetCounts {
  const counts: FacetCounts = {
    values: { style: [], function: [], mobility: [] },
    dimensions: { width: { min: null, max: null }, height: { min: null, max: null }, depth: { min: null, max: null } },
    onSale: 0,
    fourStarsUp: 0,
    categories: [],
    rooms: [],
  };
  for (const r of rows) {
    const n = Number(r.n ?? 0);
    if (r.facet === 'style' || r.facet === 'function' || r.facet === 'mobility') counts.values[r.facet].push([r.value!, n]);
    else if (r.facet === 'category') counts.categories.push([Number(r.value), n]);
    else if (r.facet === 'room') counts.rooms.push([Number(r.value), n]);
    else if (r.facet === 'on_sale') counts.onSale = n;
    else if (r.facet === 'four_up') counts.fourStarsUp = n;
    else if (r.facet === 'width' || r.facet === 'height' || r.facet === 'depth') counts.dimensions[r.facet] = { min: r.lo === null ? null : Number(r.lo), max: r.hi === null ? null : Number(r.hi) };
  }
  return counts;
}

async function facetCountsUncached(params: ProductListParams, groups: string[][] | null): Promise<FacetCounts> {
  const p = normaliseParams(params, groups);
  // A bounded read (lib/catalog/read/read-guard.ts): BusyError when the catalogue is overloaded.
  const result = await boundedRead((tx) => tx.execute(facetsSql(p)));
  return facetCountsOf((result as unknown as Rows<FacetRow>).rows);
}
const cachedFacetCounts = unstable_cache(facetCountsUncached, ['catalog:facet-counts'], { tags: [TAGS.products, TAGS.categories], revalidate: REVALIDATE });

/** The filters of list params: paging, sorting and images do not change facet counts (nor their cache key). */
function filtersOf(params: ProductListParams): ProductListParams {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { page, limit, sort, includeImages, ...filters } = params;
  return filters;
}

/**
 * Filter options with counts for the products page, computed in one SQL query: each facet's counts
 * honour the search and every OTHER active filter (standard faceting), so a shopper sees how many
 * products each further choice would give. Every value present in the catalogue is listed (count 0
 * included); categories come as the room tree. dimensions gives the min/max cm available; onSale
 * counts the products on sale.
 */
export async function getFacets(params: ProductListParams = {}): Promise<Facets> {
  const filters = filtersOf(params);
  return facetsFrom(filters, cachedFacetCounts(filters, await groupsOf(filters)));
}

/**
 * The facets of a query from its counts: with every value of the catalogue (count 0 for those the
 * query cannot reach) and the room tree.
 *
 * The query's counts, the whole catalogue's and the room tree are separate cache entries read side
 * by side here, never one inside another's computation: Next.js skips the cache for an
 * unstable_cache called inside another's callback, and every new search or filter then counted the
 * whole catalogue's facets again.
 */
async function facetsFrom(filters: ProductListParams, queryCounts: Promise<FacetCounts>): Promise<Facets> {
  const narrowed = Object.values(buildConditions(normaliseParams(filters))).some((c) => c !== null);
  const [counts, catalogue, tree] = await Promise.all([queryCounts, narrowed ? cachedFacetCounts({}, null) : null, cachedTree()]);

  const values = (key: ValueFacet, canonical: readonly string[]) => {
    // The SQL counts only the products the query can reach; the catalogue's other values count 0.
    const all = new Map<string, number>((catalogue?.values[key] ?? []).map(([value]) => [value, 0]));
    for (const [value, n] of counts.values[key]) all.set(value, n);
    return ordered(all, canonical);
  };
  const categoryCounts = new Map(counts.categories);
  const roomCounts = new Map(counts.rooms);
  return {
    categories: tree.map((room) => ({
      ...room,
      count: roomCounts.get(room.category_id) ?? 0,
      subcategories: room.subcategories.map((s) => ({ ...s, count: categoryCounts.get(s.category_id) ?? 0 })),
    })),
    style: values('style', STYLES),
    function: values('function', FUNCTIONS),
    mobility: values('mobility', MOBILITIES),
    dimensions: counts.dimensions,
    onSale: counts.onSale,
    fourStarsUp: counts.fourStarsUp,
  };
}

// ── The products page ──────────────────────────────────────────────────────────────────────

/**
 * A search's page and its facet counts from one statement (searchListingSql), so that the search
 * is evaluated once; a page past the last is clamped to the last, as listProducts does.
 * A bounded read: BusyError when the catalogue is overloaded.
 */
function searchListingUncached(params: ProductListParams, groups: string[][] | null): Promise<{ list: ProductPage; counts: FacetCounts }> {
  const p = normaliseParams(params, groups);
  return boundedRead(async (tx) => {
    const rows = ((await tx.execute(searchListingSql(p, p.page))) as unknown as Rows<FacetRow>).rows;
    const total = Number(rows.find((r) => r.facet === 'total')?.n ?? 0);
    const onPage = rows
      .filter((r) => r.facet === 'page')
      .sort((a, b) => Number(a.lo) - Number(b.lo))
      .map((r) => Number(r.n));
    const currentPage = Math.min(p.page, lastPageOf(p, total));
    let ids = onPage;
    if (currentPage !== p.page && total > 0) ids = (await pageIds(tx, p, currentPage)).map((r) => Number(r.id));
    return { list: await pageOf(tx, p, ids, currentPage, total), counts: facetCountsOf(rows) };
  });
}
const cachedSearchListing = unstable_cache(searchListingUncached, ['catalog:search-listing'], { tags: [TAGS.products, TAGS.categories], revalidate: REVALIDATE });

/**
 * What the products page shows (spec §2 Products page): `{ list, facets }`, as listProducts(params)
 * and getFacets(params) give them. A search's page and counts come from one statement (see
 * searchListingUncached); without a search, the page stops early along an order's index and the
 * counts are cached apart, shared by every page and order of the same filters.
 * @throws BusyError (503) when the catalogue is overloaded
 */
export async function listProductsWithFacets(params: ProductListParams): Promise<{ list: ProductPage; facets: Facets }> {
  if (normaliseParams(params).q === null) {
    const [list, facets] = await Promise.all([listProducts(params), getFacets(params)]);
    return { list, facets };
  }
  const listing = cachedSearchListing(params, await groupsOf(params));
  const facets = await facetsFrom(
    filtersOf(params),
    listing.then((l) => l.counts),
  );
  return { list: (await listing).list, facets };
}

// ── Sitemap ─────────────────────────────────────────────────────────────────────────────────

async function sitemapUncached(): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(notArchived).orderBy(asc(products.id));
  return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updatedAt).toISOString() }));
}
const cachedSitemap = unstable_cache(sitemapUncached, ['catalog:sitemap'], { tags: [TAGS.products], revalidate: 3600 });

/** Every visible product id with its last change, for app/sitemap.ts. */
export async function listProductIdsForSitemap(): Promise<{ id: number; updatedAt: Date }[]> {
  return (await cachedSitemap()).map((r) => ({ id: r.id, updatedAt: new Date(r.updatedAt) }));
}
