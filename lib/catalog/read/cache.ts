/**
 * Invalidation of the cached catalogue reads (docs/architecture.md "Caching"), for the admin writes and any
 * write that changes what shoppers see (product fields, stock, images, promotions, categories).
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { SHARED_CACHE_CONTROL } from '@/lib/server/cache/cache-control';
import { TAGS } from '@/lib/catalog/tags';

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
 * invalidateCatalogue for many products at once (a bulk edit): every list once, then each
 * product's own reads and page. Call after the write's transaction has committed.
 */
export function invalidateCatalogueProducts(productIds: Iterable<number>): void {
  invalidateCatalogue();
  for (const id of productIds) revalidateTag(TAGS.product(id), { expire: 0 });
}

/**
 * One product's stock moved by a write (lib/orders/stock.ts: holds taken or let go, units restocked):
 * `availabilityChanged` when the move took it across zero — sold out (stock from > 0 to ≤ 0) or
 * back in stock (from ≤ 0 to > 0).
 */
export type StockMove = { productId: number; availabilityChanged: boolean };

/**
 * Drops the cached reads that show these products' stock, after a write that moved it (placing,
 * cancelling and deleting orders, admin order edits, expired holds, restocking refunds):
 *   - always each moved product's own reads and page (TAGS.product: the page shows the count and
 *     the low-stock state);
 *   - every product list (TAGS.products) only when at least one of the moves changed a product's
 *     availability: lists show whether a product is in stock ("Out of stock" on its card, a
 *     variant's "(out of stock)"), not how many are left, so a move that leaves every product on
 *     the same side of zero keeps the home sections, /products and the search pages cached (they
 *     refresh on their own after REVALIDATE seconds, lib/catalog/read/queries.ts).
 * A product moved several times counts as changed when any of its moves crossed zero.
 * Call after the write's transaction has committed (a read in between would cache the old stock
 * again); nothing happens for no moves.
 */
export function invalidateProductStock(moves: Iterable<StockMove>): void {
  const ids = new Set<number>();
  let availabilityChanged = false;
  for (const move of moves) {
    ids.add(move.productId);
    if (move.availabilityChanged) availabilityChanged = true;
  }
  if (availabilityChanged) revalidateTag(TAGS.products, { expire: 0 });
  for (const id of ids) revalidateTag(TAGS.product(id), { expire: 0 });
}

/** Cache-Control for public catalogue GETs: the same as the catalogue pages' (lib/server/cache/cache-control.ts). */
export const PUBLIC_CACHE_HEADERS = { 'Cache-Control': SHARED_CACHE_CONTROL } as const;
