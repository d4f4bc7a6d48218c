// PUT /api/reviews/{id}/reply — the shop's public reply to a review (admin)
import { replySchema, reviewIdParams } from '@/lib/reviews/schemas';
import { replyToReview } from '@/lib/reviews/service';
import { route } from '@/lib/http/route';

/**
 * Admin only. Body: { reply } (1–2,000 characters; replaces an earlier reply). 200 → the review.
 * Shown under the review on the product page once it is approved. 400; 401/403; 404 unknown review.
 */
export const PUT = route({ auth: 'admin', params: reviewIdParams, body: replySchema }, ({ user, params, body }) => replyToReview(user, params.id, body));
