/**
 * The "On sale" filter (GET /api/products?on_sale=1, the /products filter and its count) and the
 * promotions page's read (every offer, paged), on the real catalogue. Both use the one
 * active-promotion rule that prices use (lib/catalog/search/search.ts ACTIVE_PROMOTION).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { promotions } from '@/db/schema';
import { GET as listRoute } from '@/app/api/products/route';
import { getFacets, getProduct, getPromotionGroups, listPromotedProducts, listProducts } from '@/lib/catalog/read/queries';
import { createProduct } from '../support/factories';
import { call } from '../support/http';
import { categoryByName, importRealCatalogue } from '../support/catalog';

async function sqlCount(query: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0].n);
}

/** Visible products with an active promotion below their original price, counted in SQL here. */
const onSaleTruth = (extra = sql`true`) =>
  sqlCount(sql`
    SELECT count(*) AS n FROM products p WHERE p.archived_at IS NULL AND ${extra} AND EXISTS (
      SELECT 1 FROM promotions pr WHERE pr.product_id = p.id AND pr.starts_at <= now()
      AND (pr.ends_at IS NULL OR pr.ends_at > now()) AND pr.original_price > p.price)`);

const dayAgo = () => new Date(Date.now() - 86_400_000);

beforeAll(async () => {
  await importRealCatalogue();
});

describe('listProducts — on sale', () => {
  test('onSale lists exactly the products on promotion, each with its original price above its price', async () => {
    const truth = await onSaleTruth();
    expect(truth).toBeGreaterThan(18);
    const first = await listProducts({ onSale: true, limit: 100 });
    expect(first.total).toBe(truth);
    expect(first.total).toBeLessThan((await listProducts()).total);
    const seen = new Set<number>();
    for (let page = 1; page <= first.totalPages; page++) {
      for (const p of (await listProducts({ onSale: true, limit: 100, page, sort: 'name' })).products) {
        expect(p.original_price).toBeGreaterThan(p.price);
        seen.add(p.product_id);
      }
    }
    expect(seen.size).toBe(truth);
  });

  test('onSale combines with a room and a search (AND)', async () => {
    const bedroom = await categoryByName('Bedroom');
    const res = await listProducts({ onSale: true, categoryIds: [bedroom.id] });
    const truth = await onSaleTruth(sql`(p.category_id IN (SELECT id FROM categories WHERE parent_id = ${bedroom.id})
      OR EXISTS (SELECT 1 FROM product_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id AND c.parent_id = ${bedroom.id}))`);
    expect(truth).toBeGreaterThan(0);
    expect(res.total).toBe(truth);
    const sofas = await listProducts({ onSale: true, q: 'sofa', limit: 100 });
    expect(sofas.total).toBeGreaterThan(0);
    expect(sofas.total).toBeLessThan((await listProducts({ q: 'sofa' })).total);
    for (const p of sofas.products) expect(p.original_price).toBeGreaterThan(p.price);
  });

  test('the facet count of products on sale honours the other filters, and the other facets honour on sale', async () => {
    const bedroom = await categoryByName('Bedroom');
    expect((await getFacets()).onSale).toBe(await onSaleTruth());
    expect((await getFacets({ categoryIds: [bedroom.id] })).onSale).toBe((await listProducts({ onSale: true, categoryIds: [bedroom.id] })).total);
    // Ticking "On sale" does not change its own count (standard faceting) …
    expect((await getFacets({ onSale: true })).onSale).toBe(await onSaleTruth());
    // … but the rooms then count only what is on sale.
    const saleFacets = await getFacets({ onSale: true });
    expect(saleFacets.categories.find((c) => c.category_id === bedroom.id)!.count).toBe((await listProducts({ onSale: true, categoryIds: [bedroom.id] })).total);
    const seating = saleFacets.function.find((f) => f.value === 'Seating')!;
    expect(seating.count).toBe((await listProducts({ onSale: true, function: ['Seating'] })).total);
  });

  test('an ended promotion, or one not below the original price, is not on sale — the same rule as the price', async () => {
    const ended = await createProduct({ name: 'VARDAG Test stool', price: 10_000 });
    const [promo] = await db.insert(promotions).values({ productId: ended.id, name: 'Test sale', originalPrice: 15_000, startsAt: dayAgo() }).returning();
    expect((await listProducts({ onSale: true, q: 'VARDAG' })).total).toBe(1);
    await db.update(promotions).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(promotions.id, promo.id));
    expect((await listProducts({ onSale: true, q: 'VARDAG' })).total).toBe(0);
    expect(await getProduct(ended.id)).not.toHaveProperty('original_price');

    const raised = await createProduct({ name: 'HOJDA Test shelf', price: 20_000 });
    await db.insert(promotions).values({ productId: raised.id, name: 'Test sale', originalPrice: 15_000, startsAt: dayAgo() });
    expect((await listProducts({ onSale: true, q: 'HOJDA' })).total).toBe(0);
    expect(await getProduct(raised.id)).not.toHaveProperty('original_price');
  });
});

