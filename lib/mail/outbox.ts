/**
 * The outbox (docs/architecture.md "Outbox"): everything that leaves the shop — every e-mail, every
 * call to the card gateway that detaches a removed saved card — is first a row of outbox_messages,
 * written in the transaction of the change that causes it, so it exists exactly when the change
 * does. lib/mail/deliver.ts sends the e-mails afterwards, lib/payments/detach-jobs.ts makes the calls.
 */
import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { outboxMessages, type OutboxKind } from '@/db/schema';
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

/** A call to a system outside the shop, other than an e-mail. */
export type OutboxJob = {
  kind: Exclude<OutboxKind, 'email'>;
  /** One per call, e.g. `detach-payment-method:17`; written twice, it is one call. */
  eventKey: string;
  /** Who is called (e.g. `card gateway`), as the outbox lists it. */
  target: string;
  /** What the call does, as the outbox lists it (no card numbers: none are held). */
  description: string;
  /** The call's arguments. */
  payload: Record<string, unknown>;
};

/**
 * Writes one job into the outbox as part of the caller's transaction, delivered by the domain that
 * makes the call (ON CONFLICT (event_key) DO NOTHING, as enqueue).
 * @returns true when this call wrote it, false when the job was already recorded.
 */
export async function enqueueJob(executor: Executor, job: OutboxJob): Promise<boolean> {
  const rows = await executor
    .insert(outboxMessages)
    .values({ eventKey: job.eventKey, kind: job.kind, template: job.kind, recipient: job.target, subject: job.description, payload: job.payload })
    .onConflictDoNothing({ target: outboxMessages.eventKey })
    .returning({ id: outboxMessages.id });
  return rows.length === 1;
}

/**
 * Cancels, in the caller's transaction, the e-mails still waiting to be sent to `address` (any
 * case): they become 'cancelled' with `reason`, and are never sent. Messages already sent or given
 * up are history and stay as they are.
 * @returns how many were cancelled.
 */
export async function cancelPendingMail(executor: Executor, address: string, reason: string): Promise<number> {
  const rows = await executor.update(outboxMessages).set({ status: 'cancelled', lastError: reason }).where(pendingMailTo(address)).returning({ id: outboxMessages.id });
  return rows.length;
}

/**
 * SQL over outbox_messages: the e-mails still waiting to be sent to `address` (any case), found
 * through the partial index outbox_pending_recipient_idx (tests/catalog/query-plans.test.ts).
 */
export const pendingMailTo = (address: string): SQL =>
  and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.kind, 'email'), eq(sql`lower(${outboxMessages.recipient})`, address.trim().toLowerCase()))!;
