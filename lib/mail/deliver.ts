/**
 * Delivery from the outbox (docs/architecture.md "Outbox", docs/mail.md).
 *
 * The mechanism every kind of outbox row shares — claiming, retrying, giving up, running after the
 * response — lives here: claimDue(), recordFailure(), markDelivered() and runAfterResponse(). The
 * e-mails are delivered by deliverDue(); the card gateway's calls by lib/payments/detach-jobs.ts.
 *
 * deliverDue() claims due messages in one statement (UPDATE … WHERE id IN (SELECT … FOR UPDATE
 * SKIP LOCKED)), which counts the attempt and leases the row by moving next_attempt_at LEASE_MS
 * ahead, so concurrent runs (two instances, a cron call and a post-commit kick) never take the
 * same message. Each claimed message is rendered and sent with the Message-ID of its event, then
 * marked sent; a failure records last_error and schedules the next attempt (RETRY_DELAYS_MS),
 * giving up as 'failed' after MAX_ATTEMPTS. A process that dies between sending and marking sent
 * leaves the lease to expire: the message goes again with the same Message-ID.
 *
 * kickDelivery() starts a run after each commit that wrote messages, through Next.js's after() when
 * called within a request, so the run outlives the response on a serverless host.
 *
 * With SMTP_URL unset nothing is claimed: messages stay pending, attempts 0, and administrators
 * read them at /admin/outbox.
 */
import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { after } from 'next/server';
import { db } from '@/db/client';
import { outboxMessages, users, type OutboxKind, type OutboxMessage } from '@/db/schema';
import { getShopSettings } from '@/lib/settings/queries';
import { renderMail } from './templates';
import { fromAddress, isUndeliverable, mailEnabled, messageIdFor, sendMail, UNDELIVERABLE, unsubscribeHeaders } from './transport';

/** Attempts before a message is given up as 'failed'. */
export const MAX_ATTEMPTS = 6;
/** Wait after the 1st, 2nd, … failed attempt (ms): 1 min, 5 min, 30 min, 2 h, 6 h. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** How long a claimed message is reserved for the run that claimed it (ms). */
export const LEASE_MS = 5 * 60_000;
/** Messages one run takes at most, by default. */
export const DELIVERY_BATCH = 20;

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number; cancelled: number };

/** The delay before attempt n + 1 after n failed attempts (ms). */
export const retryDelayMs = (attempts: number) => RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1];

/**
 * Claims up to `limit` due pending rows of one kind for this run (attempts + 1, leased for LEASE_MS).
 * @returns the claimed rows, as claimed (their attempts already counted).
 */
export async function claimDue(kind: OutboxKind, limit: number): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.kind, kind), sql`${outboxMessages.nextAttemptAt} <= now()`))
    .orderBy(outboxMessages.nextAttemptAt, outboxMessages.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
    .where(and(inArray(outboxMessages.id, due), eq(outboxMessages.status, 'pending')))
    .returning();
}

/** Whether a marketing message's customer withdrew consent after it was written (then it is not sent). */
async function withdrawnSince(payload: Record<string, unknown>): Promise<boolean> {
  const userId = (payload.marketing as { userId?: unknown } | undefined)?.userId;
  if (typeof userId !== 'number') return false;
  const [user] = await db.select({ at: users.marketingConsentAt }).from(users).where(eq(users.id, userId));
  return !user?.at;
}

/** This run still holds the message: pending, with the attempt count it claimed. */
const stillOurs = (m: OutboxMessage) => and(eq(outboxMessages.id, m.id), eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, m.attempts));

/**
 * Records a failed attempt of a claimed row: another one later (RETRY_DELAYS_MS), or 'failed' after
 * MAX_ATTEMPTS, with the error's message kept for the outbox to show.
 * @returns whether it gave up.
 */
