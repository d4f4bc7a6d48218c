// GET /api/finance/payouts — recorded payouts; POST — record one (Finance Center, beyond the spec)
import { addPayout, listPayouts } from '@/lib/finance/service';
import { json, route } from '@/lib/http/route';
import { financePageQuery, payoutSchema } from '@/lib/finance/schemas';

export const dynamic = 'force-dynamic';

/** Admin only. ?page&limit → 200 { payouts: [{ id, date, amount (dollars), recipient, status }], currentPage, totalPages, total }. */
export const GET = route({ auth: 'admin', query: financePageQuery }, ({ user, query }) => listPayouts(user, query));

/** Admin only. Body { date YYYY-MM-DD, amount (dollars > 0), recipient, status processed|pending } → 201 the payout. */
export const POST = route({ auth: 'admin', body: payoutSchema }, async ({ user, body }) => json(await addPayout(user, body), 201));
