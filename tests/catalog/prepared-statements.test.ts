/**
 * A page's products and images are read by statements that each connection of the
 * bounded reads prepares once (statementOn in db/client.ts) on PostgreSQL, and are sent unnamed
 * everywhere else. Either way they answer any number of ids, in the page's order.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db, type Executor } from '@/db/client';
import { boundedRead } from '@/lib/catalog/read/read-guard';
import { imagesOf } from '@/lib/catalog/read/images';
import { listProducts } from '@/lib/catalog/read/queries';
import { importRealCatalogue } from '../support/catalog';

beforeAll(async () => {
  await importRealCatalogue();
});

/** The names of the statements prepared on the connection that runs this. */
async function preparedNames(executor: Executor): Promise<string[]> {
  const result = (await executor.execute(sql`SELECT name FROM pg_prepared_statements ORDER BY name`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

describe('a page of products', () => {
  test('pages of 1, 18 and 100 products list each product once, in order, with its primary image', async () => {
    for (const limit of [1, 18, 100]) {
      const page = await listProducts({ limit, sort: 'price_asc' });
      expect(page.products).toHaveLength(limit);
      const prices = page.products.map((p) => p.price ?? 0);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(page.products.map((p) => p.product_id)).size).toBe(limit);
      // The primary image of each, from SQL of its own: is_primary first, then sort order, then id.
      const ids = page.products.map((p) => p.product_id);
      const truth = (await db.execute(
        sql`SELECT DISTINCT ON (product_id) product_id, id FROM product_images WHERE product_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY product_id, is_primary DESC, sort_order, id`,
      )) as unknown as { rows: { product_id: number; id: number }[] };
      const primary = new Map(truth.rows.map((r) => [Number(r.product_id), Number(r.id)]));
      for (const p of page.products) expect(p.images.map((i) => i.image_id)).toEqual(primary.has(p.product_id) ? [primary.get(p.product_id)] : []);
    }
  });

  // DATABASE_URL, not databaseKind(): the handle must not open before the file's own database exists (tests/support/setup.ts).
  test.skipIf(!process.env.DATABASE_URL)('on PostgreSQL the bounded reads prepare their products and images statements once per connection; the shop’s other connections do not', async () => {
    const page = await listProducts({ q: 'malm', limit: 5 });
    expect(page.products.length).toBeGreaterThan(0);
    // A read's statements run one after another, and the pool hands the connection just released
    // to the next (its idle list is last in, first out): this read sees the one listProducts used.
    expect(await boundedRead((tx) => preparedNames(tx))).toEqual(expect.arrayContaining(['catalogue_images_primary', 'catalogue_products_by_id']));
    await boundedRead((tx) => imagesOf([1, 2, 3], true, tx));
    expect(await boundedRead((tx) => preparedNames(tx))).toContain('catalogue_images_all');
    // The same reads outside the bounded reads' connections (an order's lines, the back office) stay unnamed.
    await imagesOf([1, 2, 3], true);
    expect(await preparedNames(db)).toEqual([]);
  });
});
