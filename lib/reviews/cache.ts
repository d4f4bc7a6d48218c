/**
 * What a review moderation invalidates (docs/architecture.md "Caching"): the product's own page
 * and reads (TAGS.product — its reviews, average and JSON-LD) and every product list
 * (TAGS.products — cards show the average; the listing filters and sorts by it).
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { TAGS } from '@/lib/catalog/tags';

/** Call after the moderation's transaction has committed. */
export function invalidateProductReviews(productId: number): void {
  revalidateTag(TAGS.products, { expire: 0 });
  revalidateTag(TAGS.product(productId), { expire: 0 });
}
