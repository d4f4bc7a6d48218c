/**
 * products.category_ids follows the product's links (product_categories) through triggers
 * (migration 0005), and a change of links rewrites only the products whose categories it changes
 * (migration 0014). It rewrote every product the links touched: the import links each product to
 * its own primary category, so every product was written twice, and each catalogue read stepped
 * over the dead version (and its entry in every index of products) until a vacuum, which the
 * embedded database never runs. A row's ctid is where its current version lives: a rewrite moves it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '@/db/client';
import { productCategories, products } from '@/db/schema';
import { createCategory, createProduct } from '../support/factories';

const row = async (id: number) => {
  const result = (await db.execute(sql`SELECT ctid::text AS ctid, category_ids FROM products WHERE id = ${id}`)) as unknown as { rows: { ctid: string; category_ids: number[] }[] };
  return result.rows[0];
};

test("linking a product to its own primary category leaves the product's row as it was", async () => {
  const product = await createProduct();
  const before = await row(product.id);
  expect(before.category_ids).toEqual([product.categoryId]);

  await db.insert(productCategories).values({ productId: product.id, categoryId: product.categoryId! });
  expect(await row(product.id)).toEqual(before);
});

test('a link to another category adds it to the product, and removing the link takes it away', async () => {
  const product = await createProduct();
  const primary = product.categoryId!;
  const { sub: other } = await createCategory();
  await db.insert(productCategories).values([
    { productId: product.id, categoryId: primary },
    { productId: product.id, categoryId: other.id },
  ]);
  expect((await row(product.id)).category_ids).toEqual([primary, other.id].sort((a, b) => a - b));

  await db.delete(productCategories).where(and(eq(productCategories.productId, product.id), eq(productCategories.categoryId, other.id)));
  expect((await row(product.id)).category_ids).toEqual([product.categoryId]);
  const [{ categoryIds }] = await db.select({ categoryIds: products.categoryIds }).from(products).where(eq(products.id, product.id));
  expect(categoryIds).toEqual([product.categoryId]);
});
