/**
 * One outbox message (/admin/outbox/{id}): its facts, the rendered HTML in a sandboxed frame as
 * tall as the e-mail (EmailFrame: srcdoc, no scripts, never put into the page itself), and the
 * plain-text body.
 */
import Link from 'next/link';
import { adminButtonClass } from '@/components/ui/button';
import type { OutboxDetail } from '@/lib/mail/admin';
import { EmailFrame } from './email-frame';
import { OutboxStatusBadge } from './outbox-badges';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

export function OutboxMessage({ message, timeZone }: { message: OutboxDetail; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return (
    <div className="space-y-6">
      <Link href="/admin/outbox" className={adminButtonClass('ghost', 'sm')}>
        ← Back to the outbox
      </Link>
      <dl className="grid gap-4 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="To">{message.recipient}</Fact>
        <Fact label="Subject">{message.subject}</Fact>
        <Fact label="Status">
          <OutboxStatusBadge status={message.status} />
        </Fact>
        <Fact label="Template">{message.template}</Fact>
        <Fact label="Attempts">{message.attempts}</Fact>
        <Fact label="Created">{when.format(message.createdAt)}</Fact>
        <Fact label="Sent">{message.sentAt ? when.format(message.sentAt) : '—'}</Fact>
        {message.status === 'pending' && message.attempts > 0 ? <Fact label="Next attempt">{when.format(message.nextAttemptAt)}</Fact> : null}
        <Fact label="Message-ID">
          <code className="text-xs">{message.messageId}</code>
        </Fact>
        {message.lastError ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <Fact label={message.status === 'cancelled' ? 'Why it was not sent' : 'Last error'}>
              <span className="text-danger">{message.lastError}</span>
            </Fact>
          </div>
        ) : null}
      </dl>
      {message.kind !== 'email' ? (
        <section aria-labelledby="outbox-call">
          <h2 id="outbox-call" className="mb-2 font-display text-lg text-ink">
            The call to the {message.recipient}
          </h2>
          <pre className="overflow-x-auto whitespace-pre-wrap rounded-card border border-line bg-surface p-4 text-sm text-ink" data-testid="outbox-text">
            {message.text}
          </pre>
        </section>
      ) : message.renderError ? (
        <p role="alert" className="rounded-card border border-danger/30 bg-danger/5 px-4 py-3 text-sm text-danger">
          This message cannot be shown: {message.renderError}
        </p>
      ) : (
        <>
          <section aria-labelledby="outbox-html">
            <h2 id="outbox-html" className="mb-2 font-display text-lg text-ink">
              E-mail as the recipient sees it
            </h2>
            <EmailFrame title="Rendered e-mail" html={message.html ?? ''} />
          </section>
          <section aria-labelledby="outbox-text">
            <h2 id="outbox-text" className="mb-2 font-display text-lg text-ink">
              Plain text
            </h2>
            <pre className="overflow-x-auto whitespace-pre-wrap rounded-card border border-line bg-surface p-4 text-sm text-ink" data-testid="outbox-text">
              {message.text}
            </pre>
          </section>
        </>
      )}
    </div>
  );
}
