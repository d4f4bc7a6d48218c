/**
 * "Recommended", the listing's default order without a search (docs/catalogue.md "Facets and
 * listings"): products in stock come before sold-out ones, then featured, then newest; and the page
 * is read from the default order's index in that order, with no sort of its own.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '@/db/client';
import { listProducts } from '@/lib/catalog/read/queries';
import { pageSql } from '@/lib/catalog/read/listing-sql';
import { normaliseParams } from '@/lib/catalog/search/search';
import { createCategory, createProduct } from '../support/factories';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('GET /api/products — Recommended order', () => {
  test('lists products in stock first, then featured, then newest; sold-out products last', async () => {
    const { sub } = await createCategory();
    const soldOutFeaturedNewest = await createProduct({ categoryId: sub.id, stock: 0, featured: true, createdAt: daysAgo(1) });
    const inStockPlain = await createProduct({ categoryId: sub.id, stock: 3, featured: false, createdAt: daysAgo(9) });
    const soldOutPlain = await createProduct({ categoryId: sub.id, stock: 0, featured: false, createdAt: daysAgo(2) });
    const inStockFeatured = await createProduct({ categoryId: sub.id, stock: 1, featured: true, createdAt: daysAgo(20) });

    const { products } = await listProducts({ categoryIds: [sub.id] });
    expect(products.map((p) => p.product_id)).toEqual([inStockFeatured.id, inStockPlain.id, soldOutFeaturedNewest.id, soldOutPlain.id]);
  });

  test('the default page is read from products_listing_default_idx in order, without sorting', async () => {
    await createProduct({ stock: 0 });
    await createProduct({ stock: 4 });
    const plan = await db.transaction(async (tx) => {
      // A tiny table would be scanned whole anyway; ask whether the index can give the order.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = (await tx.execute(sql`EXPLAIN ${pageSql(normaliseParams({ page: 2 }), 2)}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_listing_default_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
