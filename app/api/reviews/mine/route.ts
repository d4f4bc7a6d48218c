// GET /api/reviews/mine — the signed-in customer's own reviews
import { listMyReviews } from '@/lib/reviews/queries';
import { route } from '@/lib/http/route';

/** Signed-in customer. 200 → every review they wrote, newest first, with status and, when rejected, the reason. 401. */
export const GET = route({ auth: 'user' }, ({ user }) => listMyReviews(user));
