// GET /api/orders/export — Order Management's current selection as a CSV download (admin)
import { exportOrdersCsv } from '@/lib/orders/export';
import { orderExportQuerySchema } from '@/lib/orders/search-schema';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * Admin only. ?status&q&from&to — the same filters as GET /api/orders (q: order number, customer
 * name or e-mail; from/to: YYYY-MM-DD in the shop's time zone, inclusive) → 200 text/csv
 * attachment, streamed, newest first, columns ORDER_EXPORT_COLUMNS (lib/orders/export.ts; amounts
 * in dollars). 400 bad filter or from after to; 401/403.
 */
export const GET = route({ auth: 'admin', query: orderExportQuerySchema }, async ({ user, query }) => {
  const { filename, body } = await exportOrdersCsv(user, query);
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
