// GET /api/reviews — the moderation queue (admin)
// POST /api/reviews — a customer reviews a delivered order line
import { readReviewForm } from '@/lib/reviews/read-review-form';
import { listReviewQueue } from '@/lib/reviews/queries';
import { reviewQueueQuery } from '@/lib/reviews/schemas';
import { createReview } from '@/lib/reviews/service';
import { json, route } from '@/lib/http/route';

/**
 * Admin only. `?status=pending|approved|rejected|all` (default pending) and `?page=`. 200 →
 * { reviews, currentPage, totalPages, total, counts: { pending, approved, rejected } }, 20 a page,
 * pending oldest first. 400 bad status or page; 401/403.
 */
export const GET = route({ auth: 'admin', query: reviewQueueQuery }, ({ user, query }) => listReviewQueue(user, query));

/**
 * Signed-in customer. Body: multipart/form-data with order_item_id, rating (1–5), title (≤ 120),
 * body (10–5,000 characters) and up to 4 `photos` files (JPEG, PNG, WebP or AVIF, ≤ 5 MB each,
 * checked by content) — or JSON with the same fields and no photos. 201 → the review (status
 * pending until an administrator approves it). 400 invalid field or photo; 401; 404 the line is
 * not one of the customer's; 409 the order is not delivered, or the line is already reviewed;
 * 413 photo too large. Nothing is kept when it fails.
 */
export const POST = route({ auth: 'user' }, async ({ req, user }) => {
  const { input, photos } = await readReviewForm(req);
  return json(await createReview(user, input, photos), 201);
});
