// GET /api/finance/transactions — transaction history; POST — add a manual entry (Finance Center, beyond the spec)
import { addTransaction, listTransactions } from '@/lib/finance/service';
import { json, route } from '@/lib/http/route';
import { financePageQuery, financeTransactionSchema } from '@/lib/finance/schemas';

export const dynamic = 'force-dynamic';

/**
 * Admin only. ?page&limit&from&to (days YYYY-MM-DD) → 200 { transactions: [{ id, date, description,
 * amount (dollars), gst (dollars or null), type income|expense, reference, source payment|refund|manual }], currentPage, totalPages, total,
 * totals { income, expenses, net, gst_collected, gst_refunded, gst_net, payouts } of the whole range }.
 */
export const GET = route({ auth: 'admin', query: financePageQuery }, ({ user, query }) => listTransactions(user, query));

/** Admin only. Body { date YYYY-MM-DD, description, amount (dollars > 0), type } → 201 the entry. */
export const POST = route({ auth: 'admin', body: financeTransactionSchema }, async ({ user, body }) => json(await addTransaction(user, body), 201));
