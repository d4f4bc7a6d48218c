/**
 * Invalidation of the cached catalogue reads (docs/architecture.md "Caching"), for the admin writes and any
 * write that changes what shoppers see (product fields, stock, images, promotions, categories).
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { SHARED_CACHE_CONTROL } from '@/lib/server/cache/cache-control';
import { TAGS } from './tags';

/**
 * Drops every cached catalogue read at once ({ expire: 0 }: the next request reads fresh data):
 * product lists, facets, featured/latest, promotions, the category tree, and the product's own page
 * when productId is given. Call after the write's transaction has committed.
 */
export function invalidateCatalogue(productId?: number): void {
  for (const tag of [TAGS.products, TAGS.promotions, TAGS.categories]) revalidateTag(tag, { expire: 0 });
  if (productId !== undefined) revalidateTag(TAGS.product(productId), { expire: 0 });
}

/**
 * Drops the cached reads that show these products' stock: each product's own read and page
 * (TAGS.product) and every product list (TAGS.products: lists show "out of stock"). For every
 * write that moves stock — placing, cancelling and deleting orders, admin order edits. Call after
 * the write's transaction has committed (a read in between would cache the old stock again);
 * nothing happens for an empty list.
 */
export function invalidateProductStock(productIds: Iterable<number>): void {
  const ids = new Set(productIds);
  if (ids.size === 0) return;
  revalidateTag(TAGS.products, { expire: 0 });
  for (const id of ids) revalidateTag(TAGS.product(id), { expire: 0 });
}

/** Cache-Control for public catalogue GETs: the same as the catalogue pages' (lib/server/cache/cache-control.ts). */
export const PUBLIC_CACHE_HEADERS = { 'Cache-Control': SHARED_CACHE_CONTROL } as const;
