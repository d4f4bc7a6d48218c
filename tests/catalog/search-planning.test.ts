/**
 * Planning a search samples few product names. PostgreSQL prices the search's trigram
 * test (`name_folded %> 'query'`) by running word_similarity on each most-common value and
 * histogram bound it keeps for the column, and every new query is planned afresh. At the default
 * statistics target that was about 200 names, most of the time of planning an API search on a large
 * catalogue; migration 0015 keeps 10 of each.
 */
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { products } from '@/db/schema';
import { createCategory } from '../support/factories';

type ColumnStats = { mcv: number | null; bounds: number | null };

test('the planner estimates a search from at most 10 common names and 11 histogram bounds, however many products there are', async () => {
  const { sub } = await createCategory();
  await db.insert(products).values(
    Array.from({ length: 400 }, (_, i) => ({ sku: `PLAN-${i}`, name: `${['Oak', 'Walnut', 'Birch', 'Pine'][i % 4]} sideboard no. ${i}`, price: 19900, stock: 1, categoryId: sub.id })),
  );
  await db.execute(sql`ANALYZE products`);
  const result = (await db.execute(sql`
    SELECT cardinality(most_common_vals::text::text[]) AS mcv, cardinality(histogram_bounds::text::text[]) AS bounds
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'products' AND attname = 'name_folded'`)) as unknown as { rows: ColumnStats[] };
  expect(result.rows).toHaveLength(1);
  const { mcv, bounds } = result.rows[0];
  // 400 distinct names: at the default target the histogram alone had 101 bounds.
  expect(bounds).toBeGreaterThan(0);
  expect(bounds).toBeLessThanOrEqual(11);
  expect(mcv ?? 0).toBeLessThanOrEqual(10);
});
