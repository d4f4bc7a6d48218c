/**
 * Product images by product id, in the order the shop shows them (spec §3 Product image): one query
 * for a whole page of products. Used by the catalogue reads and by order lines (their primary image).
 */
import 'server-only';
import { asc, desc, sql } from 'drizzle-orm';
import { db, statementOn, type Executor } from '@/db/client';
import { productImages } from '@/db/schema';
import type { ImageRow } from '@/lib/catalog/read/mappers';

const COLUMNS = { id: productImages.id, productId: productImages.productId, url: productImages.url, sortOrder: productImages.sortOrder, isPrimary: productImages.isPrimary };

/**
 * Images per product id: all of them (sort order), or with `all` false only the primary one
 * (is_primary, else the lowest sort_order). Products without images are absent from the map.
 */
export async function imagesOf(ids: number[], all: boolean, executor: Executor = db): Promise<Map<number, ImageRow[]>> {
  const byProduct = new Map<number, ImageRow[]>();
  if (ids.length === 0) return byProduct;
  // One statement text for any number of ids, prepared once per connection where that is safe (statementOn).
  const ofIds = sql`${productImages.productId} = ANY(${sql.placeholder('ids')}::int[])`;
  const statement = all
    ? statementOn(executor, 'catalogue_images_all', (on) =>
        on.select(COLUMNS).from(productImages).where(ofIds).orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id)),
      )
    : statementOn(executor, 'catalogue_images_primary', (on) =>
        on
          .selectDistinctOn([productImages.productId], COLUMNS)
          .from(productImages)
          .where(ofIds)
          .orderBy(asc(productImages.productId), desc(productImages.isPrimary), asc(productImages.sortOrder), asc(productImages.id)),
      );
  const rows = (await statement.execute({ ids })) as ImageRow[];
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push(r);
    byProduct.set(r.productId, list);
  }
  return byProduct;
}
