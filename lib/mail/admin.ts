/**
 * The administrators' view of the outbox (/admin/outbox, docs/mail.md): every message the shop
 * wrote, newest first, and one message with its rendered bodies. With no SMTP_URL this is where
 * the e-mails can be read.
 */
import 'server-only';
import { count, desc, eq, sql } from 'drizzle-orm';
import { db } from '@/db/client';
import { outboxMessages, type OutboxKind, type OutboxStatus } from '@/db/schema';
import type { SessionUser } from '@/lib/auth/guards';
import { authorize } from '@/lib/auth/permissions';
import { notFound } from '@/lib/server/errors';
import { renderMail } from './templates';
import { mailEnabled, messageIdFor } from './transport';

export const OUTBOX_PAGE_SIZE = 20;

export type OutboxRow = {
  id: number;
  eventKey: string;
  /** An e-mail, or a call to the card gateway (docs/mail.md "The outbox"). */
  kind: OutboxKind;
  template: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
  /** Written to be sent later and not tried yet (a review request waits review_request_delay_days after delivery). */
  scheduled: boolean;
};

export type OutboxPage = { messages: OutboxRow[]; page: number; totalPages: number; total: number; mailEnabled: boolean };

const columns = {
  id: outboxMessages.id,
  eventKey: outboxMessages.eventKey,
  kind: outboxMessages.kind,
  template: outboxMessages.template,
  recipient: outboxMessages.recipient,
  subject: outboxMessages.subject,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  createdAt: outboxMessages.createdAt,
  sentAt: outboxMessages.sentAt,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  scheduled: sql<boolean>`(${outboxMessages.status} = 'pending' AND ${outboxMessages.attempts} = 0 AND ${outboxMessages.nextAttemptAt} > now())`,
};

/**
 * One page of the outbox, newest first (OUTBOX_PAGE_SIZE a page; a page past the end shows the
 * last), and whether e-mail leaves the shop (SMTP_URL).
 * @throws 401 no actor; 403 not an administrator.
 */
export async function listOutbox(actor: SessionUser, opts: { page?: number } = {}): Promise<OutboxPage> {
  authorize(actor, 'settings.write');
  const [{ total }] = await db.select({ total: count() }).from(outboxMessages);
  const totalPages = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), totalPages);
  const messages = await db
    .select(columns)
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  return { messages, page, totalPages, total, mailEnabled: mailEnabled() };
}

export type OutboxDetail = OutboxRow & { messageId: string; html: string | null; text: string | null; renderError: string | null };

/**
 * One message with the HTML and plain-text bodies it is (or was) sent with, and its Message-ID.
 * A message whose template cannot be rendered is still shown, with the reason; a gateway call
 * comes with its arguments (as JSON) for text.
 * @throws 401 no actor; 403 not an administrator; 404 no such message.
 */
export async function getOutboxMessage(actor: SessionUser, id: number): Promise<OutboxDetail> {
  authorize(actor, 'settings.write');
  const [row] = Number.isSafeInteger(id) && id > 0 ? await db.select({ ...columns, payload: outboxMessages.payload }).from(outboxMessages).where(eq(outboxMessages.id, id)) : [];
  if (!row) throw notFound('Message not found.');
  const { payload, ...message } = row;
  // A gateway call has no bodies: its arguments are what there is to read.
  if (row.kind !== 'email') return { ...message, messageId: messageIdFor(row.eventKey), html: null, text: JSON.stringify(payload, null, 2), renderError: null };
  try {
    const { html, text } = await renderMail(row.template, payload);
    return { ...message, messageId: messageIdFor(row.eventKey), html, text, renderError: null };
  } catch (e) {
    return { ...message, messageId: messageIdFor(row.eventKey), html: null, text: null, renderError: e instanceof Error ? e.message : String(e) };
  }
}
