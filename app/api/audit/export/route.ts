// GET /api/audit/export — the filtered audit log as a CSV download (staff with audit.read)
import { auditLogCsv } from '@/lib/accounts/audit-log';
import { auditFilterSchema } from '@/lib/accounts/audit-schemas';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * The same filters as GET /api/audit without paging → 200 text/csv attachment, newest first, one
 * line per changed field (AUDIT_CSV_COLUMNS, lib/accounts/audit-log.ts). 400 a bad filter; 401;
 * 403 without audit.read.
 */
export const GET = route({ auth: 'admin', query: auditFilterSchema }, async ({ user, query }) => {
  const { filename, csv } = await auditLogCsv(user, query);
  return new Response(csv, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' },
  });
});
