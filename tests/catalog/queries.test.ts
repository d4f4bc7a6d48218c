import { eq, sql } from 'drizzle-orm';
import { revalidateTag } from 'next/cache';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/client';
import { productImages, products, promotions } from '@/db/schema';
import { invalidateCatalogue } from '@/lib/catalog/read/cache';
import {
  getCategoryTree,
  getFacets,
  getFeaturedProducts,
  getLatestProducts,
  getProduct,
  getPromotionGroups,
  listProductIdsForSitemap,
  listProducts,
  listProductsWithFacets,
  searchProducts,
} from '@/lib/catalog/read/queries';
import type { ProductJson } from '@/lib/catalog/contracts';
import type { ProductListParams } from '@/lib/catalog/types';
import { TAGS } from '@/lib/catalog/tags';
import { searchGroups, searchMatch, searchRank } from '@/lib/catalog/search/search';
import { loadSynonyms } from '@/lib/catalog/search/synonyms';
import { createProduct } from '../support/factories';
import { categoryByName, importRealCatalogue } from '../support/catalog';
import { growCatalogue } from '../../bench/grow-catalogue';

/** Runs a scalar SQL count. */
async function sqlCount(query: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0].n);
}

/** Visible (not archived) products right now: tests that add products change it. */
const visible = () => sqlCount(sql`SELECT count(*) AS n FROM products WHERE archived_at IS NULL`);

// GROW_CATALOGUE=100000 runs these tests on a grown catalogue (bench/grow-catalogue.ts: clones of
// every product under new family names and SKUs), e.g. the search tests: -t 'searchProducts'.
beforeAll(async () => {
  await importRealCatalogue();
  if (process.env.GROW_CATALOGUE) await growCatalogue(Number(process.env.GROW_CATALOGUE));
}, 600_000);

describe('listProducts — paging', () => {
  test('defaults to 18 per page; page and limit are clamped to their bounds', async () => {
    const TOTAL = await visible();
    expect(TOTAL).toBeGreaterThanOrEqual(2962);
    const first = await listProducts();
    expect(first.products).toHaveLength(18);
    expect(first).toMatchObject({ currentPage: 1, totalPages: Math.ceil(TOTAL / 18), total: TOTAL });

    expect((await listProducts({ page: 0 })).currentPage).toBe(1);
    expect((await listProducts({ page: -4 })).currentPage).toBe(1);
    const beyond = await listProducts({ page: 10_000, limit: 100 });
    expect(beyond.currentPage).toBe(Math.ceil(TOTAL / 100));
    expect(beyond.products).toHaveLength(TOTAL % 100);
    expect((await listProducts({ limit: 5000 })).products).toHaveLength(100);
    expect((await listProducts({ limit: 0 })).products).toHaveLength(1);
  });

  test('pages do not overlap and together list every product once', async () => {
    const seen = new Set<number>();
    const TOTAL = await visible();
    const { totalPages } = await listProducts({ limit: 100, sort: 'name' });
    for (let page = 1; page <= totalPages; page++) {
      for (const p of (await listProducts({ limit: 100, page, sort: 'name' })).products) seen.add(p.product_id);
    }
    expect(seen.size).toBe(TOTAL);
  });

  test('a search pages like the list: its count on every page, a page past its last clamped to the last', async () => {
    const first = await listProducts({ q: 'chair', limit: 10 });
    expect(first.total).toBeGreaterThan(20);
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    const second = await listProducts({ q: 'chair', limit: 10, page: 2 });
    expect(second).toMatchObject({ currentPage: 2, total: first.total, totalPages: first.totalPages });
    expect(second.products.map((p) => p.product_id)).not.toContain(first.products[0].product_id);
    const beyond = await listProducts({ q: 'chair', limit: 10, page: 10_000 });
    expect(beyond).toMatchObject({ currentPage: first.totalPages, total: first.total, totalPages: first.totalPages });
    expect(beyond.products).toHaveLength(first.total - (first.totalPages - 1) * 10);
    expect(await listProducts({ q: 'zzqxv', page: 3 })).toEqual({ products: [], currentPage: 1, totalPages: 1, total: 0 });
  });

  test.each(['price_asc', 'price_desc', 'name', 'newest', 'rating'] as const)('a search sorted by %s: in that order, its count on every page, every match once, past the last page clamped', async (sort) => {
    const all = await listProducts({ q: 'oak', limit: 100 });
    expect(all.total).toBeGreaterThan(12);
    expect(all.total).toBeLessThanOrEqual(100);
    const seen: ProductJson[] = [];
    const pages = Math.ceil(all.total / 5);
    for (let page = 1; page <= pages; page++) {
      const one = await listProducts({ q: 'oak', sort, limit: 5, page });
      expect(one).toMatchObject({ currentPage: page, total: all.total, totalPages: pages });
      seen.push(...one.products);
    }
    expect(new Set(seen.map((p) => p.product_id))).toEqual(new Set(all.products.map((p) => p.product_id)));
    const key: (p: ProductJson) => number | string = { price_asc: (p: ProductJson) => p.price, price_desc: (p: ProductJson) => -p.price, name: (p: ProductJson) => p.name, newest: (p: ProductJson) => -Date.parse(p.created_at), rating: (p: ProductJson) => -(p.rating_average ?? -1) }[sort];
    const keys = seen.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const beyond = await listProducts({ q: 'oak', sort, limit: 5, page: 999 });
    expect(beyond).toMatchObject({ currentPage: pages, total: all.total });
    expect(beyond.products.map((p) => p.product_id)).toEqual(seen.slice((pages - 1) * 5).map((p) => p.product_id));
  });

  test('no match gives an empty first page, never page 0', async () => {
    const none = await listProducts({ q: 'zzqxv' });
    expect(none).toEqual({ products: [], currentPage: 1, totalPages: 1, total: 0 });
  });

  test('sorts by price both ways and by newest', async () => {
    const asc = (await listProducts({ sort: 'price_asc', limit: 50 })).products.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await listProducts({ sort: 'price_desc', limit: 50 })).products.map((p) => p.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const newest = (await listProducts({ sort: 'newest', limit: 50 })).products.map((p) => p.created_at);
    expect(newest).toEqual([...newest].sort().reverse());
  });
});

