// GET /api/products/{id}/reviews — a product's approved reviews with its rating summary
import { PUBLIC_CACHE_HEADERS } from '@/lib/catalog/read/cache';
import { productIdParams } from '@/lib/catalog/query-schema';
import { getProductReviews } from '@/lib/reviews/queries';
import { productReviewsQuery } from '@/lib/reviews/schemas';
import { notFound } from '@/lib/server/errors';
import { json, route } from '@/lib/http/route';

/**
 * Public. `?page=` (default 1; clamped to the last page). 200 → { summary: { average (two
 * decimals, null without reviews), count, distribution {"1".."5"} }, reviews (approved only,
 * newest first, 5 a page), currentPage, totalPages, total }. 400 bad id or page; 404
 * { message: 'Product not found.' } for an unknown or archived product.
 */
export const GET = route({ auth: 'public', params: productIdParams, query: productReviewsQuery }, async ({ params, query }) => {
  const page = await getProductReviews(params.id, query.page ?? 1);
  if (!page) throw notFound('Product not found.');
  return json(page, 200, { headers: PUBLIC_CACHE_HEADERS });
});