describe('GET /api/products?on_sale', () => {
  test('GET /api/products — on_sale=1 and on_sale=true list only products on promotion; on_sale=0 lists everything', async () => {
    const truth = await onSaleTruth();
    for (const v of ['1', 'true']) {
      const res = await call(listRoute, { url: `/api/products?on_sale=${v}&limit=50` });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(truth);
      for (const p of res.body.products) expect(p.original_price).toBeGreaterThan(p.price);
    }
    const all = await call(listRoute, { url: '/api/products?on_sale=0' });
    expect(all.body.total).toBe((await listProducts()).total);
  });

  test('GET /api/products — on_sale=maybe is a 400 with a clear message', async () => {
    const res = await call(listRoute, { url: '/api/products?on_sale=maybe' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('on_sale must be true or false.');
  });
});

describe('listPromotedProducts — the promotions page', () => {
  test('lists every product on promotion once, 24 a page, biggest saving first across pages', async () => {
    const truth = await onSaleTruth();
    const first = await listPromotedProducts();
    expect(first).toMatchObject({ currentPage: 1, total: truth, totalPages: Math.ceil(truth / 24) });
    expect(first.products).toHaveLength(24);
    const seen = new Set<number>();
    const shares: number[] = [];
    for (let page = 1; page <= first.totalPages; page++) {
      const res = await listPromotedProducts({ page });
      expect(res.currentPage).toBe(page);
      for (const p of res.products) {
        expect(p.originalPrice).toBeGreaterThan(p.promotionalPrice);
        seen.add(p.id);
        shares.push((p.originalPrice - p.promotionalPrice) / p.originalPrice);
      }
    }
    expect(seen.size).toBe(truth);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeLessThanOrEqual(shares[i - 1] + 1e-9);
  });

  test('campaigns carry the counts of the promotion groups; one campaign narrows the list; unknown or beyond-the-end is clamped', async () => {
    const groups = await getPromotionGroups();
    const res = await listPromotedProducts();
    // Most offers first.
    expect(res.campaigns).toEqual(groups.map((g) => ({ name: g.name, count: g.products.length })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)));
    const living = await listPromotedProducts({ campaign: 'Living room sale', limit: 100 });
    expect(living.total).toBe(groups.find((g) => g.name === 'Living room sale')!.products.length);
    // The same order as the group: biggest saving first.
    expect(living.products.map((p) => p.id)).toEqual(groups.find((g) => g.name === 'Living room sale')!.products.slice(0, 100).map((p) => p.id));
    expect(await listPromotedProducts({ campaign: 'No such sale' })).toMatchObject({ products: [], total: 0, totalPages: 1, currentPage: 1 });
    const beyond = await listPromotedProducts({ page: 9999 });
    expect(beyond.currentPage).toBe(beyond.totalPages);
    expect(beyond.products.length).toBeGreaterThan(0);
  });
});