describe('listProducts — filters', () => {
  test('category + style + width range combine with AND; the total is the SQL truth', async () => {
    const dining = await categoryByName('Dining');
    const params = { categoryIds: [dining.id], style: ['Natural wood'], width: { min: 60, max: 120 }, limit: 100 };
    const page = await listProducts(params);
    const truth = await sqlCount(sql`
      SELECT count(*) AS n FROM products p WHERE p.archived_at IS NULL AND p.style = 'Natural wood' AND p.width_cm BETWEEN 60 AND 120
      AND EXISTS (SELECT 1 FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id AND c.parent_id = ${dining.id})`);
    expect(truth).toBeGreaterThan(0);
    expect(page.total).toBe(truth);
    for (const p of page.products) {
      expect(p.style).toBe('Natural wood');
      expect(p.width_cm).toBeGreaterThanOrEqual(60);
      expect(p.width_cm).toBeLessThanOrEqual(120);
    }
  });

  test('a room means all its subcategories; several values of one filter are OR', async () => {
    const bedroom = await categoryByName('Bedroom');
    const beds = await categoryByName('Beds');
    const wardrobes = await categoryByName('Wardrobes');
    const drawers = await categoryByName('Chests of drawers & drawer units');
    const room = await listProducts({ categoryIds: [bedroom.id] });
    const subs = await listProducts({ categoryIds: [beds.id, wardrobes.id, drawers.id] });
    expect(room.total).toBe(subs.total);
    const onlyBeds = await listProducts({ categoryIds: [beds.id] });
    expect(onlyBeds.total).toBeLessThan(room.total);

    const seating = (await listProducts({ function: ['Seating'] })).total;
    const sleeping = (await listProducts({ function: ['Sleeping'] })).total;
    expect((await listProducts({ function: ['Seating', 'Sleeping'] })).total).toBe(seating + sleeping);
  });

  test('an item listed in two subcategories is found under both', async () => {
    const res = (await db.execute(sql`SELECT product_id, array_agg(category_id) AS cats FROM product_categories GROUP BY product_id HAVING count(*) > 1 LIMIT 1`)) as unknown as {
      rows: { product_id: number; cats: number[] }[];
    };
    const { product_id, cats } = res.rows[0];
    for (const cat of cats) {
      const ids = (await listProducts({ categoryIds: [Number(cat)], limit: 100, q: (await getProduct(product_id))!.name })).products.map((p) => p.product_id);
      expect(ids).toContain(product_id);
    }
  });

  test('a product without a measurement never matches a range on it', async () => {
    const res = await listProducts({ depth: { min: 0 }, limit: 100 });
    const truth = await sqlCount(sql`SELECT count(*) AS n FROM products WHERE depth_cm IS NOT NULL AND archived_at IS NULL`);
    expect(res.total).toBe(truth);
    expect(res.total).toBeLessThan(await visible());
  });

  test('archived products are never shown', async () => {
    const beds = await categoryByName('Beds');
    const p = await createProduct({ categoryId: beds.id, name: 'ARCHIVO Test bed', style: 'Natural wood', function: 'Sleeping' });
    expect((await searchProducts('ARCHIVO')).total).toBe(1);
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, p.id));
    expect((await searchProducts('ARCHIVO')).total).toBe(0);
    expect(await getProduct(p.id)).toBeNull();
    expect((await listProducts()).total).toBe(await visible());
    const facets = await getFacets({ q: 'ARCHIVO' });
    expect(facets.categories.find((c) => c.category_id === beds.parentId)!.count).toBe(0);
  });
});

