// GET /api/audit — one page of the audit log, filtered (staff with audit.read)
import { listAuditLog } from '@/lib/accounts/audit-log';
import { auditQuerySchema } from '@/lib/accounts/audit-schemas';
import { route } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

/**
 * ?actor_id&target_type&target_id&action&from&to&page (lib/accounts/audit-schemas.ts) → 200
 * `{ entries, page, totalPages, total }`, newest first, each entry with who, when, action, target,
 * changes `{ field: { before, after } }`, client address and user agent. 400 a bad filter or from
 * after to; 401; 403 without audit.read.
 */
export const GET = route({ auth: 'admin', query: auditQuerySchema }, ({ user, query }) => listAuditLog(user, query));
