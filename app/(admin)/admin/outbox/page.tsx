/**
 * /admin/outbox — every e-mail the shop wrote (docs/mail.md), newest first, 20 a page (?page=):
 * recipient, subject, template, status, attempts, when written and sent. With no SMTP_URL nothing
 * is sent and this is where the messages are read; each opens at /admin/outbox/{id}.
 */
import type { Metadata } from 'next';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { MailModeNote } from '@/components/mail/admin/outbox-badges';
import { OutboxList } from '@/components/mail/admin/outbox-list';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { listOutbox } from '@/lib/mail/admin';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Outbox' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OutboxPage({ searchParams }: { searchParams: SearchParams }) {
  const admin = await requirePageAdmin('/admin/outbox', 'settings.write');
  const sp = await searchParams;
  const page = Math.max(1, Number.parseInt(typeof sp.page === 'string' ? sp.page : '1', 10) || 1);
  const data = await Promise.all([listOutbox(admin, { page }), getShopSettings()]).catch((e: unknown) => void console.error('[admin] outbox list failed', e));
  return (
    <>
      <AdminPageHeader title="Outbox" description="The e-mails the shop writes to customers and administrators, and whether they have been sent." />
      {data ? (
        <>
          <MailModeNote mailEnabled={data[0].mailEnabled} />
          <OutboxList data={data[0]} timeZone={data[1].timeZone} />
        </>
      ) : (
        <ErrorBanner messages={['Failed to load the outbox. Please try again.']} />
      )}
    </>
  );
}
