// GET /api/finance/invoices — invoices from orders (Finance Center, beyond the spec)
import { listInvoices } from '@/lib/finance/service';
import { route } from '@/lib/http/route';
import { financePageQuery } from '@/lib/finance/schemas';

export const dynamic = 'force-dynamic';

/**
 * Admin only. ?page&limit → 200 { invoices: [{ number INV-000123, order_id, date, amount (dollars),
 * status paid|pending|refunded, customer }], currentPage, totalPages, total }.
 */
export const GET = route({ auth: 'admin', query: financePageQuery }, ({ user, query }) => listInvoices(user, query));
