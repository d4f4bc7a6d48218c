/**
 * The audit log of /admin/audit (server-rendered; docs/back-office.md "Audit log"): a filter form
 * that reads and writes the page's address (GET), the rows newest first with the before → after of
 * each changed field, Previous / Next as links, and the CSV download of the same filter.
 */
import Link from 'next/link';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { adminInputClass, AdminField } from '@/components/admin/field';
import { adminButtonClass } from '@/components/ui/button';
import type { AuditChoices } from '@/lib/accounts/audit-log';
import type { AuditEntryJson, AuditPageJson } from '@/lib/accounts/audit-contracts';
import type { AuditFilter } from '@/lib/accounts/audit-schemas';

/** The filter as URL search parameters (blank fields left out), with `page` when past the first. */
export function auditSearch(filter: AuditFilter, page = 1): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '' && k !== 'page') params.set(k, String(v));
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A recorded value as staff read it: empty for none, text as is, anything else as JSON. */
function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.length ? v.join(', ') : '—';
  return JSON.stringify(v);
}

function Changes({ entry }: { entry: AuditEntryJson }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1">
      {fields.map(([field, c]) => (
        <li key={field} data-testid={`audit-change-${field}`} className="break-all">
          <span className="font-medium text-ink">{field}</span>: <span className="text-muted line-through decoration-muted/60">{shown(c.before)}</span> <span aria-label="changed to">→</span> <span className="text-ink">{shown(c.after)}</span>
        </li>
      ))}
    </ul>
  );
}

function PageLink({ href, disabled, children }: { href: string; disabled: boolean; children: React.ReactNode }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={adminButtonClass('secondary', 'md', 'cursor-not-allowed opacity-50')}>
        {children}
      </span>
    );
  }
  return (
    <Link href={href} className={adminButtonClass('secondary')}>
      {children}
    </Link>
  );
}

export function AuditFilters({ filter, choices }: { filter: AuditFilter; choices: AuditChoices }) {
  return (
    <form method="get" action="/admin/audit" aria-label="Filter the audit log" className="mb-4 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4">
      <AdminField label="Staff member">
        <select name="actor_id" defaultValue={filter.actor_id ?? ''} className={adminInputClass}>
          <option value="">Anyone</option>
          {choices.actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Action">
        <select name="action" defaultValue={filter.action ?? ''} className={adminInputClass}>
          <option value="">Any action</option>
          {choices.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Target type">
        <select name="target_type" defaultValue={filter.target_type ?? ''} className={adminInputClass}>
          <option value="">Anything</option>
          {choices.targetTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </AdminField>
      <AdminField label="Target id">
        <input name="target_id" defaultValue={filter.target_id ?? ''} className={adminInputClass} />
      </AdminField>
      <AdminField label="From">
        <input type="date" name="from" defaultValue={filter.from ?? ''} className={adminInputClass} />
      </AdminField>
      <AdminField label="To">
        <input type="date" name="to" defaultValue={filter.to ?? ''} className={adminInputClass} />
      </AdminField>
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" className={adminButtonClass('primary')}>
          Filter
        </button>
        <Link href="/admin/audit" className={adminButtonClass('secondary')}>
          Clear
        </Link>
        <a href={`/api/audit/export${auditSearch(filter)}`} download className={adminButtonClass('secondary', 'md', 'ml-auto')} data-testid="audit-csv">
          Download CSV
        </a>
      </div>
    </form>
  );
}

export function AuditTable({ data, filter, timeZone }: { data: AuditPageJson; filter: AuditFilter; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return (
    <>
      <p className="mb-2 text-sm text-muted" data-testid="audit-total">
        {data.total === 1 ? '1 entry' : `${data.total.toLocaleString('en-NZ')} entries`}
      </p>
      <AdminTable label="Audit log" stacked>
        <thead>
          <tr>
            <Th>When</Th>
            <Th>Who</Th>
            <Th>Action</Th>
            <Th>Target</Th>
            <Th>Changes</Th>
          </tr>
        </thead>
        <tbody>
          {data.entries.length === 0 ? (
            <EmptyRow colSpan={5}>Nothing recorded matches these filters.</EmptyRow>
          ) : (
            data.entries.map((e) => (
              <Tr key={e.id} data-testid="audit-row" className="align-top">
                <Td data-label="When" className="align-top md:whitespace-nowrap">
                  {when.format(new Date(e.at))}
                </Td>
                <Td data-label="Who" className="align-top md:max-w-56">
                  <span className="block font-medium">{e.actor.name}</span>
                  {e.actor.email ? <span className="block break-all text-xs text-muted">{e.actor.email}</span> : null}
                  {e.client_address ? (
                    <span className="block text-xs text-muted" title={e.user_agent}>
                      from {e.client_address}
                    </span>
                  ) : null}
                </Td>
                <Td data-label="Action" className="whitespace-nowrap align-top font-mono text-xs">
                  {e.action}
                </Td>
                <Td data-label="Target" className="align-top md:max-w-64">
                  <span className="block break-words">{e.target.label || `${e.target.type} ${e.target.id}`}</span>
                  <span className="block text-xs text-muted">
                    {e.target.type} #{e.target.id}
                  </span>
                </Td>
                <Td data-label="Changes" className="align-top max-md:col-span-2 md:min-w-72">
                  <Changes entry={e} />
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </AdminTable>
      <nav aria-label="Pagination" className="flex items-center justify-center gap-3 py-4 text-sm">
        <PageLink href={`/admin/audit${auditSearch(filter, data.page - 1)}`} disabled={data.page <= 1}>
          Previous
        </PageLink>
        <span className="text-muted" data-testid="page-indicator">
          Page {data.page} of {data.totalPages}
        </span>
        <PageLink href={`/admin/audit${auditSearch(filter, data.page + 1)}`} disabled={data.page >= data.totalPages}>
          Next
        </PageLink>
      </nav>
    </>
  );
}
