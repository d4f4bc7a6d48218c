/**
 * The GIN indexes that answer a search and a category filter keep no pending list. With
 * one (PostgreSQL's default, fastupdate on), each new or changed product waits there unmerged, and
 * every search reads the whole list as well as the index: up to 4 MB, which slowed even a search that
 * matched nothing. gin_clean_pending_list
 * answers how many pages it had to merge: none, when writes go straight into the index.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { createProduct } from '../support/factories';

const pendingPages = async (index: string) => {
  const result = (await db.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)::int AS pages`)) as unknown as { rows: { pages: number }[] };
  return Number(result.rows[0].pages);
};

const GIN_INDEXES = ['products_search_idx', 'products_name_folded_trgm_idx', 'products_category_ids_idx'];

test.each(GIN_INDEXES)('a new or renamed product goes straight into %s, with nothing left pending for searches to read', async (index) => {
  for (let i = 0; i < 20; i++) await createProduct({ name: `Oak sideboard ${i}`, description: 'Solid oak, three drawers.' });
  const [one] = await db.select({ id: products.id }).from(products).limit(1);
  await db.update(products).set({ name: 'Walnut sideboard', categoryIds: sql`${products.categoryIds} || '{}'::int[]` }).where(eq(products.id, one.id));
  expect(await pendingPages(index)).toBe(0);
});