describe('getFacets — counts honour the search and the other filters', () => {
  test('style, function and mobility counts equal the SQL truth', async () => {
    const dining = await categoryByName('Dining');
    const params = { q: 'chair', categoryIds: [dining.id], style: ['Natural wood'], mobility: ['Freestanding'] };
    const facets = await getFacets(params);
    const match = sql`(p.search_vector @@ (websearch_to_tsquery('simple', 'chair') || websearch_to_tsquery('english', 'chair'))
      OR translate('chair', 'ÅÄÖåäöÉéÜüØøÆæ', 'AAOaaoEeUuOoAa') <% translate(p.name, 'ÅÄÖåäöÉéÜüØøÆæ', 'AAOaaoEeUuOoAa'))`;
    const inDining = sql`(EXISTS (SELECT 1 FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id AND (c.parent_id = ${dining.id} OR c.id = ${dining.id})))`;

    // style facet ignores the style filter but keeps the others.
    for (const { value, count } of facets.style) {
      expect(count).toBe(await sqlCount(sql`SELECT count(*) AS n FROM products p WHERE p.archived_at IS NULL AND ${match} AND ${inDining} AND p.mobility = 'Freestanding' AND p.style = ${value}`));
    }
    // function facet keeps every filter.
    for (const { value, count } of facets.function) {
      expect(count).toBe(
        await sqlCount(sql`SELECT count(*) AS n FROM products p WHERE p.archived_at IS NULL AND ${match} AND ${inDining} AND p.mobility = 'Freestanding' AND p.style = 'Natural wood' AND p.function = ${value}`),
      );
    }
    // mobility facet ignores the mobility filter.
    const freestanding = facets.mobility.find((m) => m.value === 'Freestanding')!;
    expect(freestanding.count).toBe((await listProducts(params)).total);
    expect(facets.style.find((s) => s.value === 'Natural wood')!.count).toBe((await listProducts(params)).total);
    expect(facets.style.reduce((a, s) => a + s.count, 0)).toBeGreaterThan(freestanding.count);
  });

  test('category counts ignore the category filter; a room counts each product once', async () => {
    const dining = await categoryByName('Dining');
    const facets = await getFacets({ categoryIds: [dining.id], function: ['Seating'] });
    const room = facets.categories.find((c) => c.category_id === dining.id)!;
    expect(room.count).toBe((await listProducts({ categoryIds: [dining.id], function: ['Seating'] })).total);
    for (const other of facets.categories) {
      expect(other.count).toBe((await listProducts({ categoryIds: [other.category_id], function: ['Seating'] })).total);
      for (const sub of other.subcategories) {
        expect(sub.count).toBe(await sqlCount(sql`SELECT count(DISTINCT pc.product_id) AS n FROM product_categories pc JOIN products p ON p.id = pc.product_id WHERE pc.category_id = ${sub.category_id} AND p.function = 'Seating' AND p.archived_at IS NULL`));
      }
    }
    expect(facets.categories.reduce((a, c) => a + c.count, 0)).toBeGreaterThan(room.count);
  });

  test('dimension ranges honour the other filters', async () => {
    const facets = await getFacets({ function: ['Sleeping'], width: { min: 150 } });
    const widths = await sqlCount(sql`SELECT min(width_cm) AS n FROM products WHERE function = 'Sleeping' AND archived_at IS NULL`);
    expect(facets.dimensions.width.min).toBe(widths);
    expect(facets.dimensions.height.max).toBe(await sqlCount(sql`SELECT max(height_cm) AS n FROM products WHERE function = 'Sleeping' AND width_cm >= 150 AND archived_at IS NULL`));
  });

  test('no filters: every value with its full count, in a stable order', async () => {
    const facets = await getFacets();
    const total = (list: { count: number }[]) => list.reduce((a, v) => a + v.count, 0);
    expect(total(facets.function)).toBe(await sqlCount(sql`SELECT count(*) AS n FROM products WHERE function IS NOT NULL AND archived_at IS NULL`));
    expect(facets.categories.filter((c) => !c.name.startsWith('Room '))).toHaveLength(7);
    expect(facets.function.map((f) => f.value)).toContain('Seating');
  });
});

