/**
 * Reading the audit log (docs/back-office.md "Audit log"; what is recorded and how:
 * docs/accounts-and-security.md "Audit log"). Staff with audit.read filter it by staff member,
 * target, action and days, page through it newest first and download it as CSV. It is here, above
 * lib/settings, because a day is a day in the shop's time zone; the writer, recordAudit, is low in
 * lib/audit so that every domain can call it.
 */
import 'server-only';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { db } from '@/db/client';
import { auditLog, type AuditRow } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { getShopSettings } from '@/lib/settings/queries';
import type { AuditEntryJson, AuditPageJson } from './audit-contracts';
import { AUDIT_PAGE_SIZE, type AuditFilter, type AuditQuery } from './audit-schemas';

/** Most rows one CSV download holds (newest first); narrow the filter for older ones. */
export const AUDIT_EXPORT_MAX = 50_000;

export const toAuditEntryJson = (r: AuditRow): AuditEntryJson => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { user_id: r.actorId, name: r.actorName, email: r.actorEmail },
  action: r.action,
  target: { type: r.targetType, id: r.targetId, label: r.targetLabel },
  changes: r.changes ?? {},
  client_address: r.clientAddress,
  user_agent: r.userAgent,
});

/** The WHERE of a filter; days are the shop's calendar days (`tz`), both ends inclusive. */
function conditions(filter: AuditFilter, tz: string): SQL | undefined {
  const where: (SQL | undefined)[] = [
    filter.actor_id ? eq(auditLog.actorId, filter.actor_id) : undefined,
    filter.target_type ? eq(auditLog.targetType, filter.target_type) : undefined,
    filter.target_id ? eq(auditLog.targetId, filter.target_id) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? sql`${auditLog.at} >= (${filter.from}::date::timestamp AT TIME ZONE ${tz}::text)` : undefined,
    filter.to ? sql`${auditLog.at} < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${tz}::text)` : undefined,
  ];
  return and(...where);
}

/**
 * GET /api/audit — one page of the audit log, newest first, AUDIT_PAGE_SIZE a page (a page past
 * the end shows the last).
 * @returns `{ entries, page, totalPages, total }`
 * @throws 401 no actor; 403 without audit.read
 */
export async function listAuditLog(actor: SessionUser, query: AuditQuery = {}): Promise<AuditPageJson> {
  authorize(actor, 'audit.read');
  const { timeZone } = await getShopSettings();
  const where = conditions(query, timeZone);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const totalPages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, totalPages);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.map(toAuditEntryJson), page, totalPages, total };
}

/** The columns of the CSV download, in order. */
export const AUDIT_CSV_COLUMNS = ['id', 'at', 'staff_id', 'staff_name', 'staff_email', 'action', 'target_type', 'target_id', 'target_label', 'field', 'before', 'after', 'client_address', 'user_agent'] as const;

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * GET /api/audit/export — the filtered rows as CSV (AUDIT_CSV_COLUMNS), newest first, at most
 * AUDIT_EXPORT_MAX rows; one line per changed field (a row without changes: one line, field
 * empty); `at` in the shop's time zone (YYYY-MM-DD HH:MM:SS); formulas escaped.
 * @returns `{ filename, csv }`
 * @throws 401 no actor; 403 without audit.read
 */
export async function auditLogCsv(actor: SessionUser, filter: AuditFilter = {}): Promise<{ filename: string; csv: string }> {
  authorize(actor, 'audit.read');
  const { timeZone } = await getShopSettings();
  const rows = await db
    .select({ row: auditLog, local: sql<string>`to_char(${auditLog.at} AT TIME ZONE ${timeZone}::text, 'YYYY-MM-DD HH24:MI:SS')` })
    .from(auditLog)
    .where(conditions(filter, timeZone))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX);
  const lines = rows.flatMap(({ row: r, local }) => {
    const head = [r.id, local, r.actorId, r.actorName, r.actorEmail, r.action, r.targetType, r.targetId, r.targetLabel];
    const tail = [r.clientAddress, r.userAgent];
    const fields = Object.entries(r.changes ?? {});
    if (fields.length === 0) return [[...head, '', '', '', ...tail]];
    return fields.map(([field, c]) => [...head, field, cell(c.before), cell(c.after), ...tail]);
  });
  const csv = stringify(lines, { header: true, columns: [...AUDIT_CSV_COLUMNS], escape_formulas: true });
  return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, csv };
}

/** What the screen's filters offer: the staff members, actions and target types the log holds. */
export type AuditChoices = { actors: { id: number; name: string }[]; actions: string[]; targetTypes: string[] };

/**
 * The filter choices of /admin/audit: every staff member (by their latest recorded name), action
 * and target type in the log.
 * @throws 401 no actor; 403 without audit.read
 */
export async function auditChoices(actor: SessionUser): Promise<AuditChoices> {
  authorize(actor, 'audit.read');
  const [actors, actions, types] = await Promise.all([
    db.selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName }).from(auditLog).orderBy(auditLog.actorId, desc(auditLog.at)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    db.selectDistinct({ type: auditLog.targetType }).from(auditLog).orderBy(auditLog.targetType),
  ]);
  return {
    actors: actors.sort((a, b) => a.name.localeCompare(b.name, 'en-NZ')),
    actions: actions.map((a) => a.action),
    targetTypes: types.map((t) => t.type),
  };
}
