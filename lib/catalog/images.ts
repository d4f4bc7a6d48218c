/**
 * Product images by product id, in the order the shop shows them (spec §3 Product image): one query
 * for a whole page of products. Used by the catalogue reads and by order lines (their primary image).
 */
import 'server-only';
import { asc, desc, inArray } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { productImages } from '@/db/schema';
import type { ImageRow } from './mappers';

/**
 * Images per product id: all of them (sort order), or with `all` false only the primary one
 * (is_primary, else the lowest sort_order). Products without images are absent from the map.
 */
export async function imagesOf(ids: number[], all: boolean, executor: Executor = db): Promise<Map<number, ImageRow[]>> {
  const byProduct = new Map<number, ImageRow[]>();
  if (ids.length === 0) return byProduct;
  const columns = { id: productImages.id, productId: productImages.productId, url: productImages.url, sortOrder: productImages.sortOrder, isPrimary: productImages.isPrimary };
  const rows = all
    ? await executor
        .select(columns)
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id))
    : await executor
        .selectDistinctOn([productImages.productId], columns)
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), desc(productImages.isPrimary), asc(productImages.sortOrder), asc(productImages.id));
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push(r);
    byProduct.set(r.productId, list);
  }
  return byProduct;
}
