// GET /api/finance/report?from&to — the financial report as a CSV download (Finance Center, beyond the spec)
import { financialReport } from '@/lib/finance/service';
import { route } from '@/lib/http/route';
import { reportRangeSchema } from '@/lib/finance/schemas';

export const dynamic = 'force-dynamic';

/**
 * Admin only. ?from=YYYY-MM-DD&to=YYYY-MM-DD (inclusive, store time zone) → 200 text/csv attachment
 * with columns date,type,description,reference,amount,gst and totals rows. 400 missing or reversed dates.
 */
export const GET = route({ auth: 'admin', query: reportRangeSchema }, async ({ user, query }) => {
  const { filename, csv } = await financialReport(user, query);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
});
