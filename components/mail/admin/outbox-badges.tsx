/** The outbox's status badge and the line that says whether e-mail leaves the shop (docs/mail.md). */
import clsx from 'clsx';
import type { OutboxStatus } from '@/db/schema';
import { BADGE_TONES } from '@/components/orders/status-badge';

const TONE: Record<OutboxStatus, string> = { pending: BADGE_TONES.wait, sent: BADGE_TONES.good, failed: BADGE_TONES.bad, cancelled: BADGE_TONES.quiet };

const LABEL: Record<OutboxStatus, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed', cancelled: 'Not sent' };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <span className={clsx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', TONE[status])}>{LABEL[status]}</span>;
}

/** Whether messages are being sent (SMTP_URL) or kept here to be read. */
export function MailModeNote({ mailEnabled }: { mailEnabled: boolean }) {
  return (
    <p className="mb-4 rounded-card border border-line bg-surface px-4 py-3 text-sm text-muted" data-testid="mail-mode">
      {mailEnabled
        ? 'E-mail is sent through the configured mail server (SMTP_URL). Messages that fail are retried with increasing delays and marked failed after the last attempt.'
        : 'No mail server is configured (SMTP_URL), so nothing is sent: every message stays here as pending, to be read. Set SMTP_URL and the pending messages go out.'}
    </p>
  );
}
