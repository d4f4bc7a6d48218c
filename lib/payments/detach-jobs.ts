/**
 * The card gateway's calls from the outbox (docs/mail.md "The outbox"): detaching a removed saved
 * card from the shop's customer at the gateway. The job is written in the transaction that removed
 * the card (lib/accounts/saved-payment-methods.ts: removing one card, closing an account) and made
 * here, after the commit, with the outbox's own claiming, retries and giving up
 * (lib/mail/deliver.ts): a gateway that is down leaves the job pending for the next run, and after
 * the last attempt it shows as failed at /admin/outbox.
 */
import 'server-only';
import { claimDue, DELIVERY_BATCH, markDelivered, recordFailure, runAfterResponse } from '@/lib/mail/deliver';
import { getCardGateway } from './gateway';

/** What one run did: jobs claimed, cards detached, jobs to try again later, jobs given up. */
export type DetachReport = { claimed: number; detached: number; retrying: number; failed: number };

/**
 * Makes the due detach calls (at most `limit`, default DELIVERY_BATCH) through the configured card
 * gateway. Never throws for a call that fails: it is retried later (the outbox's backoff).
 * Called after the commits that record the jobs (kickDetachments) and by GET /api/cron/expire-orders.
 */
export async function deliverDetachments(opts: { limit?: number } = {}): Promise<DetachReport> {
  const report: DetachReport = { claimed: 0, detached: 0, retrying: 0, failed: 0 };
  const claimed = await claimDue('detach_payment_method', Math.max(1, Math.min(opts.limit ?? DELIVERY_BATCH, 500)));
  report.claimed = claimed.length;
  for (const job of claimed) {
    try {
      const providerId = job.payload.providerPaymentMethodId;
      if (typeof providerId !== 'string' || !providerId) throw new Error('The job names no payment method to detach.');
      const gateway = await getCardGateway();
      await gateway.detachPaymentMethod(providerId);
    } catch (e) {
      console.warn(`[payments] ${job.eventKey}: detaching at the card gateway failed; it is retried`, e instanceof Error ? e.message : e);
      if (await recordFailure(job, e)) report.failed += 1;
      else report.retrying += 1;
      continue;
    }
    await markDelivered(job);
    report.detached += 1;
  }
  return report;
}

/** Best-effort run of the due detach calls once the response has been sent (runAfterResponse); never throws. */
export function kickDetachments(): void {
  runAfterResponse('payments', () => deliverDetachments());
}
