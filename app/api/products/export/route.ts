// GET /api/products/export — Product Management's current selection as a CSV download (admin)
import { exportProductsCsv } from '@/lib/catalog/admin/product-csv';
import { parseProductExportQuery } from '@/lib/catalog/query-schema';
import { route } from '@/lib/http/route';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';

/**
 * Admin (products.write). ?q&category&style… — the filters of GET /api/products (page, limit and
 * sort ignored), plus include_archived=true → 200 text/csv attachment, streamed, one row per
 * product by id; columns in docs/catalogue.md "CSV import and export" (money in dollars, sizes in
 * cm, `stock:<location>` on hand per stock location). 400 bad filter; 401/403.
 */
export const GET = route({ auth: 'admin', query: parseProductExportQuery }, async ({ user, query }) => {
  const { pricesIncludeGst } = await getShopSettings();
  const { filename, body } = await exportProductsCsv(user, query, { pricesIncludeGst });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