describe('listProductsWithFacets — the products page', () => {
  // A search's page and facet counts come from one statement; what the shopper sees must be
  // exactly what the list and the facets give apart: the same products in the same order, the same
  // page and total, the same counts.
  test.each([
    ['a search', { q: 'sofa' }],
    ['a search on its third page', { q: 'chair', page: 3 }],
    ['a search with filters', { q: 'chair', style: ['Natural wood'], mobility: ['Freestanding'], width: { max: 120 } }],
    ['a search on sale, rated 4 and up', { q: 'table', onSale: true, minRating: 4 }],
    ['a search by price, high to low', { q: 'white stool', sort: 'price_desc', limit: 5 }],
    ['a search by name, in a room', { q: 'bed', sort: 'name', categoryIds: [1, 2] }],
    ['a SKU', { q: '904.203.32' }],
    ['a typo', { q: 'wardrob' }],
    ['a search past its last page', { q: 'kallax', page: 500 }],
    ['a search with no match', { q: 'zzqxv' }],
    ['filters without a search', { style: ['Modern'], sort: 'price_asc', page: 2 }],
  ] as [string, ProductListParams][])('%s: the same page and counts as listProducts and getFacets', async (_name, params) => {
    const together = await listProductsWithFacets(params);
    expect(together.list).toEqual(await listProducts(params));
    expect(together.facets).toEqual(await getFacets(params));
  });

  test('a search past its last page shows the last page, with the counts of the whole search', async () => {
    const { list, facets } = await listProductsWithFacets({ q: 'kallax', page: 500, limit: 10 });
    expect(list.total).toBeGreaterThan(10);
    expect(list.currentPage).toBe(Math.ceil(list.total / 10));
    expect(list.products).toHaveLength(list.total % 10 || 10);
    expect(facets.categories.reduce((a, room) => a + room.count, 0)).toBeGreaterThanOrEqual(list.total);
  });
});

