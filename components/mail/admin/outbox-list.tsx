/**
 * The outbox table of /admin/outbox (server-rendered): recipient, subject, template, status,
 * attempts, when written and sent, newest first, with Previous / Next as links (?page=).
 */
import Link from 'next/link';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { adminButtonClass } from '@/components/ui/button';
import type { OutboxPage } from '@/lib/mail/admin';
import { OutboxStatusBadge } from './outbox-badges';

export const outboxHref = (page: number) => (page > 1 ? `/admin/outbox?page=${page}` : '/admin/outbox');

function PageLink({ page, disabled, children }: { page: number; disabled: boolean; children: React.ReactNode }) {
  if (disabled) {
    return (
      <span aria-disabled="true" className={adminButtonClass('secondary', 'md', 'cursor-not-allowed opacity-50')}>
        {children}
      </span>
    );
  }
  return (
    <Link href={outboxHref(page)} className={adminButtonClass('secondary')}>
      {children}
    </Link>
  );
}

export function OutboxList({ data, timeZone }: { data: OutboxPage; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <>
      <AdminTable label="Outbox messages" stacked>
        <thead>
          <tr>
            <Th>Recipient</Th>
            <Th>Subject</Th>
            <Th>Template</Th>
            <Th>Status</Th>
            <Th className="text-right">Attempts</Th>
            <Th>Created</Th>
            <Th>Sent</Th>
          </tr>
        </thead>
        <tbody>
          {data.messages.length === 0 ? (
            <EmptyRow colSpan={7}>No messages yet. Orders, payments and status changes write their e-mails here.</EmptyRow>
          ) : (
            data.messages.map((m) => (
              <Tr key={m.id} data-testid={`outbox-row-${m.id}`}>
                <Td data-label="Recipient" className="break-all">
                  {m.recipient}
                </Td>
                <Td data-label="Subject" className="max-md:col-span-2">
                  <Link href={`/admin/outbox/${m.id}`} className="font-medium text-brand hover:underline">
                    {m.subject}
                  </Link>
                  {m.lastError ? <span className="mt-0.5 block text-xs text-danger">{m.lastError}</span> : null}
                </Td>
                <Td data-label="Template" className="whitespace-nowrap text-muted">
                  {m.template}
                </Td>
                <Td data-label="Status">
                  <OutboxStatusBadge status={m.status} />
                </Td>
                <Td data-label="Attempts" className="text-right tabular-nums max-md:text-left">
                  {m.attempts}
                </Td>
                <Td data-label="Created" className="whitespace-nowrap">
                  {when.format(m.createdAt)}
                </Td>
                <Td data-label="Sent" className="whitespace-nowrap">
                  {m.sentAt ? (
                    when.format(m.sentAt)
                  ) : m.scheduled ? (
                    <span className="text-muted" data-testid="outbox-due">
                      Not before {when.format(m.nextAttemptAt)}
                    </span>
                  ) : (
                    <span className="text-muted">—</span>
                  )}
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </AdminTable>
      <nav aria-label="Pagination" className="flex items-center justify-center gap-3 py-4 text-sm">
        <PageLink page={data.page - 1} disabled={data.page <= 1}>
          Previous
        </PageLink>
        <span className="text-muted" data-testid="page-indicator">
          Page {data.page} of {data.totalPages}
        </span>
        <PageLink page={data.page + 1} disabled={data.page >= data.totalPages}>
          Next
        </PageLink>
      </nav>
    </>
  );
}
