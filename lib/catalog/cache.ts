/**
 * Invalidation of the cached catalogue reads (CONVENTIONS.md §6), for the admin writes and any
 * write that changes what shoppers see (product fields, stock, images, promotions, categories).
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
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

/** Cache-Control for public catalogue GETs: shared caches may keep them a minute, then serve stale while refreshing. */
export const PUBLIC_CACHE_HEADERS = { 'Cache-Control': 'public, s-maxage=60, stale-while-revalidate=300' } as const;
