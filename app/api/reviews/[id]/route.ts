// PUT /api/reviews/{id} — approve or reject a review (admin)
import { moderationSchema, reviewIdParams } from '@/lib/reviews/schemas';
import { moderateReview } from '@/lib/reviews/service';
import { route } from '@/lib/http/route';

/**
 * Admin only. Body: { status: 'approved' } or { status: 'rejected', reason } (reason 1–500
 * characters, shown to the customer). 200 → the review; the product's average, count and page
 * follow at once. 400 invalid body; 401/403; 404 unknown review; 409 it already has that status.
 */
export const PUT = route({ auth: 'admin', params: reviewIdParams, body: moderationSchema }, ({ user, params, body }) => moderateReview(user, params.id, body));