export async function recordFailure(m: OutboxMessage, error: unknown): Promise<boolean> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const giveUp = m.attempts >= MAX_ATTEMPTS;
  await db
    .update(outboxMessages)
    .set(
      giveUp
        ? { status: 'failed', lastError: message }
        : { lastError: message, nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(m.attempts) / 1000})` },
    )
    .where(stillOurs(m));
  return giveUp;
}

/** Marks a claimed row delivered (status 'sent'), unless another run took it over meanwhile. */
export async function markDelivered(m: OutboxMessage): Promise<void> {
  await db.update(outboxMessages).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(stillOurs(m));
}

/** Marks a claimed row never to be delivered, with the reason. */
async function markCancelled(m: OutboxMessage, reason: string): Promise<void> {
  await db.update(outboxMessages).set({ status: 'cancelled', lastError: reason }).where(stillOurs(m));
}

/**
 * Sends the due messages of the outbox through SMTP_URL (at most `limit`, default DELIVERY_BATCH).
 * Never throws for a message that cannot be sent: it is retried later. Does nothing when SMTP_URL
 * is unset. Called by GET /api/cron/expire-orders and, best effort, after the commits that write
 * messages (kickDelivery).
 * @returns what this run claimed, sent, rescheduled and gave up.
 */
export async function deliverDue(opts: { limit?: number } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  if (!mailEnabled()) return report;
  const claimed = await claimDue('email', Math.max(1, Math.min(opts.limit ?? DELIVERY_BATCH, 500)));
  report.claimed = claimed.length;
  if (claimed.length === 0) return report;
  const { storeName, supportEmail } = await getShopSettings();
  const from = fromAddress(storeName, supportEmail);
  for (const m of claimed) {
    // A closed account's address (or any other reserved one) is never written to.
    if (isUndeliverable(m.recipient)) {
      await markCancelled(m, UNDELIVERABLE);
      report.cancelled += 1;
      continue;
    }
    if (await withdrawnSince(m.payload)) {
      // The unsubscribe takes effect at once, also for what was already written: never sent.
      await markCancelled(m, 'Not sent: the customer unsubscribed from marketing e-mail.');
      report.cancelled += 1;
      continue;
    }
    try {
      const { html, text } = await renderMail(m.template, m.payload);
      await sendMail({ from, to: m.recipient, subject: m.subject, html, text, messageId: messageIdFor(m.eventKey), headers: unsubscribeHeaders(m.payload) });
    } catch (e) {
      if (await recordFailure(m, e)) report.failed += 1;
      else report.retrying += 1;
      continue;
    }
    await markDelivered(m);
    report.sent += 1;
  }
  return report;
}

/** Delivery runs started by kickDelivery() and not finished yet (settleDelivery waits for them). */
const inFlight = new Set<Promise<unknown>>();

/** Starts one run of `deliver` that never rejects (a failure is logged under `label`) and tracks it in inFlight until it ends. */
function startRun(label: string, deliver: () => Promise<unknown>): Promise<unknown> {
  const run = deliver()
    .catch((e) => console.error(`[${label}] delivery run failed:`, e instanceof Error ? e.message : e))
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
  return run;
}

/**
 * Runs `deliver` (a delivery of outbox rows) once the response has been sent, best effort: never
 * throws, and a failure is logged under `label`. What it leaves, the next run (cron, next kick) does.
 *
 * Inside a request (route handler, server action, page) the run is handed to Next.js's after():
 * it starts once the response has been sent, and the host keeps the function alive until it ends
 * (waitUntil on Vercel) — a promise merely left running after the response would be frozen with
 * the function until its next invocation. Outside a request (the cron job's own code, scripts,
 * tests calling the services directly) after() throws; the run then starts at once. Either way
 * a started run is tracked, so settleDelivery() waits for it.
 */
export function runAfterResponse(label: string, deliver: () => Promise<unknown>): void {
  try {
    after(() => startRun(label, deliver));
  } catch {
    // No request scope to defer to (after() refuses): deliver now, as the caller's own work.
    void startRun(label, deliver);
  }
}

/**
 * Best-effort delivery of the e-mails right after a commit that wrote messages (runAfterResponse).
 * Takes nothing, returns nothing, never throws; does nothing when SMTP_URL is unset.
 */
export function kickDelivery(): void {
  if (!mailEnabled()) return;
  runAfterResponse('mail', () => deliverDue());
}

/**
 * Waits until every delivery run runAfterResponse() started has ended, including runs started while
 * waiting (tests, graceful shutdown). A run handed to after() counts from when its callback runs.
 */
export async function settleDelivery(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
