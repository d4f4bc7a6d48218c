/**
 * The denormalised rating of a product (products.rating_average / rating_count), which the
 * listing filters ("4 stars and up") and sorts by from an index. Recomputed from the approved
 * reviews inside the transaction of every moderation that changes them, so the figures can never
 * drift from the reviews they summarise.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { COUNTS_IN_RATING } from './rules';

/** Sets the product's rating from its approved reviews (null average and 0 count without any). */
export async function refreshProductRating(tx: Executor, productId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE products p
       SET rating_count = s.n, rating_average = s.average
      FROM (SELECT count(*)::int AS n, round(avg(rating), 2) AS average
              FROM reviews WHERE product_id = ${productId} AND status = ${COUNTS_IN_RATING}) s
     WHERE p.id = ${productId}`);
}
