// GET /api/returns — the Returns queue (admin) or the customer's own returns
import { returnQuerySchema } from '@/lib/orders/after-sale-schemas';
import { listReturns } from '@/lib/orders/returns';
import { route } from '@/lib/http/route';

/**
 * Signed in. Administrators: every return, `?status=open` (requested, approved, received; the
 * default) | requested | approved | declined | received | refunded | all, `?order_id=`, `?page=`
 * (20 a page, newest first). Customers: their own returns only (default all states). 200 →
 * { returns, counts: { requested, approved, declined, received, refunded }, currentPage,
 * totalPages, total }. 400 bad query; 401.
 */
export const GET = route({ auth: 'user', query: returnQuerySchema }, ({ user, query }) => listReturns(user, query));
