/**
 * /admin/audit — the record of what staff did (docs/back-office.md "Audit log"), newest first, 25
 * a page, filtered by staff member, action, target and days through the page's address
 * (?actor_id&action&target_type&target_id&from&to&page, as GET /api/audit reads them); the CSV
 * download is GET /api/audit/export with the same filter. Staff with audit.read only.
 */
import type { Metadata } from 'next';
import { AuditFilters, AuditTable } from '@/components/accounts/admin/audit-log';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { auditChoices, listAuditLog } from '@/lib/accounts/audit-log';
import { auditQuerySchema } from '@/lib/accounts/audit-schemas';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requirePageAdmin('/admin/audit', 'audit.read');
  const sp = await searchParams;
  const raw = Object.fromEntries(Object.entries(sp).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
  const parsed = auditQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : {};
  const data = await Promise.all([listAuditLog(me, query), auditChoices(me), getShopSettings()]).catch((e: unknown) => void console.error('[admin] audit log failed', e));
  return (
    <>
      <AdminPageHeader title="Audit log" description="Every change staff made, who made it and when, with the values before and after." />
      {parsed.success ? null : <ErrorBanner messages={[parsed.error.issues[0]?.message ?? 'Please check the filters.']} className="mb-4" />}
      {data ? (
        <>
          <AuditFilters filter={query} choices={data[1]} />
          <AuditTable data={data[0]} filter={query} timeZone={data[2].timeZone} />
        </>
      ) : (
        <ErrorBanner messages={['Failed to load the audit log. Please try again.']} />
      )}
    </>
  );
}
