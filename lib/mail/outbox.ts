/**
 * The outbox (docs/architecture.md "Outbox"): every e-mail the shop sends is first a row of
 * outbox_messages, written in the transaction of the change that causes it, so the message exists
 * exactly when the change does. lib/mail/deliver.ts sends the rows afterwards.
 */
import 'server-only';
import { outboxMessages } from '@/db/schema';
import type { Executor } from '@/db/client';
import type { TemplateName } from './templates/names';

export type OutboxEntry = {
  /** One per event, e.g. `order-received:42`; the same key written twice is one message (and one Message-ID). */
  eventKey: string;
  /** The template that renders it (lib/mail/templates). */
  template: TemplateName;
  /** One e-mail address. */
  recipient: string;
  subject: string;
  /** What the template needs, captured now: later edits of the order or the settings do not change the message. */
  payload: Record<string, unknown>;
  /** Not to be sent before then (e.g. a review request some days after delivery); default now. */
  notBefore?: Date;
};

/**
 * Writes one message into the outbox as part of the caller's transaction
 * (INSERT … ON CONFLICT (event_key) DO NOTHING: an event already recorded is not recorded again).
 * @returns true when this call wrote it, false when the event already had its message.
 */
export async function enqueue(executor: Executor, entry: OutboxEntry): Promise<boolean> {
  const rows = await executor
    .insert(outboxMessages)
    .values({ eventKey: entry.eventKey, template: entry.template, recipient: entry.recipient, subject: entry.subject, payload: entry.payload, ...(entry.notBefore ? { nextAttemptAt: entry.notBefore } : {}) })
    .onConflictDoNothing({ target: outboxMessages.eventKey })
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}
