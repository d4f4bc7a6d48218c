/**
 * /admin/outbox/{id} — one e-mail of the outbox (docs/mail.md): its facts, the rendered HTML in a
 * sandboxed frame and the plain text, as they are (or were) sent. An unknown id is a 404 page.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminPageHeader, ErrorBanner } from '@/components/admin/status';
import { OutboxMessage } from '@/components/mail/admin/outbox-message';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { getOutboxMessage, type OutboxDetail } from '@/lib/mail/admin';
import { AppError } from '@/lib/server/errors';
import { getShopSettings } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Outbox message' };

export default async function OutboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const admin = await requirePageAdmin(`/admin/outbox/${encodeURIComponent(id)}`, 'settings.write');
  const messageId = /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN;
  let message: OutboxDetail | null = null;
  try {
    message = await getOutboxMessage(admin, messageId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    console.error('[admin] outbox message failed', e);
  }
  const { timeZone } = await getShopSettings();
  return (
    <>
      <AdminPageHeader title={message ? message.subject : 'Outbox message'} description={message ? `To ${message.recipient}` : undefined} />
      {message ? <OutboxMessage message={message} timeZone={timeZone} /> : <ErrorBanner messages={['Failed to load this message. Please try again.']} />}
    </>
  );
}