describe('searchProducts — relevance', () => {
  test('"sofa": the top results are sofas, not covers or parts', async () => {
    const { products: top } = await searchProducts('sofa', { limit: 10 });
    expect(top).toHaveLength(10);
    for (const p of top) {
      expect(p.name.toLowerCase()).toContain('sofa');
      expect(p.function).not.toBe('Covers & cushions');
      expect(p.function).not.toBe('Parts & fittings');
    }
  });

  test('"bed" and "beds": beds (frames, divan beds, day-beds …) before bed tents, canopies and bedside tables', async () => {
    for (const q of ['bed', 'beds']) {
      const found = [];
      for (let page = 1; page <= 3; page++) found.push(...(await searchProducts(q, { limit: 100, page })).products);
      const firstAccessory = found.findIndex((p) => /tent|canopy|bedside/i.test(p.name));
      // The old ranking put the KURA and SUFFLETT bed tents and the LÖVA canopy first. On a grown
      // catalogue (GROW_CATALOGUE) the first 300 may hold no accessory at all.
      if (firstAccessory !== -1 || !process.env.GROW_CATALOGUE) expect(firstAccessory).toBeGreaterThan(30);
      for (const p of found.slice(0, 30)) expect(p.name.toLowerCase()).toMatch(/bed( frame)?(,|$| with| w |\/)/);
    }
  });

  test('"white bookcase": white bookcases first', async () => {
    const { products: top, total } = await searchProducts('white bookcase', { limit: 10 });
    expect(total).toBeGreaterThan(10);
    for (const p of top) {
      expect(p.name.toLowerCase()).toContain('bookcase');
      expect(p.color?.toLowerCase()).toMatch(/^white/);
    }
  });

  test('typos and missing accents still find the product: "wardrob", "bokcase", "poang"', async () => {
    const wardrobes = (await searchProducts('wardrob', { limit: 10 })).products;
    expect(wardrobes.length).toBe(10);
    for (const p of wardrobes) expect(p.name.toLowerCase()).toContain('wardrobe');
    const bookcases = (await searchProducts('bokcase', { limit: 5 })).products;
    for (const p of bookcases) expect(p.name.toLowerCase()).toContain('bookcase');
    const poang = (await searchProducts('poang', { limit: 5 })).products;
    expect(poang.length).toBe(5);
    for (const p of poang) expect(p.name).toContain('POÄNG');
  });

  test('a blank query falls back to the full list', async () => {
    expect((await searchProducts('   ')).total).toBe(await visible());
    expect((await searchProducts('')).products).toEqual((await listProducts()).products);
  });

  test('search text with operators or quotes is safe', async () => {
    for (const q of ['"sofa', "o'brien", 'sofa & | ! :*', '-', '()']) {
      const res = await searchProducts(q);
      expect(res.currentPage).toBe(1);
    }
  });

  // The page is ranked in two steps (lib/catalog/read/listing-sql.ts, relevanceCut): the costly
  // similarities only for the matches that can reach the page. It must list exactly what ranking
  // every match lists, page after page, with and without filters, the products page included.
  test.each([
    ['chair', 18],
    ['white chair', 5],
    ['bed', 36],
    ['sofa cover', 7],
    ['wardrob', 18],
    ['hemnes white', 4],
    ['oak table', 12],
    ['poang', 3],
    ['kids storage', 10],
  ] as [string, number][])('"%s" by %i: every page as ranking every match gives it', async (q, limit) => {
    // The search as the shop runs it: expanded with the synonym sets, plurals and spellings.
    const groups = searchGroups(q, await loadSynonyms());
    const ranked = async (where: ReturnType<typeof sql>) =>
      ((await db.execute(sql`SELECT id FROM products WHERE archived_at IS NULL AND ${searchMatch(q, groups)} AND ${where} ORDER BY ${searchRank(q, groups)} DESC, featured DESC, id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const all = await ranked(sql`true`);
    const wide = await ranked(sql`width_cm <= 100`);
    expect(all.length).toBeGreaterThan(limit);
    for (let page = 1; page <= Math.min(4, Math.ceil(all.length / limit)); page++) {
      const want = all.slice((page - 1) * limit, page * limit);
      expect((await searchProducts(q, { limit, page })).products.map((p) => p.product_id)).toEqual(want);
      expect((await listProductsWithFacets({ q, limit, page })).list.products.map((p) => p.product_id)).toEqual(want);
      const narrow = (await listProductsWithFacets({ q, limit, page, width: { max: 100 } })).list;
      expect(narrow.products.map((p) => p.product_id)).toEqual(wide.slice((narrow.currentPage - 1) * limit, narrow.currentPage * limit));
    }
  });

  test('listProducts with q uses the same ranking', async () => {
    const a = await searchProducts('sofa', { limit: 18 });
    const b = await listProducts({ q: 'sofa' });
    expect(b.products.map((p) => p.product_id)).toEqual(a.products.map((p) => p.product_id));
  });
});

describe('searchProducts — SKU', () => {
  /** SKUs of visible products that start with a prefix, straight from SQL. */
  const skusStartingWith = async (prefix: string) =>
    ((await db.execute(sql`SELECT sku FROM products WHERE archived_at IS NULL AND lower(sku) LIKE ${`${prefix.toLowerCase()}%`}`)) as unknown as { rows: { sku: string }[] }).rows.map((r) => r.sku);

  test('a full SKU finds that product first, whatever the sort (the admin list sorts by newest)', async () => {
    for (const sort of ['relevance', 'newest', 'price_asc', 'name'] as const) {
      const { products: found } = await listProducts({ q: '904.203.32', sort });
      expect(found[0]?.sku).toBe('904.203.32');
      expect(found[0]?.name).toContain('FREKVENS');
    }
  });

  test('case does not matter, and a set keeps its "S": "s093.335.23" finds S093.335.23', async () => {
    const { products: found } = await searchProducts('s093.335.23');
    expect(found[0]?.sku).toBe('S093.335.23');
  });

  test('a prefix lists the SKUs that start with it first; dots may be left out', async () => {
    const expected = await skusStartingWith('904.');
    expect(expected.length).toBeGreaterThan(1);
    const { products: found, total } = await listProducts({ q: '904', sort: 'newest', limit: 100 });
    expect(total).toBeGreaterThanOrEqual(expected.length);
    expect(found.slice(0, expected.length).map((p) => p.sku).sort()).toEqual([...expected].sort());

    expect((await searchProducts('90420332')).products[0]?.sku).toBe('904.203.32');
  });

  test('a SKU is found with or without its letter prefix and its dots: S791.513.12', async () => {
    for (const q of ['S791.513.12', '791.513.12', '79151312', 'S79151312', 's791.513.12', '791 513 12']) {
      const { products: found } = await searchProducts(q);
      expect(found[0]?.sku, q).toBe('S791.513.12');
    }
    // The other way round: a letter typed before an article without one.
    expect((await searchProducts('S904.203.32')).products[0]?.sku).toBe('904.203.32');
    expect((await listProducts({ q: '791.513', sort: 'newest' })).products[0]?.sku).toMatch(/^S?791\.513/);
  });

  test('a SKU created in the back office is found by its prefix', async () => {
    const made = await createProduct({ name: 'Tōtara side table', sku: 'TH-7781.02' });
    const { products: found } = await listProducts({ q: 'th-7781', sort: 'newest' });
    expect(found[0]?.product_id).toBe(made.id);
  });

  test('a full SKU lists just that product, not every SKU sharing its digits', async () => {
    const { products: found, total } = await searchProducts('904.203.32');
    expect(total).toBe(1);
    expect(found.map((p) => p.sku)).toEqual(['904.203.32']);
  });
});

describe('single products, featured, latest, promotions, categories', () => {
  test('getProduct: spec fields, decimal price, names of category, room and brand; promotion fields only while on promotion', async () => {
    const [promo] = await db.select().from(promotions).limit(1);
    const p = (await getProduct(promo.productId))!;
    expect(p).toMatchObject({ product_id: promo.productId, brand_name: 'IKEA', in_stock: p.stock > 0 });
    for (const key of ['sku', 'name', 'description', 'category_id', 'brand_id', 'material', 'style', 'color', 'size', 'price', 'stock', 'featured', 'images']) expect(p).toHaveProperty(key);
    const [row] = await db.select().from(products).where(eq(products.id, promo.productId));
    expect(p.price).toBe(row.price / 100);
    expect(p.original_price).toBe(promo.originalPrice / 100);
    expect(p.percent_saved).toBe(Math.round(((promo.originalPrice - row.price) / promo.originalPrice) * 100));
    expect(p.category_name).toBeTruthy();
    expect(p.room_name).toBeTruthy();

    const plain = await createProduct({ price: 12345 });
    const json = (await getProduct(plain.id))!;
    expect(json.price).toBe(123.45);
    expect(json).not.toHaveProperty('original_price');
    expect(await getProduct(99_999_999)).toBeNull();
  });

  test('images: every image in order on a product page, the primary one in lists', async () => {
    const p = await createProduct({ name: 'IMAGO Test shelf' });
    await db.insert(productImages).values([
      { productId: p.id, url: '/img/b.jpg', sortOrder: 1, isPrimary: false },
      { productId: p.id, url: '/img/a.jpg', sortOrder: 0, isPrimary: false },
      { productId: p.id, url: '/img/c.jpg', sortOrder: 2, isPrimary: true },
    ]);
    expect((await getProduct(p.id))!.images.map((i) => i.image_url)).toEqual(['/img/a.jpg', '/img/b.jpg', '/img/c.jpg']);
    const listed = (await searchProducts('IMAGO')).products[0];
    expect(listed.images).toEqual([{ image_id: expect.any(Number), image_url: '/img/c.jpg', sort_order: 2, is_primary: true }]);
    expect((await searchProducts('IMAGO', { includeImages: true })).products[0].images).toHaveLength(3);
  });

  test('featured: rooms interleaved; latest: newest first', async () => {
    const featured = await getFeaturedProducts(8);
    expect(featured).toHaveLength(8);
    expect(featured.every((p) => p.featured)).toBe(true);
    expect(new Set(featured.map((p) => p.room_id)).size).toBeGreaterThanOrEqual(6);
    expect(await getFeaturedProducts(100)).toHaveLength(24);

    const latest = await getLatestProducts(8);
    expect(latest).toHaveLength(8);
    const dates = latest.map((p) => p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test('promotion groups: one per campaign, decimal prices, biggest saving first', async () => {
    const groups = await getPromotionGroups();
    expect(groups.map((g) => g.name).sort()).toEqual(['Bedroom sale', 'Dining sale', 'Kids & nursery sale', 'Kitchen & bar sale', 'Living room sale', 'Outdoor sale', 'Storage & organisation sale']);
    const all = groups.flatMap((g) => g.products);
    expect(all.length).toBe(await sqlCount(sql`SELECT count(DISTINCT product_id) AS n FROM promotions`));
    for (const g of groups) {
      expect(g.id).toEqual(expect.any(Number));
      const saved = g.products.map((p) => (p.originalPrice - p.promotionalPrice) / p.originalPrice);
      for (let i = 1; i < saved.length; i++) expect(saved[i]).toBeLessThanOrEqual(saved[i - 1] + 1e-9);
      for (const p of g.products) {
        expect(p.originalPrice).toBeGreaterThan(p.promotionalPrice);
        expect(p.percentSaved).toBe(Math.round(((p.originalPrice - p.promotionalPrice) / p.originalPrice) * 100));
        expect(p).toHaveProperty('imageUrl');
        expect(p).toHaveProperty('images');
      }
    }
    const few = await getPromotionGroups({ perGroup: 2 });
    expect(few.every((g) => g.products.length <= 2)).toBe(true);
    expect(few.map((g) => g.id)).toEqual(groups.map((g) => g.id));
  });

  test('an ended promotion no longer lowers the product', async () => {
    const p = await createProduct({ name: 'ENDADO Test table', price: 10000 });
    const [promo] = await db.insert(promotions).values({ productId: p.id, name: 'Test sale', originalPrice: 15000, startsAt: new Date(Date.now() - 86400_000) }).returning();
    expect((await getProduct(p.id))!.original_price).toBe(150);
    expect((await getPromotionGroups()).some((g) => g.name === 'Test sale')).toBe(true);
    await db.update(promotions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(promotions.id, promo.id));
    expect((await getProduct(p.id))!).not.toHaveProperty('original_price');
    expect((await getPromotionGroups()).some((g) => g.name === 'Test sale')).toBe(false);
  });

  test('category tree: 7 rooms with their 17 subcategories', async () => {
    const tree = await getCategoryTree();
    const imported = tree.filter((r) => r.subcategories.length > 0 && !r.name.startsWith('Room '));
    expect(imported).toHaveLength(7);
    expect(imported.flatMap((r) => r.subcategories)).toHaveLength(17);
    expect(imported[0]).toMatchObject({ name: 'Living room', slug: 'living-room' });
  });

  test('sitemap lists every visible product with a date', async () => {
    const list = await listProductIdsForSitemap();
    expect(list.length).toBe(await visible());
    expect(list[0].updatedAt).toBeInstanceOf(Date);
  });

  test('invalidateCatalogue drops the catalogue tags at once', () => {
    vi.mocked(revalidateTag).mockClear();
    invalidateCatalogue(42);
    expect(revalidateTag).toHaveBeenCalledWith(TAGS.products, { expire: 0 });
    expect(revalidateTag).toHaveBeenCalledWith(TAGS.promotions, { expire: 0 });
    expect(revalidateTag).toHaveBeenCalledWith(TAGS.product(42), { expire: 0 });
  });
});
